"""The coal-stop dynamic program (and the distribution of a round's highest haul built on it)
against independent answers: the published value of the red-and-black card game, brute force
over every draw order, and the one-step rule."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from oracle.solve.dp.coal import (
    Oven,
    haul_objective,
    one_step_rule_draws,
    one_step_threshold,
    reach_probabilities,
    solve_turn,
    target_objective,
    threshold_table,
)
from oracle.solve.exact.highest_haul import TurnPolicy, highest_haul_distribution, turn_outcomes

# The published coal set of Auf Teufel komm raus (Zoch, 2013): 2 x 100, 3 x 75, 7 x 50, 9 x 25,
# 9 x 20, 9 x 10 (1,270 in all) and 9 devils, written out here so that the solver is tested on
# plain input.
FULL_OVEN = Oven.of({100: 2, 75: 3, 50: 7, 25: 9, 20: 9, 10: 9}, devils=9)


def test_red_and_black_card_game_value_is_2_624475548993925():
    # 26 cards worth +1 and 26 worth -1, stop whenever you like (even before the first card):
    # the optimal expected gain is 2.624475548993925 (Chen & Starr, "Optimal stopping in an
    # urn", Annals of Probability 1980; OEIS-style tables of the 'red and black' game).
    deck = Oven.of({1: 26, -1: 26}, devils=0)
    solution = solve_turn(deck, haul_objective, must_draw_first=False)
    assert solution.start_value == pytest.approx(2.624475548993925, abs=1e-12)


def test_red_and_black_small_decks_match_fractions():
    # 2 red, 2 black: stop after a first red (+1) else keep going; value 2/3.
    deck = Oven.of({1: 2, -1: 2}, devils=0)
    exact = solve_turn(deck, haul_objective, must_draw_first=False, exact=True)
    assert exact.start_value == Fraction(2, 3)


def _brute_force_by_orders(pieces: list[int | None], stop_value, devil_value, must_draw_first=True):
    """Optimal value over every ordering of the pieces (all equally likely), computed on the
    tree of prefixes: a prefix's value is the best of stopping and the average over the
    orders that continue it. ``None`` is a devil. Independent of the DP's counting."""
    orders = list(itertools.permutations(range(len(pieces))))

    def value(prefix_orders: list[tuple[int, ...]], depth: int, haul: int) -> Fraction:
        stop = Fraction(stop_value(haul, depth))
        if depth == len(pieces):
            return stop
        groups: dict[int | None, list[tuple[int, ...]]] = {}
        for order in prefix_orders:
            groups.setdefault(pieces[order[depth]], []).append(order)
        total = Fraction(0)
        for piece, members in groups.items():
            weight = Fraction(len(members), len(prefix_orders))
            if piece is None:
                total += weight * Fraction(devil_value)
            else:
                total += weight * value(members, depth + 1, haul + piece)
        if depth == 0 and must_draw_first:
            return total
        return max(stop, total)

    return value(orders, 0, 0)


SMALL_OVENS = [
    Oven.of({50: 1, 25: 2, 10: 1}, devils=2),
    Oven.of({100: 1, 20: 2}, devils=1),
    Oven.of({30: 2, 10: 2}, devils=3),
    Oven.of({1: 3, -1: 3}, devils=0),
]


@pytest.mark.parametrize("oven", SMALL_OVENS, ids=str)
def test_dp_agrees_with_brute_force_over_every_draw_order(oven):
    pieces = [v for v, c in zip(oven.values, oven.counts) for _ in range(c)] + [None] * oven.devils
    for stop_value in (haul_objective, target_objective(60)):
        dp = solve_turn(oven, stop_value, exact=True)
        assert dp.start_value == _brute_force_by_orders(pieces, stop_value, 0)


def test_dp_agrees_with_brute_force_with_a_devil_penalty_and_a_bonus_step():
    oven = Oven.of({50: 1, 25: 2, 10: 1}, devils=2)
    pieces = [50, 25, 25, 10, None, None]

    def chips(haul: int, count: int) -> int:
        return (40 if haul >= 50 else -40) + (50 if count >= 2 else 0)

    dp = solve_turn(oven, chips, devil_value=-90, exact=True)
    assert dp.start_value == _brute_force_by_orders(pieces, chips, -90)


def _random_oven(rng: random.Random) -> Oven:
    values = rng.sample([5, 10, 20, 25, 50, 75, 100], rng.randint(1, 4))
    return Oven.of({v: rng.randint(0, 3) for v in values}, devils=rng.randint(0, 4))


def test_one_step_rule_agrees_with_the_full_dp_on_random_small_ovens():
    # Objective (a): draw exactly when the numbered value left exceeds devils left x haul.
    rng = random.Random(2013)
    for _ in range(150):
        oven = _random_oven(rng)
        dp = solve_turn(oven, haul_objective, exact=True)
        for counts, stops in dp.stops.items():
            if dp.pieces(counts) == 0:
                continue
            now = oven.with_counts(counts)
            assert stops == (not one_step_rule_draws(now, dp.haul(counts))), (oven, counts)


def test_one_step_threshold_is_value_over_devils_plus_one():
    assert one_step_threshold(FULL_OVEN) == Fraction(1270, 10)
    assert one_step_threshold(Oven.of({10: 3}, devils=0)) is None


def test_threshold_table_for_the_full_oven_stops_from_127_on():
    dp = solve_turn(FULL_OVEN, haul_objective)
    rows = threshold_table(dp)
    for row in rows:
        assert not row.exceptions
        if row.stop_from is not None:
            assert row.stop_from >= 127
        if row.draw_hauls:
            assert row.draw_hauls[1] < 127


def test_reach_probabilities_match_the_dp_for_each_target():
    oven = Oven.of({50: 2, 25: 3, 20: 2, 10: 3}, devils=3)
    all_targets = reach_probabilities(oven, range(0, 205, 5))
    for target in (10, 35, 60, 95, 150, 200):
        dp = solve_turn(oven, target_objective(target))
        assert all_targets[target] == pytest.approx(dp.start_value, abs=1e-12)


def test_reach_probability_for_the_full_oven_matches_the_dp_at_200():
    reach = reach_probabilities(FULL_OVEN, [200])
    dp = solve_turn(FULL_OVEN, target_objective(200))
    assert reach[200] == pytest.approx(dp.start_value, abs=1e-12)


def test_target_policy_is_draw_until_reached():
    oven = Oven.of({50: 2, 25: 3, 10: 3}, devils=2)
    dp = solve_turn(oven, target_objective(75))
    for counts, stops in dp.stops.items():
        haul = dp.haul(counts)
        if dp.pieces(counts) and haul + oven.with_counts(counts).value >= 75:
            assert stops == (haul >= 75)


def test_turn_outcomes_sum_to_one_and_follow_the_policy():
    oven = Oven.of({50: 2, 25: 3, 10: 3}, devils=2)
    outs = turn_outcomes(oven, TurnPolicy("threshold", 60))
    assert sum(outs.values()) == pytest.approx(1.0)
    for (_, devils, haul, pieces), _p in outs.items():
        assert devils == 1 and haul == 0 or haul >= 60 or pieces == 8


def test_turn_outcomes_expected_haul_equals_dp_value_under_the_one_step_rule():
    oven = Oven.of({50: 2, 25: 3, 20: 1, 10: 3}, devils=3)
    outs = turn_outcomes(oven, TurnPolicy("max-haul"))
    expected = sum(p * haul for (_, _, haul, _), p in outs.items())
    assert expected == pytest.approx(solve_turn(oven, haul_objective).start_value, abs=1e-12)


def _simulate_highest(oven, thresholds, rng):
    pieces = [v for v, c in zip(oven.values, oven.counts) for _ in range(c)] + [None] * oven.devils
    rng.shuffle(pieces)
    best, at = 0, 0
    for threshold in thresholds:
        haul = 0
        while at < len(pieces):
            piece = pieces[at]
            at += 1
            if piece is None:
                haul = 0
                break
            haul += piece
            if haul >= threshold:
                break
        best = max(best, haul)
    return best


def test_highest_haul_distribution_exact_matches_enumeration_of_all_orders():
    oven = Oven.of({50: 1, 25: 2, 10: 2}, devils=2)
    pieces = [50, 25, 25, 10, 10, None, None]
    policies = [TurnPolicy("threshold", 35), TurnPolicy("threshold", 50)]
    dist = highest_haul_distribution(oven, policies)
    assert dist.method == "exact"
    tally: dict[int, Fraction] = {}
    orders = list(itertools.permutations(range(len(pieces))))
    for order in orders:
        seq = [pieces[i] for i in order]
        best, at = 0, 0
        for threshold in (35, 50):
            haul = 0
            while at < len(seq):
                piece = seq[at]
                at += 1
                if piece is None:
                    haul = 0
                    break
                haul += piece
                if haul >= threshold:
                    break
            best = max(best, haul)
        tally[best] = tally.get(best, 0) + Fraction(1, len(orders))
    assert set(dist.distribution) == set(tally)
    for haul, p in tally.items():
        assert dist.distribution[haul] == pytest.approx(float(p), abs=1e-12)


def test_highest_haul_distribution_falls_back_to_labelled_sampling():
    oven = Oven.of({50: 3, 25: 4, 10: 4}, devils=3)
    policies = [TurnPolicy("max-haul")] * 3
    exact = highest_haul_distribution(oven, policies)
    sampled = highest_haul_distribution(oven, policies, max_states=10, samples=4000, seed=1)
    assert exact.method == "exact" and sampled.method == "monte-carlo"
    mean_exact = sum(h * p for h, p in exact.distribution.items())
    mean_sampled = sum(h * p for h, p in sampled.distribution.items())
    assert mean_sampled == pytest.approx(mean_exact, abs=3.0)


def test_reach_table_policy_is_the_dp_policy_at_every_state():
    from oracle.solve.dp.coal import reach_table

    oven = Oven.of({50: 2, 25: 3, 20: 1, 10: 3}, devils=2)
    table = reach_table(oven, 150)
    for target in (40, 75, 150):
        dp = solve_turn(oven, target_objective(target))
        for counts, stops in dp.stops.items():
            if dp.pieces(counts):
                assert stops == (not table.draws(counts, dp.haul(counts), target)), (target, counts)
                haul = dp.haul(counts)
                if haul < target:
                    assert table.probability(counts, target - haul) == pytest.approx(dp.values[counts], abs=1e-12)


def test_full_oven_largest_expected_haul_matches_forward_enumeration_of_the_one_step_rule():
    # The DP's value (backward, over all states) against the expected haul of every way a
    # turn under the one-step rule can end (forward, merging equal ovens).
    oven = FULL_OVEN
    outs = turn_outcomes(oven, TurnPolicy("max-haul"))
    forward = sum(p * haul for (_, _, haul, _), p in outs.items())
    assert forward == pytest.approx(58.312651307049656, abs=1e-9)
    assert solve_turn(oven, haul_objective).start_value == pytest.approx(forward, abs=1e-9)
