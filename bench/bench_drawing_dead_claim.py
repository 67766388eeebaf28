"""Benchmark: Drawing Dead ``cheapest-claim`` on seeded mid-turn positions.

Run by hand:  python bench/bench_drawing_dead_claim.py [--seeds N] [--repeats R] [--timeout S]
              [--module NAME]   (time another module's cheapest_claim, e.g. a copy on PYTHONPATH)

Each case is a stash of ``size`` cards of which ``roles`` are role cards (the default role
table: Dirty Cheat, Magic Man, Duke, Baron Von Doom, at most 3 of each), against two
opponents holding ``stops`` Sheriffs between them (ACE IN THE HOLE). Ben holds the Button
with 2-5 upcards, Carl has 1-4 upcards, Anna 0-3 upcards and 0-8 chips. For every case
``--seeds`` positions are dealt; each is answered ``--repeats`` times and the median time of
the case (over all its positions and repeats) is printed, with the slowest position. A call
still running after ``--timeout`` seconds is abandoned and counted as that many seconds
(marked ``>``). The evaluator's tables are built before timing.
"""

from __future__ import annotations

import argparse
import importlib
import random
import signal
import statistics
import sys
import time

from oracle.cards import full_deck
from oracle.games.drawing_dead import load_position

# (stash size, of which role cards, Sheriffs held by the opponents); 12 is beyond a real turn
CASES = [
    (5, 0, 0), (5, 2, 1), (5, 3, 2), (6, 3, 2), (7, 3, 2), (7, 5, 2), (8, 3, 1), (8, 4, 2),
    (8, 5, 2), (9, 4, 2), (9, 5, 2), (10, 0, 0), (10, 2, 2), (10, 3, 2), (10, 5, 0), (10, 5, 1),
    (10, 5, 2), (12, 5, 2), (12, 5, 3),
]
ROLE_POOL = ["Dirty Cheat"] * 3 + ["Magic Man"] * 3 + ["Duke"] * 3 + ["Baron Von Doom"] * 3


def _text(cards) -> str:
    return " ".join(map(str, cards))


def position(seed: int, size: int, roles: int, stops: int) -> dict:
    rng = random.Random(f"bench-claim:{seed}:{size}:{roles}:{stops}")
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    take = lambda n: _text([deck.pop() for _ in range(n)])  # noqa: E731
    if stops > 2:  # at most 3 Sheriffs in the game
        ben_stops = rng.randint(1, 2)
    else:
        ben_stops = rng.randint(max(0, stops - 1), min(stops, 1)) if stops else 0
    return {
        "players": [
            {"name": "Anna", "chips": rng.randint(0, 8), "upcards": take(rng.randint(0, 3)),
             "stash": take(size - roles), "stash_roles": rng.sample(ROLE_POOL, roles)},
            {"name": "Ben", "chips": 10, "upcards": take(rng.randint(2, 5)), "stash_roles": ["Sheriff"] * ben_stops},
            {"name": "Carl", "chips": 10, "upcards": take(rng.randint(1, 4)),
             "stash_roles": ["Sheriff"] * (stops - ben_stops)},
        ],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0, "seed": seed}


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout


def timed(fn, state, timeout: float):
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    start = time.perf_counter()
    try:
        answer = fn(state, 0)
    except _Timeout:
        return timeout, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return time.perf_counter() - start, answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--module", help="an importable module whose cheapest_claim is timed instead")
    parser.add_argument("--cases", help="only cases whose 'size,roles,stops' contains this text")
    args = parser.parse_args()
    if args.module:
        fn = importlib.import_module(args.module).cheapest_claim
    else:
        from oracle.games.drawing_dead import cheapest_claim as fn
    rules = {"box_chips": 100}
    fn(load_position(position(0, 5, 0, 0), rules), 0)  # build the evaluator's tables
    print(f"{'stash':>5} {'roles':>5} {'stops':>5} | {'median ms':>10} {'slowest ms':>11} | "
          f"possible  inexact  (n={args.seeds} positions x {args.repeats})")
    worst = 0.0
    for size, roles, stops in CASES:
        if args.cases and args.cases not in f"{size},{roles},{stops}":
            continue
        times, slowest, possible, inexact, timed_out = [], 0.0, 0, 0, False
        for seed in range(args.seeds):
            state = load_position(position(seed, size, roles, stops), rules)
            answer = None
            for _ in range(args.repeats):
                seconds, answer = timed(fn, state, args.timeout)
                times.append(seconds)
                slowest = max(slowest, seconds)
                if answer is None:
                    timed_out = True
                    break
            if answer is not None:
                possible += bool(answer["possible"])
                inexact += answer.get("exact", True) is False
        mark = ">" if timed_out else " "
        worst = max(worst, slowest)
        print(f"{size:>5} {roles:>5} {stops:>5} | {mark}{statistics.median(times) * 1000:>9.1f} "
              f"{mark}{slowest * 1000:>10.1f} | {possible:>8} {inexact:>8}", flush=True)
    print(f"slowest single answer: {worst:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
