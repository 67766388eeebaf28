"""Human output of ``oracle chart``: the progress of a run, what it wrote and the chart's
headline, and a lookup's answer. Built on ``oracle.render``'s consoles and card texts."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from rich.console import Console
from rich.table import Table
from rich.text import Text

from oracle.cards import Card
from oracle.render import cards_text, make_console, plain


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"


@contextmanager
def chart_progress(console: Console, description: str, unit: str = "partitions") -> Iterator[Any]:
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
                log.print(plain(f"{description}: {done:,} of {total:,} {unit} done {left(done, total)}".rstrip()))

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
            progress.update(task, completed=done, total=total, count=f"{done:,}/{total:,} {unit}",
                            left=left(done, total))

        yield update


def chart_run_result(console: Console, data: dict[str, Any]) -> None:
    """``oracle chart KIND``: what was computed, where it went, and the chart's headline."""
    from oracle.render_pictures import percent, outcome_bar
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
        table = Table(title="strategy card: hold the highest line you have", show_edge=False)
        for name in ("#", "hold", "hands it decides", "best hold for"):
            table.add_column(name, justify="right" if name != "hold" else "left")
        for line in summary["strategy"][:15]:
            table.add_row(str(line["rank"]), plain(line["pattern"]), percent(line["share"]),
                          percent(line["followed"] / line["hands"]) if line["hands"] else "—")
        console.print(table)
        if len(summary["strategy"]) > 15:
            more = len(summary["strategy"]) - 15
            console.print(Text(f"  ... {more} line{'s' if more != 1 else ''} more on the chart's page"))
        exceptions = sum(len(line.get("exceptions", ())) for line in summary["strategy"])
        if exceptions:
            console.print(Text(f"  the lines carry {exceptions} exceptions, printed on the chart's page"))
        if summary.get("accuracy") is not None:
            console.print(Text(card_figures(summary)))
    elif data["kind"] == "hod-preflop":
        table = Table(title="before the Flop, over all deals", show_edge=False)
        for name in ("Boss", "default", "win / push / lose", "win", "push", "lose", "starts that beat him"):
            table.add_column(name)
        for boss in summary["bosses"]:
            table.add_row(plain(boss["boss"]), cards_text(_cards_of(boss["default_hand"])),
                          outcome_bar(boss["win"], boss["push"], boss["lose"], 16), percent(boss["win"]),
                          percent(boss["push"]), percent(boss["lose"]),
                          f"{boss['starts_beating']:,} of {boss['starts']:,}")
        console.print(table)
    elif data["kind"] == "auf-teufel-policy" and summary["full_ovens"]:
        targets = summary["targets"]
        table = Table(title="every numbered piece still in", show_edge=False)
        for name in ["devils", "stop from (haul)", *(f"reach {t}" for t in targets)]:
            table.add_column(name, justify="right")
        for row in summary["full_ovens"]:
            stop = "never" if row["haul_stop_from"] is None else f"{row['haul_stop_from']:.1f}"
            table.add_row(str(row["devils"]), stop, *(percent(row[f"reach_{t}"]) for t in targets))
        console.print(table)


def card_figures(figures: dict[str, Any], indent: int = 2) -> str:
    """The strategy card's figures in one line."""
    return (" " * indent + f"following the card gives the best hold for {100 * figures['accuracy']:.2f}% of hands; "
            f"it loses {figures['mean_loss']:.5f} of a pot a hand on average, {figures['worst_loss']:.5f} at worst")


def _cards_of(text: str) -> list[Card]:
    from oracle.cards import parse_cards

    return parse_cards(text)


def chart_lookup_result(console: Console, answer: dict[str, Any]) -> None:
    """``oracle chart lookup``: the chart's entry for the hand, start or oven asked."""
    from oracle.render_pictures import percent, outcome_bar

    if answer.get("kind") == "diablo-equilibrium":
        n = answer["opponents"]
        console.print(Text(f"Against {n} opponent{'s' if n != 1 else ''} who draw by the equilibrium:", style="bold"))
        for hold in answer["holds"]:
            line = Text("  hold ").append_text(cards_text(_cards_of(hold["keep"])))
            console.print(line.append(f"  {percent(hold['chance'])} of the time" if hold["chance"] < 1 else "  always"))
        reply = answer["best_reply"]
        line = Text("  best reply to it: hold ").append_text(cards_text(_cards_of(reply["keep"])))
        console.print(line.append(f"  equity {reply['equity']:.4f} in the model"))
        console.print(Text(f"  exploitability of the strategy: {answer['exploitability']:.5f} of a pot a hand"))
    elif "best" in answer:
        best, runner = answer["best"], answer["runner_up"]
        line = Text("Hold ", style="bold")
        line.append_text(cards_text(_cards_of(best["keep"])))
        line.append(f"  ({best['pattern']})" + ("; stand pat" if not best["discard"] else ""), style="bold")
        console.print(line)
        if best["discard"]:
            console.print(Text("  discard ").append_text(cards_text(_cards_of(best["discard"]))))
        console.print(Text("  ").append_text(outcome_bar(best["win"], best["tie"], best["lose"]))
                      .append(f"  win {percent(best['win'])}  tie {percent(best['tie'])}  lose "
                              f"{percent(best['lose'])}  equity {best['equity']:.6f}"))
        runner_line = Text("  runner-up: hold ").append_text(cards_text(_cards_of(runner["keep"])))
        console.print(runner_line.append(f" ({runner['pattern']})"))
        console.print(Text(f"    equity {runner['equity']:.6f}, {answer['margin']:.6f} less"))
        card = answer.get("card")
        if card is not None:
            line = Text("  the strategy card: hold ").append_text(cards_text(_cards_of(card["keep"])))
            line.append(f" (line {card['line']}: {card['line_text']}"
                        + (f"; except: {card['exception']})" if card.get("exception") else ")"))
            console.print(line)
            console.print(Text("    the best hold too" if card["best"] else
                               f"    equity {card['equity']:.6f}, {card['loss']:.6f} less than the best hold"))
            console.print(Text(card_figures(card, indent=4)))
    elif "bosses" in answer:
        table = Table(title=Text("Before the Flop: ").append_text(cards_text(_cards_of(answer["start"]))),
                      show_edge=False, caption="win █  push ▒  lose ░")
        for name in ("Boss", "default", "win / push / lose", "win", "push", "lose"):
            table.add_column(name)
        for boss in answer["bosses"]:
            table.add_row(plain(boss["boss"]), cards_text(_cards_of(boss["default_hand"])),
                          outcome_bar(boss["win"], boss["push"], boss["lose"], 16), percent(boss["win"]),
                          percent(boss["push"]), percent(boss["lose"]))
        console.print(table)
    else:
        stop = answer["haul"]["stop_from"]
        console.print(plain(f"Oven: {answer['oven']} (value {answer['value']:,})", "bold"))
        console.print(plain("  largest expected haul: " + ("never stop early: no devil left" if stop is None else
                                                           f"stop once the haul reaches {stop:g} (V/(d+1) = "
                                                           f"{answer['haul']['stop_from_exact']})")))
        for item in answer["target"]:
            console.print(plain(f"  target {item['target']}: pull until you reach it; chance {percent(item['reach'])}"))
    console.print(plain(f"  rule: {answer['rule']}", "dim"))


def equilibrium_result(console: Console, record: dict[str, Any]) -> None:
    """``oracle chart diablo-equilibrium``: where the table went and how close it came."""
    n = record["params"]["opponents"]
    console.print(Text(f"diablo-equilibrium against {n} opponent{'s' if n != 1 else ''} who draw: "
                       f"{record['params']['rounds']} rounds, {_duration(record['seconds'])}"
                       + (f" on {record['workers']} Dask workers" if record.get("workers", 1) > 1 else ""),
                       style="bold"))
    console.print(plain(f"  table: {record['table']}"))
    table = Table(title=f"exploitability: what a best reply gains over a fair share (1/{n + 1})", show_edge=False)
    table.add_column("after round", justify="right")
    table.add_column("pots a hand", justify="right")
    for done, gain in enumerate(record["exploitability"], start=1):
        table.add_row(str(done), f"{gain:.5f}")
    console.print(table)
