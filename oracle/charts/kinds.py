"""What a chart kind is, and the kinds by name.

A chart is a sweep over every starting position of a game: each *entry* is one position,
computed by one call to the oracle's own exact solver (the kind's ``compute``, the only
place a chart touches a solver). Entries are grouped into *classes*, the units a subset
counts (``--limit``, ``--sample``): a Diablo class is one hand up to suit symmetry; a Hell of
a Deal class is one three-card start, with an entry for each Boss; an Auf Teufel class is one
oven. Each kind also says how to store an entry (its Parquet columns), how to summarise and
draw the whole chart, and how to answer a lookup from it.

Kinds live in their own modules and are imported only when named, so the command line
starts without loading any game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from oracle.errors import OracleError, did_you_mean

Key = Any  # an entry's key: JSON-ready (text, or a list of text and numbers)
Params = Mapping[str, Any]  # a chart's settings, JSON-ready; stored with the chart


class ChartError(OracleError):
    """A chart that cannot be computed, resumed or read as asked."""


@dataclass(frozen=True, kw_only=True)
class ChartKind:
    slug: str
    title: str
    summary: str
    rule: str
    # What one class is called in messages ("hand", "start", "oven").
    unit: str
    # Entries per partition by default: a partition is the unit of work sent to a worker,
    # stored once done, and skipped when the run is resumed.
    partition_size: int
    classes: Callable[[Params], Sequence[Any]]
    keys: Callable[[Sequence[Any], Params], list[Key]]
    compute: Callable[[Key, Params], dict[str, Any]]
    columns: Callable[[Params], list[tuple[str, str]]]
    # The whole table (pyarrow) in, JSON-ready figures out; then the page from them.
    summarize: Callable[[Any, Params], dict[str, Any]]
    render: Callable[[dict[str, Any], Any, Mapping[str, Any]], str]
    # (find a row by key, the query, the chart's settings, the options, the table's record)
    lookup: Callable[[Callable[[Any], dict | None], str, Params, Mapping[str, Any], Mapping[str, Any]],
                     dict[str, Any]]
    # The key columns of a row, in order (a row's key is read back from them).
    key_columns: tuple[str, ...]
    # Whether each row records the seconds its solver call took (a ``seconds`` column): for
    # kinds whose entries are costly enough for the figure to mean something.
    timed: bool = True
    # The layout of the kind's rows, stored in ``chart.json`` and the table's record: raised
    # when columns change, so that a folder or table of an older layout is recognised.
    format: int = 1
    # What of the summary the table's record keeps, for lookups (the Diablo card), if anything.
    record: Callable[[dict[str, Any]], dict[str, Any]] | None = None


KIND_MODULES = {
    "diablo-draw": "oracle.charts.diablo",
    "hod-preflop": "oracle.charts.hod",
    "auf-teufel-policy": "oracle.charts.auf_teufel",
}


def find_kind(slug: str) -> ChartKind:
    module = KIND_MODULES.get(slug)
    if module is None:
        raise ChartError(f"unknown chart {slug!r}{did_you_mean(slug, list(KIND_MODULES), 'charts')}")
    return importlib.import_module(module).KIND


def row_key(kind: ChartKind, row: Mapping[str, Any]) -> Key:
    values = [row[c] for c in kind.key_columns]
    return values[0] if len(values) == 1 else values
