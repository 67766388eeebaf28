"""Auf Teufel komm raus (Zoch, 2013; English: *The Devil with it*): pulling coal from an oven
until you stop or turn over a devil, betting on the round's highest haul.

A position is one round in progress: each player's chips at the start of the round, who
starts, what is in the oven, and the round's action lines so far (bets, pulls, stops). The
rulebook's four phases are the bet, the pulls, settlement and pawn placement; the last two
happen at once in ``settle_round`` once every player has had their turn.

Modules:

- ``rules``: the coal set, chips and fixed numbers, the rule options (``OPTIONS``) and their
  checks, the scoring track's marks;
- ``state``: ``RoundState``, ``Player``, ``Payment`` (value types and accessors);
- ``actions``: ``Action`` lines (``Action.parse``, ``str()`` round-trips);
- ``engine``: ``verify_action`` / ``can_do`` / ``do_action`` for Phases 1 and 2;
- ``moves``: the legal actions now and each pull's chance;
- ``resolution``: pact payments, bets and bonuses (Phase 3), the pawn's space and the
  next round's pacts (Phase 4), ``settle_round``;
- ``position``: a scenario's ``position`` read into a ``RoundState`` (``POSITION_KEYS``);
- ``questions``: the game's registration (``GAME``) and its question kinds, with the glue to
  the solvers (``oracle.solve.dp.coal``, ``oracle.solve.exact.highest_haul``);
- ``session``: what a live table (``oracle play``) needs, the next round's position included.

Importing this package registers the game and its question kinds.
"""

from __future__ import annotations

from oracle.games import lazy_modules
from .actions import Action
from .engine import can_do, do_action, verify_action, verify_bet, verify_pull
from .moves import legal_actions, pull_chances
from .position import POSITION_KEYS, load_position, number_field
from .questions import GAME, HANDLERS, PLOT_NOTE, best_bet, chips_objective, status
from .resolution import (
    Settlement,
    bet_result,
    bonus_winners,
    pact_cost,
    pact_holders,
    pact_holders_owed,
    round_gain,
    settle,
    settle_round,
    space_rank,
    track_space,
)
from .rules import (
    BONUS,
    CHIP_UNIT,
    COAL_SET,
    DEVILS,
    OPTIONS,
    PACT_PAYMENT,
    SLUG,
    STANDARD_CHIPS,
    STANDARD_OVEN,
    check_rules,
    track_marks,
)
from .state import Payment, Player, RoundState

__all__ = [
    "session",
    "Action",
    "BONUS",
    "CHIP_UNIT",
    "COAL_SET",
    "DEVILS",
    "GAME",
    "HANDLERS",
    "OPTIONS",
    "PACT_PAYMENT",
    "PLOT_NOTE",
    "POSITION_KEYS",
    "Payment",
    "Player",
    "RoundState",
    "SLUG",
    "STANDARD_CHIPS",
    "STANDARD_OVEN",
    "Settlement",
    "best_bet",
    "bet_result",
    "bonus_winners",
    "can_do",
    "chips_objective",
    "check_rules",
    "do_action",
    "legal_actions",
    "load_position",
    "number_field",
    "pact_cost",
    "pact_holders",
    "pact_holders_owed",
    "pull_chances",
    "round_gain",
    "settle",
    "settle_round",
    "space_rank",
    "status",
    "track_marks",
    "track_space",
    "verify_action",
    "verify_bet",
    "verify_pull",
]


# ``session``, what a live table needs (see oracle.live), is loaded by ``oracle play`` only.
__getattr__ = lazy_modules(__name__, "session")
