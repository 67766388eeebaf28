"""Exact best-swap odds against two opponents whose cards (some or all) come from the deck:
every deal enumerated in a compiled loop (``draw_kernels``), the opponents' completions ranked
once in bulk. Used when the count of deals fits the time allowed; answers what the plain
enumeration answers, many times faster."""

from __future__ import annotations

import math
from typing import Sequence

from oracle.cards import Card
from oracle.solve.exact.subsets import binomial_table

KERNELS = "oracle.solve.exact.draw_kernels"
# Draws handed to the compiled loop at a time, between checks of the time budget.
DRAW_BLOCK = 16


# Without numba, the pairs of opponent hands are listed once when there are at most this many.
PAIR_LIST_LIMIT = 5_000_000


def compiled():
    """The compiled loop, or None (numba missing or switched off)."""
    from oracle.eval.jit import kernels

    return kernels(KERNELS)


def _pair_count(pool: int, unknowns: Sequence[int]) -> int:
    first, second = unknowns
    return math.comb(pool, first) * math.comb(pool - first, second)


def enumerates(pool: int, unknowns: Sequence[int]) -> bool:
    """Whether this module answers for two opponents with these unknown cards (fewer first):
    the compiled loop, or without it numpy over the listed pairs of hands when they are few."""
    return compiled() is not None or _pair_count(pool, unknowns) <= PAIR_LIST_LIMIT


def enumeration_seconds(pool: int, draw_sizes: Sequence[int], unknowns: Sequence[int]) -> float:
    """Rough time of the enumeration on the benchmark machine, warm."""
    tables = sum(math.comb(pool, u) for u in unknowns)
    if compiled() is None:
        pairs, draws = _pair_count(pool, unknowns), sum(math.comb(pool, k) for k in draw_sizes)
        return 0.05 + 2e-7 * tables + 1e-7 * pairs + 8e-9 * pairs * draws
    deals = 0
    for k in draw_sizes:
        walked, left = math.comb(pool, k), pool - k
        for u in unknowns:
            walked *= math.comb(left, u)
            left -= u
        deals += walked
    return 0.05 + 2e-7 * tables + 2.7e-8 * deals


def count_against_two(results, hand: Sequence[Card], unseen: Sequence[Card], walk_order, expired) -> list:
    """Each choice's wins, ties and losses against the two opponents (``walk_order``: fewer
    unknown cards first), in order, until ``expired()``: the choices counted. ``results``
    carry their ``strengths`` already and get ``win``, ``lose`` and ``ties``."""
    import numpy as np

    from oracle.solve.exact.draw_counting import completions

    kernel = compiled()
    if kernel is None:
        return _count_listed(results, hand, unseen, walk_order, expired)
    n = len(unseen)
    first, second = walk_order
    picks_a, values_a = completions(unseen, first.known, first.unknown)
    masks_a = (np.int64(1) << picks_a.astype(np.int64)).sum(axis=1) if first.unknown else np.zeros(1, np.int64)
    picks_b, by_pick = completions(unseen, second.known, second.unknown)
    binom = binomial_table(n, second.unknown + 1)
    colex = binom[picks_b, np.arange(1, second.unknown + 1)].sum(axis=1) if second.unknown else np.zeros(1, np.int64)
    values_b = np.empty(len(by_pick), dtype=np.int64)
    values_b[colex] = by_pick
    counted = []
    for result in results:
        kept = [c for c in hand if c not in result.discard]
        draws, mine = completions(unseen, kept, len(result.discard))
        draw_masks = (np.int64(1) << draws.astype(np.int64)).sum(axis=1) if draws.shape[1] else np.zeros(1, np.int64)
        out = np.zeros(4, dtype=np.int64)
        for start in range(0, len(draw_masks), DRAW_BLOCK):
            if expired():
                return counted
            block = slice(start, start + DRAW_BLOCK)
            kernel.count_two(n, draw_masks[block], mine[block].astype(np.int64), masks_a, values_a,
                             values_b, second.unknown, binom, out)
        result.win, result.lose = int(out[0]), int(out[1])
        for others, count in ((1, int(out[2])), (2, int(out[3]))):
            if count:
                result.ties[others] += count
        counted.append(result)
    return counted


def _count_listed(results, hand: Sequence[Card], unseen: Sequence[Card], walk_order, expired) -> list:
    """``count_against_two`` in numpy: every pair of disjoint opponent hands listed once (the
    cards both take, both strengths), then, after each draw, the pairs avoiding it compared."""
    import numpy as np

    from oracle.solve.exact.draw_counting import completions

    (mask_a, value_a), (mask_b, value_b) = [
        ((np.int64(1) << picks.astype(np.int64)).sum(axis=1), values)
        for picks, values in (completions(unseen, o.known, o.unknown) for o in walk_order)
    ]
    first, second = np.nonzero((mask_a[:, None] & mask_b[None, :]) == 0)
    taken, theirs, other = mask_a[first] | mask_b[second], value_a[first], value_b[second]
    top, shared = np.maximum(theirs, other), theirs == other
    counted = []
    for result in results:
        if expired():
            break
        kept = [c for c in hand if c not in result.discard]
        draws, mine = completions(unseen, kept, len(result.discard))
        drawn = (np.int64(1) << draws.astype(np.int64)).sum(axis=1)
        tally = np.zeros(4, dtype=np.int64)  # wins, losses, ties with one, ties with both
        for cards, me in zip(drawn.tolist(), mine.tolist()):
            free = (taken & cards) == 0
            best, both = top[free], shared[free]
            tied = best == me
            tally += [np.count_nonzero(best < me), np.count_nonzero(best > me),
                      np.count_nonzero(tied & ~both), np.count_nonzero(tied & both)]
        result.win, result.lose = int(tally[0]), int(tally[1])
        for others, count in ((1, int(tally[2])), (2, int(tally[3]))):
            if count:
                result.ties[others] += count
        counted.append(result)
    return counted
