"""The compiled batch kernels (numba): the tables of ``oracle.eval.batch_tables`` read hand by
hand. Imported only through ``oracle.eval.jit``, which sets numba's cache folder first; the
numpy fallback (``oracle.eval.batch_numpy``) computes the same numbers from the same tables.

A kernel never raises: a hand it cannot rank gets a negative strength (``BAD_CARD`` for a
card code that is no card or not in the ruleset's deck, ``BAD_HAND`` for cards that cannot be
held together, ``NO_CARDS`` when the selection rule leaves nothing), and ``oracle.eval.batch``
turns the first one into an error naming the row. The checks cost little: one comparison a
card, and for a hand whose suit mask has a bit for every card (every hand of a full deck's
distinct cards) one population count.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

from oracle.eval.batch_tables import EMPTY, FLUSH_FLAGS, SUITED_SHIFT, VALUE_BYTES, WILD

BAD_CARD = -2
BAD_HAND = -3
NO_CARDS = -4

_EMPTY = np.uint64(EMPTY)
_FLAGS = np.uint64(FLUSH_FLAGS)
_FLUSH_BITS = np.uint64(FLUSH_FLAGS << 44)
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
_VALUE_BYTES = np.uint64(VALUE_BYTES)
_VALUE_BITS = np.uint64((1 << (8 * VALUE_BYTES)) - 1)


@intrinsic
def _ctpop(typingctx, x):
    """The number of set bits of a uint64 (LLVM's ctpop)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def _load_u32(typingctx, array, offset):
    """The four bytes at byte ``offset`` of a uint8 array, as one unaligned little-endian load
    (every platform numba runs on is little-endian): a three-byte value and the next byte."""
    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        at = builder.gep(data, [args[1]], inbounds=True)
        word = builder.load(builder.bitcast(at, ir.IntType(32).as_pointer()), align=1)
        return builder.zext(word, ir.IntType(64))
    return types.uint64(array, types.uint64), codegen


@njit(cache=True)
def card_slot(code):
    """Where a code's entries sit in the card arrays (``batch_tables.card_slot``), unsigned."""
    return np.uint64((np.uint32(code) >> np.uint32(8)) & np.uint32(0x1FF))


class RulesetTables(NamedTuple):
    """One ruleset's tables out of a ``TableStack``, as one-dimensional views."""

    card_keys: object
    card_masks: object
    card_codes: object
    natural_bits: object
    hash_mul: object
    bucket_shift: object
    slot_shift: object
    slot_mask: object
    disp_start: object
    value_start: object
    disp: object
    values: object
    flush: object
    max_wilds: object


@njit(cache=True, inline="always")
def ruleset_tables(s, r):
    """Ruleset ``r`` of the stack ``s`` as ``RulesetTables``."""
    return RulesetTables(s.card_keys[r], s.card_masks[r], s.card_codes[r], s.natural_bits[r], s.hash_mul[r],
                         s.bucket_shift[r], s.slot_shift[r], s.slot_mask[r], s.disp_start[r], s.value_start[r],
                         s.disp[r], s.values[r], s.flush[r], s.max_wilds[r])


class SizeTable(NamedTuple):
    """The perfect hash of the hands of one number of cards, as scalars (read before a loop
    over rows, they stay in registers): its settings, and where its displacements and its
    slots (in bytes) start in the ruleset's ``disp`` and ``values``."""

    mul: object
    bucket_shift: object
    slot_shift: object
    slot_mask: object
    disp_start: object
    value_start: object


@njit(cache=True, inline="always")
def size_table(t, size):
    """The ``SizeTable`` of hands of ``size`` cards under the ``RulesetTables`` ``t``."""
    return SizeTable(t.hash_mul[size], t.bucket_shift[size], t.slot_shift[size], t.slot_mask[size],
                     np.uint64(t.disp_start[size]), np.uint64(VALUE_BYTES * t.value_start[size]))


@njit(cache=True)
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


@njit(cache=True)
def check_hand(key, mask, size, max_wilds):
    """``check_key`` for a hand of ``size`` cards, with a shortcut: when the suit mask has a
    bit for every card, every card has a suit and none is given twice, so no rank has more
    than four natural cards and the wild cards are at most the deck's (four of each wild rank,
    all suited), and the hand can be held."""
    if _ctpop(mask) == size:
        return 0
    return check_key(key, mask, max_wilds)


@njit(cache=True, inline="always")
def tables_strength(key, mask, h, t):
    """The strength of a hand from its key and suit mask (see ``batch_tables``), ``h`` the
    ``SizeTable`` of its number of cards: the slot of its rank counters, and for each suit
    that may hold a flush (rare, and more than one only with three wild cards or more) the
    flush table. (The flush loop is written out here, not called: a function inlined two deep
    that takes the tables costs numba a reference count on every row.)"""
    product = key * h.mul
    slot = ((product >> h.slot_shift) & h.slot_mask) ^ np.uint64(t.disp[h.disp_start + (product >> h.bucket_shift)])
    best = np.int64(_load_u32(t.values, h.value_start + slot * _VALUE_BYTES) & _VALUE_BITS)
    if key & _FLUSH_BITS:
        flags = (key >> _SUIT_SHIFT) & _FLAGS
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
def key_strength(key, mask, size, s, r):
    """The strength of a hand of ``size`` cards from its key and suit mask, under ruleset
    ``r`` of the stack ``s``."""
    t = ruleset_tables(s, r)
    return tables_strength(key, mask, size_table(t, size), t)


@njit(cache=True, inline="always")
def add_card(key, mask, code, s, r):
    """(key, mask) with one more card."""
    slot = card_slot(code)
    return key + s.card_keys[r, slot], mask | s.card_masks[r, slot]


@njit(cache=True, inline="always")
def tables_row_strength(flat, at, width, t, h):
    """The strength of the ``width`` codes from ``flat[at]`` (a row of a C-contiguous array
    seen flat: a constant ``width`` then makes every offset a constant, and lets the compiler
    unroll the loop over the cards): its best five when it holds more."""
    key = _EMPTY
    mask = _ZERO
    wrong = False
    for j in range(width):
        code = flat[at + j]
        slot = card_slot(code)
        key += t.card_keys[slot]
        mask |= t.card_masks[slot]
        wrong |= code != t.card_codes[slot]
    if wrong:
        return BAD_CARD
    error = check_hand(key, mask, width, t.max_wilds)
    return error if error else tables_strength(key, mask, h, t)


@njit(cache=True, inline="always")
def _rows_of_width(codes, width, s, r, out):
    t = ruleset_tables(s, r)
    h = size_table(t, width)
    flat = codes.reshape(-1)
    bad = 0
    for row in range(codes.shape[0]):
        value = tables_row_strength(flat, row * width, width, t, h)
        out[row] = value
        if value < 0:
            bad += 1
    return bad


@njit(cache=True, nogil=True)
def strengths5_kernel(codes, s, r, out):
    """``out[i]``: the strength of row ``i`` of ``codes`` (shape ``(n, 5)``), its loop over the
    cards unrolled; the number of rows refused (a negative ``out``, so that a caller looks for
    them only when there are some). Five and seven cards, the widths ranked in bulk, have
    kernels of their own, so that a first call compiles only the one it needs."""
    return _rows_of_width(codes, 5, s, r, out)


@njit(cache=True, nogil=True)
def strengths7_kernel(codes, s, r, out):
    """As ``strengths5_kernel`` for rows of seven cards: each one's best five."""
    return _rows_of_width(codes, 7, s, r, out)


@njit(cache=True, nogil=True)
def strengths_kernel(codes, s, r, out):
    """As ``strengths5_kernel`` for rows of any width from one to seven."""
    return _rows_of_width(codes, codes.shape[1], s, r, out)


# The kernel for each width ranked in bulk; others take ``strengths_kernel``.
KERNEL_OF_WIDTH = {5: "strengths5_kernel", 7: "strengths7_kernel"}


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
                if check_hand(key, pmask | bmask, k + j, s.max_wilds[r]):
                    return BAD_HAND
                value = key_strength(key, pmask | bmask, k + j, s, r)
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
        if code != s.card_codes[r, card_slot(code)]:
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
