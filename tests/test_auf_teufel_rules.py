"""Auf Teufel komm raus: actions, phases, settlement and a random-round conformance test."""

from __future__ import annotations

import random

import pytest

from oracle.errors import FieldError, IllegalActionError, InvalidActionError, ScenarioError
from oracle.games.auf_teufel import (
    GAME,
    HANDLERS,
    Action,
    bet_result,
    can_do,
    chips_objective,
    do_action,
    legal_actions,
    load_position,
    pact_holders,
    settle_round,
    track_marks,
    track_space,
)
from oracle.registry import QuestionContext

RULES = GAME.default_rules()


def state_of(position, **rules):
    return load_position(position, RULES | rules)


def ask(position, kind, **params):
    rules = RULES
    state = load_position(position, rules)
    return HANDLERS[kind](QuestionContext(GAME, rules, position, state, params))


@pytest.mark.parametrize(
    "text", ["Anna bets 50", "Anna passes", "Anna pulls 25", "Anna pulls devil", "Anna stops", "Anna Lena pulls 100"]
)
def test_action_text_round_trips(text):
    assert str(Action.parse(text)) == text


@pytest.mark.parametrize(
    "text", ["Anna bets lots", "pulls 25", "Anna pulls", "Anna draws 10", "", "Anna bets ５０", "Anna pulls ²"]
)
def test_unreadable_action_is_invalid(text):
    # Amounts are ASCII digits, so that every line read prints back as it was written.
    with pytest.raises(InvalidActionError):
        Action.parse(text)


TWO = {"players": [{"name": "Anna", "chips": 200}, {"name": "Ben", "chips": 200}]}


def test_phase_1_a_stake_cannot_exceed_what_one_owns():
    state = state_of(TWO)
    with pytest.raises(IllegalActionError, match="owns 200"):
        do_action(state, Action.parse("Anna bets 210"))
    assert can_do(state, Action.parse("Anna bets 200"))
    assert not can_do(state, Action.parse("Anna bets 15"))


def test_phase_1_a_player_without_chips_cannot_bet():
    state = state_of({"players": [{"name": "Anna", "chips": 0}, {"name": "Ben"}]})
    with pytest.raises(IllegalActionError):
        do_action(state, Action.parse("Anna bets 10"))
    assert state.players[0].stake == 0


def test_phase_2_no_pulling_before_every_bet_is_in():
    state = state_of(TWO | {"history": ["Anna bets 10"]})
    with pytest.raises(IllegalActionError, match="not every bet"):
        do_action(state, Action.parse("Anna pulls 10"))


def test_phase_2_turn_starts_by_turning_over_a_piece():
    state = state_of(TWO | {"history": ["Anna passes", "Ben passes"]})
    with pytest.raises(IllegalActionError, match="must turn over"):
        do_action(state, Action.parse("Anna stops"))
    with pytest.raises(IllegalActionError, match="Anna's turn"):
        do_action(state, Action.parse("Ben pulls 10"))


def test_phase_2_a_piece_must_be_in_the_oven():
    state = state_of(TWO | {"oven": {"10": 1, "devils": 0}, "history": ["Anna passes", "Ben passes"]})
    with pytest.raises(IllegalActionError, match="no devil"):
        do_action(state, Action.parse("Anna pulls devil"))
    with pytest.raises(IllegalActionError, match="worth 50"):
        do_action(state, Action.parse("Anna pulls 50"))


def test_phase_2_a_devil_voids_the_haul_and_ends_the_turn():
    state = state_of(TWO | {"history": ["Anna passes", "Ben passes", "Anna pulls 100", "Anna pulls devil"]})
    assert state.players[0].haul == 0 and state.players[0].pieces == 0
    assert state.current().name == "Ben"


def test_pact_holders_are_paid_in_seating_order_from_the_pullers_left():
    position = {
        "players": [
            {"name": "Anna", "chips": 40, "pact": True},
            {"name": "Ben", "chips": 100},
            {"name": "Cara", "chips": 40, "pact": True},
        ],
        "start_player": "Ben",
        "history": ["Anna passes", "Ben passes", "Cara passes", "Ben pulls devil"],
    }
    payments = ask(position, "game-status").answer["payments"]
    assert [(p["from"], p["to"]) for p in payments] == [("Ben", "Cara"), ("Ben", "Anna")]


def test_a_staked_chip_does_not_pay_the_pact_unless_the_house_rule_says_so():
    position = {
        "players": [{"name": "Anna", "chips": 100}, {"name": "Ben", "chips": 40}],
        "history": ["Anna bets 60", "Ben passes", "Anna pulls devil"],
    }
    assert state_of(position).payments[0].payer == "bank"
    assert state_of(position, stake_pays_pact=True).payments[0].payer == "Anna"


def test_phase_3_bet_results():
    assert bet_result(50, 100, 100) == 50
    assert bet_result(100, 100, 100) == 200
    assert bet_result(150, 100, 150) == -150
    assert bet_result(100, 100, 150) == 100  # the highest bet lost: no double for anybody
    assert bet_result(0, 100, 100) == 0


def test_phase_4_track_spaces():
    marks = track_marks(RULES)
    assert track_space(0, marks) == "0-50"
    assert track_space(40, marks) == "0-50"
    assert track_space(50, marks) == "50"
    assert track_space(210, marks) == "200-250"
    assert track_space(1600, marks) == "1600"
    assert track_space(2000, marks) == "1600+"


def test_pact_goes_to_whoever_is_alone_in_last_place_or_on_0_50():
    marks = track_marks(RULES)
    assert pact_holders([200, 200, 200], marks) == [False, False, False]
    assert pact_holders([100, 200, 200], marks) == [True, False, False]
    assert pact_holders([110, 120, 300], marks) == [False, False, False]  # both on 100-150
    assert pact_holders([20, 30, 300], marks) == [True, True, False]  # both on 0-50


def test_settle_before_the_round_is_over_is_illegal():
    with pytest.raises(IllegalActionError, match="not over"):
        settle_round(state_of(TWO))


def test_bad_positions_name_the_field():
    with pytest.raises(ScenarioError) as err:
        state_of({"players": [{"name": "Anna", "chips": -10}, {"name": "Ben", "chips": 15}]})
    assert [p.path for p in err.value.problems] == [("players", 0, "chips"), ("players", 1, "chips")]
    with pytest.raises(FieldError) as one:
        state_of(TWO | {"history": ["Anna bets 500"]})
    assert one.value.path == ("history", 0)
    with pytest.raises(FieldError) as oven:
        state_of(TWO | {"oven": {"100": 3}})
    assert oven.value.path == ("oven", 100)


def test_bad_question_parameters_name_the_field():
    position = TWO | {"history": ["Anna passes", "Ben passes", "Anna pulls 10"]}
    with pytest.raises(FieldError) as err:
        ask(position, "draw-or-stop", objective="fame")
    assert err.value.path == ("objective",)
    with pytest.raises(FieldError) as err:
        ask(position, "draw-or-stop", objective="target")
    assert err.value.path == ("target",)


def test_apply_returns_the_new_status_and_leaves_the_position_alone():
    position = TWO | {"history": ["Anna passes", "Ben passes"]}
    out = ask(position, "apply", actions=["Anna pulls 50", "Anna stops"]).answer
    assert out["status"]["current_player"] == "Ben"
    assert out["status"]["players"][0]["haul"] == 50


def _random_round(rng: random.Random):
    n = rng.randint(2, 5)
    players = [{"name": f"P{i}", "chips": rng.choice([0, 20, 40, 90, 200, 350])} for i in range(n)]
    for p in players:
        if rng.random() < 0.3:
            p["pact"] = True
    oven = {"50": rng.randint(0, 3), "25": rng.randint(0, 3), "10": rng.randint(0, 4), "devils": rng.randint(0, 3)}
    position = {"players": players, "start_player": rng.randrange(n), "coal_set": {"50": 3, "25": 3, "10": 4, "devils": 3}, "oven": oven}
    return position, state_of(position)


def test_conformance_random_rounds_conserve_chips_and_legal_actions_apply():
    rng = random.Random(48)
    for _ in range(150):
        position, state = _random_round(rng)
        total = sum(p.chips for p in state.players) + state.bank
        while state.phase != "settle":
            legal = legal_actions(state)
            assert legal
            for action in legal:
                assert can_do(state, action)
            # a few actions that must not be allowed now
            for bogus in ("P0 bets 5", "P1 pulls 999", f"{state.players[0].name} bets 100000"):
                assert not can_do(state, Action.parse(bogus)) or Action.parse(bogus) in legal
            if state.phase == "pull":
                stranger = next(p for p in state.players if p is not state.current())
                with pytest.raises(IllegalActionError):
                    do_action(state, Action(stranger.name, "stops"))
            for action in rng.sample(legal, min(4, len(legal))):
                do_action(state.copy(), action)
            action = rng.choice(legal)
            do_action(state, action)
            assert sum(p.chips for p in state.players) + state.bank == total
        out = settle_round(state)
        assert sum(p["chips"] for p in out["players"]) + out["bank"] == total
        assert all(p["chips"] >= 0 for p in out["players"])


def test_phase_4_a_house_track_changes_spaces_and_pacts():
    marks = track_marks({"track_marks": "100 200 400 800 1600"})
    assert track_space(90, marks) == "0-100"
    assert track_space(300, marks) == "200-400"
    assert pact_holders([90, 150, 300], marks) == [True, False, False]
    from oracle.errors import RulesetError

    with pytest.raises(RulesetError):
        track_marks({"track_marks": "200 100"})


# ---- review additions -----------------------------------------------------------------------

PACT_TABLE = {
    "players": [
        {"name": "Anna", "chips": 100},
        {"name": "Ben", "chips": 40, "pact": True},
        {"name": "Cara", "chips": 40, "pact": True},
    ],
    "start_player": "Ben",
    "oven": {"50": 1, "10": 2, "devils": 1},
}


def test_a_lost_bet_costs_only_what_is_left_when_the_stake_paid_the_pact():
    # House rule stake_pays_pact: Anna stakes all 100, then pays both pact-holders from it.
    position = PACT_TABLE | {
        "history": ["Anna bets 100", "Ben passes", "Cara passes", "Ben pulls 10", "Ben stops",
                    "Cara pulls 10", "Cara stops", "Anna pulls devil"]
    }
    for house in (False, True):
        out = settle_round(state_of(position, stake_pays_pact=house))
        anna = out["players"][0]
        assert anna["chips"] == 0 and anna["change"] == -100
        assert out["bets"][2] == {"player": "Anna", "stake": 100, "result": "lost",
                                  "change": -100 if not house else 0}
        paid_by_anna = [p for p in out["payments"] if p["from"] == "Anna"]
        assert sum(p["amount"] for p in paid_by_anna) == 100


def test_chips_objective_devil_value_does_not_charge_the_stake_twice():
    # Anna draws last from {50, devil}: a devil costs her the 100 she owns (pacts or bet),
    # never more; the 50 loses the bet (-100) but takes the haul bonus and a tied pieces bonus.
    position = PACT_TABLE | {
        "history": ["Anna bets 100", "Ben passes", "Cara passes", "Ben pulls 10", "Ben stops",
                    "Cara pulls 10", "Cara stops"]
    }
    for house in (False, True):
        rules = RULES | {"stake_pays_pact": house}
        state = load_position(position, rules)
        out = HANDLERS["draw-or-stop"](QuestionContext(GAME, rules, position, state, {"objective": "chips"})).answer
        assert out["forced"] and out["draw"] == pytest.approx((-100 + 0) / 2)


def test_an_empty_oven_leaves_only_stopping():
    position = TWO | {"oven": {"10": 1, "devils": 0}, "history": ["Anna passes", "Ben passes", "Anna pulls 10"]}
    out = ask(position, "draw-or-stop").answer
    assert out["best"] == "stop" and out["stop"] == 0.0 and out["draw"] is None
    assert ask(position, "legal-moves").answer["moves"] == ["Ben stops"]


def test_a_coal_piece_is_worth_a_whole_number_of_any_sign():
    # The game's pieces are worth 10 to 100; a scenario may invent others, 0 or negative too
    # (issue 12, point 20), but not a value that is not a whole number.
    for oven in ({"-10": 3, "devils": 1}, {"0": 2}):
        assert state_of(TWO | {"coal_set": oven}).oven.pieces == sum(oven.values())
    for oven in ({"ten": 3}, {"2.5": 2}):
        with pytest.raises(FieldError) as err:
            state_of(TWO | {"coal_set": oven})
        assert err.value.path[0] == "coal_set"


def test_no_player_may_be_named_like_the_bank():
    with pytest.raises(FieldError) as err:
        state_of({"players": [{"name": "Anna"}, {"name": "Bank"}]})
    assert err.value.path == ("players", 1, "name")


def test_bet_advice_other_bets_must_name_the_other_players():
    for bets, path in (({"Zed": 10}, ("other_bets", "Zed")), ({"Anna": 10}, ("other_bets", "Anna"))):
        with pytest.raises(FieldError) as err:
            ask(TWO | {"oven": {"50": 1, "devils": 1}}, "bet-advice", player="Anna", other_bets=bets)
        assert err.value.path == path


def test_conformance_under_the_house_rules_keeps_chips_whole_and_never_negative():
    rng = random.Random(1600)
    for _ in range(80):
        position, _ = _random_round(rng)
        state = state_of(position, stake_pays_pact=True, bonus_ties="none")
        total = sum(p.chips for p in state.players) + state.bank
        while state.phase != "settle":
            do_action(state, rng.choice(legal_actions(state)))
            assert all(p.chips >= 0 for p in state.players)
        out = settle_round(state)
        assert sum(p["chips"] for p in out["players"]) + out["bank"] == total
        assert all(p["chips"] >= 0 for p in out["players"])


def test_a_player_name_that_no_action_line_could_name_is_refused():
    for name in ("", "  ", "Anna "):
        with pytest.raises(ScenarioError) as err:
            state_of({"players": [{"name": name}, {"name": "Ben"}]})
        assert err.value.problems[0].path == ("players", 0, "name")


def test_chips_objective_is_the_settlement_itself_for_the_last_puller():
    # Objective (c) is exact for the last puller: at every in-turn state its stop value is
    # what settle_round then pays them, and its devil value what a devil then costs them.
    from oracle.solve.dp.coal import solve_turn

    position = {
        "players": [
            {"name": "Anna", "chips": 120},
            {"name": "Ben", "chips": 40, "pact": True},
            {"name": "Cara", "chips": 200},
        ],
        "start_player": "Ben",
        "oven": {"50": 1, "25": 2, "20": 1, "10": 2, "devils": 2},
        "history": ["Anna bets 60", "Ben bets 30", "Cara bets 50", "Ben pulls 25", "Ben stops",
                    "Cara pulls 10", "Cara pulls 10", "Cara stops"],
    }
    state = load_position(position, RULES)
    stop_value, devil_value = chips_objective(state, 0)
    solution = solve_turn(state.oven, stop_value, devil_value)
    values = state.oven.values
    for counts in solution.values:
        pulled = [v for v, a, b in zip(values, state.oven.counts, counts) for _ in range(a - b)]
        if not pulled:
            continue
        after = state.copy()
        for v in pulled:
            do_action(after, Action("Anna", "pulls", v))
        if after.phase == "pull":
            do_action(after, Action.parse("Anna stops"))
        before = after.players[0].chips
        settled = settle_round(after)["players"][0]["chips"]
        assert solution.stop_here(counts) == settled - before, pulled
        if after.oven.devils and len(pulled) < sum(state.oven.counts):
            devil = state.copy()
            for v in pulled:
                do_action(devil, Action("Anna", "pulls", v))
            start = devil.players[0].chips
            do_action(devil, Action.parse("Anna pulls devil"))
            assert devil_value == settle_round(devil)["players"][0]["chips"] - start
