"""Auf Teufel komm raus: the game's registration and its question kinds (params and answer
keys are documented in docs/games/auf-teufel-komm-raus.md).

- ``table``: ``game-status``, ``legal-moves``, ``apply``, ``settle-round``;
- ``solvers``: ``draw-or-stop``, ``stop-policy``, ``bet-advice``, and the glue that turns a
  round into the coal solver's plain input.
"""

from __future__ import annotations

from oracle.registry import GameInfo, register_game

from ..position import ENTRY_KEYS, POSITION_KEYS, load_position, number_field
from ..rules import OPTIONS, SLUG
from .solvers import PLOT_NOTE, best_bet, bet_advice, chips_objective, draw_or_stop, stop_policy
from .table import apply_actions, game_status, legal_moves, settle_round_question, status

GAME = register_game(
    GameInfo(
        slug=SLUG,
        title="Auf Teufel komm raus",
        rulebook="auf-teufel-komm-raus.txt",
        ruleset="standard",
        options=OPTIONS,
        position_keys=POSITION_KEYS,
        load_position=load_position,
        number_field=number_field,
        entry_keys=ENTRY_KEYS,
    )
)

# The same handlers by kind, for code that wants this game alone without loading the others.
HANDLERS = {
    "game-status": game_status,
    "legal-moves": legal_moves,
    "apply": apply_actions,
    "settle-round": settle_round_question,
    "draw-or-stop": draw_or_stop,
    "stop-policy": stop_policy,
    "bet-advice": bet_advice,
}

__all__ = ["GAME", "HANDLERS", "PLOT_NOTE", "best_bet", "chips_objective", "status"]
