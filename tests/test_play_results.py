"""The table is told what happened without asking: after a line that settles something (a
hand's end, a showdown, a round's settlement, the Button taken), `status.result` says who won
what, in words and as facts; after any other line it is null."""

from __future__ import annotations

import json

from click.testing import CliRunner

from oracle.cli import main

DIABLO_HAND = ["Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
               "Ben draws 2", "Carla draws 2", "Anna draws 1", "Anna bets 4", "Ben raises to 8", "Carla folds",
               "Anna calls", "Ben shows 9h 9c 2s 2d Kd", "Anna shows Ah Jh 8h 5h Kh"]


def results(args, lines):
    out = CliRunner().invoke(main, ["play", *args, "--json"], input="\n".join(lines) + "\n")
    replies = [json.loads(line) for line in out.stdout.splitlines()]
    assert all(r["ok"] for r in replies), [r for r in replies if not r["ok"]]
    return [r["status"]["result"] for r in replies]


def test_diablo_a_showdown_says_who_won_the_pot_what_the_losing_opener_pays_and_the_stacks():
    told = results(["diablo", "--seats", "Anna Ben Carla Dan", "--chips", "100", "--dealer", "Anna"], DIABLO_HAND)
    assert told[:-1] == [None] * (len(DIABLO_HAND) - 1)
    last = told[-1]
    assert last["text"].startswith("hand 1: Ben won the pot of 26 at the showdown (Ben: Four Nines")
    assert "Anna opened and lost: pays a new pot of 26 (The Diablo rule)" in last["text"]
    assert last["hand"]["winners"] == ["Ben"] and last["hand"]["liability_paid"] == 26
    # Every chip is accounted for: 400 at the start, 26 of them in the new pot.
    assert last["stacks"] == {"Anna": 63, "Ben": 115, "Carla": 97, "Dan": 99} and sum(last["stacks"].values()) == 374
    assert last["game_over"] is False


def test_diablo_the_last_player_standing_is_told_too():
    told = results(["diablo", "--seats", "Anna Ben Carla", "--chips", "20", "--dealer", "Carla"],
                   ["Anna bets 2", "Ben folds", "Carla folds"])
    assert told[-1]["text"].startswith("hand 1: Anna won the pot of 5 as the last player standing")


def test_hell_of_a_deal_the_showdown_and_the_rounds_end_say_what_each_player_and_the_team_got():
    lines = ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c", "Anna bets Earn a Soul", "Anna is done",
             "Ben bets Earn a Soul", "Ben is done", "deal flop Qs 9s 4c", "Anna bets Earn a Soul", "Anna is done",
             "Ben folds", "deal turn 5d", "Anna bets Heal on Ben", "Anna is done", "deal river Jd",
             "Anna bets Draw a Favor", "Anna draws Favor Double Down", "Anna is done",
             "Ben rolls the Bones: Temptation", "end round"]
    told = results(["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "Demona", "--boss-deck", "Eenie Meanie"], lines)
    showdown = next(r for r in told if r is not None)
    assert showdown["event"] == "showdown" and showdown["results"]["Anna"]["outcome"] == "win"
    assert "Anna wins (Three Nines" in showdown["text"] and "+2 Souls" in showdown["text"]
    assert "Ben loses (folded" in showdown["text"] and "+1 Temptation" in showdown["text"]
    assert told[-1]["event"] == "round_over" and told[-1]["beaten"] is True and told[-1]["next_boss"] == "Eenie Meanie"


def test_drawing_dead_the_button_and_the_hand_won_are_told():
    told = results(["drawing-dead", "--seats", "Anna Ben", "--seed", "3"],
                   ["Anna draws", "Anna plays Kh", "Anna claims the Button", "Anna ends the turn", "Ben draws",
                    "Ben plays 9c", "Ben ends the turn", "Anna wins the hand"])
    assert told[2] == {"text": "Anna takes the Button with High Card, King (Kh)", "event": "button_claimed",
                       "holder": "Anna", "from": None, "upcards": "Kh"}
    assert told[-1]["event"] == "hand_won" and told[-1]["winner"] == "Anna" and told[-1]["pot"] == 7
    assert [r for r in told[3:-1] if r is not None] == []


def test_auf_teufel_a_devil_and_the_rounds_settlement_are_told():
    told = results(["auf-teufel-komm-raus", "--seats", "Anna Ben Carla"],
                   ["Anna bets 50", "Ben passes", "Carla bets 100", "Anna pulls 25", "Anna pulls 50", "Anna stops",
                    "Ben pulls devil", "Carla pulls 100", "Carla stops"])
    assert told[6] == {"text": "Ben turned over a devil: the haul of this turn is lost", "event": "devil",
                       "player": "Ben"}
    settled = told[-1]
    assert settled["event"] == "round_settled" and settled["highest_haul"] == 100
    assert "Carla's 100 won double (+200)" in settled["text"] and settled["next_start_player"] == "Ben"
