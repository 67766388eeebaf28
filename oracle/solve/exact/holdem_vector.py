"""Batch hand ranking with numpy for the Hell of a Deal solvers.

The selection rule (``oracle.eval.select``: "selects 1 or 2 cards from their hand and up to 4
Community cards"; the Boss uses "Hole card(s) (using 1 card is mandatory) plus the best
possible Community cards") is evaluated here for many deals at once. A deal is a *board row*
(the five Community cards of one runout) and a *private row* (one hand of private cards). A
hand is ``j`` private cards plus ``5 - j`` board cards; its strength is looked up in a dense
table ``T[j][board_key, private_key]`` whose two keys are multiset indexes of the two parts.

Cards are symbols: 0-12 the ranks Two to Ace, ``NULL`` a card that may not be used (banned:
it simply drops out of the hand, leaving a partial hand, exactly as ``best_selection`` ranks
what is left) and ``WILD`` a wild card. Suits are a separate 4-bit mask per card (a wild has
all four, a null none), so a five-card hand is a flush when the AND of its masks is not zero.

Every table entry comes from ``oracle.eval.evaluate.strength_of_codes`` (the evaluator
itself, on suitless stand-in cards), so this module states no poker rule of its own; the tests compare it with
``best_selection`` deal by deal.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Sequence

from oracle.cards import Card
from oracle.eval.rulesets import Ruleset

NULL = 13
WILD = 14
SYMBOLS = 15
ALL_SUITS = 0xF
_SUIT_INDEX = {0x1000: 1, 0x2000: 2, 0x4000: 4, 0x8000: 8}


@lru_cache(maxsize=None)
def multiset_index(size: int):
    """numpy array mapping the base-15 number of a sorted multiset of ``size`` symbols to a
    dense index, and the list of multisets in that order."""
    import numpy as np

    sets = list(combinations_with_replacement(range(SYMBOLS), size))
    lookup = np.full(SYMBOLS**size if size else 1, -1, dtype=np.int32)
    for i, ms in enumerate(sets):
        number = 0
        for s in ms:
            number = number * SYMBOLS + s
        lookup[number] = i
    return lookup, sets


def keys_of(symbols):
    """Dense multiset keys of the rows of an integer array ``(..., size)``."""
    import numpy as np

    symbols = np.asarray(symbols)
    size = symbols.shape[-1]
    lookup, _ = multiset_index(size)
    if size == 0:
        return np.zeros(symbols.shape[:-1], dtype=np.int64)
    ordered = np.sort(symbols, axis=-1).astype(np.int64)
    number = np.zeros(symbols.shape[:-1], dtype=np.int64)
    for i in range(size):
        number = number * SYMBOLS + ordered[..., i]
    return lookup[number].astype(np.int64)


def _representatives(ruleset: Ruleset) -> tuple[list[int], int | None]:
    """Codes of suitless cards of each rank, and of one wild card (None without wilds)."""
    from oracle.cards import JOKER, RANKS

    plain = [Card(rank).code for rank in RANKS]
    wild = None
    if ruleset.wild_ranks:
        wild = Card(sorted(ruleset.wild_ranks, key=lambda r: r.number)[0]).code
    elif ruleset.joker_wild:
        wild = JOKER.code
    return plain, wild


def _strength_of_symbols(symbols: Sequence[int], ruleset: Ruleset) -> int:
    """The evaluator's strength of these symbols as suitless cards (nulls left out)."""
    from oracle.eval.evaluate import strength_of_codes

    plain, wild = _representatives(ruleset)
    codes = []
    for s in symbols:
        if s == WILD:
            if wild is None:
                return -1
            codes.append(wild)
        elif s != NULL:
            codes.append(plain[s])
    if not codes:
        return -1  # no usable card at all
    try:
        return strength_of_codes(codes, ruleset)
    except (KeyError, IndexError):
        return -1  # cards that cannot be held together (five naturals of one rank)


@lru_cache(maxsize=None)
def pair_table(ruleset: Ruleset, board_size: int, private_size: int):
    """``T[board_key, private_key]``: the strength, ignoring suits, of the union of a board
    part and a private part (-1 when the cards cannot be held together)."""
    import numpy as np

    from oracle.eval.tables import TABLE_VERSION, cache_dir

    path = cache_dir() / f"hod-pairs-{ruleset.signature()}-{board_size}-{private_size}-v{TABLE_VERSION}.npy"
    try:
        return np.load(path)
    except (OSError, ValueError):
        pass
    _, board_sets = multiset_index(board_size)
    _, private_sets = multiset_index(private_size)
    cache: dict[tuple[int, ...], int] = {}
    table = np.empty((len(board_sets), len(private_sets)), dtype=np.int64)
    for i, bs in enumerate(board_sets):
        for j, ps in enumerate(private_sets):
            key = tuple(sorted(bs + ps))
            value = cache.get(key)
            if value is None:
                value = cache[key] = _strength_of_symbols(key, ruleset)
            table[i, j] = value
    _save(path, table)
    return table


def _save(path, table) -> None:
    """Keep a table in the evaluator's cache directory, written whole or not at all."""
    import os
    import tempfile

    import numpy as np

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp.npy")
        with os.fdopen(handle, "wb") as out:
            np.save(out, table)
        os.replace(temp, path)
    except OSError:
        pass  # a read-only cache directory only costs the time to rebuild


@lru_cache(maxsize=None)
def flush_table(ruleset: Ruleset):
    """``F[rank_bits]``: the strength of five cards all of one suit (wild cards count as
    any suit) whose natural cards have these rank bits; -1 where that cannot happen."""
    import numpy as np

    from oracle.cards import RANKS, Suit
    from oracle.eval.evaluate import strength_of_codes

    _, wild = _representatives(ruleset)
    table = np.full(8192, -1, dtype=np.int64)
    for bits in range(8192):
        naturals = [Card(RANKS[i], Suit.SPADES).code for i in range(13) if bits >> i & 1]
        wilds = 5 - len(naturals)
        if wilds < 0 or (wilds and wild is None) or wilds > ruleset.max_wilds:
            continue
        try:
            table[bits] = strength_of_codes(naturals + [wild] * wilds, ruleset)
        except KeyError:
            continue  # a hand the tables hold no entry for cannot be dealt
    return table


class Parts:
    """Per-row features of every ``size``-card subset of a row of cards: multiset key, suit
    AND, rank-bit OR and toll count, each of shape ``(rows, subsets)``."""

    def __init__(self, symbols, suits, bits, tolls, size: int):
        import numpy as np

        width = symbols.shape[1]
        self.subsets = list(combinations(range(width), size))
        idx = np.array(self.subsets, dtype=np.int64).reshape(len(self.subsets), size)
        sub_symbols = symbols[:, idx]  # rows, subsets, size
        self.key = keys_of(sub_symbols)
        if size:
            self.suit = np.bitwise_and.reduce(suits[:, idx], axis=2)
            self.bits = np.bitwise_or.reduce(bits[:, idx], axis=2)
            self.tolls = tolls[:, idx].sum(axis=2)
        else:
            rows = symbols.shape[0]
            self.suit = np.full((rows, 1), ALL_SUITS, dtype=np.int64)
            self.bits = np.zeros((rows, 1), dtype=np.int64)
            self.tolls = np.zeros((rows, 1), dtype=np.int64)


def card_arrays(rows: Sequence[Sequence[Card]]):
    """(rank index 0-12, suit mask) arrays of shape ``(len(rows), width)`` for real cards."""
    import numpy as np

    n = len(rows)
    width = len(rows[0]) if n else 0
    flat = [card for row in rows for card in row]
    ranks = np.array([c.value - 2 for c in flat], dtype=np.int64).reshape(n, width)
    suits = np.array([_SUIT_INDEX.get(c.code & 0xF000, 0) for c in flat], dtype=np.int64)
    return ranks, suits.reshape(n, width)


def encode_arrays(ranks, suits, ruleset: Ruleset, banned=None, tolled=frozenset()):
    """(symbols, suits, bits, tolls) from rank indexes and suit masks. ``banned`` is a bool
    array ``(rows, 13)`` of values that row may not use (or None); ``tolled`` a set of ranks.
    A card of a wild rank is WILD (every suit, no rank bit); a banned card is NULL."""
    import numpy as np

    from oracle.cards import RANKS

    ranks = np.asarray(ranks, dtype=np.int64)
    symbols = ranks.copy()
    suit = np.asarray(suits, dtype=np.int64).copy()
    bits = np.left_shift(1, ranks)
    wild = np.zeros(13, dtype=bool)
    for r in ruleset.wild_ranks:
        wild[RANKS.index(r)] = True
    is_wild = wild[ranks]
    symbols[is_wild] = WILD
    suit[is_wild] = ALL_SUITS
    bits[is_wild] = 0
    if banned is not None:
        rows = np.arange(ranks.shape[0])[:, None]
        is_banned = np.asarray(banned)[rows, ranks]
        symbols[is_banned] = NULL
        suit[is_banned] = 0
        bits[is_banned] = 0
    else:
        is_banned = np.zeros(ranks.shape, dtype=bool)
    toll = np.zeros(13, dtype=bool)
    for r in tolled:
        toll[RANKS.index(r)] = True
    tolls = (toll[ranks] & ~is_banned).astype(np.int64)
    return symbols, suit, bits, tolls


def encode_rows(rows: Sequence[Sequence[Card]], ruleset: Ruleset, banned=None, tolled=frozenset()):
    """``encode_arrays`` of lists of real cards."""
    ranks, suits = card_arrays(rows)
    return encode_arrays(ranks, suits, ruleset, banned, tolled)


def best_strengths(
    board,
    private,
    ruleset: Ruleset,
    *,
    min_private: int,
    max_private: int,
    outer: bool,
    max_tolled=None,
):
    """The best legal strength for every deal.

    ``board`` and ``private`` are ``(symbols, suits, bits, tolls)`` arrays. With
    ``outer=False`` both have the same number of rows and row ``i`` of one goes with row
    ``i`` of the other (result shape ``(rows,)``); with ``outer=True`` every board row meets
    every private row (result ``(board_rows, private_rows)``). ``max_tolled`` (None: tolls not
    in force; else an int or an array broadcastable to the result) bounds how many tolled
    cards a hand may use, as ``Limits.max_tolled`` does.

    As in ``best_selection``, a row whose private cards are all unusable takes its hand from
    the board alone (the minimum is lowered to the number of usable private cards).
    """
    import numpy as np

    bsym, bsuit, bbits, btoll = board
    psym, psuit, pbits, ptoll = private
    board_width = bsym.shape[1]
    private_width = psym.shape[1]
    flush = flush_table(ruleset)
    if outer:
        shape = (bsym.shape[0], psym.shape[0])
    else:
        shape = (bsym.shape[0],)
    best = np.full(shape, -1, dtype=np.int64)

    usable_private = (psym != NULL).sum(axis=1)
    sizes = list(range(max(min_private, 0), min(max_private, private_width, 5) + 1))
    if min_private > 0 and (usable_private < min_private).any():
        sizes = sorted(set(range(0, min(max_private, private_width, 5) + 1)))
    for j in sizes:
        board_take = min(5 - j, board_width)
        if j == 0 and board_take == 0:
            continue
        bp = Parts(bsym, bsuit, bbits, btoll, board_take)
        pp = Parts(psym, psuit, pbits, ptoll, j)
        table = pair_table(ruleset, board_take, j)
        ncols = table.shape[1]
        flat = table.ravel()
        # Which rows may use j private cards: j >= min(min_private, usable private cards).
        low = np.minimum(usable_private, min_private)
        allowed_private = j >= low  # per private row
        # The fast outer product gathers every own-part key of the table per runout; it pays
        # only when there are more (private row, subset) pairs than keys (many Boss hands).
        if (outer and max_tolled is None and bool(np.all(allowed_private))
                and psym.shape[0] * len(pp.subsets) >= ncols):
            _outer_fast(best, bp, pp, table, flush)
            continue
        for q in range(len(bp.subsets)):
            bkey, bsu, bbi, bto = bp.key[:, q], bp.suit[:, q], bp.bits[:, q], bp.tolls[:, q]
            if outer:
                bkey, bsu, bbi, bto = (a[:, None] for a in (bkey, bsu, bbi, bto))
            for s in range(len(pp.subsets)):
                pkey, psu, pbi, pto = pp.key[:, s], pp.suit[:, s], pp.bits[:, s], pp.tolls[:, s]
                allow = allowed_private
                if outer:
                    pkey, psu, pbi, pto = (a[None, :] for a in (pkey, psu, pbi, pto))
                    allow = allow[None, :]
                value = flat[bkey * ncols + pkey]
                if board_take + j == 5:
                    suited = (bsu & psu) != 0
                    if suited.any():
                        fvalue = flush[bbi | pbi]
                        value = np.where(suited & (fvalue > value), fvalue, value)
                if max_tolled is not None:
                    value = np.where(bto + pto <= max_tolled, value, -1)
                if not np.all(allow):
                    value = np.where(allow, value, -1)
                np.maximum(best, value, out=best)
    return best


def _outer_fast(best, bp: Parts, pp: Parts, table, flush) -> None:
    """The outer product without tolls or lowered minimums: the plain (suit-blind) part is
    maximised over the board subsets once per row and private key, so the grid sees one
    gather per private subset; flushes are evaluated only on rows whose board subset is
    suited."""
    import numpy as np

    plain_best = table[bp.key].max(axis=1)  # rows, private keys
    rows = np.arange(best.shape[0])[:, None]
    for s in range(len(pp.subsets)):
        np.maximum(best, plain_best[rows, pp.key[None, :, s]], out=best)
    for q in range(len(bp.subsets)):
        suited_rows = np.nonzero(bp.suit[:, q])[0]
        if not len(suited_rows):
            continue
        bsu = bp.suit[suited_rows, q][:, None]
        bbi = bp.bits[suited_rows, q][:, None]
        for s in range(len(pp.subsets)):
            psu = pp.suit[None, :, s]
            suited = (bsu & psu) != 0
            if not suited.any():
                continue
            fvalue = np.where(suited, flush[bbi | pp.bits[None, :, s]], -1)
            sub = best[suited_rows]
            np.maximum(sub, fvalue, out=sub)
            best[suited_rows] = sub
