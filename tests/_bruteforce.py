"""An independent, deliberately plain poker evaluator for cross-checking the fast one.

It shares nothing with ``oracle.eval`` but the Card type: it ranks a concrete five-card hand
by counting ranks and suits, and handles wild cards by trying every card they could be.
Results are tuples ``(category, tiebreak...)`` with categories numbered like the oracle's
(0 high card .. 8 straight flush, 9 five of a kind), so the two can be compared in order.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from oracle.cards import RANKS, SUITS, Card

ALL_CARDS = [Card(r, s) for r in RANKS for s in SUITS]


def plain_rank(values: list[int], suits: list) -> tuple:
    """Rank concrete cards (values 2-14, suits or None); fewer than five make a partial hand."""
    n = len(values)
    counts = Counter(values)
    by_count = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = [c for _, c in by_count]
    ordered = []
    for v, c in by_count:
        ordered += [v] * c
    is_flush = n == 5 and suits[0] is not None and all(s == suits[0] for s in suits)
    distinct = sorted(set(values), reverse=True)
    straight_top = 0
    if n == 5 and len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    pad = ordered + [0] * (5 - n)
    if shape and shape[0] == 5:
        return (9, ordered[0])
    if is_flush and straight_top:
        return (8, straight_top)
    if shape[0] == 4:
        return (7, *pad[:1], *pad[4:5])
    if shape[:2] == [3, 2]:
        return (6, pad[0], pad[3])
    if is_flush:
        return (5, *sorted(values, reverse=True))
    if straight_top:
        return (4, straight_top)
    if shape[0] == 3:
        return (3, pad[0], *pad[3:5])
    if shape[:2] == [2, 2]:
        return (2, pad[0], pad[2], pad[4])
    if shape[0] == 2:
        return (1, pad[0], *pad[2:5])
    return (0, *pad[:5])


def is_wild(card: Card, wild_ranks: frozenset, joker_wild: bool) -> bool:
    return (card.rank is None and joker_wild) or (card.rank in wild_ranks)


def brute_rank(cards: list[Card], *, wild_ranks=frozenset(), joker_wild=False, five_of_a_kind=False) -> tuple:
    """Best reading of a hand of at most five cards, trying every substitution of its wild
    cards by a real card not already in the hand (no copying), plus five of a kind where the
    rules allow it (the one case where a wild may copy a held card)."""
    wild = [c for c in cards if is_wild(c, wild_ranks, joker_wild)]
    natural = [c for c in cards if not is_wild(c, wild_ranks, joker_wild)]
    held = set(natural)
    options = [c for c in ALL_CARDS if c not in held]
    best = None
    suitless = any(c.suit is None for c in natural)
    for subs in combinations(options, len(wild)):
        hand = natural + list(subs)
        values = [c.value for c in hand]
        suits = [None if suitless else c.suit for c in hand]
        if max(Counter(values).values()) > 4:
            continue
        result = plain_rank(values, suits)
        if best is None or result > best:
            best = result
    if five_of_a_kind and wild and len(cards) == 5:
        values = {c.value for c in natural}
        if len(values) <= 1:
            top = values.pop() if values else 14
            best = max(best, (9, top)) if best else (9, top)
    return best


def brute_best(cards: list[Card], **rules) -> tuple:
    if len(cards) <= 5:
        return brute_rank(cards, **rules)
    return max(brute_rank(list(sub), **rules) for sub in combinations(cards, 5))
