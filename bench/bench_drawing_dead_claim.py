"""Benchmark: Drawing Dead ``cheapest-claim`` on random positions up to the goal's size.

Run by hand:  python bench/bench_drawing_dead_claim.py [--seeds N] [--timeout S] [--cases TEXT]
              [--module NAME]   (time another module's cheapest_claim, e.g. a copy on PYTHONPATH)

The goal (issue 12, point 7): exact on every position up to a stash of 12 cards, 5 roles
and 3 stop cards across any number of opponents, in 1 s or less. Each case is Anna's stash
of ``stash`` cards of which ``roles`` are role cards, drawn from steals (Dirty Cheat),
trashes (Vandal), swaps (Magic Man), draws of two (Duke), her own Sheriff and a Baron Von
Doom; ``stops`` Sheriffs (ACE IN THE HOLE) spread at random over ``opponents`` opponents.
Anna has 0-5 upcards and 0-8 chips; Ben holds the Button with 1-5 upcards, every other
opponent 0-4 upcards. In the ``hard`` cases Ben holds the best of three five-card deals and
all of Anna's roles can take the Button (no Sheriff, no Baron): the searches that must
refute every line. For every case
``--seeds`` positions are dealt and each is answered once, with no time limit; the median,
the 95th percentile and the slowest time are printed, with how many answers were exact. A
call still running after ``--timeout`` seconds is abandoned and counted as that many seconds
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
from oracle.eval import DRAWING_DEAD, strength
from oracle.games.drawing_dead import load_position

ROLE_TEXTS = {
    "Dirty Cheat": {"effect": "steal-upcard", "bad_guy": True, "copies": 5},
    "Vandal": {"effect": "trash-upcard", "copies": 5},
    "Magic Man": {"effect": "swap-stash", "copies": 5},
    "Duke": {"effect": "draw-poker", "n": 2, "copies": 5},
    "Baron Von Doom": {"effect": "gain-per-bad-guy", "n": 1, "bad_guy": True, "copies": 5},
    "Sheriff": {"effect": "stop", "ace_in_the_hole": True, "copies": 10},
}
# Anna's roles: mostly ones that can take the Button, now and then a Sheriff or a Baron
ROLE_POOL = ["Dirty Cheat", "Vandal", "Magic Man", "Duke"] * 3 + ["Sheriff", "Baron Von Doom"]
HARD_POOL = ["Dirty Cheat", "Vandal", "Magic Man", "Duke"]
NAMES = ["Ben", "Carl", "Dora", "Eve", "Finn", "Gus"]

# (stash size, of which role cards, Sheriffs held by the opponents, opponents, hard holder)
CASES = [
    (5, 0, 0, 1, False), (7, 3, 2, 2, False), (10, 5, 2, 2, False), (12, 5, 3, 1, False),
    (12, 5, 3, 2, False), (12, 5, 3, 4, False), (12, 5, 3, 6, False),
    (12, 5, 3, 1, True), (12, 5, 3, 2, True), (12, 5, 3, 4, True),
]


def _text(cards) -> str:
    return " ".join(map(str, cards))


def position(seed: int, size: int, roles: int, stops: int, opponents: int, hard: bool) -> dict:
    rng = random.Random(f"bench-claim:{seed}:{size}:{roles}:{stops}:{opponents}:{hard}")
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    if hard:
        deals = sorted(([deck.pop() for _ in range(5)] for _ in range(3)), key=lambda d: strength(d, DRAWING_DEAD))
        holder = deals[-1]
        deck += deals[0] + deals[1]
        rng.shuffle(deck)
    take = lambda n: _text([deck.pop() for _ in range(n)])  # noqa: E731
    held = [0] * opponents
    for _ in range(stops):
        held[rng.randrange(opponents)] += 1
    players = [{"name": "Anna", "chips": rng.randint(0, 8), "upcards": take(rng.randint(0, 5)),
                "stash": take(size - roles),
                "stash_roles": [rng.choice(HARD_POOL if hard else ROLE_POOL) for _ in range(roles)]}]
    for i, name in enumerate(NAMES[:opponents]):
        upcards = (_text(holder) if hard else take(rng.randint(1, 5))) if i == 0 else take(rng.randint(0, 4))
        players.append({"name": name, "chips": 5, "upcards": upcards, "stash_roles": ["Sheriff"] * held[i]})
    return {"role_texts": ROLE_TEXTS, "players": players, "turn": "Anna", "phase": "action",
            "button": "Ben", "pot": 0, "seed": seed}


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
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--module", help="an importable module whose cheapest_claim is timed instead")
    parser.add_argument("--cases", help="only cases whose 'stash,roles,stops,opponents,hard' contains this text")
    args = parser.parse_args()
    if args.module:
        fn = importlib.import_module(args.module).cheapest_claim
    else:
        from oracle.games.drawing_dead import cheapest_claim as fn
    rules = {"box_chips": 200}
    fn(load_position(position(0, 5, 0, 0, 1, False), rules), 0)  # build the evaluator's tables
    print(f"{'stash':>5} {'roles':>5} {'stops':>5} {'opp':>3} {'hard':>4} | {'median ms':>9} {'p95 ms':>8} "
          f"{'slowest ms':>10} | exact possible  (n={args.seeds} positions)")
    worst, worst_at = 0.0, None
    for case in CASES:
        label = ",".join(str(x).lower() for x in case)
        if args.cases and args.cases not in label:
            continue
        times, exact, possible, timed_out = [], 0, 0, False
        for seed in range(args.seeds):
            state = load_position(position(seed, *case), rules)
            seconds, answer = timed(fn, state, args.timeout)
            times.append(seconds)
            if seconds > worst:
                worst, worst_at = seconds, (case, seed)
            if answer is None:
                timed_out = True
                continue
            exact += answer.get("exact", True) is True
            possible += bool(answer["possible"])
        times.sort()
        mark = ">" if timed_out else " "
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{case[0]:>5} {case[1]:>5} {case[2]:>5} {case[3]:>3} {'yes' if case[4] else 'no':>4} | "
              f"{statistics.median(times) * 1000:>9.1f} {p95 * 1000:>8.1f} {mark}{times[-1] * 1000:>9.1f} | "
              f"{exact:>5} {possible:>8}", flush=True)
    print(f"slowest single answer: {worst:.3f} s (case {worst_at[0]}, seed {worst_at[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
