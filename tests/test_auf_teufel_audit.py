"""Auf Teufel komm raus: the audit's findings (issue 12), one regression per example, each
checked against something independent of the solver (a count by hand, a brute force written
here, or a published value)."""

from __future__ import annotations

import itertools
import math
import random
import time
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
    assert "7.34e-10 by drawing" in answer.explanation


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
    from oracle.games.auf_teufel import best_bet

    assert best_bet({0: 0.0, 10: 1e-17, 20: -5.0}) == 0  # 1e-17 on a stake of 10 is rounding
    assert best_bet({0: 0.0, 10: 7.3e-9, 20: -5.0}) == 10  # a real gain, however small
    assert best_bet({0: -1.0, 10: 3.0, 20: 3.0 + 1e-15}) == 10


# ---- point 20: any piece values, an optional first draw -------------------------------------


def _red_and_black(reds: int, blacks: int) -> dict[tuple[int, int], tuple[Fraction, bool]]:
    """The classic recursion, written on (red left, black left) in exact fractions: a red
    card is worth +1, a black -1, and you may stop at any time. Returns per state its value
    and whether stopping is optimal (ties stop)."""
    table: dict[tuple[int, int], tuple[Fraction, bool]] = {}
    for r in range(reds + 1):
        for b in range(blacks + 1):
            gain = Fraction((reds - r) - (blacks - b))
            if r + b == 0:
                table[r, b] = (gain, True)
                continue
            draw = Fraction(0)
            if r:
                draw += Fraction(r, r + b) * table[r - 1, b][0]
            if b:
                draw += Fraction(b, r + b) * table[r, b - 1][0]
            table[r, b] = (gain, True) if gain >= draw else (draw, False)
    return table


def test_audit_20_red_and_black_card_game_value_is_2_624475548993925():
    # Published: 2.624475548993925 (Chen and Starr, "Optimal stopping in an urn", Annals of
    # Probability 8, 1980). The classic recursion here gives it exactly; the coal DP, fed
    # pieces worth +1 and -1 and an optional first draw, agrees at every state.
    classic = _red_and_black(26, 26)
    assert float(classic[26, 26][0]) == pytest.approx(2.624475548993925, abs=1e-15)
    deck = Oven.of({1: 26, -1: 26}, devils=0)
    solution = solve_turn(deck, haul_objective, must_draw_first=False)
    assert solution.start_value == pytest.approx(2.624475548993925, abs=1e-12)
    for (r, b), (value, stops) in classic.items():
        assert solution.values[r, b] == pytest.approx(float(value), abs=1e-12), (r, b)
        assert solution.stops[r, b] == stops, (r, b)


RED_AND_BLACK = {"players": ["Anna", "Ben"], "coal_set": {1: 26, -1: 26, "devils": 0}, "history": ["Anna passes", "Ben passes"]}


def test_audit_20_red_and_black_through_the_games_questions():
    classic = _red_and_black(26, 26)
    optional = ask(RED_AND_BLACK, "stop-policy", rules={"first_pull": "optional"}).answer
    assert optional["value"] == pytest.approx(2.624475548993925, abs=1e-12)
    start_row = optional["thresholds"][0]
    assert start_row["pieces"] == 0 and start_row["draw_hauls"] == [0, 0]
    # After 6 cards the policy stops only on a lead of 6 (classic: stop at (20, 26), draw at (21, 25)).
    assert classic[20, 26][1] and not classic[21, 25][1]
    assert optional["thresholds"][6]["stop_from"] == 6 and optional["thresholds"][6]["draw_hauls"] == [-6, 4]
    # With the first card compulsory the value is the mean over the first card.
    compulsory = ask(RED_AND_BLACK, "stop-policy").answer
    first_card = (classic[25, 26][0] + classic[26, 25][0]) / 2
    assert compulsory["value"] == pytest.approx(float(first_card), abs=1e-12)
    assert compulsory["thresholds"][0]["pieces"] == 1


NEGATIVE = {
    "players": ["Anna", "Ben"],
    "coal_set": {-10: 2, 0: 1, 20: 1, "devils": 1},
    "history": ["Anna bets 10", "Ben passes"],
}


def test_audit_20_pieces_worth_zero_or_less_are_read_played_and_settled():
    from oracle.games.auf_teufel import Action, do_action, settle_round

    assert str(Action.parse("Anna pulls -10")) == "Anna pulls -10"
    pulled = NEGATIVE | {"history": NEGATIVE["history"] + ["Anna pulls -10", "Anna pulls 0"]}
    state = load_position(pulled, RULES)
    assert (state.players[0].haul, state.players[0].pieces) == (-10, 2)
    assert ask(pulled, "legal-moves").answer["moves"] == ["Anna pulls 20", "Anna pulls -10", "Anna pulls devil", "Anna stops"]
    total = sum(p.chips for p in state.players) + state.bank
    for line in ("Anna stops", "Ben pulls 20", "Ben stops"):
        do_action(state, Action.parse(line))
    out = settle_round(state)
    # Ben's 20 is the highest haul; Anna's 10, the highest bet, is reached: paid double.
    assert out["highest_haul"] == 20 and out["bets"][0]["result"] == "won double"
    assert out["bonuses"] == {"highest_haul": ["Ben"], "most_pieces": ["Anna"]}
    assert sum(p["chips"] for p in out["players"]) + out["bank"] == total


def test_audit_20_negative_pieces_agree_with_a_brute_force_over_every_order():
    numbered = {-10: 2, 0: 1, 20: 1, 5: 1}
    oven = Oven.of(numbered, devils=1)
    pieces = [v for v, c in numbered.items() for _ in range(c)] + [None]
    for stop_value, devil in ((haul_objective, 0), (target_objective(15), 0), (lambda h, k: h + 3 * k, -7)):
        exact = _brute_force_turn(pieces, stop_value, devil)
        assert solve_turn(oven, stop_value, devil, exact=True).start_value == exact


def test_audit_20_max_haul_policy_is_the_optimal_one_with_negative_pieces():
    from oracle.solve.exact.highest_haul import TurnPolicy, turn_outcomes

    for numbered, devils in (({2: 3, -1: 3}, 1), ({1: 4, -1: 4}, 0), ({30: 1, -20: 2, 10: 1}, 1)):
        oven = Oven.of(numbered, devils)
        for first in (True, False):
            outs = turn_outcomes(oven, TurnPolicy("max-haul"), must_draw_first=first)
            expected = sum(p * haul for (_, _, haul, _), p in outs.items())
            best = solve_turn(oven, haul_objective, must_draw_first=first, exact=True).start_value
            assert expected == pytest.approx(float(best), abs=1e-12), (oven, first)


def test_audit_20_highest_haul_distribution_with_negative_pieces_and_an_optional_first_draw():
    # Against every order of the pieces, each turn played by the same policies.
    from oracle.solve.exact.highest_haul import TurnPolicy, highest_haul_distribution

    numbered, devils = {2: 2, -1: 2}, 1
    oven = Oven.of(numbered, devils)
    pieces = [v for v, c in numbered.items() for _ in range(c)] + [None] * devils
    policies = [TurnPolicy("threshold", 2), TurnPolicy("target", 3)]
    for first in (True, False):
        dist = highest_haul_distribution(oven, policies, None, must_draw_first=first)
        orders = list(itertools.permutations(range(len(pieces))))
        tally: dict[int, Fraction] = {}
        for order in orders:
            seq = [pieces[i] for i in order]
            at, best = 0, None
            for policy in policies:
                start = oven.with_counts(tuple(oven.counts[j] - sum(1 for x in seq[:at] if x == v) for j, v in enumerate(oven.values)),
                                         devils - seq[:at].count(None))
                now, haul = start, 0
                pulling = first or not policy.stops(start, now, 0)
                while pulling and at < len(seq):
                    piece = seq[at]
                    at += 1
                    if piece is None:
                        haul = 0
                        break
                    now, haul = now.without(piece), haul + piece
                    if policy.stops(start, now, haul):
                        break
                best = haul if best is None else max(best, haul)
            tally[best] = tally.get(best, 0) + Fraction(1, len(orders))
        assert set(dist.distribution) == set(tally), first
        for haul, p in tally.items():
            assert dist.distribution[haul] == pytest.approx(float(p), abs=1e-12)


def test_audit_20_target_policy_gives_up_only_when_the_pieces_worth_more_than_0_cannot_make_it():
    from oracle.solve.exact.highest_haul import TurnPolicy

    policy = TurnPolicy("target", 3)
    start = Oven.of({2: 2, -1: 2}, devils=0)
    # A 2 and a -1 pulled (haul 1); a 2 and a -1 left, worth 1 together, but the 2 alone makes 3.
    assert not policy.stops(start, start.with_counts((1, 1)), 1)
    start = Oven.of({2: 1, -1: 2}, devils=0)
    # The 2 and a -1 pulled (haul 1); only a -1 left: 3 is out of reach.
    assert policy.stops(start, start.with_counts((0, 1)), 1)


def test_audit_20_one_step_rule_stop_from_is_null_only_without_devils_and_negative_pieces():
    from oracle.solve.dp.coal import one_step_threshold

    assert one_step_threshold(Oven.of({50: 1, 25: 1}, devils=0)) is None
    assert one_step_threshold(Oven.of({50: 1, 0: 2}, devils=0)) is None
    assert one_step_threshold(Oven.of({1: 26, -1: 26}, devils=0)) == 0
    assert one_step_threshold(Oven.of({2: 1, -1: 1}, devils=1)) == Fraction(1, 2)


def test_audit_20_first_pull_optional_lets_a_player_end_the_turn_with_nothing():
    from oracle.errors import IllegalActionError
    from oracle.games.auf_teufel import Action, do_action

    position = {"players": ["Anna", "Ben"], "oven": {50: 1, "devils": 1}, "history": ["Anna passes", "Ben passes"]}
    with pytest.raises(IllegalActionError, match="first_pull: compulsory"):
        do_action(load_position(position, RULES), Action.parse("Anna stops"))
    state = load_position(position, RULES | {"first_pull": "optional"})
    do_action(state, Action.parse("Anna stops"))
    assert state.current().name == "Ben" and state.players[0].haul == 0 and state.oven.pieces == 2
    # Drawing first is worth 1/2 x 50; stopping 0: the answer is no longer 'forced'.
    out = ask(position, "draw-or-stop", rules={"first_pull": "optional"}).answer
    assert (out["stop"], out["draw"], out["best"], out["forced"]) == (0.0, 25.0, "draw", False)


@pytest.mark.parametrize(
    "oven, path, words",
    [
        ({"ten": 2}, ("coal_set", "ten"), "whole number"),
        ({"1.5": 2}, ("coal_set", "1.5"), "whole number"),
        ({True: 2}, ("coal_set", True), "whole number"),
        ({10**6: 1}, ("coal_set", 10**6), "at most 100,000"),
        ({-(10**6): 1}, ("coal_set", -(10**6)), "at most 100,000"),
        ({10: 201}, ("coal_set", 10), "at most 200"),
        ({10: 150, 20: 60}, ("coal_set",), "at most 200 pieces"),
    ],
)
def test_audit_20_an_invented_piece_is_a_bounded_whole_number(oven, path, words):
    from oracle.errors import FieldError

    with pytest.raises(FieldError) as err:
        load_position({"players": ["Anna", "Ben"], "coal_set": oven}, RULES)
    assert err.value.path == path and words in err.value.message


# ---- point 14: every solver question honours one time budget --------------------------------


FULL_OVEN_THREE = {"players": ["A", "B", "C"], "history": ["A passes", "B passes", "C passes"]}
# 18 piece values of 9 each: 10^18 states, far more than any time limit allows.
HUGE_OVEN = {"players": ["A", "B"], "coal_set": {v: 9 for v in range(5, 95, 5)} | {"devils": 9},
             "history": ["A passes", "B passes"]}


def timed(position, kind, **params):
    started = time.monotonic()
    answer = ask(position, kind, **params)
    return answer, time.monotonic() - started


@pytest.mark.parametrize("kind", ["draw-or-stop", "stop-policy"])
def test_audit_14_a_turn_too_large_for_the_time_limit_is_unknown_not_a_hang(kind):
    answer, took = timed(HUGE_OVEN, kind, time_limit=0.2)
    out = answer.answer
    assert took < 5.0  # 0.2 s asked; the slack is for a loaded machine, not for the solver
    assert (out["exact"], out["bound"], out["time_limit"]) == (False, "time_limit", 0.2)
    assert "no answer within the time limit of 0.2 s" in answer.explanation
    if kind == "draw-or-stop":
        # Before the first piece nothing is known: stopping is not allowed, drawing unsolved.
        assert (out["stop"], out["draw"], out["best"], out["forced"]) == (None, None, None, True)
    else:
        assert out["value"] is None and out["thresholds"] is None


def test_audit_14_draw_or_stop_out_of_time_still_gives_the_stop_value():
    position = HUGE_OVEN | {"history": HUGE_OVEN["history"] + ["A pulls 50", "A pulls 25"]}
    out = ask(position, "draw-or-stop", time_limit=0.2).answer
    assert (out["stop"], out["draw"], out["best"], out["forced"], out["exact"]) == (75.0, None, None, False, False)


def test_audit_14_stop_policy_out_of_time_draws_no_picture(tmp_path):
    state = load_position(HUGE_OVEN, RULES)
    ctx = QuestionContext(GAME, RULES, HUGE_OVEN, state, {"plot": "p.svg", "time_limit": 0.2}, output_dir=tmp_path)
    out = HANDLERS["stop-policy"](ctx).answer
    assert out["plot"] is None and out["plot_note"] == "not drawn: the time limit was reached"
    assert list(tmp_path.iterdir()) == []


def test_audit_14_bet_advice_samples_what_the_time_limit_allows_and_says_so():
    answer, took = timed(FULL_OVEN_THREE, "bet-advice", player="B", time_limit=0.3)
    out = answer.answer
    assert took < 5.0
    assert (out["method"], out["exact"], out["bound"]) == ("monte-carlo", False, "time_limit")
    assert 0 < out["samples"] < 20_000
    assert sum(row["probability"] for row in out["distribution"]) == pytest.approx(1.0)
    assert f"{out['samples']:,} rounds sampled; the time limit was reached" in answer.explanation


def test_audit_14_bet_advice_with_no_time_for_one_round_is_unknown():
    out = ask(FULL_OVEN_THREE, "bet-advice", player="B", time_limit=1e-9).answer
    assert (out["samples"], out["distribution"], out["best_bet"], out["expected_gain"], out["gains"]) == (0, [], None, None, {})
    assert (out["exact"], out["bound"]) == (False, "time_limit")


def test_audit_14_answers_within_the_limit_are_exact_and_say_so():
    small = {"players": ["A", "B"], "oven": {50: 1, 25: 1, "devils": 1}}
    out = ask(small, "bet-advice", player="A").answer
    assert (out["method"], out["exact"], out["bound"], out["time_limit"]) == ("exact", True, None, 60.0)
    out = ask(small, "bet-advice", player="A", max_states=1, samples=500).answer
    assert (out["method"], out["exact"], out["bound"], out["samples"]) == ("monte-carlo", False, "max_states", 500)
    pulling = small | {"history": ["A passes", "B passes", "A pulls 25"]}
    for kind in ("draw-or-stop", "stop-policy"):
        out = ask(pulling, kind, time_limit=5).answer
        assert (out["exact"], out["bound"], out["time_limit"]) == (True, None, 5.0)


@pytest.mark.parametrize("kind, extra", [("draw-or-stop", {}), ("stop-policy", {}), ("bet-advice", {"player": "A"})])
@pytest.mark.parametrize("limit", [float("nan"), float("inf"), 0, -1, "5", True, 10**6])
def test_audit_14_a_time_limit_is_a_finite_positive_number_named_if_not(kind, extra, limit):
    from oracle.errors import FieldError

    position = {"players": ["A", "B"], "oven": {50: 1, "devils": 1}, "history": ["A passes", "B passes", "A pulls 50"]}
    if kind == "bet-advice":
        position = {"players": ["A", "B"], "oven": {50: 1, "devils": 1}}
    with pytest.raises(FieldError) as err:
        ask(position, kind, time_limit=limit, **extra)
    assert err.value.path == ("time_limit",)


def test_audit_14_the_command_lines_time_limit_bounds_every_question(tmp_path):
    import json

    from click.testing import CliRunner

    from oracle.cli import main

    path = tmp_path / "slow.scenario.yaml"
    path.write_text(
        "game: auf-teufel-komm-raus\nname: slow\nposition:\n  players: [A, B, C]\n"
        "  history: [A passes, B passes, C passes]\nquestions:\n"
        "  - {id: d, ask: {kind: draw-or-stop, objective: chips}}\n"
        "  - {id: s, ask: {kind: stop-policy}}\n"
        "  - {id: b, ask: {kind: bet-advice, player: B, time_limit: 30}}\n"
    )
    started = time.monotonic()
    result = CliRunner().invoke(main, ["solve", "--json", "--time-limit", "0.05", str(path)])
    assert result.exit_code == 0, result.output
    assert time.monotonic() - started < 10.0
    answers = {a["id"]: a["answer"] for a in json.loads(result.output)["answers"]}
    assert all(a["exact"] is False and a["bound"] == "time_limit" and a["time_limit"] == 0.05 for a in answers.values())


def test_audit_14_the_round_solver_refuses_counts_past_its_caps():
    from oracle.solve.exact.highest_haul import MAX_STATES_LIMIT, SAMPLES_LIMIT, TurnPolicy, highest_haul_distribution

    oven = Oven.of({50: 1}, devils=1)
    for counts in ({"samples": SAMPLES_LIMIT + 1}, {"max_states": MAX_STATES_LIMIT + 1}, {"samples": 0}):
        with pytest.raises(ValueError):
            highest_haul_distribution(oven, [TurnPolicy("max-haul")], **counts)
