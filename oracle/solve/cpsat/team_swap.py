"""The team's best card swaps (Devilish Offering "Swap a card with a Player"), by CP-SAT.

Rulebook: "Swap a card with a Player: This allows you to choose any of your cards and swap it,
with a willing player, for a card they have chosen ... The power of this ability will become
clearer with the Reveal 2 Cards power chip." and "You may only utilize Offerings that have not
been previously used this round", so one swap a round unless ``max_swaps`` says otherwise
(a house rule, or planning across rounds).

Model (written out in the solvers page): a boolean ``z_s`` per candidate swap ``s`` = (the
player who bets the Offering, the willing partner, the card each gives); at most
``max_swaps`` chosen; every player in at most one chosen swap. Each player's value depends on
the hand they end with, so with ``v_p(h)`` precomputed for every hand a swap can give them,
the team's value is linear: ``sum_p v_p(own_p) + sum_s z_s * (v_a(h_a^s) - v_a(own_a) +
v_b(h_b^s) - v_b(own_b))``. A value may be a tuple (several measures, compared
lexicographically): one solve per measure fixes its optimum for the next. Objective: the most
value, then the fewest swaps.

Values: when the Boss's hand and the board are known, ``v`` is 1000 for a win, 1 for a push
and 0 for a loss (the most winners first, then the fewest losers); otherwise ``v`` is the
player's expected change in Souls from the odds (``oracle.solve.exact.holdem``) in millionths
of a Soul.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Mapping, Sequence

from oracle.budget import Budget
from oracle.cards import Card

WIN_VALUE = 1000
PUSH_VALUE = 1
SOUL_SCALE = 1_000_000
SEED = 20260301


@dataclass(frozen=True, kw_only=True)
class Swap:
    by: str
    partner: str
    gives: Card
    takes: Card

    def __str__(self) -> str:
        return f"{self.by} swaps {self.gives} with {self.partner}'s {self.takes}"

    def to_json(self) -> dict:
        return {"by": self.by, "partner": self.partner, "gives": str(self.gives), "takes": str(self.takes),
                "text": str(self)}


def candidate_swaps(
    hands: Mapping[str, Sequence[Card]],
    initiators: Sequence[str],
    willing: Sequence[str],
    public: Mapping[str, Sequence[Card]] | None = None,
) -> list[Swap]:
    """Every swap an initiator can make with a willing partner. With ``public`` (player ->
    revealed cards) the partner's card must be one of theirs that is public: the team may
    only plan on what "can be freely discussed"."""
    out = []
    for a in initiators:
        for b in willing:
            if a == b:
                continue
            theirs = hands[b] if public is None else [c for c in hands[b] if c in public.get(b, ())]
            for give in hands[a]:
                for take in theirs:
                    out.append(Swap(by=a, partner=b, gives=give, takes=take))
    return out


def hands_after(hands: Mapping[str, Sequence[Card]], swaps: Sequence[Swap]) -> dict[str, tuple[Card, ...]]:
    new = {name: list(cards) for name, cards in hands.items()}
    for s in swaps:
        new[s.by][new[s.by].index(s.gives)] = s.takes
        new[s.partner][new[s.partner].index(s.takes)] = s.gives
    return {name: tuple(cards) for name, cards in new.items()}


# A player's value for a hand: a whole number, or a tuple of them compared lexicographically
# (each larger is better), e.g. (Souls, -Temptation, -Curses) in millionths.
Value = Callable[[str, tuple[Card, ...]], "int | tuple[int, ...]"]


def _as_tuple(v) -> tuple[int, ...]:
    return tuple(v) if isinstance(v, tuple) else (v,)


def _value_table(hands, candidates: Sequence[Swap], value: Value, progress=None, budget=None) -> dict | None:
    """Every value a candidate needs; None when ``budget`` runs out first."""
    needed = {(p, tuple(h)) for p, h in hands.items()}
    for s in candidates:
        after = hands_after(hands, [s])
        needed.add((s.by, after[s.by]))
        needed.add((s.partner, after[s.partner]))
    table = {}
    for i, key in enumerate(sorted(needed, key=lambda k: (k[0], [str(c) for c in k[1]]))):
        if table and budget is not None and budget.expired():
            return None
        table[key] = _as_tuple(value(*key))
        if progress is not None:
            progress(i + 1, len(needed))
    return table


def _gain(hands, s: Swap, table) -> tuple[int, ...]:
    after = hands_after(hands, [s])
    parts = (table[(s.by, after[s.by])], table[(s.by, tuple(hands[s.by]))],
             table[(s.partner, after[s.partner])], table[(s.partner, tuple(hands[s.partner]))])
    return tuple(a - b + c - d for a, b, c, d in zip(*parts))


def _total(hands, table) -> tuple[int, ...]:
    rows = [table[(p, tuple(h))] for p, h in hands.items()]
    return tuple(sum(col) for col in zip(*rows))


@dataclass(frozen=True, kw_only=True)
class SwapPlan:
    status: str  # "optimal", "feasible", "unknown"
    swaps: tuple[Swap, ...]
    value: "int | tuple[int, ...]"  # the team's total value with these swaps
    base_value: "int | tuple[int, ...]"  # without any swap
    values: dict  # (player, hand) -> value (as a tuple)

    def objective(self) -> tuple:
        return (*_as_tuple(self.value), -len(self.swaps))


def solve_swaps(
    hands: Mapping[str, Sequence[Card]],
    candidates: Sequence[Swap],
    value: Value,
    *,
    max_swaps: int = 1,
    time_limit: float = 10.0,
    progress=None,
    budget: Budget | None = None,
) -> SwapPlan:
    """The swaps that maximise the team's value lexicographically, then are fewest. One
    CP-SAT solve per component of the value: each fixes its optimum for the next ("the most
    Souls, then the least Temptation ..."), a last one minimises the swaps. ``budget``
    (default: ``time_limit`` from now) bounds the values and the solves."""
    budget = budget or Budget(time_limit)
    from ortools.sat.python import cp_model

    table = _value_table(hands, candidates, value, progress, budget)
    first = next(iter(hands), None)
    scalar = first is None or not isinstance(value(first, tuple(hands[first])), tuple)
    if table is None:
        return SwapPlan(status="unknown", swaps=(), value=0, base_value=0, values={})
    base = _total(hands, table)
    model = cp_model.CpModel()
    z = [model.NewBoolVar(f"swap{i}") for i in range(len(candidates))]
    model.Add(sum(z) <= max_swaps)
    for p in hands:
        involved = [z[i] for i, s in enumerate(candidates) if p in (s.by, s.partner)]
        if len(involved) > 1:
            model.AddAtMostOne(involved)
    gains = [_gain(hands, s, table) for s in candidates]
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    solver.parameters.random_seed = SEED
    proven = True
    # One objective per measure, each fixed at its optimum for the next; the fewest swaps last.
    stages = [sum(g[k] * zi for g, zi in zip(gains, z)) for k in range(len(base))] + [-sum(z)]
    for stage, gain in enumerate(stages):
        model.Maximize(gain)
        solver.parameters.max_time_in_seconds = budget.left(time_limit)
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return SwapPlan(status="unknown", swaps=(), value=_plain(base, scalar), base_value=_plain(base, scalar),
                            values=table)
        proven = proven and status == cp_model.OPTIMAL
        if stage < len(base):
            model.Add(gain == round(solver.ObjectiveValue()))
    chosen = tuple(s for s, zi in zip(candidates, z) if solver.Value(zi))
    total = _total(hands_after(hands, chosen), table)
    return SwapPlan(status="optimal" if proven else "feasible", swaps=chosen, value=_plain(total, scalar),
                    base_value=_plain(base, scalar), values=table)


def _plain(values: tuple[int, ...], scalar: bool):
    return values[0] if scalar else values


def swap_sets(candidates: Sequence[Swap], max_swaps: int):
    """Every set of at most ``max_swaps`` candidate swaps with no player in two of them, the
    empty set first, then by size."""
    for k in range(max_swaps + 1):
        for chosen in combinations(candidates, k):
            people = [p for s in chosen for p in (s.by, s.partner)]
            if len(people) == len(set(people)):
                yield chosen


def brute_force_swaps(hands, candidates: Sequence[Swap], value: Value, *, max_swaps: int = 1) -> tuple:
    """The best (value..., -swaps) over every set of at most ``max_swaps`` swaps with no player
    in two of them, evaluating ``value`` directly (for the tests)."""
    best = None
    for chosen in swap_sets(candidates, max_swaps):
        after = hands_after(hands, chosen)
        rows = [_as_tuple(value(p, after[p])) for p in hands]
        key = (*(sum(col) for col in zip(*rows)), -len(chosen))
        if best is None or key > best:
            best = key
    return best
