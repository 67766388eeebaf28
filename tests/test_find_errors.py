"""Bad search files get one clear line a problem, naming the file, the line and the field,
and exit code 2: an unknown function in where:, a hole the constraints do not mention,
constraints that contradict themselves (found before any search starts), and the rest."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from oracle.cli import main

HEAD = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "$a $b ? ? ?", Ben: "Ah Kd ? ? ?"}
questions:
  - id: r
    ask: {kind: rank, cards: Ah Kd}
where:
"""


def find(tmp_path, where_lines, *args, text=None):
    path = tmp_path / "bad.search.yaml"
    path.write_text(text if text is not None else HEAD + "".join(f"  - {line}\n" for line in where_lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["find", str(path), *args])
    return path, result


def lines_of(result):
    return [line for line in result.output.splitlines() if line.startswith("Error:")]


def test_an_unknown_function_is_named_at_its_line(tmp_path):
    path, result = find(tmp_path, ["colour($a) == red", "rank($b) == K"])
    assert result.exit_code == 2
    assert lines_of(result) == [f"Error: {path}:9: where[0]: unknown function 'colour'; functions: answer, category, outcome, rank, strength, suit, wild"]


def test_a_named_hole_no_constraint_mentions_is_an_error(tmp_path):
    path, result = find(tmp_path, ["rank($a) == A"])
    assert result.exit_code == 2
    assert lines_of(result) == [
        f"Error: {path}:4: position.hands.Anna: the hole $b is named but no constraint in where: mentions it and no "
        "other document shares it; write ? for a card nothing constrains"
    ]


def test_contradicting_constraints_are_found_before_any_search(tmp_path):
    path, result = find(tmp_path, ["rank($a) == A", "rank($b) == K", "rank($a) == K"], "--json")
    assert result.exit_code == 2
    assert lines_of(result) == [
        f"Error: {path}:9: where[0]: 'rank($a) == A' contradicts where[2] (line 11): no filling of the holes satisfies them all",
        f"Error: {path}:11: where[2]: 'rank($a) == K' contradicts where[0] (line 9): no filling of the holes satisfies them all",
    ]


def test_a_constraint_that_clashes_with_the_cards_of_the_position_says_so(tmp_path):
    path, result = find(tmp_path, ["$a == Ah", "rank($b) == K"])
    assert result.exit_code == 2
    (line,) = lines_of(result)
    assert line.startswith(f"Error: {path}:9: where[0]: '$a == Ah' contradicts the card domain")


def test_a_constraint_that_can_never_hold_alone(tmp_path):
    path, result = find(tmp_path, ["rank($a) == A and rank($a) == K", "rank($b) == K"])
    assert lines_of(result) == [f"Error: {path}:9: where[0]: 'rank($a) == A and rank($a) == K' can never hold: "
                                "no filling of the holes satisfies it"]


@pytest.mark.parametrize(
    "constraint, message",
    [
        ("$x == Ah", "unknown hole $x; the file's named holes: $a, $b"),
        ("rank($a) == A and", "the constraint ends too soon"),
        ("rank($a) = A", "unexpected '=' at character 10"),
        ("suit($a) < h", "suits have no order: compare them with == or != (ranks have one)"),
        ("category(Dan) == flush", "unknown player 'Dan'; players: Anna, Ben, Carla"),
        ("category(Anna) == flsh", "'flsh' is not a category; did you mean 'flush'?"),
        ("rank($a) == Z", "'Z' is not a rank; ranks are A K Q J T (or 10) 9 8 7 6 5 4 3 2"),
        ("rank($a)", "a constraint must be true or false: compare the rank, e.g. with =="),
        ("wild($a, ruleset=diablo)", "unknown argument ruleset= for wild(); wild() takes game="),
        ("wild($a, game=poker2)", "unknown game 'poker2' for game=; one of: standard, diablo, drawing-dead, hell-of-a-deal"),
        ("rank($a) == suit($b)", "a rank is compared with a rank, not a suit"),
    ],
)
def test_each_bad_constraint_gets_one_line(tmp_path, constraint, message):
    path, result = find(tmp_path, [constraint, "rank($b) == K" if "$b" not in constraint else "rank($a) == A"])
    assert result.exit_code == 2
    assert f"Error: {path}:9: where[0]: {message}" in lines_of(result)


def test_holes_in_an_expectation_are_refused(tmp_path):
    text = HEAD.replace("ask: {kind: rank, cards: Ah Kd}", "ask: {kind: rank, cards: Ah Kd}\n    expect: {cards: [$a]}")
    path, result = find(tmp_path, [], text=text + "  - rank($a) == A\n  - rank($b) == K\n")
    assert lines_of(result) == [f"Error: {path}:8: questions[0].expect.cards[0]: an expectation is what must hold: "
                                "holes go in the position or the question's parameters"]


def test_an_unquoted_question_mark_gets_a_hint(tmp_path):
    text = HEAD.replace('"$a $b ? ? ?"', "$a $b ? ? ?")
    path, result = find(tmp_path, [], text=text)
    (line,) = lines_of(result)
    assert line.startswith(f"Error: {path}:4:") and line.endswith('a ? hole must be quoted in YAML, e.g. hand: "? ? ? ? ?"')


def test_a_hole_used_as_a_card_and_a_number_is_refused(tmp_path):
    text = HEAD.replace("seats: [{name: Anna}", "seats: [{name: Anna, chips: $a}")
    path, result = find(tmp_path, ["rank($a) == A", "rank($b) == K"], text=None)
    path.write_text(text + "  - rank($b) == K\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["find", str(path)])
    assert result.exit_code == 2
    assert "$a is a number at position.seats[0].chips and cannot be a card here" in result.output


def test_a_bad_time_limit_and_count_are_usage_errors(tmp_path):
    path, result = find(tmp_path, ["rank($a) == A", "rank($b) == K"], "--time-limit", "nan")
    assert result.exit_code == 2 and "--time-limit" in result.output
    path, result = find(tmp_path, ["rank($a) == A", "rank($b) == K"], "--count", "0")
    assert result.exit_code == 2 and "--count" in result.output


def test_what_the_loader_refuses_whatever_the_holes_hold_is_reported_first(tmp_path):
    text = HEAD.replace("hands:", "handz:").replace("kind: rank", "kind: rnk") + "  - rank($a) == A\n  - rank($b) == K\n"
    text += "---\ngame: diablp\nposition: {}\n"
    path, result = find(tmp_path, [], text=text)
    assert result.exit_code == 2
    assert lines_of(result) == [f"Error: {path}:12: game: unknown game 'diablp'; did you mean 'diablo'?"]
    path, result = find(tmp_path, [], text=text.replace("diablp", "diablo"))
    assert lines_of(result) == [
        f"Error: {path}:4: position.handz: unknown key 'handz'; did you mean 'hands'?",
        f"Error: {path}:7: questions[0].ask.kind: unknown question kind 'rnk'; did you mean 'rank'?",
        f"Error: {path}:12: questions: missing: a scenario asks at least one question",
    ]


def test_a_missing_search_file_is_one_line(tmp_path):
    result = CliRunner().invoke(main, ["find", str(tmp_path / "none.search.yaml")])
    assert result.exit_code == 2 and lines_of(result) == [f"Error: {tmp_path / 'none.search.yaml'}: (top level): no such file"]
