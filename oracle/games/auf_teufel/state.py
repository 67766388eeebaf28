"""Auf Teufel komm raus: the table's value types. A ``RoundState`` is one round in progress:
each player's chips, who starts, what is in the oven, the bets, hauls and payments so far.
Its accessors say whose turn and which phase it is; playing a rule is the engine's."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from oracle.errors import IllegalActionError
from oracle.solve.dp.coal import Oven

from .actions import Action


@dataclass(frozen=True)
class Payment:
    payer: str  # a player's name or "bank"
    payee: str
    amount: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


@dataclass
class Player:
    name: str
    chips: int  # everything the player owns, the stake on the table included
    pact: bool = False
    stake: int | None = None  # None: not yet bet; 0: passed
    haul: int = 0
    pieces: int = 0
    pulled: list[int] = field(default_factory=list)  # this turn's numbered pieces
    devil: bool = False
    done: bool = False


@dataclass
class RoundState:
    players: list[Player]
    start: int
    oven: Oven
    coal_set: Oven  # every piece of the game, for the reshuffle
    bank: int
    round_no: int
    rules: Mapping[str, Any]
    round_start_chips: list[int]
    turn: int = 0  # index into turn_order() of the current puller
    payments: list[Payment] = field(default_factory=list)
    history: list[Action] = field(default_factory=list)

    def turn_order(self) -> list[int]:
        """The start player, then around the table to the left (the list order)."""
        n = len(self.players)
        return [(self.start + k) % n for k in range(n)]

    @property
    def phase(self) -> str:
        if any(p.stake is None for p in self.players):
            return "bet"
        if self.turn < len(self.players):
            return "pull"
        return "settle"

    def current(self) -> Player | None:
        return self.players[self.turn_order()[self.turn]] if self.phase == "pull" else None

    def index_of(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name.lower() == name.lower():
                return i
        raise IllegalActionError(f"no player named {name!r} at this table")

    def highest_haul(self) -> int:
        return max((p.haul for p in self.players), default=0)

    def turn_start_oven(self) -> Oven:
        """The oven as it was when the current turn began."""
        player = self.current()
        oven = self.oven
        for value in player.pulled if player else []:
            i = oven.values.index(value)
            counts = list(oven.counts)
            counts[i] += 1
            oven = oven.with_counts(tuple(counts))
        return oven

    def copy(self) -> "RoundState":
        return copy.deepcopy(self)
