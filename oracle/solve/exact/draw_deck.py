"""Exact best-swap odds against one opponent dealt five cards from the full deck, from tables
of the whole deck built once per process: a few milliseconds a hand once they exist.

The tables (``DeckTables``) rank every five-card hand of the 52 cards by Diablo strength
(dense ranks: equal strengths, equal rank) and count, for every rank r, the hands below it:
in all, and among those holding each card and each pair of cards; for each set of three and
of four cards they keep the sorted ranks of the hands holding it; a set of five is a hand.

After the player's draw the opponent's hand avoids the player's five dealt cards and the
cards drawn, D; the hands below the player's final rank r that avoid D are counted by
inclusion-exclusion over the subsets S of D of at most five cards:

    below(avoiding D, r) = sum over S of (-1)^|S| * below(holding S, r)

and likewise at r + 1 for the ties. The terms of the dealt cards alone are the same for
every draw and are summed once per hand. Each figure is an exact integer, the same as the
per-hand counting's (``draw_counting``).
"""

from __future__ import annotations

import math
import threading
import time
from typing import Sequence

from oracle.cards import Card, full_deck
from oracle.solve.exact.subsets import binomial_table, combination_rows

KERNELS = "oracle.solve.exact.draw_deck_kernels"
DECK = 52
HAND = 5
# Draws counted by one call of the compiled loop, between checks of the time budget.
DRAW_BLOCK = 2048
# The most cards a draw may take for these tables (the bigger draw's four).
MOST_DRAWN = 4
# Rough build time of the tables on the benchmark machine, and time of one draw's count.
BUILD_SECONDS = 8.0
DRAW_SECONDS = 1.5e-6

_built: list["DeckTables"] = []
_lock = threading.Lock()


def compiled():
    """The compiled loops, or None (numba missing or switched off)."""
    from oracle.eval.jit import kernels

    return kernels(KERNELS)


class DeckTables:
    """The whole deck's hands ranked and counted by rank (see the module's description).
    ``strengths[r]`` is the strength of rank r; ``build_seconds`` how long the build took."""

    def __init__(self) -> None:
        import numpy as np

        from oracle.eval import batch

        started = time.perf_counter()
        kernel = compiled()
        self.binom = binomial_table(DECK, HAND)
        hands = kernel.colex_hands(DECK, self.binom)
        codes = np.array([c.code for c in full_deck()], dtype=np.int32)
        self.strengths, rank = np.unique(batch.strengths(codes[hands], "diablo"), return_inverse=True)
        width = len(self.strengths)
        self.rank5 = rank.astype(np.int16 if width < 2**15 else np.int32)
        by_card = np.zeros((DECK, width), dtype=np.int32)
        by_pair = np.zeros((math.comb(DECK, 2), width), dtype=np.int32)
        triples = np.empty((math.comb(DECK, 3), math.comb(DECK - 3, 2)), dtype=self.rank5.dtype)
        quads = np.empty((math.comb(DECK, 4), DECK - 4), dtype=self.rank5.dtype)
        kernel.subset_tables(hands, self.rank5, self.binom, by_card, by_pair, triples, quads)
        del hands
        triples.sort(axis=1)
        quads.sort(axis=1)
        self.triples, self.quads = triples, quads
        self.below_all = _below(np.bincount(rank, minlength=width)[None, :])[0]
        self.below_card = _below(by_card)
        self.below_pair = _below(by_pair)
        self.build_seconds = time.perf_counter() - started

    def lookups(self) -> tuple:
        """The tables in the order the compiled loops take them."""
        return (self.below_all, self.below_card, self.below_pair, self.triples, self.quads, self.rank5)


def _below(counts):
    """Counts by rank (rows) to counts below each rank: one more column, the row's total."""
    import numpy as np

    out = np.zeros((counts.shape[0], counts.shape[1] + 1), dtype=np.int64 if counts.shape[0] == 1 else np.int32)
    np.cumsum(counts, axis=1, out=out[:, 1:])
    return out


def tables() -> DeckTables:
    """This process's tables, built on first use."""
    with _lock:
        if not _built:
            _built.append(DeckTables())
        return _built[0]


def tables_built() -> bool:
    return bool(_built)


def tables_apply(opponents, dead: Sequence[Card], draw_sizes: Sequence[int]) -> bool:
    """Whether these tables answer: one opponent dealt five cards, none known, the full deck
    (no dead cards), draws of at most MOST_DRAWN cards, and the compiled loops at hand."""
    return (len(opponents) == 1 and not opponents[0].known and opponents[0].unknown == HAND and not dead
            and all(k <= MOST_DRAWN for k in draw_sizes) and compiled() is not None)


def table_seconds(draw_sizes: Sequence[int]) -> float:
    """Rough time of the counting on the benchmark machine, the build included when the tables
    are not built yet: each draw of each choice, a draw of more cards costing more (the
    subsets of the cards drawn)."""
    draws = sum(math.comb(DECK - HAND, k) * max(1, 2**k // 4) for k in draw_sizes)
    return (0.0 if tables_built() else BUILD_SECONDS) + 0.01 + DRAW_SECONDS * draws


def count_with_tables(results, hand: Sequence[Card], expired) -> list:
    """Each choice's final hands and its wins, ties and losses against the one opponent, in
    order, until ``expired()``: the choices counted. ``results`` carry ``discard`` and get
    ``strengths``, ``outcomes``, ``win``, ``ties`` and ``lose`` (as ``count_against_one``)."""
    import numpy as np

    if expired():
        return []
    deck = tables()
    kernel = compiled()
    index = {c: i for i, c in enumerate(full_deck())}
    dealt = np.array(sorted(index[c] for c in hand), dtype=np.int64)
    pool = np.array([i for i in range(DECK) if i not in set(dealt.tolist())], dtype=np.int64)
    lookups = deck.lookups()
    avoid, single = kernel.avoiding_hand(dealt, pool, deck.binom, *lookups)
    counted = []
    by_size: dict[int, list] = {}
    for result in results:
        by_size.setdefault(len(result.discard), []).append(result)
    for k, group in sorted(by_size.items()):
        if expired():
            break
        kept = np.array([sorted(index[c] for c in hand if c not in r.discard) for r in group],
                        dtype=np.int64).reshape(len(group), HAND - k)
        draws = pool[combination_rows(len(pool), k)]
        counts = np.zeros((len(group), len(deck.strengths)), dtype=np.int64)
        totals = np.zeros((len(group), 2), dtype=np.int64)
        for start in range(0, len(draws), DRAW_BLOCK):
            if start and expired():
                return _in_order(results, counted)
            block = slice(start, start + DRAW_BLOCK)
            kernel.count_draws(dealt, kept, draws[block], deck.binom, avoid, single, *lookups, counts, totals)
        opponents = math.comb(len(pool) - k, HAND)
        for result, by_rank, (win, tied) in zip(group, counts, totals.tolist()):
            ranks = np.flatnonzero(by_rank)
            result.strengths.update(dict(zip(deck.strengths[ranks].tolist(), by_rank[ranks].tolist())))
            result.outcomes = len(draws)
            result.win = win
            result.lose = len(draws) * opponents - win - tied
            if tied:
                result.ties[1] += tied
            counted.append(result)
    return _in_order(results, counted)


def _in_order(results, counted) -> list:
    """The choices counted, in the order given."""
    done = {id(r) for r in counted}
    return [r for r in results if id(r) in done]
