"""The compiled loops of the whole-deck tables (``draw_deck``): numba, cached in the oracle's
cache folder, loaded through ``oracle.eval.jit.kernels``.

Cards are numbered 0..51; a set of cards ``c0 < c1 < ... < c(k-1)`` has the colex number
``sum of binom[c_t, t + 1]``, its row in the tables of sets of its size.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# The largest hand: subsets of at most five cards are ever looked up.
HAND = 5


@njit(cache=True)
def colex_hands(n, binom):
    """Every five-card set of cards 0..n-1, row i the set whose colex number is i."""
    out = np.empty((binom[n, 5], 5), dtype=np.int32)
    i = 0
    for e in range(4, n):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        out[i, 0], out[i, 1], out[i, 2], out[i, 3], out[i, 4] = a, b, c, d, e
                        i += 1
    return out


@njit(cache=True)
def subset_tables(hands, rank5, binom, by_card, by_pair, triples, quads):
    """From every hand (rows of ``hands`` by colex number) and its rank: how many hands of each
    rank hold each card (``by_card[card, rank]``) and each pair (``by_pair[pair, rank]``), and
    the ranks of the hands holding each set of three (``triples[set]``) and four
    (``quads[set]``) cards, unsorted."""
    fill3 = np.zeros(triples.shape[0], dtype=np.int64)
    fill4 = np.zeros(quads.shape[0], dtype=np.int64)
    for h in range(hands.shape[0]):
        r = rank5[h]
        for s in range(1, 32):
            size = 0
            index = 0
            for t in range(HAND):
                if (s >> t) & 1:
                    size += 1
                    index += binom[hands[h, t], size]
            if size == 1:
                by_card[index, r] += 1
            elif size == 2:
                by_pair[index, r] += 1
            elif size == 3:
                triples[index, fill3[index]] = r
                fill3[index] += 1
            elif size == 4:
                quads[index, fill4[index]] = r
                fill4[index] += 1


@njit(cache=True, inline="always")
def _count_below(table, index, r):
    """How many of the sorted row ``table[index]`` are less than ``r``."""
    # without branches (a conditional move a step): the holds' searches overlap
    base, n = 0, table.shape[1]
    while n > 1:
        half = n >> 1
        base = base + half if table[index, base + half] < r else base
        n -= half
    return base + 1 if table[index, base] < r else base


@njit(cache=True, inline="always")
def _number(cards, size, binom):
    """The colex number of ``cards[:size]`` (ascending)."""
    index = 0
    for t in range(size):
        index += binom[cards[t], t + 1]
    return index


@njit(cache=True)
def _add_below(out, by_rank, sign, cards, size, binom, below_all, below_card, below_pair, triples, quads, rank5):
    """Adds ``sign`` times the hands holding ``cards[:size]`` (ascending): for sets of up to
    two cards, those below each rank r to ``out[r]`` (the tables' rows in order); for larger
    sets, those of each rank to ``by_rank`` (to be summed into ``out``: ``_sum_below``)."""
    width = out.shape[0]
    index = _number(cards, size, binom)
    if size == 0:
        for r in range(width):
            out[r] += sign * below_all[r]
    elif size == 1:
        for r in range(width):
            out[r] += sign * below_card[index, r]
    elif size == 2:
        for r in range(width):
            out[r] += sign * below_pair[index, r]
    elif size == 5:
        by_rank[rank5[index]] += sign
    else:
        table = triples if size == 3 else quads
        for p in range(table.shape[1]):
            by_rank[table[index, p]] += sign


@njit(cache=True)
def _sum_below(out, by_rank):
    """Adds to ``out[r]`` the sum of ``by_rank`` below r."""
    total = 0
    for r in range(out.shape[0]):
        out[r] += total
        if r < by_rank.shape[0]:
            total += by_rank[r]


@njit(cache=True, inline="always")
def _subset(hand, a, extra, cards):
    """Into ``cards``, ascending: the cards of ``hand`` picked by the bits of ``a``, and the
    cards ``extra`` (ascending); returns how many."""
    size = 0
    for t in range(extra.shape[0]):
        cards[size] = extra[t]
        size += 1
    for t in range(HAND):
        if (a >> t) & 1:
            x = hand[t]
            j = size
            while j > 0 and cards[j - 1] > x:
                cards[j] = cards[j - 1]
                j -= 1
            cards[j] = x
            size += 1
    return size


@njit(cache=True)
def avoiding_hand(hand, pool, binom, below_all, below_card, below_pair, triples, quads, rank5):
    """For every rank r (0..R), by inclusion-exclusion over the subsets of the five ``hand``
    cards: ``avoid[r]``, the hands holding none of them that rank below r, and
    ``single[x, r]``, those that also hold the card ``x`` (each card of ``pool``)."""
    width = below_all.shape[0]
    avoid = np.zeros(width, dtype=np.int64)
    single = np.zeros((binom.shape[0] - 1, width), dtype=np.int64)
    avoid_by_rank = np.zeros(width - 1, dtype=np.int64)
    single_by_rank = np.zeros((binom.shape[0] - 1, width - 1), dtype=np.int64)
    cards = np.empty(HAND, dtype=np.int64)
    none = np.empty(0, dtype=np.int64)
    one = np.empty(1, dtype=np.int64)
    for a in range(32):
        size = _subset(hand, a, none, cards)
        _add_below(avoid, avoid_by_rank, -1 if size & 1 else 1, cards, size, binom, below_all, below_card,
                   below_pair, triples, quads, rank5)
        if size == HAND:
            continue
        for i in range(pool.shape[0]):
            one[0] = pool[i]
            size = _subset(hand, a, one, cards)
            _add_below(single[pool[i]], single_by_rank[pool[i]], -1 if (size - 1) & 1 else 1, cards, size, binom,
                       below_all, below_card, below_pair, triples, quads, rank5)
    _sum_below(avoid, avoid_by_rank)
    for i in range(pool.shape[0]):
        _sum_below(single[pool[i]], single_by_rank[pool[i]])
    return avoid, single


@njit(cache=True)
def count_draws(hand, kept, draws, binom, avoid, single, below_all, below_card, below_pair, triples, quads,
                rank5, counts, totals):
    """Every draw (rows of ``draws``, ascending cards) after each hold (rows of ``kept``,
    ascending): into ``counts[hold, rank]`` the final hands by rank, and into
    ``totals[hold]`` the opponent hands avoiding the five dealt cards and the draw that rank
    below the final hand and equal to it (summed over the draws). Inclusion-exclusion over
    the drawn cards B (as ``hands holding B and none of the dealt cards``): none, ``avoid``;
    one, ``single``; more, over the subsets of the dealt cards with them, each set's table
    row read once for all the holds."""
    k = draws.shape[1]
    holds = kept.shape[0]
    final = np.empty(HAND, dtype=np.int64)
    cards = np.empty(HAND, dtype=np.int64)
    ranks = np.empty(holds, dtype=np.int64)
    below = np.empty(holds, dtype=np.int64)
    upto = np.empty(holds, dtype=np.int64)
    drawn = np.empty(k, dtype=np.int64)
    for d in range(draws.shape[0]):
        for h in range(holds):
            _subset(draws[d], (1 << k) - 1, kept[h], final)
            r = np.int64(rank5[_number(final, HAND, binom)])
            ranks[h] = r
            counts[h, r] += 1
            below[h], upto[h] = avoid[r], avoid[r + 1]
            for t in range(k):
                below[h] -= single[draws[d, t], r]
                upto[h] -= single[draws[d, t], r + 1]
        for m in range(1, 1 << k):
            n = 0
            for t in range(k):
                if (m >> t) & 1:
                    drawn[n] = draws[d, t]
                    n += 1
            if n < 2:
                continue
            for a in range(32):
                if n + _popcount(a) > HAND:
                    continue
                size = _subset(hand, a, drawn[:n], cards)
                _add_set(size, _number(cards, size, binom), ranks, below, upto, below_pair, triples, quads, rank5)
        for h in range(holds):
            totals[h, 0] += below[h]
            totals[h, 1] += upto[h] - below[h]


@njit(cache=True, inline="always")
def _add_set(size, index, ranks, below, upto, below_pair, triples, quads, rank5):
    """Adds (-1)^size times the hands holding the set of ``size`` cards numbered ``index``
    that rank below each hold's rank ``ranks[h]`` to ``below[h]``, and up to it to ``upto[h]``."""
    sign = -1 if size & 1 else 1
    holds = ranks.shape[0]
    if size == 2:
        for h in range(holds):
            below[h] += sign * below_pair[index, ranks[h]]
            upto[h] += sign * below_pair[index, ranks[h] + 1]
    elif size == 3:
        for h in range(holds):
            r = ranks[h]
            p = _count_below(triples, index, r)
            below[h] += sign * p
            # then past the hands of rank r (few)
            while p < triples.shape[1] and triples[index, p] == r:
                p += 1
            upto[h] += sign * p
    elif size == 4:
        # 48 hands: counted straight through (vectorised), both bounds at once
        for h in range(holds):
            r = ranks[h]
            lt, le = 0, 0
            for j in range(quads.shape[1]):
                lt += quads[index, j] < r
                le += quads[index, j] <= r
            below[h] += sign * lt
            upto[h] += sign * le
    else:
        mine = rank5[index]
        for h in range(holds):
            below[h] += sign * (mine < ranks[h])
            upto[h] += sign * (mine <= ranks[h])


@njit(cache=True, inline="always")
def _popcount(a):
    count = 0
    while a:
        a &= a - 1
        count += 1
    return count
