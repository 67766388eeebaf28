"""A reader that stops early is no failure of the answers: exit 141, quietly (never 1, which
means a failed expectation, and never a traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
HANDS = str(ROOT / "scenarios" / "diablo" / "hands.scenario.yaml")


@pytest.mark.parametrize("args,stdin", [
    (["check", HANDS], None),
    (["check", HANDS, "--json"], None),
    (["solve", HANDS], None),
    (["rank", "-"], "9 9 2 2 K\n" * 2000),
    (["play", "diablo", "--seats", "Anna Ben Carla", "--json"], "Ben checks\n:moves\n:table\n" * 20),
], ids=["check", "check-json", "solve", "rank-lines", "play-json"])
def test_audit_13_a_closed_pipe_exits_141_quietly_not_as_a_failed_expectation(args, stdin):
    child = subprocess.Popen([sys.executable, "-c", "from oracle.cli import run; run()", *args], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()  # the reader is gone before the first line
    _, errors = child.communicate(stdin.encode() if stdin else b"", timeout=120)
    assert child.returncode == 141, errors
    assert b"Traceback" not in errors and b"Error" not in errors
