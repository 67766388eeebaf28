"""Benchmark: the whole objective-(b) policy for the full default oven, every target 10..500.

Run by hand:  python bench/bench_coal.py [runs]
Prints each run's time and the median; also re-checks a few targets against the general
dynamic program (slow, not timed) and runs the exhaustive one-step-rule check on more ovens.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from oracle.games.auf_teufel import STANDARD_OVEN
from oracle.solve.dp.coal import Oven, haul_objective, one_step_rule_draws, reach_table, solve_turn, target_objective


def main(runs: int = 7) -> None:
    import numpy  # noqa: F401  (imported once, outside the timing)

    oven = STANDARD_OVEN
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        table = reach_table(oven, 500)  # the whole policy: every state, every still-needed amount
        reach = {target: table.start(target) for target in range(10, 501)}
        times.append(time.perf_counter() - start)
    print("runs:", ", ".join(f"{t:.3f}s" for t in times))
    print(f"median: {statistics.median(times):.3f}s for {len(reach)} targets, table {table.table.shape}")
    for target in (10, 100, 127, 200, 300, 500):
        print(f"  P(reach {target}) = {reach[target]:.12f}")
    for target in (100, 250):
        dp = solve_turn(oven, target_objective(target)).start_value
        assert abs(dp - reach[target]) < 1e-12, (target, dp, reach[target])
    print("general DP agrees at targets 100 and 250")
    rng = random.Random(1)
    for _ in range(2000):
        values = rng.sample([5, 10, 20, 25, 50, 75, 100], rng.randint(1, 5))
        small = Oven.of({v: rng.randint(0, 4) for v in values}, rng.randint(0, 5))
        dp = solve_turn(small, haul_objective, exact=True)
        for counts, stops in dp.stops.items():
            if dp.pieces(counts):
                assert stops == (not one_step_rule_draws(small.with_counts(counts), dp.haul(counts)))
    print("one-step rule agrees with the exact DP on 2000 random ovens")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
