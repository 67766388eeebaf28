"""The compiled sweep of the two-opponent count (``draw_pairs``): numba, cached in the oracle's
cache folder, loaded through ``oracle.eval.jit.kernels``.

Cards are the pool's places 0..n-1; a set ``c0 < c1 < ...`` has the colex number
``sum of binom[c_t, t + 1]``. Sets of up to three cards share one index, ``level[size] +
colex``; sets of one to four cards another, one lower (the empty set has no row there).

The state is the weight ``w`` of every five-card hand of the pool (0 before the sweep reaches
it) seen through its subset sums ``c(S)``, the summed weights of the hands holding the set S,
kept in the layouts the queries read:

- ``small[S]``: c(S) for |S| <= 3; ``four[S]``: c(S) for |S| = 4; ``five[h]``: w(h);
- ``rows[S, x]``: c(S + x) for 1 <= |S| <= 3 (row S, one column per card); for |S| = 4,
  where c(S + x) is one hand's weight, 1, 0 or -1: bit x of ``row_plus[S]`` / ``row_minus[S]``;
- ``by_card[x, S]``: c(S + x) for |S| <= 2 (one row per card); ``by_card3[x, S]`` for |S| = 3
  (S's colex number; at most the pool's size); for |S| = 4, bit S of
  ``card_plus[x]`` / ``card_minus[x]``;
- ``by_pair[p, S]``: c(S + x + y) for |S| <= 2, p the colex number of {x, y}; for |S| = 3,
  bit S of ``pair_plus[p]`` / ``pair_minus[p]``;
- ``total``: the sum over ordered pairs of disjoint hands of w(A) w(B); ``touching[x]``: the
  same over the pairs whose first hand holds x.

The tables of single hands' weights are bit sets so that the whole state stays within a
processor's cache (about 15 MB for the full deck's 47 unseen cards).
"""

from __future__ import annotations

import numpy as np
from numba import njit

HAND = 5
# What a sweep computes (``_add_hand``): the whole, or one of its two halves.
WHOLE, PAIRS, BOTH = 0, 1, 2


@njit(cache=True, inline="always")
def _pair_number(x, y):
    """The colex number of {x, y}, x < y."""
    return x + y * (y - 1) // 2


def _splits():
    """For each subset m of a hand's five places (bit t: place t), each place t in it with the
    rest (``ONE_OUT`` rows: m, t, rest), and each two places t < u with the rest (``TWO_OUT``
    rows: m, t, u, rest): the ways the set is a smaller set plus one or two cards."""
    one, two = [], []
    for m in range(32):
        places = [t for t in range(HAND) if (m >> t) & 1]
        one += [(m, t, m & ~(1 << t)) for t in places]
        two += [(m, t, u, m & ~(1 << t) & ~(1 << u)) for i, t in enumerate(places) for u in places[i + 1:]]
    return np.array(one, dtype=np.int64), np.array(two, dtype=np.int64)


ONE_OUT, TWO_OUT = _splits()


@njit(cache=True, nogil=True)
def _subsets(hand, binom, size, number):
    """For the 32 subsets of ``hand`` (bit t: card t, the cards ascending): their sizes and
    colex numbers, each from the subset without its highest card."""
    size[0] = 0
    number[0] = 0
    for m in range(1, 32):
        high = 4
        while not (m >> high) & 1:
            high -= 1
        rest = m & ~(1 << high)
        size[m] = size[rest] + 1
        number[m] = number[rest] + binom[hand[high], size[m]]


@njit(cache=True, inline="always")
def _set_bit(bits, row, index, on):
    word, bit = index >> 6, np.uint64(1) << np.uint64(index & 63)
    if on:
        bits[row, word] |= bit
    else:
        bits[row, word] &= ~bit


@njit(cache=True, nogil=True)
def _apart(size, number, level, small, four, five, rows, row_plus, row_minus, apart):
    """Moebius over the subsets of a hand (their ``size`` and ``number``): into ``apart[x]``
    the weight of the hands holding x and none of the hand's cards; returns the weight of the
    hands holding none of them."""
    n = apart.shape[0]
    alone = 0
    for x in range(n):
        apart[x] = small[level[1] + x]
    for m in range(32):
        s = size[m]
        if s <= 3:
            value = small[level[s] + number[m]]
        elif s == 4:
            value = four[number[m]]
        else:
            value = five[number[m]]
        alone += -value if s & 1 else value
        if 1 <= s <= 3:
            row = level[s] + number[m] - 1
            if s & 1:
                for x in range(n):
                    apart[x] -= np.int32(rows[row, x])
            else:
                for x in range(n):
                    apart[x] += np.int32(rows[row, x])
        elif s == 4:
            plus, minus = row_plus[number[m]], row_minus[number[m]]
            for x in range(n):
                apart[x] += np.int32((plus >> np.uint64(x)) & np.uint64(1)) - np.int32(
                    (minus >> np.uint64(x)) & np.uint64(1))
    return alone


@njit(cache=True, nogil=True)
def _add_hand(part, hand, delta, binom, level, size, number, small, four, five, rows, row_plus, row_minus,
              by_card, by_card3, card_plus, card_minus, by_pair, pair_plus, pair_minus, total, touching, apart):
    """Adds ``delta`` to the weight of ``hand`` (ascending cards): first the pairs it makes with
    the hands already weighed (``total``, ``touching``), then the tables of subset sums. The
    work splits in two ``part``s that share nothing but the sums of sets of up to five cards:
    PAIRS (the pairs, and the rows they read) and BOTH (the tables of the queries' sums);
    WHOLE does both."""
    _subsets(hand, binom, size, number)
    if part != BOTH:
        _add_pairs(hand, delta, level, size, number, small, four, five, rows, row_plus, row_minus, total,
                   touching, apart)
    _add_sums(part, hand, delta, level, size, number, small, four, five, rows, row_plus, row_minus, by_card,
              by_card3, card_plus, card_minus, by_pair, pair_plus, pair_minus)


@njit(cache=True, nogil=True)
def _add_pairs(hand, delta, level, size, number, small, four, five, rows, row_plus, row_minus, total, touching,
               apart):
    """The pairs ``hand`` weighed ``delta`` makes with the hands already weighed."""
    n = apart.shape[0]
    alone = _apart(size, number, level, small, four, five, rows, row_plus, row_minus, apart)
    total[0] += 2 * delta * alone
    inside = 0
    for t in range(HAND):
        inside |= np.int64(1) << hand[t]
    for x in range(n):
        if (inside >> x) & 1:
            touching[x] += delta * alone
        else:
            touching[x] += delta * apart[x]


@njit(cache=True, nogil=True)
def _add_sums(part, hand, delta, level, size, number, small, four, five, rows, row_plus, row_minus, by_card,
              by_card3, card_plus, card_minus, by_pair, pair_plus, pair_minus):
    """Adds ``delta`` to the subset sums of ``hand`` (its subsets' ``size`` and ``number``
    given) in the layouts of ``part``."""
    rowed, queried = part != BOTH, part != PAIRS
    for m in range(32):
        s = size[m]
        if s <= 3:
            small[level[s] + number[m]] += delta
        elif s == 4:
            four[number[m]] += delta
        else:
            five[number[m]] += delta
    # each card x of a subset: the subset is (the rest) + x
    for j in range(ONE_OUT.shape[0]):
        t, rest = ONE_OUT[j, 1], ONE_OUT[j, 2]
        r = size[rest]
        if rowed and 1 <= r <= 3:
            rows[level[r] + number[rest] - 1, hand[t]] += delta
        if queried and r <= 3:
            if r == 3:
                by_card3[hand[t], number[rest]] += delta
            else:
                by_card[hand[t], level[r] + number[rest]] += delta
    # each pair x < y of a subset: the subset is (the rest) + x + y
    if queried:
        for j in range(TWO_OUT.shape[0]):
            t, u, rest = TWO_OUT[j, 1], TWO_OUT[j, 2], TWO_OUT[j, 3]
            if size[rest] <= 2:
                by_pair[_pair_number(hand[t], hand[u]), level[size[rest]] + number[rest]] += delta
    # the hand's own weight, in the bit sets of single hands
    weight = five[number[31]]
    for t in range(HAND):
        rest = 31 & ~(1 << t)
        if queried:
            _set_bit(card_plus, hand[t], number[rest], weight == 1)
            _set_bit(card_minus, hand[t], number[rest], weight == -1)
            for u in range(t + 1, HAND):
                rest2 = rest & ~(1 << u)
                p = _pair_number(hand[t], hand[u])
                _set_bit(pair_plus, p, number[rest2], weight == 1)
                _set_bit(pair_minus, p, number[rest2], weight == -1)
        if not rowed:
            continue
        bit = np.uint64(1) << np.uint64(hand[t])
        if weight == 1:
            row_plus[number[rest]] |= bit
        else:
            row_plus[number[rest]] &= ~bit
        if weight == -1:
            row_minus[number[rest]] |= bit
        else:
            row_minus[number[rest]] &= ~bit


@njit(cache=True, nogil=True)
def _popcount(v):
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def _both(x, y, level, small, by_card, by_card3, card_plus, card_minus, by_pair, pair_plus, pair_minus):
    """Half the weighted count of ordered pairs of disjoint hands holding both x and y between
    them (x in one and y in the other, or both in one): by Moebius over the shared cards,

        sum over S avoiding x, y of (-1)^|S| [c(S+x) c(S+y) + c(S+x+y) (c(S) - 2 c(S+x)
                                               - 2 c(S+y) + 2 c(S+x+y))]
    """
    p = _pair_number(min(x, y), max(x, y))
    out = 0
    for s in range(3):
        part = 0
        for i in range(level[s], level[s + 1]):
            gx = np.int64(by_card[x, i])
            gy = np.int64(by_card[y, i])
            h = np.int64(by_pair[p, i])
            part += gx * gy + h * (small[i] - 2 * gx - 2 * gy + 2 * h)
        out += -part if s & 1 else part
    # sets of three: c(S+x+y) is one hand's weight, 1, 0 or -1; the sign is -1
    three = level[3]
    dense = 0
    for i in range(three, level[4]):
        dense += by_card3[x, i - three] * by_card3[y, i - three]
    out -= dense
    for word in range(pair_plus.shape[1]):
        for bits, sign in ((pair_plus[p, word], 1), (pair_minus[p, word], -1)):
            while bits:
                low = bits & (~bits + np.uint64(1))
                i = three + word * 64 + _popcount(low - np.uint64(1))
                out -= sign * (small[i] - 2 * np.int64(by_card3[x, i - three])
                               - 2 * np.int64(by_card3[y, i - three])) + 2
                bits ^= low
    # sets of four: c(S+x) and c(S+y) are single hands' weights
    for word in range(card_plus.shape[1]):
        px, mx, py, my = card_plus[x, word], card_minus[x, word], card_plus[y, word], card_minus[y, word]
        out += _popcount(px & py) + _popcount(mx & my) - _popcount(px & my) - _popcount(mx & py)
    return out


@njit(cache=True, nogil=True)
def _weighed(part, k, x, y, level, small, by_card, by_card3, card_plus, card_minus, by_pair, pair_plus, pair_minus,
             total, touching):
    """The weighted count of ordered pairs of disjoint hands avoiding the cards drawn (none, x,
    or x and y), by inclusion-exclusion over those cards: the pairs in all, less those holding
    x or y, plus those holding both. PAIRS gives the first terms, BOTH the last, WHOLE all."""
    out = 0
    if part != BOTH:
        out += total[0]
        if k >= 1:
            out -= 2 * touching[x]
        if k >= 2:
            out -= 2 * touching[y]
    if part != PAIRS and k == 2:
        out += 2 * _both(x, y, level, small, by_card, by_card3, card_plus, card_minus, by_pair, pair_plus,
                         pair_minus)
    return out


@njit(cache=True, nogil=True)
def sweep(part, first, last, hands, class_start, query_start, q_k, q_x, q_y, q_equal, below, negative, upto,
          binom, level, small, four, five, rows, row_plus, row_minus, by_card, by_card3, card_plus, card_minus, by_pair,
          pair_plus, pair_minus, total, touching):
    """Weighs the hands of strength classes ``first`` to ``last - 1`` (ascending strength;
    ``hands`` sorted by strength, class c being ``hands[class_start[c]:class_start[c + 1]]``),
    answering the queries whose threshold class is c (``query_start[c]`` to
    ``query_start[c + 1]``) on the way: ``below``, the weighted pairs avoiding the cards drawn
    before class c (the pairs of hands weaker than the player's final hand); when the class
    is the final hand's own strength (``q_equal``), ``negative`` and ``upto`` with its hands
    weighed -1 and then +1 (else ``upto`` is ``below``). Weighing the class t, the count is
    ``Q(t) = L + 2 t M + t^2 E``: the pairs below (L), one hand tied and the other below (2 M),
    both tied (E). Pass ``last`` past the final class to answer the queries above every hand.
    ``part`` as ``_add_hand``: two sweeps of the two parts, each with its own tables, add up
    to one sweep of the whole."""
    size = np.empty(32, dtype=np.int64)
    number = np.empty(32, dtype=np.int64)
    apart = np.empty(by_card.shape[0], dtype=np.int32)
    classes = class_start.shape[0] - 1
    for c in range(first, last):
        queries = range(query_start[c], query_start[c + 1])
        tied = False
        for q in queries:
            below[q] = _weighed(part, q_k[q], q_x[q], q_y[q], level, small, by_card, by_card3, card_plus,
                                card_minus, by_pair, pair_plus, pair_minus, total, touching)
            upto[q] = below[q]
            tied = tied or q_equal[q]
        if c == classes:
            break
        for round_ in range(2 if tied else 1):
            step = (-1 if round_ == 0 else 2) if tied else 1
            for i in range(class_start[c], class_start[c + 1]):
                _add_hand(part, hands[i], step, binom, level, size, number, small, four, five, rows, row_plus,
                          row_minus, by_card, by_card3, card_plus, card_minus, by_pair, pair_plus, pair_minus, total,
                          touching, apart)
            if step == 1:
                continue
            for q in queries:
                if q_equal[q]:
                    value = _weighed(part, q_k[q], q_x[q], q_y[q], level, small, by_card, by_card3, card_plus,
                                     card_minus, by_pair, pair_plus, pair_minus, total, touching)
                    if step == -1:
                        negative[q] = value
                    else:
                        upto[q] = value
