"""The exact coal-stop solver for Auf Teufel komm raus, over plain ovens.

A turn is an optimal-stopping problem. Inside one turn the devil count never changes (a devil
ends the turn), so the state is the count of each numbered value still in the oven; the haul
and the number of pieces pulled follow from what has left the oven since the turn began. With
``V(c)`` the value of standing before the oven ``c`` with the choice still open,

    V(c)    = max(stop(haul(c), pieces(c)), draw(c))
    draw(c) = ( sum_v c_v * V(c - e_v)  +  d * devil_value ) / (sum_v c_v + d)

and a turn starts with ``draw(c0)`` because the rulebook makes the first piece compulsory
("the player whose turn it is turns over one coal piece"), or with ``V(c0)`` when the first
draw is optional (``must_draw_first=False``). Ties go to stopping. Piece values are any whole
numbers, negative or zero too, and there need be no devils: the red-and-black card game
(26 x +1, 26 x -1, no devils, stopping allowed before the first card) runs through the same
code. Only the one-step rule (``one_step_rule_draws``) needs values of 0 or more to be
optimal.

The distribution of a whole round's highest haul, turn by turn under turn policies, is
``oracle.solve.exact.highest_haul``.

The game's rules (its coal set, what a haul is worth in chips) stay in the game's package;
this module takes an oven as piece values and counts and an objective as functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Iterable, Mapping

if TYPE_CHECKING:
    from oracle.budget import Budget

Counts = tuple[int, ...]
StopValue = Callable[[int, int], float]  # (haul, pieces) -> value of stopping there


@dataclass(frozen=True)
class Oven:
    """Pieces in the oven: ``counts[i]`` pieces of value ``values[i]`` and ``devils`` devils.

    ``values`` are distinct and in descending order; a value whose count is 0 may stay listed,
    so that ovens drawn from one another share a layout."""

    values: tuple[int, ...]
    counts: Counts
    devils: int

    @classmethod
    def of(cls, numbered: Mapping[int, int] | Iterable[tuple[int, int]], devils: int) -> "Oven":
        pairs = dict(numbered.items() if isinstance(numbered, Mapping) else numbered)
        values = tuple(sorted(pairs, reverse=True))
        return cls(values, tuple(pairs[v] for v in values), devils)

    @property
    def numbered(self) -> int:
        return sum(self.counts)

    @property
    def pieces(self) -> int:
        return sum(self.counts) + self.devils

    @property
    def value(self) -> int:
        return sum(v * c for v, c in zip(self.values, self.counts))

    @property
    def positive_value(self) -> int:
        """The most a haul can still grow: the pieces worth more than 0."""
        return sum(v * c for v, c in zip(self.values, self.counts) if v > 0)

    @property
    def nonnegative(self) -> bool:
        """Whether no piece left is worth less than 0 (the one-step rule is then optimal)."""
        return all(v >= 0 for v, c in zip(self.values, self.counts) if c)

    def count(self, value: int) -> int:
        return self.counts[self.values.index(value)] if value in self.values else 0

    def with_counts(self, counts: Counts, devils: int | None = None) -> "Oven":
        return Oven(self.values, tuple(counts), self.devils if devils is None else devils)

    def without(self, value: int | None) -> "Oven":
        """The oven after one piece leaves it; ``None`` is a devil."""
        if value is None:
            return Oven(self.values, self.counts, self.devils - 1)
        i = self.values.index(value)
        counts = list(self.counts)
        counts[i] -= 1
        return Oven(self.values, tuple(counts), self.devils)

    def as_dict(self) -> dict[str, int]:
        out = {str(v): c for v, c in zip(self.values, self.counts) if c}
        out["devils"] = self.devils
        return out

    def __str__(self) -> str:
        parts = [f"{c}x{v}" for v, c in zip(self.values, self.counts) if c]
        return ", ".join(parts + [f"{self.devils} devils"])


class OutOfTime(Exception):
    """The question's time budget ran out before the solver finished; nothing partial is
    returned from the turn's dynamic program, since no value is known until it is done."""


def check_time(budget: "Budget | None", done: int, every: int) -> None:
    """Raise ``OutOfTime`` if ``budget`` has expired; looked at once every ``every`` steps."""
    if budget is not None and done % every == 0 and budget.expired():
        raise OutOfTime


# Rounding: a value computed in floating point is off by at most about the machine epsilon
# times the sum of the magnitudes that went into it (its ``scale``), times the depth of the
# sums. Two values closer than ROUNDING times their scales are equal on paper as far as a
# float can tell, and a tie goes to stopping. The tolerance is relative: a chance of 7.3e-10
# is a chance, not zero (issue 12, point 5), and a draw worth a billion is not a tie with a
# stop worth a billion minus one.
ROUNDING = 1e-12


def stop_is_at_least(draw: float, stop: float, draw_scale: float) -> bool:
    """Whether stopping is worth at least as much as drawing (ties go to stopping).
    ``Fraction``s compare exactly; floats within ``ROUNDING`` of ``draw_scale + |stop|``
    count as equal."""
    if isinstance(draw, Fraction):
        return draw <= stop
    return draw - stop <= ROUNDING * (draw_scale + abs(stop))


@dataclass
class TurnSolution:
    """The solved turn: the optimal value at every in-turn state reachable from ``oven``.
    ``scales`` holds, per state, the sum of the magnitudes its value was computed from (what
    its rounding error is relative to)."""

    oven: Oven
    stop_value: StopValue
    devil_value: float
    values: dict[Counts, float]
    start_value: float  # value of the turn before its first (or, if allowed, no) draw
    stops: dict[Counts, bool] = field(default_factory=dict)  # the optimal choice per state
    scales: dict[Counts, float] = field(default_factory=dict)

    def haul(self, counts: Counts) -> int:
        return sum(v * (a - b) for v, a, b in zip(self.oven.values, self.oven.counts, counts))

    def pieces(self, counts: Counts) -> int:
        return sum(self.oven.counts) - sum(counts)

    def _draw(self, counts: Counts) -> tuple[float, float] | None:
        """(value, scale) of drawing once more at ``counts``; ``None`` if the oven is empty."""
        n = sum(counts) + self.oven.devils
        if n == 0:
            return None
        total = self.devil_value * self.oven.devils
        scale = abs(total)
        for i, c in enumerate(counts):
            if c:
                child = counts[:i] + (c - 1,) + counts[i + 1 :]
                total += c * self.values[child]
                scale += c * self.scales.get(child, abs(self.values[child]))
        return total / n, scale / n

    def draw_value(self, counts: Counts) -> float | None:
        """Expected value of drawing once more at ``counts``, then playing on optimally;
        ``None`` if the oven is empty."""
        drawn = self._draw(counts)
        return None if drawn is None else drawn[0]

    def stop_here(self, counts: Counts) -> float:
        return self.stop_value(self.haul(counts), self.pieces(counts))

    def should_stop(self, counts: Counts) -> bool:
        if counts in self.stops:
            return self.stops[counts]
        drawn = self._draw(counts)
        return drawn is None or stop_is_at_least(drawn[0], self.stop_here(counts), drawn[1])


def solve_turn(
    oven: Oven,
    stop_value: StopValue,
    devil_value: float = 0.0,
    *,
    must_draw_first: bool = True,
    exact: bool = False,
    budget: "Budget | None" = None,
) -> TurnSolution:
    """Solve one turn from ``oven`` exactly. ``exact`` computes in ``Fraction``s (slow; for
    tests on small ovens). Raises ``OutOfTime`` when ``budget`` runs out first (the number
    of states is the product of (count + 1) over the piece values, so an invented oven can
    be far larger than the game's 96,000)."""
    values = oven.values
    devils = oven.devils
    start_counts = oven.counts
    start_n = sum(start_counts)
    start_value = sum(v * c for v, c in zip(values, start_counts))
    if exact:
        devil_value = Fraction(devil_value)
    devil_term = devil_value * devils
    devil_scale = abs(devil_term)
    memo: dict[Counts, float] = {}
    scales: dict[Counts, float] = {}
    stops: dict[Counts, bool] = {}
    indices = range(len(values))

    def solve(counts: Counts, n_left: int, value_left: int) -> float:
        known = memo.get(counts)
        if known is not None:
            return known
        check_time(budget, len(memo), 256)
        stop = stop_value(start_value - value_left, start_n - n_left)
        if exact:
            stop = Fraction(stop)
        n = n_left + devils
        if n == 0:
            memo[counts], scales[counts], stops[counts] = stop, abs(stop), True
            return stop
        total, scale = devil_term, devil_scale
        for i in indices:
            c = counts[i]
            if c:
                child = counts[:i] + (c - 1,) + counts[i + 1 :]
                total += c * solve(child, n_left - 1, value_left - values[i])
                scale += c * scales[child]
        draw, draw_scale = total / n, scale / n
        stopping = stops[counts] = stop_is_at_least(draw, stop, draw_scale)
        memo[counts] = stop if stopping else draw
        scales[counts] = abs(stop) if stopping else draw_scale
        return memo[counts]

    solve(start_counts, start_n, start_value)
    solution = TurnSolution(oven, stop_value, devil_value, memo, 0.0, stops, scales)
    first_draw = solution.draw_value(start_counts)
    if first_draw is None:  # an empty oven: nothing to turn over, the haul stays 0
        solution.start_value = memo[start_counts]
    elif must_draw_first:
        solution.start_value = first_draw
    else:
        solution.start_value = memo[start_counts]
    return solution


# ---- objectives -------------------------------------------------------------------------


def haul_objective(haul: int, pieces: int) -> float:
    """Objective (a): the haul itself."""
    return haul


def target_objective(target: int) -> StopValue:
    """Objective (b): 1 if the haul reaches ``target``, else 0."""

    def reached(haul: int, pieces: int) -> float:
        return 1.0 if haul >= target else 0.0

    return reached


def one_step_rule_draws(oven: Oven, haul: int) -> bool:
    """The one-step rule for objective (a): draw exactly when the numbered pieces left are
    worth more than the devils left times the haul. With piece values of 0 or more it is
    optimal because the problem is monotone: once stopping beats one more draw, it keeps
    doing so as the haul grows and the oven's value shrinks. With negative values it is only
    the myopic rule (the red-and-black card game draws on at a haul of 0 when it pays)."""
    return oven.value > oven.devils * haul


def one_step_threshold(oven_at_turn_start: Oven) -> Fraction | None:
    """The one-step rule as a threshold: stop once the haul reaches V/(d+1), V the numbered
    value left when the turn began and d the devils (the haul h and the value left V - h
    satisfy V - h > d h exactly below it). ``None`` (never stop before the oven is empty)
    when there are no devils and no piece worth less than 0: then every draw adds to the
    haul and nothing can take it away."""
    if oven_at_turn_start.devils == 0 and oven_at_turn_start.nonnegative:
        return None
    return Fraction(oven_at_turn_start.value, oven_at_turn_start.devils + 1)


# ---- threshold tables -----------------------------------------------------------------------


@dataclass(frozen=True)
class ThresholdRow:
    pieces: int
    stop_from: int | None  # stop once the haul reaches this; None: always draw
    draw_hauls: tuple[int, int] | None  # lowest and highest haul at which one draws
    exceptions: tuple[tuple[Counts, int], ...]  # states that stop below stop_from
    states: int
    # Whether a turn played by the policy ever gets here: past the pieces at which every
    # state stops, the rows describe states the player never stands before.
    reached: bool = True


def reached_states(
    solution: TurnSolution, *, first_draw_compulsory: bool = True, budget: "Budget | None" = None
) -> set[Counts]:
    """The states a turn played by the optimal policy can stand before: the start, and every
    state one piece further from a reached state at which the policy draws (at the start
    too when the first draw is compulsory)."""
    start = solution.oven.counts
    seen = {start}
    todo = [start]
    while todo:
        check_time(budget, len(seen), 4096)
        counts = todo.pop()
        if not (first_draw_compulsory and counts == start) and solution.should_stop(counts):
            continue
        for i, c in enumerate(counts):
            if c:
                child = counts[:i] + (c - 1,) + counts[i + 1 :]
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    return seen


def threshold_table(
    solution: TurnSolution, *, include_start: bool = False, budget: "Budget | None" = None
) -> list[ThresholdRow]:
    """Group the solved states by pieces pulled so far; per group, the haul from which the
    policy stops, and every state that stops below it (an objective whose stop set is not a
    haul threshold shows up as exceptions, never as a wrong threshold). The turn's start (0
    pieces) has a row only with ``include_start``, for a turn whose first draw is optional.
    Each row says whether a turn played by the policy ever gets to it (``reached``)."""
    reached = reached_states(solution, first_draw_compulsory=not include_start, budget=budget)
    by_pieces: dict[int, list[tuple[int, bool, Counts]]] = {}
    for done, counts in enumerate(solution.values):
        check_time(budget, done, 4096)
        pieces = solution.pieces(counts)
        if pieces == 0 and not include_start:
            continue  # the turn's first piece is compulsory
        by_pieces.setdefault(pieces, []).append(
            (solution.haul(counts), solution.should_stop(counts), counts)
        )
    rows = []
    for pieces in sorted(by_pieces):
        states = by_pieces[pieces]
        draws = [h for h, stop, _ in states if not stop]
        top_draw = max(draws) if draws else None
        stops_above = [h for h, stop, _ in states if stop and (top_draw is None or h > top_draw)]
        stop_from = min(stops_above) if stops_above else None
        exceptions = tuple(
            sorted(
                ((c, h) for h, stop, c in states if stop and (stop_from is None or h < stop_from)),
                key=lambda item: (item[1], item[0]),
            )
        )
        rows.append(
            ThresholdRow(
                pieces,
                stop_from,
                (min(draws), max(draws)) if draws else None,
                exceptions,
                len(states),
                any(counts in reached for _, _, counts in states),
            )
        )
    return rows


# ---- objective (b) for many targets at once -----------------------------------------------


@dataclass(frozen=True)
class ReachTable:
    """Objective (b) solved for every target up to ``top`` at once.

    ``table[state, j]`` is the chance of adding at least ``j * unit`` more to the haul from
    the oven state ``state`` (remaining counts in mixed radix over ``values``), drawing on
    until that is reached; the optimal policy for target T at haul h is "draw while h < T
    and ``table[state, ceil((T - h) / unit)] > 0``", so the table is the whole policy."""

    oven: Oven
    values: tuple[int, ...]
    unit: int
    table: object  # numpy array, shape (states, top // unit + 1)
    strides: tuple[int, ...]

    def index(self, counts: Counts) -> int:
        by_value = dict(zip(self.oven.values, counts))
        return sum(by_value[v] * stride for v, stride in zip(self.values, self.strides))

    def probability(self, counts: Counts, still_needed: int) -> float:
        if still_needed <= 0:
            return 1.0
        return float(self.table[self.index(counts), -(-still_needed // self.unit)])

    def start(self, target: int) -> float:
        """The chance a turn from the whole oven reaches ``target`` (first piece compulsory;
        a target of 0 or less is reached by any numbered piece or by a devil alike)."""
        return self.probability(self.oven.counts, target)

    def draws(self, counts: Counts, haul: int, target: int) -> bool:
        return haul < target and self.probability(counts, target - haul) > 0


def reach_table(oven: Oven, top: int) -> ReachTable:
    """Objective (b) for every target up to ``top`` at once. Stopping short of the target is
    worth 0 and drawing never less, so the policy is "draw until the haul reaches the
    target" and only the chances need computing. With f(c, r) the chance of adding at least
    r more from oven c:

        f(c, r) = 1 for r <= 0,   f(c, r) = sum_v c_v/(n+d) * f(c - e_v, r - v)

    filled for every r up to ``top`` together, layer by layer (numbered pieces left), with
    numpy. Piece values must be positive."""
    import math

    import numpy as np

    if any(v <= 0 for v, c in zip(oven.values, oven.counts) if c):
        raise ValueError("reach_table needs positive piece values")
    values = tuple(v for v, c in zip(oven.values, oven.counts) if c)
    caps = [c for c in oven.counts if c]
    unit = 0
    for v in values:
        unit = math.gcd(unit, v)
    unit = unit or 1
    width = -(-max(top, 0) // unit) + 1  # column j: j*unit still needed, j = 0..width-1
    shape = [c + 1 for c in caps]
    size = int(np.prod(shape)) if shape else 1
    strides = tuple(int(np.prod(shape[i + 1 :])) for i in range(len(shape)))
    f = np.zeros((size, width))
    f[:, 0] = 1.0
    if values:
        grid = np.indices(shape).reshape(len(shape), size)  # remaining counts of each state
        left = grid.sum(axis=0)
        steps = [v // unit for v in values]
        d = oven.devils
        for n in range(1, sum(caps) + 1):
            idx = np.nonzero(left == n)[0]
            acc = np.zeros((len(idx), width - 1))
            for i, step in enumerate(steps):
                have = grid[i, idx]
                child = np.where(have > 0, idx - strides[i], 0)
                block = np.ones((len(idx), width - 1))  # j <= step: reached with this piece
                if step < width:
                    block[:, step - 1 :] = f[child][:, : width - step]
                acc += have[:, None] * block
            f[idx, 1:] = acc / (n + d)
    return ReachTable(oven, values, unit, f, strides)


def reach_probabilities(oven: Oven, targets: Iterable[int]) -> dict[int, float]:
    """{target: chance a turn from ``oven`` reaches it under the optimal policy}."""
    targets = sorted(set(targets))
    table = reach_table(oven, max(targets, default=0))
    return {t: table.start(t) for t in targets}
