"""The batch evaluator's tables: every hand of one to seven cards in a few array lookups.

A hand is summed card by card into one 64-bit *key* and one 64-bit *suit mask*, from three
arrays indexed by ``card_slot(code)``: ``card_keys``, ``card_masks`` and ``card_codes`` (the
code expected at that slot):

- bits 0-41 of the key hold fourteen 3-bit counters, one per symbol: the thirteen ranks of
  the natural cards (Two to Ace) and, as symbol 13, the wild cards. Seven cards never carry a
  counter into the next, so the counters name the hand's multiset of ranks exactly (and add
  up to its number of cards);
- bits 44-59 hold four 4-bit suit counters that start at 3 (``EMPTY``): a natural card adds
  one to its suit, a wild card one to every suit, a suitless card none. A counter reaches 8
  (its top bit) exactly when five cards are of that suit or wild: a possible flush;
- bits 60-62 count the cards that have a suit, so that a card given twice shows: each such
  card sets its own bit of the mask, so the count exceeds the mask's bits.

The suit mask holds, for suit ``s``, a bit per card of that suit at ``16 s + rank`` (a wild
card's rank has no natural cards, so its bit is free; the flush lookup leaves it out). A code
that is not the code the table expects at its slot is no card of this deck.

The strength ignoring suits comes from a minimal perfect hash of the rank counters, one for
each number of cards: a five-card hand reads only the five-card table, small enough to stay
in the processor's fastest cache. The hash is hash and displace with one product: the top
bits of ``key * mul`` pick a bucket whose displacement (16 bits) is xored with the bits below
them. ``mul`` ends in ``HASH_ZEROS`` zero bits, so the key's bits from 44 up (the suit
counters) fall off the top of the product: the hash reads the rank counters alone, with no
masking. A slot holds the strength itself in three bytes (strengths are under 2**23; read as
four bytes and the top one dropped), so one lookup gives it. The strength of a flush comes
from ``flush[w * 8192 + bits]``: the best hand of five cards all of one suit, taken from the
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

BATCH_TABLE_VERSION = 8
SYMBOLS = 14  # thirteen natural ranks and the wild symbol
WILD = 13
MAX_CARDS = 7
EMPTY = 0x3333 << 44
DIGITS = (1 << 42) - 1
FLUSH_FLAGS = 0x8888
SUITED_SHIFT = 60
# Card entries are found by ``card_slot``: 512 slots, most of them no card.
CARD_SLOTS = 512
JOKER_SLOT = 0
SUIT_BITS = (0x1000, 0x2000, 0x4000, 0x8000)
# Multipliers of the hash, tried in turn until one places every key: odd constants (any will
# do; these mix well), then odd multiples of the first, each shifted up by HASH_ZEROS bits so
# that the key's bits from 44 up do not reach the 64 bits kept.
MULTIPLIERS = (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93)
TRIES = 16
HASH_ZEROS = 20
DISP_BITS = 16  # a displacement is a uint16
VALUE_BYTES = 3


class BatchTables(NamedTuple):
    """Everything a kernel reads for one ruleset (a tuple of arrays, as numba takes it). The
    per-size arrays are indexed by the number of cards (0 unused)."""

    card_keys: object  # uint64[512] by ``card_slot``
    card_masks: object  # uint64[512]
    card_codes: object  # int32[512]: the code expected at each slot
    natural_bits: object  # uint64: rank bits (13) of the ranks with natural cards
    hash_mul: object  # uint64[8]: per size, the hash's multiplier and shifts
    bucket_shift: object
    slot_shift: object
    slot_mask: object
    disp_start: object  # int64[8]: where each size's displacements start in ``disp``
    value_start: object  # int64[8]: where each size's slots start in ``values`` (in entries)
    disp: object  # uint16[]
    values: object  # uint8[]: three bytes (little-endian) a slot, the strength ignoring suits; one spare
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
    """(keys, masks, expected codes) by slot. A slot no card of this deck uses expects a code
    that never reaches it (0; for the Joker's slot, which codes 1-255 reach too, -1), so every
    code there fails."""
    import numpy as np

    wild_ranks = {r.number - 2 for r in ruleset.wild_ranks}
    keys = np.zeros(CARD_SLOTS, dtype=np.uint64)
    masks = np.zeros(CARD_SLOTS, dtype=np.uint64)
    codes = np.zeros(CARD_SLOTS, dtype=np.int32)
    codes[JOKER_SLOT] = -1
    wild_key = (1 << (3 * WILD)) | (0x1111 << 44)
    for slot in range(CARD_SLOTS):
        code = card_code_of_slot(slot)
        if code is None or (slot == JOKER_SLOT and not ruleset.joker_wild):
            continue
        codes[slot] = code
        if slot == JOKER_SLOT:
            keys[slot] = wild_key
            continue
        rank, suit_bits = slot & 0xF, (slot << 8) & 0xF000
        suit = SUIT_BITS.index(suit_bits) if suit_bits else None
        if suit is not None:
            masks[slot] = 1 << (16 * suit + rank)
        suited = (1 << SUITED_SHIFT) if suit is not None else 0
        if rank in wild_ranks:
            keys[slot] = wild_key + suited
        else:
            keys[slot] = (1 << (3 * rank)) + ((1 << (44 + 4 * suit)) if suit is not None else 0) + suited
    natural = sum(1 << r for r in range(13) if r not in wild_ranks)
    return keys, masks, codes, natural


def _multisets(max_wilds: int, wild_ranks: frozenset = frozenset()):
    """Symbol counts (rows of shape ``(n, 14)``) of every multiset of one to seven symbols a
    hand can hold: at most four natural cards of a rank, none of a wild rank (its cards count
    as wild), at most ``max_wilds`` wild cards."""
    import numpy as np

    rows = np.zeros((1, 0), dtype=np.int64)
    for symbol in range(SYMBOLS):
        cap = max_wilds if symbol == WILD else 0 if symbol in wild_ranks else 4
        grown = [np.hstack([rows, np.full((len(rows), 1), c, dtype=np.int64)]) for c in range(cap + 1)]
        rows = np.vstack(grown)
        rows = rows[rows.sum(axis=1) <= MAX_CARDS]
    return rows[rows.sum(axis=1) >= 1]


def _nonflush_values(ruleset: Ruleset):
    """(digit keys, strengths ignoring suits) of every multiset of one to seven cards: the
    evaluator's own entry for up to five cards, the best five-card sub-multiset beyond."""
    import numpy as np

    plain5 = five_card_tables(ruleset)["nonflush"]
    counts = _multisets(min(ruleset.max_wilds, MAX_CARDS), frozenset(r.number - 2 for r in ruleset.wild_ranks))
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


def _perfect_hash(keys):
    """(mul, bucket bits, slot bits, displacements, slot of each key): every key in its own
    slot of a table a little larger than the keys (hash and displace, largest buckets first),
    from the first multiplier that places them all."""
    import numpy as np

    keys = np.asarray(keys, dtype=np.uint64)
    fewest = max(6, int(len(keys) * 1.25).bit_length())  # at least a quarter more slots than keys
    bases = [*MULTIPLIERS, *((MULTIPLIERS[0] * (2 * i + 3)) | 1 for i in range(TRIES - len(MULTIPLIERS)))]
    for slot_bits in (fewest, fewest + 1, fewest + 2):  # a larger table when no multiplier fits
        bucket_bits = slot_bits - 3
        for base in bases:
            mul = (base << HASH_ZEROS) & ((1 << 64) - 1)
            with np.errstate(over="ignore"):
                product = keys * np.uint64(mul)
            buckets = (product >> np.uint64(64 - bucket_bits)).astype(np.int64)
            seconds = (product >> np.uint64(64 - bucket_bits - slot_bits)) & np.uint64((1 << slot_bits) - 1)
            placed = _place(buckets, seconds.astype(np.int64), bucket_bits, slot_bits)
            if placed is not None:
                return (mul, bucket_bits, slot_bits, *placed)
    raise RuntimeError("no perfect hash found for the batch tables")


def _place(buckets, seconds, bucket_bits: int, slot_bits: int):
    """(displacement per bucket, slot per key), or None when this hash cannot place every key
    (two keys of a bucket share their second hash, or no displacement below 2**16 fits)."""
    import numpy as np

    order = np.argsort(buckets, kind="stable")
    starts = np.searchsorted(buckets[order], np.arange((1 << bucket_bits) + 1))
    sizes = np.diff(starts)
    flags = bytearray(1 << slot_bits)
    taken = np.frombuffer(flags, dtype=bool)  # the same bytes, for the search by blocks
    limit = min(1 << slot_bits, 1 << DISP_BITS)
    disp = np.zeros(1 << bucket_bits, dtype=np.uint16)
    where = np.full(len(buckets), -1, dtype=np.int64)
    # Largest buckets first, one at a time; the single keys at the end go to free slots.
    for bucket in np.argsort(-sizes, kind="stable"):
        if sizes[bucket] < 2:
            break
        members = order[starts[bucket]:starts[bucket + 1]]
        second = seconds[members].tolist()
        if len(set(second)) < len(second):
            return None
        shift = _free_shift(flags, taken, second, limit)
        if shift is None:
            return None
        disp[bucket] = shift
        for m, s in zip(members.tolist(), second):
            flags[s ^ shift] = 1
            where[m] = s ^ shift
    singles = order[starts[np.flatnonzero(sizes == 1)]]
    free = np.flatnonzero(~taken)
    # A single key goes to a free slot that differs from its second hash in the low 16 bits
    # only, so that the displacement fits.
    for part in np.unique(seconds[singles] >> DISP_BITS):
        mine = singles[(seconds[singles] >> DISP_BITS) == part]
        room = free[(free >> DISP_BITS) == part]
        if len(room) < len(mine):
            return None
        where[mine] = room[:len(mine)]
    disp[buckets[singles]] = (seconds[singles] ^ where[singles]).astype(np.uint16)
    return disp, where


def _free_shift(flags, taken, second: list, limit: int):
    """The smallest displacement below ``limit`` that moves every slot of ``second`` to a free
    one, or None: the first few tried one by one, the rest a growing block at a time."""
    import numpy as np

    first = min(limit, 8)
    shift = next((d for d in range(first) if not any(flags[s ^ d] for s in second)), None)
    if shift is not None:
        return shift
    start, step, second = first, 64, np.array(second)[:, None]
    while start < limit:
        candidates = np.arange(start, min(start + step, limit))
        fits = np.flatnonzero(~taken[second ^ candidates].any(axis=0))
        if len(fits):
            return int(candidates[fits[0]])
        start, step = start + step, min(4 * step, 4096)
    return None


def _size_tables(keys, values):
    """The per-size hash settings and the ``disp`` and ``values`` arrays of every size."""
    import numpy as np

    counts = sum(((keys >> np.uint64(3 * s)) & np.uint64(7)).astype(np.int64) for s in range(SYMBOLS))
    settings = np.zeros((4, MAX_CARDS + 1), dtype=np.uint64)
    starts = np.zeros((2, MAX_CARDS + 1), dtype=np.int64)
    disps, slots = [], []
    for size in range(1, MAX_CARDS + 1):
        chosen = np.flatnonzero(counts == size)
        mul, bucket_bits, slot_bits, disp, where = _perfect_hash(keys[chosen])
        settings[:, size] = (mul, 64 - bucket_bits, 64 - bucket_bits - slot_bits, (1 << slot_bits) - 1)
        starts[:, size] = (sum(map(len, disps)), sum(map(len, slots)))
        table = np.zeros(1 << slot_bits, dtype=np.int64)
        table[where] = values[chosen]
        disps.append(disp)
        slots.append(table)
    strengths = np.concatenate(slots)
    if strengths.max() >= 1 << (8 * VALUE_BYTES):
        raise RuntimeError("a strength does not fit the batch tables' three bytes")
    packed = np.zeros(VALUE_BYTES * len(strengths) + 1, dtype=np.uint8)
    packed[:-1] = strengths.astype("<u4").view(np.uint8).reshape(-1, 4)[:, :VALUE_BYTES].reshape(-1)
    return settings, starts, np.concatenate(disps), packed


def build_batch_tables(ruleset: Ruleset) -> dict:
    import numpy as np

    keys, masks, codes, natural = _card_arrays(ruleset)
    settings, starts, disp, values = _size_tables(*_nonflush_values(ruleset))
    return {
        "card_keys": keys, "card_masks": masks, "card_codes": codes,
        "natural_bits": np.array([natural], dtype=np.int64), "settings": settings, "starts": starts,
        "disp": disp, "values": values, "flush": _flush_values(ruleset),
        "max_wilds": np.array([min(ruleset.max_wilds, MAX_CARDS)], dtype=np.int64),
    }


@lru_cache(maxsize=None)
def batch_tables(ruleset: Ruleset) -> BatchTables:
    """The ruleset's batch tables, from the cache directory or built (a second or two) and
    kept there."""
    arrays = _load_or_build(ruleset)
    import numpy as np

    mul, bucket_shift, slot_shift, slot_mask = arrays["settings"]
    disp_start, value_start = arrays["starts"]
    return BatchTables(
        card_keys=arrays["card_keys"], card_masks=arrays["card_masks"], card_codes=arrays["card_codes"],
        natural_bits=np.uint64(arrays["natural_bits"][0]), hash_mul=mul, bucket_shift=bucket_shift,
        slot_shift=slot_shift, slot_mask=slot_mask, disp_start=disp_start, value_start=value_start,
        disp=arrays["disp"], values=arrays["values"], flush=arrays["flush"], max_wilds=int(arrays["max_wilds"][0]),
    )


class TableStack(NamedTuple):
    """The tables of one or more rulesets side by side, for kernels that rank hands under
    several (each player's Favors may make other cards wild): row ``r`` of every array is
    ruleset ``r``'s table, padded to the longest."""

    card_keys: object  # uint64[R, 512]
    card_masks: object  # uint64[R, 512]
    card_codes: object  # int32[R, 512]
    natural_bits: object  # uint64[R]
    hash_mul: object  # uint64[R, 8]
    bucket_shift: object
    slot_shift: object
    slot_mask: object
    disp_start: object  # int64[R, 8]
    value_start: object
    disp: object  # uint16[R, longest]
    values: object  # uint8[R, longest]
    flush: object  # int32[R, 8 * 8192]
    max_wilds: object  # int64[R]


def stack(rulesets) -> TableStack:
    """The tables of these rulesets as one ``TableStack`` (cached per tuple of rulesets)."""
    return _stack(tuple(rulesets))


@lru_cache(maxsize=64)
def _stack(rulesets: tuple) -> TableStack:
    import numpy as np

    tables = [batch_tables(r) for r in rulesets]

    def rows(name):
        arrays = [getattr(t, name) for t in tables]
        out = np.zeros((len(arrays), max(len(a) for a in arrays)), dtype=arrays[0].dtype)
        for i, a in enumerate(arrays):
            out[i, :len(a)] = a
        return out

    def scalars(name, dtype):
        return np.array([getattr(t, name) for t in tables], dtype=dtype)

    return TableStack(
        card_keys=rows("card_keys"), card_masks=rows("card_masks"), card_codes=rows("card_codes"),
        natural_bits=scalars("natural_bits", np.uint64), hash_mul=rows("hash_mul"),
        bucket_shift=rows("bucket_shift"), slot_shift=rows("slot_shift"), slot_mask=rows("slot_mask"),
        disp_start=rows("disp_start"), value_start=rows("value_start"), disp=rows("disp"), values=rows("values"),
        flush=rows("flush"), max_wilds=scalars("max_wilds", np.int64),
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

