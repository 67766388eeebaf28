"""Exact best-swap odds against one opponent who draws by a strategy (Diablo: Playing a hand,
2. The draw), by counting instead of dealing.

The opponent is dealt O from the unseen cards U, throws D with the strategy's chance p(D | O)
(``draw_strategy_table``), keeps K = O \\ D and draws N (|N| = |D|); the player keeps H and
draws M. O, N and M are disjoint (every order of an unseen deck is equally likely, so who
draws first does not matter, and the cards thrown are out of the deck). Call (K, D, N) a
configuration: it ends in the opponent's final hand F = K + N, *uses* the cards F + D, and
weighs p(D | K + D). The player's draw M must miss the cards used, so for a final strength s

    weight of configurations missing M below s = sum over S within M of (-1)^|S| T_S(s)

with T_S(s) the weight of the configurations using every card of S whose final hand is below
s: in all, using a card, using a pair of cards. Those are the tables of the stand-pat count
(``draw_counting``) with weights, and M has at most two cards (the standard draw). A sweep
over the final hands F, weakest class first (``draw_drawer_kernels.sweep``), fills them: for
each way to split F into K and N, the weight of K's discards that miss N is the weight of all
of them, less those holding a card of N, plus the one equal to N (read from K's totals, by
card, and its short lists by card); F's cards and pairs get it, each card d thrown its share,
and each pair of d with a card of F the same share. The pairs thrown together are weighed
apart, per K over every two cards it may draw (``pair_histograms``, on the other core), the
draws that hold a thrown card put right by the sweep. Wins, ties and losses after each draw
are then read as in the stand-pat count.

A seen draw (``drew``) keeps only the configurations with |D| = drew; an unseen one adds the
three, each weighed by its chance of the deal (the ways to draw N and M differ with |D|).
Weights are whole numbers (``HandTable.scale`` units of a chance), sums stay below 2**53, so
float64 sums are exact and every figure is an exact fraction.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Sequence

from oracle.cards import Card, full_deck
from oracle.errors import FieldError
from oracle.solve.exact.subsets import binomial_table, combination_rows

KERNELS = "oracle.solve.exact.draw_drawer_kernels"
HAND = 5
MOST_DRAWN = 2
# Rough costs on the benchmark machine (see docs/performance.md): reading the strategy and
# writing its table of every hand, once per strategy; per final hand, the sweeps for an
# opponent seen to draw 0, 1 or 2 cards.
TABLE_SECONDS = 2.0
SIZE_SECONDS = (4e-7, 1.2e-6, 2.5e-6)


def compiled():
    from oracle.eval.jit import kernels

    return kernels(KERNELS)


def drawer_applies(opponents, draw_sizes: Sequence[int], strategy) -> bool:
    """Whether this count answers: one opponent, dealt five unknown cards and drawing by
    ``strategy`` (whose chances have a common denominator), the player drawing at most two
    cards, numba at hand."""
    if len(opponents) != 1 or strategy is None or compiled() is None:
        return False
    (only,) = opponents
    if not (only.draws and not only.known and only.unknown == HAND):
        return False
    if not all(k <= MOST_DRAWN for k in draw_sizes):
        return False
    from oracle.solve.exact.draw_strategy_table import denominator

    return denominator(strategy) is not None


def _sizes(drew: int | None) -> Sequence[int]:
    """The opponent's draws counted: the one the table saw, or all three."""
    return range(MOST_DRAWN + 1) if drew is None else [drew]


def drawer_seconds(pool: int, drew: int | None) -> float:
    """Rough time of the count: the strategy's table (counted whether or not this process has
    it, so that the question alone decides), then per draw size counted a sweep over every
    final hand (``SIZE_SECONDS`` a hand)."""
    return TABLE_SECONDS + sum(SIZE_SECONDS[k] for k in _sizes(drew)) * math.comb(pool, HAND)


def drawer_deals(pool: int, draw_sizes: Sequence[int], drew: int | None) -> int:
    """Every deal behind the figures: the opponent's five, its draw (of the size seen, or
    any), the player's draw of each choice."""
    a = pool - HAND
    return sum(math.comb(pool, HAND) * math.comb(a, k) * math.comb(a - k, d) for d in draw_sizes for k in _sizes(drew))


def pair_row(first, second, n: int):
    """The row of cards ``first < second`` in the tables by pairs (pairs in lexicographic order)."""
    return first * (2 * n - first - 1) // 2 + (second - first - 1)


def _colex_rows(n: int, k: int):
    """Every k-set of n places as sorted rows, row i the set numbered i in colex order."""
    import numpy as np

    rows = combination_rows(n, k).astype(np.int64)
    binom = binomial_table(n, HAND)
    numbers = sum(binom[rows[:, j], j + 1] for j in range(k)) if k else np.zeros(len(rows), np.int64)
    out = np.empty_like(rows)
    out[numbers] = rows
    return out


def kept_weights(kernel, table, pool, drawn: int):
    """The strategy's discards of ``drawn`` pool places, grouped by the places kept K (numbered
    in colex order): ``ptot[K]`` (all of K's discards), ``pvec[K, d]`` (those holding d), and
    the lists by K and card (row K n + x: the other card thrown, the weight), with the flat
    list itself (start by K, first card, second card, weight)."""
    import numpy as np

    n = len(pool)
    deals = combination_rows(n, HAND).astype(np.int64)
    count = math.comb(n, HAND - drawn)
    flat = kernel.kept_lists(n, deals, pool, binomial_table(52, HAND), table.start, table.thrown,
                             table.weight.astype(np.float64), drawn, binomial_table(n, HAND), count)
    ptot, pvec, *subs = kernel.kept_weights(n, *flat, drawn)
    return ptot, pvec, subs, flat


class FinalHands:
    """The opponent's final hands from the unseen cards, shared by every size of draw: the
    pool's cards (deck indices), the hands as rows of pool places sorted by strength, the
    strength classes (``strengths``, the first hand of each in ``class_start``) and each
    hand's class by its colex number (``class_of``)."""

    def __init__(self, pool_cards: Sequence[Card], hands, values):
        import numpy as np

        deck = {c: i for i, c in enumerate(full_deck())}
        self.pool = np.array([deck[c] for c in pool_cards], dtype=np.int64)
        if np.any(np.diff(self.pool) <= 0):
            raise ValueError("the unseen cards must be in deck order")
        self.n = len(self.pool)
        order = np.argsort(values, kind="stable")
        self.strengths, class_start, class_of_hand = np.unique(values[order], return_index=True, return_inverse=True)
        self.class_start = np.append(class_start, len(values)).astype(np.int64)
        self.sorted_hands = np.ascontiguousarray(hands[order].astype(np.int64))
        self.binom = binomial_table(self.n, HAND)
        self.class_of = np.empty(len(values), dtype=np.int64)
        self.class_of[sum(self.binom[self.sorted_hands[:, j], j + 1] for j in range(HAND))] = class_of_hand


class DrawerTables:
    """The weighted tables T_S of one draw size ``drawn``: ``all[c]``, ``card[c, x]``,
    ``pair[c, row]``, the weight of configurations whose final hand is below class ``c`` of
    ``strengths`` (the last row: all of them)."""

    def __init__(self, final: FinalHands, table, drawn: int):
        import numpy as np

        self.n = n = final.n
        self.strengths = final.strengths
        kernel = compiled()
        class_start, sorted_hands, binom = final.class_start, final.sorted_hands, final.binom
        width = len(self.strengths)
        ptot, pvec, subs, flat = kept_weights(kernel, table, final.pool, drawn)
        splits = np.array([[j for j in range(HAND) if j not in out] + list(out)
                           for out in combinations(range(HAND), drawn)], dtype=np.int64)
        self.all = np.zeros(width + 1)
        self.card = np.zeros((width + 1, n))
        self.pair = np.zeros((width + 1, n * (n - 1) // 2))
        weights = (splits, binom, drawn, ptot, pvec, *subs)
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(1) as other:
            if drawn == MOST_DRAWN:
                # Both cards thrown together: weighed over every draw of the cards kept, at
                # once, while the sweep runs (on the other core).
                histograms = other.submit(_thrown_pairs, kernel, n, flat, binom, final.class_of, width)
                kernel.sweep(n, sorted_hands, class_start, 0, width, *weights, self.all, self.card, self.pair)
                self.pair[1:] += np.cumsum(histograms.result(), axis=1).T
                return
            # Otherwise the classes are swept in two halves at once; the upper half starts from
            # zero and has the lower half's totals added.
            mid = min(max(int(np.searchsorted(class_start, len(sorted_hands) // 2)), 1), width)
            upper = (np.zeros(width - mid + 1), np.zeros((width - mid + 1, n)),
                     np.zeros((width - mid + 1, self.pair.shape[1])))
            high = other.submit(kernel.sweep, n, sorted_hands, class_start, mid, width, *weights, *upper)
            kernel.sweep(n, sorted_hands, class_start, 0, mid, *weights,
                         self.all[:mid + 1], self.card[:mid + 1], self.pair[:mid + 1])
            high.result()
        for whole, part in zip((self.all, self.card, self.pair), upper):
            whole[mid:] = part + whole[mid]

    def against(self, draws, mine):
        """For draws (an ``(m, k)`` array of pool places, k at most two) and the player's final
        strength after each: the weight of configurations missing the draw whose final hand is
        weaker, as strong, and stronger (three float arrays of whole numbers)."""
        import numpy as np

        below_at = np.searchsorted(self.strengths, mine, side="left")
        upto_at = np.searchsorted(self.strengths, mine, side="right")
        every = np.full(len(draws), len(self.strengths))
        k = draws.shape[1]

        def missing(at):
            total = self.all[at].copy()
            for j in range(k):
                total -= self.card[at, draws[:, j]]
            if k == 2:
                total += self.pair[at, pair_row(draws[:, 0], draws[:, 1], self.n)]
            return total

        below, upto, total = missing(below_at), missing(upto_at), missing(every)
        return below, upto - below, total - upto


def _thrown_pairs(kernel, n: int, flat, binom, class_of, width: int):
    """``hist[pair, c]``: each pair thrown together, weighed by the hands of class c its cards
    kept make with any two other cards (``draw_drawer_kernels.pair_histograms``)."""
    import numpy as np

    start, first, second, weight = flat
    kept = np.repeat(np.arange(len(start) - 1), np.diff(start))
    g_start, g_class, g_count = kernel.completion_classes(n, _colex_rows(n, HAND - MOST_DRAWN), binom, class_of, width)
    rows = pair_row(first, second, n)
    order = np.argsort(rows, kind="stable")
    pairs = n * (n - 1) // 2
    pair_start = np.searchsorted(rows[order], np.arange(pairs + 1)).astype(np.int64)
    hist = np.zeros((pairs, width))
    kernel.pair_histograms(pair_start, kept[order], weight[order], g_start, g_class, g_count, hist)
    return hist


def deal_factor(pool: int, drew: int, draw: int) -> int:
    """A whole number proportional to the chance of one deal of the opponent's ``drew`` cards
    and the player's ``draw`` cards after the opponent's five: 1 / (C(a, drew) C(a - drew,
    draw)) with a = pool - 5, times 2 a! / (draw! (a - 2 - draw)!), the same for every ``drew``."""
    a = pool - HAND
    return 2 * math.factorial(drew) * math.factorial(a - drew - draw) // math.factorial(a - MOST_DRAWN - draw)


def count_against_drawer(results, hand: Sequence[Card], unseen: Sequence[Card], strategy, drew: int | None,
                         expired) -> list:
    """Each choice's final hands and its wins, ties and losses against the one opponent who
    draws by ``strategy`` (only the deals in which it draws ``drew``, when given), in order,
    until ``expired()``: the choices counted. Counts are in units of ``1 / SCALE`` of a deal
    (times ``deal_factor`` when ``drew`` is None)."""
    import numpy as np

    from oracle.eval import batch
    from oracle.eval.jit import compiling
    from oracle.solve.exact.draw_counting import completions
    from oracle.solve.exact.draw_strategy_table import hand_table

    if expired():
        return []
    table = hand_table(strategy)
    n = len(unseen)
    codes = np.array([c.code for c in unseen], dtype=np.int32)
    hands = combination_rows(n, HAND)
    values = batch.strengths(codes[hands], "diablo")
    sizes = _sizes(drew)
    final = FinalHands(unseen, hands, values)
    tables = {}
    for size in sizes:
        if expired():
            return []
        with compiling(KERNELS, "sweep", "Preparing the count against an opponent who draws (once per machine)"):
            tables[size] = DrawerTables(final, table, size)
    if not any(t.all[-1] for t in tables.values()):
        raise FieldError(("opponent_draws",), f"the strategy never draws {drew} from these unseen cards")
    counted, figures = [], []
    for result in results:
        if expired():
            break
        kept = [c for c in hand if c not in result.discard]
        k = len(result.discard)
        draws, mine = completions(unseen, kept, k)
        totals = [0, 0, 0]  # win, tie, lose
        for size, weighed in tables.items():
            factor = 1 if drew is not None else deal_factor(n, size, k)
            for place, part in enumerate(weighed.against(draws, mine)):
                totals[place] += int(np.rint(part).astype(np.int64).sum()) * factor
        values_, counts = np.unique(mine, return_counts=True)
        result.strengths.update(dict(zip(values_.tolist(), counts.tolist())))
        result.outcomes = len(draws)
        counted.append(result)
        figures.append(totals)
    # The units: a deal weighs SCALE when the strategy's discard is certain; in the largest
    # unit that keeps every figure whole, a chart's counts are deals.
    unit = math.gcd(table.scale, *(f for totals in figures for f in totals))
    for result, (win, tie, lose) in zip(counted, figures):
        result.win, result.lose = win // unit, lose // unit
        if tie:
            result.ties[1] += tie // unit
    return counted
