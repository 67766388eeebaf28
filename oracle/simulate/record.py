"""What one simulated game leaves behind (``GameResult``) and what a game's figures are made
of: its measures (numbers a game has, such as its length) and its events (how often a rule
fired, out of how many chances it had).

Every result is plain data, so it travels from a Dask worker as it is and becomes one row of
the Parquet table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Measure:
    """A number every game has: ``name`` (a column), ``text`` (what it is, for a person) and
    ``unit`` (what it counts)."""

    name: str
    text: str
    unit: str = ""


@dataclass(frozen=True)
class Event:
    """How often a rule fires: ``name`` counts the times, out of the chances it had, each a
    ``per`` ("hand", "turn", "game"). An event with at most one chance a game is a share of
    games."""

    name: str
    text: str
    per: str


@dataclass
class GameResult:
    """One game: who won (seat names; several when they tie, none when the game was cut off
    before its end), its measures, and each event as ``(times, chances)``. ``parts`` holds,
    when asked for, the game as scenario parts: each a start position and the action lines
    played from it (one part a round for Auf Teufel komm raus, one for the others); ``track`` the
values of the game's series over time (``oracle.simulate.tracks``)."""

    index: int
    seed: int
    finished: bool
    winners: tuple[str, ...]
    measures: dict[str, float]
    events: dict[str, tuple[int, int]]
    facts: dict[str, Any] = field(default_factory=dict)
    parts: list[tuple[dict[str, Any], list[str]]] | None = None
    # The game's series (``tracks``) at its start and after each step: one row a step.
    track: list[list[float]] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameResult":
        """A result read back from ``to_json`` (a kept batch of a run taken up again)."""
        return cls(index=data["index"], seed=data["seed"], finished=data["finished"], winners=tuple(data["winners"]),
                   measures=dict(data["measures"]), events={k: tuple(v) for k, v in data["events"].items()},
                   facts=dict(data["facts"]), track=[list(row) for row in data["track"]])

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "finished": self.finished, "winners": list(self.winners),
                "measures": dict(self.measures), "events": {k: list(v) for k, v in self.events.items()},
                "facts": dict(self.facts), "track": [list(row) for row in self.track]}


class Counter:
    """Event counts of a game as it is played: ``chance(name)`` when the rule could fire,
    ``fire(name)`` when it does."""

    def __init__(self, events: tuple[Event, ...]) -> None:
        self.times = {e.name: 0 for e in events}
        self.chances = {e.name: 0 for e in events}

    def chance(self, name: str, fired: bool = False, count: int = 1) -> None:
        self.chances[name] += count
        if fired:
            self.times[name] += count

    def fire(self, name: str, count: int = 1) -> None:
        self.times[name] += count

    def result(self) -> dict[str, tuple[int, int]]:
        return {name: (self.times[name], self.chances[name]) for name in self.times}
