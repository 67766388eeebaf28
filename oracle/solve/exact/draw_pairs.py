"""Exact best-swap odds against two opponents each dealt five unknown cards, by counting pairs
of hands instead of dealing them: one sweep over the pool's hands, weakest first.

After a draw D the opponents hold two disjoint hands A and B from the pool without D. The
deals the player's final hand beats are the ordered pairs of such hands both weaker than it;
their number is the Moebius sum over the cards the two hands share,

    pairs(L) = sum over sets S of (-1)^|S| c(S)^2,    c(S) = the hands of L holding S,

for L the hands below the final hand. The sweep weighs the hands one strength class at a time
and keeps the subset sums c(S) (sets of up to five cards) in the layouts the queries read
(``draw_pairs_kernels``). Each draw is a query met on the way at its final hand's class: the
pairs avoiding the cards drawn come from the pairs in all, those whose hands hold a card drawn
(kept for every card as the sweep goes) and those holding both (a sum over the sets of up to
four cards, read when the query is met). Ties come from weighing the final hand's own class
-1 and then +1: the count is a quadratic in that weight.

A large pool is swept by two threads at once, each computing one half of every answer with
its own tables (``_sweep``). The sweep is compiled once per machine; until it is, the time
estimate counts the compile, and ``prepare`` compiles it when a sampled question has time left.

Every figure is an exact integer, the same as dealing every pair (``draw_two``). Draws of at
most two cards (the standard draw); the bigger draw falls back to the other methods.
"""

from __future__ import annotations

import math
from typing import Sequence

from oracle.cards import Card
from oracle.solve.exact.subsets import binomial_table, combination_rows

KERNELS = "oracle.solve.exact.draw_pairs_kernels"
HAND = 5
MOST_DRAWN = 2
# Strength classes weighed by one call of the compiled sweep, between checks of the time budget.
CLASS_BLOCK = 256
# Rough costs on the benchmark machine, warm: per hand ranked and weighed (a final hand's own
# class is weighed twice: about 15 % more), per set read by a two-card draw's sum (three times
# a draw).
HAND_SECONDS = 2.1e-6
QUERY_SECONDS = 4e-10
# Measured compile times, once per machine (numba keeps the code in its cache folder).
SWEEP_COMPILE_SECONDS = 6.0
BATCH_COMPILE_SECONDS = 3.0
BATCH_KERNEL = ("batch_kernels", "strengths5_kernel")  # the kernel ranking five-card hands


def compiled():
    """The compiled sweep, or None (numba missing or switched off)."""
    from oracle.eval.jit import kernels

    return kernels(KERNELS)


def pairs_apply(opponents, draw_sizes: Sequence[int], pool: int) -> bool:
    """Whether this count answers: two opponents, each dealt five cards, none of them known,
    draws of at most two cards, a pool that deals both hands after any draw, numba at hand."""
    return (len(opponents) == 2 and all(not o.known and o.unknown == HAND for o in opponents)
            and all(k <= MOST_DRAWN for k in draw_sizes) and pool - max(draw_sizes, default=0) >= 2 * HAND
            and compiled() is not None)


def _sets(pool: int) -> int:
    """The sets of at most three cards of the pool: the length of one query's sum."""
    return sum(math.comb(pool, s) for s in range(4))


def _compiled(module: str, kernel: str) -> bool:
    from oracle.eval.jit import cache_holds

    return cache_holds(module, kernel)


def compile_seconds() -> float:
    """What a first count on this machine pays before counting: compiling the sweep, and the
    batch evaluator that ranks the hands, when numba's cache holds neither yet."""
    sweep = 0.0 if _compiled(KERNELS, "sweep") else SWEEP_COMPILE_SECONDS
    return sweep + (0.0 if _compiled(*BATCH_KERNEL) else BATCH_COMPILE_SECONDS)


def prepare(budget) -> bool:
    """Compile what the count needs and numba's cache does not hold, as far as ``budget``
    has room: the batch evaluator (ranking one hand), then the sweep (counting on a pool of
    twelve cards). A question sampled for want of that time thus makes a later one exact.
    True when something compiled."""
    import numpy as np

    from oracle.cards import full_deck
    from oracle.eval import batch
    from oracle.solve.exact.draw import ChoiceResult

    def room(seconds: float) -> bool:
        left = budget.remaining()
        return left is None or left >= seconds + 1.0

    cards = full_deck()[:17]
    did = False
    if not _compiled(*BATCH_KERNEL) and room(BATCH_COMPILE_SECONDS):
        batch.strengths(np.array([[c.code for c in cards[:5]]], dtype=np.int32), "diablo")
        did = True
    if _compiled(*BATCH_KERNEL) and not _compiled(KERNELS, "sweep") and room(SWEEP_COMPILE_SECONDS):
        count_against_two_unknown([ChoiceResult(discard=())], tuple(cards[:5]), cards[5:], budget.expired)
        did = True
    return did


def pairs_seconds(pool: int, draw_sizes: Sequence[int]) -> float:
    """Rough time of the count: every hand ranked and weighed (the final hands' classes
    twice), then every two-card draw's sum read three times, on two threads for a large pool.
    A first compile on a machine (``compile_seconds``) is left out: it would make a question
    counted on one run and sampled on the first, so that a designer's check would flake with
    the state of numba's cache."""
    hands = math.comb(pool, HAND)
    two = sum(math.comb(pool, k) for k in draw_sizes if k == 2)
    words = math.comb(pool, 4) / 64
    threads = THREAD_SPEEDUP if hands >= THREAD_HANDS else 1.0
    return 0.05 + (HAND_SECONDS * hands * 1.15 + QUERY_SECONDS * 3 * two * (_sets(pool) + 4 * words)) / threads


class _State:
    """The sweep's tables for a pool of ``n`` cards (see ``draw_pairs_kernels``)."""

    def __init__(self, n: int) -> None:
        import numpy as np

        self.binom = binomial_table(n, HAND)
        self.level = np.array([0] + [sum(math.comb(n, s) for s in range(t + 1)) for t in range(HAND)],
                              dtype=np.int64)
        three, four = int(self.level[4]), math.comb(n, 4)
        self.small = np.zeros(three, dtype=np.int64)
        self.four = np.zeros(four, dtype=np.int16)
        self.five = np.zeros(math.comb(n, HAND), dtype=np.int8)
        self.rows = np.zeros((three - 1, n), dtype=np.int16)
        self.row_plus = np.zeros(four, dtype=np.uint64)
        self.row_minus = np.zeros(four, dtype=np.uint64)
        self.by_card = np.zeros((n, int(self.level[3])), dtype=np.int32)
        self.by_card3 = np.zeros((n, math.comb(n, 3)), dtype=np.int8)
        self.card_plus = np.zeros((n, _words(four)), dtype=np.uint64)
        self.card_minus = np.zeros((n, _words(four)), dtype=np.uint64)
        self.by_pair = np.zeros((math.comb(n, 2), int(self.level[3])), dtype=np.int16)
        self.pair_plus = np.zeros((math.comb(n, 2), _words(math.comb(n, 3))), dtype=np.uint64)
        self.pair_minus = np.zeros((math.comb(n, 2), _words(math.comb(n, 3))), dtype=np.uint64)
        self.total = np.zeros(1, dtype=np.int64)
        self.touching = np.zeros(n, dtype=np.int64)

    def tables(self) -> tuple:
        return (self.binom, self.level, self.small, self.four, self.five, self.rows, self.row_plus,
                self.row_minus, self.by_card, self.by_card3, self.card_plus, self.card_minus, self.by_pair,
                self.pair_plus, self.pair_minus, self.total, self.touching)


def _words(bits: int) -> int:
    return (bits + 63) // 64


def count_against_two_unknown(results, hand: Sequence[Card], unseen: Sequence[Card], expired) -> list:
    """Each choice's final hands and its wins, ties and losses against the two opponents, all
    choices in one sweep; [] when ``expired()`` comes first. ``results`` carry ``discard``
    and get ``strengths``, ``outcomes``, ``win``, ``ties`` and ``lose``."""
    import numpy as np

    from oracle.eval import batch
    from oracle.eval.jit import compiling
    from oracle.solve.exact.draw_counting import completions

    if expired():
        return []
    kernel = compiled()
    n = len(unseen)
    codes = np.array([c.code for c in unseen], dtype=np.int32)
    hands = combination_rows(n, HAND)
    values = batch.strengths(codes[hands], "diablo")
    order = np.argsort(values, kind="stable")
    classes, class_start = np.unique(values[order], return_index=True)
    class_start = np.append(class_start, len(values)).astype(np.int64)
    sorted_hands = np.take(hands, order, axis=0)
    del hands, values, order
    queries = []
    for choice, result in enumerate(results):
        kept = [c for c in hand if c not in result.discard]
        k = len(result.discard)
        draws, mine = completions(unseen, kept, k)
        found, counts = np.unique(mine, return_counts=True)
        result.strengths.update(dict(zip(found.tolist(), counts.tolist())))
        result.outcomes = len(draws)
        at = np.searchsorted(classes, mine, side="left")
        equal = (at < len(classes)) & (classes[np.minimum(at, len(classes) - 1)] == mine)
        x = draws[:, 0] if k >= 1 else np.full(len(draws), -1)
        y = draws[:, 1] if k >= 2 else np.full(len(draws), -1)
        pairs = math.comb(n - k, HAND) * math.comb(n - k - HAND, HAND)
        queries.append((at, np.full(len(draws), k), x, y, equal, np.full(len(draws), choice),
                        np.full(len(draws), pairs)))
    at, q_k, q_x, q_y, q_equal, q_choice, q_pairs = (np.concatenate(part) for part in zip(*queries))
    by_class = np.argsort(at, kind="stable")
    at, q_k, q_x, q_y, q_equal, q_choice, q_pairs = (
        a[by_class].astype(np.bool_ if a is q_equal else np.int64)
        for a in (at, q_k, q_x, q_y, q_equal, q_choice, q_pairs))
    query_start = np.searchsorted(at, np.arange(len(classes) + 2), side="left").astype(np.int64)
    below, negative, upto = (np.zeros(len(at), dtype=np.int64) for _ in range(3))
    queries_in = (query_start, q_k, q_x, q_y, q_equal, below, negative, upto)
    with compiling(KERNELS, "sweep", "Preparing the count against two unknown hands (once per machine)"):
        swept = _sweep(kernel, n, sorted_hands, class_start, queries_in, expired)
    if not swept:
        return []
    both = np.where(q_equal, (upto + negative) // 2 - below, 0)
    tallies = np.stack([below, q_pairs - upto, upto - below - both, both], axis=1)
    out = np.zeros((len(results), 4), dtype=np.int64)
    np.add.at(out, q_choice, tallies)
    for result, (win, lose, one, both) in zip(results, out.tolist()):
        result.win, result.lose = win, lose
        for others, count in ((1, one), (2, both)):
            if count:
                result.ties[others] += count
    return list(results)


# Pools with at least this many hands are swept by two threads (numba runs them without the
# interpreter's lock), each computing one half of every answer with its own tables.
THREAD_HANDS = 200_000
THREAD_SPEEDUP = 1.6  # measured: 3.0 s on one core, 1.8 s on two
WHOLE, PAIRS, BOTH = 0, 1, 2  # as draw_pairs_kernels


def _sweep(kernel, n, hands, class_start, queries, expired):
    """Sweeps every class in order, answering the queries (``below``, ``negative`` and
    ``upto`` filled): in this thread, or for a large pool in two at once, one for the pairs
    in all and those holding a card drawn, the other for those holding both cards drawn (see
    ``draw_pairs_kernels``), their figures added. False when ``expired()`` came first."""
    import numpy as np

    if len(hands) < THREAD_HANDS:
        return _run(kernel, WHOLE, hands, class_start, queries, _State(n), expired)
    from concurrent.futures import ThreadPoolExecutor

    query_start, *rest, below, negative, upto = queries
    halves = [(query_start, *rest, *(np.zeros_like(a) for a in (below, negative, upto))) for _ in range(2)]
    with ThreadPoolExecutor(max_workers=1) as pool:
        job = pool.submit(_run, kernel, BOTH, hands, class_start, halves[1], _State(n), expired)
        done = _run(kernel, PAIRS, hands, class_start, halves[0], _State(n), expired)
        if not (job.result() and done):
            return False
    for at, values in zip((-3, -2, -1), (below, negative, upto)):
        values[:] = halves[0][at] + halves[1][at]
    return True


def _run(kernel, part, hands, class_start, queries, state, expired) -> bool:
    """Sweeps every class for ``part`` in blocks; False when ``expired()`` came first."""
    last = len(class_start)  # one past the final class: the queries above every hand
    for first in range(0, last, CLASS_BLOCK):
        if expired():
            return False
        kernel.sweep(part, first, min(first + CLASS_BLOCK, last), hands, class_start, *queries, *state.tables())
    return True
