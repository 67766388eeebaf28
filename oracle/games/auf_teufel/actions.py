"""Auf Teufel komm raus action lines: ``Action.parse`` reads one, ``str()`` prints it back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from oracle.errors import InvalidActionError
from oracle.text import quote

_ACTION = re.compile(
    r"^\s*(?P<name>\S(?:.*?\S)?)\s+(?:(?P<bets>bets)\s+(?P<stake>[0-9]+)|(?P<passes>passes)"
    r"|(?P<pulls>pulls)\s+(?P<piece>devil|-?[0-9]+)|(?P<stops>stops))\s*$"
)


@dataclass(frozen=True)
class Action:
    """One action line: ``Anna bets 50``, ``Anna passes``, ``Anna pulls 25``,
    ``Anna pulls devil``, ``Anna stops``. ``amount`` is the stake or the piece's value
    (a scenario's invented pieces may be worth 0 or less: ``Anna pulls -1``), ``None`` for a
    devil."""

    player: str
    verb: str  # bets | passes | pulls | stops
    amount: int | None = None

    @classmethod
    def parse(cls, text: str) -> "Action":
        m = _ACTION.match(text) if isinstance(text, str) else None
        if not m:
            raise InvalidActionError(
                f"cannot read action {quote(text)}; expected e.g. 'Anna bets 50', 'Anna passes', "
                "'Anna pulls 25', 'Anna pulls devil' or 'Anna stops'"
            )
        name = m["name"]
        if m["bets"]:
            return cls(name, "bets", int(m["stake"]))
        if m["pulls"]:
            return cls(name, "pulls", None if m["piece"] == "devil" else int(m["piece"]))
        return cls(name, "passes" if m["passes"] else "stops")

    @property
    def is_devil(self) -> bool:
        return self.verb == "pulls" and self.amount is None

    def __str__(self) -> str:
        if self.verb == "bets":
            return f"{self.player} bets {self.amount}"
        if self.verb == "pulls":
            return f"{self.player} pulls {'devil' if self.amount is None else self.amount}"
        return f"{self.player} {self.verb}"
