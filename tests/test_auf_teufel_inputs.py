"""Auf Teufel komm raus: what a scenario may make the oracle do. A `stop-policy` picture is
written only inside the folder given on the command line, never where a scenario says; rule
options and question parameters out of range are refused, each naming its field."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from oracle.errors import FieldError, ScenarioError
from oracle.games.auf_teufel import GAME, HANDLERS, PLOT_NOTE, load_position
from oracle.registry import QuestionContext

RULES = GAME.default_rules()
TWO = {"players": [{"name": "Anna", "chips": 200}, {"name": "Ben", "chips": 200}]}
SMALL = TWO | {"oven": {"50": 3, "25": 4, "10": 4, "devils": 3}, "history": ["Anna passes", "Ben passes"]}


def ask(position, kind, output_dir=None, **params):
    state = load_position(position, RULES)
    return HANDLERS[kind](QuestionContext(GAME, RULES, position, state, params, output_dir=output_dir))


def files_under(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ---- the stop-policy picture ---------------------------------------------------------------


def test_stop_policy_plot_is_written_inside_the_output_folder(tmp_path):
    out = ask(SMALL, "stop-policy", output_dir=tmp_path, objective="chips", plot="policy.svg").answer
    assert out["plot"] == str(tmp_path / "policy.svg")
    assert "plot_note" not in out
    assert ET.parse(tmp_path / "policy.svg").getroot().tag.endswith("svg")
    assert files_under(tmp_path) == ["policy.svg"]  # no temporary file left behind


def test_without_an_output_folder_no_plot_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answer = ask(SMALL, "stop-policy", plot="policy.svg")
    assert answer.answer["plot"] is None
    assert answer.answer["plot_note"] == PLOT_NOTE == "plots are written only by `oracle solve --output DIR`"
    assert "oracle solve --output DIR" in answer.explanation
    assert files_under(tmp_path) == []


def test_stop_policy_without_plot_has_no_plot_keys(tmp_path):
    out = ask(SMALL, "stop-policy", output_dir=tmp_path).answer
    assert "plot" not in out and "plot_note" not in out
    assert files_under(tmp_path) == []


BAD_PLOT_NAMES = [
    "/tmp/qa/victim.txt",
    "/nonexistent/dir/x.svg",
    "../x.svg",
    "sub/x.svg",
    "sub\\x.svg",
    "C:x.svg",
    "x.txt",
    "x.svg.txt",
    ".svg",
    ".hidden.svg",
    " x.svg",
    "a\nb.svg",
    "",
    "..",
    5,
    False,
    True,
    ["x.svg"],
]


@pytest.mark.parametrize("with_folder", [False, True], ids=["check", "solve-output"])
@pytest.mark.parametrize("name", BAD_PLOT_NAMES, ids=repr)
def test_a_plot_that_is_not_a_plain_svg_file_name_is_refused_at_plot(tmp_path, name, with_folder):
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(FieldError) as err:
        ask(SMALL, "stop-policy", output_dir=folder if with_folder else None, plot=name)
    assert err.value.path == ("plot",)
    assert files_under(tmp_path) == ["out"]


def test_a_plot_naming_an_existing_file_elsewhere_leaves_it_alone(tmp_path):
    victim = tmp_path / "victim.svg"
    victim.write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    for given in (str(victim), "../victim.svg"):
        with pytest.raises(FieldError) as err:
            ask(SMALL, "stop-policy", output_dir=out, plot=given)
        assert err.value.path == ("plot",)
    assert victim.read_text() == "keep me"
    assert files_under(out) == []


def test_a_missing_output_folder_is_an_error_at_plot_and_is_not_created(tmp_path):
    missing = tmp_path / "missing" / "deeper"
    with pytest.raises(FieldError) as err:
        ask(SMALL, "stop-policy", output_dir=missing, plot="policy.svg")
    assert err.value.path == ("plot",) and "does not exist" in err.value.message
    assert files_under(tmp_path) == []


def test_an_output_folder_that_is_a_file_is_an_error_at_plot(tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    with pytest.raises(FieldError) as err:
        ask(SMALL, "stop-policy", output_dir=not_a_folder, plot="policy.svg")
    assert err.value.path == ("plot",)
    assert not_a_folder.read_text() == "x"


def test_a_plot_replaces_a_link_in_the_output_folder_instead_of_following_it(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / "policy.svg").symlink_to(victim)
    ask(SMALL, "stop-policy", output_dir=out, plot="policy.svg")
    assert victim.read_text() == "keep me"
    assert not (out / "policy.svg").is_symlink()
    assert ET.parse(out / "policy.svg").getroot().tag.endswith("svg")


def test_a_plot_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    # The picture goes to a temporary file in the same folder and then replaces the old one
    # in one step; if that step fails, the old picture stays and the temporary file goes.
    old = tmp_path / "policy.svg"
    old.write_text("old picture")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(FieldError) as err:
        ask(SMALL, "stop-policy", output_dir=tmp_path, plot="policy.svg")
    assert err.value.path == ("plot",) and "Permission denied" in err.value.message
    assert old.read_text() == "old picture"
    assert files_under(tmp_path) == ["policy.svg"]
    monkeypatch.undo()
    ask(SMALL, "stop-policy", output_dir=tmp_path, plot="policy.svg")
    assert ET.parse(old).getroot().tag.endswith("svg")
    assert files_under(tmp_path) == ["policy.svg"]


SCENARIO_WITH_PLOT = """\
game: auf-teufel-komm-raus
name: plot-request
position:
  players: [{name: Anna, chips: 200}, {name: Ben, chips: 200}]
  oven: {50: 2, 25: 2, devils: 2}
  history: [Anna passes, Ben passes]
questions:
  - id: policy
    ask: {kind: stop-policy, plot: PLOT}
    expect: {plot: null}
"""


def test_oracle_check_writes_no_plot(tmp_path, monkeypatch):
    from oracle.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "plot.scenario.yaml").write_text(SCENARIO_WITH_PLOT.replace("PLOT", "policy.svg"))
    result = CliRunner().invoke(main, ["check", "plot.scenario.yaml"])
    assert result.exit_code == 0, result.output
    assert files_under(tmp_path) == ["plot.scenario.yaml"]


def test_oracle_check_reports_a_plot_path_in_one_line_and_writes_nothing(tmp_path, monkeypatch):
    from oracle.cli import main

    monkeypatch.chdir(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / "plot.scenario.yaml").write_text(SCENARIO_WITH_PLOT.replace("PLOT", str(victim)))
    result = CliRunner().invoke(main, ["check", "plot.scenario.yaml"])
    assert result.exit_code != 0
    assert "questions[0].ask.plot: expected a file name ending in .svg" in result.output
    assert victim.read_text() == "keep me"
    assert files_under(tmp_path) == ["plot.scenario.yaml", "victim.txt"]


# ---- rule options --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("refill_minimum", -1, "at least 1"),
        ("refill_minimum", 0, "at least 1"),
        ("goal", 0, "at least 1"),
        ("goal", -1600, "at least 1"),
        ("start_chips", 15, "multiples of 10"),
        ("start_chips", -10, "at least 0"),
        ("track_marks", "a b c", "ascending positive whole numbers"),
        ("track_marks", "100 50", "ascending positive whole numbers"),
        ("track_marks", "0 50", "ascending positive whole numbers"),
        ("track_marks", "50.5 100", "ascending positive whole numbers"),
        ("track_marks", "", "ascending positive whole numbers"),
        ("bonus_ties", "all", "'each' or 'none'"),
        ("stake_pays_pact", "no", "true or false"),
        ("goal", "1600", "whole number"),
        ("goal", True, "whole number"),
    ],
)
def test_a_rule_option_out_of_range_is_named_under_rules(option, value, words):
    with pytest.raises(ScenarioError) as err:
        load_position(TWO, RULES | {option: value})
    [problem] = err.value.problems
    assert problem.path == ("rules", option)
    assert words in problem.message


def test_every_bad_rule_option_is_reported_at_once():
    with pytest.raises(ScenarioError) as err:
        load_position(TWO, RULES | {"refill_minimum": -1, "goal": 0, "start_chips": 15})
    assert [p.path for p in err.value.problems] == [("rules", "refill_minimum"), ("rules", "goal"), ("rules", "start_chips")]


def test_the_smallest_allowed_rule_values_load():
    state = load_position(TWO, RULES | {"refill_minimum": 1, "goal": 1, "start_chips": 0, "track_marks": "10"})
    assert [p.chips for p in state.players] == [200, 200]


BAD_RULES_SCENARIO = """\
game: auf-teufel-komm-raus
name: bad-rule
rules: {RULE}
position:
  players: [Anna, Ben]
questions:
  - id: status
    ask: game-status
"""


@pytest.mark.parametrize(
    "rule, expected",
    [
        ("refill_minimum: -1", ":3: rules.refill_minimum: must be at least 1, not -1"),
        ("goal: 0", ":3: rules.goal: must be at least 1, not 0"),
        ("start_chips: 15", ":3: rules.start_chips: chips come in multiples of 10, not 15"),
        ("track_marks: 'a b c'", ":3: rules.track_marks: must be ascending positive whole numbers"),
    ],
)
def test_oracle_check_names_the_rule_option_in_one_line(tmp_path, rule, expected):
    from oracle.cli import main

    path = tmp_path / "bad.scenario.yaml"
    path.write_text(BAD_RULES_SCENARIO.replace("RULE", rule))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and expected in errors[0], result.output
    assert "position" not in errors[0]


# ---- question parameters -------------------------------------------------------------------

PULLED_10 = TWO | {"oven": {"50": 1, "10": 1, "devils": 1}, "history": ["Anna passes", "Ben passes", "Anna pulls 10"]}


@pytest.mark.parametrize("target", [-50, -1])
def test_a_negative_target_is_refused(target):
    with pytest.raises(FieldError) as err:
        ask(PULLED_10, "draw-or-stop", objective="target", target=target)
    assert err.value.path == ("target",)


@pytest.mark.parametrize("target, chance", [(0, 1.0), (10, 1.0), (60, 0.5), (61, 0.0), (1_000_000_000, 0.0)])
def test_a_target_is_reached_with_the_chance_counted_by_hand(target, chance):
    # Haul 10, a 50 and a devil left: drawing reaches 60 half the time and nothing more ever.
    out = ask(PULLED_10, "draw-or-stop", objective="target", target=target).answer
    reached = 1.0 if target <= 10 else 0.0
    assert out["stop"] == reached
    assert out["draw"] == pytest.approx(0.5 if target <= 60 else 0.0, abs=1e-12)
    assert max(out["stop"], out["draw"]) == pytest.approx(chance, abs=1e-12)
    assert out["best"] == ("draw" if 10 < target <= 60 else "stop")


def test_an_unreachable_target_from_the_turns_start_is_worth_nothing_in_stop_policy():
    out = ask(SMALL, "stop-policy", objective="target", target=291).answer  # the oven holds 290
    assert out["value"] == 0.0
    assert ask(SMALL, "stop-policy", objective="target", target=290).answer["value"] > 0.0


@pytest.mark.parametrize(
    "params, path",
    [
        ({"objective": "target", "target": "50"}, ("target",)),
        ({"objective": "target", "target": 50.0}, ("target",)),
        ({"objective": "target", "target": True}, ("target",)),
        ({"objective": "haul", "target": 50}, ("target",)),
        ({"objective": "chips", "target": "bet"}, ("target",)),
        ({"objective": ["haul"]}, ("objective",)),
        ({"objective": {"haul": 1}}, ("objective",)),
        ({"player": 5}, ("player",)),
        ({"player": ["Anna"]}, ("player",)),
        ({"player": True}, ("player",)),
    ],
)
def test_draw_or_stop_parameters_of_the_wrong_type_name_the_field(params, path):
    with pytest.raises(FieldError) as err:
        ask(PULLED_10, "draw-or-stop", **params)
    assert err.value.path == path


BETTING = TWO | {"oven": {"50": 1, "25": 1, "devils": 1}}


@pytest.mark.parametrize(
    "params, path",
    [
        ({"policy": "target:５"}, ("policy",)),
        ({"policy": "target:²"}, ("policy",)),
        ({"policy": "target:-5"}, ("policy",)),
        ({"policy": ["max-haul"]}, ("policy",)),
        ({"policy": False}, ("policy",)),
        ({"policies": []}, ("policies",)),
        ({"policies": 0}, ("policies",)),
        ({"policies": "max-haul"}, ("policies",)),
        ({"policies": {"Ben": "fast"}}, ("policies", "Ben")),
        ({"policies": {5: "max-haul"}}, ("policies", 5)),
        ({"policies": {"Ben": "max-haul", "ben": "target:50"}}, ("policies", "ben")),
        ({"other_bets": []}, ("other_bets",)),
        ({"other_bets": {"Ben": 15}}, ("other_bets", "Ben")),
        ({"other_bets": {"Ben": 210}}, ("other_bets", "Ben")),
        ({"other_bets": {"Ben": -10}}, ("other_bets", "Ben")),
        ({"other_bets": {"Ben": "20"}}, ("other_bets", "Ben")),
        ({"other_bets": {"Ben": 10, "BEN": 20}}, ("other_bets", "BEN")),
        ({"max_states": 0}, ("max_states",)),
        ({"max_states": "lots"}, ("max_states",)),
        ({"max_states": 10**12}, ("max_states",)),
        ({"samples": 10**12}, ("samples",)),
        ({"samples": 2.5}, ("samples",)),
        ({"samples": None}, ("samples",)),
    ],
)
def test_bet_advice_parameters_of_the_wrong_type_or_range_name_the_field(params, path):
    with pytest.raises(FieldError) as err:
        ask(BETTING, "bet-advice", player="Anna", **params)
    assert err.value.path == path


def test_bet_advice_accepts_a_spaced_policy_and_a_legal_other_bet():
    out = ask(BETTING, "bet-advice", player="Anna", policy="threshold: 50", other_bets={"ben": 60}).answer
    assert out["policies"] == ["Anna: threshold:50", "Ben: threshold:50"]
    assert out["other_bets_highest"] == 60
