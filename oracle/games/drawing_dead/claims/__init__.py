"""Drawing Dead's cheapest claim: the fewest chips bet, and which stash cards to play, to
take the Button this turn, against every stop the opponents may play.

Modules:

- ``finish``: ``Finisher``, the poker-only finish (the fewest stash cards that beat the
  holder), memoised on card sets.
- ``search``: ``StepSearch``, the minimax over the player's action step on small order-free
  nodes (card sets, counts of role kinds and of stop cards, the opponents' stops pooled):
  "can the player finish with at most t poker cards whatever the opponents answer?".
- ``solver``: ``ClaimSolver``, the game's ``State`` mapped onto the search and the principal
  line walked through the engine itself, so the plan is the engine's own lines; and
  ``cheapest_claim``, the answer.

How it stays exact and fast is told in docs/games/drawing-dead.md.
"""

from .finish import Finisher, SearchStopped
from .search import MEMO_LIMIT, StepSearch
from .solver import CLAIM_SECONDS, ClaimSolver, cheapest_claim

__all__ = ["CLAIM_SECONDS", "ClaimSolver", "Finisher", "MEMO_LIMIT", "SearchStopped", "StepSearch",
           "cheapest_claim"]
