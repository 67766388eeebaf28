"""How long `oracle play` takes to answer one line as the history grows.

A session keeps a start position and the lines applied to it; each line is checked by
replaying the whole history (`Scenario.apply`, exactly as a scenario file is read), so the
time per line grows with the history. This plays seeded random legal lines (Diablo: every
player with 10,000 chips, so the game runs long; Auf Teufel komm raus: rounds after rounds)
and reports the median time of one line (apply + status line + the legal moves for TAB) at
each history length. Goal: under 0.5 s a line with 500 lines played (a table answers "in a
second").

    python bench/bench_play.py            # --lines 500 --repeats 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import oracle
from oracle.play.session import Session

GOAL_SECONDS = 0.5


def diablo() -> Session:
    seats = [{"name": n, "chips": 10_000} for n in ("Anna", "Ben", "Carla", "Dan")]
    return Session(oracle.table("diablo", {"seats": seats, "dealer": "Anna"}))


def coal() -> Session:
    players = [{"name": n, "chips": 200} for n in ("Anna", "Ben", "Carla")]
    return Session(oracle.table("auf-teufel-komm-raus", {"players": players}))


def next_line(session: Session, rng: random.Random) -> str:
    legal = [line for line in session.moves().legal if line != "Table agrees to stop" and "folds" not in line]
    if legal:
        return rng.choice(legal)
    for slot in session.card_slots():
        if slot.prefix.endswith("shows"):
            return f"{slot.prefix} {' '.join(rng.sample(slot.cards[:12], 5))}"
    raise SystemExit(f"no line to play: {session.status().text}")


def one_line(session: Session, line: str) -> float:
    started = time.perf_counter()
    session.play(line)
    session.status()
    session.moves()
    return time.perf_counter() - started


def measure(make, lines: int, repeats: int, marks: list[int]) -> dict[int, float]:
    times: dict[int, list[float]] = {m: [] for m in marks}
    for repeat in range(repeats):
        rng = random.Random(repeat)
        session = make()
        for played in range(1, lines + 1):
            line = next_line(session, rng)
            took = one_line(session, line)
            if played in times:
                times[played].append(took)
    return {m: statistics.median(t) for m, t in times.items()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    marks = sorted({m for m in (10, 50, 100, 200, 500, args.lines) if m <= args.lines})
    failed = False
    for name, make in (("diablo", diablo), ("auf-teufel-komm-raus", coal)):
        medians = measure(make, args.lines, args.repeats, marks)
        for mark, seconds in medians.items():
            print(f"{name:22} line {mark:4}: {1000 * seconds:8.1f} ms (median of {args.repeats})")
        worst = medians[marks[-1]]
        ok = worst < GOAL_SECONDS
        failed |= not ok
        print(f"{'PASS' if ok else 'FAIL'} {name}: line {marks[-1]} in {worst:.3f} s (goal < {GOAL_SECONDS} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
