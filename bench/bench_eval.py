"""Hand-evaluation benchmarks for the foundation issue: oracle against treys and phevaluator.

Run by hand (not part of the test suite)::

    python bench/bench_eval.py                 # about a minute
    python bench/bench_eval.py --hands 5000 --repeats 7   # quicker, noisier
    python bench/bench_eval.py --part builds   # only the table build times

Every library ranks the same seeded random hands, each in its own native card form prepared
outside the timed loop, with the same loop shape (``for item in items: call(item)``) and the
garbage collector off while timing. The benchmarks run interleaved, in a shuffled order each
round, so a noisy neighbour slows all of them alike; each figure is the median over the rounds
of the time per call, and ratios are ratios of medians.

Before timing, the script checks on the benchmark's own hands that oracle orders them exactly as
treys and phevaluator do (same winner, same ties), so the libraries are doing the same job.

Targets (issue 2):
  - five-card evaluation, one call: at least 1.5x treys;
  - five-card Diablo and Drawing Dead (wild cards): at least treys' standard speed;
  - best five of seven: at least 5x treys;
  - lookup tables built on first use (empty cache): under 5 s each.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import treys  # noqa: E402
from phevaluator import evaluate_cards  # noqa: E402
from phevaluator.card import Card as PhCard  # noqa: E402

from oracle.cards import Card, full_deck  # noqa: E402
from oracle.eval import (  # noqa: E402
    DIABLO,
    DRAWING_DEAD,
    HELL_OF_A_DEAL,
    STANDARD,
    evaluate,
    make_strength5,
    make_strength5_standard,
    make_strength7_standard,
    strength,
)


# --- loop shapes: one call per item, nothing else in the loop ---------------------------------


def loop_one(call: Callable, items: list) -> None:
    for item in items:
        call(item)


def loop_star(call: Callable, items: list) -> None:
    for item in items:
        call(*item)


def loop_pair(call: Callable, items: list) -> None:
    for first, second in items:
        call(first, second)


@dataclass
class Bench:
    group: str  # "5 standard", "5 diablo", ...
    name: str  # what is called
    loop: Callable[[Callable, list], None]
    call: Callable
    items: list
    samples: list[float] = field(default_factory=list)  # microseconds per call, one per round

    def run_once(self) -> None:
        gc.disable()
        try:
            start = time.perf_counter_ns()
            self.loop(self.call, self.items)
            elapsed = time.perf_counter_ns() - start
        finally:
            gc.enable()
        self.samples.append(elapsed / len(self.items) / 1000.0)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


# --- native card forms ------------------------------------------------------------------------


def treys_int(card: Card) -> int:
    return treys.Card.new(str(card))


def ph_int(card: Card) -> int:
    return PhCard(str(card)).id_


def deal(rng: random.Random, deck: list[Card], size: int, count: int) -> list[list[Card]]:
    return [rng.sample(deck, size) for _ in range(count)]


# --- the same ordering: larger oracle strength <=> smaller treys / phevaluator rank -----------


def same_order(ours: list[int], theirs: list[int]) -> bool:
    """True when ``theirs`` (smaller is stronger) ranks these hands exactly as ``ours`` (larger
    is stronger): the map from our strength to their rank is one-to-one and decreasing."""
    pairs = sorted(set(zip(ours, theirs)))
    for (s1, r1), (s2, r2) in zip(pairs, pairs[1:]):
        if s1 == s2 or not r1 > r2:
            return False
    return True


# --- table build times -------------------------------------------------------------------------

_BUILD_SNIPPET = """
import json, sys, time
start = time.perf_counter()
from oracle.eval import RULESETS, find_ruleset
from oracle.eval.tables import five_card_tables, seven_card_tables
imported = time.perf_counter()
rulesets = list(RULESETS.values()) if sys.argv[1] == "all" else [find_ruleset(sys.argv[1])]
for ruleset in rulesets:
    five_card_tables(ruleset)
five = time.perf_counter()
for ruleset in rulesets:
    if not ruleset.has_wilds:
        seven_card_tables(ruleset)
seven = time.perf_counter()
print(json.dumps({"five": five - imported, "seven": seven - five, "total": seven - imported}))
"""


def time_tables(ruleset_name: str, repeats: int) -> dict:
    """Cold build (fresh empty ``ORACLE_CACHE_DIR``) and warm load (same directory again), each
    in a new interpreter, timed inside it from after the import. Medians of ``repeats``."""
    cold: list[dict] = []
    warm: list[dict] = []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory(prefix="oracle-bench-cache-") as cache:
            env = dict(os.environ, ORACLE_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
            for target in (cold, warm):
                out = subprocess.run(
                    [sys.executable, "-c", _BUILD_SNIPPET, ruleset_name],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                )
                target.append(json.loads(out.stdout))
    def med(runs: list[dict], key: str) -> float:
        return statistics.median(run[key] for run in runs)

    return {
        "cold_five": med(cold, "five"),
        "cold_seven": med(cold, "seven"),
        "cold_total": med(cold, "total"),
        "cold_max": max(run["total"] for run in cold),
        "warm_total": med(warm, "total"),
    }


# --- the machine -------------------------------------------------------------------------------


def machine() -> dict:
    model = platform.processor() or platform.machine()
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in lscpu.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
                break
    except (OSError, subprocess.CalledProcessError):
        pass
    from importlib.metadata import version

    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cpu": model,
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "treys": version("treys"),
        "phevaluator": version("phevaluator"),
    }


# --- main --------------------------------------------------------------------------------------


def build_benches(hands: int, seed: int) -> tuple[list[Bench], dict[str, bool]]:
    rng = random.Random(seed)
    deck = full_deck()
    deck_dd = full_deck(jokers=1)
    five = deal(rng, deck, 5, hands)
    seven = deal(rng, deck, 7, hands)
    five_diablo = deal(rng, deck, 5, hands)  # Diablo: 52 cards, deuces wild
    five_dd = deal(rng, deck_dd, 5, hands)  # Drawing Dead: 52 cards and a wild Joker
    slow = max(hands // 20, 200)  # the full evaluate() is ~50x slower: fewer hands, same per-call

    treys_eval = treys.Evaluator()
    t5 = [[treys_int(c) for c in hand] for hand in five]
    t5_split = [(hand[:2], hand[2:]) for hand in t5]  # evaluate(hand, board), as treys is called
    t7_split = [([treys_int(c) for c in h[:2]], [treys_int(c) for c in h[2:]]) for h in seven]
    p5 = [tuple(ph_int(c) for c in hand) for hand in five]
    p5_text = [tuple(str(c) for c in hand) for hand in five]
    p7 = [tuple(ph_int(c) for c in hand) for hand in seven]

    ours5 = make_strength5_standard()
    ours7 = make_strength7_standard()
    diablo5 = make_strength5(DIABLO)
    dd5 = make_strength5(DRAWING_DEAD)

    checks = {
        "5-card: oracle orders hands as treys": same_order(
            [ours5(h) for h in five], [treys_eval.evaluate(h, b) for h, b in t5_split]
        ),
        "5-card: oracle orders hands as phevaluator": same_order(
            [ours5(h) for h in five], [evaluate_cards(*h) for h in p5]
        ),
        "7-card: oracle orders hands as treys": same_order(
            [ours7(h) for h in seven], [treys_eval.evaluate(h, b) for h, b in t7_split]
        ),
        "7-card: oracle orders hands as phevaluator": same_order(
            [ours7(h) for h in seven], [evaluate_cards(*h) for h in p7]
        ),
        "7-card: fast closure equals strength()": all(
            ours7(h) == strength(h, STANDARD) for h in seven[:2000]
        ),
        "Diablo: fast closure equals strength()": all(
            diablo5(h) == strength(h, DIABLO) for h in five_diablo
        ),
        "Drawing Dead: fast closure equals strength()": all(
            dd5(h) == strength(h, DRAWING_DEAD) for h in five_dd
        ),
    }

    benches = [
        Bench("5 standard", "oracle make_strength5_standard()", loop_one, ours5, five),
        Bench("5 standard", "oracle strength(cards, STANDARD)", loop_pair, strength,
              [(h, STANDARD) for h in five]),
        Bench("5 standard", "oracle evaluate(cards, STANDARD)", loop_pair, evaluate,
              [(h, STANDARD) for h in five[:slow]]),
        Bench("5 standard", "treys Evaluator.evaluate(hand, board)", loop_pair,
              treys_eval.evaluate, t5_split),
        Bench("5 standard", "treys Evaluator._five(cards) [internal]", loop_one,
              treys_eval._five, t5),
        Bench("5 standard", "phevaluator evaluate_cards(*ints)", loop_star, evaluate_cards, p5),
        Bench("5 standard", "phevaluator evaluate_cards(*strs)", loop_star, evaluate_cards,
              p5_text),
        Bench("5 diablo", "oracle make_strength5(DIABLO)", loop_one, diablo5, five_diablo),
        Bench("5 diablo", "oracle strength(cards, DIABLO)", loop_pair, strength,
              [(h, DIABLO) for h in five_diablo]),
        Bench("5 diablo", "oracle evaluate(cards, DIABLO)", loop_pair, evaluate,
              [(h, DIABLO) for h in five_diablo[:slow]]),
        Bench("5 drawing-dead", "oracle make_strength5(DRAWING_DEAD)", loop_one, dd5, five_dd),
        Bench("5 drawing-dead", "oracle strength(cards, DRAWING_DEAD)", loop_pair, strength,
              [(h, DRAWING_DEAD) for h in five_dd]),
        Bench("5 drawing-dead", "oracle evaluate(cards, DRAWING_DEAD)", loop_pair, evaluate,
              [(h, DRAWING_DEAD) for h in five_dd[:slow]]),
        Bench("7 standard", "oracle make_strength7_standard()", loop_one, ours7, seven),
        Bench("7 standard", "oracle strength(cards, STANDARD)", loop_pair, strength,
              [(h, STANDARD) for h in seven[: hands // 4]]),
        Bench("7 standard", "treys Evaluator.evaluate(hand, board)", loop_pair,
              treys_eval.evaluate, t7_split),
        Bench("7 standard", "phevaluator evaluate_cards(*ints)", loop_star, evaluate_cards, p7),
    ]
    return benches, checks


def run_speed(args: argparse.Namespace) -> tuple[list[Bench], dict[str, bool], list]:
    # The tables must exist before timing (built once, or read from the user's cache).
    for ruleset in (STANDARD, DIABLO, DRAWING_DEAD):
        make_strength5(ruleset)
    make_strength7_standard()

    benches, checks = build_benches(args.hands, args.seed)
    for label, ok in checks.items():
        print(f"check  {'ok  ' if ok else 'FAIL'}  {label}")
    print()

    order_rng = random.Random(args.seed)
    for bench in benches:  # one warm-up round, not counted
        bench.run_once()
        bench.samples.clear()
    for _ in range(args.repeats):
        order = benches[:]
        order_rng.shuffle(order)
        for bench in order:
            bench.run_once()

    def find(group: str, prefix: str) -> Bench:
        return next(b for b in benches if b.group == group and b.name.startswith(prefix))

    treys5 = find("5 standard", "treys Evaluator.evaluate").median
    treys7 = find("7 standard", "treys Evaluator.evaluate").median

    print(f"| {'benchmark':<15}| {'implementation':<42}| {'µs/call':>8} | {'min':>7} | "
          f"{'max':>7} | {'treys / this':>12} |")
    print(f"|{'-' * 16}|{'-' * 43}|{'-' * 10}|{'-' * 9}|{'-' * 9}|{'-' * 14}|")
    for bench in benches:
        reference = treys7 if bench.group.startswith("7") else treys5
        print(
            f"| {bench.group:<15}| {bench.name:<42}| {bench.median:8.3f} | "
            f"{min(bench.samples):7.3f} | {max(bench.samples):7.3f} | "
            f"{reference / bench.median:11.2f}x |"
        )
    print()

    ratio5 = treys5 / find("5 standard", "oracle make_strength5_standard").median
    ratio_diablo = treys5 / find("5 diablo", "oracle make_strength5").median
    ratio_dd = treys5 / find("5 drawing-dead", "oracle make_strength5").median
    ratio7 = treys7 / find("7 standard", "oracle make_strength7").median
    targets = [
        ("five-card standard >= 1.5x treys", ratio5 >= 1.5, f"{ratio5:.2f}x"),
        ("five-card Diablo >= 1.0x treys standard", ratio_diablo >= 1.0, f"{ratio_diablo:.2f}x"),
        ("five-card Drawing Dead >= 1.0x treys standard", ratio_dd >= 1.0, f"{ratio_dd:.2f}x"),
        ("best five of seven >= 5x treys", ratio7 >= 5.0, f"{ratio7:.2f}x"),
    ]
    return benches, checks, targets


def run_builds(args: argparse.Namespace) -> tuple[dict, list]:
    print("table build from an empty cache (new interpreter each time, timed after import;")
    print("'all' builds every ruleset's tables in one process, as a fresh cache meets them):")
    builds = {}
    for name in (STANDARD.name, DIABLO.name, DRAWING_DEAD.name, HELL_OF_A_DEAL.name, "all"):
        builds[name] = b = time_tables(name, args.build_repeats)
        print(
            f"  {name:<15} five-card {b['cold_five']:6.2f} s  seven-card "
            f"{b['cold_seven']:6.2f} s  total {b['cold_total']:6.2f} s (slowest "
            f"{b['cold_max']:.2f} s); from the cache {b['warm_total'] * 1000:6.1f} ms"
        )
    print()
    slowest = max(b["cold_total"] for b in builds.values())  # medians, like the rest
    targets = [
        ("tables build in < 5 s (even all at once)", slowest < 5.0, f"slowest median {slowest:.2f} s"),
    ]
    return builds, targets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per benchmark")
    parser.add_argument("--repeats", type=int, default=11, help="timed rounds (median taken)")
    parser.add_argument("--build-repeats", type=int, default=3, help="cold table builds per ruleset")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--part", choices=("all", "speed", "builds"), default="all",
                        help="run only the evaluation timings or only the table builds")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = parser.parse_args(argv)

    info = machine()
    print(f"# oracle hand-evaluation benchmark, {info['date']}")
    print(
        f"# {info['cpu']}, nproc {info['nproc']}, Python {info['python']}, "
        f"treys {info['treys']}, phevaluator {info['phevaluator']}"
    )
    if os.path.exists("/proc/loadavg"):
        print(f"# load average at start: {Path('/proc/loadavg').read_text().split()[0]}")
    print(f"# {args.hands} seeded hands (seed {args.seed}), median of {args.repeats} rounds\n")

    benches: list[Bench] = []
    checks: dict[str, bool] = {}
    builds: dict = {}
    targets: list = []
    if args.part in ("all", "speed"):
        benches, checks, speed_targets = run_speed(args)
        targets += speed_targets
    if args.part in ("all", "builds"):
        builds, build_targets = run_builds(args)
        targets += build_targets

    all_ok = all(checks.values())
    for label, ok, figure in targets:
        all_ok &= ok
        print(f"{'PASS' if ok else 'FAIL'}  {label}: {figure}")

    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "machine": info,
                    "args": vars(args),
                    "checks": checks,
                    "benches": [
                        {"group": b.group, "name": b.name, "median_us": b.median,
                         "samples_us": b.samples}
                        for b in benches
                    ],
                    "builds": builds,
                    "targets": [{"target": t, "pass": ok, "figure": f} for t, ok, f in targets],
                },
                indent=2,
            )
        )
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
