"""Questions that never read the table (rank, compare) need no position: a Diablo scenario that
only ranks hands needs no seats, a Hell of a Deal one no Boss. Every other question still
needs one, and says so at its own line."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.errors import ScenarioError
from oracle.registry import question_kinds
from oracle.scenario import answer_question, load_file

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["diablo", "hell-of-a-deal", "drawing-dead", "auf-teufel-komm-raus"]


def write(tmp_path, text):
    path = tmp_path / "case.scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def only_ranks(game):
    return f"""\
game: {game}
questions:
  - id: rank
    ask: {{kind: rank, cards: "9h 9c 2s 2d Kd"}}
  - id: compare
    ask: {{kind: compare, first: "Ah Ad Kc Kd 3s", second: "Qh Qd Jc Jd As"}}
"""


@pytest.mark.parametrize("game", GAMES)
def test_a_scenario_that_only_ranks_and_compares_needs_no_position(tmp_path, game):
    [scenario] = load_file(write(tmp_path, only_ranks(game)))
    assert scenario.state is None
    rank, compare = (answer_question(scenario, q).answer for q in scenario.questions)
    assert compare["winner"] == "first"  # aces up beats queens up under every game's rules
    expected = "four_of_a_kind" if game == "diablo" else "two_pair"  # only Diablo's 2s are wild
    assert rank["category"] == expected


def test_hell_of_a_deal_ranks_hole_and_board_without_a_boss(tmp_path):
    text = """\
game: hell-of-a-deal
questions:
  - id: best
    ask: {kind: rank, hole: "7h 7d 7c", board: "Ks Kd 2c 3h 9s"}
"""
    [scenario] = load_file(write(tmp_path, text))
    answer = answer_question(scenario, scenario.questions[0]).answer
    assert answer["category"] == "two_pair" and answer["from_private"] == ["7h", "7d"]


@pytest.mark.parametrize("game, kind", [("diablo", "showdown"), ("hell-of-a-deal", "showdown"), ("drawing-dead", "legal-moves"), ("auf-teufel-komm-raus", "game-status")])
def test_a_question_that_reads_the_table_needs_a_position_and_says_so_at_its_line(tmp_path, game, kind):
    assert kind in question_kinds(game)
    text = only_ranks(game) + f"  - id: table\n    ask: {kind}\n"
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    [problem] = info.value.problems
    assert problem.line == 7 and problem.path == ("questions", 2)
    assert str(problem) == f"{path}:7: questions[2]: {kind} needs the table: give a position (only rank and compare are asked without one)"


def test_validate_without_a_position_answers_that_the_table_is_missing(tmp_path):
    [scenario] = load_file(write(tmp_path, only_ranks("diablo") + "  - id: legal\n    ask: validate\n"))
    answer = answer_question(scenario, scenario.questions[2]).answer
    assert answer["legal"] is False and answer["problems"][0]["field"] == "position.seats"
    assert answer_question(scenario, scenario.questions[0]).answer["category"] == "four_of_a_kind"


def test_rank_is_answered_beside_an_illegal_position_that_validate_lists(tmp_path):
    text = "game: diablo\nposition:\n  seats: [{name: Anna}]\n" + only_ranks("diablo").split("\n", 1)[1]
    text += "  - id: legal\n    ask: validate\n  - id: next\n    ask: apply\n"
    [scenario] = load_file(write(tmp_path, text))
    rank, compare, legal, apply = scenario.questions
    assert answer_question(scenario, rank).answer["category"] == "four_of_a_kind"
    assert answer_question(scenario, legal).answer["legal"] is False
    with pytest.raises(ScenarioError, match="the position is not legal"):
        answer_question(scenario, apply)


def test_rule_options_are_still_checked_without_a_table(tmp_path):
    path = write(tmp_path, only_ranks("diablo").replace("questions:", "rules: {ante: -1}\nquestions:"))
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    [problem] = info.value.problems
    assert problem.path == ("rules", "ante") and problem.line == 2


def test_every_game_ships_a_scenario_that_uses_the_shared_kinds():
    used: dict[str, set[str]] = {}
    for path in (ROOT / "scenarios").rglob("*.scenario.yaml"):
        for scenario in load_file(path):
            used.setdefault(scenario.game.slug, set()).update(q.kind for q in scenario.questions)
    for game in GAMES:
        assert "validate" in used[game], game
        if game != "auf-teufel-komm-raus":  # coal pulling has no hands to rank
            assert {"rank", "compare"} <= used[game], game


@pytest.mark.parametrize("second, message", [("Qh Qd Jc Xd As", "unknown card 'Xd'"),
                                             ("Qh Qd Jc Ad As", "the card 'Ad' is in both hands")])
def test_compare_names_the_second_hand_when_it_is_at_fault(tmp_path, second, message):
    text = f'game: diablo\nquestions:\n  - id: c\n    ask: {{kind: compare, first: "Ah Ad Kc Kd 3s", second: "{second}"}}\n'
    [scenario] = load_file(write(tmp_path, text))
    with pytest.raises(ScenarioError) as caught:
        answer_question(scenario, scenario.questions[0])
    assert "questions[0].ask.second: " in str(caught.value) and message in str(caught.value)
