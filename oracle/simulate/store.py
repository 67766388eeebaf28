"""``--output DIR``: a simulation's files, each written whole or not at all, never through a
link, as ``oracle chart`` writes its own (``oracle.charts.store``, ``oracle.files``):

- ``games.parquet``: one row a game of each variant: its variant, number and seed, whether it
  finished, its winners, each measure and each event's times and chances, its facts and its
  track (JSON text: the series' values at the start and after each step); the run's figures
  in the file's metadata (under ``oracle.chart``, with ``kind: simulate``);
- ``simulation.html``: the figures as a page with pictures (``page``).

A folder holding files of these names that ``oracle simulate`` did not write is refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from oracle import __version__

TABLE = "games.parquet"
PAGE = "simulation.html"
GENERATOR = "oracle simulate"  # the page's generator: only such a page is ever replaced


def columns(simulation: Any) -> list[tuple[str, str]]:
    from oracle.simulate.games import driver

    setup = simulation.setups[0]
    module = driver(setup.game)
    names = [m.name for m in module.MEASURES]
    events = [e.name for e in module.events_of(setup)]
    for other in simulation.setups[1:]:
        events += [e.name for e in module.events_of(other) if e.name not in events]
    return ([("variant", "int64"), ("label", "string"), ("game", "int64"), ("seed", "int64"), ("finished", "int8"),
             ("winners", "list<string>")] + [(name, "float64") for name in names]
            + [(f"{e}{suffix}", "int64") for e in events for suffix in ("", "_chances")] + [("facts", "string"),
                                                                                          ("track", "string")])


def rows(simulation: Any) -> list[dict[str, Any]]:
    from oracle.json_text import json_text

    out = []
    for number, (setup, results) in enumerate(zip(simulation.setups, simulation.results)):
        for r in results:
            row: dict[str, Any] = {"variant": number, "label": setup.label, "game": r.index, "seed": r.seed,
                                   "finished": int(r.finished), "winners": list(r.winners), **r.measures,
                                   "facts": json_text(r.facts, sort_keys=True), "track": json_text(r.track)}
            for name, (times, chances) in r.events.items():
                row[name], row[f"{name}_chances"] = times, chances
            out.append(row)
    return out


def prepare(output: str | Path) -> Path:
    """The output folder, made if missing (its parent must exist), with no file of ours that
    is someone else's. Checked before any game is played."""
    from oracle.charts.store import ours_by_marks, prepare_folder, refuse_foreign

    folder = Path(output)
    prepare_folder(folder, parts=False)
    refuse_foreign([folder / TABLE, folder / PAGE], "oracle simulate",
                   lambda path: ours_by_marks(path, lambda meta: meta.get("kind") == "simulate", GENERATOR))
    return folder


def write_output(simulation: Any, output: str | Path) -> dict[str, str]:
    """Write the table and the page into ``output``; returns their paths."""
    from oracle.charts.store import table_of, write_table
    from oracle.files import write_text

    from .page import render

    folder = prepare(output)
    data = simulation.to_json()
    record = {"kind": "simulate", "oracle": __version__, "game": data["game"], "games": data["games"],
              "seed": data["seed"], "variants": [v["setup"] for v in data["variants"]]}
    write_table(folder / TABLE, table_of(rows(simulation), columns(simulation)), record | {"figures": data})
    write_text(folder / PAGE, render(data, simulation), links=False)
    return {"table": str(folder / TABLE), "page": str(folder / PAGE)}
