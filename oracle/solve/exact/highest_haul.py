"""The distribution of a round's highest haul in Auf Teufel komm raus, over plain ovens.

Players pull in turn from the same oven, each under a ``TurnPolicy``. A turn is expanded into
every way it can end, with its probability (``turn_outcomes``), and a forward pass over
(oven, devils, best haul so far) merges equal states turn by turn. That is exact; when it
would need more than ``max_states`` turn evaluations, seeded simulated rounds are sampled
instead and the answer says so (``method: monte-carlo``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from oracle.solve.dp.coal import Counts, Oven, haul_objective, one_step_rule_draws, solve_turn

_MAX_HAUL_POLICIES: dict[Oven, dict[Counts, bool]] = {}


def _max_haul_stops(turn_start: Oven) -> dict[Counts, bool]:
    """The optimal objective-(a) choice at every state of a turn from ``turn_start``, for an
    oven where the one-step rule is not optimal (a piece worth less than 0)."""
    stops = _MAX_HAUL_POLICIES.get(turn_start)
    if stops is None:
        if len(_MAX_HAUL_POLICIES) > 256:
            _MAX_HAUL_POLICIES.clear()
        stops = _MAX_HAUL_POLICIES[turn_start] = solve_turn(turn_start, haul_objective).stops
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

    def stops(self, turn_start: Oven, now: Oven, haul: int) -> bool:
        if now.pieces == 0:
            return True
        if self.kind == "max-haul":
            if turn_start.nonnegative:
                return not one_step_rule_draws(now, haul)
            return _max_haul_stops(turn_start)[now.counts]
        if self.kind == "target":
            return haul >= self.amount or haul + now.positive_value < self.amount
        return haul >= self.amount

    def __str__(self) -> str:
        return self.kind if self.kind == "max-haul" else f"{self.kind}:{self.amount}"


TurnOutcome = tuple[Counts, int, int, int]  # oven counts after, devils after, haul, pieces


def turn_outcomes(oven: Oven, policy: TurnPolicy, *, must_draw_first: bool = True) -> dict[TurnOutcome, float]:
    """Every way a turn under ``policy`` can end, with its probability. Without
    ``must_draw_first`` the policy may end the turn before its first piece, with nothing."""
    outcomes: dict[TurnOutcome, float] = {}
    if oven.pieces == 0 or (not must_draw_first and policy.stops(oven, oven, 0)):
        return {(oven.counts, oven.devils, 0, 0): 1.0}
    start_value, start_n = oven.value, oven.numbered
    frontier: dict[Counts, float] = {oven.counts: 1.0}
    while frontier:
        following: dict[Counts, float] = {}
        for counts, p in frontier.items():
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
                if policy.stops(oven, after, haul):
                    key = (child, oven.devils, haul, start_n - after.numbered)
                    outcomes[key] = outcomes.get(key, 0.0) + q
                else:
                    following[child] = following.get(child, 0.0) + q
        frontier = following
    return outcomes


@dataclass(frozen=True)
class HaulDistribution:
    distribution: dict[int, float]  # highest haul of the round -> probability
    method: str  # "exact" or "monte-carlo"
    samples: int = 0
    states: int = 0


def _higher(best: int | None, haul: int) -> int:
    return haul if best is None else max(best, haul)


def highest_haul_distribution(
    oven: Oven,
    policies: list[TurnPolicy],
    best_so_far: int | None = 0,
    *,
    max_states: int = 400_000,
    samples: int = 20_000,
    seed: int = 7,
    must_draw_first: bool = True,
) -> HaulDistribution:
    """The distribution of the round's highest haul when the players still to pull follow
    ``policies`` in turn order from ``oven``; ``best_so_far`` is the best haul already pulled
    (None: nobody has pulled yet, which matters only when a haul can be below 0). Exact (a
    forward pass over oven, devils and best haul so far, merging equal states) unless that
    needs more than ``max_states`` turn evaluations, in which case it samples ``samples``
    seeded rounds and says so."""
    cache: dict[tuple[Counts, int, TurnPolicy], dict[TurnOutcome, float]] = {}
    states: dict[tuple[Counts, int, int | None], float] = {(oven.counts, oven.devils, best_so_far): 1.0}
    work = 0
    for policy in policies:
        following: dict[tuple[Counts, int, int | None], float] = {}
        for (counts, devils, best), p in states.items():
            key = (counts, devils, policy)
            outs = cache.get(key)
            if outs is None:
                outs = turn_outcomes(oven.with_counts(counts, devils), policy, must_draw_first=must_draw_first)
                cache[key] = outs
                work += len(outs)
            work += len(outs)
            if work > max_states:
                return _sampled_distribution(oven, policies, best_so_far, samples, seed, must_draw_first)
            for (after, d_after, haul, _), q in outs.items():
                k = (after, d_after, _higher(best, haul))
                following[k] = following.get(k, 0.0) + p * q
        states = following
    dist: dict[int, float] = {}
    for (_, _, best), p in states.items():
        best = 0 if best is None else best  # no turn at all: nothing was pulled
        dist[best] = dist.get(best, 0.0) + p
    return HaulDistribution(dict(sorted(dist.items())), "exact", states=work)


def _sampled_distribution(
    oven: Oven, policies: list[TurnPolicy], best_so_far: int | None, samples: int, seed: int, must_draw_first: bool
) -> HaulDistribution:
    rng = random.Random(seed)
    tally: dict[int, int] = {}
    for _ in range(samples):
        now = oven
        best = best_so_far
        for policy in policies:
            turn_start = now
            haul = 0
            pulling = must_draw_first or not policy.stops(turn_start, now, 0)
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
                if policy.stops(turn_start, now, haul):
                    break
            best = _higher(best, haul)
        best = 0 if best is None else best
        tally[best] = tally.get(best, 0) + 1
    dist = {h: n / samples for h, n in sorted(tally.items())}
    return HaulDistribution(dist, "monte-carlo", samples=samples)
