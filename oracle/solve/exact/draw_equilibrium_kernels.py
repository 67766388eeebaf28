"""The compiled loops of ``draw_equilibrium`` (numba; plain Python when numba is missing).

Cards are numbered 0..51; a five-card hand, its numbers ascending, is numbered by the
combinatorial number system (``colex``), and ``rank_of[colex]`` is its strength's place among
all strengths of five-card Diablo hands. A hold is a mask of the hand's five places thrown.
"""

from __future__ import annotations

import numpy as np

from oracle.eval.jit import numba_available

if numba_available():
    from numba import njit
else:  # pragma: no cover - the fallback runs the same loops, slowly
    def njit(*args, **kwargs):
        return args[0] if args and callable(args[0]) else (lambda f: f)


@njit(cache=True)
def _colex(cards, binom):
    return binom[cards[0], 1] + binom[cards[1], 2] + binom[cards[2], 3] + binom[cards[3], 4] + binom[cards[4], 5]


@njit(cache=True)
def _finals(hand, mask, binom, rank_of, out_ranks):
    """The strength places of every final hand of ``hand`` holding all but ``mask``: the kept
    cards with each set of replacements from the 47 cards not dealt. Returns how many."""
    kept = np.empty(5, np.int64)
    nk = 0
    for i in range(5):
        if not (mask >> i) & 1:
            kept[nk] = hand[i]
            nk += 1
    k = 5 - nk
    rest = np.empty(47, np.int64)
    nr = 0
    h = 0
    for c in range(52):
        if h < 5 and hand[h] == c:
            h += 1
        else:
            rest[nr] = c
            nr += 1
    final = np.empty(5, np.int64)
    count = 0
    if k == 0:
        out_ranks[0] = rank_of[_colex(hand, binom)]
        return 1
    a = 0
    while a < nr:
        b = a + 1 if k == 2 else nr  # one replacement: a alone
        while True:
            if k == 2 and b >= nr:
                break
            # merge the kept cards with rest[a] (and rest[b]) in ascending order
            for i in range(nk):
                final[i] = kept[i]
            final[nk] = rest[a]
            if k == 2:
                final[nk + 1] = rest[b]
            for i in range(1, 5):
                x = final[i]
                j = i - 1
                while j >= 0 and final[j] > x:
                    final[j + 1] = final[j]
                    j -= 1
                final[j + 1] = x
            out_ranks[count] = rank_of[_colex(final, binom)]
            count += 1
            if k == 1:
                break
            b += 1
        a += 1
    return count


@njit(cache=True)
def opponent_weights(hands, weights, masks, binom, rank_of, places):
    """The weight of each strength place for an opponent dealt one of ``hands`` (each class by
    its weight) who throws ``masks[c]`` and draws as many from the 47 cards not dealt: divided
    by the classes' total weight, the chance of each place."""
    dist = np.zeros(places, np.float64)
    ranks = np.empty(1081, np.int64)
    for c in range(hands.shape[0]):
        n = _finals(hands[c], masks[c], binom, rank_of, ranks)
        share = weights[c] / n
        for i in range(n):
            dist[ranks[i]] += share
    return dist


def opponent_distribution(hands, weights, masks, binom, rank_of, places):
    """The chance of each strength place (``opponent_weights`` over the total weight)."""
    return opponent_weights(hands, weights, masks, binom, rank_of, places) / weights.sum()


@njit(cache=True)
def hold_values(hands, holds, binom, rank_of, value_of_place, out):
    """``out[c, j]``: the mean of ``value_of_place`` over the final hands of class ``c``
    holding all but ``holds[j]`` (a hold that throws three cards or more is skipped)."""
    ranks = np.empty(1081, np.int64)
    for c in range(hands.shape[0]):
        for j in range(holds.shape[0]):
            n = _finals(hands[c], holds[j], binom, rank_of, ranks)
            s = 0.0
            for i in range(n):
                s += value_of_place[ranks[i]]
            out[c, j] = s / n
    return out
