"""A question's time budget: how long it may take, counted from when it was asked.

The clock starts before a question's handler runs, so the budget covers importing a solver,
building its model, solving and explaining. A solver given a ``Budget`` either finishes within
it or stops and says so in its answer (``status: unknown`` or ``exact: false``, with the bound
reached); it never runs on unbounded. Every time limit a user gives is a finite, positive
number of seconds.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from oracle.errors import FieldError
from oracle.text import quote

# No time limit may exceed a day: a longer one is a typo, and solvers pass it on to libraries
# (CP-SAT, Z3) that take it as a number of seconds or milliseconds.
LONGEST = 86_400.0


def read_seconds(value: object, path: tuple[str | int, ...] = ("time_limit",)) -> float:
    """A time limit as given by a user: a finite number of seconds above zero, at most a day.
    NaN, infinity, zero, negatives, true/false and text are refused with the field named."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FieldError(path, f"must be a number of seconds, not {quote(value)}")
    seconds = float(value)
    if not math.isfinite(seconds):
        raise FieldError(path, f"must be a finite number of seconds, not {quote(value)}")
    if seconds <= 0 or seconds > LONGEST:
        raise FieldError(path, f"must be more than 0 and at most {LONGEST:g} seconds, not {quote(value)}")
    return seconds


@dataclass(frozen=True)
class Budget:
    """``seconds`` from ``started`` (``time.monotonic()``); ``seconds=None`` is no bound."""

    seconds: float | None = None
    started: float = field(default_factory=time.monotonic)

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or None without a bound."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed())

    def expired(self) -> bool:
        return self.seconds is not None and self.elapsed() >= self.seconds

    def left(self, cap: float) -> float:
        """Seconds a library call may take: what is left, at most ``cap``, at least a token
        amount, so that a solver told "0 s" still returns its status instead of refusing."""
        remaining = self.remaining()
        return max(0.001, cap if remaining is None else min(cap, remaining))

    def to_json(self) -> dict[str, float | None]:
        return {"time_limit": self.seconds, "elapsed": round(self.elapsed(), 3)}
