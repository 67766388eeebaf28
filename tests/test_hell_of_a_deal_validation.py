"""Hell of a Deal positions that cannot happen at the table are refused, each by one error
naming the field: Toll cards, the Boss's hole cards, default hands, the Boss deck, chips bet for
the phase reached, the cards dealt to players, and a card given twice. Each test is named after
the rule it checks; the command-line test at the end shows each as one ``Error:`` line, exit 2."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from oracle.cli import main
from oracle.errors import FieldError, IllegalActionError
from oracle.games.hell_of_a_deal import apply_action, load_position

DEMONA = {"Demona": {"default_hand": "Q Q T T"}}


def showdown(**changes):
    """The rulebook's Q-Q-10-10 table against Demona (scenarios/hell-of-a-deal/default-hand)."""
    position = {
        "boss": "Demona", "bosses": copy.deepcopy(DEMONA), "boss_deck": [], "phase": "showdown",
        "souls": 3, "board": "Qd Ts 8c 5h 2c", "boss_hole": "Qh 4d",
        "players": [
            {"name": "Anna", "hand": "Qc Tc 3s", "bets": ["Earn a Soul"]},
            {"name": "Ben", "hand": "8d 8h 3c", "bets": ["Earn a Soul", "Earn a Soul", "Heal"]},
        ],
    }
    position.update(changes)
    return position


def refused(position, path, message=None):
    with pytest.raises(FieldError) as err:
        load_position(position, {})
    assert err.value.path == path, (err.value.path, err.value.message)
    if message is not None:
        assert message in err.value.message, err.value.message
    return err.value.message


# ---------------------------------------------------------------------------------------
# 1. Toll cards: "THE BOATMAN: After hands are dealt: deal 1 face-up "Toll" card".


def test_only_the_boatman_deals_toll_cards():
    message = refused(showdown(tolls="9s"), ("tolls",))
    assert message.startswith("only a Boss who deals Toll cards (The Boatman) has them")
    boatman = showdown(boss="The Boatman", bosses={"The Boatman": {"default_hand": "8 8"}})
    assert load_position(boatman | {"tolls": "9s"}, {}).tolls  # one Toll card: accepted
    refused(boatman | {"tolls": "9s 7d"}, ("tolls",), "The Boatman deals 1 Toll card, got 2")
    # "After hands are dealt": from the pre-Flop on, his Toll card is on the table.
    refused(boatman, ("tolls",), "deals 1 Toll card after hands are dealt, got 0")
    refused(boatman | {"tolls": "9s", "phase": "deal", "board": None, "boss_hole": None,
                       "players": [{"name": "Anna"}]}, ("phase",), "no cards are dealt yet")


# ---------------------------------------------------------------------------------------
# 2. "Deal the Boss 2 cards facedown (unless otherwise stated on the Boss card's ability text)".


def test_the_boss_is_dealt_two_hole_cards_unless_his_card_says_otherwise():
    refused(showdown(boss_hole="Qh 4d 4s"), ("boss_hole",), "Demona is dealt 2 hole cards")
    refused(showdown(boss_hole="Qh"), ("boss_hole",), "give them all, or none")
    # "Deal Nick 3 cards."
    nick = {"Nick Hauss": {"default_hand": "A A K K"}, "The Devil Himself": {"default_hand": "A A"}}
    assert len(load_position(showdown(boss="Nick Hauss", bosses=nick, boss_deck=None, boss_hole="3h 4d 9s"), {}).boss_hole) == 3
    refused(showdown(boss="Nick Hauss", bosses=nick, boss_deck=None, boss_hole="3h 4d 9s Js"), ("boss_hole",))


def test_dedly_aloor_draws_extra_boss_cards():
    # "If they do not suffer 1 Temptation, DEDLY ALOOR draws an additional card as well."
    position = showdown(boss="Dedly Aloor", bosses={"Dedly Aloor": {"default_hand": "Q Q T T"}},
                        boss_hole="Qh 4d 6c", phase="river", players=[{"name": "Anna", "hand": "Qc Tc 3s 5c"}])
    assert len(load_position(position, {}).boss_hole) == 3


def test_red_jack_draws_at_the_showdown_until_his_total_is_over_16():
    # "After Jack reveals in the Showdown, deal cards to his hand until the total is over 16."
    # The engine keeps his drawn cards in boss_hole.
    jack = showdown(boss="Red Jack", bosses={"Red Jack": {"default_hand": "T T"}}, board="Qs Js 4h 3c 2d",
                    players=[{"name": "Anna", "hand": "Kh Kd", "bets": ["Earn a Soul"]}])
    state = load_position(jack | {"boss_hole": "Kc 6d 9s"}, {})  # 16, draws a Nine: 25
    assert state.results["Anna"]["outcome"] == "win"  # bust: his default Tens lose to Kings
    state = load_position(jack | {"boss_hole": "5c 7d 3s 9h"}, {})  # 12, 15, then 24
    assert state.results["Anna"]["outcome"] == "win"
    refused(jack | {"boss_hole": "Kc 8d 9s"}, ("boss_hole",), "so 9s was not drawn")  # 18 stands
    refused(jack | {"boss_hole": "Kc 6d 9s 2s"}, ("boss_hole",), "so 2s was not drawn")
    refused(jack | {"boss_hole": "Kc 6d 9s", "phase": "river"}, ("boss_hole",), "only after he reveals at the showdown")


# ---------------------------------------------------------------------------------------
# 3. The default minimum hand is "Printed in the middle of the card": cards, not a number.


def test_a_default_hand_is_cards_as_text():
    refused(showdown(bosses={"Demona": {"default_hand": 5}}), ("bosses", "Demona", "default_hand"),
            "a default hand is cards as text such as 'Q Q T T', got 5")
    refused(showdown(bosses={"Demona": {"default_hand": [10, 10]}}), ("bosses", "Demona", "default_hand"))
    refused(showdown(boss={"name": "Imp", "new": True, "default_hand": True}, boss_deck=[]), ("boss", "default_hand"))
    state = load_position(showdown(bosses={"Demona": {"default_hand": ["Q", "Q", "T", "T"]}}), {})
    assert [str(c) for c in state.boss.default_hand] == ["Q", "Q", "T", "T"]
    # The same for dealt cards: a number is not read as a card.
    refused(showdown(board=98765), ("board",), "cards are text")


# ---------------------------------------------------------------------------------------
# 4. The Boss deck holds the Bosses still to come: "Flip the top Boss Card from the Boss Deck".


def test_the_boss_faced_now_is_not_still_in_the_boss_deck():
    refused(showdown(boss_deck=["Demona"]), ("boss_deck", 0), "Demona is the Boss faced now")
    nick = {"Nick Hauss": {"default_hand": "A A K K"}, "The Devil Himself": {"default_hand": "A A"}}
    refused(showdown(boss="Nick Hauss", bosses=nick, boss_hole="3h 4d 9s", boss_deck=["Nick Hauss", "The Devil Himself"]),
            ("boss_deck", 0))
    refused(showdown(boss_deck=["Nick Hauss", "Nick Hauss"], bosses=DEMONA | nick), ("boss_deck", 1), "twice")
    # "the Boss remains and must be faced again": Nick unbeaten stays the current Boss, and
    # the deck still holds only The Devil Himself.
    loser = showdown(boss="Nick Hauss", bosses=nick, boss_deck=None, boss_hole="3h 4d 9s", souls=9,
                     players=[{"name": "Anna", "hand": "9d 7c 6d", "bets": ["Earn a Soul"]}])
    state = apply_action(load_position(loser, {}), "end round")
    assert state.boss.name == "Nick Hauss" and state.boss_deck == ["The Devil Himself"]


# ---------------------------------------------------------------------------------------
# 5. "choose one (and only one) unused chip from the bottom row of your Player mat".


def test_one_chip_a_betting_phase_plus_demonas_and_double_downs():
    six = ["Earn a Soul", "Earn a Soul", "Heal", "Devilish Offering", "Draw a Favor", "Reveal 2 Cards"]
    anna = {"name": "Anna", "hand": "Qc Tc 3s"}
    # Four betting phases, and one heart (5h on the Turn) lets Demona's players bet a second chip.
    message = refused(showdown(players=[anna | {"bets": six}]), ("players", 0, "bets"))
    assert "Anna has 6 chips bet, but at most 5 by the showdown" in message
    assert "one more after Demona's heart on the turn" in message
    assert load_position(showdown(players=[anna | {"bets": six[:5]}]), {}).phase == "showdown"
    # Without a heart on the board, four.
    refused(showdown(board="Qd Ts 8c 5s 2c", players=[anna | {"bets": six[:5]}]), ("players", 0, "bets"), "at most 4")
    # Double Down ("All players may raise 1 extra chip") makes it five again.
    assert load_position(showdown(board="Qd Ts 8c 5s 2c", players=[anna | {"bets": six[:5], "played_favors": ["Double Down"]}]), {})
    # Before anyone's turn at the pre-Flop nothing is bet; once Anna's turn is over, one chip.
    pre = showdown(phase="preflop", board=None, players=[anna | {"bets": ["Heal"]}, {"name": "Ben", "hand": "8d 8h 3c"}])
    refused(pre, ("players", 0, "bets"), "at most 0 by the preflop")
    assert load_position(pre | {"to_act": "Ben"}, {}).to_act == "Ben"


def test_double_downs_extra_chip_once_used_is_gone():
    # Anna played Double Down this round and has two chips bet by the Flop: the extra chip is
    # used, so at her Flop turn she bets one chip only.
    position = {"boss": "Miss Fortune", "bosses": {"Miss Fortune": {"default_hand": "A A"}}, "boss_deck": [],
                "phase": "flop", "board": "Qd Ts 8c", "boss_hole": "Kh Kd",
                "players": [{"name": "Anna", "hand": "2c 3c 4c", "bets": ["Earn a Soul", "Heal"], "played_favors": ["Double Down"]},
                            {"name": "Ben", "hand": "5d 6d 7d", "bets": ["Earn a Soul"]}],
                "history": ["Anna bets Earn a Soul"]}
    assert load_position(position, {}).player("Anna").extra_chips == 0
    with pytest.raises(FieldError) as err:
        load_position(position | {"history": ["Anna bets Earn a Soul", "Anna bets Draw a Favor"]}, {})
    assert err.value.path == ("history", 1) and "only one" in err.value.message
    with pytest.raises(IllegalActionError):
        apply_action(load_position(position, {}), "Anna bets Draw a Favor")


# ---------------------------------------------------------------------------------------
# 6. "Deal each player 3 cards facedown"; Red Jack: "Deal players 2 face-up cards, not 3".


def test_players_are_dealt_three_cards_and_more_only_by_draws():
    refused(showdown(players=[{"name": "Anna", "hand": "Qc"}]), ("players", 0, "hand"), "Anna holds 1 card, but players are dealt 3")
    refused(showdown(phase="flop", board="Qd Ts 8c", players=[{"name": "Anna"}]), ("players", 0, "hand"), "give them")
    message = refused(showdown(players=[{"name": "Anna", "hand": "Qc Tc 3s 3d"}]), ("players", 0, "hand"))
    assert "Anna holds 4 cards: dealt 3, and the round explains at most 0 more" in message
    # "Look at 2 Cards, Keep 1" used with a Devilish Offering chip explains one card more.
    look = {"offerings_used": ["look"]}
    anna4 = {"name": "Anna", "hand": "Qc Tc 3s 3d", "bets": ["Devilish Offering"]}
    assert len(load_position(showdown(players=[anna4], **look), {}).player("Anna").hand) == 4
    refused(showdown(players=[anna4 | {"bets": ["Earn a Soul"]}], **look), ("players", 0, "hand"))
    refused(showdown(players=[anna4 | {"hand": "Qc Tc 3s 3d 4s"}], **look), ("players", 0, "hand"))
    # One Offering adds one card to one player: a second player with four is not explained.
    ben4 = {"name": "Ben", "hand": "8d 8h 3c 9c", "bets": ["Wild as Devilish Offering"]}
    refused(showdown(players=[anna4, ben4], **look), ("players", 1, "hand"))
    assert load_position(showdown(players=[anna4, ben4], offerings_used=["look", "discard"]), {})
    # A Favor that draws cards explains them too.
    peek = {"name": "Peek", "effect": "draw_cards", "amount": 2}
    assert load_position(showdown(favors=[peek], players=[{"name": "Anna", "hand": "Qc Tc 3s 3d 4s", "played_favors": ["Peek"]}]), {})
    # A folded player's hand is in the discard.
    assert load_position(showdown(players=[anna4 | {"hand": None, "folded": True}, ben4 | {"hand": "8d 8h 3c"}]), {})


def test_red_jack_deals_two_and_dedly_aloor_draws_any_number():
    jack = showdown(boss="Red Jack", bosses={"Red Jack": {"default_hand": "T T"}}, boss_hole="Kc 8d",
                    board="Qs Js 4h 3c 2d")
    assert load_position(jack | {"players": [{"name": "Anna", "hand": "Kh Kd"}]}, {})
    refused(jack | {"players": [{"name": "Anna", "hand": "Kh"}]}, ("players", 0, "hand"), "dealt 2")
    refused(jack | {"players": [{"name": "Anna", "hand": "Kh Kd 5c"}]}, ("players", 0, "hand"), "dealt 2")
    dedly = showdown(boss="Dedly Aloor", bosses={"Dedly Aloor": {"default_hand": "Q Q T T"}},
                     players=[{"name": "Anna", "hand": "Qc Tc 3s 3d 4s 5s"}])
    assert len(load_position(dedly, {}).player("Anna").hand) == 6


# ---------------------------------------------------------------------------------------
# 7. A card is in one place: the error names the field of the second copy and the first's.


@pytest.mark.parametrize("changes, path, message", [
    ({"players": [{"name": "Anna", "hand": "Qd Tc 3s"}]}, ("players", 0, "hand"), "the card Qd is already in board"),
    ({"players": [{"name": "Anna", "hand": "Qc Tc 3s"}, {"name": "Ben", "hand": "Qc 8h 3c"}]},
     ("players", 1, "hand"), "the card Qc is already in players[0].hand"),
    ({"players": [{"name": "Anna", "hand": "8h 8h 3c"}]}, ("players", 0, "hand"), "the card 8h is twice in players[0].hand"),
    ({"discard": "4d"}, ("discard",), "the card 4d is already in boss_hole"),
])
def test_a_card_in_two_places_names_both_fields(changes, path, message):
    refused(showdown(**changes), path, message)


def test_a_stacked_card_given_twice_names_its_stack():
    position = {"boss": "Jack Potts", "bosses": {"Jack Potts": {"default_hand": "A A"}}, "boss_deck": [],
                "phase": "flop", "board": "Kd 7c 2h", "boss_hole": "4d 5d", "stacks": {"Kd": "Kh"},
                "players": [{"name": "Anna", "hand": "Kh 3c 4c"}]}
    refused(position, ("players", 0, "hand"), "the card Kh is already in stacks.Kd")


# ---------------------------------------------------------------------------------------
# At the command line each is one error line naming the field, and exit code 2.


SCENARIO_FILE = Path(__file__).parent.parent / "scenarios" / "hell-of-a-deal" / "default-hand.scenario.yaml"
SCENARIO = next(yaml.safe_load_all(SCENARIO_FILE.read_text(encoding="utf-8")))  # queens-and-tens-default


@pytest.mark.parametrize("change, field", [
    (lambda p: p.update(tolls="9s"), "position.tolls: only a Boss who deals Toll cards (The Boatman) has them"),
    (lambda p: p.update(boss_hole="Qh 4d 4s"), "position.boss_hole: Demona is dealt 2 hole cards"),
    (lambda p: p["bosses"]["Demona"].update(default_hand=5), "position.bosses.Demona.default_hand: "),
    (lambda p: p.update(boss_deck=["Demona"]), "position.boss_deck[0]: Demona is the Boss faced now"),
    (lambda p: p["players"][0].update(bets=["Earn a Soul", "Earn a Soul", "Heal", "Devilish Offering",
                                             "Draw a Favor", "Reveal 2 Cards"]), "position.players[0].bets: "),
    (lambda p: p["players"][0].update(hand="Qc"), "position.players[0].hand: "),
    (lambda p: p["players"][0].update(hand="Qc Tc 3s 3d"), "position.players[0].hand: "),
    (lambda p: p["players"][1].update(hand="Qc 8h 3c"), "position.players[1].hand: the card Qc is already in players[0].hand"),
])
def test_each_impossible_position_is_one_error_line_at_the_command_line(tmp_path, change, field):
    doc = copy.deepcopy(SCENARIO)
    change(doc["position"])
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:  # click 8.2+ keeps standard error apart
        runner = CliRunner()
    result = runner.invoke(main, ["solve", str(path)])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and re.match(r"^Error: .+:\d+: ", lines[0]), lines
    assert field in lines[0], lines[0]


@pytest.mark.parametrize("ask, field", [
    ({"kind": "showdown", "tolls": {"Anna": -1}}, "questions[0].ask.tolls.Anna: a whole number >= 0, got -1"),
    ({"kind": "showdown", "bones": {"Anna": "Soul"}}, "questions[0].ask.bones.Anna: one of Favor, Temptation, Curse"),
    ({"kind": "showdown", "assignment": ["Anna"]}, "questions[0].ask.assignment: assignment maps a player's name"),
])
def test_a_showdown_parameter_of_the_wrong_shape_is_an_error_of_the_file(tmp_path, ask, field):
    """The Boatman: "The cost of a Soul is a per card payment": Souls paid are a whole number;
    the Bones show Favor, Temptation or Curse. Whatever the table holds, such a value is wrong."""
    doc = copy.deepcopy(SCENARIO)
    doc["questions"] = [{"id": "s", "ask": ask}]
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert field in result.output, result.output
