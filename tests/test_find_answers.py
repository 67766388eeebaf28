"""Relations between the answers of one search (``answer(ID, KEY)`` in ``where:``): held to
the engines' answers of every filling Z3 proposes, never stated to Z3; a filling that fails
one is set aside whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import oracle
from oracle.cli import main
from oracle.find import FOUND, run_search
from oracle.find.answers import NoSuchKey, holds
from oracle.find.language import parse_constraint

ROOT = Path(__file__).resolve().parent.parent
TOLL = ROOT / "scenarios" / "find" / "hod-toll-changes-the-outcome.search.yaml"
DIABLO = """game: diablo
name: s
questions:
  - id: first
    ask: {kind: compare, first: $a Kd Qs 9c 5h, second: As Ad 7c 6h 3s}
  - id: second
    ask: {kind: compare, first: $a Kd Qs 9c 5h, second: Ks Kc 7c 6h 3s}
where:
"""


def write(tmp_path, text):
    path = tmp_path / "s.search.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_paying_the_toll_changes_the_outcome_and_the_witness_shows_it():
    """The Boatman: the search finds a showdown where paying one Soul changes Anna's outcome,
    whichever way; asked again of the witness, the two outcomes differ."""
    result = run_search(str(TOLL), time_limit=30)
    assert result.outcome == FOUND, result.method
    [witness] = result.witnesses
    [scenario] = oracle.loads(witness.text)
    unpaid = scenario.ask("showdown", tolls={"Anna": 0}).answer["players"]["Anna"]["outcome"]
    paid = scenario.ask("showdown", tolls={"Anna": 1}).answer["players"]["Anna"]["outcome"]
    assert unpaid != paid


def test_a_relation_between_two_compare_answers_is_met_by_the_witness(tmp_path):
    """Loses to the Aces, beats the Kings: neither winner is written as an expectation."""
    path = write(tmp_path, DIABLO + "  - answer(first, winner) == second and answer(second, winner) == first\n")
    result = run_search(path, time_limit=30)
    assert result.outcome == FOUND, result.method
    hand = result.witnesses[0].values["$a"]
    assert str(hand)[0] in "K2", hand  # a King, or a deuce copying one: Kings with the better kickers


def test_the_answers_are_read_by_dotted_keys_and_a_list_of_one_is_its_item():
    answers = {"q": {"winners": ["Ben"], "players": {"Anna": {"outcome": "win"}}, "pot": 26}}
    assert holds(parse_constraint("answer(q, winners) == Ben"), answers)[0]
    assert holds(parse_constraint("answer(q, 'players.Anna.outcome') in [win, push]"), answers)[0]
    assert holds(parse_constraint("answer(q, pot) > 20 and not answer(q, pot) > 30"), answers)[0]
    ok, why = holds(parse_constraint("answer(q, 'players.Anna.outcome') == lose"), answers)
    assert not ok and why == "answer(q, players.Anna.outcome) is 'win'"
    with pytest.raises(NoSuchKey, match="the answer of 'q' has no key 'players.Ben.outcome'"):
        holds(parse_constraint("answer(q, 'players.Ben.outcome') == win"), answers)


def test_a_bad_relation_is_refused_at_its_line_with_exit_2(tmp_path):
    for line, message in (("answer(third, winner) == first", "'third' is no question's id; the questions: first, second"),
                          ("answer(first, winner) == $a", "relates the questions' answers only"),
                          ("answer(first) == second", "answer(ID, KEY)")):
        result = CliRunner().invoke(main, ["find", write(tmp_path, DIABLO + f"  - {line}\n")])
        assert result.exit_code == 2, result.output
        assert "s.search.yaml:9: where[0]" in result.output and message in result.output, result.output


def test_a_relation_between_answers_is_searched_not_counted(tmp_path):
    path = write(tmp_path, DIABLO + "  - answer(first, winner) != answer(second, winner)\n")
    result = CliRunner().invoke(main, ["find", path, "--count", "all"])
    assert result.exit_code == 2 and "not --count all" in result.output, result.output


def test_outcome_of_a_player_reads_the_only_question_or_the_one_named(tmp_path):
    one = {"q": {"players": {"Anna": {"outcome": "push"}}}}
    assert holds(parse_constraint("outcome(Anna) in [win, push]"), one)[0]
    two = {"unpaid": {"players": {"Anna": {"outcome": "lose"}}}, "paid": {"players": {"Anna": {"outcome": "win"}}}}
    assert holds(parse_constraint("outcome(Anna, unpaid) == lose and outcome(Anna, paid) == win"), two)[0]
    text = TOLL.read_text(encoding="utf-8").replace(
        "  - answer(unpaid, 'players.Anna.outcome') != answer(paid, 'players.Anna.outcome')",
        "  - outcome(Anna, unpaid) == lose and outcome(Anna, paid) == win")
    result = run_search(write(tmp_path, text), time_limit=30)
    assert result.outcome == FOUND, result.method
    refused = CliRunner().invoke(main, ["find", write(tmp_path, DIABLO + "  - outcome(Anna) == win\n")])
    assert refused.exit_code == 2 and "the file has 2 questions, so name the one asked" in refused.output


def test_a_key_no_answer_has_is_a_fault_of_the_file_at_its_line(tmp_path):
    result = CliRunner().invoke(main, ["find", write(tmp_path, DIABLO + "  - answer(first, 'players.Anna.outcome') == win\n")])
    assert result.exit_code == 2, result.output
    assert ("s.search.yaml:9: where[0]: answer(first, players.Anna.outcome): the answer of 'first' has no key "
            "'players.Anna.outcome' (its keys: first, second, winner)") in result.output
