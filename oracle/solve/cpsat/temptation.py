"""Placing Temptation so the team survives: the problem, its CP-SAT model and a brute force.
Z3 checks the model and explains infeasibility (``oracle.solve.smt.temptation``).

Rulebook, "Temptation": "everyone loses the game as soon as a second player has reached the
10th space of the Temptation track"; "If you suffer Temptation and are already at 10, the
Temptation must be suffered by another player. The team may assign the Temptation to players
however they wish, but all Temptation must be taken"; "The Temptation track has Flame Barrier
thresholds at the 5th and 10th spaces that a healed token can never move back through."
Heal chip: "immediately choose any player and move their Temptation token back 1 space".
Nick Hauss: "Players cannot heal Temptation."

The problem (``TemptationProblem``): every player's level, the Temptation to be suffered as an
ordered list of events ("Anna suffers 3"), and the heals the team can still use before it
lands (each heals one chosen player by its amount). The sufferer of an event takes what fits
below 10 (the game's ``split_temptation``); the team places the rest on players
below 10. The model and its objective are written out in ``docs/solvers.md``.

Objective, lexicographic: (1) fewest Flame Barriers crossed (a barrier at 5 or 10 that a
player was below at the start and is at or past at the end), (2) the most room left below 10
for the player nearest it among those below 10, (3) the fewest heal points spent. Ties among
optimal plans are broken by the solver; the objective values are what the tests compare.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product
from typing import Mapping, Sequence

from oracle.budget import Budget
from oracle.errors import FieldError
from oracle.text import quote

TRACK_MAX = 10
BARRIERS = (5, 10)
DEFAULT_TIME_LIMIT = 10.0
SEED = 20260301


def healing_floor(level: int) -> int:
    """"a player passing into the 5th space or the 10th can never move back below those
    thresholds" (the same rule as the game's ``healing_floor``, restated so this module stands
    alone; a test checks they agree)."""
    floor = 0
    for barrier in BARRIERS:
        if level >= barrier:
            floor = barrier
    return floor


@dataclass(frozen=True, kw_only=True)
class Suffering:
    """One event: ``player`` suffers ``amount`` Temptation."""

    player: str
    amount: int

    @classmethod
    def parse(cls, text: str) -> "Suffering":
        match = re.fullmatch(r"\s*(.+?)\s+suffers\s+(\d+)(?:\s+temptation)?\s*", str(text), re.IGNORECASE)
        if not match:
            raise FieldError((), f"expected 'NAME suffers N', got {quote(text)}")
        return cls(player=match.group(1), amount=int(match.group(2)))

    def __str__(self) -> str:
        return f"{self.player} suffers {self.amount}"


@dataclass(frozen=True, kw_only=True)
class TemptationProblem:
    levels: tuple[tuple[str, int], ...]
    events: tuple[Suffering, ...]
    heals: tuple[int, ...] = ()
    no_healing: bool = False

    @property
    def players(self) -> list[str]:
        return [name for name, _ in self.levels]

    def level(self, name: str) -> int:
        return dict(self.levels)[name]

    def check(self) -> None:
        names = self.players
        if len(set(names)) != len(names):
            raise FieldError(("levels",), "a player is listed twice")
        for name, level in self.levels:
            if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= TRACK_MAX:
                raise FieldError(("levels", name), f"a Temptation level is 0-10, not {level!r}")
        for i, event in enumerate(self.events):
            if event.player not in names:
                raise FieldError(("events", i), f"{event.player!r} is not a player")
            if event.amount < 0:
                raise FieldError(("events", i), "Temptation suffered cannot be negative")
        for i, amount in enumerate(self.heals):
            if not isinstance(amount, int) or amount < 0:
                raise FieldError(("heals", i), f"a heal is a whole number of spaces, not {amount!r}")

    def facts(self) -> list[str]:
        """The named facts an infeasibility explanation is drawn from."""
        out = [f"{name} is at {level}" for name, level in self.levels]
        out += [f"event {i + 1}: {e}" for i, e in enumerate(self.events)]
        if self.no_healing and self.heals:
            out.append("players cannot heal (Nick Hauss)")
        return out


@dataclass(frozen=True, kw_only=True)
class Plan:
    """A placement: heal targets (None: unused), per event the Temptation each player
    takes, and the resulting levels."""

    heal_targets: tuple[str | None, ...]
    heal_amounts: tuple[int, ...]
    takes: tuple[tuple[tuple[str, int], ...], ...]
    healed: tuple[tuple[str, int], ...]
    final: tuple[tuple[str, int], ...]

    def to_json(self) -> dict:
        return {
            "heals": [{"amount": a, "target": t} for a, t in zip(self.heal_amounts, self.heal_targets)],
            "events": [{name: n for name, n in take if n} for take in self.takes],
            "healed_levels": dict(self.healed),
            "final_levels": dict(self.final),
        }


@dataclass(frozen=True, kw_only=True)
class TemptationAnswer:
    status: str  # "optimal", "feasible" (time limit, not proven best), "infeasible", "unknown"
    plan: Plan | None = None
    barriers_crossed: int | None = None
    min_room: int | None = None
    heal_spent: int | None = None
    reasons: tuple[str, ...] = ()
    solver: str = "cp-sat"
    notes: tuple[str, ...] = field(default=())
    # "time_limit" when the budget ended the search or the explanation before it was done.
    bound_reached: str | None = None

    def objective(self) -> tuple[int, int, int] | None:
        if self.barriers_crossed is None:
            return None
        return (self.barriers_crossed, -(self.min_room or 0), self.heal_spent or 0)


# ---------------------------------------------------------------------------------------
# Checking and scoring a plan (shared by both solvers, the brute force and the tests).


def score(problem: TemptationProblem, final: Mapping[str, int], heal_spent: int) -> tuple[int, int, int]:
    crossed = sum(
        1 for name, start in problem.levels for b in BARRIERS if start < b <= final[name]
    )
    below = [TRACK_MAX - level for level in final.values() if level < TRACK_MAX]
    # With no one below 10 (a lone player at 10) there is no nearest player: count 10.
    return crossed, min(below) if below else TRACK_MAX, heal_spent


def simulate(problem: TemptationProblem, heal_targets: Sequence[str | None],
             overflow: Sequence[Mapping[str, int]]) -> tuple[dict[str, int], dict[str, int], list[dict[str, int]]]:
    """Apply heals then events; ``overflow[i]`` places what event ``i``'s sufferer cannot
    take. Returns (healed levels, final levels, per-event takes). Raises ValueError when the
    placement breaks a rule (someone passes 10, Temptation left untaken)."""
    if any(t is not None for t in heal_targets) and problem.no_healing:
        raise ValueError("players cannot heal")
    healed = _healed(problem, heal_targets)
    current = dict(healed)
    takes = []
    for event, extra in zip(problem.events, overflow):
        room = TRACK_MAX - current[event.player]
        own = min(event.amount, room)
        take = {event.player: own}
        current[event.player] += own
        rest = event.amount - own
        placed = 0
        for name, count in extra.items():
            if name == event.player and count:
                raise ValueError("the sufferer cannot take the overflow")
            if count < 0 or current[name] + count > TRACK_MAX:
                raise ValueError(f"{name} would pass 10")
            current[name] += count
            take[name] = take.get(name, 0) + count
            placed += count
        if placed != rest:
            raise ValueError("all Temptation must be taken")
        takes.append(take)
    return healed, current, takes


def _healed(problem: TemptationProblem, targets: Sequence[str | None]) -> dict[str, int]:
    levels = dict(problem.levels)
    healed = dict(levels)
    for amount, target in zip(problem.heals, targets):
        if target is not None:
            healed[target] = max(healing_floor(levels[target]), healed[target] - amount)
    return healed


def loses(final: Mapping[str, int]) -> bool:
    return sum(1 for level in final.values() if level >= TRACK_MAX) >= 2


# ---------------------------------------------------------------------------------------
# CP-SAT.


def _model(problem: TemptationProblem):
    """The CP-SAT model (written out in the solvers page) and its heal and take variables."""
    from ortools.sat.python import cp_model

    players = problem.players
    start = dict(problem.levels)
    model = cp_model.CpModel()
    heals = [] if problem.no_healing else list(problem.heals)
    # h[k][p]: heal k goes to player p (at most one target per heal).
    h = [{p: model.NewBoolVar(f"heal{k}_{p}") for p in players} for k in range(len(heals))]
    for k in range(len(heals)):
        model.AddAtMostOne(h[k].values())
    healed = {}
    for p in players:
        drop = sum(heals[k] * h[k][p] for k in range(len(heals)))
        lowered = model.NewIntVar(-sum(heals) - TRACK_MAX, TRACK_MAX, f"lowered_{p}")
        model.Add(lowered == start[p] - drop)
        healed[p] = model.NewIntVar(0, TRACK_MAX, f"healed_{p}")
        model.AddMaxEquality(healed[p], [lowered, healing_floor(start[p])])
    level = dict(healed)
    x = []
    for i, event in enumerate(problem.events):
        row = {}
        room = model.NewIntVar(0, TRACK_MAX, f"room{i}")
        model.Add(room == TRACK_MAX - level[event.player])
        own = model.NewIntVar(0, event.amount, f"own{i}")
        model.AddMinEquality(own, [room, event.amount])
        for p in players:
            if p == event.player:
                row[p] = own
            else:
                row[p] = model.NewIntVar(0, event.amount, f"x{i}_{p}")
        model.Add(sum(row.values()) == event.amount)  # "all Temptation must be taken"
        new_level = {}
        for p in players:
            new_level[p] = model.NewIntVar(0, TRACK_MAX, f"level{i}_{p}")  # no one passes 10
            model.Add(new_level[p] == level[p] + row[p])
        level = new_level
        x.append(row)
    at_max = {}
    for p in players:
        at_max[p] = model.NewBoolVar(f"at10_{p}")
        model.Add(level[p] == TRACK_MAX).OnlyEnforceIf(at_max[p])
        model.Add(level[p] <= TRACK_MAX - 1).OnlyEnforceIf(at_max[p].Not())
    model.Add(sum(at_max.values()) <= 1)  # two players at 10 lose the game
    crossed = []
    for p in players:
        for b in BARRIERS:
            if start[p] < b:
                c = model.NewBoolVar(f"cross{b}_{p}")
                model.Add(level[p] >= b).OnlyEnforceIf(c)
                model.Add(level[p] <= b - 1).OnlyEnforceIf(c.Not())
                crossed.append(c)
    min_room = model.NewIntVar(0, TRACK_MAX, "min_room")
    for p in players:
        # Players at 10 do not count: room is measured for those still below it.
        model.Add(min_room <= TRACK_MAX - level[p]).OnlyEnforceIf(at_max[p].Not())
    spent = sum(heals[k] * h[k][p] for k in range(len(heals)) for p in players)
    total_heal = sum(heals)
    scale_room = total_heal + 1
    scale_cross = (TRACK_MAX + 1) * scale_room
    model.Minimize(scale_cross * sum(crossed) - scale_room * min_room + spent)
    return model, h, x, heals


def solve(problem: TemptationProblem, *, time_limit: float = DEFAULT_TIME_LIMIT,
          budget: Budget | None = None) -> TemptationAnswer:
    """The CP-SAT answer: one worker and a fixed seed, so the same question gives the same
    plan; "unknown" when the time passes with nothing proven. ``budget`` (default:
    ``time_limit`` from now) bounds everything, the model, the search and the explanation of
    an infeasible placement: what it has not finished by then is said in ``notes``."""
    budget = budget or Budget(time_limit)
    problem.check()
    from ortools.sat.python import cp_model

    model, h, x, heals = _model(problem)
    players = problem.players
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    solver.parameters.random_seed = SEED
    solver.parameters.max_time_in_seconds = budget.left(time_limit)
    status = solver.Solve(model)
    if status == cp_model.INFEASIBLE:
        from oracle.solve.smt.temptation import explain

        why = explain(problem, budget)
        return TemptationAnswer(status="infeasible", reasons=why.reasons, notes=why.notes,
                                bound_reached=why.bound_reached)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return TemptationAnswer(status="unknown", bound_reached="time_limit",
                                notes=(f"no answer within the time limit ({budget.seconds or time_limit:g} s)",))
    targets: list[str | None] = []
    for k in range(len(problem.heals)):
        chosen = None
        if k < len(heals):
            chosen = next((p for p in players if solver.Value(h[k][p])), None)
        targets.append(chosen)
    overflow = []
    for i, event in enumerate(problem.events):
        overflow.append({p: solver.Value(x[i][p]) for p in players if p != event.player and solver.Value(x[i][p])})
    plan = _plan(problem, targets, overflow)
    crossed_n, room, spent_n = score(problem, dict(plan.final), _spent(problem, targets))
    return TemptationAnswer(
        status="optimal" if status == cp_model.OPTIMAL else "feasible",
        bound_reached=None if status == cp_model.OPTIMAL else "time_limit",
        plan=plan,
        barriers_crossed=crossed_n,
        min_room=room,
        heal_spent=spent_n,
    )


def _spent(problem: TemptationProblem, targets: Sequence[str | None]) -> int:
    return sum(a for a, t in zip(problem.heals, targets) if t is not None)


def _plan(problem: TemptationProblem, targets, overflow) -> Plan:
    healed, final, takes = simulate(problem, targets, overflow)
    players = problem.players
    return Plan(
        heal_targets=tuple(targets),
        heal_amounts=tuple(problem.heals),
        takes=tuple(tuple((p, take.get(p, 0)) for p in players) for take in takes),
        healed=tuple((p, healed[p]) for p in players),
        final=tuple((p, final[p]) for p in players),
    )


# ---------------------------------------------------------------------------------------
# Brute force, for small instances in the tests.


def _splits(amount: int, names: Sequence[str]):
    if not names:
        if amount == 0:
            yield {}
        return
    first, rest = names[0], names[1:]
    for n in range(amount + 1):
        for tail in _splits(amount - n, rest):
            yield {first: n, **tail} if n else dict(tail)


def brute_force(problem: TemptationProblem) -> tuple[int, int, int] | None:
    """The best objective (crossed, -min_room, spent) over every placement, or None."""
    problem.check()
    players = problem.players
    choices = [None] if problem.no_healing else [None, *players]
    best = None

    def walk(i, targets, current, overflow):
        nonlocal best
        if i == len(problem.events):
            try:
                _, final, _ = simulate(problem, targets, overflow)
            except ValueError:
                return
            if loses(final):
                return
            c, r, s = score(problem, final, _spent(problem, targets))
            key = (c, -r, s)
            if best is None or key < best:
                best = key
            return
        event = problem.events[i]
        room = TRACK_MAX - current[event.player]
        own = min(event.amount, room)
        rest = event.amount - own
        others = [p for p in players if p != event.player]
        for split in _splits(rest, others):
            if any(current[p] + n > TRACK_MAX for p, n in split.items()):
                continue
            nxt = dict(current)
            nxt[event.player] += own
            for p, n in split.items():
                nxt[p] += n
            walk(i + 1, targets, nxt, [*overflow, split])

    for targets in product(choices, repeat=len(problem.heals)):
        healed = _healed(problem, targets)
        walk(0, list(targets), healed, [])
    return best
