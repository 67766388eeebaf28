"""Charts on Dask distributed: a local cluster gives what a serial run gives, a real scheduler
and worker on 127.0.0.1 survive the worker's death, and a resumed run computes no partition
twice. The chart used is a subset of ``auf-teufel-policy``: real entries from the coal solver,
quick enough for the suite."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from oracle.charts import find_kind
from oracle.charts.kinds import ChartError
from oracle.charts.run import columns_of, compute_serially, finished_partitions, plan_chart, run_chart
from oracle.charts.store import part_path, read_metadata, read_table, table_of

KIND = find_kind("auf-teufel-policy")
PARAMS = {"targets": [100]}


def table_rows(path: Path) -> list[dict]:
    return read_table(path).to_pylist()


def serial_rows(plan) -> list[dict]:
    """The plan computed in this process, one entry after another, as the table stores it."""
    return table_of(compute_serially(plan), columns_of(plan)).to_pylist()


def workers_used(folder: Path, partitions: int) -> set[str]:
    return {read_metadata(part_path(folder, i))[0]["worker"] for i in range(partitions)}


def test_a_subset_on_a_local_cluster_of_two_worker_processes_equals_it_computed_serially(tmp_path):
    plan = plan_chart(KIND, PARAMS, limit=24, partition_size=4)
    result = run_chart(plan, tmp_path / "chart", workers=2)
    assert result.workers == 2 and len(result.computed) == 6
    assert len(workers_used(tmp_path / "chart", 6)) == 2
    assert table_rows(result.table) == serial_rows(plan)
    assert (tmp_path / "chart" / "auf-teufel-policy.html").read_text().startswith("<!DOCTYPE html>")


@pytest.fixture(scope="module")
def cluster():
    """One local cluster of a worker process, for the tests that need a cluster but not a new one."""
    from oracle.charts.run import connect

    client, local = connect(None, 1)
    client.close()
    yield local.scheduler_address
    local.close()


def test_resuming_an_interrupted_run_recomputes_no_finished_partition(tmp_path, cluster):
    plan = plan_chart(KIND, PARAMS, limit=30, partition_size=3)
    folder = tmp_path / "chart"

    def stop_after_three(done, total):
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_chart(plan, folder, scheduler=cluster, progress=stop_after_three)
    kept = finished_partitions(plan, folder)
    assert len(kept) >= 3 and len(kept) < 10
    stamps = {i: os.stat(part_path(folder, i)).st_mtime_ns for i in kept}
    result = run_chart(plan, folder, scheduler=cluster)
    assert sorted(result.skipped) == kept
    assert sorted(result.computed) == [i for i in range(10) if i not in kept]
    assert {i: os.stat(part_path(folder, i)).st_mtime_ns for i in kept} == stamps
    assert table_rows(result.table) == serial_rows(plan)
    again = run_chart(plan, folder, scheduler=cluster)
    assert again.computed == [] and len(again.skipped) == 10 and again.workers == 0
    # The page and table it wrote are its own, so a run over the folder replaces them; the
    # page says who wrote it, so a moved chart folder is still recognised.
    assert 'content="oracle chart"' in result.page.read_text()[:2048]


def test_a_folder_holding_another_chart_is_refused_not_mixed(tmp_path, cluster):
    run_chart(plan_chart(KIND, PARAMS, limit=4, partition_size=4), tmp_path, scheduler=cluster)
    with pytest.raises(ChartError, match="holds another chart .*selection"):
        run_chart(plan_chart(KIND, PARAMS, limit=8, partition_size=4), tmp_path, scheduler=cluster)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(args: list[str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(args, stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    """Kill the process (with its group when it leads one: the workers ``start`` makes), so
    that a failed test leaves no scheduler or worker running."""
    if process.poll() is None:
        try:
            if os.getpgid(process.pid) == process.pid:
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
        except ProcessLookupError:
            pass
    process.wait(timeout=30)


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def lose_a_worker_midway(folder: Path, logs: Path) -> tuple[dict, str | None]:
    """A chart run on a real scheduler whose one worker is killed once a first partition is
    written, then a second worker started: the run's answer, and the first worker's name."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "dask"]
    worker_args = [*dask, "worker", address, "--nworkers", "1", "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    scheduler = start([*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                      logs / "scheduler.log")
    processes = [scheduler]
    try:
        processes.append(start(worker_args, logs / "worker-1.log"))
        # Ovens sampled across every devil count, one a partition: each needs the solver's tables
        # anew (about 0.3 s), so the first worker is still at work when its first is written.
        args = ["--sample", "12", "--seed", "3", "--partition-size", "1", "--targets", "100"]
        run = subprocess.Popen([sys.executable, "-m", "oracle.cli", "chart", "auf-teufel-policy", *args,
                                "--scheduler", address, "--output", str(folder), "--json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        processes.append(run)
        wait_for(lambda: any((folder / "parts").glob("part-*.parquet")), 120, "a first partition")
        first = read_metadata(next((folder / "parts").glob("part-*.parquet")))[0]["worker"]
        stop(processes[1])
        processes.append(start(worker_args, logs / "worker-2.log"))
        out, err = run.communicate(timeout=180)
        assert run.returncode == 0, err
        return json.loads(out), first
    finally:
        for process in reversed(processes):
            stop(process)


def test_a_real_scheduler_and_worker_lose_the_worker_midway_and_a_new_one_completes_the_table(tmp_path):
    # The parts are written by the chart run as results come back: on a loaded machine the
    # first worker may have computed every partition before it is stopped. Then nothing was
    # lost, and the run is tried again in a fresh folder.
    for attempt in range(3):
        folder, logs = tmp_path / f"chart-{attempt}", tmp_path / f"logs-{attempt}"
        logs.mkdir()
        answer, first = lose_a_worker_midway(folder, logs)
        assert answer["partitions"] == 12 and answer["computed"] == 12 and answer["skipped"] == 0
        names = [read_metadata(part_path(folder, i))[0]["worker"] for i in range(12)]
        if names.count(first) < 12:
            break
    assert names.count(first) < 12, "the first worker finished every partition before it was stopped, three times"
    assert len(set(names)) == 2
    plan = plan_chart(KIND, PARAMS, sample=12, seed=3, partition_size=1)
    assert table_rows(folder / "auf-teufel-policy.parquet") == serial_rows(plan)
