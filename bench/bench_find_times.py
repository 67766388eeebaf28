"""Wall-clock time of ``oracle find`` on each search file, the command run as a user runs it
(start-up included), median of N runs: run by hand, one at a time on a quiet machine.

    python bench/bench_find_times.py [--runs 3] [--code DIR] [FILE ...]

``--code DIR`` runs the ``oracle`` package found in DIR (another checkout, to time the same
files before and after a change); the default is this checkout. The files default to
``scenarios/find/*.search.yaml``. Prints one line per file: the median, every run, and the
outcome (``found``, ``none``, ``unknown``) of each run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_search(path: Path, code: Path, limit: float) -> tuple[float, str]:
    # Run from the checkout itself: ``python -c`` puts the working folder first on the path.
    env = dict(os.environ, PYTHONPATH=str(code))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "import sys; from oracle.cli import run; sys.argv[0] = 'oracle'; "
                           "sys.exit(run())", "find", str(path), "--json", "--time-limit", str(limit)],
                          env=env, cwd=code, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    try:
        outcome = json.loads(done.stdout)["outcome"]
    except (ValueError, KeyError):
        outcome = f"exit {done.returncode}"
    return elapsed, outcome


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", type=lambda text: Path(text).resolve())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--code", type=Path, default=ROOT)
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    files = args.files or sorted((ROOT / "scenarios" / "find").glob("*.search.yaml"))
    for path in files:
        runs = [time_search(path, args.code, args.time_limit) for _ in range(args.runs)]
        times = [t for t, _ in runs]
        print(f"{path.name}: median {statistics.median(times):.2f} s "
              f"({', '.join(f'{t:.2f}' for t in times)}; {', '.join(o for _, o in runs)})", flush=True)


if __name__ == "__main__":
    main()
