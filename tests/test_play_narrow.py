"""`oracle play` at a 60-column terminal: status lines, moves, results and errors wrap at word
boundaries with a hanging indent, so no word is split across two lines of the screen."""

from __future__ import annotations

import os
import re
import time

import pexpect
import pyte

from test_play_terminal import ORACLE

ROWS, COLUMNS = 200, 60
LINES = ["Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
         ":moves", "Dan checks", "Ben draws 2", "Carla draws 2", "Anna draws 1", "Anna bets 4", "Ben raises to 8",
         "Carla folds", "Anna calls", "Ben shows 9h 9c 2s 2d Kd", "Anna shows Ah Jh 8h 5h Kh", ":moves"]


def split_words(rows: list[str]) -> list[tuple[str, str]]:
    """Pairs of screen lines where a word runs from the end of one into the start of the next."""
    return [(a, b) for a, b in zip(rows, rows[1:])
            if len(a) == COLUMNS and re.match(r"\w", a[-1]) and b[:1] and re.match(r"\w", b[0])]


def test_at_sixty_columns_no_word_is_split_across_lines():
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    env = dict(os.environ, TERM="xterm", COLUMNS=str(COLUMNS), LINES=str(ROWS))
    child = pexpect.spawn(ORACLE, ["play", "diablo", "--seats", "Anna Ben Carla Dan", "--chips", "100",
                                   "--dealer", "Anna"], env=env, dimensions=(ROWS, COLUMNS))
    screen.write_process_input = lambda data: child.send(data)

    def settle(longest: float = 3.0, quiet: float = 0.06) -> None:
        """Read what the program writes until it has said something and then nothing for
        ``quiet`` seconds (or ``longest`` seconds pass). Only the last screen is checked, so an
        answer that comes later is read by the next call."""
        end, heard, last = time.monotonic() + longest, False, time.monotonic()
        while time.monotonic() < end and not (heard and time.monotonic() - last >= quiet):
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.02))
                heard, last = True, time.monotonic()
            except pexpect.TIMEOUT:
                pass

    try:
        settle(10, quiet=0.5)
        for line in LINES:
            child.send(line + "\r")
            settle()
        settle(1, quiet=0.5)
        rows = [row.rstrip() for row in screen.display]
        shown = "\n".join(rows)
        assert "Ben won the pot of 26" in shown.replace("\n  ", " ")  # the result came, wrapped
        assert "Error:" in shown  # a refused line (Dan checks after folding) wrapped too
        assert split_words(rows) == [], "\n".join(a + "|\n" + b for a, b in split_words(rows))
    finally:
        child.send("\x15")
        child.sendeof()
        child.expect(pexpect.EOF, timeout=10)
        child.close()


def test_rank_rule_line_wraps_under_itself_on_a_narrow_terminal():
    from click.testing import CliRunner

    from oracle.cli import main

    env = {"TTY_COMPATIBLE": "1", "COLUMNS": "50", "NO_COLOR": "1", "FORCE_COLOR": ""}
    import re

    raw = CliRunner().invoke(main, ["rank", "9 9 2 2 K", "--game", "diablo"], env=env).output
    out = re.sub(r"\x1b\[[0-9;]*m", "", raw).splitlines()  # bold and dim stay without colour
    start = next(i for i, line in enumerate(out) if line.startswith("  rule: "))
    continued = out[start + 1:]
    assert continued and all(line.startswith(" " * 8) and len(line) <= 50 for line in continued)
