"""Exact best-swap odds against two opponents whose cards (some or all) come from the deck:
every deal enumerated in a compiled loop (``draw_kernels``), the opponents' completions ranked
once in bulk. Used when the count of deals fits the time allowed; answers what the plain
enumeration answers, many times faster."""

from __future__ import annotations

import math
from typing import Sequence

from oracle.cards import Card

KERNELS = "oracle.solve.exact.draw_kernels"
# Draws handed to the compiled loop at a time, between checks of the time budget.
DRAW_BLOCK = 16


def compiled():
    """The compiled loop, or None (numba missing or switched off: the plain walk answers)."""
    from oracle.eval.jit import kernels

    return kernels(KERNELS)


def enumeration_seconds(pool: int, draw_sizes: Sequence[int], unknowns: Sequence[int]) -> float:
    """Rough time of the compiled enumeration on the benchmark machine, warm."""
    tables = sum(math.comb(pool, u) for u in unknowns)
    deals = 0
    for k in draw_sizes:
        walked, left = math.comb(pool, k), pool - k
        for u in unknowns:
            walked *= math.comb(left, u)
            left -= u
        deals += walked
    return 0.05 + 2e-7 * tables + 2.7e-8 * deals


def _completions(unseen: Sequence[Card], known: Sequence[Card], unknown: int):
    """Every completion of an opponent's hand from ``unseen``: the picks (rows of indices,
    lexicographic) and their strengths."""
    import numpy as np

    from oracle.eval import batch
    from oracle.solve.exact.draw_counting import combination_array

    picks = combination_array(len(unseen), unknown)
    codes = np.array([c.code for c in unseen], dtype=np.int32)
    hands = np.hstack([np.broadcast_to(np.array([c.code for c in known], dtype=np.int32),
                                       (len(picks), len(known))), codes[picks]])
    return picks, batch.strengths(hands, "diablo").astype(np.int64)


def count_against_two(results, hand: Sequence[Card], unseen: Sequence[Card], walk_order, expired) -> list:
    """Each choice's wins, ties and losses against the two opponents (``walk_order``: fewer
    unknown cards first), in order, until ``expired()``: the choices counted. ``results``
    carry their ``strengths`` already and get ``win``, ``lose`` and ``ties``."""
    import numpy as np

    from oracle.solve.exact.draw_counting import draw_strengths

    kernel = compiled()
    n = len(unseen)
    first, second = walk_order
    picks_a, values_a = _completions(unseen, first.known, first.unknown)
    masks_a = (np.int64(1) << picks_a.astype(np.int64)).sum(axis=1) if first.unknown else np.zeros(1, np.int64)
    picks_b, by_pick = _completions(unseen, second.known, second.unknown)
    binom = np.array([[math.comb(i, j) for j in range(second.unknown + 2)] for i in range(n + 1)], dtype=np.int64)
    colex = binom[picks_b, np.arange(1, second.unknown + 1)].sum(axis=1) if second.unknown else np.zeros(1, np.int64)
    values_b = np.empty(len(by_pick), dtype=np.int64)
    values_b[colex] = by_pick
    counted = []
    for result in results:
        kept = [c for c in hand if c not in result.discard]
        draws, mine = draw_strengths(unseen, kept, len(result.discard))
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
