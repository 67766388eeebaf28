"""The Temptation assignment: CP-SAT, Z3 and brute force agree on every instance, and every
plan is legal under the engine's own Temptation rules (the game's ``apply_temptation``)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from oracle.games import hell_of_a_deal as hod
from oracle.solve.cpsat.temptation import Suffering, TemptationProblem, brute_force, healing_floor, solve
from oracle.solve.smt.temptation import explain_infeasible, z3_solve


def problem(levels, events, heals=(), no_healing=False) -> TemptationProblem:
    return TemptationProblem(levels=tuple(levels.items()),
                             events=tuple(Suffering.parse(e) for e in events),
                             heals=tuple(heals), no_healing=no_healing)


def replay_with_engine_rules(p: TemptationProblem, plan) -> dict[str, int]:
    """Heals with the game's ``heal_temptation``, events with its ``apply_temptation``
    (which checks the overflow placement and raises on a broken rule)."""
    levels = dict(p.levels)
    for amount, target in zip(p.heals, plan.heal_targets):
        if target is not None:
            levels[target] = hod.heal_temptation(levels[target], amount)
    for event, take in zip(p.events, plan.takes):
        overflow = {name: n for name, n in take if name != event.player and n}
        levels = hod.apply_temptation(levels, event.player, event.amount, overflow or None)
    return levels


def checked(p: TemptationProblem):
    """The CP-SAT answer, after checking that Z3 and brute force agree with it."""
    cp, z, best = solve(p), z3_solve(p), brute_force(p)
    assert (cp.status == "infeasible") == (z.status == "infeasible") == (best is None), p
    if best is not None:
        assert cp.objective() == z.objective() == best, p
        assert replay_with_engine_rules(p, cp.plan) == dict(cp.plan.final)
    return cp


def test_healing_floor_is_the_engines():
    for level in range(11):
        assert healing_floor(level) == hod.healing_floor(level)


def test_a_player_at_10_passes_the_temptation_to_another():
    # "If you suffer Temptation and are already at 10, the Temptation must be suffered by
    # another player."
    p = problem({"Anna": 10, "Ben": 7, "Cleo": 2}, ["Anna suffers 2"])
    answer = checked(p)
    assert answer.status == "optimal"
    final = dict(answer.plan.final)
    assert final["Anna"] == 10 and final["Ben"] + final["Cleo"] == 11
    # Cleo takes both: no Flame Barrier crossed, and Ben keeps 3 spaces.
    assert final == {"Anna": 10, "Ben": 7, "Cleo": 4}
    assert answer.barriers_crossed == 0 and answer.min_room == 3
    assert replay_with_engine_rules(p, answer.plan) == final


def test_no_room_for_the_overflow_is_infeasible_and_names_the_facts():
    p = problem({"Anna": 10, "Ben": 9, "Cleo": 9}, ["Anna suffers 3"])
    answer = checked(p)
    assert answer.status == "infeasible"
    assert set(answer.reasons) == {"Anna is at 10", "Ben is at 9", "Cleo is at 9", "event 1: Anna suffers 3"}


def test_heal_before_the_temptation_lands_saves_the_team():
    # Anna is at 10, so nobody else may reach it: Ben (9) and Cleo (7) can take only 0 + 2.
    assert checked(problem({"Anna": 10, "Ben": 9, "Cleo": 7}, ["Anna suffers 3"])).status == "infeasible"
    p = problem({"Anna": 10, "Ben": 9, "Cleo": 7}, ["Anna suffers 3"], heals=[1])
    answer = checked(p)
    assert answer.status == "optimal"
    assert answer.plan.heal_targets[0] in ("Ben", "Cleo")  # either heal leaves room for 3
    assert dict(answer.plan.final) == {"Anna": 10, "Ben": 9, "Cleo": 9}


def test_nick_hauss_forbids_the_heal_that_would_save_the_team():
    # Nick Hauss: "Players cannot heal Temptation."
    p = problem({"Anna": 10, "Ben": 9, "Cleo": 7}, ["Anna suffers 3"], heals=[1], no_healing=True)
    answer = checked(p)
    assert answer.status == "infeasible"
    assert "players cannot heal (Nick Hauss)" in answer.reasons


def test_a_heal_never_moves_a_token_back_through_a_flame_barrier():
    # "a player passing into the 5th space or the 10th can never move back below those
    # thresholds": a heal on Ben at 5 does nothing, so the team still loses.
    p = problem({"Anna": 10, "Ben": 5, "Cleo": 10}, ["Ben suffers 1"], heals=[2])
    assert checked(p).status == "infeasible"
    q = problem({"Anna": 10, "Ben": 9, "Cleo": 9}, ["Anna suffers 2"], heals=[2, 2])
    answer = checked(q)
    assert answer.status == "optimal"
    assert dict(answer.plan.healed)["Ben"] >= 5 and dict(answer.plan.healed)["Cleo"] >= 5


def test_the_objective_prefers_no_barrier_crossed():
    p = problem({"Anna": 10, "Ben": 4, "Cleo": 6}, ["Anna suffers 1"])
    answer = checked(p)
    assert dict(answer.plan.final)["Cleo"] == 7  # Ben would cross the barrier at 5
    assert answer.barriers_crossed == 0


def test_unsat_core_is_minimal():
    p = problem({"Anna": 10, "Ben": 10, "Cleo": 0}, ["Cleo suffers 1"])
    assert checked(p).status == "infeasible"
    assert explain_infeasible(p) == ["Anna is at 10", "Ben is at 10"]


def test_scenario_instances_agree_with_z3_and_brute_force():
    from pathlib import Path

    import yaml

    from oracle.games import hell_of_a_deal as hod
    from oracle.registry import QuestionContext, find_game, question_kinds

    game = find_game("hell-of-a-deal")
    seen = 0
    path = Path(__file__).resolve().parents[1] / "scenarios" / "hell-of-a-deal" / "solver-temptation.scenario.yaml"
    for doc in yaml.safe_load_all(path.read_text()):
        state = hod.load_position(doc["position"], game.default_rules())
        for q in doc["questions"]:
            params = {k: v for k, v in q["ask"].items() if k != "kind"}
            ctx = QuestionContext(game=game, rules=game.default_rules(), position=doc["position"],
                                  state=state, params=params)
            from oracle.games.hell_of_a_deal.questions.solvers import _events, _heals

            p = TemptationProblem(levels=tuple(state.levels().items()), events=tuple(_events(ctx, state)),
                                  heals=_heals(ctx), no_healing=state.boss.no_healing)
            answer = question_kinds("hell-of-a-deal")[q["ask"]["kind"]].handler(ctx).answer
            cp = checked(p)
            assert answer["status"] == cp.status
            seen += 1
    assert seen == 4


def random_instance(rng: random.Random) -> TemptationProblem:
    names = ["Anna", "Ben", "Cleo", "Dan"][: rng.randint(2, 4)]
    levels = {n: rng.choice([0, 2, 4, 5, 6, 8, 9, 9, 10]) for n in names}
    events = [f"{rng.choice(names)} suffers {rng.randint(1, 4)}" for _ in range(rng.randint(1, 3))]
    heals = [rng.choice([1, 1, 2]) for _ in range(rng.randint(0, 2))]
    return problem(levels, events, heals, no_healing=rng.random() < 0.15)


@pytest.mark.parametrize("chunk", range(4))
def test_cp_sat_z3_and_brute_force_agree_on_random_instances(chunk):
    rng = random.Random(1000 + chunk)
    infeasible = 0
    for _ in range(50):
        p = random_instance(rng)
        cp = solve(p)
        z = z3_solve(p)
        best = brute_force(p)
        assert (cp.status == "infeasible") == (z.status == "infeasible") == (best is None), p
        if best is None:
            infeasible += 1
            assert cp.reasons, p
            continue
        assert cp.status == "optimal"
        assert cp.objective() == z.objective() == best, p
        final = dict(cp.plan.final)
        assert replay_with_engine_rules(p, cp.plan) == final
        assert replay_with_engine_rules(p, z.plan) == dict(z.plan.final)
        assert not hod.team_lost_to_temptation(final)
    assert 0 < infeasible < 50


def test_the_same_question_gives_the_same_plan():
    p = problem({"Anna": 10, "Ben": 3, "Cleo": 3, "Dan": 3}, ["Anna suffers 3"], heals=[1])
    assert solve(p).plan == solve(p).plan


def test_solvers_are_not_imported_by_the_light_modules():
    code = ("import sys, oracle.games.hell_of_a_deal, oracle.solve.cpsat.temptation, oracle.solve.smt.temptation, "
            "oracle.solve.exact.holdem, oracle.solve.cpsat.team_swap, oracle.eval; "
            "bad = [m for m in ('z3', 'ortools', 'numpy') if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_time_limit_reached_with_nothing_proven_is_an_honest_unknown():
    names = [f"P{i}" for i in range(8)]
    p = TemptationProblem(levels=tuple((n, 10 if i == 0 else 3 + i % 6) for i, n in enumerate(names)),
                          events=tuple(Suffering(player=names[i % 8], amount=3) for i in range(12)),
                          heals=(1, 2, 1, 1, 2))
    answer = solve(p, time_limit=1e-6)
    assert answer.status == "unknown" and answer.plan is None and answer.notes
    assert solve(p).status == z3_solve(p).status == "infeasible"
