"""A simulation's figures as one self-contained HTML page (no script, nothing fetched), built
with ``oracle.charts.html``'s pieces: the wins by seat and each rule's rate as dots with their
95% intervals, how long the games lasted as a histogram, the tables of every figure and, for
two variants, their paired differences. Every text reaches the page through ``html.escape``."""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any, Mapping, Sequence

from oracle.charts.html import STYLE, bar_chart, nice_ticks, paragraph, section, table, tick_text

from .store import GENERATOR

PALETTE = ("#1f4e79", "#c55a11", "#548235")


def _share(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _number(value: float | None) -> str:
    return "—" if value is None else (f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.2f}")


def _figure(found: Mapping[str, Any], as_share: bool) -> str:
    form = _share if as_share else _number
    if found["value"] is None:
        return "—"
    if found["low"] is None:
        return form(found["value"])
    return f"{form(found['value'])} ({form(found['low'])}–{form(found['high'])})"


def _difference(found: Mapping[str, Any] | None, as_share: bool) -> str:
    """``-3.8 pts (-6.6 to -1.1) clear``: a paired difference, its interval, and whether it is
    clear of noise."""
    if found is None or found["value"] is None:
        return "—"
    scale, unit = (100, " pts") if as_share else (1, "")
    text = f"{found['value'] * scale:+,.2f}{unit}" if not as_share else f"{found['value'] * scale:+.1f}{unit}"
    if found["low"] is not None:
        form = "{:+.1f}" if as_share else "{:+,.2f}"
        text += f" ({form.format(found['low'] * scale)} to {form.format(found['high'] * scale)})"
    return text + (" clear" if found.get("clear") else " noise")


def interval_chart(rows: Sequence[tuple[str, Sequence[Mapping[str, Any]]]], *, as_share: bool,
                   reference: float | None = None, width: int = 760) -> str:
    """One line a row: a dot at each variant's figure with a bar over its 95% interval, the
    variants in their colours; ``reference`` a dashed vertical line (a fair share)."""
    left, right, row_h = 360, 30, 24
    highs = [f["high"] if f["high"] is not None else f["value"] for _, fs in rows for f in fs if f["value"] is not None]
    top = max([*highs, reference or 0, 1e-9])
    ticks = nice_ticks(0, top)
    height = row_h * len(rows) + 40

    def px(x: float) -> float:
        return left + (width - left - right) * x / (ticks[-1] or 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             'aria-label="figures with their 95% intervals">']
    for tick in ticks:
        label = f"{100 * tick:g}%" if as_share else tick_text(tick, ticks[1] - ticks[0] if len(ticks) > 1 else 1)
        parts.append(f'<line x1="{px(tick):.1f}" y1="4" x2="{px(tick):.1f}" y2="{height - 30}" stroke="#eee"/>')
        parts.append(f'<text x="{px(tick):.1f}" y="{height - 14}" font-size="11" text-anchor="middle">'
                     f'{escape(label)}</text>')
    if reference is not None:
        parts.append(f'<line x1="{px(reference):.1f}" y1="4" x2="{px(reference):.1f}" y2="{height - 30}" '
                     'stroke="#888" stroke-dasharray="4,3"/>')
    for i, (label, figures) in enumerate(rows):
        y = 16 + i * row_h
        parts.append(f'<text x="{left - 8}" y="{y + 4}" font-size="11" text-anchor="end">{escape(label)}</text>')
        for k, found in enumerate(figures):
            if found["value"] is None:
                continue
            colour, dy = PALETTE[k % len(PALETTE)], y + (k - (len(figures) - 1) / 2) * 6
            if found["low"] is not None:
                parts.append(f'<line x1="{px(found["low"]):.1f}" y1="{dy:.1f}" x2="{px(found["high"]):.1f}" '
                             f'y2="{dy:.1f}" stroke="{colour}" stroke-width="2"/>')
            parts.append(f'<circle cx="{px(found["value"]):.1f}" cy="{dy:.1f}" r="3.5" fill="{colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts)


SERIES_COLOURS = ("#1f4e79", "#c55a11", "#548235", "#7030a0", "#bf9000", "#2e75b6", "#a5a5a5", "#843c0c")


def track_chart(track: Mapping[str, Any], width: int = 760, height: int = 260) -> str:
    """Each series' mean at each step as a line, its 95% interval as a band around it."""
    left, right, top_pad, bottom = 60, 30, 10, 36
    points = [p for s in track["series"] for p in s["points"] if p["value"] is not None]
    if not points:
        return ""
    lows = [p["low"] if p["low"] is not None else p["value"] for p in points]
    highs = [p["high"] if p["high"] is not None else p["value"] for p in points]
    y_ticks = nice_ticks(min(0.0, min(lows)), max(highs))
    last = max(p["step"] for p in points) or 1
    x_ticks = [t for t in nice_ticks(0, last) if t <= last]

    def px(step: float) -> float:
        return left + (width - left - right) * step / last

    def py(value: float) -> float:
        span = (y_ticks[-1] - y_ticks[0]) or 1
        return top_pad + (height - top_pad - bottom) * (1 - (value - y_ticks[0]) / span)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(track["text"])} over the game">']
    step_y = y_ticks[1] - y_ticks[0] if len(y_ticks) > 1 else 1
    for tick in y_ticks:
        parts.append(f'<line x1="{left}" y1="{py(tick):.1f}" x2="{width - right}" y2="{py(tick):.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{left - 6}" y="{py(tick) + 4:.1f}" font-size="11" text-anchor="end">'
                     f'{escape(tick_text(tick, step_y))}</text>')
    for tick in x_ticks:
        parts.append(f'<text x="{px(tick):.1f}" y="{height - bottom + 16}" font-size="11" text-anchor="middle">'
                     f'{tick:g}</text>')
    parts.append(f'<text x="{(left + width - right) / 2:.1f}" y="{height - 4}" font-size="11" '
                 f'text-anchor="middle">{escape(track["per"])}s played</text>')
    for k, series in enumerate(track["series"]):
        colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        shown = [p for p in series["points"] if p["value"] is not None]
        if not shown:
            continue
        band = [(p["step"], p["high"] if p["high"] is not None else p["value"]) for p in shown]
        band += [(p["step"], p["low"] if p["low"] is not None else p["value"]) for p in reversed(shown)]
        parts.append('<polygon points="' + " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in band)
                     + f'" fill="{colour}" fill-opacity="0.15" stroke="none"/>')
        parts.append('<polyline points="' + " ".join(f"{px(p['step']):.1f},{py(p['value']):.1f}" for p in shown)
                     + f'" fill="none" stroke="{colour}" stroke-width="2"/>')
    parts.append("</svg>")
    legend = " &nbsp; ".join(f'<span style="color:{SERIES_COLOURS[k % len(SERIES_COLOURS)]}">&#9632; '
                             f'{escape(series["label"])}</span>' for k, series in enumerate(track["series"]))
    return f"<p>{legend}</p>" + "\n".join(parts)


def _tracks(data: Mapping[str, Any]) -> str:
    first = data["variants"][0]["track"]
    parts = []
    for variant in data["variants"]:
        head = f"<h3>{escape(variant['setup']['label'])}</h3>" if len(data["variants"]) > 1 else ""
        parts.append(head + track_chart(variant["track"]))
    note = paragraph(f"The mean of {first['text']} after each {first['per']}, over the games, with its 95% interval "
                     "as a band. A game that has ended keeps its last values, so late steps are mostly finished "
                     "games.")
    return section(f"Over the game: {first['text']}", note + "\n".join(parts))


def _legend(data: Mapping[str, Any]) -> str:
    if len(data["variants"]) < 2:
        return ""
    items = [f'<span style="color:{PALETTE[k]}">&#9679; {escape(v["setup"]["label"])}</span>'
             for k, v in enumerate(data["variants"])]
    return f"<p>{' &nbsp; '.join(items)}</p>"


def _wins(data: Mapping[str, Any]) -> str:
    variants = data["variants"]
    names = list(dict.fromkeys(s["name"] for v in variants for s in v["seats"]))
    rows = []
    for name in names:
        found = [next((s["win_rate"] for s in v["seats"] if s["name"] == name),
                      {"value": None, "low": None, "high": None}) for v in variants]
        rows.append((name, found))
    picture = interval_chart(rows, as_share=True, reference=variants[0]["fair_share"])
    body = table(["seat", *(v["setup"]["label"] for v in variants)],
                 [[name, *(_figure(f, True) for f in found)] for name, found in rows])
    note = paragraph(f"The share of finished games each seat won; a tie counts for every player in it. The "
                     f"dashed line is a fair share ({_share(variants[0]['fair_share'])}).")
    return section("Wins by seat", note + _legend(data) + picture + body)


def _lengths(data: Mapping[str, Any], simulation: Any) -> str:
    measure = data["variants"][0]["length"]
    parts = []
    for setup, results in zip(simulation.setups, simulation.results):
        counts = Counter(int(r.measures[measure]) for r in results)
        low, high = min(counts, default=0), max(counts, default=0)
        step = max(1, -(-(high - low + 1) // 20))
        bins = [(f"{a}" if step == 1 else f"{a}–{a + step - 1}", sum(counts[x] for x in range(a, a + step)))
                for a in range(low, high + 1, step)]
        parts.append(f"<h3>{escape(setup.label)}</h3>" + bar_chart(bins, value_text=lambda v: f"{v:,.0f} game" + ("" if v == 1 else "s")))
    unit = data["variants"][0]["measures"][measure]["unit"]
    return section("How long a game lasts", paragraph(f"Games by their length, in {unit}.") + "\n".join(parts))


def _table_of(data: Mapping[str, Any], key: str, value: str, as_share: bool) -> str:
    variants = data["variants"]
    heads = [key, *(v["setup"]["label"] for v in variants)]
    diff = data["difference"]
    if diff is not None:
        heads.append("difference")
    rows = []
    for name, first in variants[0][key].items():
        row = [first["text"] + (f", per {first['per']}" if key == "events" else "")]
        row += [_figure(v[key][name][value], as_share) if name in v[key] else "—" for v in variants]
        if diff is not None:
            row.append(_difference(diff[key].get(name), as_share))
        rows.append(row)
    return table(heads, rows)


def render(data: Mapping[str, Any], simulation: Any) -> str:
    """The whole page."""
    first = data["variants"][0]
    setup = first["setup"]
    title = f"{simulation.setups[0].title}: {data['games']:,} simulated games"
    rules = ", ".join(f"{k}={v}" for k, v in setup["rules"].items()) or "the rulebook's"
    lead = (f"{len(setup['seats'])} seats ({', '.join(f'{n}: {p}' for n, p in zip(setup['seats'], setup['players']))}); "
            f"rules: {rules}; seed {data['seed']}; {first['finished']:,} games finished"
            + (f", {first['unfinished']:,} cut off" if first["unfinished"] else ""))
    events = [(e["text"], [v["events"][name]["rate"] for v in data["variants"] if name in v["events"]])
              for name, e in first["events"].items()]
    sections = [] if first["team"] else [_wins(data)]
    sections += [_tracks(data), _lengths(data, simulation),
                 section("A game", _table_of(data, "measures", "mean", False)),
                 section("How often the rules fire", _legend(data) + interval_chart(events, as_share=True)
                         + _table_of(data, "events", "rate", True))]
    how = ("Each figure has its 95% interval: Wilson's for a share of games, the normal interval of the mean for a "
           "measure, and for a rate with many chances a game the ratio of the totals with the delta method over "
           "games. A difference is the second variant less the first, game by game on the same seeds; it is clear "
           "of noise when its interval leaves out 0.")
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f'<meta name="generator" content="{GENERATOR}">', f"<title>{escape(title)}</title>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<style>{STYLE}</style></head><body>", f"<h1>{escape(title)}</h1>", f'<p class="lead">{escape(lead)}</p>',
        *sections, section("How the figures are made", paragraph(how)), "</body></html>",
    ])
