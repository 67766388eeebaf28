"""Strategy charts: whole-game tables, every starting position computed exactly by the
oracle's own solvers, on Dask distributed, stored as Parquet, drawn as HTML.

    kinds       what a chart kind is; ``find_kind`` by name
    diablo      ``diablo-draw``: the best discard of every five-card hand (best-swap solver)
    patterns    Diablo hold patterns and the strategy card
    hod         ``hod-preflop``: every three-card start against each Boss (odds solver)
    auf_teufel  ``auf-teufel-policy``: the stop threshold of every oven (coal DP)
    symmetry    hands up to suit symmetry, with their sizes and a Burnside count
    run         plans, partitions, the Dask run, resuming, the one table
    store       the files: Parquet tables and the run's record
    html        the chart as one HTML page with SVG

dask, distributed and pyarrow come with the ``charts`` extra (``pip install 'oracle[charts]'``)
and are imported only here, inside the functions that use them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Mapping

from .kinds import KIND_MODULES, ChartError, ChartKind, find_kind, row_key

INSTALL = "pip install 'oracle[charts]'"
EXTRA = ("dask", "distributed", "pyarrow")

__all__ = ["KIND_MODULES", "ChartError", "ChartKind", "find_kind", "row_key", "missing_extra",
           "lookup_chart", "INSTALL"]


def missing_extra(modules: tuple[str, ...] = EXTRA) -> str | None:
    """The one line to show when a library of the charts extra is not installed, else None."""
    def absent(name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is None
        except (ImportError, ValueError):  # blocked in sys.modules, or a broken install
            return True

    missing = [m for m in modules if absent(m)]
    if not missing:
        return None
    return f"oracle chart needs {', '.join(missing)} (the charts extra): {INSTALL}"


def lookup_chart(path: str | Path, query: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Answer ``query`` (a hand, a start or an oven) from the chart at ``path``: its folder or
    its ``.parquet`` table. Reads only the matching rows."""
    from .store import find_table, read_table

    table_path, meta = find_table(Path(path))
    if (options or {}).get("boss") is not None and meta.get("kind") != "hod-preflop":
        raise ChartError(f"--boss chooses a Boss's entry of a Hell of a Deal chart (hod-preflop); this chart is "
                         f"{meta.get('kind')}, which has no Bosses: leave --boss out")
    if meta.get("kind") == "diablo-equilibrium":
        from .equilibrium import lookup

        return {"chart": str(path), **lookup(table_path, query)}
    kind = find_kind(meta["kind"])

    def find(key: Any) -> dict[str, Any] | None:
        values = key if isinstance(key, list) else [key]
        rows = read_table(table_path, filters=list(zip(kind.key_columns, ["="] * len(values), values))).to_pylist()
        return rows[0] if rows else None

    answer = kind.lookup(find, query, meta["params"], dict(options or {}), meta)
    return {"kind": kind.slug, "chart": str(path), **answer}
