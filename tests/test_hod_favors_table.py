"""Hell of a Deal Favors as a real table holds them: the Favor each player is dealt at setup
("Deal each player one FAVOR card face down", Player Set Up), and any of the game's Favors the
rulebook does not print, drawn by what its card reads ("Some Favors require a Price to play,
either suffering a Temptation or gaining a Curse card for next hand", Draw a Favor chip)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from oracle.cli import main

ENV = {"COLUMNS": "200", "NO_COLOR": "1"}
TABLE = ["play", "hell-of-a-deal", "--seats", "Anna Ben"]
SETUP = ["Anna draws Favor Up Your Sleeve", "Ben draws Favor Lucky Break (Price: Curse)"]
DEAL = ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c"]


def play(lines):
    result = CliRunner().invoke(main, [*TABLE, "--json"], input="\n".join(lines) + "\n", env=ENV)
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def last_state(lines):
    result, out = play([*lines, ":ask apply"])
    return out[-1]["answer"]


def test_the_setup_favors_are_dealt_before_the_first_bet_and_an_unprinted_one_by_its_reading():
    result, out = play([*SETUP, *DEAL])
    assert result.exit_code == 0, result.output
    state = last_state([*SETUP, *DEAL])
    favors = {p["name"]: p["favors"] for p in state["players"]}
    assert favors == {"Anna": ["Up Your Sleeve"], "Ben": ["Lucky Break"]}


def test_a_setup_favor_after_the_first_bet_is_refused():
    result, out = play([*DEAL, "Anna bets Earn a Soul", "Ben draws Favor Up Your Sleeve"])
    assert result.exit_code == 2 and out[-1]["ok"] is False


@pytest.mark.parametrize("line, reason", [
    ("Ben draws Favor Lucky Break", "is drawn with what its card reads: 'Ben draws Favor Lucky Break (Instant; Price: Curse)'"),
    ("Ben draws Favor Double Down (Price: Curse)", "Double Down is printed in the rulebook (Price: Curse)"),
    ("Ben draws Favor Lucky Break (Price: Souls)", "cannot read 'Price: Souls' on the card"),
])
def test_an_unprinted_favor_is_entered_only_with_a_reading_the_rules_understand(line, reason):
    result, out = play([line])
    assert result.exit_code == 2 and reason in out[-1]["error"]


def test_an_unprinted_favor_played_charges_its_price_and_the_table_is_told_once_its_effect_is_not_modelled(tmp_path):
    saved = tmp_path / "favors.scenario.yaml"
    lines = [*SETUP, *DEAL, "Anna bets Earn a Soul", "Anna is done", "Ben bets Earn a Soul", "Ben plays Lucky Break",
             "Ben is done"]
    result, out = play([*lines, f":save {saved}"])
    assert result.exit_code == 0, result.output
    told = [r["status"]["result"] for r in out if r.get("status", {}).get("result")]
    assert [t["event"] for t in told] == ["favor_unmodelled"]
    assert told[0]["favor"] == "Lucky Break" and told[0]["price"] == "curse"
    state = last_state(lines)
    ben = next(p for p in state["players"] if p["name"] == "Ben")
    assert ben["favors"] == [] and ben["face_down_curses"] == 1  # a Curse for next hand
    report = json.loads(CliRunner().invoke(main, ["check", str(saved), "--json"], env=ENV).stdout)
    assert report["failed"] == 0 and report["unreadable"] == []
