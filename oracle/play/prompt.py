"""``oracle play`` at a terminal: a prompt_toolkit prompt with TAB completion (the legal
actions, card names, commands), up-arrow history of the lines typed, and a bottom toolbar
saying whose turn it is. prompt_toolkit is imported here only, so no other command loads it.
Ctrl-C clears the line; Ctrl-D or ``:quit`` leaves."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from oracle.json_text import json_text

from .commands import handle
from .completion import completions
from .render import show, status_line, working
from .session import Session


def _completer(session: Session):
    from prompt_toolkit.completion import Completer, Completion

    class TableCompleter(Completer):
        def get_completions(self, document, complete_event):
            for choice in completions(session, document.text_before_cursor):
                yield Completion(choice.text, start_position=-choice.replaces, display=choice.display or None,
                                 display_meta=choice.meta)

    return TableCompleter()


def _toolbar(session: Session, title: str):
    def toolbar() -> Any:
        from prompt_toolkit.formatted_text import to_formatted_text

        status = session.status()
        who = ", ".join(status.to_act) if status.to_act else "nobody"
        return to_formatted_text(f" {title} | to act: {who} | {status.awaiting} ")

    return toolbar


def run_prompt(session: Session, console: Console, errors: Console, as_json: bool, title: str) -> int:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    prompt = PromptSession(history=InMemoryHistory(), completer=_completer(session),
                           bottom_toolbar=_toolbar(session, title), complete_while_typing=False)
    if not as_json:
        console.print(f"{title}: :help lists the commands, TAB completes, Ctrl-D leaves.", style="dim", highlight=False)
        status_line(console, session.status())
    warned = False
    while True:
        try:
            text = prompt.prompt("> ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            text = ":quit"
        line = text.strip()
        if not line or line.startswith("#"):
            continue
        try:
            with working(console, line, as_json):
                reply = handle(session, line)
        except KeyboardInterrupt:
            errors.print("interrupted: the table is as it was", style="yellow", highlight=False)
            continue
        if reply.quit and session.unsaved and not warned:
            # A settled dispute is worth keeping: say so once before leaving.
            warned = True
            count = session.unsaved
            errors.print(f"{count} question{'s' if count != 1 else ''} asked since the last :save; "
                         ":save FILE keeps them, :quit again leaves", style="yellow", highlight=False)
            continue
        if as_json:
            print(json_text({"input": line} | reply.to_json()), flush=True)
        else:
            show(console, errors, reply, session.current, title)
        if reply.quit:
            return 0

