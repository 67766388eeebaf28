"""Benchmark: Diablo best-swap with one known opponent (the issue asks for under 1 s), and
against unknown opponents: one counted exactly (full deck included), two enumerated near the
estimate's limit, and the Monte Carlo. The first call of the process (batch kernels loaded
from the cache folder, or compiled when it is empty) is timed apart.

Run by hand:  python bench/bench_diablo_swap.py [repeats]
Prints the median wall time of each case over the repeats (the evaluator's tables are
built and cached before timing). Last, one unknown opponent on the full deck hand by hand
(the ``diablo-draw`` chart's question): today's per-hand counting against the count from the
whole deck's tables (their build timed apart), medians over a set of hands; then two unknown
opponents on the full deck hand by hand: the exact count by pairs of hands against the Monte
Carlo it replaces (20,000 deals a choice), in the same run.

    python bench/bench_diablo_swap.py 3 two       only the two-opponent comparison
    python bench/bench_diablo_swap.py 1 drawing   opponents who draw, beside standing pat
    python bench/bench_diablo_swap.py 3 counted   one opponent who draws, counted exactly: each
                                                  draw seen (k2) by the choices of each draw (k1),
                                                  and checked against the sampler's intervals"""

from __future__ import annotations

import math
import statistics
import sys
import time

from oracle.cards import full_deck, parse_cards
from oracle.solve.exact.draw import Opponent, best_swap

CASES = [
    ("pair vs flush (rulebook hands)", "9h 9c Kd 4s 7c", "Ah Jh 8h 5h Kh", False),
    ("wild deuce flush draw vs full house", "2s Qh Jh 7h 3c", "Kc Kd Ks 5d 5c", False),
    ("bigger draw, Ace kept, vs two pair", "As 2h 7c 8d Jc", "Tc Td 6s 6d 3h", True),
]


def main(repeats: int = 7) -> None:
    start = time.perf_counter()
    best_swap(parse_cards("2s Qh Jh 7h 3c"), opponents=[Opponent(name="u", known=(), unknown=5)])
    print(f"{'first call: 1 unknown opponent, full deck':40s} {(time.perf_counter() - start) * 1000:8.1f} ms")
    best_swap(parse_cards("9h 9c Kd 4s 7c"))  # build the evaluator's tables
    for title, hand, opponent, bigger in CASES:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            best_swap(parse_cards(hand), opponents=[Opponent(name="o", known=tuple(parse_cards(opponent)))],
                      bigger_draw=bigger)
            times.append(time.perf_counter() - start)
        print(f"{title:40s} median {statistics.median(times) * 1000:8.1f} ms  (min {min(times) * 1000:.1f}, n={repeats})")
    hand = parse_cards("9h 9c Kd 4s 7c")
    rest = [c for c in full_deck() if c not in hand]
    unknown_cases = [
        ("1 unknown opponent, 26 unseen cards", rest[:21], 1),
        ("1 unknown opponent, 30 unseen cards", rest[:17], 1),
        ("1 unknown opponent, full deck", [], 1),
        ("1 unknown opponent, full deck, 2 Q J 7 3", [], 1),
        ("1 unknown opponent, full deck, bigger draw", [], 1),
        ("2 unknown opponents, 12 unseen cards", rest[:35], 2),
        ("2 unknown opponents, full deck", [], 2),
    ]
    for title, dead, count in unknown_cases:
        times = []
        cards = parse_cards("2s Qh Jh 7h 3c") if "2 Q J" in title else hand
        for _ in range(max(1, repeats // 3)):
            start = time.perf_counter()
            answer = best_swap(cards, opponents=[Opponent(name=f"u{k}", known=(), unknown=5) for k in range(count)],
                               dead=dead, bigger_draw="bigger" in title)
            times.append(time.perf_counter() - start)
        print(f"{title:40s} median {statistics.median(times) * 1000:8.1f} ms  ({answer['method']}, "
              f"{answer['deals_to_enumerate']:,} deals, estimated exact {answer['estimated_exact_seconds']} s, "
              f"n={len(times)})")

    deck_tables(max(1, repeats // 3))
    two_unknown(max(1, repeats // 3))


DECK_HANDS = ["2c 2d 2h 2s Ah", "2c 2d 5h 6h 7s", "2s Qh Jh 7h 3c", "9h 9c Kd 4s 7c", "4c 4d 9h 9s Qd",
              "Ah Kh Qh Jh Th", "Kc Kd Ks 5d 5c", "3c 5d 8h Jc Ks", "Tc Jc Qc Kc 3d", "6s 7s 8s 9d 3h"]


def deck_tables(repeats: int) -> None:
    """Per hand, one unknown opponent, full deck: today's counting, then the deck tables."""
    from oracle.solve.exact import draw_deck

    opponent = [Opponent(name="u", known=(), unknown=5)]
    start = time.perf_counter()
    built = draw_deck.tables()
    print(f"{'deck tables: build (once per process)':40s} {(time.perf_counter() - start) * 1000:8.1f} ms  "
          f"({len(built.strengths):,} ranks)")
    for title, tables in (("per hand, counted per hand (today)", False), ("per hand, from the deck tables", True)):
        times = []
        for _ in range(repeats):
            for hand in DECK_HANDS:
                start = time.perf_counter()
                best_swap(parse_cards(hand), opponents=opponent, exact_seconds=math.inf, deck_tables=tables)
                times.append(time.perf_counter() - start)
        print(f"{title:40s} median {statistics.median(times) * 1000:8.1f} ms  (min {min(times) * 1000:.1f}, "
              f"max {max(times) * 1000:.1f}, {len(DECK_HANDS)} hands x {repeats})")


def two_unknown(repeats: int) -> None:
    """Per hand, two unknown opponents, full deck: counted exactly by pairs of hands, and the
    Monte Carlo of 20,000 deals a choice (``exact_limit=0``) that answered before."""
    opponents = [Opponent(name=f"u{k}", known=(), unknown=5) for k in range(2)]
    start = time.perf_counter()
    best_swap(parse_cards(DECK_HANDS[0]), opponents=opponents)
    print(f"{'2 unknown, full deck: first call':40s} {(time.perf_counter() - start) * 1000:8.1f} ms")
    medians = {}
    for title, limit in (("2 unknown, full deck, exact by pairs", None), ("2 unknown, full deck, Monte Carlo", 0)):
        times, methods = [], set()
        for _ in range(repeats):
            for hand in DECK_HANDS:
                start = time.perf_counter()
                answer = best_swap(parse_cards(hand), opponents=opponents,
                                   **({} if limit is None else {"exact_limit": limit}))
                times.append(time.perf_counter() - start)
                methods.add(answer["method"])
        medians[title] = statistics.median(times)
        print(f"{title:40s} median {medians[title] * 1000:8.1f} ms  (min {min(times) * 1000:.1f}, "
              f"max {max(times) * 1000:.1f}, {len(DECK_HANDS)} hands x {repeats}, {'/'.join(sorted(methods))})")
    exact, sampled = medians.values()
    print(f"{'exact / Monte Carlo time':40s} {exact / sampled:8.2f}x")


def drawing(repeats: int) -> None:
    """Per hand, one and two unknown opponents who draw by the shipped diablo-draw chart and by
    the shipped equilibrium (20,000 deals a choice), beside standing pat (exact), in one run."""
    from pathlib import Path

    from oracle.solve.exact.draw_opponents import ChartStrategy

    charts = Path(__file__).resolve().parent.parent / "docs" / "charts"
    start = time.perf_counter()
    strategies = {"chart": ChartStrategy(charts / "diablo-draw"),
                  "equilibrium": ChartStrategy(charts / "diablo-equilibrium-1")}
    print(f"{'load both strategies':40s} {(time.perf_counter() - start) * 1000:8.1f} ms")
    for count in (1, 2):
        for model in ("stand-pat", "chart", "equilibrium"):
            opponents = [Opponent(name=f"u{k}", known=(), unknown=5, draws=model != "stand-pat") for k in range(count)]
            times = []
            for _ in range(repeats):
                for hand in DECK_HANDS:
                    start = time.perf_counter()
                    best_swap(parse_cards(hand), opponents=opponents, strategy=strategies.get(model))
                    times.append(time.perf_counter() - start)
            title = f"{count} unknown, {model}"
            print(f"{title:40s} median {statistics.median(times) * 1000:8.1f} ms  ({len(DECK_HANDS)} hands x {repeats})")


def counted(repeats: int, samples: int = 20_000) -> None:
    """One unknown opponent who draws by the shipped diablo-draw chart, counted exactly on the
    full deck: for the opponent's draw seen (1, 2 or not seen) and the player's choices that
    draw k1 cards, the median wall time of the count (the strategy's table built before, and
    timed apart); then the whole question (every choice); then each exact figure against the
    sampler's 95 % interval (20,000 deals a choice)."""
    from pathlib import Path

    from oracle.solve.exact.draw import ChoiceResult, discard_choices
    from oracle.solve.exact.draw_drawer import count_against_drawer
    from oracle.solve.exact.draw_opponents import ChartStrategy
    from oracle.solve.exact.draw_strategy_table import hand_table

    start = time.perf_counter()
    strategy = ChartStrategy(Path(__file__).resolve().parent.parent / "docs" / "charts" / "diablo-draw")
    print(f"{'read the chart':40s} {(time.perf_counter() - start) * 1000:8.1f} ms")
    start = time.perf_counter()
    hand_table(strategy)
    print(f"{'its table of every hand':40s} {(time.perf_counter() - start) * 1000:8.1f} ms")
    hand = parse_cards("9h 8c 7d 6s Kh")
    unseen = [c for c in full_deck() if c not in hand]
    for drew in (1, 2, None, 0):
        for k1 in ((1, 2) if drew else ()):
            times = []
            for _ in range(repeats):
                results = [ChoiceResult(discard=d) for d in discard_choices(hand) if len(d) == k1]
                start = time.perf_counter()
                count_against_drawer(results, hand, unseen, strategy, drew, lambda: False)
                times.append(time.perf_counter() - start)
            title = f"seen to draw {drew}, choices drawing {k1}"
            print(f"{title:40s} median {statistics.median(times) * 1000:8.1f} ms  (min {min(times) * 1000:.1f}, n={repeats})")
        opponents = [Opponent(name="u", known=(), unknown=5, draws=True, drew=drew)]
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            exact = best_swap(hand, opponents=opponents, strategy=strategy, exact_seconds=math.inf)
            times.append(time.perf_counter() - start)
        title = f"seen to draw {drew}, best-swap"
        print(f"{title:40s} median {statistics.median(times) * 1000:8.1f} ms  ({exact['method']}, "
              f"estimate {exact['estimated_exact_seconds']} s)")
        sampled = best_swap(hand, opponents=opponents, strategy=strategy, exact_limit=0, samples=samples)
        figures = {row["keep"]: row["equity"] for row in exact["choices"]}
        outside = [row["keep"] for row in sampled["choices"]
                   if not row["ci95"]["equity"][0] - 1e-6 <= figures[row["keep"]] <= row["ci95"]["equity"][1] + 1e-6]
        # each choice's distance in standard errors of its sampled equity
        scores = [abs(figures[row["keep"]] - row["equity"]) / max((row["ci95"]["equity"][1] - row["ci95"]["equity"][0])
                                                                   / (2 * 1.96), 1e-12) for row in sampled["choices"]]
        print(f"{'':40s} exact figures outside the sampler's 95 % intervals ({samples:,} deals): "
              f"{outside or 'none'} of {len(figures)}, at most {max(scores):.2f} standard errors off; "
              f"best {exact['best']['keep']} {exact['best']['equity']}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    if sys.argv[2:] == ["two"]:
        two_unknown(count)
    elif sys.argv[2:] == ["drawing"]:
        drawing(count)
    elif sys.argv[2:] == ["counted"]:
        counted(count)
    else:
        main(count)
