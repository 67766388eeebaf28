"""Hell of a Deal's question kinds and the game's registration.

    table       ``GAME`` (the registration) and the engine's kinds: showdown, best-hand,
                legal-moves, apply, game-status
    solvers     the solver kinds: odds, temptation-assignment, team-swap, toll-payment,
                offering-choice
    problems    the glue from a table state to the odds solver's plain problem
    settlement  what a plan does to the whole settlement (game lost, Souls, Temptation,
                Curses) and the order plans are compared in (``objective``)
    plans       tolls, swaps and Offerings weighed on the table with those odds

Importing this package registers the game and every kind.
"""

from __future__ import annotations

from . import solvers
from .problems import boss_hand, check_supported, odds_problem, seat_of, single_seat, souls_if_won
from .table import (
    GAME,
    apply_question,
    best_hand_question,
    game_status_question,
    legal_moves_question,
    player_summary,
    showdown_question,
    state_summary,
)

__all__ = [
    "GAME", "solvers", "player_summary", "state_summary", "showdown_question", "best_hand_question",
    "legal_moves_question", "apply_question", "game_status_question",
    "odds_problem", "seat_of", "boss_hand", "check_supported", "single_seat", "souls_if_won",
]
