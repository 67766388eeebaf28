"""Benchmark: ``oracle find`` on the example searches, and the exhaustive checks of the Z3
category encoding and strength key against the evaluator (every five-card hand, class by
class).

Run by hand:  python bench/bench_find.py [--runs N]
Prints, for each search, the outcome, the candidates and the median time over N runs (each a
new seed, so the proposals differ), with a PASS/FAIL line against the 60 s goal; then, per
ruleset, the classes, the hands they cover and the time of the check. Exits non-zero if a goal
is missed or a class disagrees.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, category_slug, strength  # noqa: E402
from oracle.find import run_search  # noqa: E402
from oracle.solve.smt.categories import ORDER  # noqa: E402

GOAL = 60.0


def searches(runs: int) -> bool:
    ok = True
    for path in sorted((ROOT / "scenarios" / "find").glob("*.search.yaml")):
        times, candidates, outcomes = [], [], set()
        for seed in range(runs):
            started = time.perf_counter()
            result = run_search(str(path), time_limit=GOAL, seed=seed)
            times.append(time.perf_counter() - started)
            candidates.append(result.candidates)
            outcomes.add(result.outcome)
        worst = max(times)
        verdict = "PASS" if worst <= GOAL and "unknown" not in outcomes else "FAIL"
        ok &= verdict == "PASS"
        print(f"{verdict} {path.name}: {'/'.join(sorted(outcomes))}, median {statistics.median(times):.2f} s "
              f"(slowest {worst:.2f} s), candidates median {statistics.median(candidates):g} "
              f"(max {max(candidates)}) over {runs} seeds")
    return ok


def categories() -> bool:
    from test_smt_categories import DIABLO_COPYING, as_numbers, compiled_category, hand_classes

    ok = True
    for ruleset in (STANDARD, DIABLO, DIABLO_COPYING, DRAWING_DEAD):
        started = time.perf_counter()
        _, _, category = compiled_category(ruleset)
        built = time.perf_counter() - started
        classes = hands = bad = 0
        for hand, size in hand_classes(ruleset):
            classes += 1
            hands += size
            bad += ORDER[category(*as_numbers(hand))] != category_slug(strength(hand, ruleset))
        took = time.perf_counter() - started
        verdict = "PASS" if bad == 0 else "FAIL"
        ok &= verdict == "PASS"
        print(f"{verdict} categories {ruleset.name}: {classes:,} classes, {hands:,} hands, {bad} disagree; "
              f"{took:.2f} s ({built:.2f} s building and compiling the Z3 term)")
    return ok


def strength_keys() -> bool:
    """The strength key orders every class as the evaluator does (``tests/test_smt_strength``)."""
    import numpy as np
    from test_smt_categories import DIABLO_COPYING, hand_classes
    from test_smt_strength import keys_of, same_order

    ok = True
    for ruleset in (STANDARD, DIABLO, DIABLO_COPYING, DRAWING_DEAD):
        started = time.perf_counter()
        hands = [hand for hand, _ in hand_classes(ruleset)]
        wrong = same_order(keys_of(hands, ruleset, 5), np.array([strength(h, ruleset) for h in hands]), hands)
        verdict = "PASS" if not wrong else "FAIL"
        ok &= not wrong
        print(f"{verdict} strength key {ruleset.name}: {len(hands):,} classes, {len(wrong)} out of order; "
              f"{time.perf_counter() - started:.2f} s")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    ok = categories()
    ok &= strength_keys()
    ok &= searches(args.runs)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
