"""``oracle play`` when standard input is not a terminal: the same lines and the same answers,
without prompts. A refused line is reported with its line number and the run goes on; the
exit code is 2 at the end if any line was refused. With ``--json`` each line read (blank lines
and ``#`` comments aside) prints one JSON object."""

from __future__ import annotations

from typing import IO, Any, Iterable

from rich.console import Console

from oracle.json_text import json_text
from oracle.render import plain

from .commands import handle
from .render import show
from .session import Session


def lines_of(stream: IO[bytes] | Iterable[Any]) -> Iterable[tuple[int, str | None, str | None]]:
    """``(number, text, problem)`` for each line; ``text`` is None for a line that is not
    UTF-8 (``problem`` says where)."""
    for number, raw in enumerate(stream, start=1):
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield number, None, f"not UTF-8 text (byte {exc.start + 1})"
                continue
        yield number, raw.rstrip("\r\n"), None


def run_pipe(session: Session, stream: Any, console: Console, errors: Console, as_json: bool, title: str) -> int:
    refused = 0
    for number, text, problem in lines_of(stream):
        if text is None:
            refused += 1
            errors.print(plain(f"Error: line {number}: {problem}", "red"), soft_wrap=True)
            if as_json:
                print(json_text({"line": number, "input": None, "ok": False, "error": problem}), flush=True)
            continue
        line = text.strip()
        if not line or line.startswith("#"):
            continue
        reply = handle(session, line)
        if not reply.ok:
            refused += 1
        if as_json:
            print(json_text({"line": number, "input": line} | reply.to_json()), flush=True)
            if not reply.ok:
                errors.print(plain(f"Error: line {number}: {reply.error}", "red"), soft_wrap=True)
        else:
            show(console, errors, reply, session.current, title, where=f"line {number}: ")
        if reply.quit:
            break
    return 2 if refused else 0
