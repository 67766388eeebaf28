"""A mistyped name gets "did you mean" with the name as the game writes it, for Bosses, Favors,
chips, players and role cards as for every other name; and the rule line of a ranking quotes
the rule that limited the hand."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.scenario import answer_question, load_file

HOD = """\
game: hell-of-a-deal
position:
  boss: {boss}
  bosses: {{Demona: {{default_hand: "Q Q T T"}}}}
  boss_deck: []
  phase: preflop
  to_act: Anna
  players:
    - {{name: Anna, hand: "Qc Tc 3s", favors: [{favor}], bets: [{chip}]}}
    - {{name: Ben, hand: "8d 8h 3c"}}
  history: [{history}]
questions:
  - id: legal
    ask: validate
"""

DRAWING_DEAD = """\
game: drawing-dead
position:
  players:
    - {{name: Anna, chips: 5, upcards: "Qs", stash_roles: [{role}]}}
    - {{name: Ben, chips: 5, upcards: "Jk", stash_roles: [Sheriff]}}
  turn: Anna
  phase: action
  history: [{history}]
questions:
  - id: legal
    ask: validate
"""


def problems(tmp_path, text):
    path = tmp_path / "case.scenario.yaml"
    path.write_text(text, encoding="utf-8")
    [scenario] = load_file(path)
    return [p["message"] for p in answer_question(scenario, scenario.questions[0]).answer["problems"]]


HOD_GOOD = {"boss": "Demona", "favor": "Up Your Sleeve", "chip": "", "history": ""}


@pytest.mark.parametrize("field, typed, message", [
    ("boss", "Demna", "unknown Boss 'Demna'; did you mean 'Demona'?"),
    ("favor", "Up Yor Sleeve", "unknown Favor 'Up Yor Sleeve'; did you mean 'Up Your Sleeve'?"),
    ("favor", "double down", None),  # any case is the Favor itself
    ("chip", "Earn a Sol", "unknown chip 'Earn a Sol'; did you mean 'Earn a Soul'? ('Wild as Heal' for the Wild chip)"),
    ("history", "Anna plays Dubble Down", "did you mean 'Double Down'?"),
    ("history", "Anne bets Earn a Soul", "'Anne' is not a player; did you mean 'Anna'?"),
    ("history", "Anna bets Heel", "unknown chip 'Heel'; did you mean 'Heal'?"),
])
def test_hell_of_a_deal_names_get_the_nearest_name(tmp_path, field, typed, message):
    found = problems(tmp_path, HOD.format(**{**HOD_GOOD, field: typed}))
    if message is None:
        assert not any("unknown Favor" in m for m in found), found
    else:
        assert any(message in m for m in found), found


def test_an_unknown_boss_in_oracle_rank_gets_the_nearest_boss():
    result = CliRunner().invoke(main, ["rank", "--game", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d", "--boss", "eenie meenie"])
    assert result.exit_code == 2
    assert result.output.strip() == "Error: unknown Boss 'eenie meenie'; did you mean 'Eenie Meanie'?"


@pytest.mark.parametrize("role, history, message", [
    ("dirty cheet", "", "no role named 'dirty cheet'; did you mean 'Dirty Cheat'?"),
    ("Dirty Cheat", "Anna plays Dirty Chat", "no role card named 'Dirty Chat' in this game; did you mean 'Dirty Cheat'?"),
    ("Dirty Cheat", "Anna plays Sherif", "no role card named 'Sherif' in this game; did you mean 'Sheriff'?"),
])
def test_drawing_dead_role_names_get_the_nearest_role(tmp_path, role, history, message):
    found = problems(tmp_path, DRAWING_DEAD.format(role=role, history=history))
    assert any(message in m for m in found), found


def test_up_your_sleeve_cites_the_favor_not_the_two_card_limit():
    args = ["rank", "--game", "hell-of-a-deal", "--hole", "7h 7d 7c", "--board", "Ks Kd 2c 3h 9s", "--json"]
    plain = json.loads(CliRunner().invoke(main, args).output)
    sleeve = json.loads(CliRunner().invoke(main, [*args, "--up-your-sleeve"]).output)
    assert len(plain["from_private"]) == 2 and "MAY use two" in plain["rule"]
    assert len(sleeve["from_private"]) == 3
    assert "MAY use two" not in sleeve["rule"]
    assert "You may use a third card from your hand in your final scoring hand." in sleeve["rule"]
