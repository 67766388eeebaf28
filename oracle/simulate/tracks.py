"""What a game's stakes do over time: each game records, after every step (a hand, a round),
the value of each of its series (a seat's chips; the team's Souls and Temptation), and the
figures give each series' mean at each step over the games, with its 95% interval.

A game that ended (or was cut off) before a step keeps its last values there: a seat's
chips after the game are what it ended with. So the mean at a step late in the games is
mostly made of finished games; ``running`` says how many were still being played. The
interval is the normal interval of the mean, kept within the lowest and highest value the
games had at that step (a count of Souls has no interval below 0)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from oracle.simulate.stats import mean_interval

# Steps shown at most (spread evenly from the start to the longest game, the last included).
MOST_STEPS = 41


@dataclass(frozen=True)
class Track:
    """``name`` (the JSON key), ``text`` (what is followed, for a person), ``per`` (the step),
    and ``series(setup)``: the series' labels, in the order a game records their values."""

    name: str
    text: str
    per: str
    series: Callable[[Any], list[str]]


def by_seat(setup: Any) -> list[str]:
    return list(setup.names)


def steps_shown(longest: int) -> list[int]:
    """At most ``MOST_STEPS`` steps from 0 to ``longest``, evenly spread, both ends included."""
    if longest + 1 <= MOST_STEPS:
        return list(range(longest + 1))
    return sorted({round(i * longest / (MOST_STEPS - 1)) for i in range(MOST_STEPS)})


def track_figures(track: Track, setup: Any, results: Sequence[Any]) -> dict[str, Any]:
    """The track's JSON: each series' mean at each step shown, with its interval."""
    rows = [r.track for r in results if r.track]
    longest = max((len(t) - 1 for t in rows), default=0)
    steps = steps_shown(longest)
    series = []
    for k, label in enumerate(track.series(setup)):
        points = []
        for step in steps:
            values = [t[min(step, len(t) - 1)][k] for t in rows]
            found = mean_interval(values).to_json()
            if found["low"] is not None:  # the normal interval, kept within what a game can hold
                found["low"], found["high"] = max(found["low"], min(values)), min(found["high"], max(values))
            points.append({"step": step, "running": sum(1 for t in rows if len(t) - 1 >= step)} | found)
        series.append({"label": label, "points": points})
    return {"name": track.name, "text": track.text, "per": track.per, "games": len(rows), "series": series}
