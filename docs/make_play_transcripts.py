"""Regenerate the `oracle play` session transcript on each game's page in docs/games/.

    python docs/make_play_transcripts.py          # rewrite the pages
    python docs/make_play_transcripts.py --check  # exit 1 if a page is out of date

Each transcript is a real session: the lines below are played through the same code as
`oracle play` reading from a pipe, each shown after a `>` prompt with what the table answered
(errors included), at a width of 100 columns. The test suite runs the check.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from oracle.play.commands import handle
from oracle.play.render import show, status_line
from oracle.play.session import Session
from oracle.play.start import read_rules, starting_table
from oracle.render import make_console

DOCS = Path(__file__).parent / "games"
BEGIN = "<!-- session transcript: generated from a real session; do not edit by hand -->"
END = "<!-- end of session transcript -->"

SESSIONS = {
    "diablo.md": (
        'oracle play diablo --seats "Anna Ben Carla Dan" --chips 100 --dealer Anna',
        ["diablo"], {"seats": "Anna Ben Carla Dan", "chips": 100, "dealer": "Anna"},
        ["Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
         "Ben draws 2", "Carla draws 2", "Anna draws 1", "Anna bets 4", "Ben raises to 8", "Anna folds",
         "Carla folds", "Anna calls", "Ben shows 9h 9c 2s 2d Kd", "Anna shows Ah Jh 8h 5h Kh",
         ":ask opener-liability", ":save example.scenario.yaml"],
    ),
    "hell-of-a-deal.md": (
        'oracle play hell-of-a-deal --seats "Anna Ben" --boss Demona --boss-deck "Eenie Meanie" '
        '--default-hand "Demona=Q Q T T" --default-hand "Eenie Meanie=Q Q"',
        ["hell-of-a-deal"], {"seats": "Anna Ben", "boss": "Demona", "boss_deck": "Eenie Meanie",
                             "default_hand": ("Demona=Q Q T T", "Eenie Meanie=Q Q")},
        ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c", "Anna is done", "Anna bets Earn a Soul",
         "Anna is done", "Ben bets Earn a Soul", "Ben is done", "deal flop Qs 9s 4c", ":ask best-hand player=Anna",
         "Anna bets Earn a Soul", "Anna is done", "Ben folds", "deal turn 5d", "Anna bets Heal on Ben",
         "Anna is done", "deal river Jd", "Anna bets Draw a Favor", "Anna draws Favor Double Down", "Anna is done",
         "Ben rolls the Bones: Temptation", ":ask game-status", "end round"],
    ),
    "drawing-dead.md": (
        'oracle play drawing-dead --seats "Anna Ben"',
        ["drawing-dead"], {"seats": "Anna Ben"},
        ["Anna is dealt 9h Kd and Sheriff", "Ben is dealt Ah 2s and Dirty Cheat", "Anna draws 5c 7d and Duke",
         "Anna plays Kd", "Anna claims the Button", "Anna plays Duke", "Anna receives 3c 4c", "Anna ends the turn",
         "Anna trashes 3c", "Ben draws As 6h and Dirty Cheat", "Ben plays Dirty Cheat taking Kd from Anna",
         "Anna stops with Sheriff", ":moves", "Ben plays Ah", "Ben plays As", "Ben claims the Button",
         "Ben ends the turn", "Anna draws 8s 8d and Magic Man", "Anna plays 8s", "Anna plays 8d",
         "Anna ends the turn", "Ben wins the hand", ":table"],
    ),
    "auf-teufel-komm-raus.md": (
        'oracle play auf-teufel-komm-raus --seats "Anna Ben Carla"',
        ["auf-teufel-komm-raus"], {"seats": "Anna Ben Carla"},
        ["Anna bets 50", "Ben passes", "Carla bets 100", "Anna pulls 25", ":ask draw-or-stop", "Anna pulls 50",
         "Anna stops", "Ben stops", "Ben pulls devil", "Carla pulls 100", "Carla stops", ":ask settle-round",
         "Ben bets 20"],
    ),
}


def transcript(command: str, target: list[str], options: dict, lines: list[str]) -> str:
    console = make_console(width=100, color=False)
    with tempfile.TemporaryDirectory() as folder:
        here = os.getcwd()
        os.chdir(folder)  # :save writes there
        try:
            with console.capture() as captured:
                console.print(f"$ {command}", highlight=False, markup=False, soft_wrap=True)
                start, _ = starting_table(target[0], options, read_rules(()), None)
                session = Session(start)
                status_line(console, session.status())
                for line in lines:
                    console.print(f"> {line}", highlight=False, markup=False, soft_wrap=True)
                    show(console, console, handle(session, line), session.current, start.game.title)
        finally:
            os.chdir(here)
    text = "\n".join(row.rstrip() for row in captured.get().splitlines())
    return f"{BEGIN}\n\n```text\n{text}\n```\n\n{END}"


def updated(page: str, block: str) -> str:
    if BEGIN not in page:
        raise SystemExit(f"no transcript marker in the page: add {BEGIN!r} and {END!r}")
    head, rest = page.split(BEGIN, 1)
    return head + block + rest.split(END, 1)[1]


if __name__ == "__main__":
    stale = []
    for name, (command, target, options, lines) in SESSIONS.items():
        path = DOCS / name
        page = path.read_text(encoding="utf-8")
        fresh = updated(page, transcript(command, target, options, lines))
        if fresh != page:
            stale.append(name)
            if "--check" not in sys.argv:
                path.write_text(fresh, encoding="utf-8")
    if "--check" in sys.argv and stale:
        print("stale:", ", ".join(stale))
        sys.exit(1)
