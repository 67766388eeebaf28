"""What a person reads from `oracle solve`: for every shipped scenario, the answer in words
first, then every key of the answer (or a note saying where to see it), never cut, whole
sentences when piped at any width; and, under a real terminal (a pty, read through a
terminal emulator), lines that fit the window, colour that follows NO_COLOR, and nothing
left of the progress bar."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.cells import cell_len

from oracle.render import make_console, solve_answer
from oracle.text import escape

from conftest import SHIPPED_ANSWERS_GROUP

ROOT = Path(__file__).resolve().parent.parent
SHOWCASE = ROOT / "scenarios" / "showcase.scenario.yaml"
# What rich reads from the environment; each test sets what it means to.
CONSOLE_VARIABLES = ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "TERM")
BOX = set("│┃━─╇┡┩┏┓┗┛╭╮╰╯")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


pytestmark = pytest.mark.xdist_group(SHIPPED_ANSWERS_GROUP)


@pytest.fixture(scope="module")
def solved(shipped_answers):
    """Every question of every shipped scenario, answered once for the session (conftest)."""
    return [(shipped.scenario, shipped.item) for shipped in shipped_answers]


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch):
    for name in CONSOLE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def piped(item, width: int, full: bool = False) -> str:
    """One question as `oracle solve` writes it into a pipe at this width."""
    buffer = io.StringIO()
    solve_answer(make_console(width=width, file=buffer), item, full)
    return buffer.getvalue()


def key_shown(key: str, lines: list[str]) -> bool:
    """A top-level key of the answer has its own line, or a note says how to see it."""
    return any(line.startswith(f"  {escape(key)}:") for line in lines) or any(
        key in line and ("--full" in line or "--json" in line) for line in lines
    )


@pytest.mark.parametrize("width", [60, 80, 200])
def test_every_answer_key_of_every_shipped_scenario_is_shown_whole_at_60_80_and_200_columns(solved, width):
    """Piped, as a pipe or a CI log gets it: every top-level key of every answer has its line
    (or a note says how to see it), the answer and its rule are each one whole line, and the
    tables fit the width with nothing cut."""
    assert len(solved) > 150
    for scenario, item in solved:
        where = f"{scenario.label}::{item.question.id} at {width}"
        assert item.answer is not None, f"{where}: {item.error}"
        lines = piped(item, width).splitlines()
        # The answer in words and its rule come first, each whole on one line.
        assert lines[1] == "  " + escape(item.answer.explanation), where
        assert lines[2] == "  rule: " + escape(item.answer.rule), where
        assert all(line == line.rstrip() for line in lines), where
        tables = [line for line in lines if BOX & set(line)]
        assert all(cell_len(line) <= width for line in tables), (where, max(tables, key=cell_len))
        assert not [line for line in tables if "…" in line and "more" not in line], where  # nothing cut
        missing = [key for key in item.answer.answer if not key_shown(key, lines)]
        assert not missing, (where, missing)


def test_full_shows_every_entry_of_a_long_list_and_every_field_of_a_hand(solved):
    by_id = {(s.name, item.question.id): item for s, item in solved}
    policy = by_id[("auf-teufel-when-to-stop", "stop-policy")]
    short, full = piped(policy, 80), piped(policy, 80, full=True)
    assert "Shortened here: thresholds (11 of 39 rows shown" in short and "--full" in short
    assert "│ never reached" not in short and "│ never reached" in full and "Shortened" not in full
    claim = by_id[("drawing-dead-three-aces-take-the-button", "can-anna-claim")]
    short, full = piped(claim, 80), piped(claim, 80, full=True)
    assert "hand: Three Aces: A♦ A♣ A♥" in short and "strength:" not in short and "--full" in short
    assert "strength: 2986875" in full and "category: three_of_a_kind" in full


def test_the_stop_policy_says_the_policy_as_a_person_does_and_its_table_agrees(solved):
    by_id = {(s.name, item.question.id): item for s, item in solved}
    item = by_id[("auf-teufel-when-to-stop", "stop-policy")]
    assert item.answer.explanation.startswith("Anna: stop once the haul reaches 127 (the one-step rule agrees)")
    text = piped(item, 80)
    rows = [line.split() for line in text.splitlines() if line.strip()[:2].strip().isdigit() and "│" in line]
    assert [int(r[0]) for r in rows] == list(range(1, 12))  # the rows a turn reaches, no more
    assert "The rows for 12 to 39 pieces are left out: the turn never gets there" in text


def test_game_status_after_a_devil_says_who_pays_whom(solved):
    by_id = {(s.name, item.question.id): item for s, item in solved}
    text = by_id[("rulebook-example-90-chips-owe-150", "anna-pays-ben-bank-pays-the-rest")].answer.explanation
    assert "Anna pays Ben 50 and keeps 40; the bank pays Cara 50 and Dora 50" in text


def test_settle_round_labels_each_number_and_shows_the_bets(solved):
    item = next(item for _, item in solved if item.question.id == "double-for-both")
    text = item.answer.explanation
    assert "bets: Anna's 100 won double (+200), Ben's 50 won (+50)" in text
    assert "Anna 500 (+300, pawn on 500)" in text and "(400)" not in text


# ---- a real terminal -------------------------------------------------------------------------


def run_in_terminal(args: list[str], columns: int, rows: int = 1000, **env: str) -> bytes:
    """Run ``oracle ARGS`` on a new pseudo-terminal of this size; everything it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in CONSOLE_VARIABLES} | {"TERM": "xterm-256color"} | env
    process = subprocess.Popen([sys.executable, "-m", "oracle.cli", *args], stdin=slave, stdout=slave,
                               stderr=slave, env=environment, cwd=ROOT, close_fds=True)
    os.close(slave)
    out = bytearray()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=30)
    os.close(master)
    return bytes(out)


def screen_of(raw: bytes, columns: int, rows: int = 1000) -> list[str]:
    """What a terminal of this size shows after ``raw``: the lines, trailing blanks dropped."""
    import pyte

    screen = pyte.Screen(columns, rows)
    pyte.ByteStream(screen).feed(raw)
    lines = [line.rstrip() for line in screen.display]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("columns", [60, 120])
def test_solve_on_a_terminal_fits_the_window_and_shows_every_answer(columns, solved):
    raw = run_in_terminal(["solve", str(SHOWCASE.relative_to(ROOT))], columns)
    lines = screen_of(raw, columns)
    # Each line the program wrote fits: the terminal never had to wrap one.
    written = [ANSI.sub("", line) for line in re.split(r"[\r\n]", raw.decode("utf-8"))]
    assert max(cell_len(line) for line in written) <= columns
    assert not any("solving" in line for line in lines)  # the progress bar is gone
    assert not [line for line in lines if "…" in line and "more" not in line]  # nothing cut
    shown = words("\n".join(lines))
    for scenario, item in solved:
        if Path(scenario.file).resolve() != SHOWCASE:
            continue
        assert words(item.answer.explanation) in shown, item.question.id
        for key in item.answer.answer:
            assert key_shown(key, lines), (item.question.id, key)
    assert re.search(rb"\x1b\[[0-9;]*3[1-7]m", raw)  # red hearts and diamonds, green bars: colour


def test_no_color_on_a_terminal_removes_colour_and_keeps_the_layout():
    raw = run_in_terminal(["rank", "Ah Kh 7h 4h 2c", "--game", "diablo"], 80, rows=40, NO_COLOR="1")
    assert "A♥ K♥ 2♣→Q♥ 7♥ 4♥" in "\n".join(screen_of(raw, 80, 40))
    colours = re.findall(rb"\x1b\[([0-9;]*)m", raw)
    assert colours, "bold and dim stay (rich keeps styles under NO_COLOR)"
    assert not [c for c in colours if re.search(rb"(^|;)(3[0-7]|9[0-7]|38)(;|$)", c)]


def test_force_color_colours_piped_output_and_no_color_wins_over_it():
    def piped_run(**env):
        environment = {k: v for k, v in os.environ.items() if k not in CONSOLE_VARIABLES} | env
        return subprocess.run([sys.executable, "-m", "oracle.cli", "rank", "Ah Kh 7h 4h 2c", "--game", "diablo"],
                              capture_output=True, env=environment, cwd=ROOT, check=True).stdout

    assert b"\x1b[" not in piped_run()
    assert re.search(rb"\x1b\[[0-9;]*31m", piped_run(FORCE_COLOR="1"))
    assert not re.search(rb"\x1b\[[0-9;]*31m", piped_run(FORCE_COLOR="1", NO_COLOR="1"))


def test_piped_solve_writes_each_explanation_on_one_line_whatever_columns_says(solved):
    environment = {k: v for k, v in os.environ.items() if k not in CONSOLE_VARIABLES} | {"COLUMNS": "60"}
    out = subprocess.run([sys.executable, "-m", "oracle.cli", "solve", str(SHOWCASE)], capture_output=True,
                         env=environment, cwd=ROOT, text=True, check=True).stdout
    lines = out.splitlines()
    showcase = [item for scenario, item in solved if Path(scenario.file).resolve() == SHOWCASE]
    assert len(showcase) == 5
    for item in showcase:
        assert "  " + item.answer.explanation in lines
    assert max(cell_len(line) for line in lines if BOX & set(line)) <= 60


def test_no_answer_counts_in_the_form_one_chip_s(solved):
    # "1 chip(s)" and "1 action(s)" were the words: every count is singular or plural.
    assert not [(s.label, item.question.id) for s, item in solved if "(s)" in item.answer.explanation]
