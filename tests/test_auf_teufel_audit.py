"""Auf Teufel komm raus: the audit's findings (issue 12), one regression per example, each
checked against something independent of the solver (a count by hand, a brute force written
here, or a published value)."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from oracle.games.auf_teufel import GAME, HANDLERS, load_position
from oracle.registry import QuestionContext
from oracle.solve.dp.coal import Oven, haul_objective, solve_turn, target_objective

RULES = GAME.default_rules()


def ask(position, kind, rules=None, **params):
    rules = RULES | (rules or {})
    state = load_position(position, rules)
    return HANDLERS[kind](QuestionContext(GAME, rules, position, state, params))


# ---- point 5: a chance below 1e-9 is not zero ----------------------------------------------

# A full oven (39 numbered pieces worth 1,270 and 9 devils); A has turned over a 10.
AFTER_A_PULLS_10 = {"players": ["A", "B"], "history": ["A passes", "B passes", "A pulls 10"]}


def test_audit_5_chance_below_1e9_is_not_zero():
    # 1,270 needs every one of the 38 numbered pieces left before any of the 9 devils: of the
    # C(47, 9) equally likely places of the devils among the 47 pieces, only the last 9 do.
    chance = 1 / math.comb(47, 9)
    assert chance == pytest.approx(7.338646222098499e-10, rel=1e-15)
    answer = ask(AFTER_A_PULLS_10, "draw-or-stop", objective="target", target=1270)
    out = answer.answer
    assert out["best"] == "draw" and out["stop"] == 0.0 and out["forced"] is False
    assert out["draw"] == pytest.approx(chance, rel=1e-12)
    assert out["margin"] == pytest.approx(chance, rel=1e-12)
    assert "draw 7.34e-10" in answer.explanation


def test_audit_5_stop_policy_reports_the_chance_of_1270():
    # The turn is solved from its start, the full oven: all 39 numbered pieces before the
    # first of the 9 devils, 1/C(48, 9); and the policy draws at every haul below 1,270.
    out = ask(AFTER_A_PULLS_10, "stop-policy", objective="target", target=1270).answer
    assert out["value"] == pytest.approx(1 / math.comb(48, 9), rel=1e-12)
    rows = out["thresholds"]
    assert [r["pieces"] for r in rows] == list(range(1, 40))
    assert all(r["stop_from"] is None and r["exceptions"] == 0 for r in rows[:-1])
    assert rows[-1]["stop_from"] == 1270 and rows[-1]["draw_hauls"] is None


def test_audit_5_a_chance_of_1e_minus_23_is_drawn_for_and_valued():
    # 40 pieces worth 1 and 40 devils, target 40: every piece before any devil, 1/C(80, 40).
    oven = Oven.of({1: 40}, devils=40)
    solution = solve_turn(oven, target_objective(40))
    assert solution.start_value == pytest.approx(1 / math.comb(80, 40), rel=1e-12)
    assert not any(stop for counts, stop in solution.stops.items() if sum(counts))


def _brute_force_turn(pieces, stop_value, devil_value):
    """The optimal value over every order of ``pieces`` (None: a devil), all equally likely,
    first piece compulsory: a prefix is worth the best of stopping and the mean over the
    orders that continue it, in exact fractions."""

    def value(orders, depth, haul):
        stop = Fraction(stop_value(haul, depth))
        if depth == len(pieces):
            return stop
        groups = {}
        for order in orders:
            groups.setdefault(pieces[order[depth]], []).append(order)
        total = Fraction(0)
        for piece, members in groups.items():
            weight = Fraction(len(members), len(orders))
            total += weight * (Fraction(devil_value) if piece is None else value(members, depth + 1, haul + piece))
        return total if depth == 0 else max(stop, total)

    return value(list(itertools.permutations(range(len(pieces)))), 0, 0)


def test_audit_5_the_largest_targets_agree_with_a_brute_force_over_every_order():
    # The largest target each small oven can make: its chance is the smallest there is.
    for numbered, devils in (({50: 1, 25: 2, 10: 1}, 3), ({100: 1, 20: 2}, 4), ({30: 2, 10: 2}, 3)):
        oven = Oven.of(numbered, devils)
        pieces = [v for v, c in numbered.items() for _ in range(c)] + [None] * devils
        target = oven.value
        exact = _brute_force_turn(pieces, target_objective(target), 0)
        assert solve_turn(oven, target_objective(target)).start_value == pytest.approx(float(exact), rel=1e-12)


def test_audit_5_float_dp_decides_every_state_as_the_exact_dp_does():
    # The rounding tolerance is relative, so real margins of any size are kept and only
    # ties on paper (the exact DP's draw == stop) go to stopping.
    rng = random.Random(5)
    for _ in range(60):
        values = rng.sample([5, 10, 20, 25, 50, 75, 100], rng.randint(1, 4))
        oven = Oven.of({v: rng.randint(0, 3) for v in values}, devils=rng.randint(0, 4))
        bonus = rng.choice([0, 10, 50])
        objectives = [
            (haul_objective, 0),
            (target_objective(rng.randint(0, max(1, oven.value))), 0),
            (lambda h, k, b=bonus: (40 if h >= 50 else -40) + (b if k >= 2 else 0), -90),
        ]
        for stop_value, devil in objectives:
            exact = solve_turn(oven, stop_value, devil, exact=True)
            floating = solve_turn(oven, stop_value, devil)
            assert floating.stops == exact.stops, oven
            assert floating.start_value == pytest.approx(float(exact.start_value), rel=1e-12, abs=1e-12)


def test_audit_5_bet_advice_ties_only_within_rounding_of_the_stake():
    from oracle.games.auf_teufel.questions.solvers import best_bet

    assert best_bet({0: 0.0, 10: 1e-17, 20: -5.0}) == 0  # 1e-17 on a stake of 10 is rounding
    assert best_bet({0: 0.0, 10: 7.3e-9, 20: -5.0}) == 10  # a real gain, however small
    assert best_bet({0: -1.0, 10: 3.0, 20: 3.0 + 1e-15}) == 10
