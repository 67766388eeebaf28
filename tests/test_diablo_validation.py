"""Diablo's input checks: every bad field of a position, a rule option or a question's
parameters is named at its own path (and, through the scenario loader, its own line), with
the nearest valid name when it looks like a typo. Nothing bad is silently ignored."""

from __future__ import annotations

import pytest

from oracle.errors import FieldError, ScenarioError
from oracle.games.diablo import GAME, load_position
from oracle.registry import QuestionContext, question_kinds
from oracle.scenario import load_file

SEATS = [{"name": n, "chips": 10} for n in ("Anna", "Ben", "Carla")]


def problems_of(position, rules=None):
    """(path, message) of every fault load_position reports."""
    with pytest.raises((FieldError, ScenarioError)) as err:
        load_position(position, rules or {})
    if isinstance(err.value, FieldError):
        return [(err.value.path, err.value.message)]
    return [(p.path, p.message) for p in err.value.problems]


def ask(kind, position=None, **params):
    position = position or {"seats": SEATS}
    ctx = QuestionContext(game=GAME, rules=GAME.default_rules(), position=position,
                          state=load_position(position, {}), params=params)
    return question_kinds("diablo")[kind].handler(ctx)


def param_error(kind, position=None, **params):
    with pytest.raises(FieldError) as err:
        ask(kind, position, **params)
    return err.value.path, err.value.message


SCENARIO = """game: diablo
name: ex
rules:
  ante: 1
  bet_min: 1
  bet_max: 5
  after_draw_factor: 2
  max_raises: 4
  pot_cap: 0
position:
  seats:
    - {name: Anna, chips: 100}
    - {name: Ben, chips: 100}
    - {name: Carla, chips: 100}
  dealer: Anna
questions:
  - id: q
    ask: {kind: apply}
"""


def loader_problems(tmp_path, text):
    path = tmp_path / "s.scenario.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_file(path)
    return [(p.dotted_path(), p.line, p.message) for p in err.value.problems]


# ----------------------------------------------------------------------------- the position


def test_an_unknown_key_in_a_seat_is_named_with_the_nearest_key():
    seats = [SEATS[0], {"name": "Ben", "chip": 50}, SEATS[2]]
    assert problems_of({"seats": seats}) == [(("seats", 1, "chip"), "unknown key 'chip'; did you mean 'chips'?")]


def test_an_unknown_seat_key_lands_on_its_line(tmp_path):
    text = SCENARIO.replace("{name: Ben, chips: 100}", "{name: Ben, chip: 50}")
    assert loader_problems(tmp_path, text) == [
        ("position.seats[1].chip", 13, "unknown key 'chip'; did you mean 'chips'?")]


def test_an_unknown_seat_key_is_named_even_where_the_seats_are_too_few(tmp_path):
    """Too few seats stop the game reading any seat, and a validate question answers only
    that; the unknown key is still a fault of the file, as the schema says."""
    text = ("game: diablo\nname: two\nposition:\n  seats: [{kind: null}, {name: Ben, chips: 100}]\n"
            "questions:\n  - id: v\n    ask: validate\n    expect: {legal: false}\n")
    assert loader_problems(tmp_path, text) == [("position.seats[0].kind", 4, "unknown key 'kind'; valid keys: name, chips")]


def test_a_mistyped_name_key_is_reported_once():
    seats = [SEATS[0], {"nmae": "Ben", "chips": 50}, SEATS[2]]
    assert problems_of({"seats": seats}) == [(("seats", 1, "nmae"), "unknown key 'nmae'; did you mean 'name'?")]


def test_a_seat_without_a_name_is_named_missing():
    seats = [SEATS[0], {"chips": 50}, SEATS[2]]
    assert problems_of({"seats": seats}) == [(("seats", 1), "missing 'name': every seat needs a player's name")]


def test_an_unknown_seat_key_far_from_any_lists_the_valid_keys():
    seats = [SEATS[0], {"name": "Ben", "colour": "red"}, SEATS[2]]
    assert problems_of({"seats": seats}) == [(("seats", 1, "colour"), "unknown key 'colour'; valid keys: name, chips")]


def test_hands_keys_must_be_seat_names_with_the_nearest_suggested():
    found = problems_of({"seats": SEATS, "hands": {"Bne": "9h 9c 2s 2d Kd"}})
    assert found == [(("hands", "Bne"), "'Bne' is not one of the seats (Anna, Ben, Carla); did you mean 'Ben'?")]


def test_dealer_and_called_by_must_be_seats_with_the_nearest_suggested():
    found = problems_of({"seats": SEATS, "dealer": "Carl", "called_by": "Zed"})
    assert found == [(("dealer",), "'Carl' is not one of the seats (Anna, Ben, Carla); did you mean 'Carla'?"),
                     (("called_by",), "'Zed' is not one of the seats (Anna, Ben, Carla)")]


def test_every_fault_of_the_table_is_reported_at_once():
    found = problems_of({"seats": SEATS, "dealer": "Zed", "pot": -3, "diablo": "yes",
                         "hands": {"Zed": "9h 9c 2s 2d Kd"}, "history": "Anna bets 2"},
                        {"ante": -1})
    assert [path for path, _ in found] == [("rules", "ante"), ("dealer",), ("pot",), ("diablo",),
                                           ("hands", "Zed"), ("history",)]


def test_every_bad_hand_is_reported_at_once():
    found = problems_of({"seats": SEATS, "hands": {"Anna": "9h 9c 2s 2d", "Ben": "9h 8c 7s 6d Xc",
                                                   "Carla": "Ah Kh Qh Jh 9h"}})
    assert [path for path, _ in found] == [("hands", "Anna"), ("hands", "Ben")]
    assert "five cards, not 4" in found[0][1] and "'Xc'" in found[1][1]


def test_a_history_line_naming_no_seat_suggests_the_nearest():
    found = problems_of({"seats": SEATS, "history": ["Ben checks", "Carl checks"]})
    assert found == [(("history", 1), "there is no player named 'Carl' at this table (Anna, Ben, Carla); "
                                      "did you mean 'Carla'?")]


def test_a_seat_left_out_takes_the_documented_default_chips():
    game = load_position({"seats": [{"name": "Anna"}, SEATS[1], SEATS[2]]}, {})
    assert game.chips[0] + game.contributed[0] == 100


# ----------------------------------------------------------------------------- rule options


@pytest.mark.parametrize("rules, name, message", [
    ({"ante": -1}, "ante", "must be 0 or more (chips each player antes; 0 for no ante), got -1"),
    ({"bet_min": 0}, "bet_min", "must be 1 or more (the smallest bet, in chips), got 0"),
    ({"bet_min": 3, "bet_max": 2}, "bet_max", "bet_max (2) must be at least bet_min (3)"),
    ({"bet_min": 6}, "bet_min", "bet_max (5) must be at least bet_min (6)"),
    ({"after_draw_factor": 0}, "after_draw_factor",
     "must be 1 or more (bet limits after the draw are multiplied by it; 1 keeps them), got 0"),
    ({"max_raises": -1}, "max_raises", "must be 0 or more (raises allowed per betting round; 0 for none), got -1"),
    ({"pot_cap": -5}, "pot_cap", "must be 0 or more (the most an opener pays into a new pot; 0 for no cap), got -5"),
    ({"bigger_draw": "no"}, "bigger_draw", "must be true or false, got 'no'"),
    ({"antee": 2}, "antee", "unknown rule option 'antee'; did you mean 'ante'?"),
])
def test_a_rule_option_out_of_range_is_named_under_rules(rules, name, message):
    assert problems_of({"seats": SEATS}, rules) == [(("rules", name), message)]


@pytest.mark.parametrize("option, value, line", [
    ("ante", -1, 4), ("bet_max", 0, 6), ("after_draw_factor", 0, 7), ("max_raises", -1, 8), ("pot_cap", -5, 9),
])
def test_a_rule_option_out_of_range_lands_on_its_rules_line(tmp_path, option, value, line):
    text = SCENARIO.replace(f"  {option}: ", f"  {option}: {value} #")
    (found,) = loader_problems(tmp_path, text)
    assert found[:2] == (f"rules.{option}", line)


def test_every_bad_rule_option_is_reported_at_once():
    found = problems_of({"seats": SEATS}, {"ante": -1, "pot_cap": -5, "max_raises": -2})
    assert [path for path, _ in found] == [("rules", "ante"), ("rules", "max_raises"), ("rules", "pot_cap")]


# ----------------------------------------------------------------------------- question parameters


@pytest.mark.parametrize("value", ["first", True, 1.5, [1]])
def test_showdown_hand_must_be_a_whole_number(value):
    for kind in ("showdown", "opener-liability"):
        path, message = param_error(kind, hand=value)
        assert path == ("hand",) and message.startswith("must be a whole number (the hand's number")


def test_showdown_hand_counts_from_one():
    assert param_error("showdown", hand=0) == (("hand",), "must be 1 or more (1 = the position's deal), got 0")


def test_showdown_hand_not_yet_ended_is_named():
    path, message = param_error("showdown", hand=1)
    assert path == ("hand",) and "has not ended" in message


@pytest.mark.parametrize("value, fragment", [
    (5, "must be an action line such as 'Ben bets 2', got 5"),  # Ben, left of the dealer Anna, acts
    (["Ben bets 2"], "must be an action line such as 'Ben bets 2', got ['Ben bets 2']"),
    ("Ben bets lots", "must be an action line such as 'Ben bets 2': 'bets' needs a whole number"),
    ("Zed bets 2", "there is no player named 'Zed' at this table (Anna, Ben, Carla)"),
    ("Anan bets 2", "did you mean 'Anna'?"),
])
def test_legal_moves_action_must_be_an_action_line_of_this_table(value, fragment):
    path, message = param_error("legal-moves", action=value)
    assert path == ("action",) and fragment in message


def test_legal_moves_answers_illegal_only_for_a_readable_line():
    answer = ask("legal-moves", action="Carla bets 2").answer  # Ben is to act, not Carla
    assert answer["legal"] is False and "Ben" in answer["reason"]
    assert ask("legal-moves", action="Ben bets 2").answer["legal"] is True


KNOWN = {"seats": SEATS, "hands": {"Anna": "Ah Jh 8h 5h 3c"}}


@pytest.mark.parametrize("params, path, fragment", [
    ({"player": 5}, ("player",), "must be a seat's name (Anna, Ben, Carla), got 5"),
    ({"player": "Anan"}, ("player",), "did you mean 'Anna'?"),
    ({"player": "Anna", "opponents": "Ben"}, ("opponents",), "must be a list"),
    ({"player": "Anna", "opponents": 0}, ("opponents",), "must be a list"),
    ({"player": "Anna", "opponents": [5]}, ("opponents", 0), "an opponent is a seat's name"),
    ({"player": "Anna", "opponents": ["Bne"]}, ("opponents", 0), "did you mean 'Ben'?"),
    ({"player": "Anna", "opponents": ["Ben", "Ben"]}, ("opponents", 1), "Ben is listed twice"),
    ({"player": "Anna", "opponents": ["Anna"]}, ("opponents", 0), "cannot be their own opponent"),
    ({"player": "Anna", "dead": 0}, ("dead",), "cards are written as text"),
    ({"player": "Anna", "dead": ["Kd"]}, ("dead",), "cards are written as text"),
    ({"player": "Anna", "samples": 0}, ("samples",), "must be a whole number 1 or more, got 0"),
    ({"player": "Anna", "samples": "many"}, ("samples",), "must be a whole number 1 or more"),
    ({"player": "Anna", "seed": -1}, ("seed",), "must be a whole number 0 or more, got -1"),
    ({"player": "Anna", "exact_limit": True}, ("exact_limit",), "must be a whole number 0 or more, got True"),
    ({"player": "Anna", "target": "flsuh"}, ("target",), "did you mean 'flush'?"),
    ({"player": "Anna", "target": ["flush"]}, ("target",), "unknown hand ['flush']"),
])
def test_best_swap_parameters_are_checked_and_named(params, path, fragment):
    found_path, message = param_error("best-swap", KNOWN, **params)
    assert found_path == path and fragment in message, message


def test_best_swap_opponent_without_chips_is_not_dealt_in():
    seats = SEATS + [{"name": "Dan", "chips": 0}]
    path, message = param_error("best-swap", {"seats": seats, "hands": KNOWN["hands"]},
                                player="Anna", opponents=["Dan"])
    assert path == ("opponents", 0) and message == "Dan has no chips and is not dealt in"


# Issue 12, point 14: best-swap takes a time limit, and its counts are bounded.
@pytest.mark.parametrize("params, path, message", [
    ({"samples": 1_000_001}, ("samples",), "must be at most 1,000,000, got 1,000,001"),
    ({"samples": 10**5000}, ("samples",), "must be at most 1,000,000, got a number of about 5000 digits"),
    ({"exact_limit": 10**17 + 1}, ("exact_limit",),
     "must be at most 100,000,000,000,000,000, got 100,000,000,000,000,001"),
    ({"time_limit": float("nan")}, ("time_limit",), "must be a finite number of seconds, not nan"),
    ({"time_limit": float("inf")}, ("time_limit",), "must be a finite number of seconds, not inf"),
    ({"time_limit": 0}, ("time_limit",), "must be more than 0 and at most 86400 seconds, not 0"),
    ({"time_limit": "10 s"}, ("time_limit",), "must be a number of seconds, not '10 s'"),
])
def test_audit_14_best_swap_refuses_counts_and_time_limits_out_of_bounds(params, path, message):
    assert param_error("best-swap", KNOWN, player="Anna", **params) == (path, message)


def test_audit_14_best_swap_says_which_time_limit_it_had():
    answer = ask("best-swap", KNOWN, player="Anna").answer
    assert (answer["time_limit"], answer["exact"], answer["bound"], answer["unevaluated"]) == (10.0, True, None, [])
    assert ask("best-swap", KNOWN, player="Anna", time_limit=30).answer["time_limit"] == 30.0


def test_audit_14_best_swap_stops_at_its_time_limit_and_says_so():
    """Two unknown opponents and a million deals a choice would take minutes; with two
    seconds the Monte Carlo stops, every choice with the deals drawn so far (half a second
    was sometimes over before a first batch on a loaded machine)."""
    import time

    start = time.monotonic()
    result = ask("best-swap", KNOWN, player="Anna", opponents=["unknown", "unknown"],
                 samples=1_000_000, time_limit=2.0)
    elapsed = time.monotonic() - start
    answer = result.answer
    assert (answer["method"], answer["exact"], answer["bound"]) == ("monte-carlo", False, "time_limit")
    assert 0 < answer["samples_done"] < answer["samples"] == 1_000_000
    assert all(row["deals"] >= answer["samples_done"] for row in answer["choices"])
    assert "ran out after" in result.explanation
    assert elapsed < 15  # not minutes; the speed itself is measured in bench/, not here
