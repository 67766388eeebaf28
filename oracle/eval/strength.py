"""The integer strength of a hand, and what it means in words.

A strength is ``category * 15**5 + t1 * 15**4 + ... + t5`` where ``t1..t5`` are the
tie-break values (2-14, Ace high; 0 for a card that is missing from a partial hand, so a
present kicker beats a missing one). Larger is stronger; equal strengths tie. The category
numbers are shared by every ruleset, so strengths order hands within any one of them.

This module also holds ``rank_strength``, the one place that says which poker hand a
multiset of rank values makes: the lookup tables are built from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from oracle.cards import RANK_BY_VALUE

BASE = 15
CATEGORY_UNIT = BASE**5

# Category slugs, worst first; the index is the category number. The royal flush is the
# Ace-high straight flush, so it shares number 8 and is told apart when described.
CATEGORY_ORDER = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE = range(10)

# Best first, as the issue lists them, with the royal flush as its own slug.
CATEGORY_SLUGS = (
    "five_of_a_kind",
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "pair",
    "high_card",
)
CATEGORY_NAMES = {
    "five_of_a_kind": "Five of a Kind",
    "royal_flush": "Royal Flush",
    "straight_flush": "Straight Flush",
    "four_of_a_kind": "Four of a Kind",
    "full_house": "Full House",
    "flush": "Flush",
    "straight": "Straight",
    "three_of_a_kind": "Three of a Kind",
    "two_pair": "Two Pair",
    "pair": "Pair",
    "high_card": "High Card",
}


def encode(category: int, tiebreak: tuple[int, ...] | list[int]) -> int:
    value = category
    for i in range(5):
        value = value * BASE + (tiebreak[i] if i < len(tiebreak) else 0)
    return value


def decode(strength: int) -> tuple[int, tuple[int, ...]]:
    digits = []
    for _ in range(5):
        strength, digit = divmod(strength, BASE)
        digits.append(digit)
    return strength, tuple(reversed(digits))


def category_slug(strength: int) -> str:
    category, tiebreak = decode(strength)
    if category == STRAIGHT_FLUSH and tiebreak[0] == 14:
        return "royal_flush"
    return CATEGORY_ORDER[category]


def straight_top(values: list[int]) -> int:
    """The top card of a five-card straight made by these distinct values, or 0."""
    distinct = sorted(set(values), reverse=True)
    if len(distinct) != 5 or len(values) != 5:
        return 0
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [14, 5, 4, 3, 2]:
        return 5
    return 0


def rank_strength(values: list[int] | tuple[int, ...], flush: bool = False) -> int:
    """The strength of a hand of these rank values (at most five; fewer for a partial hand).

    ``flush`` says the five cards share a suit. Straights and flushes need five cards.
    Five equal values make five of a kind; whether that may happen is the caller's rule."""
    counts = Counter(values)
    # Groups ordered by size, then by value: the order in which cards break ties.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    sizes = [size for _, size in groups]
    order = [value for value, size in groups for _ in range(size)]
    if sizes and sizes[0] == 5:
        return encode(FIVE, [order[0]])
    top = straight_top(list(values))
    if flush and len(values) == 5:
        if top:
            return encode(STRAIGHT_FLUSH, [top])
    if sizes[:1] == [4]:
        return encode(QUADS, [order[0], *order[4:]])
    if sizes[:2] == [3, 2]:
        return encode(FULL_HOUSE, [order[0], order[3]])
    if flush and len(values) == 5:
        return encode(FLUSH, sorted(values, reverse=True))
    if top:
        return encode(STRAIGHT, [top])
    if sizes[:1] == [3]:
        return encode(TRIPS, [order[0], *order[3:]])
    if sizes[:2] == [2, 2]:
        return encode(TWO_PAIR, [order[0], order[2], *order[4:]])
    if sizes[:1] == [2]:
        return encode(PAIR, [order[0], *order[2:]])
    return encode(HIGH_CARD, order)


def hand_values(strength: int) -> list[int]:
    """The rank values of the hand a strength stands for, most significant first (the Ace
    of a wheel as 1), without the missing cards of a partial hand."""
    category, t = decode(strength)
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = t[0]
        return [top - i for i in range(5)] if top > 5 else [5, 4, 3, 2, 1]
    shape = {
        FIVE: [5],
        QUADS: [4, 1],
        FULL_HOUSE: [3, 2],
        TRIPS: [3, 1, 1],
        TWO_PAIR: [2, 2, 1],
        PAIR: [2, 1, 1, 1],
        FLUSH: [1, 1, 1, 1, 1],
        HIGH_CARD: [1, 1, 1, 1, 1],
    }[category]
    values: list[int] = []
    for value, size in zip(t, shape):
        if value:
            values.extend([value] * size)
    return values


@dataclass(frozen=True)
class Words:
    name: str
    description: str


def describe(strength: int) -> Words:
    """``Four of a Kind`` / ``Four Nines, King kicker``."""
    category, t = decode(strength)
    slug = category_slug(strength)
    name = CATEGORY_NAMES[slug]

    def word(v: int) -> str:
        return RANK_BY_VALUE[v].word

    def plural(v: int) -> str:
        return RANK_BY_VALUE[v].plural

    def kickers(values: tuple[int, ...]) -> str:
        present = [word(v) for v in values if v]
        if not present:
            return ""
        noun = "kicker" if len(present) == 1 else "kickers"
        return f", {'-'.join(present)} {noun}"

    if category == FIVE:
        text = f"Five {plural(t[0])}"
    elif slug == "royal_flush":
        text = "Royal Flush"
    elif category == STRAIGHT_FLUSH:
        text = f"Straight Flush, {word(t[0])} high"
    elif category == QUADS:
        text = f"Four {plural(t[0])}{kickers(t[1:2])}"
    elif category == FULL_HOUSE:
        text = f"Full House, {plural(t[0])} over {plural(t[1])}"
    elif category == FLUSH:
        text = f"Flush, {'-'.join(word(v) for v in t)}"
    elif category == STRAIGHT:
        text = f"Straight, {word(t[0])} high"
    elif category == TRIPS:
        text = f"Three {plural(t[0])}{kickers(t[1:3])}"
    elif category == TWO_PAIR:
        text = f"Two Pair, {plural(t[0])} and {plural(t[1])}{kickers(t[2:3])}"
    elif category == PAIR:
        text = f"Pair of {plural(t[0])}{kickers(t[1:4])}"
    else:
        present = [word(v) for v in t if v]
        text = f"High Card, {'-'.join(present)}"
    return Words(name, text)
