"""The batch evaluator's tables: every hand of one to seven cards in a few array lookups.

A hand is summed card by card into one 64-bit *key* and one 64-bit *suit mask*, from
``cards[card_slot(code)]`` (a row of four numbers a card: key, mask, the code expected there,
and a spare zero that makes a row 32 bytes):

- bits 0-41 of the key hold fourteen 3-bit counters, one per symbol: the thirteen ranks of
  the natural cards (Two to Ace) and, as symbol 13, the wild cards. Seven cards never carry a
  counter into the next, so the counters name the hand's multiset of ranks exactly;
- bits 44-59 hold four 4-bit suit counters that start at 3 (``EMPTY``): a natural card adds
  one to its suit, a wild card one to every suit, a suitless card none. A counter reaches 8
  (its top bit) exactly when five cards are of that suit or wild: a possible flush;
- bits 60-62 count the cards that have a suit, so that a card given twice shows: each such
  card sets its own bit of the mask, so the count exceeds the mask's bits.

The suit mask holds, for suit ``s``, a bit per card of that suit at ``16 s + rank`` (a wild
card's rank has no natural cards, so its bit is free; the flush lookup leaves it out). A code
that is not the code the table expects at its slot is no card of this deck.

The strength ignoring suits comes from a minimal perfect hash of the rank counters (hash and
displace: a bucket from one multiplicative hash picks the displacement that a second hash is
xored with), whose slot holds the strength itself (one lookup, no list of distinct strengths
to go through). The strength of a flush comes from
``flush[w * 8192 + bits]``: the best hand of five cards all of one suit, taken from the
natural cards with these rank bits and ``w`` wild cards. A hand's strength is the larger of
the two, so six and seven cards are ranked by their best five in the same two lookups.

Every entry is read from ``oracle.eval.tables`` (the evaluator's own five-card tables, built
from ``strength.rank_strength``), so nothing here states a poker rule. The tables are cached
as ``.npz`` in the evaluator's cache directory.
"""

from __future__ import annotations

import io
from functools import lru_cache
from math import prod
from typing import NamedTuple

from oracle.cards import PRIMES
from oracle.eval.rulesets import Ruleset
from oracle.eval.tables import WILD_PRIME, cache_dir, five_card_tables

BATCH_TABLE_VERSION = 6
SYMBOLS = 14  # thirteen natural ranks and the wild symbol
WILD = 13
MAX_CARDS = 7
EMPTY = 0x3333 << 44
DIGITS = (1 << 42) - 1
FLUSH_FLAGS = 0x8888
SUITED_SHIFT = 60
# Card entries are found by ``card_slot``: 512 slots, most of them no card.
CARD_SLOTS = 512
CARD_ROW = 4
JOKER_SLOT = 0
SUIT_BITS = (0x1000, 0x2000, 0x4000, 0x8000)
# Multipliers of the two hashes: odd 64-bit constants (any will do; these mix well).
MULTIPLIERS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)


class BatchTables(NamedTuple):
    """Everything a kernel reads for one ruleset (a tuple of arrays, as numba takes it)."""

    cards: object  # uint64[512, 4] by ``card_slot``: key, suit mask, the code expected there, 0
    natural_bits: object  # uint64: rank bits (13) of the ranks with natural cards
    mul1: object  # uint64 hash multipliers and shifts
    mul2: object
    bucket_shift: object
    slot_shift: object
    disp: object  # uint32[buckets]
    values: object  # int32[slots]: the strength ignoring suits of the key placed there
    strengths: object  # int32[]: the distinct strengths, ascending (for reference)
    flush: object  # int32[8 * 8192]: strength of the best flush, -1 where none exists
    max_wilds: int


def card_slot(code: int) -> int:
    """Where a card code's entries sit in the tables: bits 8-16 of the code, that is its rank
    and suit bits and the rank bit of the Two (so that no card shares slot 0 with the Joker,
    code 0). A code whose slot holds another code is no card."""
    return (code >> 8) & 0x1FF


def card_code_of_slot(slot: int) -> int | None:
    """The code of the card at a slot, or None for a slot no card uses."""
    if slot == JOKER_SLOT:
        return 0
    rank, suit_bits = slot & 0xF, (slot << 8) & 0xF000
    if rank > 12 or (suit_bits and suit_bits not in SUIT_BITS) or (slot >> 8) != (rank == 0):
        return None
    return PRIMES[rank] | (rank << 8) | (1 << (16 + rank)) | suit_bits


def _card_arrays(ruleset: Ruleset):
    """``cards[slot] = (key, mask, expected code)``. A slot no card of this deck uses expects
    a code that never reaches it (0; for the Joker's slot, which codes 1-255 reach too, -1),
    so every code there fails."""
    import numpy as np

    wild_ranks = {r.number - 2 for r in ruleset.wild_ranks}
    cards = np.zeros((CARD_SLOTS, CARD_ROW), dtype=np.uint64)
    cards[JOKER_SLOT, 2] = (1 << 64) - 1
    wild_key = (1 << (3 * WILD)) | (0x1111 << 44)
    for slot in range(CARD_SLOTS):
        code = card_code_of_slot(slot)
        if code is None or (slot == JOKER_SLOT and not ruleset.joker_wild):
            continue
        cards[slot, 2] = code
        if slot == JOKER_SLOT:
            cards[slot, 0] = wild_key
            continue
        rank, suit_bits = slot & 0xF, (slot << 8) & 0xF000
        suit = SUIT_BITS.index(suit_bits) if suit_bits else None
        if suit is not None:
            cards[slot, 1] = 1 << (16 * suit + rank)
        suited = (1 << SUITED_SHIFT) if suit is not None else 0
        if rank in wild_ranks:
            cards[slot, 0] = wild_key + suited
        else:
            cards[slot, 0] = (1 << (3 * rank)) + ((1 << (44 + 4 * suit)) if suit is not None else 0) + suited
    natural = sum(1 << r for r in range(13) if r not in wild_ranks)
    return cards, natural


def _multisets(max_wilds: int):
    """Symbol counts (rows of shape ``(n, 14)``) of every multiset of one to seven symbols a
    hand can hold: at most four natural cards of a rank, at most ``max_wilds`` wild cards."""
    import numpy as np

    rows = np.zeros((1, 0), dtype=np.int64)
    for symbol in range(SYMBOLS):
        cap = max_wilds if symbol == WILD else 4
        grown = [np.hstack([rows, np.full((len(rows), 1), c, dtype=np.int64)]) for c in range(cap + 1)]
        rows = np.vstack(grown)
        rows = rows[rows.sum(axis=1) <= MAX_CARDS]
    return rows[rows.sum(axis=1) >= 1]


def _nonflush_values(ruleset: Ruleset):
    """(digit keys, strengths ignoring suits) of every multiset of one to seven cards: the
    evaluator's own entry for up to five cards, the best five-card sub-multiset beyond."""
    import numpy as np

    plain5 = five_card_tables(ruleset)["nonflush"]
    counts = _multisets(min(ruleset.max_wilds, MAX_CARDS))
    digit = np.array([1 << (3 * s) for s in range(SYMBOLS)], dtype=np.int64)
    keys = counts @ digit
    sizes = counts.sum(axis=1)
    values = np.full(len(keys), -1, dtype=np.int64)
    primes = (*PRIMES, WILD_PRIME)
    for i in np.flatnonzero(sizes <= 5):
        values[i] = plain5[prod(primes[s] ** int(c) for s, c in enumerate(counts[i]) if c)]
    order = np.argsort(keys)
    sorted_keys = keys[order]
    for size in (6, 7):
        # The best five of six or seven is the best of the hands one card smaller.
        rows = np.flatnonzero(sizes == size)
        best = np.full(len(rows), -1, dtype=np.int64)
        for s in range(SYMBOLS):
            has = counts[rows, s] > 0
            smaller = order[np.searchsorted(sorted_keys, keys[rows[has]] - digit[s])]
            best[has] = np.maximum(best[has], values[smaller])
        values[rows] = best
    return keys.astype(np.uint64), values.astype(np.int32)


def _flush_values(ruleset: Ruleset):
    """``flush[w * 8192 + bits]``: the best five-card flush from naturals ``bits`` and ``w``
    wild cards (five to seven cards in all), from the evaluator's five-card flush table."""
    import numpy as np

    flush5 = five_card_tables(ruleset)["flush"]
    max_wilds = min(ruleset.max_wilds, MAX_CARDS)
    table = np.full(8 * 8192, -1, dtype=np.int64)
    by_size = sorted(range(8192), key=lambda b: bin(b).count("1"))
    for total in range(5, MAX_CARDS + 1):
        for wilds in range(0, max_wilds + 1):
            for bits in by_size:
                naturals = bin(bits).count("1")
                if naturals + wilds != total:
                    continue
                if total == 5:
                    value = flush5.get(bits, -1)
                else:
                    # One card fewer: drop a natural card or a wild one.
                    options = [table[wilds * 8192 + (bits & ~(1 << r))] for r in range(13) if bits >> r & 1]
                    if wilds:
                        options.append(table[(wilds - 1) * 8192 + bits])
                    value = max(options)
                table[wilds * 8192 + bits] = value
    return table.astype(np.int32)


def _perfect_hash(keys, values):
    """(mul1, mul2, bucket_shift, slot_shift, disp, slots, distinct) placing every key in its
    own slot of a table a little larger than the keys (hash and displace, largest buckets
    first); ``slots`` holds each key's value, ``distinct`` the distinct values."""
    import numpy as np

    keys = np.asarray(keys, dtype=np.uint64)
    slot_bits = max(4, int(len(keys) * 1.15).bit_length())
    bucket_bits = max(2, slot_bits - 3)
    for attempt in range(len(MULTIPLIERS) - 1):
        mul1, mul2 = MULTIPLIERS[attempt], MULTIPLIERS[attempt + 1]
        placed = _place(keys, mul1, mul2, bucket_bits, slot_bits)
        if placed is not None:
            disp, where = placed
            slots = np.zeros(1 << slot_bits, dtype=np.int32)
            slots[where] = values
            return mul1, mul2, 64 - bucket_bits, 64 - slot_bits, disp, slots, np.unique(values).astype(np.int32)
    raise RuntimeError("no perfect hash found for the batch tables")


def _place(keys, mul1: int, mul2: int, bucket_bits: int, slot_bits: int):
    """(displacement per bucket, slot per key), or None when these multipliers cannot place
    every key (two keys of a bucket share their second hash)."""
    import numpy as np

    with np.errstate(over="ignore"):
        buckets = ((keys * np.uint64(mul1)) >> np.uint64(64 - bucket_bits)).astype(np.int64)
        seconds = ((keys * np.uint64(mul2)) >> np.uint64(64 - slot_bits)).astype(np.int64)
    order = np.argsort(buckets, kind="stable")
    starts = np.searchsorted(buckets[order], np.arange((1 << bucket_bits) + 1))
    sizes = np.diff(starts)
    taken = bytearray(1 << slot_bits)
    disp = np.zeros(1 << bucket_bits, dtype=np.uint32)
    where = np.full(len(keys), -1, dtype=np.int64)
    # Largest buckets first, one at a time; the single keys at the end go to free slots.
    for bucket in np.argsort(-sizes, kind="stable"):
        if sizes[bucket] < 2:
            break
        members = order[starts[bucket]:starts[bucket + 1]].tolist()
        second = [int(seconds[m]) for m in members]
        if len(set(second)) < len(second):
            return None
        shift = next((d for d in range(1 << slot_bits) if not any(taken[s ^ d] for s in second)), None)
        if shift is None:
            return None
        disp[bucket] = shift
        for m, s in zip(members, second):
            taken[s ^ shift] = 1
            where[m] = s ^ shift
    singles = np.flatnonzero(sizes == 1)
    free = np.flatnonzero(np.frombuffer(bytes(taken), dtype=np.uint8) == 0)[:len(singles)]
    members = order[starts[singles]]
    disp[singles] = (seconds[members] ^ free).astype(np.uint32)
    where[members] = free
    return disp, where


def build_batch_tables(ruleset: Ruleset) -> dict:
    import numpy as np

    cards, natural = _card_arrays(ruleset)
    keys, values = _nonflush_values(ruleset)
    mul1, mul2, bucket_shift, slot_shift, disp, slots, distinct = _perfect_hash(keys, values)
    return {
        "cards": cards, "natural_bits": np.array([natural], dtype=np.int64),
        "hash": np.array([mul1, mul2, bucket_shift, slot_shift], dtype=np.uint64),
        "disp": disp, "values": slots, "strengths": distinct, "flush": _flush_values(ruleset),
        "max_wilds": np.array([min(ruleset.max_wilds, MAX_CARDS)], dtype=np.int64),
    }


@lru_cache(maxsize=None)
def batch_tables(ruleset: Ruleset) -> BatchTables:
    """The ruleset's batch tables, from the cache directory or built (a second or two) and
    kept there."""
    arrays = _load_or_build(ruleset)
    import numpy as np

    # Typed scalars, so that numba compiles one kernel whatever the numbers are.
    mul1, mul2, bucket_shift, slot_shift = (np.uint64(x) for x in arrays["hash"])
    return BatchTables(
        cards=arrays["cards"], natural_bits=np.uint64(arrays["natural_bits"][0]),
        mul1=mul1, mul2=mul2, bucket_shift=bucket_shift, slot_shift=slot_shift,
        disp=arrays["disp"], values=arrays["values"], strengths=arrays["strengths"], flush=arrays["flush"],
        max_wilds=int(arrays["max_wilds"][0]),
    )


class TableStack(NamedTuple):
    """The tables of one or more rulesets side by side, for kernels that rank hands under
    several (each player's Favors may make other cards wild): row ``r`` of every array is
    ruleset ``r``'s table, padded to the longest."""

    cards: object  # uint64[R, 512, 4]
    natural_bits: object  # uint64[R]
    mul1: object  # uint64[R]
    mul2: object
    bucket_shift: object
    slot_shift: object
    disp: object  # uint32[R, buckets]
    values: object  # int32[R, slots]
    strengths: object  # int32[R, distinct]
    flush: object  # int32[R, 8 * 8192]
    max_wilds: object  # int64[R]


def stack(rulesets) -> TableStack:
    """The tables of these rulesets as one ``TableStack`` (cached per tuple of rulesets)."""
    return _stack(tuple(rulesets))


@lru_cache(maxsize=64)
def _stack(rulesets: tuple) -> TableStack:
    import numpy as np

    tables = [batch_tables(r) for r in rulesets]

    def rows(name, dtype):
        arrays = [getattr(t, name) for t in tables]
        out = np.zeros((len(arrays), max(len(a) for a in arrays)), dtype=dtype)
        for i, a in enumerate(arrays):
            out[i, :len(a)] = a
        return out

    def scalars(name, dtype):
        return np.array([getattr(t, name) for t in tables], dtype=dtype)

    return TableStack(
        cards=np.stack([t.cards for t in tables]), natural_bits=scalars("natural_bits", np.uint64),
        mul1=scalars("mul1", np.uint64), mul2=scalars("mul2", np.uint64),
        bucket_shift=scalars("bucket_shift", np.uint64), slot_shift=scalars("slot_shift", np.uint64),
        disp=rows("disp", np.uint32), values=rows("values", np.int32), strengths=rows("strengths", np.int32),
        flush=np.stack([t.flush for t in tables]), max_wilds=scalars("max_wilds", np.int64),
    )


def _load_or_build(ruleset: Ruleset) -> dict:
    import numpy as np

    path = cache_dir() / f"batch-{ruleset.signature()}-v{BATCH_TABLE_VERSION}.npz"
    try:
        with np.load(path) as stored:
            return {name: stored[name] for name in stored.files}
    except (OSError, ValueError, KeyError, EOFError):
        pass
    arrays = build_batch_tables(ruleset)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    _keep(path, buffer.getvalue())
    return arrays


def _keep(path, data: bytes) -> None:
    """Write a cache file whole or not at all; a cache that cannot be written only costs the
    time to rebuild."""
    from oracle.files import OutputError, write_bytes

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(path, data)
    except (OSError, OutputError):
        pass

