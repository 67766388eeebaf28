"""The 95% intervals of a simulation's figures, in plain Python.

- A share of games (a seat wins, a Boss is beaten): the Wilson score interval.
- A mean over games (the length of a game): the normal interval, mean +- 1.96 standard errors.
- A rate whose chances are many a game (devils a turn, openers who pay an opened hand): the
  ratio of the totals, with the normal interval of the delta method over games. The turns of
  one game are not independent of each other (the same chips, the same oven); the games are,
  so the game is the unit the spread is measured over.
- A difference between two variants played on the same seeds: the mean of the paired
  differences game by game (for a rate, of each game's linearised contribution), with its
  normal interval. A difference is **clear of noise** when its interval leaves out 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    """A figure and its 95% interval (``low``/``high`` None when there is too little to say:
    no games, or one game for a spread); ``method`` names how the interval was found."""

    value: float | None
    low: float | None
    high: float | None
    method: str

    @property
    def clear(self) -> bool | None:
        """For a difference: whether the interval leaves out 0 (None: no interval)."""
        if self.low is None or self.high is None:
            return None
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "low": self.low, "high": self.high, "method": self.method}


def wilson(k: int, n: int) -> Interval:
    """The share ``k/n`` with its Wilson score interval."""
    if n <= 0:
        return Interval(None, None, None, "wilson")
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return Interval(p, low, high, "wilson")


def _spread(values: Sequence[float]) -> float | None:
    """The standard error of the mean of ``values`` (None for fewer than two)."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its normal interval."""
    if not values:
        return Interval(None, None, None, "normal")
    mean = sum(values) / len(values)
    error = _spread(values)
    if error is None:
        return Interval(mean, None, None, "normal")
    return Interval(mean, mean - Z95 * error, mean + Z95 * error, "normal")


def _linearised(times: Sequence[int], chances: Sequence[int]) -> tuple[float, list[float]] | None:
    """The ratio of totals and each game's contribution to its error (delta method)."""
    total = sum(chances)
    if total == 0:
        return None
    ratio = sum(times) / total
    per_game = total / len(chances)
    return ratio, [(t - ratio * c) / per_game for t, c in zip(times, chances)]


def rate_interval(times: Sequence[int], chances: Sequence[int]) -> Interval:
    """How often a rule fires out of its chances, over games: Wilson when no game has more
    than one chance (a share of games), else the ratio with its delta-method interval."""
    if all(c <= 1 for c in chances) or sum(times) in (0, sum(chances)):
        # a share of games; or a rate that never (always) fired, whose spread over games is
        # nil: Wilson's interval on the totals still says how far from 0 (1) it may be
        return wilson(sum(times), sum(chances))
    found = _linearised(times, chances)
    if found is None:
        return Interval(None, None, None, "delta")
    ratio, parts = found
    error = _spread(parts)
    if error is None:
        return Interval(ratio, None, None, "delta")
    return Interval(ratio, max(0.0, ratio - Z95 * error), min(1.0, ratio + Z95 * error), "delta")


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Interval:
    """The mean of ``first[i] - second[i]`` (the same game under two variants)."""
    found = mean_interval([a - b for a, b in zip(first, second)])
    return Interval(found.value, found.low, found.high, "paired")


def paired_rate_difference(first: tuple[Sequence[int], Sequence[int]],
                           second: tuple[Sequence[int], Sequence[int]]) -> Interval:
    """The difference of two rates, each ``(times, chances)`` game by game, on the same games."""
    a, b = _linearised(*first), _linearised(*second)
    if a is None or b is None:
        return Interval(None, None, None, "paired")
    value = a[0] - b[0]
    error = _spread([x - y for x, y in zip(a[1], b[1])])
    if error is None:
        return Interval(value, None, None, "paired")
    return Interval(value, value - Z95 * error, value + Z95 * error, "paired")
