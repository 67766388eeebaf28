"""Computing a chart on Dask distributed: plan, partitions, resume, the one table.

A chart's entries are cut into partitions of consecutive entries. Each partition is one Dask
task (``compute_partition``), run on an in-process local cluster (one worker process per
core, no set-up) or on an existing cluster (``scheduler="tcp://HOST:PORT"``). Results come
back to this process, which writes each finished partition as Parquet into the output folder
at once: a run stopped and started again skips every partition already there, whatever
became of the workers. A worker lost midway loses only its running task, which Dask gives to
another worker. Once every partition is in, they are joined into the one table and the chart
is drawn.
"""

from __future__ import annotations

import random
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from oracle import __version__

from . import store
from .kinds import ChartError, ChartKind, Key, Params, find_kind, row_key

Progress = Callable[[int, int], None]  # (partitions done, partitions in all)
CONNECT_SECONDS = 10


@dataclass(frozen=True)
class Plan:
    kind: ChartKind
    params: Params
    selection: dict[str, Any]
    classes_total: int
    classes: int
    partition_size: int
    partitions: tuple[tuple[Key, ...], ...]

    @property
    def entries(self) -> int:
        return sum(len(p) for p in self.partitions)

    def manifest(self) -> dict[str, Any]:
        return {
            "format": self.kind.format, "kind": self.kind.slug, "params": dict(self.params), "selection": self.selection,
            "classes_total": self.classes_total, "classes": self.classes, "unit": self.kind.unit,
            "symmetry": self.kind.slug != "auf-teufel-policy", "entries": self.entries,
            "partition_size": self.partition_size, "partitions": len(self.partitions),
        }


def plan_chart(kind: ChartKind, params: Params, *, limit: int | None = None, sample: int | None = None,
               seed: int = 0, partition_size: int | None = None) -> Plan:
    """The entries of the chart or of its documented subset: ``limit`` takes the first classes
    in chart order, ``sample`` a uniform random choice of classes (seeded), kept in chart order."""
    if limit is not None and sample is not None:
        raise ChartError("give --limit or --sample, not both")
    every = kind.classes(params)
    chosen: Sequence[Any] = every
    selection: dict[str, Any] = {"limit": None, "sample": None, "seed": None}
    if limit is not None:
        chosen = every[:limit]
        selection["limit"] = limit
    elif sample is not None:
        picks = sorted(random.Random(seed).sample(range(len(every)), min(sample, len(every))))
        chosen = [every[i] for i in picks]
        selection.update(sample=sample, seed=seed)
    size = partition_size or kind.partition_size
    keys = kind.keys(chosen, params)
    parts = tuple(tuple(keys[i:i + size]) for i in range(0, len(keys), size))
    return Plan(kind, params, selection, len(every), len(chosen), size, parts)


def compute_partition(slug: str, params: Params, keys: Sequence[Key]) -> dict[str, Any]:
    """One partition's rows, each from the kind's solver call (with the seconds it took, for a
    timed kind), the partition's seconds and the worker that ran it. This is what a Dask
    worker runs; it is also the serial computation."""
    import os
    import socket

    kind = find_kind(slug)
    rows = []
    began = time.perf_counter()
    cpu = time.process_time()
    for key in keys:
        start, start_cpu = time.perf_counter(), time.process_time()
        row = kind.compute(key, params)
        if kind.timed:
            row["seconds"] = time.perf_counter() - start
            row["cpu_seconds"] = time.process_time() - start_cpu
        rows.append(row)
    return {"rows": rows, "seconds": time.perf_counter() - began, "cpu_seconds": time.process_time() - cpu,
            "worker": f"{socket.gethostname()}:{os.getpid()}"}


def columns_of(plan: Plan) -> list[tuple[str, str]]:
    timing = [("seconds", "float64"), ("cpu_seconds", "float64")] if plan.kind.timed else []
    return plan.kind.columns(plan.params) + timing


def compute_serially(plan: Plan) -> list[dict[str, Any]]:
    """Every entry of the plan in this process, one partition after another, no Dask."""
    return [row for part in plan.partitions for row in compute_partition(plan.kind.slug, plan.params, part)["rows"]]


@dataclass
class RunResult:
    plan: Plan
    output: Path
    table: Path
    page: Path
    computed: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 0
    scheduler: str | None = None
    summary: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.plan.kind.slug, "output": str(self.output), "table": str(self.table),
            "chart": str(self.page), "classes": self.plan.classes, "classes_total": self.plan.classes_total,
            "entries": self.plan.entries, "partitions": len(self.plan.partitions),
            "computed": len(self.computed), "skipped": len(self.skipped), "seconds": round(self.seconds, 3),
            "workers": self.workers, "scheduler": self.scheduler or "local", **self.plan.selection,
            "summary": self.summary,
        }


def _check_folder(plan: Plan, output: Path) -> None:
    """A folder holding another chart (other kind, settings, subset or partitions) is refused."""
    found = store.read_manifest(output)
    wanted = plan.manifest()
    if found is None:
        store.write_manifest(output, wanted | {"oracle": __version__})
        return
    found = {k: v for k, v in found.items() if k != "oracle"}
    if found != wanted:
        differ = sorted(k for k in set(found) | set(wanted) if found.get(k) != wanted.get(k))
        raise ChartError(f"{str(output)!r} holds another chart (it differs in {', '.join(differ)}); "
                         "give another --output folder, or the same options to resume it")


def finished_partitions(plan: Plan, output: Path) -> list[int]:
    """The partitions whose Parquet file is there, of this partition, complete and reading back
    whole (a file whose footer is sound but whose data pages are damaged is computed again)."""
    done = []
    for index, keys in enumerate(plan.partitions):
        meta, rows = store.read_metadata(store.part_path(output, index))
        if meta and meta.get("partition") == index and meta.get("keys") == store.keys_digest(keys) \
                and rows == len(keys) and store.reads_whole(store.part_path(output, index), rows):
            done.append(index)
    return done


def _save_partition(plan: Plan, output: Path, index: int, done: Mapping[str, Any]) -> None:
    meta = {"partition": index, "keys": store.keys_digest(plan.partitions[index]), "kind": plan.kind.slug,
            "seconds": round(done["seconds"], 6), "cpu_seconds": round(done["cpu_seconds"], 6),
            "worker": done["worker"]}
    store.write_table(store.part_path(output, index), store.table_of(done["rows"], columns_of(plan)), meta)


def run_chart(plan: Plan, output: Path, *, scheduler: str | None = None, workers: int | None = None,
              progress: Progress | None = None, connect_timeout: float = CONNECT_SECONDS) -> RunResult:
    """Compute what is missing of the chart in ``output`` on Dask, then write the table and
    the page. ``progress(done, total)`` is called at the start and after each partition."""
    output = Path(output)
    store.refuse_foreign_files(output, plan.kind.slug)
    store.prepare_folder(output)
    _check_folder(plan, output)
    started = time.perf_counter()
    skipped = finished_partitions(plan, output)
    todo = [i for i in range(len(plan.partitions)) if i not in set(skipped)]
    result = RunResult(plan, output, output / f"{plan.kind.slug}.parquet", output / f"{plan.kind.slug}.html",
                       skipped=skipped, scheduler=scheduler)
    total = len(plan.partitions)
    stored = _stored_table(plan, output) if not skipped else None
    if stored is not None:  # a finished chart whose partitions were not kept: draw it again
        result.skipped = list(range(total))
        if progress is not None:
            progress(total, total)
        result.seconds = time.perf_counter() - started
        _write_chart(plan, output, result, *stored)
        return result
    if progress is not None:
        progress(len(skipped), total)
    if todo:
        result.workers = _run_on_dask(plan, output, todo, (scheduler, connect_timeout), workers, result, progress)
    result.seconds = time.perf_counter() - started
    finish_chart(plan, output, result)
    return result


def _stored_table(plan: Plan, output: Path):
    """The folder's finished table and its compute figures when it holds every entry of this
    plan, in order (a shipped chart keeps no partitions), else None."""
    meta, rows = store.read_metadata(output / f"{plan.kind.slug}.parquet")
    wanted = plan.manifest()
    if meta is None or rows != plan.entries or any(meta.get(k) != v for k, v in wanted.items()):
        return None
    table = store.read_table(output / f"{plan.kind.slug}.parquet")
    keys = [row_key(plan.kind, row) for row in table.select(list(plan.kind.key_columns)).to_pylist()]
    if keys != [key for part in plan.partitions for key in part]:
        return None
    return table, {k: meta[k] for k in ("compute_seconds", "compute_cpu_seconds") if k in meta}


def _run_on_dask(plan: Plan, output: Path, todo: list[int], where: tuple[str | None, float], workers: int | None,
                 result: RunResult, progress: Progress | None) -> int:
    from distributed import as_completed

    client, cluster = connect(where[0], workers, where[1])
    try:
        token = uuid.uuid4().hex[:8]
        futures = {
            client.submit(compute_partition, plan.kind.slug, dict(plan.params), list(plan.partitions[index]),
                          key=f"oracle-chart-{plan.kind.slug}-{token}-{index:05d}", pure=False): index
            for index in todo
        }
        count = len(client.nthreads())
        for future in as_completed(futures):
            index = futures[future]
            _save_partition(plan, output, index, _result_of(future, plan, index))
            future.release()
            result.computed.append(index)
            if progress is not None:
                progress(len(result.skipped) + len(result.computed), len(plan.partitions))
        return count
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _result_of(future, plan: Plan, index: int) -> list[dict[str, Any]]:
    from distributed import KilledWorker

    try:
        return future.result()
    except KilledWorker:
        raise ChartError(f"partition {index} of {plan.kind.slug} killed every worker that ran it "
                         "(out of memory?); the partitions done so far are kept") from None


def connect(scheduler: str | None, workers: int | None, timeout: float = CONNECT_SECONDS):
    """A Dask client: on the cluster at ``scheduler`` (reached within ``timeout`` seconds), or
    on a new local cluster of ``workers`` worker processes (default: one per core) started in
    this process."""
    import logging
    import os

    from distributed import Client, LocalCluster

    if scheduler is not None:
        return _client_within(scheduler, timeout), None
    count = workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=count, threads_per_worker=1, processes=True, dashboard_address=":0",
                           silence_logs=logging.CRITICAL)
    return Client(cluster), cluster


def _client_within(scheduler: str, timeout: float):
    """A client of the scheduler, or a ``ChartError`` naming it once ``timeout`` seconds have
    passed. Dask's own timeout covers an address nobody listens on, not a listener that never
    answers (its handshake waits for ever), so the client is made in a thread of its own and
    waited for no longer than the timeout."""
    import threading

    from distributed import Client

    made: dict[str, Any] = {}

    def make() -> None:
        try:
            made["client"] = Client(scheduler, timeout=f"{timeout}s")
        except Exception as exc:  # reported below, in the caller's thread
            made["error"] = exc

    thread = threading.Thread(target=make, name="oracle-connect", daemon=True)
    thread.start()
    thread.join(timeout + 1)
    if "client" in made:
        return made["client"]
    why = made.get("error")
    reason = f"no answer within {timeout:g} s (--connect-timeout)" if why is None else str(why).splitlines()[0][:200]
    raise ChartError(f"cannot reach the Dask scheduler at {scheduler!r}: {reason}")


def finish_chart(plan: Plan, output: Path, result: RunResult) -> None:
    """Join the partitions into the one table and draw the chart."""
    import pyarrow as pa

    parts, seconds, cpu = [], 0.0, 0.0
    for index in range(len(plan.partitions)):
        path = store.part_path(output, index)
        meta, _ = store.read_metadata(path)
        seconds += meta.get("seconds", 0.0)
        cpu += meta.get("cpu_seconds", 0.0)
        parts.append(store.read_table(path).replace_schema_metadata(None))
    table = pa.concat_tables(parts) if parts else store.table_of([], columns_of(plan))
    _write_chart(plan, output, result, table, {"compute_seconds": round(seconds, 3),
                                               "compute_cpu_seconds": round(cpu, 3)})


def _write_chart(plan: Plan, output: Path, result: RunResult, table, computed: Mapping[str, Any]) -> None:
    """The one table, with the run's record (and what the kind keeps of its summary), and the page."""
    result.summary = plan.kind.summarize(table, plan.params)
    meta = plan.manifest() | {"oracle": __version__, **computed}
    if plan.kind.record is not None:
        meta |= plan.kind.record(result.summary)
    store.write_table(result.table, table, meta)
    from oracle.files import write_text

    write_text(result.page, plan.kind.render(result.summary, table, meta), links=False)
