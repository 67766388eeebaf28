"""Relations between hands in where: (category(A) > category(B), strength(A) > strength(B)) and
between an answer and what it may be in expect ({in: [...]}, {at_least: X}, ...): what they
mean, how the search holds them, and one clear line for each misuse (exit code 2)."""

from __future__ import annotations

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from oracle.cards import parse_cards
from oracle.check import run_check
from oracle.cli import main
from oracle.eval import category_slug, strength
from oracle.errors import ScenarioError
from oracle.expectations import differences
from oracle.find import FOUND, run_search
from oracle.schema import scenario_schema

PLACES = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind",
          "straight_flush", "royal_flush", "five_of_a_kind"]

HEAD = """game: diablo
questions:
  - id: r
    ask: {kind: compare, first: $a $b $c, second: $d $e Kd}
where:
"""


def write(tmp_path, where, head=HEAD, name="s.search.yaml"):
    path = tmp_path / name
    path.write_text(head + "".join(f"  - {line}\n" for line in where), encoding="utf-8")
    return str(path)


def hands(witness):
    values = {k: str(v) for k, v in witness.values.items()}
    first = parse_cards(" ".join(values[k] for k in ("$a", "$b", "$c")))
    second = parse_cards(" ".join(values[k] for k in ("$d", "$e")) + " Kd")
    return first, second


def test_two_hands_categories_compare_by_their_order(tmp_path):
    path = write(tmp_path, ["category([$a, $b, $c]) > category([$d, $e, Kd])", "category([$d, $e, Kd]) >= pair",
                            "not wild($a) and not wild($b) and not wild($c) and not wild($d) and not wild($e)"])
    result = run_search(path, count=3, time_limit=30)
    assert result.outcome == FOUND and len(result.witnesses) == 3
    for witness in result.witnesses:
        first, second = hands(witness)
        assert PLACES.index(category_slug(strength(first, "diablo"))) > PLACES.index(category_slug(strength(second, "diablo")))
        assert category_slug(strength(second, "diablo")) != "high_card"


def test_strengths_compare_as_the_evaluator_ranks_the_hands_tie_breaks_included(tmp_path):
    """Z3 is told only what the comparison implies of the categories; every proposal is
    checked exactly, and one that fails is blocked and counted as rejected by where:."""
    path = write(tmp_path, ["category([$a, $b, $c]) == pair", "category([$d, $e, Kd]) == pair",
                            "strength([$a, $b, $c]) > strength([$d, $e, Kd])", "rank($a) < 9"])
    result = run_search(path, count=2, time_limit=30)
    assert result.outcome == FOUND and len(result.witnesses) == 2
    for witness in result.witnesses:
        first, second = hands(witness)
        assert strength(first, "diablo") > strength(second, "diablo")
    assert set(result.rejections) <= {"where[2]"}


def test_no_card_outranks_the_ace_said_of_the_constraint_before_any_search(tmp_path):
    """The strengths of hands of five cards or fewer are Z3's own: a comparison no filling
    satisfies is named before any candidate, as any impossible constraint is."""
    head = "game: hell-of-a-deal\nquestions:\n  - id: r\n    ask: {kind: rank, cards: $a}\nwhere:\n"
    path = write(tmp_path, ["strength([$a]) > strength([As])"], head)
    with pytest.raises(ScenarioError, match=r"'strength\(\[\$a\]\) > strength\(\[As\]\)' can never hold"):
        run_search(path, time_limit=30)


def test_the_best_five_of_six_upcards_is_compared_by_z3(tmp_path):
    """Drawing Dead's six upcards rank by their best five (Drawing Dead: FAQ), which their key
    holds: Z3 proposes only the card that wins, and the evaluator refuses no proposal."""
    head = ("game: drawing-dead\nposition:\n  players:\n    - {name: Anna, chips: 10, upcards: $a Ks Kd 7c 7d 3h}\n"
            "    - {name: Ben, chips: 10, upcards: Kh Kc 7h 7s 4d}\n  turn: Anna\n  phase: action\n  button: Ben\n"
            "  pot: 5\nquestions:\n  - id: v\n    ask: validate\nwhere:\n")
    path = write(tmp_path, ["strength(Anna) > strength(Ben)", "not rank($a) >= 4"], head)
    result = run_search(path, count=2, time_limit=30)
    # A Three or a deuce is a kicker below Ben's Four; only the Joker makes a full house.
    assert result.outcome == FOUND and [str(w.values["$a"]) for w in result.witnesses] == ["Jk"]
    assert result.complete and not result.rejections


def test_equal_strengths_are_a_tie(tmp_path):
    head = "game: hell-of-a-deal\nquestions:\n  - id: r\n    ask: {kind: compare, first: $a Kd, second: $b Ks}\n" \
           "    expect: {winner: tie}\nwhere:\n"
    path = write(tmp_path, ["strength([$a, Kd]) == strength([$b, Ks])", "rank($a) == 7"], head)
    result = run_search(path, count=3, time_limit=30)
    assert result.outcome == FOUND and len(result.witnesses) == 3
    assert {str(w.values["$b"])[0] for w in result.witnesses} == {"7"}
    assert not result.rejections  # the strengths are Z3's own: no proposal fails the evaluator


@pytest.mark.parametrize("constraint, message", [
    ("strength([$a, $b, $c]) > 3", "a strength is compared with another strength, such as strength(Ben) or "
                                   "strength([Ah, Kh, Qh, Jh, Th]), not 3; to compare a category write e.g. "
                                   "category(Anna) >= flush"),
    ("strength([$a, $b, $c]) >= flush", "a strength is compared with another strength, such as strength(Ben) or "
                                        "strength([Ah, Kh, Qh, Jh, Th]), not 'flush'; to compare a category write "
                                        "e.g. category(Anna) >= flush"),
    ("strength([$a, $b, $c])", "a constraint must be true or false: compare the strength, e.g. with =="),
    ("strength([$a, $b, $c]) + 1 > strength([$d, $e])", "+ needs a number, not a strength"),
    ("strength([$a, $b, $c]) > category([$d, $e])", "a strength is compared with a strength, not a category"),
    ("category([$a, $b, $c]) > strength([$d, $e])", "a category is compared with a category, not a strength"),
    ("strength(Anna) > strength([$d, $e])", "unknown player 'Anna'"),
    ("strength([]) > strength([$d, $e])", "strength() of an empty list: give at least one card"),
    ("strength([$a, $b, $c], game=poker2) > strength([$d, $e])", "unknown game 'poker2' for game=; one of: standard, "
                                                                 "diablo, drawing-dead, hell-of-a-deal"),
    ("outcome(Anna) in [win, push]", "outcome(Anna): the answer of 'r' has no key 'players.Anna.outcome' (its keys: "
                                     "first, second, winner)"),
    ("colour($a) == red", "unknown function 'colour'; functions: answer, category, outcome, rank, strength, suit, wild"),
    ("strength([$a, $b, $c]) >> strength([$d, $e])", "unexpected '>' at character 25"),
])
def test_a_misused_relation_is_one_line_at_its_constraint(tmp_path, constraint, message):
    path = write(tmp_path, [constraint, "rank($a) == rank($b) or rank($c) == rank($d) or rank($e) == A"])
    result = CliRunner().invoke(main, ["find", path])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: {path}:6: where[0]: {message}"]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("expected, actual, fails", [
    ({"in": ["win", "push"]}, "push", False),
    ({"in": ["win", "push"]}, "lose", True),
    ({"not_in": ["lose"]}, "win", False),
    ({"not_in": ["lose"]}, "lose", True),
    ({"at_least": 3}, 3, False),
    ({"more_than": 3}, 3, True),
    ({"at_most": 2.5}, 2.4, False),
    ({"less_than": 0}, 0, True),
    ({"at_least": "flush"}, "full_house", False),
    ({"at_least": "flush"}, "straight", True),
    ({"less_than": "royal_flush"}, "straight_flush", False),
    ({"at_least": 3}, "flush", True),  # a number and a category are in no order together
    ({"in": [{"approx": 0.5, "tol": 0.01}, 1]}, 0.505, False),
])
def test_expectation_relations(expected, actual, fails):
    assert bool(differences(expected, actual)) == fails


def test_relations_in_a_scenario_pass_fail_and_say_why(tmp_path):
    path = tmp_path / "r.scenario.yaml"
    path.write_text("""game: diablo
questions:
  - id: holds
    ask: {kind: rank, cards: Ah Kh Qh Jh 9h}
    expect: {category: {at_least: straight}, name: {in: [Flush, Straight Flush]}, strength: {more_than: 0}}
  - id: fails
    ask: {kind: compare, first: Ah Kh Qh Jh 9h, second: 7c 7d 3s 3c 4d}
    expect: {winner: {not_in: [first]}}
""", encoding="utf-8")
    report = run_check([str(path)])
    assert report.passed == 1 and report.failed == 1
    failed = next(r for r in report.results if r.outcome == "failed")
    assert [str(d) for d in failed.diffs] == ["winner: expected none of ['first'], got 'first'"]


@pytest.mark.parametrize("expect, line", [
    ("{category: {at_least: flushy}}", "questions[0].expect.category.at_least: at_least takes a number or a hand "
                                       "category (such as flush), not 'flushy': only they are in an order"),
    ("{name: {in: Flush}}", "questions[0].expect.name.in: in takes a list of the values it allows, such as "
                            "[win, push], not 'Flush'"),
])
def test_a_malformed_relation_is_refused_when_the_file_is_loaded(tmp_path, expect, line):
    path = tmp_path / "r.scenario.yaml"
    path.write_text(f"game: diablo\nquestions:\n  - id: r\n    ask: {{kind: rank, cards: Ah Kh}}\n    expect: {expect}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}:5: {line}" in result.output


def test_the_schema_knows_relations():
    validator = jsonschema.Draft7Validator(scenario_schema())
    good = yaml.safe_load("game: diablo\nquestions:\n  - id: r\n    ask: {kind: rank, cards: Ah Kh}\n"
                          "    expect: {category: {at_least: pair}, strength: {in: [1, 2]}}\n")
    bad = yaml.safe_load("game: diablo\nquestions:\n  - id: r\n    ask: {kind: rank, cards: Ah Kh}\n"
                         "    expect: {category: {at_least: [pair]}}\n")
    assert not list(validator.iter_errors(good))
    assert list(validator.iter_errors(bad))


def test_a_rank_expectation_stated_as_a_relation_prunes_natively(tmp_path):
    path = tmp_path / "s.search.yaml"
    path.write_text("""game: diablo
questions:
  - id: r
    ask: {kind: rank, cards: "$a ? ? ? ?"}
    expect: {category: {in: [straight_flush, royal_flush]}}
where:
  - not wild($a)
""", encoding="utf-8")
    result = run_search(str(path), count=2, time_limit=30)
    assert result.outcome == FOUND and result.candidates == 2 and not result.rejections


def test_update_replaces_a_relation_that_fails_with_the_answer(tmp_path):
    path = tmp_path / "r.scenario.yaml"
    path.write_text("game: diablo\nquestions:\n  - id: r\n    ask: {kind: rank, cards: Ah Kh Qh Jh 9h}\n"
                    "    expect: {category: {at_least: full_house}, name: {in: [Flush]}}\n", encoding="utf-8")
    report = run_check([str(path)], update=True)
    assert report.updated_files == [str(path)]
    assert "expect: {category: flush, name: {in: [Flush]}}" in path.read_text(encoding="utf-8")
