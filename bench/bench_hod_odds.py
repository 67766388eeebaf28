"""Benchmark: Hell of a Deal odds with the Flop out and both Boss cards face down.

Run by hand:  python bench/bench_hod_odds.py [--runs 7] [--case NAME ...] [--verify]

Cases (seeded deals): one player (45 unseen cards: 990 runouts x 903 Boss hands = 893,970
showdowns), four players (36 unseen: 630 x 561), and Nick Hauss's three cards with one
player (45 unseen: 990 x 12,341); before the Flop with the Boss's two cards known, one
player (47 unseen: 1,533,939 boards) and four players (38 unseen: 501,942 boards); before the
Flop with the Boss's cards face down, one player (49 unseen: 1,906,884 boards x 946 Boss hands)
and four players (40 unseen), and Nick Hauss's three cards with one player (x 13,244 Boss
hands). "cold" is the first call in a fresh process (tables read
from the cache directory); the other runs are warm. ``--verify`` also checks the one-player
Flop case against plain loops over ``best_selection``/``boss_play`` (minutes).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from oracle.cards import full_deck, parse_cards
from oracle.solve.exact.holdem import BossHand, OddsProblem, SeatHand, compute_odds


def flop_problem(players: int, boss_cards: int = 2, seed: int = 21) -> OddsProblem:
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    board, at = tuple(deck[:3]), 3
    seats = []
    for i in range(players):
        seats.append(SeatHand(name=f"P{i + 1}", cards=tuple(deck[at:at + 3]), souls_if_won=1))
        at += 3
    return OddsProblem(
        board=board, dead=(deck[at],), seats=tuple(seats),
        boss=BossHand(unknown=boss_cards, max_used=boss_cards, default_hand=tuple(parse_cards("Q Q T T")),
                      soul_penalty=4 if boss_cards == 3 else 2),
    )


def preflop_boss_known(players: int, seed: int = 21) -> OddsProblem:
    """Before the Flop with the Boss's two hole cards known (``boss_cards: all``): every one
    of the C(n, 5) boards is enumerated; the cost is per runout, not per Boss hand."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    seats = tuple(SeatHand(name=f"P{i + 1}", cards=tuple(deck[3 * i:3 * i + 3]), souls_if_won=1)
                  for i in range(players))
    at = 3 * players
    return OddsProblem(board=(), seats=seats,
                       boss=BossHand(known=tuple(deck[at:at + 2]), unknown=0,
                                     default_hand=tuple(parse_cards("Q Q T T"))))


def preflop_boss_hidden(players: int, boss_cards: int = 2, seed: int = 21) -> OddsProblem:
    """Before the Flop with the Boss's hole cards face down: C(n, 5) boards x C(n - 5, k) Boss
    hands, counted by rank multisets with the flushes put right (``holdem_hidden``)."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    seats = tuple(SeatHand(name=f"P{i + 1}", cards=tuple(deck[3 * i:3 * i + 3]), souls_if_won=1)
                  for i in range(players))
    three = boss_cards == 3
    return OddsProblem(board=(), seats=seats,
                       boss=BossHand(unknown=boss_cards, max_used=None if three else 2, soul_penalty=4 if three else 2,
                                     default_hand=tuple(parse_cards("A A K K" if three else "Q Q T T"))))


CASES = {
    "flop-1-player": lambda: flop_problem(1),
    "flop-4-players": lambda: flop_problem(4),
    "flop-nick-hauss-3-cards": lambda: flop_problem(1, boss_cards=3),
    "preflop-boss-known-1-player": lambda: preflop_boss_known(1),
    "preflop-boss-known-4-players": lambda: preflop_boss_known(4),
    "preflop-boss-hidden-1-player": lambda: preflop_boss_hidden(1),
    "preflop-boss-hidden-4-players": lambda: preflop_boss_hidden(4),
    "preflop-nick-hauss-hidden-1-player": lambda: preflop_boss_hidden(1, boss_cards=3),
}


def time_case(name: str, runs: int) -> tuple[float, list[float], int]:
    problem = CASES[name]()
    timings = []
    deals = 0
    for _ in range(runs):
        start = time.perf_counter()
        result = compute_odds(problem, method="exact")
        timings.append(time.perf_counter() - start)
        deals = result.deals
    return statistics.median(timings), timings, deals


def cold(name: str) -> float:
    code = ("import time, sys; sys.path.insert(0, '.'); from bench.bench_hod_odds import CASES; "
            "from oracle.solve.exact.holdem import compute_odds; p = CASES[%r](); t = time.perf_counter(); "
            "compute_odds(p, method='exact'); print(time.perf_counter() - t)" % name)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="only these cases (repeatable)")
    args = parser.parse_args()
    for name in args.case or CASES:
        median, timings, deals = time_case(name, args.runs)
        colds = [cold(name) for _ in range(3)]
        from oracle.solve.exact.holdem import estimated_exact_seconds, unseen_cards

        problem = CASES[name]()
        estimate = estimated_exact_seconds(problem, len(unseen_cards(problem)))
        print(f"{name}: {deals:,} showdowns; estimate {estimate:.2f} s; warm median {median:.3f} s "
              f"(min {min(timings):.3f}, max {max(timings):.3f}); cold median {statistics.median(colds):.3f} s")
    if args.verify:
        sys.path.insert(0, "tests")
        from test_hod_solver_odds import brute_force

        problem = flop_problem(1)
        start = time.perf_counter()
        want = brute_force(problem)
        got = compute_odds(problem, method="exact")
        same = {s.name: (s.wins, s.pushes, s.losses) for s in got.seats} == want
        print(f"verify flop-1-player against plain loops: {'same' if same else 'DIFFERENT'} "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
