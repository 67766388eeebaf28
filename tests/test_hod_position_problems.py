"""A Hell of a Deal position reports every problem at once, each at its own field (and, through
the scenario loader, its own file and line), as Diablo, Auf Teufel and Drawing Dead do: one
problem is a ``FieldError``, several are one ``ScenarioError``. A check that reads a field
already found bad is skipped, so one mistake is reported once; the history is replayed only on
a sound table, up to its first bad line. Each test is named after the rule it checks."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.errors import FieldError, ScenarioError
from oracle.games.hell_of_a_deal import load_position
from oracle.scenario import load_file

# The rulebook's Q-Q-10-10 table against Demona (scenarios/hell-of-a-deal/default-hand).
from test_hell_of_a_deal_validation import showdown

BAD_CARD = "unknown card '3x' at position 8 in 'Qc Tc 3x' (suits are s h d c or ♠ ♥ ♦ ♣, not 'x')"


def problems_of(position):
    """(path, message) of every problem ``load_position`` reports, in the order found."""
    with pytest.raises((FieldError, ScenarioError)) as err:
        load_position(position, {})
    if isinstance(err.value, ScenarioError):
        return [(p.path, p.message) for p in err.value.problems]
    return [(err.value.path, err.value.message)]


# ---------------------------------------------------------------------------------------
# Every independent mistake at once.


def test_three_independent_mistakes_are_reported_together_each_at_its_field():
    position = showdown(phase="showdwn", souls=-1)
    position["players"][0]["hand"] = "Qc Tc 3x"
    with pytest.raises(ScenarioError) as err:
        load_position(position, {})
    assert [(p.path, p.message) for p in err.value.problems] == [
        (("phase",), "phase is one of deal, preflop, flop, turn, river, showdown, got 'showdwn'"),
        (("players", 0, "hand"), BAD_CARD),
        (("souls",), "souls must be a whole number 0..1000, got -1"),
    ]


def test_mistakes_in_two_players_and_in_one_player_are_each_named():
    position = showdown()
    position["players"][0].update(temptation=11, bets=["Earn a Soul"] * 3)
    position["players"][1]["name"] = "ben jr"
    assert problems_of(position) == [
        (("players", 0, "temptation"), "temptation must be a whole number 0..10, got 11"),
        (("players", 0, "bets"), "Anna has only 2 Earn a Soul chips"),
        (("players", 1, "name"), "a player's name is one word of letters and digits, got 'ben jr'"),
    ]


def test_each_count_the_phase_makes_impossible_is_reported():
    # "the showdown has 5 board cards" and "only The Boatman deals Toll cards" are two faults.
    assert problems_of(showdown(tolls="9s", board="Qd Ts 8c 5h")) == [
        (("board",), "the showdown has 5 board cards, got 4"),
        (("tolls",), "only a Boss who deals Toll cards (The Boatman) has them; Demona deals none"),
    ]


def test_too_many_cards_in_one_hand_does_not_blame_the_other_players():
    # "Deal each player 3 cards facedown": Anna's fourth card is hers alone to explain.
    position = showdown()
    position["players"][0]["hand"] = "Qc Tc 3s 3d"
    position["players"].append({"name": "Cara", "hand": "Td 9c 4c"})
    assert [path for path, _ in problems_of(position)] == [("players", 0, "hand")]


# ---------------------------------------------------------------------------------------
# A mistake is reported once: the checks that read a bad field are skipped.


def test_a_hand_that_does_not_parse_is_neither_counted_nor_searched_for_a_card_twice():
    # Ben's Qd is also on the board, and at the showdown his hand must hold 3 cards: neither is
    # said about a hand that did not read.
    position = showdown()
    position["players"][1]["hand"] = "Qd 8h 3x"
    with pytest.raises(FieldError) as err:
        load_position(position, {})
    assert err.value.path == ("players", 1, "hand")
    assert err.value.message.startswith("unknown card '3x'")


def test_a_favor_of_the_scenarios_own_that_does_not_read_is_not_called_unknown_where_it_is_held():
    position = showdown(favors=[{"name": "Lucky", "effect": "teleport"}])
    position["players"][0]["favors"] = ["Lucky"]
    assert [path for path, _ in problems_of(position)] == [("favors", 0, "effect")]


def test_a_boss_whose_settings_do_not_read_is_not_called_unknown_where_he_is_faced():
    position = showdown(boss="Card Shark", bosses={"Card Shark": {"new": True, "hole_cards": 0, "default_hand": "A A"}})
    assert problems_of(position) == [(("bosses", "Card Shark", "hole_cards"), "hole_cards must be a whole number >= 1, got 0")]


def test_a_boss_whose_settings_do_not_read_is_not_checked_by_the_rulebooks_settings():
    # Demona given 3 hole cards and a bad Toll count: her 3 cards are not held against the
    # rulebook's 2.
    position = showdown(boss_hole="Qh 4d 9s")
    position["bosses"]["Demona"].update(hole_cards=3, tolls=-1)
    assert [path for path, _ in problems_of(position)] == [("bosses", "Demona", "tolls")]


def test_each_bad_setting_of_a_boss_or_a_favor_is_named():
    position = showdown(favors=[{"name": "Lucky", "effect": "teleport", "amount": 0}])
    position["bosses"]["Demona"].update(tolls=-1, banned_ranks=["X", "7"])
    assert [path for path, _ in problems_of(position)] == [
        ("favors", 0, "effect"), ("favors", 0, "amount"),
        ("bosses", "Demona", "tolls"), ("bosses", "Demona", "banned_ranks", 0),
    ]


def test_a_boss_without_a_default_hand_is_asked_for_it_once():
    # "Demona is the Boss faced now, so not still in the Boss deck" is its own fault.
    assert problems_of(showdown(bosses={}, boss_deck=["Demona"])) == [
        (("boss_deck", 0), "Demona is the Boss faced now, so not still in the Boss deck"),
        (("bosses", "Demona", "default_hand"), "Demona's default minimum hand is not printed in our rulebook: give it "
                                               "(bosses: {Demona: {default_hand: 'Q Q T T'}})"),
    ]


def test_without_players_only_the_players_are_asked_for():
    assert problems_of(showdown(players=None)) == [(("players",), "list the players in seat order (clockwise)")]


def test_a_single_mistake_is_still_a_field_error():
    with pytest.raises(FieldError) as err:
        load_position(showdown(souls=-1), {})
    assert not isinstance(err.value, ScenarioError)
    assert (err.value.path, err.value.message) == (("souls",), "souls must be a whole number 0..1000, got -1")


# ---------------------------------------------------------------------------------------
# The history: its shape with the rest, its lines on a sound table only, up to the first bad one.


def test_a_history_that_is_not_a_list_is_reported_with_the_other_fields():
    assert problems_of(showdown(round=0, history="Anna folds")) == [
        (("round",), "round must be a whole number >= 1, got 0"),
        (("history",), "history is a list of action lines"),
    ]


def test_the_history_is_replayed_on_a_sound_table_only_and_stops_at_its_first_bad_line():
    # Each line is played on the table the lines before it left: after a bad line, or on a
    # table that did not read, the lines cannot be checked.
    assert problems_of(showdown(souls=-1, history=["Anna bets lots"])) == [
        (("souls",), "souls must be a whole number 0..1000, got -1")]
    found = problems_of(showdown(phase="river", board="Qd Ts 8c 5h 2c",
                                 history=["Anna bets lots", "Ben bets lots"]))
    assert [path for path, _ in found] == [("history", 0)]


# ---------------------------------------------------------------------------------------
# Through the scenario loader and the command line: one line a problem, with file and line.


SCENARIO = """\
game: hell-of-a-deal
name: two-mistakes
position:
  boss: Demona
  bosses: {Demona: {default_hand: "Q Q T T"}}
  boss_deck: []
  phase: showdown
  souls: -1
  board: "Qd Ts 8c 5h 2c"
  boss_hole: "Qh 4d"
  players:
    - name: Anna
      hand: "Qc Tc 3x"
      bets: [Earn a Soul]
    - name: Ben
      hand: "8d 8h 3c"
      bets: [Earn a Soul, Earn a Soul, Heal]
questions:
  - id: showdown
    ask: {kind: showdown}
"""


def test_a_scenario_file_with_two_mistakes_names_each_at_its_file_and_line_in_line_order(tmp_path):
    """The hand is read before the Souls, but the Souls' line comes first in the file."""
    path = tmp_path / "two.scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_file(path)
    assert [(p.file, p.line, p.dotted_path()) for p in err.value.problems] == [
        (str(path), 8, "position.souls"),
        (str(path), 13, "position.players[0].hand"),
    ]


def test_oracle_check_prints_one_line_a_problem_and_exits_2(tmp_path):
    path = tmp_path / "two.scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:13: position.players[0].hand: {BAD_CARD}" in result.output
    assert f"{path}:8: position.souls: souls must be a whole number 0..1000, got -1" in result.output
    assert "Traceback" not in result.output
