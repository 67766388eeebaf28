"""``oracle play`` in a real pseudo-terminal (pexpect), read as a terminal shows it (pyte, a
screen emulator that also answers the prompt's cursor-position requests): a partial action and
TAB complete it, the completion menu lists the choices, the toolbar says whose turn it is, and
up-arrow recalls a line."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pexpect
import pyte

ROWS, COLUMNS = 24, 100
ORACLE = shutil.which("oracle") or str(Path(sys.executable).with_name("oracle"))


class Terminal:
    def __init__(self, *args: str):
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        env = dict(os.environ, TERM="xterm", COLUMNS=str(COLUMNS), LINES=str(ROWS))
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(ORACLE, ["play", *args], env=env, dimensions=(ROWS, COLUMNS))
        self.screen.write_process_input = lambda data: self.child.send(data)

    def wait_for(self, text: str, seconds: float = 10.0) -> str:
        """Read until ``text`` is on the screen; return the screen."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.1))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                break
            if text in self.text():
                return self.text()
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.text()}")

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def line(self, row: int) -> str:
        return self.screen.display[row].rstrip()

    def close(self) -> None:
        self.child.send("\x15")  # clear the line: Ctrl-D leaves only from an empty one
        self.child.sendeof()
        self.child.expect(pexpect.EOF, timeout=10)
        self.child.close()


def test_tab_completes_a_partial_action_and_lists_the_choices():
    term = Terminal("diablo", "--seats", "Anna Ben Carla Dan", "--dealer", "Anna")
    try:
        term.wait_for("to act: Ben")  # the toolbar: whose turn
        term.child.send("Ben ch\t")
        screen = term.wait_for("> Ben checks")
        assert "> Ben checks" in screen
        term.child.send("\r")
        term.wait_for("to act: Carla")
        term.child.send("Carla b\t")
        screen = term.wait_for("Carla bets 5")
        # The common start is filled in and the menu offers every legal bet.
        assert "> Carla bets" in screen
        for amount in range(1, 6):
            assert f"Carla bets {amount}" in screen
        term.child.send("\x15")  # clear the line
        term.child.send("\x1b[A")  # up-arrow: the last line typed
        term.wait_for("> Ben checks")
    finally:
        term.close()


def test_tab_completes_card_names_of_a_chance_line():
    term = Terminal("diablo", "--seats", "Anna Ben Carla", "--dealer", "Anna")
    try:
        term.wait_for("to act: Ben")
        term.child.send("Ben is dealt 9h 9c 2s 2d K\t")
        screen = term.wait_for("K♣")
        for card in ("K♠", "K♥", "K♦", "K♣"):  # the menu shows the cards with their suits
            assert card in screen
        term.child.send("\x15Ben is dealt Ks Kh Kd 9h K\t")  # one King left: TAB fills it in
        term.wait_for("> Ben is dealt Ks Kh Kd 9h Kc")
        term.child.send("\x15:as\t")
        term.wait_for("> :ask")
    finally:
        term.close()
