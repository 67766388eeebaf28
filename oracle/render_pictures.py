"""Tables drawn under an answer whose facts are best seen side by side: every discard of a
Diablo best-swap, each player's chances against a Hell of a Deal Boss, and the thresholds of
an Auf Teufel stop-policy. Each ``Picture`` names the answer keys it shows, so the key/value
list above it stands for them with one line (and shows them in full with ``--full``).

The tables fit the console's width: a bar narrows before a column is cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from rich.console import Console
from rich.table import Table
from rich.text import Text

from oracle.words import join, plural


@dataclass(frozen=True)
class Picture:
    keys: tuple[str, ...]
    # The line that stands for each key in the facts above the picture.
    summary: Callable[[Mapping[str, Any]], dict[str, str]]
    # Draws the table; returns what it left out (for the closing note), or [].
    draw: Callable[[Console, str, Mapping[str, Any], bool], list[str]]


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


def percent(value: Any) -> str:
    return f"{100 * value:5.1f}%" if isinstance(value, (int, float)) else "–"


def _bar_width(console: Console, used: int, most: int) -> int:
    """A bar as wide as the console leaves after ``used`` columns, from 4 to ``most``."""
    return max(4, min(most, console.width - used))


def _show(console: Console, title: str, table: Table, caption: str = "") -> None:
    """The table two columns in, its title above and caption below written as lines of their
    own (a table's own title and caption would be cut at its width when piped)."""
    from oracle.render import plain, print_hanging, print_table

    print_hanging(console, Text("  "), plain(title, "bold"))
    print_table(console, table, 2)
    if caption:
        print_hanging(console, Text("  "), plain(caption, "dim"))


def _swap_summary(answer: Mapping[str, Any]) -> dict[str, str]:
    count = len(answer.get("choices") or [])
    return {"choices": f"{plural(count, 'discard')}, best first, in the table below"}


def _swap_picture(console: Console, qid: str, answer: Mapping[str, Any], full: bool = False) -> list[str]:
    from oracle.render import plain
    from oracle.render_facts import scalar_text

    choices = answer.get("choices") or []
    if not choices:
        return []
    versus = "win" in choices[0]
    table = Table(show_edge=False)
    table.add_column("keep", no_wrap=True)
    table.add_column("discard", no_wrap=True)
    bar = _bar_width(console, 80, 16)
    barred = versus and console.width >= 86  # on a narrow console the percentages say it all
    if barred:
        table.add_column("win / tie / lose", no_wrap=True)
    if versus:
        table.add_column("win", justify="right", no_wrap=True)
        table.add_column("tie", justify="right", no_wrap=True)
    table.add_column("likeliest hands", ratio=1, overflow="fold")
    for choice in choices:
        categories = sorted((choice.get("categories") or {}).items(), key=lambda kv: -kv[1])
        likely = plain(" · ".join(f"{SHORT_CATEGORY.get(name, name)} {100 * p:.0f}%" for name, p in categories[:2] if p))
        keep = scalar_text(choice.get("keep") or "nothing")
        discard = scalar_text(choice.get("discard") or "stand pat")
        if choice.get("best"):
            keep.stylize("bold green")
        row: list[Any] = [keep, discard]
        if barred:
            row.append(outcome_bar(choice.get("win", 0), choice.get("tie", 0), choice.get("lose", 0), width=bar))
        if versus:
            row += [percent(choice.get("win")), percent(choice.get("tie"))]
        table.add_row(*row, likely)
    _show(console, f"choices: every discard, best first ({answer.get('method', '')})", table,
          "win █  tie ▒  lose ░" if barred else "")
    return [] if full else ["each choice's counts and chances of every hand (under --full)"]


def _odds_summary(answer: Mapping[str, Any]) -> dict[str, str]:
    count = len(answer.get("players") or {})
    return {"players": f"{plural(count, 'player')}, in the table below"}


def _odds_picture(console: Console, qid: str, answer: Mapping[str, Any], full: bool = False) -> list[str]:
    from oracle.render import plain

    players = answer.get("players") or {}
    if not players:
        return []
    table = Table(show_edge=False)
    table.add_column("player", overflow="fold")
    barred = console.width >= 76  # on a narrow console the percentages say it all
    if barred:
        table.add_column("win / push / lose", no_wrap=True)
    for heading in ("win", "push", "lose", "Souls"):
        table.add_column(heading, justify="right", no_wrap=True)
    bar = _bar_width(console, 60, 24)
    for name, odds in players.items():
        if odds.get("folded"):
            table.add_row(plain(name), Text("folded", style="dim"), *[""] * (4 if barred else 3))
            continue
        row: list[Any] = [plain(name)]
        if barred:
            row.append(outcome_bar(odds.get("win", 0), odds.get("push", 0), odds.get("lose", 0), width=bar))
        row += [percent(odds.get("win")), percent(odds.get("push")), percent(odds.get("lose")),
                f"{odds.get('expected_souls', 0):+.3f}"]
        table.add_row(*row)
    _show(console, f"players: chances against the Boss ({answer.get('method', '')})", table,
          "win █  push ▒  lose ░" if barred else "")
    return [] if full else ["the deals won, pushed and lost for each player (under --full)"]


def _reached(row: Mapping[str, Any]) -> bool:
    return bool(row.get("reached", True)) and bool(row.get("states", 1))


def _policy_summary(answer: Mapping[str, Any]) -> dict[str, str]:
    rows = answer.get("thresholds") or []
    reached = sum(1 for r in rows if _reached(r))
    if not rows:
        return {}
    return {"thresholds": f"{plural(len(rows), 'row')}, {reached} of them reached, in the table below"}


def _never_reached(rows: list[Mapping[str, Any]]) -> str:
    """'12 to 39' (or '3, 5 to 7') for the pieces-pulled rows a turn never gets to."""
    spans: list[list[int]] = []
    for row in rows:
        if _reached(row) or not isinstance(row.get("pieces"), int):
            continue
        pieces = row["pieces"]
        if spans and spans[-1][1] == pieces - 1:
            spans[-1][1] = pieces
        else:
            spans.append([pieces, pieces])
    return join(str(a) if a == b else f"{a} to {b}" for a, b in spans)


def _policy_picture(console: Console, qid: str, answer: Mapping[str, Any], full: bool = False) -> list[str]:
    from oracle.render import plain

    rows = list(answer.get("thresholds") or [])
    shown = rows if full else [r for r in rows if _reached(r)]
    if not shown:
        return []
    top = max((r.get("stop_from") or 0) for r in shown) or 1
    table = Table(show_edge=False)
    table.add_column("pieces pulled", justify="right", overflow="fold")
    table.add_column("draws at hauls", justify="right", overflow="fold")
    table.add_column("stops from haul", justify="right", overflow="fold")
    table.add_column("", overflow="fold")
    bar_width = _bar_width(console, 52, 20)
    for row in shown:
        stop, draws = row.get("stop_from"), row.get("draw_hauls")
        draw_text = f"{draws[0]}–{draws[1]}" if draws else "–"
        if not _reached(row):
            mark = Text("never reached", style="dim")
        elif stop is not None:
            mark = Text("█" * max(1, round(bar_width * max(stop, 0) / top)), style="cyan")
        else:
            mark = Text("always draws", style="dim")
        if row.get("exceptions"):
            mark.append(f" (+{plural(row['exceptions'], 'state')} stopping lower)", style="yellow")
        table.add_row(plain(row.get("pieces")), draw_text, plain("–" if stop is None else stop), mark)
    caption = ""
    if any(not _reached(r) for r in rows):
        verb = "are marked" if full else "are left out"
        caption = (f"The rows for {_never_reached(rows)} pieces {verb}: the turn never gets there, "
                   "the policy has stopped before.")
    _show(console, f"thresholds: when {answer.get('player', 'the player')} stops, by pieces pulled", table, caption)
    return [f"thresholds ({len(shown)} of {len(rows)} rows shown: the others are never reached)"] if len(shown) < len(rows) else []


PICTURES: dict[str, Picture] = {
    "best-swap": Picture(("choices",), _swap_summary, _swap_picture),
    "odds": Picture(("players",), _odds_summary, _odds_picture),
    "stop-policy": Picture(("thresholds",), _policy_summary, _policy_picture),
}
