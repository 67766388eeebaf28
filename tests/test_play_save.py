"""Every question kind of every game, asked at the table and kept by ``:save``, is checked back
by ``oracle check``: the answers a session writes are the answers the engines give, whatever
their shape (nested answers, a value met twice, numbers with fractions)."""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

from oracle.cli import main
from oracle.registry import question_kinds

WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}
SHARED = [":ask rank cards=\"9h 9c 2s 2d Kd\"", ":ask compare first=\"9 9 2 2 K\" second=\"A A A K K\"", ":ask validate"]
HOD_DEAL = ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c"]
HOD_TO_THE_TURN = [*HOD_DEAL, "Anna bets Earn a Soul", "Anna is done", "Ben bets Earn a Soul", "Ben is done",
                   "deal flop Qs 9s 4c", "Anna bets Earn a Soul", "Anna is done", "Ben bets Earn a Soul", "Ben is done",
                   "deal turn 5d"]

SESSIONS = {
    "diablo": (
        ["diablo", "--seats", "Anna Ben Carla Dan", "--dealer", "Anna"],
        ["Anna is dealt Ah Jh 8h 5h 3c", "Ben is dealt 9h 9c Kd 4s 7c", ":ask best-swap player=Ben opponents=[Anna] samples=200",
         "Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
         ":ask legal-moves action=\"Ben raises to 8\"", "Ben discards 4s 7c", "Ben receives 2s 2d", "Carla draws 2",
         "Anna discards 3c", "Anna receives Kh", "Anna bets 4", "Ben raises to 8", "Carla folds", "Anna calls",
         ":ask showdown", ":ask opener-liability", ":ask apply", *SHARED],
    ),
    "hell-of-a-deal": (
        ["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "Demona", "--boss-deck", "",
         "--default-hand", "Demona=Q Q T T"],
        [*HOD_TO_THE_TURN, ":ask team-swap", ":ask offering-choice player=Anna offering=look cards=\"Ac Kc\"",
         ":ask temptation-assignment events=[\"Anna suffers 2\"]", ":ask odds", ":ask best-hand player=Ben",
         ":ask legal-moves", ":ask apply", ":ask game-status", "Anna bets Heal on Ben", "Anna is done",
         "Ben bets Heal on Anna", "Ben is done", "deal river Jd", "Anna bets Draw a Favor", "Anna draws Favor Double Down",
         "Anna is done", "Ben bets Reveal 2 Cards: Kh Kd", "Ben is done", ":ask showdown", *SHARED],
    ),
    "the-boatman": (
        ["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "The Boatman", "--boss-deck", "",
         "--default-hand", "The Boatman=J J"],
        [*HOD_DEAL, "deal toll 9s", "Anna bets Earn a Soul", "Anna is done", "Ben bets Earn a Soul", "Ben is done",
         "deal flop 9d 4c 4h", "Anna bets Earn a Soul", "Anna is done", "Ben bets Heal on Anna", "Ben is done",
         "deal turn Ks", "Anna bets Heal on Ben", "Anna is done", "Ben bets Draw a Favor", "Ben draws Favor Double Down",
         "Ben is done", "deal river 2h", ":ask toll-payment"],
    ),
    "drawing-dead": (
        ["drawing-dead", "--seats", "Anna Ben", "--seed", "3"],
        ["Anna draws", ":ask cheapest-claim", "Anna plays Kh", "Anna plays 4c", "Anna claims the Button",
         ":ask can-claim player=Ben", ":ask cleanup player=Anna", ":ask legal-moves action=\"Anna plays Duke\"",
         "Anna ends the turn", "Ben draws", ":ask apply", "Ben ends the turn", ":ask hand-end", *SHARED],
    ),
    "auf-teufel-komm-raus": (
        ["auf-teufel-komm-raus", "--seats", "Anna Ben", "--oven", "50:3 25:2 10:2 devils:2"],
        [":ask bet-advice player=Anna samples=500", "Anna bets 50", "Ben passes", ":ask legal-moves",
         ":ask apply actions=[\"Anna pulls 50\"]", "Anna pulls 50", ":ask draw-or-stop", ":ask stop-policy",
         ":ask draw-or-stop objective=target target=100", "Anna stops", "Ben pulls 25", "Ben stops",
         ":ask settle-round", ":ask game-status", *SHARED],
    ),
}
GAMES = {"diablo": "diablo", "hell-of-a-deal": "hell-of-a-deal", "the-boatman": "hell-of-a-deal",
         "drawing-dead": "drawing-dead", "auf-teufel-komm-raus": "auf-teufel-komm-raus"}


@pytest.mark.parametrize("name", list(SESSIONS))
def test_every_question_asked_at_the_table_is_saved_and_checked_back(name, tmp_path):
    args, lines = SESSIONS[name]
    saved = tmp_path / f"{name}.scenario.yaml"
    result = CliRunner().invoke(main, ["play", *args, "--json"], input="\n".join([*lines, f":save {saved}"]) + "\n",
                                env=WIDE)
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    refused = [r for r in replies if not r["ok"]]
    assert refused == []
    asked = [r["ask"]["kind"] for r in replies if r.get("command") == "ask"]
    report = json.loads(CliRunner().invoke(main, ["check", str(saved), "--json"], env=WIDE).stdout)
    assert report["unreadable"] == [] and report["failed"] == 0, report
    outcomes = {r["outcome"] for r in report["results"]}
    assert outcomes == {"passed"}, [r for r in report["results"] if r["outcome"] != "passed"]
    assert sorted(r["id"].rsplit("-", 1)[0] if r["id"][-1].isdigit() else r["id"] for r in report["results"]) \
        == sorted(asked)
    documents = list(yaml.safe_load_all(saved.read_text()))
    assert all(d["game"] == GAMES[name] for d in documents)


def test_the_sessions_above_ask_every_question_kind_of_every_game():
    asked: dict[str, set[str]] = {}
    for name, (_, lines) in SESSIONS.items():
        kinds = {line.split()[1] for line in lines if line.startswith(":ask ")}
        asked.setdefault(GAMES[name], set()).update(kinds)
    for game, kinds in asked.items():
        assert kinds == set(question_kinds(game)), game
