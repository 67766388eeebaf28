"""The pytest plugin: scenario files become test items, one per question."""

import pytest

from _toygame import toy_game

pytest_plugins = ["pytester"]

FILE = """\
game: toy-poker
name: plugin
position:
  players: [{name: Anna, chips: 10, hand: "As Kd"}]
questions:
  - id: good
    ask: {kind: chips, player: Anna}
    expect: {chips: 10}
  - id: wrong
    ask: {kind: chips, player: Anna}
    expect: {chips: 12}
  - id: skipped
    ask: {kind: chips, player: Anna}
    marks: [{skip: not now}]
  - id: known-bug
    ask: {kind: chips, player: Anna}
    expect: {chips: 99}
    marks: [{xfail: waiting on a ruling}]
"""


@pytest.fixture(autouse=True)
def toy():
    with toy_game():
        yield


def test_each_question_is_an_item_and_marks_map_to_skip_and_xfail(pytester):
    pytester.makefile(".scenario.yaml", plugin=FILE)
    result = pytester.runpytest("-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=1, failed=1, skipped=1, xfailed=1)
    result.stdout.fnmatch_lines(["*plugin::good PASSED*", "*plugin::wrong FAILED*"])


def test_failure_shows_question_expected_actual_and_explanation(pytester):
    pytester.makefile(".scenario.yaml", plugin=FILE)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(
        [
            "*question 'wrong' (chips)*",
            '*expected: {"chips": 12}*',
            '*actual:*"chips": 10*',
            "*why:      Anna has 10*",
        ]
    )


def test_yaml_files_under_configured_folders_are_collected(pytester):
    pytester.makeini("[pytest]\noracle_scenario_dirs = designs\n")
    folder = pytester.mkdir("designs")
    (folder / "edge.yaml").write_text(FILE.replace("plugin", "configured"))
    result = pytester.runpytest("-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=1, failed=1, skipped=1, xfailed=1)


def test_malformed_file_is_a_collection_error_naming_line_and_field(pytester):
    pytester.makefile(".scenario.yaml", broken=FILE.replace("chips: 10, hand", "chips: x, hand"))
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*broken.scenario.yaml:4: position.players?0?.chips: must be a whole number*"])
    assert "Traceback" not in result.stdout.str()
