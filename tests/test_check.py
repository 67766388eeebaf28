"""``oracle check``: expectations, exit codes, JUnit XML and --update."""

import json

import pytest
from click.testing import CliRunner

from oracle.check import differences
from oracle.cli import main

from _toygame import SCENARIO as GOOD, toy_game


@pytest.fixture(autouse=True)
def toy():
    with toy_game():
        yield


def check(*args):
    return CliRunner().invoke(main, ["check", *map(str, args)])


def test_passing_file_says_n_passed_and_exits_0(tmp_path):
    (tmp_path / "a.scenario.yaml").write_text(GOOD)
    result = check(tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "2 passed, 0 failed"


def test_wrong_expectation_exits_1_with_expected_versus_actual(tmp_path):
    (tmp_path / "a.scenario.yaml").write_text(GOOD.replace("chips: 10, ratio", "chips: 11, ratio"))
    result = check(tmp_path)
    assert result.exit_code == 1
    assert "chips: expected 11, got 10" in result.output
    assert result.output.strip().splitlines()[-1] == "1 passed, 1 failed"


def test_malformed_file_exits_2_naming_file_line_and_field(tmp_path):
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(GOOD.replace("chips: 10, hand", "chips: ten, hand"))
    result = check(path)
    assert result.exit_code == 2
    assert f"{path}:6: position.players[0].chips: must be a whole number of chips, not 'ten'" in result.output
    assert "Traceback" not in result.output


def test_missing_path_exits_2(tmp_path):
    result = check(tmp_path / "nope")
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_marks_skip_and_xfail(tmp_path):
    text = GOOD.replace('    rule: "Toy: chips"\n', '    rule: "Toy: chips"\n    marks: [{skip: not today}]\n')
    text = text.replace("expect: {category: pair}", "expect: {category: flush}\n    marks: [{xfail: known wrong}]")
    (tmp_path / "a.scenario.yaml").write_text(text)
    result = check(tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "1 passed, 0 failed, 1 skipped"


def test_junit_report_lists_every_question(tmp_path):
    (tmp_path / "a.scenario.yaml").write_text(GOOD.replace("chips: 10, ratio", "chips: 11, ratio"))
    report = tmp_path / "report.xml"
    check(tmp_path, "--junit", report)
    import xml.etree.ElementTree as ET

    root = ET.parse(report).getroot()
    cases = root.findall(".//testcase")
    assert [c.get("name") for c in cases] == ["chips::anna-chips", "chips::pair"]
    assert cases[0].find("failure") is not None and cases[1].find("failure") is None


def test_update_writes_actual_answers_keeping_comments_and_order(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD.replace("chips: 10, ratio", "chips: 11, ratio").replace("expect: {category: pair}\n", ""))
    result = check(path, "--update")
    # Every difference was written: exit 0, and the run says what it updated.
    assert result.exit_code == 0 and "UPDATED" in result.output and "updated" in result.output.splitlines()[-1]
    text = path.read_text()
    assert text.startswith("# A designer's comment that --update must keep.")
    assert "# kept too" in text
    assert check(path).exit_code == 0
    import yaml

    doc = yaml.safe_load(text)
    assert doc["questions"][0]["expect"]["chips"] == 10
    assert doc["questions"][1]["expect"]["category"] == "pair"
    assert list(doc) == ["game", "name", "position", "questions"]


def test_json_report(tmp_path):
    (tmp_path / "a.scenario.yaml").write_text(GOOD)
    data = json.loads(check(tmp_path, "--json").output)
    assert (data["passed"], data["failed"]) == (2, 0)


def test_partial_expectations_compare_only_given_keys():
    assert differences({"a": 1}, {"a": 1, "b": 2}) == []
    assert differences({"a": {"b": [1, 2]}}, {"a": {"b": [1, 3]}}) == ["a.b[1]: expected 2, got 3"]
    assert differences({"x": {"approx": 0.5, "tol": 0.01}}, {"x": 0.505}) == []
    assert differences({"x": {"approx": 0.5, "tol": 0.001}}, {"x": 0.505}) == ["x: expected 0.5 ± 0.001, got 0.505"]
    assert differences({"flag": True}, {"flag": 1}) == ["flag: expected True, got 1"]


def test_solve_prints_json_answers(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD)
    result = CliRunner().invoke(main, ["solve", str(path), "--json"])
    data = json.loads(result.output)
    assert data["scenario"] == "chips" and data["game"] == "toy-poker"
    assert [a["id"] for a in data["answers"]] == ["anna-chips", "pair"]
    assert set(data["answers"][0]) == {"id", "ask", "answer", "explanation", "rule"}


def test_solve_human_output_is_a_table_with_suit_symbols(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD)
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 0
    assert "Pair of Nines" in result.output and "rule:" in result.output


def test_update_changes_only_the_lines_of_wrong_values(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    before = GOOD.replace("chips: 10, ratio", "chips: 11, ratio")
    path.write_text(before)
    check(path, "--update")
    changed = [(a, b) for a, b in zip(before.splitlines(), path.read_text().splitlines()) if a != b]
    assert len(before.splitlines()) == len(path.read_text().splitlines())
    assert [" ".join(b.split()) for _, b in changed] == ["expect: {chips: 10, ratio: {approx: 3.333, tol: 0.001}} # kept too"]


def test_each_difference_names_the_file_and_line_of_its_expected_value(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD.replace("chips: 10, ratio", "chips: 11, ratio").replace("category: pair", "category: flush"))
    result = check(path)
    assert f"    {path}:10: chips: expected 11, got 10" in result.output
    assert f"    {path}:14: category: expected 'flush', got 'pair'" in result.output
    data = json.loads(check(path, "--json").output)
    assert [r["line"] for r in data["results"]] == [8, 12]


def test_a_difference_in_a_block_expectation_names_its_own_line(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD.replace("expect: {category: pair}", "expect:\n      name: Pair\n      category: flush"))
    assert f"    {path}:16: category: expected 'flush', got 'pair'" in check(path).output


def test_an_xpassed_question_names_its_line(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD.replace("expect: {category: pair}", "expect: {category: pair}\n    marks: [{xfail: known wrong}]"))
    result = check(path)
    assert result.exit_code == 1 and f"    {path}:12: passed, but marked xfail" in result.output


def test_the_summary_counts_unreadable_files(tmp_path):
    (tmp_path / "a.scenario.yaml").write_text("game: toy-poker\n")
    (tmp_path / "b.scenario.yaml").write_text("game: [")
    result = check(tmp_path)
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == "0 passed, 0 failed, 2 unreadable"
    (tmp_path / "c.scenario.yaml").write_text(GOOD)
    assert check(tmp_path).output.strip().splitlines()[-1] == "2 passed, 0 failed, 2 unreadable"
    assert json.loads(check(tmp_path, "--json").output)["unreadable_files"] == 2


SMALL_OVEN = """\
game: auf-teufel-komm-raus
position:
  players: [{name: Anna, chips: 200}, {name: Ben, chips: 200}]
  oven: {50: 1, 25: 1, devils: 1}
  history: [Anna passes, Ben passes]
questions:
  - id: policy
    ask: {kind: stop-policy, plot: policy.svg}
"""


def test_solve_output_creates_its_folder(tmp_path):
    path = tmp_path / "oven.scenario.yaml"
    path.write_text(SMALL_OVEN)
    folder = tmp_path / "plots" / "today"
    result = CliRunner().invoke(main, ["solve", str(path), "--output", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    assert (folder / "policy.svg").is_file()


def test_solve_output_refuses_a_file_where_the_folder_should_be(tmp_path):
    (tmp_path / "plots").write_text("not a folder")
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD)
    result = CliRunner().invoke(main, ["solve", str(path), "--output", str(tmp_path / "plots")])
    assert result.exit_code == 2
    assert "it is a file, not a folder" in result.output and "Traceback" not in result.output


def test_a_question_with_a_bad_card_is_bad_input_and_exits_2_naming_file_line_and_card(tmp_path):
    path = tmp_path / "bad-card.scenario.yaml"
    path.write_text(
        "game: diablo\nname: x\nposition: {seats: [{name: A}, {name: B}, {name: C}]}\n"
        "questions:\n  - id: q\n    ask: {kind: rank, cards: \"9 9 2 2 Q1\"}\n"
    )
    result = check(path)
    assert result.exit_code == 2, result.output
    assert f"{path}:5" in result.output and "'Q1'" in result.output
    assert result.output.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_audit_14_check_update_says_what_it_updated_and_exits_0_when_every_difference_was_written(tmp_path):
    path = tmp_path / "a.scenario.yaml"
    path.write_text(GOOD.replace("chips: 10, ratio", "chips: 11, ratio"))
    result = check(path, "--update", "--json")
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["failed"] == 0 and data["updated_questions"] == 1
    assert [r["outcome"] for r in data["results"]].count("updated") == 1 and data["updated"] == [str(path)]
    human = check(path, "--update")
    assert human.exit_code == 0 and "UPDATED" not in human.output  # nothing left to write



def test_check_writes_its_error_lines_to_standard_error_and_its_count_to_standard_output(tmp_path):
    (tmp_path / "a.scenario.yaml").write_text(GOOD)
    (tmp_path / "b.scenario.yaml").write_text("game: [")
    result = check(tmp_path, "-k", "no-such-question")
    assert result.exit_code == 2
    assert result.stdout.strip().splitlines() == ["0 passed, 0 failed, 1 unreadable"]
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2 and all(line.startswith("Error: ") for line in errors), errors
    assert "b.scenario.yaml:1" in errors[0] and "'no-such-question' chooses no question" in errors[1]


def test_check_json_reports_a_missing_path_or_an_empty_folder_as_an_unreadable_input(tmp_path):
    (tmp_path / "empty").mkdir()
    result = check(tmp_path / "nope", tmp_path / "empty", "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    (tmp_path / "bad.scenario.yaml").write_text("game: [")
    assert set(data) == set(json.loads(check(tmp_path / "bad.scenario.yaml", "--json").stdout))
    assert (data["passed"], data["failed"], data["unreadable_files"], data["results"]) == (0, 0, 2, [])
    assert data["unreadable"] == [f"{tmp_path / 'nope'}: (top level): no such file or folder",
                                  f"{tmp_path / 'empty'}: (top level): holds no *.scenario.yaml files"]
