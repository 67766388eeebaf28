"""Start-up benchmark for the foundation issue: the whole-process time of ``oracle rank``.

Run by hand (not part of the test suite)::

    python bench/bench_startup.py              # 21 rounds, under a minute
    python bench/bench_startup.py --runs 41    # steadier on a busy machine

Targets: ``oracle rank``, and ``oracle solve`` of a one-question scenario
(``bench/startup.scenario.yaml``), each take at most 1.5x the wall time of
``python -c "import click, rich.console, rich.table"``; ``oracle rank`` never imports z3,
ortools, numpy, numba, dask or prompt_toolkit, and ``oracle solve`` imports only the game
its scenario names.

Every command is a new process started from this script with the same interpreter
(``sys.executable``, not a pyenv shim, which would add its own start-up), output discarded. The
commands run interleaved, in a shuffled order each round, so a noisy neighbour slows all of them
alike; each figure is the median wall time over the rounds, and ratios are ratios of medians.

Bytecode is compiled once and cached (in a private ``PYTHONPYCACHEPREFIX``, even where
``PYTHONDONTWRITEBYTECODE`` is set), as for an installed oracle; ``--as-is`` keeps the
environment's own setting. The lookup tables are in the cache before timing (one warm-up run of
each command). A first run with an empty cache (``ORACLE_CACHE_DIR`` pointed at a fresh
temporary directory) is timed separately, against the issue's "build in under 5 s".

``oracle`` is the console script installed next to the interpreter by ``pip install -e .``; when
it is missing, ``python -m oracle.cli`` stands in. The import check runs each ``oracle rank``
command once with ``PYTHONPROFILEIMPORTTIME=1`` and reads every module it imported.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND = "9 9 2 2 K"
BASELINE_CODE = "import click, rich.console, rich.table"
# What any ``oracle rank`` must at least do: the baseline's imports, plus ranking one hand.
FLOOR_CODE = (
    "import click, rich.console, rich.table, oracle.eval; from oracle.cards import parse_cards; "
    f"print(oracle.eval.evaluate(parse_cards({HAND!r}), 'standard').description)"
)
HEAVY = ("z3", "ortools", "numpy", "numba", "dask", "distributed", "pyarrow", "prompt_toolkit")
# A one-question Diablo scenario: ``oracle solve`` must load that one game, not all four.
SOLVE_FILE = "bench/startup.scenario.yaml"
OTHER_GAMES = ("oracle.games.hell_of_a_deal", "oracle.games.drawing_dead", "oracle.games.auf_teufel")
TARGET_RATIO = 1.5
COLD_LIMIT = 5.0  # seconds: "Lookup tables built on first use ... build in under 5 s"


def oracle_command() -> tuple[list[str], str]:
    """The ``oracle`` console script of this interpreter, else ``python -m oracle.cli``."""
    for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        script = Path(folder) / ("oracle.exe" if os.name == "nt" else "oracle")
        if script.is_file():
            return [str(script)], str(script)
    found = shutil.which("oracle")
    if found and "shims" not in Path(found).parts:
        return [found], found
    return [sys.executable, "-m", "oracle.cli"], "python -m oracle.cli"


# Where every child process keeps its compiled bytecode (see ``main``); None leaves it as is.
BYTECODE_DIR: str | None = None


def environment(cache: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    if BYTECODE_DIR is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = BYTECODE_DIR
    if cache is not None:
        env["ORACLE_CACHE_DIR"] = cache
    return env


def run(argv: list[str], env: dict[str, str], capture: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(
        argv,
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
        stderr=subprocess.PIPE if capture else subprocess.DEVNULL,
        text=True,
    )


def wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = run(argv, env)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {done.returncode}")
    return elapsed


def imported_modules(argv: list[str], env: dict[str, str]) -> list[str]:
    """Every module the command imports, read from ``-X importtime`` output."""
    env = dict(env, PYTHONPROFILEIMPORTTIME="1")
    done = run(argv, env, capture=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {done.returncode}: {done.stderr[-500:]}")
    modules = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            if name != "imported package":
                modules.append(name)
    return modules


def machine() -> str:
    model = platform.machine()
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next(
            (line.split(":", 1)[1].strip() for line in lscpu.splitlines() if line.startswith("Model name:")),
            model,
        )
    except (OSError, subprocess.CalledProcessError):
        pass
    return f"{model}, nproc {os.cpu_count()}, Python {platform.python_version()}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="rounds (median taken)")
    parser.add_argument("--cold-runs", type=int, default=3, help="first runs with an empty cache")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--as-is",
        action="store_true",
        help="keep this environment's bytecode settings (e.g. PYTHONDONTWRITEBYTECODE=1, "
        "which makes every run recompile oracle from source while click and rich ship .pyc)",
    )
    args = parser.parse_args(argv)
    if args.as_is:
        return measure(args)
    # As an installed oracle runs: every module compiled once, its bytecode cached. A private
    # cache directory serves the baseline and oracle alike and keeps the checkout clean.
    global BYTECODE_DIR
    with tempfile.TemporaryDirectory(prefix="oracle-bench-pyc-") as folder:
        BYTECODE_DIR = folder
        try:
            return measure(args)
        finally:
            BYTECODE_DIR = None


def measure(args: argparse.Namespace) -> int:
    oracle, oracle_label = oracle_command()
    env = environment()
    py = sys.executable
    print(f"# oracle start-up benchmark, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"# {machine()}")
    print(f"# interpreter {py}; oracle = {oracle_label}; median of {args.runs} rounds")
    print(
        "# bytecode: "
        + ("as this environment has it" if BYTECODE_DIR is None else "compiled once and cached")
        + "\n"
    )

    commands: dict[str, list[str]] = {
        f'python -c "{BASELINE_CODE}"': [py, "-c", BASELINE_CODE],
        "python -c (click, rich, oracle.eval, evaluate one hand)": [py, "-c", FLOOR_CODE],
        f'oracle rank "{HAND}"': [*oracle, "rank", HAND],
        f'oracle rank --game diablo "{HAND}"': [*oracle, "rank", "--game", "diablo", HAND],
        f'oracle rank --json "{HAND}"': [*oracle, "rank", "--json", HAND],
        f"oracle solve {SOLVE_FILE}": [*oracle, "solve", SOLVE_FILE],
        f"oracle solve --json {SOLVE_FILE}": [*oracle, "solve", "--json", SOLVE_FILE],
    }
    ranks = [name for name in commands if name.startswith("oracle rank")]
    solves = [name for name in commands if name.startswith("oracle solve")]
    baseline = next(iter(commands))

    for name, argv_ in list(commands.items()):  # warm-up: fills the table cache and page cache
        done = run(argv_, env, capture=True)
        if done.returncode != 0:
            print(f"! {name} does not work yet (exit {done.returncode}): "
                  f"{(done.stderr or done.stdout).strip().splitlines()[-1:]}")
            del commands[name]
        elif name in ranks:
            print(f"  {name} -> {done.stdout.strip().splitlines()[0] if done.stdout.strip() else ''}")
    ranks = [name for name in ranks if name in commands]
    solves = [name for name in solves if name in commands]
    print()

    times: dict[str, list[float]] = {name: [] for name in commands}
    rng = random.Random(args.seed)
    for _ in range(args.runs):
        order = list(commands)
        rng.shuffle(order)
        for name in order:
            times[name].append(wall(commands[name], env))

    base = statistics.median(times[baseline])
    width = max(len(name) for name in commands)
    print(f"| {'command':<{width}} | median ms |   min ms |   max ms | ratio to baseline |")
    print(f"|{'-' * (width + 2)}|-----------|----------|----------|-------------------|")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(
            f"| {name:<{width}} | {median * 1000:9.1f} | {min(samples) * 1000:8.1f} | "
            f"{max(samples) * 1000:8.1f} | {median / base:16.2f}x |"
        )
    print()

    # First run with an empty cache: the tables are built, then kept. Plain ``oracle rank``
    # builds the most (it also ranks the hand under every other game's rules).
    cold: dict[str, float] = {}
    for name in ranks:
        samples = []
        for _ in range(args.cold_runs if name == ranks[0] else 1):
            with tempfile.TemporaryDirectory(prefix="oracle-bench-cache-") as cache:
                samples.append(wall(commands[name], environment(cache)))
        cold[name] = statistics.median(samples)
        print(
            f"first run, empty cache: {name}: {cold[name] * 1000:.0f} ms"
            + (f" (median of {len(samples)})" if len(samples) > 1 else "")
        )
    print()

    all_ok = bool(ranks)
    if not ranks:
        print("FAIL  oracle rank does not run yet: nothing to measure")
    for name in ranks:
        ratio = statistics.median(times[name]) / base
        ok = ratio <= TARGET_RATIO
        all_ok &= ok
        print(f"{'PASS' if ok else 'FAIL'}  {name} <= {TARGET_RATIO}x baseline: {ratio:.2f}x")
    if ranks:
        first = cold[ranks[0]]
        ok = first < COLD_LIMIT
        all_ok &= ok
        print(f"{'PASS' if ok else 'FAIL'}  first {ranks[0]} with an empty cache (tables built) "
              f"< {COLD_LIMIT:.0f} s: {first:.2f} s")
    if ranks:
        # The tables land in the user's cache directory: $XDG_CACHE_HOME/oracle here.
        with tempfile.TemporaryDirectory(prefix="oracle-bench-xdg-") as xdg:
            env_xdg = environment()
            env_xdg.pop("ORACLE_CACHE_DIR", None)
            env_xdg["XDG_CACHE_HOME"] = xdg
            wall(commands[ranks[0]], env_xdg)
            kept = sorted(p.name for p in (Path(xdg) / "oracle").glob("*")) if (Path(xdg) / "oracle").is_dir() else []
        ok = bool(kept)
        all_ok &= ok
        print(f"{'PASS' if ok else 'FAIL'}  tables cached in the user's cache directory "
              f"($XDG_CACHE_HOME/oracle): {', '.join(kept) or 'nothing written'}")
    for name in solves:
        ratio = statistics.median(times[name]) / base
        ok = ratio <= TARGET_RATIO
        all_ok &= ok
        print(f"{'PASS' if ok else 'FAIL'}  {name} <= {TARGET_RATIO}x baseline: {ratio:.2f}x")
        modules = imported_modules(commands[name], env)
        others = sorted({m for m in modules if m.startswith(OTHER_GAMES)})
        heavy = sorted({m for m in modules if m.split(".")[0] in HEAVY})
        ok = not others and not heavy
        all_ok &= ok
        print(f"{'PASS' if ok else 'FAIL'}  {name} imports only the game it names "
              f"and none of {', '.join(HEAVY)}{'; found: ' + ', '.join((others + heavy)[:6]) if not ok else ''}")
    for name in ranks:
        modules = imported_modules(commands[name], env)
        heavy = sorted({m for m in modules if m.split(".")[0] in HEAVY})
        ok = not heavy
        all_ok &= ok
        found = ", ".join(heavy[:8]) + (" ..." if len(heavy) > 8 else "")
        print(
            f"{'PASS' if ok else 'FAIL'}  {name} imports none of {', '.join(HEAVY)} "
            f"({len(modules)} modules imported{'; found: ' + found if heavy else ''})"
        )
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
