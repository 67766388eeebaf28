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


def make_console(stderr: bool = False, width: int | None = None, color: bool | None = None) -> Console:
    return Console(stderr=stderr, width=width, no_color=(color is False), highlight=False, soft_wrap=False)


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
        console.print(Text(f"  rule: {source}", style="dim"))
    if others:
        console.print()
        console.print("Other rulebooks rank these cards differently:")
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("game")
        table.add_column("hand", style="bold")
        table.add_column("cards used")
        for ruleset, other in others:
            table.add_row(ruleset.title, other.description, cards_text(other.cards, other.wilds))
        console.print(table)


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
    console.print(table)
    if source:
        console.print(Text(f"rule: {source}", style="dim"))


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
    console.print(table)


def compare_result(console: Console, first, second, winner: str) -> None:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column("hand", style="bold")
    table.add_column("cards used")
    table.add_column("strength", justify="right", style="dim")
    for label, hand in (("first", first), ("second", second)):
        marker = " ◀ wins" if winner == label else ""
        table.add_row(label + marker, hand.description, cards_text(hand.cards, hand.wilds), str(hand.strength))
    console.print(table)
    if winner == "tie":
        console.print(Text("Tie: the hands are equal and share.", style="bold"))
    else:
        console.print(Text(f"The {winner} hand wins ({first.ruleset.title} rules).", style="bold"))


def error_line(console: Console, message: str) -> None:
    console.print(plain(f"Error: {message}"), highlight=False)


@contextmanager
def progress_bar(console: Console, description: str, total: int | None = None) -> Iterator[Any]:
    """A progress bar for long work; yields ``update(done, total)``. It only appears on a
    terminal, so piped output and tests stay clean."""
    if not console.is_terminal:  # nothing to draw: skip importing rich.progress too
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


def _looks_like_cards(value: str) -> list[Card] | None:
    from oracle.cards import parse_cards
    from oracle.errors import OracleError

    if not value or len(value) > 60 or not any(ch in value for ch in "shdc"):
        return None
    try:
        cards = parse_cards(value)
    except OracleError:
        return None
    return cards if cards and all(c.suit or c.is_joker for c in cards) else None


def _scalar_text(value: Any) -> Text:
    if isinstance(value, str):
        cards = _looks_like_cards(value)
        return cards_text(cards) if cards else plain(value)
    if isinstance(value, float):
        return Text(f"{value:.6g}")
    if isinstance(value, bool) or value is None:
        return Text({True: "yes", False: "no", None: "–"}[value])
    return Text(str(value))


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def answer_details(answer: dict[str, Any], limit: int = 12) -> Text:
    """The answer's short top-level facts, one a line, cards with suit symbols. Nested
    structures that do not fit on a line are left to ``--json``."""
    out = Text()
    shown = 0
    for key, value in answer.items():
        if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
            item = Text(", ").join(_scalar_text(v) for v in value) if value else Text("none")
        elif isinstance(value, (dict, list)):
            if len(_compact(value)) > 60:
                continue
            item = plain(_compact(value))
        else:
            item = _scalar_text(value)
        if shown == limit:
            out.append("\n…", style="dim")
            break
        if shown:
            out.append("\n")
        out.append(f"{escape(key)}: ", style="dim")
        out.append_text(item)
        shown += 1
    return out


def solve_results(console: Console, results: Sequence[Any]) -> None:
    """``oracle solve``: a table per scenario, one row per question: the answer in a line,
    the rule it applied, and its main facts (all of them with ``--json``)."""
    for solved in results:
        scenario = solved.scenario
        table = Table(
            title=plain(f"{scenario.name}  ({scenario.game.title})"),
            caption=plain(scenario.description, newlines=True) if scenario.description else None,
            show_lines=True,
        )
        table.add_column("question", style="bold", no_wrap=True)
        table.add_column("answer", ratio=3)
        table.add_column("details", ratio=2)
        for item in solved.answers:
            ask = plain(item.question.id)
            ask.append(f"\n{escape(item.question.kind)}", style="dim")
            if item.answer is None:
                table.add_row(ask, plain(f"Error: {item.error}", "red", newlines=True), "")
                continue
            why = plain(item.answer.explanation, "bold", newlines=True)
            why.append(f"\nrule: {escape(item.answer.rule)}", style="dim")
            table.add_row(ask, why, answer_details(item.answer.answer))
        console.print(table)
        for item in solved.answers:
            picture = PICTURES.get(item.question.kind)
            if item.answer is not None and picture is not None:
                picture(console, item.question.id, item.answer.answer)


def outcome_bar(win: float, push: float, lose: float, width: int = 24) -> Text:
    """A stacked bar: win █ in green, push or tie ▒ in yellow, lose ░ in red (the shapes
    tell them apart without colour)."""
    cells = [round(win * width), round(push * width)]
    cells.append(max(0, width - sum(cells)) if lose > 0 else 0)
    bar = Text()
    for count, glyph, style in zip(cells, "█▒░", ("green", "yellow", "red")):
        bar.append(glyph * count, style=style)
    return bar


SHORT_CATEGORY = {
    "five_of_a_kind": "five of a kind",
    "royal_flush": "royal",
    "straight_flush": "str. flush",
    "four_of_a_kind": "quads",
    "full_house": "full house",
    "three_of_a_kind": "trips",
    "two_pair": "two pair",
    "high_card": "high card",
}


def _percent(value: Any) -> str:
    return f"{100 * value:5.1f}%" if isinstance(value, (int, float)) else "–"


def _swap_picture(console: Console, qid: str, answer: dict[str, Any]) -> None:
    choices = answer.get("choices") or []
    if not choices:
        return
    versus = "win" in choices[0]
    table = Table(title=plain(f"{qid}: every discard, best first ({answer.get('method', '')})"), show_edge=False)
    table.caption = "win █  tie ▒  lose ░" if versus else None
    table.add_column("keep", no_wrap=True)
    table.add_column("discard", no_wrap=True)
    if versus:
        table.add_column("win / tie / lose", no_wrap=True)
        table.add_column("win", justify="right")
        table.add_column("tie", justify="right")
    table.add_column("likeliest hands", ratio=1)
    for choice in choices:
        categories = sorted((choice.get("categories") or {}).items(), key=lambda kv: -kv[1])
        likely = plain(" · ".join(f"{SHORT_CATEGORY.get(name, name)} {100 * p:.0f}%" for name, p in categories[:2] if p))
        keep = _scalar_text(choice.get("keep") or "")
        discard = _scalar_text(choice.get("discard") or "none")
        if choice.get("best"):
            keep.stylize("bold green")
        row: list[Any] = [keep, discard]
        if versus:
            row += [
                outcome_bar(choice.get("win", 0), choice.get("tie", 0), choice.get("lose", 0), width=16),
                _percent(choice.get("win")),
                _percent(choice.get("tie")),
            ]
        table.add_row(*row, likely)
    console.print(table)


def _odds_picture(console: Console, qid: str, answer: dict[str, Any]) -> None:
    players = answer.get("players") or {}
    if not players:
        return
    table = Table(title=plain(f"{qid}: chances against the Boss ({answer.get('method', '')})"), show_edge=False)
    table.caption = "win █  push ▒  lose ░"
    table.add_column("player")
    table.add_column("win / push / lose", no_wrap=True)
    for heading in ("win", "push", "lose", "Souls"):
        table.add_column(heading, justify="right")
    for name, odds in players.items():
        if odds.get("folded"):
            table.add_row(plain(name), Text("folded", style="dim"), "", "", "", "")
            continue
        table.add_row(
            plain(name),
            outcome_bar(odds.get("win", 0), odds.get("push", 0), odds.get("lose", 0)),
            _percent(odds.get("win")),
            _percent(odds.get("push")),
            _percent(odds.get("lose")),
            f"{odds.get('expected_souls', 0):+.3f}",
        )
    console.print(table)


def _policy_picture(console: Console, qid: str, answer: dict[str, Any]) -> None:
    rows = [row for row in answer.get("thresholds") or [] if row.get("states")]
    if not rows:
        return
    top = max((row["stop_from"] or 0) for row in rows) or 1
    table = Table(title=plain(f"{qid}: stop once the haul reaches…"), show_edge=False)
    table.add_column("pieces pulled", justify="right")
    table.add_column("stop from", justify="right")
    table.add_column("", no_wrap=True)
    for row in rows:
        stop = row.get("stop_from")
        bar = Text("█" * round(20 * (stop or 0) / top), style="cyan") if stop else Text("always draw", style="dim")
        table.add_row(plain(row.get("pieces")), plain("–" if stop is None else stop), bar)
    console.print(table)


PICTURES = {"best-swap": _swap_picture, "odds": _odds_picture, "stop-policy": _policy_picture}


OUTCOME_STYLES = {
    "passed": "green",
    "answered": "green",
    "xfailed": "yellow",
    "skipped": "yellow",
    "failed": "red",
    "error": "red",
    "xpassed": "red",
}


def check_report(console: Console, report) -> None:
    """``oracle check``: one line a question, the differences of each failure, and the
    closing line ``N passed, M failed``."""
    for error in report.unreadable:
        for problem in error.problems:
            console.print(plain(f"Error: {problem}", "red"), soft_wrap=True)
    for result in report.results:
        line = Text(f"{result.outcome.upper():8} ", style=OUTCOME_STYLES.get(result.outcome, ""))
        line.append(escape(result.label))
        if result.reason and result.outcome in ("skipped", "xfailed", "error"):
            line.append(f"  ({escape(result.reason)})", style="dim")
        console.print(line, soft_wrap=True)
        if result.outcome in ("failed", "xpassed"):
            for diff in result.diffs or ["passed, but marked xfail"]:
                console.print(plain(f"    {diff}", "red"))
            if result.explanation:
                console.print(plain(f"    answer: {result.explanation}", "dim"))
    for file in report.updated_files:
        console.print(plain(f"updated {file}", "cyan"))
    console.print(Text(report.summary(), style="bold red" if report.failed or report.unreadable else "bold green"))


# ---- oracle chart ----------------------------------------------------------------------------


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"


@contextmanager
def chart_progress(console: Console, description: str) -> Iterator[Any]:
    """Partitions done of a chart and the time left, estimated from this run's pace (partitions
    found done when the run started do not count towards it). On a terminal a bar; otherwise a
    line on standard error at most every 30 s, for logs."""
    import time

    start = time.monotonic()
    first: list[int] = []
    last_line = [0.0]

    def left(done: int, total: int) -> str:
        ran = done - first[0]
        if not ran or done >= total:
            return ""
        return f"about {_duration((time.monotonic() - start) / ran * (total - done))} left"

    if not console.is_terminal:
        log = make_console(stderr=True)

        def note(done: int, total: int) -> None:
            if not first:
                first.append(done)
            now = time.monotonic()
            if done == first[0] or done == total or now - last_line[0] >= 30:
                last_line[0] = now
                log.print(plain(f"{description}: {done:,} of {total:,} partitions done {left(done, total)}".rstrip()))

        yield note
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[count]}"),
                        TimeElapsedColumn(), TextColumn("{task.fields[left]}"), console=console, transient=True)
    with progress:
        task = progress.add_task(description, total=None, count="", left="")

        def update(done: int, total: int) -> None:
            if not first:
                first.append(done)
            progress.update(task, completed=done, total=total, count=f"{done:,}/{total:,} partitions",
                            left=left(done, total))

        yield update


def chart_run_result(console: Console, data: dict[str, Any]) -> None:
    """``oracle chart KIND``: what was computed, where it went, and the chart's headline."""
    whole = data["classes"] == data["classes_total"]
    covers = "the whole chart" if whole else f"a subset: {data['classes']:,} of {data['classes_total']:,} classes"
    console.print(Text(f"{data['kind']}: {data['entries']:,} entries ({covers})", style="bold"))
    if data["computed"]:
        console.print(Text(f"  {data['partitions']:,} partitions: {data['computed']:,} computed, {data['skipped']:,} "
                           f"already done; {_duration(data['seconds'])} on {data['workers']} "
                           f"worker{'s' if data['workers'] != 1 else ''} ({data['scheduler']})"))
    else:
        console.print(Text(f"  all {data['partitions']:,} partitions were already done: table and chart rewritten"))
    console.print(plain(f"  table: {data['table']}"))
    console.print(plain(f"  chart: {data['chart']}"))
    summary = data["summary"]
    if data["kind"] == "diablo-draw":
        table = Table(title="strategy card: hold the highest pattern you have", show_edge=False)
        for name in ("#", "hold", "share", "mean equity"):
            table.add_column(name, justify="right" if name != "hold" else "left")
        for line in summary["strategy"][:15]:
            table.add_row(str(line["rank"]), plain(line["pattern"]), _percent(line["share"]), f"{line['mean_equity']:.4f}")
        console.print(table)
        if summary.get("accuracy") is not None:
            console.print(Text(f"  the card gives the best hold's pattern for {100 * summary['accuracy']:.1f}% of hands"))
    elif data["kind"] == "hod-preflop":
        table = Table(title="before the Flop, over all deals", show_edge=False)
        for name in ("Boss", "default", "win / push / lose", "win", "push", "lose", "starts that beat him"):
            table.add_column(name)
        for boss in summary["bosses"]:
            table.add_row(plain(boss["boss"]), cards_text(_cards_of(boss["default_hand"])),
                          outcome_bar(boss["win"], boss["push"], boss["lose"], 16), _percent(boss["win"]),
                          _percent(boss["push"]), _percent(boss["lose"]),
                          f"{boss['starts_beating']:,} of {boss['starts']:,}")
        console.print(table)
    elif data["kind"] == "auf-teufel-policy" and summary["full_ovens"]:
        targets = summary["targets"]
        table = Table(title="every numbered piece still in", show_edge=False)
        for name in ["devils", "stop from (haul)", *(f"reach {t}" for t in targets)]:
            table.add_column(name, justify="right")
        for row in summary["full_ovens"]:
            stop = "never" if row["haul_stop_from"] is None else f"{row['haul_stop_from']:.1f}"
            table.add_row(str(row["devils"]), stop, *(_percent(row[f"reach_{t}"]) for t in targets))
        console.print(table)


def _cards_of(text: str) -> list[Card]:
    from oracle.cards import parse_cards

    return parse_cards(text)


def chart_lookup_result(console: Console, answer: dict[str, Any]) -> None:
    """``oracle chart lookup``: the chart's entry for the hand, start or oven asked."""
    if "best" in answer:
        best, runner = answer["best"], answer["runner_up"]
        line = Text("Hold ", style="bold")
        line.append_text(cards_text(_cards_of(best["keep"])))
        line.append(f"  ({best['pattern']})" + ("; stand pat" if not best["discard"] else ""), style="bold")
        console.print(line)
        if best["discard"]:
            console.print(Text("  discard ").append_text(cards_text(_cards_of(best["discard"]))))
        console.print(Text("  ").append_text(outcome_bar(best["win"], best["tie"], best["lose"]))
                      .append(f"  win {_percent(best['win'])}  tie {_percent(best['tie'])}  lose "
                              f"{_percent(best['lose'])}  equity {best['equity']:.6f}"))
        runner_line = Text("  runner-up: hold ").append_text(cards_text(_cards_of(runner["keep"])))
        console.print(runner_line.append(f" ({runner['pattern']})"))
        console.print(Text(f"    equity {runner['equity']:.6f}, {answer['margin']:.6f} less"))
    elif "bosses" in answer:
        table = Table(title=Text("Before the Flop: ").append_text(cards_text(_cards_of(answer["start"]))),
                      show_edge=False, caption="win █  push ▒  lose ░")
        for name in ("Boss", "default", "win / push / lose", "win", "push", "lose"):
            table.add_column(name)
        for boss in answer["bosses"]:
            table.add_row(plain(boss["boss"]), cards_text(_cards_of(boss["default_hand"])),
                          outcome_bar(boss["win"], boss["push"], boss["lose"], 16), _percent(boss["win"]),
                          _percent(boss["push"]), _percent(boss["lose"]))
        console.print(table)
    else:
        stop = answer["haul"]["stop_from"]
        console.print(plain(f"Oven: {answer['oven']} (value {answer['value']:,})", "bold"))
        console.print(plain("  largest expected haul: " + ("never stop early: no devil left" if stop is None else
                                                           f"stop once the haul reaches {stop:g} (V/(d+1) = "
                                                           f"{answer['haul']['stop_from_exact']})")))
        for item in answer["target"]:
            console.print(plain(f"  target {item['target']}: pull until you reach it; chance {_percent(item['reach'])}"))
    console.print(plain(f"  rule: {answer['rule']}", "dim"))
