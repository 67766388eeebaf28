"""Diablo: five-card draw with deuces wild, where the opener must win the pot.

The whole game as a state machine: antes, the first betting round and its opener, the draw
of 0-2 cards, the second round begun by the opener, the showdown with side pots and shared
pots, and the Diablo rule ("If anyone else wins - including when the opener folds - the
opener must pay a new pot equal to the pot just won"), hand after hand until the table stops.
Every rule reading is written up in the Diablo page of the docs.

Modules:

- ``rules``: the rule options (``OPTIONS``, ``DiabloRules``), the fixed numbers (seats, hand
  size, start chips, the Jacks-or-better line), what a hand is worth, plain or declared.
- ``state``: the table's values (``TableState``) and the records of a hand's end
  (``HandResult``, ``PotShare``); accessors and the table's report, no rule playing.
- ``actions``: the ``Action`` line, parsed and printed back the same.
- ``engine``: every action as verify / can / do, and the flow of a hand: ``checks`` (a
  player's actions), ``chance`` (cards dealt, received, shown), ``play`` (the do face) and
  ``game`` (``DiabloGame``, the table with each concern mixed in).
- ``moves``: the legal actions of the player to act, as lines and as ranges.
- ``resolution``: how a hand ends and is paid: cards thrown in, last player standing, the
  showdown and its pots, the Diablo rule's liability, the end of the game.
- ``position``: a scenario's ``position:`` read into a ``DiabloGame``, every bad field named.
- ``questions``: the game's registration and question kinds; the glue from the table to the
  draw solver (``oracle.solve.exact.draw``) for ``best-swap``.
- ``session``: what a live table (``oracle play``) needs: a fresh table from its options, the
  status line, the moves with the reasons for those left out, the cards a chance line may name.

Importing this package registers the game and its question kinds.
"""

from oracle.games import lazy_modules
from .actions import CHANCE_VERBS, PLAYER_VERBS, STOP_LINE, TABLE, Action
from .engine import DiabloGame
from .position import POSITION_KEYS, load_position, number_field
from .rules import (
    DECLARABLE,
    DEFAULT_CHIPS,
    HAND_SIZE,
    JACKS_OR_BETTER,
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    DiabloRules,
    declared_strength,
    hand_strength,
)
from .state import HandResult, PotShare, TableState
from .questions import GAME  # registers the game and its question kinds

__all__ = [
    "session",
    "Action",
    "CHANCE_VERBS",
    "DECLARABLE",
    "DEFAULT_CHIPS",
    "DiabloGame",
    "DiabloRules",
    "GAME",
    "HAND_SIZE",
    "HandResult",
    "JACKS_OR_BETTER",
    "MAX_SEATS",
    "MIN_SEATS",
    "OPTIONS",
    "PLAYER_VERBS",
    "POSITION_KEYS",
    "PotShare",
    "STOP_LINE",
    "TABLE",
    "TableState",
    "declared_strength",
    "hand_strength",
    "load_position",
    "number_field",
]


# ``session``, what a live table needs (see oracle.live), is loaded by ``oracle play`` only.
__getattr__ = lazy_modules(__name__, "session")
