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


def stacked_strip(items: Sequence[tuple[float, float, float]], *, width: int = 760, height: int = 90) -> str:
    """Win (green), push (grey) and lose (red) of many positions as thin vertical bars side
    by side, in the order given."""
    n = max(1, len(items))
    step = (width - 20) / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 24}" role="img" '
             'aria-label="win, push and lose of every start">']
    for i, (win, push, lose) in enumerate(items):
        x = 10 + i * step
        y = 5.0
        for share, fill in ((win, "#2e8b57"), (push, "#b0b0b0"), (lose, "#c0392b")):
            h = height * share
            if h > 0:
                parts.append(f'<rect x="{x:.2f}" y="{y:.2f}" width="{max(step, 0.6):.2f}" height="{h:.2f}" fill="{fill}"/>')
            y += h
    parts.append(f'<text x="10" y="{height + 20}" font-size="12">win (green), push (grey), lose (red); '
                 'one bar per start, best first</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def line_chart(series: Sequence[tuple[str, Sequence[tuple[float, float]]]], *, x_label: str, y_label: str,
               width: int = 760, height: int = 380) -> str:
    """Lines through (x, y) points, one per series, labelled at their right end."""
    left, right, top, bottom = 60, 110, 36, 50
    xs = [x for _, points in series for x, _ in points] or [0, 1]
    ys = [y for _, points in series for _, y in points] or [0, 1]
    x0, x1, y0, y1 = min(xs), max(xs) or 1, 0, max(ys) or 1

    def px(x: float) -> float:
        return left + (width - left - right) * (x - x0) / ((x1 - x0) or 1)

    def py(y: float) -> float:
        return height - bottom - (height - top - bottom) * (y - y0) / ((y1 - y0) or 1)

    palette = ["#1f4e79", "#2e75b6", "#5b9bd5", "#9dc3e6", "#c55a11", "#ed7d31", "#f4b183", "#548235", "#a9d18e"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(y_label)} by {escape(x_label)}">']
    parts.append(f'<line x1="{left}" y1="{py(0)}" x2="{width - right}" y2="{py(0)}" stroke="#444"/>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{py(0)}" stroke="#444"/>')
    for i in range(6):
        xv, yv = x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5
        parts.append(f'<text x="{px(xv):.1f}" y="{height - bottom + 18}" font-size="11" text-anchor="middle">{xv:,.0f}</text>')
        parts.append(f'<text x="{left - 6}" y="{py(yv) + 4:.1f}" font-size="11" text-anchor="end">{yv:,.0f}</text>')
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 12}" font-size="12" text-anchor="middle">'
                 f'{escape(x_label)}</text>')
    parts.append(f'<text x="{left}" y="16" font-size="12">{escape(y_label)}</text>')
    for i, (name, points) in enumerate(series):
        colour = palette[i % len(palette)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{path}"/>')
        if points:
            x, y = points[-1]
            parts.append(f'<text x="{px(x) + 4:.1f}" y="{py(y) + 4:.1f}" font-size="11" fill="{colour}">{escape(name)}</text>')
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
