"""Placing Temptation, written again in Z3: an independent optimum for the tests
(``z3_solve``) and the explanation of an infeasible placement (``explain_infeasible``): the
smallest set of the problem's named facts that together leave no safe placement. The problem,
its rules and scoring are ``oracle.solve.cpsat.temptation``'s."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

from oracle.budget import LONGEST, Budget
from oracle.solve.cpsat.temptation import (
    BARRIERS,
    TRACK_MAX,
    TemptationAnswer,
    TemptationProblem,
    _plan,
    _spent,
    score,
)

# Most Z3 checks spent looking for a smaller explanation than the first minimal one.
SMALLEST_SEARCH = 400
# Seconds of the budget kept back from Z3 for writing the answer: a check told to stop at
# a timeout returns a little after it.
RESERVE = 0.3


def _z3_model(problem: TemptationProblem, named: bool):
    """A Z3 encoding. With ``named``, every fact of ``problem.facts()`` is an assumption
    literal guarding its constraint (levels become free when their fact is dropped, events
    become zero, the healing ban is lifted)."""
    import z3

    players = problem.players
    facts = problem.facts()
    literal = {f: z3.Bool(f"fact:{f}") for f in facts}
    cons = []

    def guarded(fact: str, c):
        cons.append(z3.Implies(literal[fact], c) if named else c)

    start = {p: z3.Int(f"start_{p}") for p in players}
    for p, lv in problem.levels:
        cons.append(z3.And(start[p] >= 0, start[p] <= TRACK_MAX))
        guarded(f"{p} is at {lv}", start[p] == lv)
    floor = {p: z3.If(start[p] >= 10, 10, z3.If(start[p] >= 5, 5, 0)) for p in players}
    target = [z3.Int(f"heal_target_{k}") for k in range(len(problem.heals))]  # -1: unused
    for k, t in enumerate(target):
        cons.append(z3.And(t >= -1, t < len(players)))
    if problem.no_healing and problem.heals:
        guarded("players cannot heal (Nick Hauss)", z3.And([t == -1 for t in target]))
    level = {}
    for i, p in enumerate(players):
        drop = z3.Sum([z3.If(target[k] == i, a, 0) for k, a in enumerate(problem.heals)]) if problem.heals else 0
        lowered = start[p] - drop
        level[p] = z3.If(lowered > floor[p], lowered, floor[p])
    healed = dict(level)
    takes = []
    for i, event in enumerate(problem.events):
        amount = z3.Int(f"amount_{i}")
        cons.append(z3.Or(amount == 0, amount == event.amount))
        guarded(f"event {i + 1}: {event}", amount == event.amount)
        room = TRACK_MAX - level[event.player]
        own = z3.If(amount < room, amount, room)
        row = {}
        for p in players:
            if p == event.player:
                row[p] = own
            else:
                row[p] = z3.Int(f"take_{i}_{p}")
                cons.append(row[p] >= 0)
        cons.append(z3.Sum(list(row.values())) == amount)
        level = {p: level[p] + row[p] for p in players}
        for p in players:
            cons.append(level[p] <= TRACK_MAX)
        takes.append(row)
    cons.append(z3.Sum([z3.If(level[p] >= TRACK_MAX, 1, 0) for p in players]) <= 1)
    return cons, literal, start, target, healed, level, takes


def z3_solve(problem: TemptationProblem) -> TemptationAnswer:
    """The optimum by Z3 (``z3.Optimize``, lexicographic objectives), for the tests."""
    import z3

    problem.check()
    cons, _, _, target, _, final, takes = _z3_model(problem, named=False)
    opt = z3.Optimize()
    opt.add(*cons)
    crossed = z3.Sum([z3.If(final[p] >= b, 1, 0) for p, s in problem.levels for b in BARRIERS if s < b] or [z3.IntVal(0)])
    min_room = z3.Int("min_room")
    for p in problem.players:
        opt.add(z3.Implies(final[p] < TRACK_MAX, min_room <= TRACK_MAX - final[p]))
    opt.add(min_room >= 0, min_room <= TRACK_MAX)
    spent = z3.Sum([z3.If(t >= 0, a, 0) for t, a in zip(target, problem.heals)] or [z3.IntVal(0)])
    opt.minimize(crossed)
    opt.maximize(min_room)
    opt.minimize(spent)
    if opt.check() != z3.sat:
        return TemptationAnswer(status="infeasible", solver="z3")
    m = opt.model()
    players = problem.players
    targets = []
    for t in target:
        v = m.eval(t, model_completion=True).as_long()
        targets.append(players[v] if v >= 0 else None)
    overflow = []
    for i, event in enumerate(problem.events):
        overflow.append({p: m.eval(takes[i][p], model_completion=True).as_long()
                         for p in players if p != event.player})
    plan = _plan(problem, targets, overflow)
    c, r, s = score(problem, dict(plan.final), _spent(problem, targets))
    return TemptationAnswer(status="optimal", plan=plan, barriers_crossed=c, min_room=r, heal_spent=s, solver="z3")


@dataclass(frozen=True)
class Explanation:
    """Facts that together leave no safe placement, and how far the search got: ``notes``
    and ``bound_reached`` say when the time limit stopped it before the set was shown to be
    minimal (every fact needed) or found at all."""

    reasons: tuple[str, ...]
    notes: tuple[str, ...] = ()
    bound_reached: str | None = None


def explain_infeasible(problem: TemptationProblem) -> list[str]:
    """A smallest set of facts that together leave no safe placement (no time limit)."""
    return list(explain(problem, Budget()).reasons)


def explain(problem: TemptationProblem, budget: Budget) -> Explanation:
    """Z3's unsat core over named assumptions, shrunk by dropping one fact at a time while it
    stays unsatisfiable (so every fact listed is needed), then, when there are few enough
    facts, compared with every smaller set of facts so that none smaller exists. Each Z3 check
    is given what is left of ``budget`` as its ``timeout``; when it runs out the facts found
    so far are returned (still unsatisfiable together), with a note."""
    import z3

    cons, literal, *_ = _z3_model(problem, named=True)
    solver = z3.Solver()
    solver.set("random_seed", 0)
    solver.add(*cons)
    facts = problem.facts()

    def check(chosen) -> object | None:
        """z3.sat / z3.unsat, or None when the budget is spent (before or during the check)."""
        left = budget.remaining()
        if left is not None and left <= RESERVE:
            return None
        solver.set("timeout", max(1, int(min(LONGEST, (left or LONGEST) - RESERVE) * 1000)))
        result = solver.check(*[literal[f] for f in chosen])
        return None if result == z3.unknown else result

    first = check(facts)
    if first is None:
        return Explanation((), ("the time limit ended the search for an explanation before it found one",),
                           "time_limit")
    if first != z3.unsat:
        return Explanation(())
    core_names = {str(c) for c in solver.unsat_core()}
    core = [f for f in facts if f"fact:{f}" in core_names]
    for n, fact in enumerate(list(core)):
        trial = [f for f in core if f != fact]
        result = check(trial)
        if result is None:
            return Explanation(tuple(core), (
                "the facts listed together leave no safe placement; the time limit stopped the search before "
                f"every one was shown to be needed ({n} of {len(core)} tried)",), "time_limit")
        if result == z3.unsat:
            core = trial
    # ``core`` is now minimal (no fact can be dropped). Look for a smaller set among all the
    # facts, smallest first, while that takes at most SMALLEST_SEARCH checks: the answer is
    # then a smallest set, not only a minimal one.
    checks = sum(math.comb(len(facts), k) for k in range(1, len(core)))
    if checks <= SMALLEST_SEARCH:
        for k in range(1, len(core)):
            for subset in combinations(facts, k):
                result = check(subset)
                if result is None:
                    return Explanation(tuple(core), (
                        "every fact listed is needed; the time limit stopped the search for a smaller set",),
                        "time_limit")
                if result == z3.unsat:
                    return Explanation(tuple(subset))
    return Explanation(tuple(core))
