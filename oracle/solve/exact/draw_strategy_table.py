"""A draw strategy (``draw_opponents.ChartStrategy``) as a table of every five-card hand: for
each of the 2,598,960 hands, the discards the strategy makes from it and their chances, in
whole units, for the exact count against an opponent who draws (``draw_drawer``).

The strategy is written per suit class (one hand stands for every renaming of its suits);
``ChartStrategy.deal`` deals a class's hand renamed by one of the 24 renamings at random, so a
hand ``O`` throws ``D`` with the chance

    p(D | O) = sum over the class's discards e of chance(e) x #{renamings r: r(hand) = O, r(e) = D} / #{r: r(hand) = O}

(a hand that some renaming leaves unchanged, like A A K K 7 with the two pairs in the same two
suits, throws each of the equivalent discards equally often). The denominator is 24 over the
class's size, so every renaming of every discard adds ``chance x size / 24``. With ``R`` the
smallest whole number that makes every chance a multiple of ``1 / R`` (1 for a diablo-draw
chart, whose best hold is certain; the rounds behind a diablo-equilibrium table's average),
the table holds ``chance x size x R`` and a hand's chances add up to ``SCALE = 24 R``: whole
numbers, so the count is exact. A strategy with no such ``R`` up to ``MAX_DENOMINATOR`` is
not counted (it is sampled).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from oracle.cards import full_deck

HAND = 5
RENAMINGS = 24
# The largest common denominator of a strategy's chances that the exact count accepts.
MAX_DENOMINATOR = 10_000


@dataclass(frozen=True)
class HandTable:
    """Every hand's discards: hand ``h`` (the colex number of its five card indices, cards
    numbered in ``full_deck()`` order) has entries ``start[h]`` to ``start[h + 1]``, each a
    discard (``thrown``: bit ``j`` for the hand's ``j``-th lowest card) and its chance times
    ``scale`` (``weight``, whole)."""

    start: object
    thrown: object
    weight: object
    scale: int


def common_denominator(chances) -> int | None:
    """The smallest ``R`` up to MAX_DENOMINATOR with every chance ``R x chance`` whole (to
    1e-9), or None."""
    import numpy as np

    values = np.unique(np.asarray(chances, dtype=np.float64))
    for r in range(1, MAX_DENOMINATOR + 1):
        scaled = values * r
        if np.all(np.abs(scaled - np.rint(scaled)) <= 1e-9 * r):
            return r
    return None


def _card_indices(texts, index_of):
    """The card indices of each text (a list of cards, maybe empty) as one padded array
    (``-1`` past a text's cards)."""
    import numpy as np

    from oracle.cards import parse_cards

    counts = np.array([t.count(" ") + 1 if t.strip() else 0 for t in texts], dtype=np.int64)
    tokens = " ".join(texts).split()
    try:
        flat = np.array([index_of[t] for t in tokens], dtype=np.int64)
    except KeyError:  # a spelling other than the deck's own: the parser reads it
        flat = np.array([index_of[str(c)] for t in texts for c in parse_cards(t)], dtype=np.int64)
    if len(flat) != counts.sum():
        raise ValueError("a strategy text holds cards not separated by single spaces")
    out = np.full((len(texts), max(int(counts.max(initial=0)), 1)), -1, dtype=np.int64)
    rows = np.repeat(np.arange(len(texts)), counts)
    places = np.arange(len(flat)) - np.repeat(np.cumsum(counts) - counts, counts)
    out[rows, places] = flat
    return out


def _chances(strategy):
    """Each discard's chance (the entries' weights over their class's size) and the classes."""
    import numpy as np

    classes = np.array([e[0] for e in strategy._entries], dtype=np.int64)
    weights = np.array([e[2] for e in strategy._entries], dtype=np.float64)
    sizes = np.bincount(classes, weights=weights, minlength=len(strategy._hands))  # chances add up to 1
    return classes, weights, sizes


def denominator(strategy) -> int | None:
    """The strategy's common denominator ``R`` (kept on the strategy), or None."""
    cached = getattr(strategy, "_denominator", False)
    if cached is False:
        classes, weights, sizes = _chances(strategy)
        keep = weights > 0
        cached = common_denominator(weights[keep] / sizes[classes[keep]])
        strategy._denominator = cached
    return cached


def hand_table(strategy) -> HandTable | None:
    """The strategy's table (kept on the strategy), or None when its chances have no common
    denominator up to MAX_DENOMINATOR."""
    cached = getattr(strategy, "_hand_table", False)
    if cached is not False:
        return cached
    table = _build(strategy)
    strategy._hand_table = table
    return table


def _build(strategy) -> HandTable | None:
    import numpy as np

    from oracle.charts.symmetry import RENAMINGS as ORDERS
    from oracle.cards import SUITS
    from oracle.solve.exact.subsets import binomial_table

    deck = full_deck()
    index_of = {str(c): i for i, c in enumerate(deck)}
    r = denominator(strategy)
    if r is None:
        return None
    classes, weights, sizes = _chances(strategy)
    keep = weights > 0
    classes, weights = classes[keep], weights[keep]
    thrown_texts = [strategy._entries[i][1] for i in np.flatnonzero(keep)]
    units = np.rint(weights * r).astype(np.int64)  # chance x size x R
    hands = _card_indices(strategy._hands, index_of)[classes]
    thrown_cards = _card_indices(thrown_texts, index_of)
    thrown = (hands[:, :, None] == thrown_cards[:, None, :]).any(axis=2)
    # renamed[k][i]: card i's index after renaming k (suit s becomes suit order[s])
    renamed = np.array([[index_of[str(type(c)(c.rank, SUITS[order[SUITS.index(c.suit)]]))] for c in deck]
                        for order in ORDERS], dtype=np.int64)
    from oracle.solve.exact.draw_drawer import compiled

    start, thrown_bits, summed = compiled().hand_table(hands, thrown.astype(np.int64), units, renamed,
                                                       binomial_table(len(deck), HAND), math.comb(len(deck), HAND))
    return HandTable(start=start, thrown=thrown_bits, weight=summed, scale=RENAMINGS * r)
