"""The compiled loops of best-swap against one opponent who draws (numba, cached in the
oracle's cache folder; loaded through ``oracle.eval.jit.kernels``). See ``draw_drawer`` for
what is counted; pool cards are places 0 to n - 1, sets are numbered in colex order (the sum
of ``binom[card, place + 1]`` over the set's cards, ascending)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _pair(a, b, n):
    if a > b:
        a, b = b, a
    return a * (2 * n - a - 1) // 2 + (b - a - 1)


@njit(cache=True, nogil=True)
def kept_lists(n, deals, pool, big, start52, thrown52, weight52, drawn, binom, count_kept):
    """The strategy's discards of ``drawn`` cards from every deal of five pool places, grouped
    by the places kept: (start by kept set's number, first and second place thrown, weight)."""
    number = np.zeros(len(deals), dtype=np.int64)
    total = 0
    for o in range(len(deals)):
        g = 0
        for j in range(5):
            g += big[pool[deals[o, j]], j + 1]
        number[o] = g
        for e in range(start52[g], start52[g + 1]):
            bits = thrown52[e]
            if (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1) + (bits >> 3 & 1) + (bits >> 4 & 1) == drawn:
                total += 1
    kept_number = np.empty(total, dtype=np.int64)
    first = np.zeros(total, dtype=np.int64)
    second = np.zeros(total, dtype=np.int64)
    weight = np.empty(total, dtype=np.float64)
    at = 0
    for o in range(len(deals)):
        g = number[o]
        for e in range(start52[g], start52[g + 1]):
            bits = thrown52[e]
            if (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1) + (bits >> 3 & 1) + (bits >> 4 & 1) != drawn:
                continue
            k = 0
            t = 0
            kn = 0
            for j in range(5):
                if bits >> j & 1:
                    if t == 0:
                        first[at] = deals[o, j]
                    else:
                        second[at] = deals[o, j]
                    t += 1
                else:
                    kn += binom[deals[o, j], k + 1]
                    k += 1
            kept_number[at] = kn
            weight[at] = weight52[e]
            at += 1
    start = np.zeros(count_kept + 1, dtype=np.int64)
    for e in range(total):
        start[kept_number[e] + 1] += 1
    for k in range(count_kept):
        start[k + 1] += start[k]
    place = start[:-1].copy()
    order = np.empty(total, dtype=np.int64)
    for e in range(total):
        order[place[kept_number[e]]] = e
        place[kept_number[e]] += 1
    return start, first[order], second[order], weight[order]


@njit(cache=True, nogil=True)
def kept_weights(n, start, first, second, weight, drawn):
    """From the discards grouped by the places kept K: ``ptot[K]``, ``pvec[K, d]`` (the
    weight of those holding d) and, when two are thrown, the lists by K and card x (row
    K n + x: the other card thrown, the weight), grouped by a counting sort."""
    count = len(start) - 1
    ptot = np.zeros(count)
    pvec = np.zeros((count if drawn else 1, n), dtype=np.float32)  # whole numbers below 2**24
    rows = count * n if drawn == 2 else 1
    sub_start = np.zeros(rows + 1, dtype=np.int64)
    for k in range(count):
        for e in range(start[k], start[k + 1]):
            ptot[k] += weight[e]
            if drawn >= 1:
                pvec[k, first[e]] += weight[e]
            if drawn == 2:
                pvec[k, second[e]] += weight[e]
                sub_start[k * n + first[e] + 1] += 1
                sub_start[k * n + second[e] + 1] += 1
    for r in range(rows):
        sub_start[r + 1] += sub_start[r]
    sub_other = np.zeros(max(sub_start[rows], 1), dtype=np.int64)
    sub_weight = np.zeros(max(sub_start[rows], 1))
    if drawn == 2:
        place = sub_start[:-1].copy()
        for k in range(count):
            for e in range(start[k], start[k + 1]):
                for x, other in ((first[e], second[e]), (second[e], first[e])):
                    r = k * n + x
                    sub_other[place[r]] = other
                    sub_weight[place[r]] = weight[e]
                    place[r] += 1
    return ptot, pvec, sub_start, sub_other, sub_weight


@njit(cache=True, nogil=True)
def sweep(n, hands, class_start, first, last, splits, binom, drawn, ptot, pvec, sub_start, sub_other, sub_weight,
          out0, out1, out2):
    """Weigh the opponent's final hands F (``hands``, rows of five places, weakest class
    first) of classes ``first`` to ``last - 1`` by the configurations that end in them, writing
    the running sums (from zero) before each class c into row c - first of the outputs and the
    totals into the row after: ``out0`` all, ``out1[., x]``
    those using card x, ``out2[., pair]`` those using both cards of the pair, leaving out the
    pairs thrown together (added by ``pair_histograms``) but putting right their
    configurations whose draw holds a card thrown.

    A configuration keeps K (``splits``' first places of F), draws N (the rest) and threw D.
    ``ptot[K]`` is the weight of all of K's discards, ``pvec[K, d]`` of those holding d;
    ``sub_*`` list, for each K and card x (row K n + x), the discards holding x: the other
    card thrown and the weight. The discards that miss N are all, less those holding a card
    of N, plus the one equal to N."""
    keep = 5 - drawn
    run0 = 0.0
    run1 = np.zeros(n)
    run2 = np.zeros(n * (n - 1) // 2)
    cross = np.zeros((n, n))
    thrown = np.zeros(n)
    for c in range(first, last + 1):
        out0[c - first] = run0
        out1[c - first, :] = run1
        for a in range(n):
            for b in range(a + 1, n):
                p = a * (2 * n - a - 1) // 2 + (b - a - 1)
                out2[c - first, p] = run2[p] + cross[a, b] + cross[b, a]
        if c == last:
            break
        for h in range(class_start[c], class_start[c + 1]):
            f = hands[h]
            whole = 0.0
            for s in range(splits.shape[0]):
                number = 0
                for j in range(keep):
                    number += binom[f[splits[s, j]], j + 1]
                whole += ptot[number]
                if drawn == 0:
                    continue
                for d in range(n):
                    thrown[d] += pvec[number, d]
                x = f[splits[s, keep]]
                whole -= pvec[number, x]
                if drawn == 1:
                    continue
                y = f[splits[s, keep + 1]]
                whole -= pvec[number, y]
                both = 0.0
                for e in range(sub_start[number * n + x], sub_start[number * n + x + 1]):
                    other, w = sub_other[e], sub_weight[e]
                    thrown[other] -= w
                    run2[_pair(x, other, n)] -= w
                    if other == y:
                        both = w
                for e in range(sub_start[number * n + y], sub_start[number * n + y + 1]):
                    other, w = sub_other[e], sub_weight[e]
                    thrown[other] -= w
                    run2[_pair(y, other, n)] -= w
                run2[_pair(x, y, n)] += both
                whole += both
            for j in range(5):
                thrown[f[j]] = 0.0
            if drawn > 0:
                for d in range(n):
                    m = thrown[d]
                    run1[d] += m
                    for j in range(5):
                        cross[f[j], d] += m
                    thrown[d] = 0.0
            run0 += whole
            for j in range(5):
                run1[f[j]] += whole
                for t in range(j + 1, 5):
                    run2[_pair(f[j], f[t], n)] += whole


@njit(cache=True, nogil=True)
def completion_classes(n, kept, binom, class_of, classes):
    """For every three places K (rows of ``kept``, in colex order), the classes of the hands K
    + N over every two places N outside K, counted: (start by K, class, count)."""
    count = np.zeros(classes, dtype=np.int64)
    touched = np.empty(n * n, dtype=np.int64)
    start = np.zeros(len(kept) + 1, dtype=np.int64)
    found_class = np.empty(len(kept) * 128, dtype=np.int64)
    found_count = np.empty(len(kept) * 128, dtype=np.float64)
    at = 0
    below = np.empty(n, dtype=np.int64)
    for k in range(len(kept)):
        k0, k1, k2 = kept[k, 0], kept[k, 1], kept[k, 2]
        for x in range(n):
            below[x] = (k0 < x) + (k1 < x) + (k2 < x)
        used = 0
        for x in range(n):
            if x == k0 or x == k1 or x == k2:
                continue
            # colex number without sorting: each card at its place among the five
            part = binom[x, below[x] + 1]
            for y in range(x + 1, n):
                if y == k0 or y == k1 or y == k2:
                    continue
                number = (part + binom[y, below[y] + 2] + binom[k0, 1 + (x < k0) + (y < k0)]
                          + binom[k1, 2 + (x < k1) + (y < k1)] + binom[k2, 3 + (x < k2) + (y < k2)])
                c = class_of[number]
                if count[c] == 0:
                    touched[used] = c
                    used += 1
                count[c] += 1
        if at + used > len(found_class):
            grown = max(2 * len(found_class), at + used)
            found_class = np.concatenate((found_class, np.empty(grown - len(found_class), dtype=np.int64)))
            found_count = np.concatenate((found_count, np.empty(grown - len(found_count), dtype=np.float64)))
        for i in range(used):
            found_class[at] = touched[i]
            found_count[at] = count[touched[i]]
            count[touched[i]] = 0
            at += 1
        start[k + 1] = at
    return start, found_class[:at], found_count[:at]


@njit(cache=True, nogil=True)
def pair_histograms(pair_start, pair_kept, pair_weight, g_start, g_class, g_count, hist):
    """``hist[pair, c]``: for every two places thrown together, the weight of its discards
    times the hands of class c that the cards kept make with any two other places (a card
    thrown among them is put right by ``sweep``)."""
    for p in range(len(pair_start) - 1):
        row = hist[p]
        for e in range(pair_start[p], pair_start[p + 1]):
            k, w = pair_kept[e], pair_weight[e]
            for i in range(g_start[k], g_start[k + 1]):
                row[g_class[i]] += w * g_count[i]


@njit(cache=True, nogil=True)
def hand_table(hands, thrown, units, renamed, binom, count):
    """Every renaming of every class's hand and discard (``hands`` and ``thrown``: rows of five
    card indices and whether each is thrown; ``units``: the discard's weight for each renaming):
    the hands' discards grouped by hand number (start; the discard as bits over the hand's
    sorted cards; the weights summed over equal discards)."""
    rows = len(hands)
    number = np.empty((len(renamed), rows), dtype=np.int64)
    bits = np.empty((len(renamed), rows), dtype=np.int64)
    start = np.zeros(count + 1, dtype=np.int64)
    card = np.empty(5, dtype=np.int64)
    for k in range(len(renamed)):
        for e in range(rows):
            for j in range(5):
                card[j] = renamed[k, hands[e, j]] * 2 + thrown[e, j]
            for i in range(1, 5):  # insertion sort of five
                v = card[i]
                t = i - 1
                while t >= 0 and card[t] > v:
                    card[t + 1] = card[t]
                    t -= 1
                card[t + 1] = v
            g = 0
            b = 0
            for j in range(5):
                g += binom[card[j] >> 1, j + 1]
                b |= (card[j] & 1) << j
            number[k, e] = g
            bits[k, e] = b
            start[g + 1] += 1
    for h in range(count):
        start[h + 1] += start[h]
    place = start[:-1].copy()
    listed = np.empty(start[count], dtype=np.int64)
    weight = np.zeros(start[count], dtype=np.int64)
    for k in range(len(renamed)):
        for e in range(rows):
            g = number[k, e]
            # the same discard of the same hand again (a renaming that leaves the hand as it
            # is): its weight joins the first
            found = -1
            for i in range(start[g], place[g]):
                if listed[i] == bits[k, e]:
                    found = i
            if found < 0:
                found = place[g]
                listed[found] = bits[k, e]
                place[g] += 1
            weight[found] += units[e]
    # close the gaps the repeats left
    out_start = np.zeros(count + 1, dtype=np.int64)
    at = 0
    for h in range(count):
        for i in range(start[h], place[h]):
            listed[at] = listed[i]
            weight[at] = weight[i]
            at += 1
        out_start[h + 1] = at
    return out_start, listed[:at].copy(), weight[:at].copy()
