"""Human output of ``oracle simulate``: the progress of a run, then its figures as tables (one
column a variant, and the paired difference with ``--compare``), every figure with its 95%
interval. Built on ``oracle.render``'s consoles; the figures are ``oracle.simulate.figures``'s
JSON-ready data."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from rich.console import Console
from rich.table import Table
from rich.text import Text

from oracle.render import make_console, plain


@contextmanager
def simulate_progress(console: Console, description: str) -> Iterator[Any]:
    """Games played of all: on a terminal a bar; otherwise a line on standard error at most
    every 30 s, for logs."""
    import time

    if not console.is_terminal:
        log, last = make_console(stderr=True), [0.0]

        def note(done: int, total: int) -> None:
            now = time.monotonic()
            if not last[0]:
                last[0] = now  # the start: nothing played yet
            elif done == total or now - last[0] >= 30:
                last[0] = now
                log.print(plain(f"{description}: {done:,} of {total:,} games played"))

        yield note
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    progress = Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[count]}"),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=console, transient=True)
    with progress:
        task = progress.add_task(description, total=None, count="")

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total, count=f"{done:,}/{total:,} games")

        yield update


def share(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.2f}"


def figure(found: dict[str, Any], as_share: bool) -> str:
    """``32.5% (20.1–48.0)`` or ``12.30 (11.69–12.91)``: a figure and its 95% interval."""
    if found["value"] is None:
        return "—"
    if as_share:
        text = share(found["value"])
        return text if found["low"] is None else f"{text} ({100 * found['low']:.1f}–{100 * found['high']:.1f})"
    text = number(found["value"])
    return text if found["low"] is None else f"{text} ({number(found['low'])}–{number(found['high'])})"


def difference(found: dict[str, Any], as_share: bool) -> Text:
    """A paired difference with its interval, and whether it is clear of noise (bold)."""
    if found["value"] is None:
        return Text("—")
    scale, form = (100, "{:+.1f}") if as_share else (1, "{:+,.2f}")
    body = form.format(found["value"] * scale) + (" pts" if as_share else "")
    if found["low"] is not None:
        body += f" ({form.format(found['low'] * scale)} to {form.format(found['high'] * scale)})"
    clear = found.get("clear")
    return Text(body + ("  clear" if clear else "  noise"), style="bold" if clear else "")


def _head(console: Console, data: dict[str, Any]) -> None:
    first = data["variants"][0]
    setup = first["setup"]
    players = sorted(set(setup["players"]))
    who = players[0] if len(players) == 1 else " ".join(setup["players"])
    rules = ", ".join(f"{k}={v}" for k, v in setup["rules"].items()) or "the rulebook's"
    table = "".join(f", {k}={v}" for k, v in setup["table"].items())
    hands = f", {setup['hands']} hands agreed" if setup.get("hands") else ""
    console.print(Text(f"{data['game']}: {data['games']:,} games a variant, seed {data['seed']}, "
                       f"{len(setup['seats'])} seats ({who} players){hands}{table}, rules: {rules}", style="bold"))
    for variant in data["variants"]:
        label = variant["setup"]["label"]
        unfinished = f", {variant['unfinished']:,} cut off unfinished" if variant["unfinished"] else ""
        console.print(plain(f"  {label}: {variant['finished']:,} games finished{unfinished}"))
    rate = f", {data['games_per_second']:,.1f} games/s" if data.get("games_per_second") else ""
    if data.get("resumed"):
        rate += f"; {data['resumed']:,} games a variant read back from the batches a former run kept"
    console.print(plain(f"  played in {data['seconds']:.1f} s on {data['where']}{rate}", "dim"))


def _columns(table: Table, data: dict[str, Any], first: str) -> None:
    table.add_column(first)
    for variant in data["variants"]:
        table.add_column(variant["setup"]["label"], justify="right")
    if data["difference"] is not None:
        table.add_column("difference", justify="right")


def _wins(console: Console, data: dict[str, Any]) -> None:
    variants = data["variants"]
    if variants[0]["team"]:
        return
    table = Table(title="wins by seat: share of finished games (95% interval)", show_edge=False)
    _columns(table, data, "seat")
    names = [s["name"] for s in variants[0]["seats"]]
    for v in variants[1:]:
        names += [s["name"] for s in v["seats"] if s["name"] not in names]
    diff = {s["name"]: s for s in (data["difference"] or {}).get("seats", [])}
    for number, name in enumerate(names, start=1):
        row: list[Any] = [f"{number} {name}"]
        for v in variants:
            seat = next((s for s in v["seats"] if s["name"] == name), None)
            row.append("—" if seat is None else figure(seat["win_rate"], True))
        if data["difference"] is not None:
            row.append(difference(diff[name]["win_rate"], True) if name in diff else "—")
        table.add_row(*row)
    shares = " / ".join(share(v["fair_share"]) for v in variants)
    table.caption = f"a fair share is {shares}; ties count for every player in them"
    console.print(table)


def _figures(console: Console, data: dict[str, Any], key: str, value: str, title: str, first_column: str) -> None:
    """One row a measure (``key`` "measures", its ``mean``) or an event ("events", its
    ``rate``, a share): each variant's figure, and the difference when there is one."""
    as_share = key == "events"
    table = Table(title=title, show_edge=False)
    _columns(table, data, first_column)
    for name, first in data["variants"][0][key].items():
        label = f"{first['text']}, per {first['per']}" if as_share else first["text"]
        row: list[Any] = [plain(label)] + [figure(v[key][name][value], as_share) for v in data["variants"]]
        if data["difference"] is not None:
            row.append(difference(data["difference"][key][name], as_share))
        table.add_row(*row)
    console.print(table)


def _plus_minus(found: dict[str, Any]) -> str:
    """``96.8 ± 5.1``: a mean and half the width of its interval (the whole width when it was
    kept within the games' values and is no longer even)."""
    if found["value"] is None:
        return "—"
    if found["low"] is None or found["high"] == found["low"]:
        return f"{found['value']:,.1f}"
    return f"{found['value']:,.1f} ± {(found['high'] - found['low']) / 2:,.1f}"


def _track(console: Console, data: dict[str, Any]) -> None:
    """Each series' mean at the start, a quarter, half and three quarters of the way, and at
    the longest game's end."""
    first = data["variants"][0]["track"]
    table = Table(title=f"over the game: {first['text']}, mean after each {first['per']} (± half its 95% interval)",
                  show_edge=False)
    table.add_column("series")
    steps = [p["step"] for p in first["series"][0]["points"]] if first["series"] else []
    wanted = sorted({steps[round(q * (len(steps) - 1))] for q in (0, 0.25, 0.5, 0.75, 1)}) if steps else []
    for step in wanted:
        table.add_column("start" if step == 0 else f"after {step}", justify="right")
    for variant in data["variants"]:
        prefix = f"{variant['setup']['label']}: " if len(data["variants"]) > 1 else ""
        for series in variant["track"]["series"]:
            by_step = {p["step"]: p for p in series["points"]}
            table.add_row(plain(prefix + series["label"]),
                          *(_plus_minus(by_step[s]) if s in by_step else "—" for s in wanted))
    console.print(table)


def simulate_result(console: Console, data: dict[str, Any]) -> None:
    """``oracle simulate``: what was played, then the figures."""
    _head(console, data)
    _wins(console, data)
    _figures(console, data, "measures", "mean", "a game: mean (95% interval)", "measure")
    _figures(console, data, "events", "rate", "how often the rules fire: share of chances (95% interval)", "event")
    _track(console, data)
    if data["difference"] is not None:
        console.print(plain(f"difference: {data['variants'][1]['setup']['label']} less "
                            f"{data['variants'][0]['setup']['label']}, game by game on the same seeds; "
                            "clear: its 95% interval leaves out 0", "dim"))
    for key in ("table", "page", "saved"):
        if data.get(key):
            console.print(plain(f"  {key}: {data[key]}"))
