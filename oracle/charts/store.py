"""A chart's files: Parquet tables (pyarrow) and the run's record, every one written whole
or not at all (``oracle.files``).

The output folder holds:

- ``chart.json``: what the chart is (kind, settings, subset, partition size, entries), so a
  run started again in the folder resumes only the same chart;
- ``parts/part-NNNNN.parquet``: each finished partition, with its number and a digest of its
  entries' keys in the file's metadata;
- ``<kind>.parquet``: the one table, every entry in chart order, the record in its metadata
  under ``oracle.chart``;
- ``<kind>.html``: the rendered chart.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from oracle.files import quote_name, write_bytes, write_text

from .kinds import ChartError

MANIFEST = "chart.json"
PARTS = "parts"
META_KEY = b"oracle.chart"
# Column types a kind may declare. float32 holds 7 significant digits, for the big tables.
TYPES = ("string", "int8", "int16", "int64", "float32", "float64", "list<string>", "list<float64>")


def arrow_schema(columns: Sequence[tuple[str, str]], metadata: Mapping[str, Any] | None = None):
    import pyarrow as pa

    types = {"string": pa.string(), "int8": pa.int8(), "int16": pa.int16(), "int64": pa.int64(),
             "float32": pa.float32(), "float64": pa.float64(), "list<string>": pa.list_(pa.string()),
             "list<float64>": pa.list_(pa.float64())}
    fields = [pa.field(name, types[kind]) for name, kind in columns]
    meta = {META_KEY: json.dumps(metadata, sort_keys=True).encode()} if metadata is not None else None
    return pa.schema(fields, metadata=meta)


def table_of(rows: Sequence[Mapping[str, Any]], columns: Sequence[tuple[str, str]]):
    import pyarrow as pa

    return pa.Table.from_pylist(list(rows), schema=arrow_schema(columns))


def write_table(path: Path, table, metadata: Mapping[str, Any]) -> None:
    """A table as Parquet (zstd; floats split by byte, which packs chances twice as tight),
    written whole or not at all."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = table.replace_schema_metadata({META_KEY: json.dumps(metadata, sort_keys=True).encode()})
    floats = [f.name for f in table.schema if pa.types.is_floating(f.type)]
    sink = pa.BufferOutputStream()
    # Row groups of 65,536 rows: a lookup reads only the groups whose key ranges hold its key.
    pq.write_table(table, sink, compression="zstd", use_byte_stream_split=floats or False,
                   use_dictionary=[f.name for f in table.schema if f.name not in floats], row_group_size=1 << 16)
    write_bytes(path, sink.getvalue().to_pybytes(), links=False)


def read_metadata(path: Path) -> tuple[dict[str, Any] | None, int]:
    """A Parquet file's chart record and row count; (None, 0) if it cannot be read as one."""
    import pyarrow.parquet as pq

    try:
        info = pq.ParquetFile(path)
        raw = (info.schema_arrow.metadata or {}).get(META_KEY)
        return (json.loads(raw) if raw else None), info.metadata.num_rows
    except (OSError, ValueError):
        return None, 0


def read_table(path: Path, **options):
    """A chart table's rows (``options`` as pyarrow's ``read_table``, ``filters``); a file that
    does not read back whole (its data pages damaged) is a ``ChartError`` naming it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_table(path, **options)
    except (OSError, ValueError, pa.ArrowException) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ChartError(f"{quote_name(str(path))} does not read back whole ({first[:200]}); run the chart's "
                         "command again to compute it anew") from None


def reads_whole(path: Path, rows: int) -> bool:
    """Whether a partition's file reads back whole, every row of it."""
    try:
        return read_table(path).num_rows == rows
    except ChartError:
        return False


def keys_digest(keys: Sequence[Any]) -> str:
    return hashlib.sha256(json.dumps(list(keys), separators=(",", ":")).encode()).hexdigest()[:16]


def part_path(output: Path, index: int) -> Path:
    return output / PARTS / f"part-{index:05d}.parquet"


def read_manifest(output: Path) -> dict[str, Any] | None:
    path = output / MANIFEST
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ChartError(f"{path} is not a chart record ({exc}); give another --output folder") from None


def write_manifest(output: Path, manifest: Mapping[str, Any]) -> None:
    write_text(output / MANIFEST, json.dumps(manifest, indent=2, sort_keys=True) + "\n", links=False)


def prepare_folder(output: Path, parts: bool = True) -> None:
    """Create the output folder (its parent must exist) and, for a chart run, its ``parts``
    folder."""
    if output.exists() and not output.is_dir():
        raise ChartError(f"the output {str(output)!r} is a file, not a folder")
    if not output.parent.is_dir():
        raise ChartError(f"the folder {str(output.parent)!r} does not exist (the output folder's parent must)")
    for inside in (output / MANIFEST, output / PARTS):
        if inside.is_symlink():
            raise ChartError(f"{quote_name(str(inside))} is a symbolic link: oracle chart writes only files of its "
                             "own, never through a link (remove it, or give another --output folder)")
    try:
        (output / PARTS if parts else output).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ChartError(f"cannot make the output folder {str(output)!r}: {exc.strerror or exc}") from None


def refuse_foreign_files(output: Path, slug: str) -> None:
    """In a folder that does not yet hold a chart's record, a file of the chart's names (its
    table, its page) is someone else's: it is never replaced. A symbolic link of those names
    is never written through, chart or not."""
    from oracle.charts.html import GENERATOR

    has_record = (output / MANIFEST).is_file()
    refuse_foreign([output / f"{slug}.parquet", output / f"{slug}.html"], "oracle chart",
                   lambda path: has_record or ours_by_marks(path, lambda meta: True, GENERATOR))


def refuse_foreign(paths: Sequence[Path], writer: str, ours) -> None:
    """Files ``writer`` is about to write: none is written through a symbolic link, and one that
    exists and that ``ours(path)`` does not recognise is someone else's, never replaced."""
    for path in paths:
        if path.is_symlink():
            raise ChartError(f"{quote_name(str(path))} is a symbolic link: {writer} writes only files of its "
                             "own, never through a link (remove it, or give another --output folder)")
        if path.exists() and not ours(path):
            raise ChartError(f"{quote_name(str(path))} was not written by {writer} and is never replaced "
                             "(move it, or give another --output folder)")


def ours_by_marks(path: Path, record_is_ours, generator: str) -> bool:
    """Whether a table (its record, read by ``record_is_ours``) or a page (its generator
    mark) was written by the oracle."""
    if path.suffix == ".parquet":
        meta = read_metadata(path)[0]
        return meta is not None and bool(record_is_ours(meta))
    return _marked(path, generator)


def _marked(path: Path, marker: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return marker.encode() in handle.read(2048)
    except OSError:
        return False


def find_table(path: Path) -> tuple[Path, dict[str, Any]]:
    """A chart's table (a ``.parquet`` file, or the folder a run wrote): its path and record,
    without reading its rows."""
    path = Path(path)
    if path.is_dir():
        manifest = read_manifest(path)
        if manifest is None:
            raise ChartError(f"{str(path)!r} holds no chart (no {MANIFEST}); give the chart's folder or its .parquet file")
        path = path / f"{manifest['kind']}.parquet"
        if not path.exists():
            raise ChartError(f"the chart in {str(path.parent)!r} is not finished: run its command again to complete it")
    if not path.exists():
        raise ChartError(f"no chart at {str(path)!r}")
    meta, _ = read_metadata(path)
    if meta is None:
        raise ChartError(f"{str(path)!r} is not a chart table written by oracle chart")
    return path, meta


def open_table(path: Path):
    """A chart's whole table (pyarrow) and its record."""
    found, meta = find_table(path)
    return read_table(found), meta
