"""Hell of a Deal: an Instant Favor "can be played at any time, even when it is not your turn"
(Draw a Favor chip), so also at the showdown. While a player still in holds one, the showdown
waits for 'reveal hands'; Up Your Sleeve played there ("You may use a third card from your
hand in your final scoring hand") turns Anna's Three Twos into a full house that beats the
Boss's straight. Rule option ``instants_at_showdown: false`` keeps the old table's habit: the
showdown follows the last bet at once."""

from __future__ import annotations

import json

from click.testing import CliRunner

from oracle.cli import main

ENV = {"COLUMNS": "200", "NO_COLOR": "1"}
TABLE = ["play", "hell-of-a-deal", "--seats", "Anna Ben", "--boss-deck", ""]
# Anna 9h 9c 2d; the board 2c 2s 7d 4c 8c; the Boss (Dedly Aloor) 6s 5s: a straight, 4 to 8.
ROUND = ["Anna draws Favor Up Your Sleeve", "Ben draws Favor Lucky Break (Price: Curse)",
         "deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 6s 5s",
         "Anna bets Earn a Soul", "Anna is done", "Ben bets Earn a Soul", "Ben plays Lucky Break", "Ben is done",
         "deal flop 2c 2s 7d", "Anna bets Earn a Soul", "Anna is done", "Ben bets Heal on Anna", "Ben is done",
         "deal turn 4c", "Anna bets Heal on Ben", "Anna is done", "Ben folds",
         "deal river 8c", "Anna bets Reveal 2 Cards: 9h 9c", "Anna is done"]
# Round 2 against Nick Hauss: both fold, the team owes 8 Souls and has 2: the game is lost.
NICK = ["Ben rolls the Bones: Temptation", "end round", "deal Ben 4h 5h 6d", "deal Anna Tc Jd Qh",
        "deal Boss Ac Ad Ah", "Ben folds", "Anna folds"]


def play(lines, *options):
    result = CliRunner().invoke(main, [*TABLE, *options, "--json"], input="\n".join(lines) + "\n", env=ENV)
    return result, [json.loads(line) for line in result.stdout.splitlines()]


def showdown_of(out):
    return next(r["status"]["result"] for r in out
                if r.get("status", {}).get("result", {}) and r["status"]["result"].get("event") == "showdown")


def test_the_showdown_waits_while_a_player_still_in_holds_an_instant_favor():
    result, out = play(ROUND)
    assert result.exit_code == 0, result.output
    status = out[-1]["status"]
    assert "an Instant may be played now (Anna holds Up Your Sleeve), then 'reveal hands'" in status["text"]
    result, out = play([*ROUND, ":moves"])
    assert out[-1]["moves"]["legal"] == ["reveal hands", "Anna plays Up Your Sleeve"]


def test_up_your_sleeve_played_at_the_showdown_makes_a_full_house_that_beats_the_boss():
    result, out = play([*ROUND, "Anna plays Up Your Sleeve"])
    assert result.exit_code == 0, result.output
    anna = showdown_of(out)["results"]["Anna"]
    assert anna["outcome"] == "win" and "Full House" in showdown_of(out)["text"]


def test_reveal_hands_without_the_instant_keeps_three_twos_which_lose_to_the_straight():
    result, out = play([*ROUND, "reveal hands", "Anna plays Up Your Sleeve"])
    assert showdown_of(out)["results"]["Anna"]["outcome"] == "lose"
    assert "Three Twos" in showdown_of(out)["text"]
    assert result.exit_code == 2 and out[-1]["ok"] is False  # the showdown is settled


def test_a_favor_that_is_not_instant_waits_for_its_holders_turn_not_the_showdown():
    lines = [line.replace("Lucky Break (Price: Curse)", "Double Down") for line in ROUND if line != "Ben plays Lucky Break"]
    turn = lines.index("Ben folds")
    lines[turn:turn + 1] = ["Ben bets Wild as Earn a Soul", "Ben is done"]
    result, out = play([*lines, "Ben bets Earn a Soul", "Ben is done", "Ben plays Double Down"])
    assert result.exit_code == 2
    assert "Double Down is not Instant: it is played on Ben's own turn" in out[-1]["error"]
    assert "'reveal hands'" in out[-2]["status"]["text"]


def test_with_instants_at_showdown_off_the_showdown_follows_the_last_bet():
    result, out = play([*ROUND, "Anna plays Up Your Sleeve"], "--rule", "instants_at_showdown=false")
    assert showdown_of(out)["results"]["Anna"]["outcome"] == "lose"
    assert result.exit_code == 2 and out[-1]["ok"] is False


def test_nobody_holding_an_instant_goes_straight_to_the_showdown():
    lines = [line for line in ROUND if line != "Anna draws Favor Up Your Sleeve"]
    result, out = play(lines)
    assert result.exit_code == 0, result.output
    assert showdown_of(out)["results"]["Anna"]["outcome"] == "lose"


def test_a_table_with_setup_favors_an_unprinted_favor_and_an_instant_at_the_showdown_plays_to_the_games_end(tmp_path):
    saved = tmp_path / "game.scenario.yaml"
    result, out = play([*ROUND, "Anna plays Up Your Sleeve", *NICK, f":save {saved}"])
    assert result.exit_code == 0, result.output
    told = [r["status"]["result"] for r in out if r.get("status", {}).get("result")]
    assert [t["event"] for t in told if t["event"] in ("favor_unmodelled", "showdown")] == ["favor_unmodelled", "showdown"]
    assert out[-2]["status"]["text"].startswith("game lost: the team owes 8 Souls to Nick Hauss")
    report = json.loads(CliRunner().invoke(main, ["check", str(saved), "--json"], env=ENV).stdout)
    assert report["failed"] == 0 and report["unreadable"] == []
