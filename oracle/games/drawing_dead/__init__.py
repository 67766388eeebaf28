"""Drawing Dead (2017): build the best hand from upcards to take and hold the Button.

Each turn a player draws 2 poker cards and 1 role card into a hidden STASH, then plays
cards from it: role cards for free, poker cards as UPCARDS for a 1-chip bet each (free with
no chips). A player whose upcards make a strictly better hand than the BUTTON holder's may
claim the Button; whoever starts a turn holding it wins the hand and the pot. Hands are
upcards only, ranked by ``oracle.eval.DRAWING_DEAD`` (the Joker wild, partial hands
ranked, best five of more). The oracle sees every stash and both decks' order: it answers
for a table where everything is known. Rulebook readings are in docs/games/drawing-dead.md.

Modules:

- ``rules``: the declared numbers, the rule options (``OPTIONS``), how upcards rank, and the
  role cards as data (``Role``, ``RoleTable``, ``DEFAULT_ROLES``, ``role_texts``).
- ``state``: ``Player``, ``ChainEntry`` and ``State``, the table's values with its decks and bank.
- ``actions``: ``Action`` and ``RoleChoice``, action lines whose text round-trips.
- ``engine``: verify / can / do (``TurnEngine``), the steps of a turn and the role effects.
- ``moves``: who is to act, the legal actions now, and the reason for each action of the
  phase left out (``LegalMoves``).
- ``resolution``: winning the hand and the game (``HandResolution``, ``game_winner``).
- ``position``: dealing a new game and reading a scenario's position; ``POSITION_KEYS``.
- ``claims``: the cheapest-claim search (a subpackage: the poker finish, the search over the
  action step, and the solver that walks the engine and answers).
- ``questions``: the game's registration (``GAME``), its question kinds, and the clean-up
  ranking (``cleanup_choices``).
- ``session``: what a live table (``oracle play``) needs: a fresh game from its options, the
  status line, the moves with the reasons for those left out.

Importing the package registers the game and its question kinds.
"""

from oracle.games import lazy_modules
from .actions import Action, RoleChoice
from .claims import cheapest_claim
from .engine import role_choices
from .position import POSITION_KEYS, load_position, number_field, new_game
from .questions import GAME, cleanup_choices, summary
from .resolution import game_winner
from .rules import (
    DEFAULT_ROLES, OPTIONS, ROLE_TEXT_KEYS, STASH_LIMIT, UPCARD_LIMIT, Role, RoleTable, hand_json,
    hand_strength, load_role_table,
)
from .state import ChainEntry, Player, State

__all__ = [
    "session",
    "Action", "ChainEntry", "DEFAULT_ROLES", "GAME", "OPTIONS", "POSITION_KEYS", "Player",
    "ROLE_TEXT_KEYS", "Role", "RoleChoice", "RoleTable", "STASH_LIMIT", "State", "UPCARD_LIMIT",
    "cheapest_claim", "cleanup_choices", "game_winner", "hand_json", "hand_strength",
    "load_position", "number_field", "load_role_table", "new_game", "role_choices", "summary",
]


# ``session``, what a live table needs (see oracle.live), is loaded by ``oracle play`` only.
__getattr__ = lazy_modules(__name__, "session")
