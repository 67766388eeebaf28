"""``DiabloGame``: the table with each concern of the rules mixed in."""

from __future__ import annotations

from typing import Sequence

from ..moves import LegalMoves
from ..resolution import Resolution
from ..rules import DiabloRules
from .chance import ChanceChecks
from .checks import Checks
from .play import Play


class DiabloGame(Play, Checks, ChanceChecks, Resolution, LegalMoves):
    """The table between two actions: ``new`` deals the first hand, ``do`` plays a line."""

    @classmethod
    def new(cls, *, names: Sequence[str], chips: Sequence[int], dealer: int = 0,
            rules: DiabloRules | None = None, pot: int = 0, diablo: bool = False,
            called_by: int | None = None) -> "DiabloGame":
        """A table about to deal: antes are taken at once (none while a Diablo pot runs)."""
        game = cls(rules=rules or DiabloRules(), names=tuple(names), chips=list(chips),
                   dealer=dealer, carried=pot, diablo=diablo and pot > 0,
                   called_by=dealer if called_by is None else called_by)
        game._start_hand()
        return game
