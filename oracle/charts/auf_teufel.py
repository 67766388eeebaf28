"""The ``auf-teufel-policy`` chart: for every oven a turn can start from, the stop threshold of
each objective the coal solver charts, and what it is worth.

An oven is what is left of the 48 coal pieces (2 x 100, 3 x 75, 7 x 50, 9 x 25, 9 x 20, 9 x 10
and 9 devils) when a turn begins: any part of the set with at least one piece, since a turn
may pull any pieces and stop, a devil takes one devil away, and a round may begin with the
pieces left from the last ("continue playing with only these remaining pieces"): 959,999
ovens. From the coal dynamic program (``oracle.solve.dp.coal``), per oven:

- objective ``haul`` (largest expected haul): stop once the haul reaches V/(d+1), V the value
  left and d the devils (``one_step_threshold``; optimal since no piece is worth less than 0);
  no threshold without devils (every piece pulled adds to the haul);
- objective ``target`` (highest chance to reach a target T): pull until the haul reaches T,
  and the chance of getting there from this oven, for each target charted (``reach_table``,
  one table per number of devils serves every oven).

Objective ``chips`` depends on the round's bets, hauls and pacts, not on the oven alone, so it
has no chart: ask ``oracle solve`` (``stop-policy`` with ``objective: chips``) at the table.
``compute`` is the one place the chart calls the solver.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import product
from typing import Any, Callable, Mapping, Sequence

from . import html
from .kinds import ChartError, ChartKind, Params

RULE = "Auf Teufel komm raus: Phase 2: Pulling Coal From the Fire"
# Three targets keep the whole chart under 8 MB; --targets charts any others.
DEFAULT_TARGETS = (100, 200, 300)
# Values left shown in the page's threshold table.
GRID_VALUES = (1270, *range(1200, 0, -100))
MODEL = (
    "A turn starts before an oven: what is left of the coal pieces. It draws a first piece, then may "
    "stop and keep its haul, or draw on; a devil ends the turn with nothing. Objective haul (largest "
    "expected haul): stop once the haul reaches V/(d+1), V the value left when the turn began and d the "
    "devils; this one-step rule is optimal because no piece is worth less than 0. Objective target "
    "(highest chance to reach a target T, such as a bet): pull until the haul reaches T; the chart gives "
    "the chance of getting there. Objective chips depends on the round's bets and hauls, not on the oven "
    "alone, and is not charted."
)


def _standard():
    from oracle.games.auf_teufel import STANDARD_OVEN

    return STANDARD_OVEN


def read_targets(text: str | None) -> dict[str, Any]:
    """``--targets "100 150 200"``: whole numbers from 1 to the oven's 1,270, each once."""
    if text is None:
        return {"targets": list(DEFAULT_TARGETS)}
    parts = text.replace(",", " ").split()
    if not parts or not all(re.fullmatch(r"[0-9]+", p) for p in parts):
        raise ChartError(f"--targets takes whole numbers such as '100 150 200', not {text!r}")
    targets = sorted({int(p) for p in parts})
    top = _standard().value
    if targets[0] < 1 or targets[-1] > top:
        raise ChartError(f"--targets must lie from 1 to {top:,} (the whole oven), not {text!r}")
    return {"targets": targets}


def value_columns() -> list[str]:
    return [f"x{v}" for v in _standard().values]


def classes(params: Params) -> list[tuple[int, ...]]:
    """Every oven, most devils first, then most pieces of the highest values first."""
    full = _standard()
    ovens = []
    for devils in range(full.devils, -1, -1):
        for counts in product(*(range(c, -1, -1) for c in full.counts)):
            if devils or any(counts):
                ovens.append((*counts, devils))
    return ovens


def keys(chosen: Sequence[tuple[int, ...]], params: Params) -> list[list[int]]:
    return [list(oven) for oven in chosen]


@lru_cache(maxsize=16)
def _reach(devils: int, top: int):
    """The chance of adding at least any amount up to ``top`` from every oven with ``devils``
    devils: one table from the full set of numbered pieces holds every smaller oven."""
    from oracle.solve.dp.coal import reach_table

    full = _standard()
    return reach_table(full.with_counts(full.counts, devils), top)


def compute(key: Sequence[int], params: Params) -> dict[str, Any]:
    from oracle.solve.dp.coal import one_step_threshold

    *counts, devils = (int(x) for x in key)
    oven = _standard().with_counts(tuple(counts), devils)
    threshold = one_step_threshold(oven)
    row: dict[str, Any] = dict(zip(value_columns(), counts))
    row |= {
        "devils": devils,
        "pieces": oven.pieces,
        "value": oven.value,
        "haul_stop_from": None if threshold is None else float(threshold),
        "haul_stop_from_exact": None if threshold is None else str(threshold),
    }
    table = _reach(devils, max(params["targets"]))
    for target in params["targets"]:
        row[f"reach_{target}"] = table.probability(tuple(counts), target)
    return row


def columns(params: Params) -> list[tuple[str, str]]:
    return ([(name, "int8") for name in value_columns()]
            + [("devils", "int8"), ("pieces", "int8"), ("value", "int16"), ("haul_stop_from", "float64"),
               ("haul_stop_from_exact", "string")]
            + [(f"reach_{t}", "float32") for t in params["targets"]])


def summarize(table, params: Params) -> dict[str, Any]:
    """Per number of devils, the oven with every numbered piece still in (a round's start after
    devils were drawn), when the chart holds it."""
    import pyarrow as pa
    import pyarrow.compute as pc

    full = _standard()
    numbered = pc.subtract(table["pieces"], table["devils"])
    whole = table.filter(pc.equal(numbered, full.numbered)).to_pylist()
    starts = [{"devils": r["devils"], "value": r["value"], "haul_stop_from": r["haul_stop_from"],
               **{f"reach_{t}": r[f"reach_{t}"] for t in params["targets"]}}
              for r in sorted(whole, key=lambda r: -r["devils"])]
    grid: dict[str, set] = {}
    picked = table.filter(pc.is_in(table["value"], pa.array(GRID_VALUES, pa.int16())))
    for r in picked.select(["value", "devils", "haul_stop_from"]).to_pylist():
        grid.setdefault(f"{r['value']}/{r['devils']}", set()).add(r["haul_stop_from"])
    return {"classes": table.num_rows, "targets": list(params["targets"]), "full_ovens": starts,
            "devils": sorted(set(table["devils"].to_pylist()), reverse=True),
            # "V/d": the haul threshold every charted oven of value V and d devils has (a list of
            # more than one would mean the threshold is not a function of V and d alone).
            "thresholds": {k: sorted(v, key=lambda x: -1 if x is None else x) for k, v in grid.items()}}


def devils_text(count: int) -> str:
    return f"{count} devil" if count == 1 else f"{count} devils"


def render(summary: Mapping[str, Any], table, meta: Mapping[str, Any]) -> str:
    targets = summary["targets"]
    top = _standard().value
    lines = [(devils_text(d), [(0, 0), (top, top / (d + 1))]) for d in summary["devils"] if d]
    starts = html.table(
        ["devils", "value left", "stop from (haul)"] + [f"reach {t}" for t in targets],
        [[str(s["devils"]), f"{s['value']:,}", "never" if s["haul_stop_from"] is None else f"{s['haul_stop_from']:.2f}"]
         + [html.percent(s[f"reach_{t}"]) for t in targets] for s in summary["full_ovens"]])
    reach_lines = [(devils_text(s["devils"]), [(t, 100 * s[f"reach_{t}"]) for t in targets])
                   for s in summary["full_ovens"] if s["devils"]]
    devils = [d for d in summary["devils"] if d]

    def cell(value: int, d: int) -> str:
        found = summary["thresholds"].get(f"{value}/{d}")
        return "—" if not found else " / ".join("never" if x is None else f"{x:.1f}" for x in found)

    grid = html.table(["value left"] + [devils_text(d) for d in devils],
                      [[f"{v:,}"] + [cell(v, d) for d in devils] for v in GRID_VALUES])
    sections = [
        html.section("How to read it", html.paragraph(
            "Objective haul: at the start of your turn, count the value left in the oven (V) and the devils "
            "(d); stop once your haul reaches V/(d+1). Objective target: pull until you reach your target; "
            "the chart's reach columns give your chance from the oven as it is when your turn begins. Look "
            "up any oven: oracle chart lookup \"2x100, 3x75, 7x50, 9x25, 9x20, 9x10, 9 devils\".")),
        html.section("Stop threshold (objective haul) by value left", html.line_chart(
            lines, x_label="value left in the oven when the turn begins", y_label="stop once the haul reaches")),
        html.section("Stop once the haul reaches (objective haul), by value left and devils", grid),
    ]
    if summary["full_ovens"]:
        sections.append(html.section("Every numbered piece still in, by devils left", starts))
    if reach_lines and len(targets) > 1:
        sections.append(html.section("Chance to reach a target (every numbered piece still in)", html.line_chart(
            reach_lines, x_label="target", y_label="chance to reach it, %")))
    return html.page(KIND, summary, meta, MODEL, sections)


OVEN_PART = re.compile(r"(\d+)\s*x\s*(\d+)|(\d+)\s*devils?", re.IGNORECASE)


def parse_oven(text: str) -> tuple[int, ...]:
    """An oven as its text (``str(Oven)``): ``"2x100, 3x75, 7x50, 9x25, 9x20, 9x10, 9 devils"``;
    values not named are not in the oven."""
    full = _standard()
    counts = dict.fromkeys(full.values, 0)
    devils = 0
    rest = OVEN_PART.sub("", text).replace(",", " ").strip()
    if rest:
        raise ChartError(f"an oven is written like '2x100, 3x75, 9 devils'; cannot read {rest!r} in {text!r}")
    for count, value, devil_count in OVEN_PART.findall(text):
        if devil_count:
            devils = int(devil_count)
            continue
        if int(value) not in counts:
            raise ChartError(f"no coal piece is worth {value}; the values are {', '.join(map(str, full.values))}")
        counts[int(value)] = int(count)
    for value, count in counts.items():
        if count > full.count(value):
            raise ChartError(f"the oven holds at most {full.count(value)} pieces worth {value}, not {count}")
    if devils > full.devils:
        raise ChartError(f"the oven holds at most {full.devils} devils, not {devils}")
    if not devils and not any(counts.values()):
        raise ChartError("an empty oven starts no turn")
    return (*counts.values(), devils)


def lookup(find: Callable[[Any], dict | None], query: str, params: Params,
           options: Mapping[str, Any], record: Mapping[str, Any] | None = None) -> dict[str, Any]:
    key = list(parse_oven(query))
    row = find(key)
    if row is None:
        raise ChartError(f"the chart has no entry for the oven {query!r} (the chart is a subset)")
    oven = _standard().with_counts(tuple(key[:-1]), key[-1])
    return {
        "oven": str(oven), "value": row["value"], "devils": row["devils"], "pieces": row["pieces"],
        "haul": {"stop_from": row["haul_stop_from"], "stop_from_exact": row["haul_stop_from_exact"]},
        # Chances are stored to 7 significant digits (float32): say no more than that.
        "target": [{"target": t, "reach": float(f"{row[f'reach_{t}']:.7g}")} for t in params["targets"]],
        "rule": RULE,
    }


KIND = ChartKind(
    slug="auf-teufel-policy",
    title="Auf Teufel komm raus: when to stop",
    summary="the stop threshold of every oven a turn can start from, for the haul and target objectives",
    rule=RULE,
    unit="oven",
    partition_size=8000,
    classes=classes,
    keys=keys,
    compute=compute,
    columns=columns,
    summarize=summarize,
    render=render,
    lookup=lookup,
    key_columns=(*value_columns(), "devils"),
    timed=False,
)
