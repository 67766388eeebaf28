"""Strategy charts: scaling with local workers, and what one entry costs.

    python bench/bench_charts.py scaling [--limit 96000] [--workers 1 2] [--runs 1]
    python bench/bench_charts.py costs CHART_FOLDER...

``scaling`` computes the first ``--limit`` ovens of ``auf-teufel-policy`` (by default every
oven with nine devils, 12 partitions of 8,000) into a fresh folder for each number of local
workers, and prints the wall time of each run, the ratio to one worker and the load average
before and after (the machine may be shared: say so with the figures). ``costs`` reads the
``seconds`` and ``cpu_seconds`` columns of computed charts and prints, per Boss for Hell of a
Deal, the median, lowest and highest per entry.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def scaling(limit: int, workers: list[int], runs: int) -> None:
    from oracle.charts import find_kind
    from oracle.charts.run import plan_chart, run_chart
    from oracle.charts.store import read_metadata

    plan = plan_chart(find_kind("auf-teufel-policy"), {"targets": [100, 200, 300]}, limit=limit)
    print(f"auf-teufel-policy, first {limit:,} ovens, {len(plan.partitions)} partitions")
    base = None
    for count in workers:
        times = []
        for _ in range(runs):
            folder = Path(tempfile.mkdtemp(prefix="bench-charts-"))
            before = os.getloadavg()[0]
            start = time.perf_counter()
            result = run_chart(plan, folder / "chart", workers=count)
            times.append(time.perf_counter() - start)
            after = os.getloadavg()[0]
            meta, _ = read_metadata(result.table)
            shutil.rmtree(folder)
            print(f"  {count} worker(s): {times[-1]:.1f} s; the workers computed for {meta['compute_seconds']:.1f} s "
                  f"({meta['compute_cpu_seconds']:.1f} s of processor) in all (load average {before:.1f} before, "
                  f"{after:.1f} after)")
        median = statistics.median(times)
        base = base or median * workers[0]
        print(f"  {count} worker(s): median {median:.1f} s, speed-up {base / median:.2f}x over one worker, "
              f"efficiency {base / median / count:.2f}")


def costs(folders: list[str]) -> None:
    from oracle.charts.store import open_table

    for folder in folders:
        table, meta = open_table(Path(folder))
        rows = table.to_pylist()
        groups: dict[str, list[dict]] = {}
        for row in rows:
            groups.setdefault(row.get("boss", meta["kind"]), []).append(row)
        for name, group in groups.items():
            for column in ("seconds", "cpu_seconds"):
                values = [r[column] for r in group if r.get(column) is not None]
                if values:
                    print(f"{meta['kind']:18} {name:18} {column:12} median {statistics.median(values):8.1f} s  "
                          f"lowest {min(values):8.1f}  highest {max(values):8.1f}  ({len(values)} entries)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    scale = sub.add_parser("scaling")
    scale.add_argument("--limit", type=int, default=96_000)
    scale.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    scale.add_argument("--runs", type=int, default=1)
    cost = sub.add_parser("costs")
    cost.add_argument("folders", nargs="+")
    args = parser.parse_args()
    if args.what == "scaling":
        scaling(args.limit, args.workers, args.runs)
    else:
        costs(args.folders)


if __name__ == "__main__":
    sys.exit(main())
