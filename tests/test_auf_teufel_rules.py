"""Auf Teufel komm raus: actions, phases, settlement and a random-round conformance test."""

from __future__ import annotations

import random

import pytest

from oracle.errors import FieldError, IllegalActionError, InvalidActionError, ScenarioError
from oracle.games.auf_teufel import (
    Action,
    bet_result,
    pact_holders,
    settle_round,
    track_marks,
    track_space,
)
from oracle.games.auf_teufel_position import load_position
from oracle.games.auf_teufel_questions import GAME, HANDLERS
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


@pytest.mark.parametrize("text", ["Anna bets lots", "pulls 25", "Anna pulls", "Anna draws 10", ""])
def test_unreadable_action_is_invalid(text):
    with pytest.raises(InvalidActionError):
        Action.parse(text)


TWO = {"players": [{"name": "Anna", "chips": 200}, {"name": "Ben", "chips": 200}]}


def test_phase_1_a_stake_cannot_exceed_what_one_owns():
    state = state_of(TWO)
    with pytest.raises(IllegalActionError, match="owns 200"):
        state.do(Action.parse("Anna bets 210"))
    assert state.can(Action.parse("Anna bets 200"))
    assert not state.can(Action.parse("Anna bets 15"))


def test_phase_1_a_player_without_chips_cannot_bet():
    state = state_of({"players": [{"name": "Anna", "chips": 0}, {"name": "Ben"}]})
    with pytest.raises(IllegalActionError):
        state.do(Action.parse("Anna bets 10"))
    assert state.players[0].stake == 0


def test_phase_2_no_pulling_before_every_bet_is_in():
    state = state_of(TWO | {"history": ["Anna bets 10"]})
    with pytest.raises(IllegalActionError, match="not every bet"):
        state.do(Action.parse("Anna pulls 10"))


def test_phase_2_turn_starts_by_turning_over_a_piece():
    state = state_of(TWO | {"history": ["Anna passes", "Ben passes"]})
    with pytest.raises(IllegalActionError, match="must turn over"):
        state.do(Action.parse("Anna stops"))
    with pytest.raises(IllegalActionError, match="Anna's turn"):
        state.do(Action.parse("Ben pulls 10"))


def test_phase_2_a_piece_must_be_in_the_oven():
    state = state_of(TWO | {"oven": {"10": 1, "devils": 0}, "history": ["Anna passes", "Ben passes"]})
    with pytest.raises(IllegalActionError, match="no devil"):
        state.do(Action.parse("Anna pulls devil"))
    with pytest.raises(IllegalActionError, match="worth 50"):
        state.do(Action.parse("Anna pulls 50"))


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


def test_stop_policy_writes_an_svg(tmp_path):
    import xml.etree.ElementTree as ET

    position = TWO | {"oven": {"50": 3, "25": 4, "10": 4, "devils": 3}, "history": ["Anna passes", "Ben passes"]}
    path = tmp_path / "policy.svg"
    out = ask(position, "stop-policy", objective="chips", plot=str(path)).answer
    assert out["plot"] == str(path)
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")


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
            legal = state.legal_actions()
            assert legal
            for action in legal:
                assert state.can(action)
            # a few actions that must not be allowed now
            for bogus in ("P0 bets 5", "P1 pulls 999", f"{state.players[0].name} bets 100000"):
                assert not state.can(Action.parse(bogus)) or Action.parse(bogus) in legal
            if state.phase == "pull":
                stranger = next(p for p in state.players if p is not state.current())
                with pytest.raises(IllegalActionError):
                    state.do(Action(stranger.name, "stops"))
            for action in rng.sample(legal, min(4, len(legal))):
                state.copy().do(action)
            action = rng.choice(legal)
            state.do(action)
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
