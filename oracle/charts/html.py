"""A chart as one self-contained HTML page: text, tables and inline SVG pictures, with no
script and nothing fetched, so it reads in any browser without Python.

Every text that reaches the page goes through ``html.escape``; numbers are formatted here.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Mapping, Sequence

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 62em;
       padding: 0 1em; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; margin-top: 1.8em; }
p.lead { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: left; }
th { background: #f3f3f3; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.facts td:first-child { color: #555; } .note { color: #8a4b00; }
details summary { cursor: pointer; color: #0b57a4; }
svg text { font-family: system-ui, sans-serif; }
"""

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def cards(text: str) -> str:
    """Cards as escaped HTML with suit symbols, hearts and diamonds in red."""
    out = []
    for card in text.split():
        rank, suit = card[:-1], card[-1]
        if suit in SUIT_SYMBOLS:
            rank = "10" if rank == "T" else rank
            colour = ' style="color:#c00"' if suit in "hd" else ""
            out.append(f"<span{colour}>{escape(rank)}{SUIT_SYMBOLS[suit]}</span>")
        else:
            out.append(escape(card))
    return " ".join(out) or "—"


def card_symbols(text: str) -> str:
    """Cards as plain text with suit symbols ("A♠ 10♥"), for SVG labels."""
    return " ".join(("10" if c[:-1] == "T" else c[:-1]) + SUIT_SYMBOLS.get(c[-1], c[-1]) for c in text.split())


def paragraph(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def section(title: str, body: str) -> str:
    return f"<section><h2>{escape(title)}</h2>\n{body}\n</section>"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, numeric: Sequence[int] = (),
          raw: Sequence[int] = ()) -> str:
    """A table of text cells; columns listed in ``raw`` hold HTML made here (cards), the
    others are escaped. Columns whose cells are numbers are right-aligned."""
    def cell(i: int, value: str, tag: str) -> str:
        numberlike = i in numeric or (tag == "td" and _numberlike(value))
        css = ' class="num"' if numberlike else ""
        return f"<{tag}{css}>{value if i in raw and tag == 'td' else escape(str(value))}</{tag}>"

    head = "".join(cell(i, h, "th") for i, h in enumerate(headers))
    body = "\n".join("<tr>" + "".join(cell(i, v, "td") for i, v in enumerate(r)) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table>"


def _numberlike(value: Any) -> bool:
    text = str(value).replace(",", "").replace("%", "").strip()
    try:
        float(text)
    except ValueError:
        return False
    return True


def details(summary: str, body: str) -> str:
    return f"<details><summary>{escape(summary)}</summary>\n{body}\n</details>"


def bar_chart(items: Sequence[tuple[str, float]], *, value_text: Callable[[float], str] = str,
              width: int = 760, colour: str = "#3b73b9") -> str:
    """Horizontal bars, one a row, labelled on the left and valued on the right."""
    row, label_w, value_w = 18, 300, 70
    top = max((v for _, v in items), default=0) or 1
    span = width - label_w - value_w
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{row * len(items) + 10}" '
             f'role="img" aria-label="bar chart">']
    for i, (label, value) in enumerate(items):
        y = 5 + i * row
        length = max(1.0, span * value / top) if value else 0
        parts.append(f'<text x="{label_w - 6}" y="{y + 13}" font-size="12" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 2}" width="{length:.1f}" height="{row - 5}" fill="{colour}"/>')
        parts.append(f'<text x="{label_w + length + 5:.1f}" y="{y + 13}" font-size="12">{escape(value_text(value))}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2, 2.5 or 5 times a power of ten apart) from at or below ``low``
    to at or above ``high``, about ``count`` steps."""
    import math

    span = (high - low) or abs(high) or 1.0
    raw = span / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = min((m * power for m in (1, 2, 2.5, 5, 10)), key=lambda st: (abs(span / st - count), -st))
    first = math.floor(low / step + 1e-9) * step
    ticks = []
    value = first
    while value < high - 1e-9 * step:
        ticks.append(value)
        value = first + step * len(ticks)
    ticks.append(value)
    return [round(t, 10) for t in ticks]


def tick_text(value: float, step: float) -> str:
    return f"{value:,.0f}" if float(step).is_integer() else f"{value:,.{max(1, -int(f'{step:e}'.split('e')[1]))}f}"


def stacked_strip(items: Sequence[tuple[float, float, float]], *, width: int = 560, height: int = 120,
                  ends: tuple[str, str] = ("", "")) -> str:
    """Win (green), push (grey) and lose (red) of many positions as thin vertical bars side
    by side, in the order given, on an axis of the share of deals (0 to 100%); ``ends`` name
    the first and the last position under the strip."""
    left, top = 58, 8
    n = max(1, len(items))
    span = width - left - 10
    step = span / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + top + 80}" role="img" '
             'aria-label="win, push and lose of every start">']
    for i, (win, push, lose) in enumerate(items):
        x = left + i * step
        y = float(top)
        for part, fill in ((win, "#2e8b57"), (push, "#b0b0b0"), (lose, "#c0392b")):
            h = height * part
            if h > 0:
                parts.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{max(step, 0.6):.2f}" height="{h:.2f}" fill="{fill}"/>')
            y += h
    for tick in (0, 25, 50, 75, 100):
        y = top + height * tick / 100
        parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{left}" y2="{y:.1f}" stroke="#444"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end">{tick}%</text>')
    middle = top + height / 2
    parts.append(f'<line x1="{left}" y1="{middle}" x2="{left + span}" y2="{middle}" stroke="#fff" '
                 'stroke-dasharray="3,3" stroke-width="0.8"/>')
    if ends[0] or ends[1]:
        parts.append(f'<text x="{left}" y="{top + height + 16}" font-size="11">&#8592; best: {escape(ends[0])}</text>')
        parts.append(f'<text x="{left + span}" y="{top + height + 16}" font-size="11" text-anchor="end">'
                     f'worst: {escape(ends[1])} &#8594;</text>')
    notes = ("One bar per start, best first. Each bar splits the deals:",
             "win (green, from the top), push (grey), lose (red).",
             "Where green reaches past the dashed 50% line, the start wins more often than not.")
    for i, note in enumerate(notes):
        parts.append(f'<text x="{left}" y="{top + height + 34 + 14 * i}" font-size="11">{escape(note)}</text>')
    parts.append(f'<text x="12" y="{top + height / 2}" font-size="11" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + height / 2})">share of deals</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def beside(picture: str, aside: str) -> str:
    """A picture with a table (or text) to its right, wrapping below on a narrow screen."""
    return (f'<div style="display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start">'
            f"<div>{picture}</div><div>{aside}</div></div>")


def _spread(positions: list[float], gap: float) -> list[float]:
    """Label heights moved apart so that none is nearer than ``gap`` to the next, in order."""
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = list(positions)
    for before, after in zip(order, order[1:]):
        placed[after] = max(placed[after], placed[before] + gap)
    return placed


def line_chart(series: Sequence[tuple[str, Sequence[tuple[float, float]]]], *, x_label: str, y_label: str,
               width: int = 760, height: int = 380) -> str:
    """Lines through (x, y) points, one per series, labelled at their right end, on axes
    ticked at round numbers."""
    left, right, top, bottom = 60, 110, 36, 50
    xs = [x for _, points in series for x, _ in points] or [0, 1]
    ys = [y for _, points in series for _, y in points] or [0, 1]
    x_ticks = nice_ticks(min(xs), max(xs))
    y_ticks = nice_ticks(0, max(ys) or 1)
    x0, x1, y0, y1 = x_ticks[0], x_ticks[-1], y_ticks[0], y_ticks[-1]

    def px(x: float) -> float:
        return left + (width - left - right) * (x - x0) / ((x1 - x0) or 1)

    def py(y: float) -> float:
        return height - bottom - (height - top - bottom) * (y - y0) / ((y1 - y0) or 1)

    palette = ["#1f4e79", "#2e75b6", "#5b9bd5", "#9dc3e6", "#c55a11", "#ed7d31", "#f4b183", "#548235", "#a9d18e"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(y_label)} by {escape(x_label)}">']
    for yv in y_ticks:
        parts.append(f'<line x1="{left}" y1="{py(yv):.1f}" x2="{width - right}" y2="{py(yv):.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{left - 6}" y="{py(yv) + 4:.1f}" font-size="11" text-anchor="end">'
                     f'{tick_text(yv, y_ticks[1] - y_ticks[0] if len(y_ticks) > 1 else 1)}</text>')
    for xv in x_ticks:
        parts.append(f'<line x1="{px(xv):.1f}" y1="{py(y0)}" x2="{px(xv):.1f}" y2="{py(y0) + 4}" stroke="#444"/>')
        parts.append(f'<text x="{px(xv):.1f}" y="{height - bottom + 18}" font-size="11" text-anchor="middle">'
                     f'{tick_text(xv, x_ticks[1] - x_ticks[0] if len(x_ticks) > 1 else 1)}</text>')
    parts.append(f'<line x1="{left}" y1="{py(y0)}" x2="{width - right}" y2="{py(y0)}" stroke="#444"/>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{py(y0)}" stroke="#444"/>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" font-size="12" text-anchor="middle">'
                 f'{escape(x_label)}</text>')
    parts.append(f'<text x="{left}" y="16" font-size="12">{escape(y_label)}</text>')
    ends = [py(points[-1][1]) for _, points in series if points]
    label_y = iter(_spread(ends, 12))
    for i, (name, points) in enumerate(series):
        colour = palette[i % len(palette)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{path}"/>')
        if points:
            x = points[-1][0]
            parts.append(f'<text x="{px(x) + 4:.1f}" y="{next(label_y) + 4:.1f}" font-size="11" fill="{colour}">'
                         f'{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def facts(meta: Mapping[str, Any]) -> str:
    """What the chart covers and how it was made, from the run's record."""
    rows = [("chart", meta["kind"]), ("covers", coverage(meta))]
    if meta.get("settings"):
        rows.append(("settings", meta["settings"]))
    rows.append(("oracle", meta.get("oracle", "")))
    body = "".join(f"<tr><td>{escape(k)}</td><td>{escape(str(v))}</td></tr>" for k, v in rows)
    return f'<table class="facts">{body}</table>'


def coverage(meta: Mapping[str, Any]) -> str:
    selection = meta.get("selection") or {}
    whole = f"{meta['classes']:,} of {meta['classes_total']:,} {meta['unit']}s up to suit symmetry" \
        if meta.get("symmetry") else f"{meta['classes']:,} of {meta['classes_total']:,} {meta['unit']}s"
    if selection.get("limit") is not None:
        return f"{whole}: the first {selection['limit']:,} (--limit)"
    if selection.get("sample") is not None:
        return f"{whole}: a sample of {selection['sample']:,}, seed {selection['seed']} (--sample)"
    return f"{whole}: the whole chart"


# Marks a page as written by ``oracle chart``: only such a page is ever replaced.
GENERATOR = "oracle chart"


def page(kind, summary: Mapping[str, Any], meta: Mapping[str, Any], model: str, sections: Sequence[str]) -> str:
    subset = meta["classes"] < meta["classes_total"]
    note = ('<p class="note">This is a subset of the chart: its summary covers only the entries listed '
            'above.</p>') if subset else ""
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta name="generator" content="{GENERATOR}">',
        f"<title>{escape(kind.title)}</title>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(kind.title)}</h1>",
        f'<p class="lead">{escape(kind.summary[:1].upper() + kind.summary[1:])}. Rule: {escape(kind.rule)}.</p>',
        facts(meta),
        note,
        section("The model", paragraph(model)),
        *sections,
        "</body></html>",
    ])
