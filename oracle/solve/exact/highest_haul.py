"""The distribution of a round's highest haul in Auf Teufel komm raus, over plain ovens.

Players pull in turn from the same oven, each under a ``TurnPolicy``. A turn is expanded into
every way it can end, with its probability (``turn_outcomes``), and a forward pass over
(oven, devils, best haul so far) merges equal states turn by turn. That is exact; when it
would need more than ``max_states`` turn evaluations, or more than half of what is left of
the time budget, seeded simulated rounds are sampled instead, until ``samples`` rounds or the
end of the budget, and the answer says which (``method: monte-carlo``, ``bound``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from oracle.solve.dp.coal import Counts, OutOfTime, Oven, check_time, haul_objective, one_step_rule_draws, solve_turn

if TYPE_CHECKING:
    from oracle.budget import Budget

# Caps on the work one call may ask for, whoever calls (the question refuses more, naming
# the parameter).
MAX_STATES_LIMIT = 50_000_000
SAMPLES_LIMIT = 1_000_000

_MAX_HAUL_POLICIES: dict[Oven, dict[Counts, bool]] = {}


def _max_haul_stops(turn_start: Oven, budget: "Budget | None") -> dict[Counts, bool]:
    """The optimal objective-(a) choice at every state of a turn from ``turn_start``, for an
    oven where the one-step rule is not optimal (a piece worth less than 0)."""
    stops = _MAX_HAUL_POLICIES.get(turn_start)
    if stops is None:
        if len(_MAX_HAUL_POLICIES) > 256:
            _MAX_HAUL_POLICIES.clear()
        stops = solve_turn(turn_start, haul_objective, budget=budget).stops
        _MAX_HAUL_POLICIES[turn_start] = stops
    return stops


@dataclass(frozen=True)
class TurnPolicy:
    """How a player decides to stop, given the oven at the start of their turn.

    ``kind`` is ``max-haul`` (objective (a): the one-step rule when no piece is worth less
    than 0, else the dynamic program's policy), ``target`` (draw until the haul reaches
    ``amount``, giving up only when the pieces worth more than 0 left could no longer make it)
    or ``threshold`` (stop once the haul reaches ``amount``)."""

    kind: str
    amount: int = 0

    def stops(self, turn_start: Oven, now: Oven, haul: int, budget: "Budget | None" = None) -> bool:
        """Whether the policy stops at ``now`` with ``haul``; ``budget`` bounds the dynamic
        program a ``max-haul`` policy may need (``OutOfTime``)."""
        if now.pieces == 0:
            return True
        if self.kind == "max-haul":
            if turn_start.nonnegative:
                return not one_step_rule_draws(now, haul)
            return _max_haul_stops(turn_start, budget)[now.counts]
        if self.kind == "target":
            return haul >= self.amount or haul + now.positive_value < self.amount
        return haul >= self.amount

    def __str__(self) -> str:
        return self.kind if self.kind == "max-haul" else f"{self.kind}:{self.amount}"


TurnOutcome = tuple[Counts, int, int, int]  # oven counts after, devils after, haul, pieces


def turn_outcomes(
    oven: Oven, policy: TurnPolicy, *, must_draw_first: bool = True, budget: "Budget | None" = None
) -> dict[TurnOutcome, float]:
    """Every way a turn under ``policy`` can end, with its probability. Without
    ``must_draw_first`` the policy may end the turn before its first piece, with nothing.
    Raises ``OutOfTime`` when ``budget`` runs out first."""
    outcomes: dict[TurnOutcome, float] = {}
    if oven.pieces == 0 or (not must_draw_first and policy.stops(oven, oven, 0, budget)):
        return {(oven.counts, oven.devils, 0, 0): 1.0}
    done = 0
    start_value, start_n = oven.value, oven.numbered
    frontier: dict[Counts, float] = {oven.counts: 1.0}
    while frontier:
        following: dict[Counts, float] = {}
        for counts, p in frontier.items():
            # Turns are many and mostly small: look at the clock often (it costs far less
            # than one state's work).
            done += 1
            check_time(budget, done, 16)
            now = oven.with_counts(counts)
            n = now.pieces
            if oven.devils:
                key = (counts, oven.devils - 1, 0, 0)
                outcomes[key] = outcomes.get(key, 0.0) + p * oven.devils / n
            for i, c in enumerate(counts):
                if not c:
                    continue
                child = counts[:i] + (c - 1,) + counts[i + 1 :]
                q = p * c / n
                after = oven.with_counts(child)
                haul = start_value - after.value
                if policy.stops(oven, after, haul, budget):
                    key = (child, oven.devils, haul, start_n - after.numbered)
                    outcomes[key] = outcomes.get(key, 0.0) + q
                else:
                    following[child] = following.get(child, 0.0) + q
        frontier = following
    return outcomes


@dataclass(frozen=True)
class HaulDistribution:
    distribution: dict[int, float]  # highest haul of the round -> probability (empty: unknown)
    method: str  # "exact" or "monte-carlo"
    samples: int = 0  # rounds sampled (monte-carlo)
    states: int = 0  # turn evaluations (exact)
    bound: str | None = None  # why it is not exact: "max_states" or "time_limit"


def _higher(best: int | None, haul: int) -> int:
    return haul if best is None else max(best, haul)


def _half_of_what_is_left(budget: "Budget | None") -> "Budget | None":
    from oracle.budget import Budget

    if budget is None or budget.remaining() is None:
        return budget
    return Budget(budget.remaining() / 2)


def highest_haul_distribution(
    oven: Oven,
    policies: list[TurnPolicy],
    best_so_far: int | None = 0,
    *,
    max_states: int = 400_000,
    samples: int = 20_000,
    seed: int = 7,
    must_draw_first: bool = True,
    budget: "Budget | None" = None,
) -> HaulDistribution:
    """The distribution of the round's highest haul when the players still to pull follow
    ``policies`` in turn order from ``oven``; ``best_so_far`` is the best haul already pulled
    (None: nobody has pulled yet, which matters only when a haul can be below 0). Exact (a
    forward pass over oven, devils and best haul so far, merging equal states) unless that
    needs more than ``max_states`` turn evaluations or half of what is left of ``budget``;
    then ``samples`` seeded rounds are sampled, as many as the rest of ``budget`` allows."""
    if not 1 <= max_states <= MAX_STATES_LIMIT or not 1 <= samples <= SAMPLES_LIMIT:
        raise ValueError(f"max_states must be 1 to {MAX_STATES_LIMIT:,} and samples 1 to {SAMPLES_LIMIT:,}")
    try:
        exact = _exact_distribution(oven, policies, best_so_far, max_states, must_draw_first, _half_of_what_is_left(budget))
    except OutOfTime:
        bound = "time_limit"
    else:
        if exact is not None:
            return exact
        bound = "max_states"
    return _sampled_distribution(oven, policies, best_so_far, samples, seed, must_draw_first, budget, bound)


def _exact_distribution(
    oven: Oven,
    policies: list[TurnPolicy],
    best_so_far: int | None,
    max_states: int,
    must_draw_first: bool,
    budget: "Budget | None",
) -> HaulDistribution | None:
    """The forward pass; None once it needs more than ``max_states`` turn evaluations."""
    cache: dict[tuple[Counts, int, TurnPolicy], dict[TurnOutcome, float]] = {}
    states: dict[tuple[Counts, int, int | None], float] = {(oven.counts, oven.devils, best_so_far): 1.0}
    work = visited = 0
    for policy in policies:
        following: dict[tuple[Counts, int, int | None], float] = {}
        for (counts, devils, best), p in states.items():
            visited += 1
            check_time(budget, visited, 16)
            key = (counts, devils, policy)
            outs = cache.get(key)
            if outs is None:
                start = oven.with_counts(counts, devils)
                outs = turn_outcomes(start, policy, must_draw_first=must_draw_first, budget=budget)
                cache[key] = outs
                work += len(outs)
            work += len(outs)
            if work > max_states:
                return None
            for (after, d_after, haul, _), q in outs.items():
                k = (after, d_after, _higher(best, haul))
                following[k] = following.get(k, 0.0) + p * q
        states = following
    dist: dict[int, float] = {}
    for (_, _, best), p in states.items():
        best = 0 if best is None else best  # no turn at all: nothing was pulled
        dist[best] = dist.get(best, 0.0) + p
    return HaulDistribution(dict(sorted(dist.items())), "exact", states=work)


def _sampled_round(rng: random.Random, oven: Oven, policies: list[TurnPolicy], best: int | None,
                   must_draw_first: bool, budget: "Budget | None") -> int:
    """One simulated round's highest haul."""
    now = oven
    for policy in policies:
        turn_start = now
        haul = 0
        pulling = must_draw_first or not policy.stops(turn_start, now, 0, budget)
        while pulling and now.pieces:
            pick = rng.randrange(now.pieces)
            if pick < now.devils:
                now, haul = now.without(None), 0
                break
            pick -= now.devils
            for v, c in zip(now.values, now.counts):
                if pick < c:
                    break
                pick -= c
            now = now.without(v)
            haul += v
            if policy.stops(turn_start, now, haul, budget):
                break
        best = _higher(best, haul)
    return 0 if best is None else best


def _sampled_distribution(
    oven: Oven,
    policies: list[TurnPolicy],
    best_so_far: int | None,
    samples: int,
    seed: int,
    must_draw_first: bool,
    budget: "Budget | None",
    bound: str,
) -> HaulDistribution:
    rng = random.Random(seed)
    tally: dict[int, int] = {}
    drawn = 0
    try:
        while drawn < samples:
            check_time(budget, drawn, 8)
            best = _sampled_round(rng, oven, policies, best_so_far, must_draw_first, budget)
            tally[best] = tally.get(best, 0) + 1
            drawn += 1
    except OutOfTime:
        bound = "time_limit"
    dist = {h: n / drawn for h, n in sorted(tally.items())}
    return HaulDistribution(dist, "monte-carlo", samples=drawn, bound=bound)
