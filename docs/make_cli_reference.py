"""Regenerate the command reference at the end of docs/cli.md from the commands' --help.

    python docs/make_cli_reference.py          # rewrite docs/cli.md
    python docs/make_cli_reference.py --check  # exit 1 if docs/cli.md is out of date

The test suite runs the check, so the reference cannot drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from oracle.cli import main

DOC = Path(__file__).with_name("cli.md")
MARKER = "<!-- generated below by docs/make_cli_reference.py; do not edit by hand -->"


def reference() -> str:
    runner = CliRunner()
    parts = [MARKER, "", "## Command reference", ""]
    commands = [[name] for name in main.list_commands(None)]
    # A group's own commands follow it (``oracle chart`` and its chart kinds).
    commands = [c for name in commands for c in [name] + [[*name, sub] for sub in sorted(getattr(
        main.get_command(None, name[0]), "commands", {}))]]
    for args in [[]] + commands:
        title = " ".join(["oracle", *args])
        text = runner.invoke(main, [*args, "--help"], prog_name="oracle", terminal_width=100).output.rstrip()
        parts += [f"### `{title}`", "", "```text", text, "```", ""]
    return "\n".join(parts)


def updated(current: str) -> str:
    head = current.split(MARKER)[0].rstrip() + "\n\n"
    return head + reference()


if __name__ == "__main__":
    current = DOC.read_text(encoding="utf-8")
    fresh = updated(current)
    if "--check" in sys.argv:
        sys.exit(0 if fresh == current else 1)
    DOC.write_text(fresh, encoding="utf-8")
