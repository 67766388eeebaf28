"""Loading scenario files: every problem at once, each with file, line and field path."""

import pytest

from oracle.errors import ScenarioError
from oracle.scenario import load_file

from _toygame import toy_game

VALID = """\
game: toy-poker
name: basic
rules: {ante: 2}
position:
  players:
    - {name: Anna, chips: 10, hand: "As Kd"}
    - {name: Ben, chips: 4, hand: "9h 9c"}
questions:
  - id: anna-chips
    ask: {kind: chips, player: Anna}
    expect: {chips: 10}
  - id: ben-hand
    ask: {kind: rank, cards: "9h 9c"}
    expect: {category: pair}
"""


@pytest.fixture(autouse=True)
def toy():
    with toy_game():
        yield


def write(tmp_path, text, name="case.scenario.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path):
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    return info.value.problems


def test_a_valid_file_loads_with_rules_merged_over_defaults(tmp_path):
    [scenario] = load_file(write(tmp_path, VALID))
    assert scenario.rules == {"ante": 2, "jokers": False}
    assert [q.id for q in scenario.questions] == ["anna-chips", "ben-hand"]
    assert scenario.questions[1].line == 12


def test_unknown_key_is_reported_with_line_and_closest_key(tmp_path):
    path = write(tmp_path, VALID.replace("rules:", "rulez:"))
    [problem] = problems_of(path)
    assert problem.line == 3 and problem.path == ("rulez",)
    assert "did you mean 'rules'" in str(problem)
    assert str(problem).startswith(f"{path}:3: rulez: unknown key")


def test_every_problem_is_reported_at_once(tmp_path):
    text = VALID.replace("chips: 4", "chips: lots").replace('"As Kd"', '"As Xx"').replace("kind: rank", "kind: rnak")
    problems = problems_of(write(tmp_path, text))
    assert {(p.path, p.line) for p in problems} == {
        (("position", "players", 0, "hand"), 6),
        (("position", "players", 1, "chips"), 7),
        (("questions", 1, "ask", "kind"), 13),
    }


def test_unknown_question_kind_suggests_the_nearest(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("kind: rank", "kind: rnak")))
    assert "did you mean 'rank'" in problem.message and problem.line == 13


def test_question_of_another_game_is_named_as_such(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("kind: chips, player: Anna", "kind: coal-for-test")))
    assert "unknown question kind" in problem.message
    from oracle import registry

    registry.register_question("diablo", "coal-for-test", summary="x")(lambda ctx: None)
    try:
        [problem] = problems_of(write(tmp_path, VALID.replace("kind: chips, player: Anna", "kind: coal-for-test")))
        assert problem.message == "question kind 'coal-for-test' belongs to diablo, not toy-poker"
    finally:
        registry._QUESTIONS.pop(("diablo", "coal-for-test"))


def test_card_in_two_zones_is_reported(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace('"9h 9c"', '"9h As"')))
    assert problem.message == "card As is also in players[0].hand"


def test_rule_option_of_the_wrong_type_is_reported(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("ante: 2", "ante: yes")))
    assert problem.path == ("rules", "ante") and "must be a whole number" in problem.message


def test_missing_required_parameter_is_reported(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("kind: chips, player: Anna", "kind: chips")))
    assert "needs the parameter 'player'" in problem.message


def test_anchors_and_aliases_are_refused(tmp_path):
    text = VALID.replace("rules: {ante: 2}", "rules: &r {ante: 2}") + "extra: *r\n"
    problems = problems_of(write(tmp_path, text))
    assert any("anchors" in p.message for p in problems)
    assert any("aliases" in p.message for p in problems)


def test_files_over_one_mebibyte_are_refused(tmp_path):
    path = write(tmp_path, VALID + "#" * (1024 * 1024) + "\n")
    [problem] = problems_of(path)
    assert "limited to 1 MiB" in problem.message


def test_python_object_tags_are_not_constructed(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("name: basic", "name: !!python/object/apply:os.system ['true']")))
    assert "not valid YAML" in problem.message


def test_yaml_syntax_error_gives_the_line(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("rules: {ante: 2}", "rules: {ante: 2")))
    assert problem.line is not None and "not valid YAML" in problem.message


def test_duplicate_keys_are_refused(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("name: basic", "name: basic\nname: again")))
    assert "appears twice" in problem.message and problem.line == 3


def test_several_scenarios_in_one_file(tmp_path):
    scenarios = load_file(write(tmp_path, VALID + "---\n" + VALID.replace("name: basic", "name: second")))
    assert [s.name for s in scenarios] == ["basic", "second"]


def test_validate_lists_position_problems_instead_of_refusing_the_file(tmp_path):
    from oracle.scenario import solve_scenario

    text = VALID.replace("chips: 4", "chips: -1").replace("kind: rank, cards: \"9h 9c\"", "kind: validate")
    [scenario] = load_file(write(tmp_path, text))
    solved = solve_scenario(scenario)
    validate = solved.answers[1].answer.answer
    assert validate == {
        "legal": False,
        "problems": [{"field": "position.players[1].chips", "message": "must be a whole number of chips, not -1"}],
    }
    assert solved.answers[0].error is not None  # other questions refuse an illegal position


def test_marks_need_a_reason_and_expect_must_be_a_mapping(tmp_path):
    text = VALID.replace("    expect: {chips: 10}\n", "    expect: ten\n    marks: [{skip: ''}]\n")
    problems = problems_of(write(tmp_path, text))
    assert {(p.path, p.message.split(",")[0]) for p in problems} == {
        (("questions", 0, "expect"), "must be a mapping of answer keys to expected values"),
        (("questions", 0, "marks", 0, "skip"), "skip needs a reason"),
    }


def test_a_tolerance_must_be_a_number_of_zero_or_more(tmp_path):
    text = VALID.replace("expect: {chips: 10}", "expect: {chips: {approx: 10, tol: -1}}")
    [problem] = problems_of(write(tmp_path, text))
    assert problem.path == ("questions", 0, "expect", "chips", "tol")


def test_an_empty_id_is_refused(tmp_path):
    [problem] = problems_of(write(tmp_path, VALID.replace("id: anna-chips", "id: ''")))
    assert problem.message == "must not be empty"


def test_a_rule_option_checked_by_the_game_is_reported_at_the_rules_line(tmp_path):
    from _toygame import GAME

    original = GAME.load_position

    def strict(position, rules):
        from oracle.errors import FieldError

        if rules["ante"] > 1:
            raise FieldError(("rules", "ante"), "the toy game's ante is at most 1")
        return original(position, rules)

    object.__setattr__(GAME, "load_position", strict)
    try:
        [problem] = problems_of(write(tmp_path, VALID))
    finally:
        object.__setattr__(GAME, "load_position", original)
    assert (problem.path, problem.line) == (("rules", "ante"), 3)
