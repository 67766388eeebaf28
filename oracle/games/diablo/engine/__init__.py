"""Diablo's rules in play: every player action as verify / can / do, and the flow of a hand
from the antes through the first betting round, the draw and the second round to the
showdown, hand after hand until the table stops.

``verify(action)`` raises ``IllegalActionError`` with the reason, ``can(action)`` answers yes
or no, ``do(action)`` verifies, applies and returns the line applied. Cards not given in a
scenario stay unknown (``None``); chance lines bring them to light.

- ``checks``: the verify and can faces of a player's action (``Checks``);
- ``chance``: the checks of the chance lines, dealt, received, shown (``ChanceChecks``);
- ``play``: the do face and the flow of a hand (``Play``);
- ``game``: ``DiabloGame``, the ``TableState`` with these, ``Resolution`` and ``LegalMoves``.
"""

from .chance import ChanceChecks
from .checks import Checks
from .game import DiabloGame
from .play import Play

__all__ = ["ChanceChecks", "Checks", "DiabloGame", "Play"]
