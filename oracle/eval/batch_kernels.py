"""The compiled batch kernels (numba): the tables of ``oracle.eval.batch_tables`` read hand by
hand. Imported only through ``oracle.eval.jit``, which sets numba's cache folder first; the
numpy fallback (``oracle.eval.batch_numpy``) computes the same numbers from the same tables.

A kernel never raises: a hand it cannot rank gets a negative strength (``BAD_CARD`` for a
card code that is no card or not in the ruleset's deck, ``BAD_HAND`` for cards that cannot be
held together, ``NO_CARDS`` when the selection rule leaves nothing), and ``oracle.eval.batch``
turns the first one into an error naming the row. The checks are folded into the sums (no
branch a card), which keeps them nearly free.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.core.extending import intrinsic

from oracle.eval.batch_tables import CARD_ROW, DIGITS, EMPTY, FLUSH_FLAGS, SUITED_SHIFT, WILD

BAD_CARD = -2
BAD_HAND = -3
NO_CARDS = -4

_EMPTY = np.uint64(EMPTY)
_DIGITS = np.uint64(DIGITS)
_FLAGS = np.uint64(FLUSH_FLAGS)
_WILD_SHIFT = np.uint64(3 * WILD)
_SUIT_SHIFT = np.uint64(44)
_SUITED_SHIFT = np.uint64(SUITED_SHIFT)
_SEVEN = np.uint64(7)
# Bit 0 of each of the thirteen natural-rank counters.
_ONES = np.uint64(sum(1 << (3 * r) for r in range(13)))
_NATURAL = np.uint64((1 << 39) - 1)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_TWO = np.uint64(2)
_FOUR = np.uint64(4)
_ROW = CARD_ROW


@intrinsic
def _ctpop(typingctx, x):
    """The number of set bits of a uint64 (LLVM's ctpop)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@njit(cache=True, inline="always")
def card_slot(code):
    """Where a code's row sits in the card table (``batch_tables.card_slot``)."""
    return (code >> 8) & 0x1FF


class RulesetTables(NamedTuple):
    """One ruleset's tables out of a ``TableStack``, as one-dimensional views: indexing them
    takes no multiplication by a row length the compiler cannot see."""

    cards: object  # uint64[512 * 4]: key, suit mask, expected code, 0 per slot
    disp: object
    values: object
    flush: object
    mul1: object
    mul2: object
    bucket_shift: object
    slot_shift: object
    natural_bits: object
    max_wilds: object


@njit(cache=True, inline="always")
def ruleset_tables(s, r):
    """Ruleset ``r`` of the stack ``s`` as ``RulesetTables``."""
    return RulesetTables(s.cards[r].reshape(-1), s.disp[r], s.values[r], s.flush[r], s.mul1[r], s.mul2[r],
                         s.bucket_shift[r], s.slot_shift[r], s.natural_bits[r], s.max_wilds[r])


@njit(cache=True, inline="always")
def check_key(key, mask, max_wilds):
    """0 when a key's counters make a hand that can be held, else BAD_HAND: a counter of 5, 6
    or 7 natural cards of a rank (bit 2 and one of bits 0-1 set), more wild cards than the
    deck has, or more suited cards than suit-mask bits (a card given twice)."""
    natural = key & _NATURAL
    if ((natural >> _TWO) & (natural | (natural >> _ONE)) & _ONES) != _ZERO:
        return BAD_HAND
    if np.int64((key >> _WILD_SHIFT) & _SEVEN) > max_wilds:
        return BAD_HAND
    if ((key >> _SUITED_SHIFT) & _SEVEN) != _ctpop(mask):
        return BAD_HAND
    return 0


@njit(cache=True, inline="always")
def tables_strength(key, mask, t):
    """The strength of a hand from its key and suit mask (see ``batch_tables``), under the
    ``RulesetTables`` ``t``: the hash of the rank counters, and for each suit that may hold
    a flush (rare, and more than one only with three wild cards or more) the flush table."""
    digits = key & _DIGITS
    slot = ((digits * t.mul2) >> t.slot_shift) ^ np.uint64(t.disp[(digits * t.mul1) >> t.bucket_shift])
    best = np.int64(t.values[slot])
    flags = (key >> _SUIT_SHIFT) & _FLAGS
    if flags:
        wilds = np.int64((key >> _WILD_SHIFT) & _SEVEN)
        while flags:
            low = flags & (~flags + _ONE)
            flags ^= low
            suit = np.uint64(_ctpop(low - _ONE) >> _TWO)
            bits = np.int64((mask >> (suit << _FOUR)) & t.natural_bits)
            value = np.int64(t.flush[wilds * 8192 + bits])
            if value > best:
                best = value
    return best


@njit(cache=True, inline="always")
def key_strength(key, mask, s, r):
    """The strength of a hand from its key and suit mask, under ruleset ``r`` of the stack
    ``s``."""
    return tables_strength(key, mask, ruleset_tables(s, r))


@njit(cache=True, inline="always")
def add_card(key, mask, code, s, r):
    """(key, mask) with one more card."""
    slot = card_slot(code)
    return key + s.cards[r, slot, 0], mask | s.cards[r, slot, 1]


@njit(cache=True, inline="always")
def tables_row_strength(codes, row, width, t):
    """The strength of the first ``width`` codes of a row: its best five when it holds more.
    A constant ``width`` lets the compiler unroll the loop over the cards."""
    key = _EMPTY
    mask = _ZERO
    wrong = _ZERO
    for j in range(width):
        code = codes[row, j]
        slot = card_slot(code) * _ROW
        key += t.cards[slot]
        mask |= t.cards[slot + 1]
        wrong |= np.uint64(code) ^ t.cards[slot + 2]
    if wrong:
        return BAD_CARD
    error = check_key(key, mask, t.max_wilds)
    return error if error else tables_strength(key, mask, t)


@njit(cache=True, inline="always")
def row_strength(codes, row, s, r):
    """The strength of one row of card codes: its best five when it holds more."""
    return tables_row_strength(codes, row, codes.shape[1], ruleset_tables(s, r))


@njit(cache=True, inline="always")
def _rows_of_width(codes, width, t, out):
    for row in range(codes.shape[0]):
        out[row] = tables_row_strength(codes, row, width, t)


@njit(cache=True, nogil=True)
def strengths_kernel(codes, s, r, out):
    """``out[i]``: the strength of row ``i`` of ``codes`` (shape ``(n, k)``, k = 1..7). Five
    and seven cards, the widths ranked in bulk, get loops of their own."""
    t = ruleset_tables(s, r)
    width = codes.shape[1]
    if width == 5:
        _rows_of_width(codes, 5, t, out)
    elif width == 7:
        _rows_of_width(codes, 7, t, out)
    else:
        _rows_of_width(codes, width, t, out)


@njit(cache=True, inline="always")
def rank_of(code):
    """Rank index 0-12 of a card code; -1 for the Joker."""
    if code == 0:
        return -1
    return (code >> 8) & 0xF


@njit(cache=True)
def legal_cards(codes, count, banned, out):
    """Copy the first ``count`` codes whose rank is not banned into ``out``; their number."""
    kept = 0
    for j in range(count):
        rank = rank_of(codes[j])
        if rank >= 0 and (banned >> rank) & 1:
            continue
        out[kept] = codes[j]
        kept += 1
    return kept


@njit(cache=True)
def _subset_key(cards, subset, size, s, r, tolled):
    """(key, mask, toll count) of ``cards[subset[:size]]``."""
    key = _EMPTY
    mask = _ZERO
    tolls = 0
    for i in range(size):
        code = cards[subset[i]]
        key, mask = add_card(key, mask, code, s, r)
        rank = rank_of(code)
        if rank >= 0 and (tolled >> rank) & 1:
            tolls += 1
    return key, mask, tolls


@njit(cache=True, inline="always")
def next_subset(subset, size, n):
    """Advance ``subset[:size]`` (increasing indexes below ``n``) to the next combination in
    lexicographic order; False after the last."""
    i = size - 1
    while i >= 0 and subset[i] == n - size + i:
        i -= 1
    if i < 0:
        return False
    subset[i] += 1
    for j in range(i + 1, size):
        subset[j] = subset[j - 1] + 1
    return True


@njit(cache=True)
def _best_with_private(priv, k, board, nboard, s, r, tolled, max_tolled, psub, bsub):
    """The best hand using exactly the private subset ``psub[:k]`` (a strength, NO_CARDS if
    none is allowed, or BAD_HAND)."""
    pkey, pmask, ptolls = _subset_key(priv, psub, k, s, r, tolled)
    most = min(5 - k, nboard)
    # More cards never make a weaker hand, so without tolls only the largest draw from the
    # board matters; with tolls a smaller one may avoid paying.
    first = 0 if max_tolled >= 0 else most
    best = NO_CARDS
    for j in range(first, most + 1):
        if k + j == 0:
            continue
        for i in range(j):
            bsub[i] = i
        while True:
            bkey, bmask, btolls = _subset_key(board, bsub, j, s, r, tolled)
            if max_tolled < 0 or ptolls + btolls <= max_tolled:
                key = pkey + bkey - _EMPTY
                if check_key(key, pmask | bmask, s.max_wilds[r]):
                    return BAD_HAND
                value = key_strength(key, pmask | bmask, s, r)
                if value > best:
                    best = value
            if not next_subset(bsub, j, nboard):
                break
    return best


@njit(cache=True)
def selection_row(priv, npriv, board, nboard, s, r, min_private, max_private, tolled, max_tolled,
                  psub, bsub):
    """``oracle.eval.select.best_selection`` for one deal of legal cards: between
    ``min_private`` and ``max_private`` private cards (fewer when fewer are legal), the rest
    from the board, five at most; at most ``max_tolled`` tolled cards (-1: no tolls)."""
    low = min_private if npriv >= min_private else npriv
    high = min(max_private, npriv, 5)
    best = NO_CARDS
    for k in range(low, high + 1):
        for i in range(k):
            psub[i] = i
        while True:
            value = _best_with_private(priv, k, board, nboard, s, r, tolled, max_tolled, psub, bsub)
            if value == BAD_HAND:
                return value
            if value > best:
                best = value
            if not next_subset(psub, k, npriv):
                break
    return best


@njit(cache=True)
def _row_cards_ok(codes, row, s, r):
    """Whether every code of a row is a card of the ruleset's deck."""
    for j in range(codes.shape[1]):
        code = codes[row, j]
        if np.uint64(code) != s.cards[r, card_slot(code), 2]:
            return False
    return True


@njit(cache=True, nogil=True)
def selection_kernel(private, board, s, r, min_private, max_private, banned, tolled, max_tolled, out):
    """``out[i]``: the best legal strength of private row ``i`` with board row ``i``; cards of
    ``banned`` ranks (a 13-bit mask) removed first."""
    priv = np.empty(private.shape[1], dtype=private.dtype)
    brd = np.empty(board.shape[1], dtype=board.dtype)
    psub = np.empty(max(private.shape[1], 1), dtype=np.int64)
    bsub = np.empty(max(board.shape[1], 1), dtype=np.int64)
    for row in range(private.shape[0]):
        if not (_row_cards_ok(private, row, s, r) and _row_cards_ok(board, row, s, r)):
            out[row] = BAD_CARD
            continue
        nprivate = legal_cards(private[row], private.shape[1], banned, priv)
        nboard = legal_cards(board[row], board.shape[1], banned, brd)
        out[row] = selection_row(priv, nprivate, brd, nboard, s, r, min_private, max_private, tolled,
                                 max_tolled, psub, bsub)
