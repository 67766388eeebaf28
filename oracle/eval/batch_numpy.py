"""The batch evaluator in plain numpy: the same tables as the compiled kernels
(``oracle.eval.batch_kernels``), read a whole array at a time, giving the same numbers and the
same error codes. Used when numba is missing or ``ORACLE_NO_NUMBA=1``."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from oracle.eval.batch_tables import EMPTY, FLUSH_FLAGS, JOKER_SLOT, SUITED_SHIFT, VALUE_BYTES, WILD, BatchTables

BAD_CARD = -2
BAD_HAND = -3
NO_CARDS = -4
_ONES = sum(1 << (3 * r) for r in range(13))
_NATURAL = (1 << 39) - 1


def card_slots(codes, t: BatchTables):
    """(``batch_tables.card_slot`` of every code, whether each code is a card of the deck)."""
    codes = np.asarray(codes, dtype=np.int64)
    slots = (codes >> 8) & 0x1FF
    return slots, t.card_codes[slots] == codes


def _u(value: int):
    return np.uint64(value)


def _popcount(x):
    x = x - ((x >> _u(1)) & _u(0x5555555555555555))
    x = (x & _u(0x3333333333333333)) + ((x >> _u(2)) & _u(0x3333333333333333))
    x = (x + (x >> _u(4))) & _u(0x0F0F0F0F0F0F0F0F)
    with np.errstate(over="ignore"):
        return ((x * _u(0x0101010101010101)) >> _u(56)).astype(np.int64)


def key_errors(keys, masks, max_wilds: int):
    """Per key: 0, or BAD_HAND as ``batch_kernels.check_key``."""
    natural = keys & _u(_NATURAL)
    overfull = ((natural >> _u(2)) & (natural | (natural >> _u(1))) & _u(_ONES)) != 0
    overfull |= ((keys >> _u(3 * WILD)) & _u(7)).astype(np.int64) > max_wilds
    overfull |= ((keys >> _u(SUITED_SHIFT)) & _u(7)).astype(np.int64) != _popcount(masks)
    return np.where(overfull, BAD_HAND, 0)


def key_strengths(keys, masks, size: int, t: BatchTables):
    """Strengths from keys and suit masks of hands of ``size`` cards, as
    ``batch_kernels.key_strength``."""
    with np.errstate(over="ignore"):
        product = keys * t.hash_mul[size]
    bucket = (product >> t.bucket_shift[size]).astype(np.int64)
    slot = ((product >> t.slot_shift[size]) & t.slot_mask[size]) ^ t.disp[t.disp_start[size] + bucket]
    at = VALUE_BYTES * (t.value_start[size] + slot.astype(np.int64))
    best = sum(t.values[at + i].astype(np.int64) << (8 * i) for i in range(VALUE_BYTES))
    flags = (keys >> _u(44)) & _u(FLUSH_FLAGS)
    wilds = ((keys >> _u(3 * WILD)) & _u(7)).astype(np.int64)
    for suit in range(4):
        rows = np.flatnonzero(flags & _u(8 << (4 * suit)))
        if len(rows):
            bits = ((masks[rows] >> _u(16 * suit)) & t.natural_bits).astype(np.int64)
            best[rows] = np.maximum(best[rows], t.flush[wilds[rows] * 8192 + bits])
    return best


def strengths(codes, t: BatchTables):
    """The strength of every row of card codes, as the ``batch_kernels`` strengths kernels."""
    index, known = card_slots(codes, t)
    keys = t.card_keys[index].sum(axis=1, dtype=np.uint64) + _u(EMPTY)
    masks = np.bitwise_or.reduce(t.card_masks[index], axis=1)
    out = np.where(key_errors(keys, masks, t.max_wilds) != 0, BAD_HAND, key_strengths(keys, masks, index.shape[1], t))
    return np.where(known.all(axis=1), out, BAD_CARD)


class _Side:
    """One side of the selection rule (private or board), its legal cards moved to the
    front of each row: keys, masks and toll flags by position, and how many are legal."""

    def __init__(self, codes, t: BatchTables, banned: int, tolled: int):
        index, known = card_slots(codes, t)
        self.bad = ~known.all(axis=1)
        rank = np.where(index == JOKER_SLOT, -1, index & 0xF)
        legal = (rank < 0) | ((banned >> np.maximum(rank, 0)) & 1 == 0)
        order = np.argsort(~legal, axis=1, kind="stable")
        index = np.take_along_axis(index, order, axis=1)
        rank = np.take_along_axis(rank, order, axis=1)
        self.count = legal.sum(axis=1)
        self.key = t.card_keys[index]
        self.mask = t.card_masks[index]
        self.tolls = ((rank >= 0) & ((tolled >> np.maximum(rank, 0)) & 1 == 1)).astype(np.int64)
        self.width = index.shape[1]

    def part(self, subset):
        """(key sum, mask, tolls, rows where every position is legal) of positions ``subset``."""
        rows = len(self.count)
        if not subset:
            return (np.zeros(rows, np.uint64), np.zeros(rows, np.uint64), np.zeros(rows, np.int64),
                    np.ones(rows, bool))
        cols = list(subset)
        return (self.key[:, cols].sum(axis=1, dtype=np.uint64), np.bitwise_or.reduce(self.mask[:, cols], axis=1),
                self.tolls[:, cols].sum(axis=1), self.count > max(cols))


def selection(private, board, t: BatchTables, min_private: int, max_private: int, banned: int,
              tolled: int, max_tolled: int):
    """``batch_kernels.selection_kernel`` a whole array at a time."""
    mine = _Side(private, t, banned, tolled)
    theirs = _Side(board, t, banned, tolled)
    low = np.where(mine.count >= min_private, min_private, mine.count)
    high = np.minimum(np.minimum(max_private, mine.count), 5)
    best = np.full(len(low), NO_CARDS, dtype=np.int64)
    bad = np.zeros(len(low), dtype=bool)
    for k in range(0, min(max_private, mine.width, 5) + 1):
        most = np.minimum(5 - k, theirs.count)
        for psub in combinations(range(mine.width), k):
            pkey, pmask, ptolls, pok = mine.part(psub)
            pok = pok & (low <= k) & (k <= high)
            for j in range(0, min(5 - k, theirs.width) + 1):
                if k + j == 0:
                    continue
                size_ok = (j <= most) if max_tolled >= 0 else (j == most)
                for bsub in combinations(range(theirs.width), j):
                    bkey, bmask, btolls, bok = theirs.part(bsub)
                    ok = pok & size_ok & bok
                    if max_tolled >= 0:
                        ok &= ptolls + btolls <= max_tolled
                    key = pkey + bkey + _u(EMPTY)
                    bad |= ok & (key_errors(key, pmask | bmask, t.max_wilds) != 0)
                    value = key_strengths(key, pmask | bmask, k + j, t)
                    best = np.where(ok & (value > best), value, best)
    out = np.where(bad, BAD_HAND, best)
    return np.where(mine.bad | theirs.bad, BAD_CARD, out)
