"""``oracle play``: one table's position kept live, fed the game as it is played, answering
disputes as they happen.

Modules:

- ``start``: where a session starts: a fresh table from a game's table options, or a scenario
  file's position and history;
- ``session``: the session itself (``Session``): the position after each line, undo and redo,
  the questions asked;
- ``commands``: what a line does (an action line, or a ``:command``), as a ``Reply``;
- ``saving``: ``:save``, the session as scenario documents ``oracle check`` passes;
- ``completion``: what TAB offers;
- ``render``: how a reply looks to a person;
- ``prompt`` (prompt_toolkit, at a terminal) and ``pipe`` (standard input not a terminal): the
  two ways lines come in.

Each game gives what a session needs through its package's ``session`` module
(``oracle.live`` describes it).
"""

from __future__ import annotations

import sys
from typing import Any, Mapping

from .session import Session
from .start import read_rules, starting_table

__all__ = ["Session", "read_rules", "run", "starting_table"]


def run(target: str, options: Mapping[str, Any], rules: Mapping[str, Any], *, scenario: str | None = None,
        time_limit: float | None = None, as_json: bool = False, stdin: Any = None) -> int:
    """Run a session on ``target`` (a game or a scenario file) and return the exit code: a
    prompt when standard input is a terminal, else one line at a time from it."""
    from oracle.render import make_console, plain

    start, note = starting_table(target, options, rules, scenario)
    session = Session(start, time_limit=time_limit)
    console, errors = make_console(), make_console(stderr=True)
    title = start.game.title
    stream = sys.stdin if stdin is None else stdin
    if note:
        errors.print(plain(note, "dim"), soft_wrap=True)
    if stream.isatty():
        from .prompt import run_prompt

        return run_prompt(session, console, errors, as_json, title)
    from .pipe import run_pipe

    return run_pipe(session, getattr(stream, "buffer", stream), console, errors, as_json, title)
