"""All human output: rich tables, suit symbols, progress bars. Nothing else prints.

Every function takes the ``Console`` to draw on, so tests can pass one with a fixed width and
no colour. JSON output does not come through here: the command line dumps the library's
``to_json()`` data directly.

Text that may come from a scenario file (names, descriptions, ids, player names, reasons,
explanations and error messages) is shown through ``plain``: as a ``Text``, so rich never
reads it as markup, with control characters and bidirectional marks escaped
(``oracle.text.escape``), so it cannot rewrite the terminal.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from oracle.cards import Card
from oracle.text import escape

SUIT_STYLES = {"h": "red", "d": "red", "s": "default", "c": "default"}


def make_console(stderr: bool = False, width: int | None = None, color: bool | None = None, file=None) -> Console:
    """The console every command draws on. Without ``width`` and ``color`` it follows rich's
    environment variables: ``COLUMNS`` sets the width, ``NO_COLOR`` (set and not empty)
    removes colour and keeps bold and dim, ``FORCE_COLOR`` (set and not empty) writes colour
    and lays out as on a terminal even into a pipe, ``TTY_COMPATIBLE`` overrides the terminal
    check. Output that is not a terminal is soft-wrapped: a line is written whole, never
    broken at the console's width (tables are still laid out to it). Emoji codes are left as
    written (a name such as ``:fire:`` in a scenario is shown as typed). ``file`` replaces the
    standard stream (tests write to a string)."""
    console = Console(stderr=stderr, width=width, no_color=True if color is False else None,
                      force_terminal=None, highlight=False, emoji=False, file=file)
    console.soft_wrap = not console.is_terminal
    # rich ends a write into a closed pipe with exit code 1, the code of a failed expectation.
    from oracle.pipes import leave_quietly

    console.on_broken_pipe = leave_quietly  # type: ignore[method-assign]
    return console


def plain(text: Any, style: str = "", *, newlines: bool = False) -> Text:
    """Scenario text as it is, for the terminal: escaped, and never read as rich markup."""
    return Text(escape(text, newlines=newlines), style=style)


def card_text(card: Card, stands_for: Card | None = None) -> Text:
    text = Text(card.pretty(), style=SUIT_STYLES.get(card.suit.value, "") if card.suit else "bold magenta")
    if stands_for is not None:
        text.append("→" + stands_for.pretty(), style="dim")
    return text


def cards_text(cards: Sequence[Card], wilds: Sequence[Any] = ()) -> Text:
    """Cards with suit symbols; a wild card shows what it stands for (``2♠→9♠``)."""
    pending = list(wilds)
    out = Text()
    for i, card in enumerate(cards):
        stands = None
        for w in pending:
            if w.card is card or (w.card == card and w.card.rank is card.rank):
                stands = w.stands_for
                pending.remove(w)
                break
        if i:
            out.append(" ")
        out.append_text(card_text(card, stands))
    return out


def rank_result(console: Console, hand, source: str, others: Sequence[tuple[Any, Any]] = ()) -> None:
    """``oracle rank``: the hand, its cards, the rulebook line, and other games that differ."""
    title = Text(hand.description, style="bold")
    title.append(f"   ({hand.ruleset.title})", style="dim")
    console.print(title)
    line = Text("  cards used: ")
    line.append_text(cards_text(hand.cards, hand.wilds))
    console.print(line)
    if source:
        print_hanging(console, Text("  rule: ", style="dim"), Text(source, style="dim"))
    if others:
        console.print()
        console.print("Other rulebooks rank these cards differently:")
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("game")
        table.add_column("hand", style="bold")
        table.add_column("cards used")
        for ruleset, other in others:
            table.add_row(ruleset.title, other.description, cards_text(other.cards, other.wilds))
        print_table(console, table, 0)


def selection_result(console: Console, selection, source: str, heading: str) -> None:
    """``oracle rank --hole ... --board ...``: the best legal hand and where it came from."""
    hand = selection.hand
    title = Text(f"{heading}: ", style="dim")
    title.append(hand.description, style="bold")
    console.print(title)
    table = Table(show_header=False, show_edge=False, pad_edge=False, box=None)
    table.add_column(style="dim")
    table.add_column()
    table.add_row("cards used", cards_text(hand.cards, hand.wilds))
    table.add_row("from hand", cards_text(selection.from_private) or Text("none"))
    table.add_row("from board", cards_text(selection.from_board) or Text("none"))
    if selection.banned:
        table.add_row("banned", cards_text(selection.banned))
    if selection.tolled_used:
        table.add_row("tolled (paid)", cards_text(selection.tolled_used))
    for note in selection.notes:
        table.add_row("note", note)
    print_table(console, table, 0)
    if source:
        print_hanging(console, Text("rule: ", style="dim"), Text(source, style="dim"))


def toll_table(console: Console, selections: Sequence[Any], souls: int) -> None:
    """The Boatman: the best hand for each number of Souls paid."""
    table = Table(title=f"Best hand by Souls paid (pot holds {souls})")
    table.add_column("Souls paid", justify="right")
    table.add_column("hand", style="bold")
    table.add_column("cards used")
    table.add_column("tolled cards used")
    for selection in selections:
        table.add_row(
            str(len(selection.tolled_used)),
            selection.hand.description,
            cards_text(selection.hand.cards, selection.hand.wilds),
            cards_text(selection.tolled_used) if selection.tolled_used else Text("none"),
        )
    print_table(console, table, 0)


def compare_result(console: Console, first, second, winner: str) -> None:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column("hand", style="bold")
    table.add_column("cards used")
    table.add_column("strength", justify="right", style="dim")
    for label, hand in (("first", first), ("second", second)):
        marker = " ◀ wins" if winner == label else ""
        table.add_row(label + marker, hand.description, cards_text(hand.cards, hand.wilds), str(hand.strength))
    print_table(console, table, 0)
    if winner == "tie":
        # In Drawing Dead a tie claims nothing: the Button needs a better hand.
        tie = ("Tie: the hands are equal; neither beats the other, so neither takes the Button from the other."
               if first.ruleset.name == "drawing-dead" else "Tie: the hands are equal and share.")
        console.print(Text(tie, style="bold"))
    else:
        console.print(Text(f"The {winner} hand wins ({first.ruleset.title} rules).", style="bold"))


def error_line(console: Console, message: str) -> None:
    console.print(plain(f"Error: {message}"), highlight=False)


@contextmanager
def progress_bar(console: Console, description: str, total: int | None = None) -> Iterator[Any]:
    """A progress bar for long work; yields ``update(done, total)``. It only appears on an
    interactive terminal (``TTY_INTERACTIVE=0`` turns it off), so piped output and tests stay
    clean."""
    if not console.is_interactive:  # nothing to draw: skip importing rich.progress too
        yield lambda done, new_total=None: None
        return
    from rich.progress import BarColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        "[progress.percentage]{task.percentage:>3.0f}%",
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    with progress:
        task = progress.add_task(description, total=total)

        def update(done: int, new_total: int | None = None) -> None:
            if new_total is not None:
                progress.update(task, total=new_total)
            progress.update(task, completed=done)

        yield update


@contextmanager
def working(console: Console, description: str) -> Iterator[None]:
    """A spinner with the time so far, for work whose length is not known (no percentage to
    show); like ``progress_bar``, only on an interactive terminal."""
    if not console.is_interactive:
        yield
        return
    from rich.progress import Progress, SpinnerColumn, TimeElapsedColumn

    with Progress(SpinnerColumn(), "[progress.description]{task.description}", TimeElapsedColumn(),
                  console=console, transient=True) as progress:
        progress.add_task(description, total=None)
        yield


def looks_like_cards(value: str) -> list[Card] | None:
    """The cards ``value`` spells (``"Ah Kd"``), or None for any other text."""
    from oracle.cards import parse_cards
    from oracle.errors import OracleError

    if not value or len(value) > 60 or not any(ch in value for ch in "shdc"):
        return None
    try:
        cards = parse_cards(value)
    except OracleError:
        return None
    return cards if cards and all(c.suit or c.is_joker for c in cards) else None


def print_hanging(console: Console, head: Text, body: Text, *, gap: int = 4) -> None:
    """``head`` then ``body`` on one logical line. On a terminal a long body wraps under
    itself (a hanging indent), never cut; piped, the line is written whole, so no sentence is
    broken where a reader or a tool would not expect it. A head that leaves too little room
    puts the body on the next lines, ``gap`` columns in from the head."""
    if not console.is_terminal:
        whole = head + body
        whole.rstrip()
        console.print(whole, soft_wrap=True)
        return
    width = console.width
    room = width - head.cell_len
    indent = head.cell_len
    if body.plain and room < 20 and head.plain.strip():
        alone = head.copy()
        alone.rstrip()
        console.print(alone, soft_wrap=True)
        indent = len(head.plain) - len(head.plain.lstrip()) + gap
        room = width - indent
        head = Text(" " * indent)
    lines = body.wrap(console, max(room, 8), overflow="fold") if body.plain else [Text()]
    for k, line in enumerate(lines):
        out = (head if k == 0 else Text(" " * indent)) + line
        out.rstrip()
        console.print(out, soft_wrap=True)


def print_wrapped(console: Console, text: Text, *, indent: int = 2) -> None:
    """One logical line: on a terminal wrapped at word boundaries, each line after the first
    ``indent`` columns in (a word longer than a line is folded); piped, written whole."""
    if not console.is_terminal:
        console.print(text, soft_wrap=True)
        return
    lines = text.wrap(console, max(console.width - indent, 8), overflow="fold") if text.plain else [Text()]
    for k, line in enumerate(lines):
        out = line if k == 0 else Text(" " * indent) + line
        out.rstrip()
        console.print(out, soft_wrap=True)


def print_table(console: Console, table: Table, indent: int = 2) -> None:
    """A table ``indent`` columns in, laid out to the console's width, each line written
    without the spaces that pad it on the right (so piped output has no trailing blanks)."""
    options = console.options.update_width(max(20, console.width - indent))
    for segments in console.render_lines(table, options, pad=False):
        line = Text(" " * indent)
        for segment in segments:
            if not segment.control:
                line.append(segment.text, segment.style)
        line.rstrip()
        console.print(line, soft_wrap=True)


def print_facts(console: Console, facts, indent: int = 2) -> None:
    """An answer's key/value list (``oracle.render_facts``): keys dim, nested ones indented."""
    from oracle.render_facts import Fact

    for item in facts.items:
        prefix = " " * (indent + 2 * item.depth)
        head = Text(prefix)
        head.append(item.head, style="dim")
        if isinstance(item, Fact):
            print_hanging(console, head, item.body)
        else:
            print_hanging(console, head, Text())
            print_table(console, item.table, len(prefix) + 2)


def _question_heading(item) -> Text:
    heading = plain(item.question.id, "bold")
    if item.question.kind != item.question.id:
        heading.append(f" ({escape(item.question.kind)})", style="dim")
    return heading


def _closing_note(shortened: Sequence[str]) -> Text:
    from oracle.words import join

    return Text(f"Shortened here: {join(shortened)}. Add --full to see everything, or --json for the exact "
                "values.", style="dim italic")


# The question kinds drawn as a picture under their answer (``oracle.render_pictures``, loaded
# only for them).
PICTURE_KINDS = frozenset({"best-swap", "odds", "stop-policy"})


def _picture(kind: str):
    if kind not in PICTURE_KINDS:
        return None
    from oracle.render_pictures import PICTURES

    return PICTURES[kind]


def solve_answer(console: Console, item, full: bool = False) -> None:
    """One question of ``oracle solve``: the answer in words, the rule it applied, every fact
    of the answer, its picture, and what was shortened (shown by ``--full``)."""
    from oracle.render_facts import answer_facts

    console.print(_question_heading(item), soft_wrap=True)
    if item.answer is None:
        print_hanging(console, Text("  "), plain(f"Error: {item.error}", "red"))
        return
    print_hanging(console, Text("  "), plain(item.answer.explanation, "bold"))
    print_hanging(console, Text("  rule: ", style="dim"), plain(item.answer.rule, "dim"))
    picture = _picture(item.question.kind)
    answer = item.answer.answer
    elsewhere = picture.summary(answer) if picture is not None else {}
    facts = answer_facts(answer, full=full, elsewhere=elsewhere)
    console.print()
    print_facts(console, facts)
    shortened = list(facts.shortened)
    if picture is not None and any(answer.get(key) for key in picture.keys):
        console.print()
        shortened += picture.draw(console, item.question.id, answer, full)
    if shortened and not full:
        print_hanging(console, Text("  "), _closing_note(shortened))


def solve_results(console: Console, results: Sequence[Any], full: bool = False) -> None:
    """``oracle solve``: per scenario its name, game, file and description, then each question
    with the answer in words first and every fact of the answer after it."""
    for number, solved in enumerate(results):
        scenario = solved.scenario
        if number:
            console.print()
        title = plain(scenario.name, "bold underline")
        title.append(f"  {scenario.game.title}", style="bold")
        where = f"{scenario.file}:{scenario.line}" if scenario.line else scenario.file
        title.append(f"  {escape(where)}", style="dim")
        print_hanging(console, Text(), title)
        if scenario.description:
            print_hanging(console, Text(), plain(scenario.description.strip(), "italic", newlines=True))
        for item in solved.answers:
            console.print()
            solve_answer(console, item, full)


OUTCOME_STYLES = {
    "passed": "green",
    "answered": "green",
    "updated": "cyan",
    "xfailed": "yellow",
    "skipped": "yellow",
    "failed": "red",
    "error": "red",
    "xpassed": "red",
}


def check_report(console: Console, report, errors: Console | None = None) -> None:
    """``oracle check``: one line a question; under each failure, every difference at the
    ``FILE:LINE`` of the expected value; then the closing line ``N passed, M failed`` (with
    the skipped and unreadable counts when there are any). Every ``Error:`` line goes to
    ``errors`` (standard error), as every other command's."""
    errors = errors or console
    for error in report.unreadable:
        for problem in error.problems:
            errors.print(plain(f"Error: {problem}", "red"), soft_wrap=True)
    for result in report.results:
        line = Text(f"{result.outcome.upper():8} ", style=OUTCOME_STYLES.get(result.outcome, ""))
        line.append(escape(result.label))
        if result.reason and result.outcome in ("skipped", "xfailed", "error"):
            line.append(f"  ({escape(result.reason)})", style="dim")
        console.print(line, soft_wrap=True)
        if result.outcome in ("failed", "updated"):
            for diff in result.diffs:
                written = "written: " if result.outcome == "updated" else ""
                console.print(plain(f"    {result.where(diff)}: {written}{diff}",
                                    "red" if result.outcome == "failed" else "cyan"), soft_wrap=True)
        elif result.outcome == "xpassed":
            console.print(plain(f"    {result.location}: passed, but marked xfail", "red"), soft_wrap=True)
        if result.outcome in ("failed", "xpassed") and result.explanation:
            console.print(plain(f"    answer: {result.explanation}", "dim"), soft_wrap=True)
    for file in report.updated_files:
        console.print(plain(f"updated {file}", "cyan"), soft_wrap=True)
    for message in report.not_updated:
        errors.print(plain(f"Error: {message}", "red"), soft_wrap=True)
    for pattern in report.unmatched:
        errors.print(plain(f"Error: --only {pattern!r} chooses no question", "red"), soft_wrap=True)
    bad = report.failed or report.unreadable or report.not_updated or report.unmatched
    console.print(Text(report.summary(), style="bold red" if bad else "bold green"))


# ---- oracle find ------------------------------------------------------------------------


@contextmanager
def find_progress(console: Console, time_limit: float | None) -> Iterator[Any]:
    """A bar of the search's time budget, with the candidates checked so far."""
    import time

    started = time.monotonic()
    with progress_bar(console, "searching", total=None if time_limit is None else int(time_limit * 10)) as update:
        yield lambda candidates, _=None: update(int((time.monotonic() - started) * 10))


def find_result(console: Console, result) -> None:
    """The outcome in words, the holes filled, and why candidates were refused."""
    found = len(result.witnesses)
    checked = f"{result.candidates} candidate{'s' if result.candidates != 1 else ''} checked"
    if result.outcome == "found":
        head = Text(f"found {found} witness{'es' if found != 1 else ''}", style="bold green")
        head.append(f" in {result.elapsed:.1f} s ({checked}, each verified by the engines)", style="")
    elif result.outcome == "none":
        head = Text("none exists", style="bold red")
        head.append(f": {result.method}", style="")
    else:
        head = Text("unknown", style="bold yellow")
        head.append(f": no witness within the time limit of {result.time_limit:g} s ({checked})", style="")
        if result.method.startswith("stopped by the time limit while"):  # before any candidate
            head.append(f"; {result.method.removeprefix('stopped by the time limit ')}", style="")
    console.print(head, highlight=False)
    if found and found < result.count:
        incomplete = "" if result.complete else "the count is incomplete, "
        console.print(plain(f"asked for {result.count}: {incomplete}{result.method}"), highlight=False)
    for number, witness in enumerate(result.witnesses, start=1):
        table = Table(title=f"witness {number}" if found > 1 else None, show_header=True, box=None)
        table.add_column("hole")
        table.add_column("value")
        table.add_column("field", style="dim")
        for key, value in witness.values.items():
            shown = card_text(value) if isinstance(value, Card) else plain(str(value))
            table.add_row(plain(key), shown, plain(result.fields.get(key, "")))
        if witness.values:
            console.print(table)
    if result.rejections:
        console.print(plain(f"rejected by the engines: {sum(result.rejections.values())}"), highlight=False)
        for where, times in result.rejections.most_common(5):
            console.print(plain(f"  {times} x {where}: {result.examples[where]}"), highlight=False)
    for path in result.written:
        console.print(plain(f"written: {path}"), highlight=False)


def count_result(console: Console, result) -> None:
    """``--count all``: how many, exact or a lower bound, how they were counted, an example."""
    unit = result.unit or "fillings"
    if result.complete:
        head = Text(f"{result.count:,} {unit}", style="bold green" if result.count else "bold red")
        head.append(f", counted exactly in {result.elapsed:.1f} s", style="")
    else:
        head = Text(f"at least {result.count:,} {unit}", style="bold yellow")
        head.append(f": the time limit of {result.time_limit:g} s came first, the count is incomplete", style="")
    console.print(head, highlight=False)
    if result.method.startswith("stopped by the time limit"):  # before a way of counting was chosen
        console.print(plain(result.method), highlight=False)
    else:
        console.print(plain(f"{'counted' if result.complete else 'counting'} by {result.method}"), highlight=False)
    if result.witnesses:
        example = result.witnesses[0].values
        shown = ", ".join(f"{k} = {v}" for k, v in example.items())
        console.print(plain(f"for example: {shown}"), highlight=False)


# ---- oracle chart ----------------------------------------------------------------------------
