"""The batch evaluator (``oracle.eval.batch``) side by side with its anchors, in one run.

Run by hand (not part of the test suite)::

    python bench/bench_batch.py                  # about a minute
    python bench/bench_batch.py --hands 300000 --rounds 5   # quicker, noisier
    python bench/bench_batch.py --json figures.json

What it measures, on the same seeded random hands:

- batch, warm: OMPEval's native batch (bundled by pokerfast, called straight through its C
  entry point on a buffer prepared outside the timed loop) against ``oracle.eval.batch.strengths``
  for five cards and the best five of seven under each ruleset, the numpy fallback
  (``ORACLE_NO_NUMBA=1``) and the older numpy path of the Hell of a Deal solver
  (``oracle.solve.exact.holdem_vector.best_strengths``);
- single calls: treys, eval7 and phevaluator against oracle's own single-call functions;
- cold: a new interpreter with an empty cache folder (tables built and kernels compiled) and
  one with the tables kept but numba's cache empty, timed to the first answer.

Every warm figure is the median over rounds of hands per second; the rounds run interleaved in
a shuffled order, so a busy neighbour slows every library alike; ratios are ratios of
medians. Before timing, the script checks that oracle orders the benchmark's hands exactly as
OMPEval does (same winner, same ties) and that every path gives the same strengths.

Targets (issue 16, the first raised by issue 23): batch at least 0.9x OMPEval on five cards and
on the best of seven; Diablo and Drawing Dead within 1.5x of the standard ruleset's time; a
cold first call under 10 s.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import eval7  # noqa: E402
import numpy as np  # noqa: E402
import treys  # noqa: E402
from phevaluator import evaluate_cards  # noqa: E402
from pokerfast import equity as omp  # noqa: E402

from bench_eval import machine, ph_int, treys_int  # noqa: E402
from oracle.cards import Card, full_deck  # noqa: E402
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, batch, make_strength5_standard, make_strength7_standard  # noqa: E402

RULESETS = (STANDARD, DIABLO, DRAWING_DEAD)
# OMPEval's card index is 4 * rank + suit, suits in the order s, h, c, d.
OMP_SUIT = {"s": 0, "h": 1, "c": 2, "d": 3}

COLD_SCRIPT = """
import time
start = time.perf_counter()
from oracle.eval import batch
batch.strengths(batch.codes(["Ah Kh Qh Jh Th"]), "standard")
first = time.perf_counter() - start
batch.strengths(batch.codes(["Ah Kh Qh Jh Th 9c 2d"]), "diablo")
both = time.perf_counter() - start
from oracle.eval.select import Limits
batch.selection_strengths(batch.codes(["7h 7d 7c"]), batch.codes(["Ks Kd 2c 3h 9s"]), "hell-of-a-deal", Limits(1, 2))
print(first, both, time.perf_counter() - start)
"""


def omp_index(card: Card) -> int:
    return 4 * (card.rank.number - 2) + OMP_SUIT[str(card)[-1]]


class Batch:
    """One batch contestant: ``call()`` ranks ``count`` hands."""

    def __init__(self, group: str, name: str, call, count: int):
        self.group, self.name, self.call, self.count = group, name, call, count
        self.rates: list[float] = []

    def run_once(self) -> None:
        gc.disable()
        try:
            start = time.perf_counter()
            self.call()
            self.rates.append(self.count / (time.perf_counter() - start))
        finally:
            gc.enable()

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def omp_batch(hands: list[list[Card]]):
    """(a call ranking every hand with OMPEval's native batch, its results)."""
    lib = omp._load()
    buffer = bytes(omp_index(c) for hand in hands for c in hand)
    out = (ctypes.c_uint16 * len(hands))()
    width = len(hands[0])
    return (lambda: lib.pf_evaluate(buffer, len(hands), width, out)), out


def old_numpy_path(rows: list[list[Card]]):
    """The Hell of a Deal solver's numpy ranking of these rows: a row of five is
    a board, a row of seven a board of five and two private cards (best of the seven)."""
    from oracle.solve.exact.holdem_vector import best_strengths, card_arrays, encode_arrays

    ranks, suits = card_arrays(rows)
    board = encode_arrays(ranks[:, :5], suits[:, :5], STANDARD)
    private = encode_arrays(ranks[:, 5:], suits[:, 5:], STANDARD)
    most = ranks.shape[1] - 5

    def call():
        return best_strengths(board, private, STANDARD, min_private=0, max_private=most, outer=False)

    return call


def same_order(ours, theirs) -> bool:
    """Whether two lists of strengths order the hands alike, ties included."""
    ours, theirs = np.asarray(ours, dtype=np.int64), np.asarray(theirs, dtype=np.int64)
    order = np.lexsort((theirs, ours))
    a, b = ours[order], theirs[order]
    return bool(np.all(np.sign(np.diff(a)) == np.sign(np.diff(b))))


def batch_contestants(hands: dict, old_rows: int):
    contestants, checks = [], {}
    for width, rows in hands.items():
        codes = batch.codes(rows)
        call, out = omp_batch(rows)
        contestants.append(Batch(f"{width} cards", "OMPEval (pokerfast)", call, len(rows)))
        call()
        for ruleset in RULESETS:
            oracle_call = (lambda c=codes, r=ruleset: batch.strengths(c, r))
            contestants.append(Batch(f"{width} cards", f"oracle {ruleset.name}", oracle_call, len(rows)))
        ours = batch.strengths(codes, STANDARD)
        checks[f"{width} cards: oracle orders the hands as OMPEval"] = same_order(ours, list(out))

        from oracle.eval import batch_numpy
        from oracle.eval.batch_tables import batch_tables

        tables = batch_tables(STANDARD)
        fallback = (lambda c=codes: batch_numpy.strengths(c, tables))
        contestants.append(Batch(f"{width} cards", "oracle numpy fallback (standard)", fallback, len(rows)))
        checks[f"{width} cards: numpy fallback equals the kernels"] = bool(np.array_equal(fallback(), ours))
        old = old_numpy_path(rows[:old_rows])
        contestants.append(Batch(f"{width} cards", "old numpy path (holdem_vector)", old, old_rows))
        checks[f"{width} cards: old numpy path equals the kernels"] = bool(np.array_equal(old(), ours[:old_rows]))
    return contestants, checks


def single_contestants(hands: dict, count: int):
    """Single calls, one hand a call, in each library's own card form prepared beforehand."""
    five, seven = hands[5][:count], hands[7][:count]
    evaluator = treys.Evaluator()
    strength5, strength7 = make_strength5_standard(), make_strength7_standard()
    forms = {
        "treys": (lambda h: [treys_int(c) for c in h], lambda h: evaluator.evaluate(h[:2], h[2:])),
        "eval7": (lambda h: [eval7.Card(str(c)) for c in h], eval7.evaluate),
        "phevaluator": (lambda h: [ph_int(c) for c in h], lambda h: evaluate_cards(*h)),
    }
    contestants = []
    for width, rows, ours in ((5, five, strength5), (7, seven, strength7)):
        contestants.append(Batch(f"single {width}", "oracle", lambda c=rows, f=ours: [f(h) for h in c], count))
        for name, (convert, call) in forms.items():
            items = [convert(h) for h in rows]
            contestants.append(Batch(f"single {width}", name, lambda i=items, f=call: [f(h) for h in i], count))
    return contestants


def cold_start(runs: int) -> dict:
    """Seconds to the first answers in a new interpreter (five cards, then seven, then the
    selection rule): everything empty, then the tables kept and numba's cache emptied (the
    compile alone)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "ORACLE_NO_NUMBA")}
    empty, compile_only = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            env["ORACLE_CACHE_DIR"] = folder
            run = subprocess.run([sys.executable, "-c", COLD_SCRIPT], env=env, capture_output=True, text=True,
                                 check=True)
            empty.append([float(x) for x in run.stdout.split()])
            for numba_files in Path(folder).glob("numba"):
                subprocess.run(["rm", "-rf", str(numba_files)], check=True)
            run = subprocess.run([sys.executable, "-c", COLD_SCRIPT], env=env, capture_output=True, text=True,
                                 check=True)
            compile_only.append([float(x) for x in run.stdout.split()])
    median = statistics.median
    return {
        "empty cache: first answer (5 cards) s": median(r[0] for r in empty),
        "empty cache: 5 and 7 cards s": median(r[1] for r in empty),
        "tables kept, numba cache empty: first answer s": median(r[0] for r in compile_only),
        "tables kept, numba cache empty: 5 and 7 cards s": median(r[1] for r in compile_only),
        "empty cache: 5 and 7 cards, then the selection rule s": median(r[2] for r in empty),
        "tables kept, numba cache empty: then the selection rule s": median(r[2] for r in compile_only),
    }


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands a batch (default 1,000,000)")
    parser.add_argument("--old", type=int, default=100_000, help="hands for the old numpy path (it is slow)")
    parser.add_argument("--single", type=int, default=20_000, help="hands for the single-call figures")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--cold", type=int, default=1, help="cold-start runs (each in a new interpreter)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    info = machine()
    info.update({"load before": load(), "backend": batch.backend(), "hands": args.hands})
    print("machine:", json.dumps(info))
    cold = cold_start(args.cold)

    rng = np.random.default_rng(args.seed)
    deck = full_deck()
    order = np.argsort(rng.random((args.hands, len(deck))), axis=1)[:, :7]
    hands = {width: [[deck[i] for i in row[:width]] for row in order] for width in (5, 7)}
    batches, checks = batch_contestants(hands, min(args.old, args.hands))
    singles = single_contestants(hands, min(args.single, args.hands))
    everyone = batches + singles
    shuffle = random.Random(args.seed)
    for _ in range(args.rounds):
        shuffle.shuffle(everyone)
        for contestant in everyone:
            contestant.run_once()
    info["load after"] = load()

    print(f"\nbatch, warm (million hands/s, median of {args.rounds} rounds; ratio to OMPEval)")
    targets = {}
    for group in ("5 cards", "7 cards"):
        rows = [b for b in batches if b.group == group]
        anchor = next(b for b in rows if b.name.startswith("OMPEval")).median
        standard = next(b for b in rows if b.name == "oracle standard").median
        for b in rows:
            print(f"  {group:8} {b.name:36} {b.median / 1e6:8.2f}   {b.median / anchor:5.2f}x")
        targets[f"{group}: oracle standard >= 0.9x OMPEval"] = standard / anchor >= 0.9
        for ruleset in (DIABLO, DRAWING_DEAD):
            wild = next(b for b in rows if b.name == f"oracle {ruleset.name}").median
            targets[f"{group}: {ruleset.name} within 1.5x of standard ({standard / wild:.2f}x)"] = standard / wild <= 1.5
    print("\nsingle calls (µs per call, median; ratio: their time / oracle's)")
    for group in ("single 5", "single 7"):
        rows = [b for b in singles if b.group == group]
        ours = next(b for b in rows if b.name == "oracle").median
        for b in rows:
            print(f"  {group:8} {b.name:12} {1e6 / b.median:8.3f}   {ours / b.median:5.2f}x")
    print("\ncold start (s, new interpreter)")
    for name, seconds in cold.items():
        print(f"  {name:50} {seconds:6.2f}")
    targets["cold start (five, seven cards and the selection rule) under 10 s"] = (
        cold["empty cache: 5 and 7 cards, then the selection rule s"] < 10)
    print("\nchecks and targets")
    for name, ok in {**checks, **targets}.items():
        print(f"  {'PASS' if ok else 'FAIL'}  {name}")
    print("machine:", json.dumps(info))
    if args.json:
        figures = {"machine": info, "cold": cold, "checks": checks, "targets": targets,
                   "batch": {f"{b.group} | {b.name}": b.median for b in batches},
                   "single_us": {f"{b.group} | {b.name}": 1e6 / b.median for b in singles}}
        args.json.write_text(json.dumps(figures, indent=2))
    return 0 if all(checks.values()) and all(targets.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
