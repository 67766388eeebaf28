"""How a reply at the table looks to a person: the status line after an action, the moves
with the reasons for those left out, the table, the help. A question's answer is drawn by
``oracle.render.solve_results``, exactly as ``oracle solve`` draws it. Text from the table
(names, reasons) goes through ``oracle.render.plain``, never read as rich markup."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from rich.console import Console
from rich.table import Table
from rich.text import Text

from oracle.render import cards_text, plain, print_hanging, print_wrapped, solve_results

from .commands import COMMANDS, PREFIX, Reply

# At most this many lines shown for one reason a move is left out; the rest are counted.
EXAMPLES_PER_REASON = 3


def _card_cell(text: str) -> Text:
    from oracle.cards import parse_cards
    from oracle.errors import OracleError

    if text and "?" not in text:
        try:
            cards = parse_cards(text)
        except OracleError:
            cards = []
        if cards and all(c.suit is not None or c.is_joker for c in cards):
            return cards_text(cards)
    return plain(text)


@contextmanager
def working(console: Console, line: str, quiet: bool = False) -> Iterator[None]:
    """A spinner while a question is answered at a terminal (solvers may take seconds)."""
    if quiet or not line.startswith(f"{PREFIX}ask") or not console.is_terminal:
        yield
        return
    with console.status(plain(f"answering {line[len(PREFIX) + 4:].strip() or 'the question'} (Ctrl-C stops it)")):
        yield


def status_line(console: Console, status: Any) -> None:
    """The result of the line just played, when it settled something, then the status."""
    if getattr(status, "result", None) is not None:
        print_wrapped(console, plain(status.result.text, "bold green"))
    print_wrapped(console, plain(status.text, "bold" if status.over else ""))


def moves_text(console: Console, moves: Any, every: bool = False) -> None:
    who = " and ".join(moves.to_act) or "the table"
    if moves.legal:
        count = f"{len(moves.legal)} line{'s' if len(moves.legal) != 1 else ''}"
        shown = moves.legal if every else moves.summary
        hint = "" if every or len(shown) == len(moves.legal) else f"; {PREFIX}moves all spells out each"
        console.print(plain(f"{who} may play ({count}{hint}):", "bold"))
        for line in shown:
            print_hanging(console, Text("  "), plain(line))
    elif moves.waiting_for:
        print_wrapped(console, plain("the table waits for: " + "; ".join(moves.waiting_for), "bold"))
    else:
        console.print(plain("no move is legal now", "bold"))
    if moves.waiting_for and moves.legal:
        print_wrapped(console, plain("or a chance line: " + "; ".join(moves.waiting_for)))
    by_reason: dict[str, list[str]] = {}
    for line, reason in moves.left_out:
        by_reason.setdefault(reason, []).append(line)
    if by_reason:
        console.print(plain("not now:", "bold"))
    for reason, lines in by_reason.items():
        shown = ", ".join(lines[:EXAMPLES_PER_REASON])
        more = len(lines) - EXAMPLES_PER_REASON
        text = plain(f"  {shown}" + (f" and {more} more" if more > 0 else "") + ": ")
        text.append_text(plain(reason, "dim"))
        print_wrapped(console, text, indent=4)


def table_text(console: Console, view: Any) -> None:
    table = Table(title=plain(view.title), show_edge=False, pad_edge=False)
    for column in view.columns:
        table.add_column(column)
    for row in view.rows:
        table.add_row(*[_card_cell(cell) for cell in row])
    console.print(table)
    for note in view.notes:
        console.print(_note(note))


def _note(note: str) -> Text:
    head, sep, rest = note.partition(": ")
    cell = _card_cell(rest) if sep else None
    if cell is not None and cell.plain != rest:
        return plain(head + sep, "dim").append_text(cell)
    return plain(note, "dim")


def answer_text(console: Console, scenario: Any, kind: str, params: dict, answer: Any) -> None:
    """The answer as ``oracle solve`` shows it: one question of this table's scenario."""
    from oracle.scenario import AnsweredQuestion, Question, SolvedScenario

    question = Question(id=kind, kind=kind, params=dict(params))
    solve_results(console, [SolvedScenario(scenario, [AnsweredQuestion(question, answer)])])


def help_text(console: Console, title: str) -> None:
    console.print(plain(f"{title}: type an action line (e.g. as the game's page writes them), or a command:", "bold"))
    for name, (args, what) in COMMANDS.items():
        line = plain(f"  {PREFIX}{name} {args}".rstrip().ljust(34))
        line.append_text(plain(what, "dim"))
        console.print(line, soft_wrap=True)
    console.print(plain("TAB completes the legal actions, card names and commands; up-arrow recalls lines.", "dim"))


def show(console: Console, errors: Console, reply: Reply, scenario: Any, title: str, where: str = "") -> None:
    """One reply, as a person reads it; an error is one line on ``errors``."""
    if reply.error is not None:
        print_wrapped(errors, plain(f"Error: {where}{reply.error}", "red"))
        return
    if reply.text:
        print_wrapped(console, plain(reply.text, "dim"))
    if reply.kind == "moves":
        moves_text(console, reply.moves, reply.every)
    elif reply.kind == "ask":
        answer_text(console, scenario, *reply.answer)
    elif reply.kind == "table":
        table_text(console, reply.view)
    elif reply.kind == "history":
        for number, line in enumerate(reply.data["history"], start=1):
            print_hanging(console, Text(f"{number:4}  "), plain(line))
        if not reply.data["history"]:
            console.print(plain("no action played yet", "dim"))
    elif reply.kind == "help":
        help_text(console, title)
    if reply.status is not None:
        status_line(console, reply.status)
