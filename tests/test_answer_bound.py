"""What cut an answer short is ``bound`` in every game; Hell of a Deal and Drawing Dead keep
their older key ``bound_reached`` with the same value."""

from __future__ import annotations

import json

from click.testing import CliRunner

from oracle.cli import main
from oracle.registry import Answer


def test_an_answer_with_bound_reached_also_says_bound():
    assert Answer({"exact": False, "bound_reached": "time_limit"}, "", "").answer["bound"] == "time_limit"
    assert Answer({"exact": True, "bound_reached": None}, "", "").answer["bound"] is None


def test_an_answer_that_says_bound_itself_is_left_as_it_is():
    answer = Answer({"bound": "exact_limit"}, "", "").answer
    assert answer == {"bound": "exact_limit"}


ODDS = """game: hell-of-a-deal
name: odds-bound
position:
  boss: Demona
  bosses: {Demona: {default_hand: "Q Q T T"}}
  boss_deck: []
  boss_hole: "2c 3d"
  phase: turn
  board: "As Kd 7h 9c"
  players: [{name: Anna, hand: "Ah 8h 5h"}]
questions:
  - {id: odds, ask: {kind: odds}}
"""


def test_hell_of_a_deal_odds_say_bound_through_oracle_solve(tmp_path):
    path = tmp_path / "odds.scenario.yaml"
    path.write_text(ODDS, encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    (item,) = json.loads(result.output)["answers"]
    assert item["answer"]["exact"] is True
    assert item["answer"]["bound"] is None and "bound_reached" in item["answer"]


def test_a_person_reads_bound_once(tmp_path):
    path = tmp_path / "odds.scenario.yaml"
    path.write_text(ODDS, encoding="utf-8")
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 0, result.output
    assert "bound: none" in result.output and "bound_reached:" not in result.output
    assert "bound_reached (the older name of bound)" in result.output  # and where to see it
    full = CliRunner().invoke(main, ["solve", str(path), "--full"])
    assert "bound: none" in full.output and "bound_reached: none" in full.output
