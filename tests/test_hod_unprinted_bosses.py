"""Hell of a Deal Boss cards the rulebook does not print, named at a table with what the rules
need of the card: the default minimum hand ("14 BOSS cards (10 Minions, 1 Nick Hauss, 3 The
Devil Himself)", Contents; "Printed in the middle of the card is the BOSS's minimum hand",
Reveal the Boss). Their special rules are not modelled, and the table is told so once."""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from oracle.cli import main
from oracle.errors import OracleError
from oracle.games.hell_of_a_deal.rules.boss_readings import table_boss
from oracle.scenario import from_data

ENV = {"COLUMNS": "200", "NO_COLOR": "1"}
GRIM = "Grim Reaper (default: Q Q T T)"
ROUND = ["deal Anna 9h 9c 2d", "deal Boss 7h 2c", "Anna folds", "Anna rolls the Bones: Temptation", "end round"]


def play(options, lines):
    result = CliRunner().invoke(main, ["play", "hell-of-a-deal", *options, "--json"],
                                input="\n".join(lines) + "\n", env=ENV)
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def told(out):
    return [r["status"]["result"] for r in out if (r.get("status") or {}).get("result")]


def position(**changes):
    base = {"boss": GRIM, "boss_deck": [], "phase": "showdown", "souls": 3, "board": "Qd Ts 8c 5h 2c",
            "boss_hole": "Kh 4d", "players": [{"name": "Anna", "hand": "9c 9d 3s", "bets": ["Earn a Soul"]}]}
    return {"game": "hell-of-a-deal", "name": "unprinted", "position": {**base, **changes}}


def test_a_boss_card_the_rulebook_does_not_print_joins_the_boss_deck_with_its_default_hand():
    result, out = play(["--seats", "Anna Ben", "--boss-deck", f"Miss Fortune, {GRIM}"], [":ask apply"])
    assert result.exit_code == 0, result.output
    assert out[-1]["answer"]["boss_deck"] == ["Miss Fortune", "Grim Reaper", "Nick Hauss", "The Devil Himself"]
    assert out[-1]["answer"]["unmodelled_bosses"] == ["Grim Reaper"]


def test_the_table_is_told_once_as_his_round_is_dealt_that_his_special_rules_are_not_modelled():
    result, out = play(["--seats", "Anna", "--boss", GRIM, "--boss-deck", "Lady Luck (default: K K)"],
                       [*ROUND, "deal Anna 5h 5c 2s", "deal Boss 3h 4c"])
    assert result.exit_code == 0, result.output
    events = [(t["event"], t.get("boss")) for t in told(out)]
    assert events == [("boss_unmodelled", "Grim Reaper"), ("showdown", "Grim Reaper"),
                      ("round_over", "Grim Reaper"), ("boss_unmodelled", "Lady Luck")]
    first = told(out)[0]
    assert first["default_hand"] == "Q Q T T" and "not modelled" in first["text"]
    assert "round 2 against Lady Luck (default hand K K)" in out[-1]["status"]["text"]


def test_an_unprinted_boss_plays_his_default_hand_and_costs_two_souls_a_hand_lost():
    """"The initial 4 Bosses are a loss of 2 Souls" (Losing Hands); "The Boss uses whichever
    result is stronger" (Reveal the Boss's Hand)."""
    answer = from_data(position()).ask("showdown")
    assert answer.answer["boss"]["default_hand"] == ["Q", "Q", "T", "T"] and answer.answer["boss"]["uses"] == "default"
    assert answer.answer["players"]["Anna"]["outcome"] == "lose"
    assert (answer.answer["souls_before"], answer.answer["souls_after"]) == (3, 1)
    assert answer.answer["unmodelled_bosses"] == ["Grim Reaper"]
    assert "not printed in the rulebook" in answer.explanation


def test_a_position_names_an_unprinted_boss_the_same_way_and_each_reading_agrees():
    hands = {"Demona": {"default_hand": "Q Q"}, "Nick Hauss": {"default_hand": "A A K K"}}
    scenario = from_data(position(boss="Demona", bosses=hands, boss_deck=[GRIM, "Nick Hauss"]))
    assert scenario.state.boss_deck == ["Grim Reaper", "Nick Hauss"]
    assert scenario.state.bosses["Grim Reaper"].unmodelled
    assert scenario.ask("game-status").answer["unmodelled_bosses"] == ["Grim Reaper"]
    with pytest.raises(OracleError, match=r"boss_deck\[0\]: Grim Reaper was read earlier as \(default: Q Q T T\), "
                                          r"not \(default: K K\)"):
        from_data(position(boss_deck=["Grim Reaper (default: K K)"]))


def test_a_saved_table_with_an_unprinted_boss_checks_as_it_was_played(tmp_path):
    saved = tmp_path / "unprinted.scenario.yaml"
    result, out = play(["--seats", "Anna", "--boss", GRIM], ["deal Anna 9h 9c 2d", ":ask game-status", f":save {saved}"])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(saved.read_text())["position"]["boss"] == GRIM
    report = json.loads(CliRunner().invoke(main, ["check", str(saved), "--json"], env=ENV).stdout)
    assert report["failed"] == 0 and report["unreadable"] == [] and report["passed"] == 1


@pytest.mark.parametrize("deck, message", [
    ("Demonna", "unknown Boss 'Demonna'; did you mean 'Demona'?"),
    ("Demonna (default: Q Q)", "'Demonna' is not a Boss of the rulebook; did you mean 'Demona'?"),
    ("Deadly Alor (default: Q Q)", "did you mean 'Dedly Aloor'?"),
    ("Demona (default: Q Q)", "Demona is printed in the rulebook: write 'Demona', without a reading"),
    ("Grim Reaper", "a Boss card the rulebook does not print is named with the default minimum hand on it: "
                    "'Grim Reaper (default: Q Q T T)'"),
    ("Grim Reaper (Souls: 3)", "Grim Reaper: cannot read 'Souls: 3' on the card"),
    ("Grim Reaper (default: Q Q X)", "Grim Reaper: unknown card 'X'"),
    ("Grim Reaper (default: Q Q", "then what his card reads in brackets"),
    ("Grim Reaper (default: Q Q), Grim Reaper (default: K K)", "Grim Reaper was read earlier as (default: Q Q)"),
])
def test_a_boss_the_table_names_is_a_printed_one_or_a_card_read_whole_else_refused_in_one_line(deck, message):
    result = CliRunner().invoke(main, ["play", "hell-of-a-deal", "--seats", "Anna", "--boss-deck", deck],
                                input="", env=ENV)
    assert result.exit_code == 2
    assert result.output.startswith("Error: --boss-deck: ") and result.output.count("\n") == 1
    assert message in result.output


def test_an_unprinted_boss_brings_his_default_hand_in_his_reading_not_in_default_hand():
    result = CliRunner().invoke(main, ["play", "hell-of-a-deal", "--seats", "Anna", "--default-hand", "Grim Reaper=Q Q"],
                                input="", env=ENV)
    assert result.exit_code == 2 and "'Grim Reaper (default: Q Q T T)'" in result.output


def test_a_scenario_bosss_own_and_a_printed_boss_are_never_read_from_a_card():
    imp = {"name": "Imp", "new": True, "default_hand": "Q Q"}
    with pytest.raises(OracleError, match="Imp is a Boss of the scenario's own: write 'Imp', without a reading"):
        from_data(position(boss=imp, boss_deck=["Imp (default: Q Q)"]))
    assert table_boss("red jack").name == "Red Jack"
    assert table_boss(" Grim  Reaper  ( default : Q Q T T ) ").name == "Grim Reaper"
