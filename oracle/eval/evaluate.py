"""Ranking hands: the fast integer strength, and the full answer a person reads.

``strength(cards, ruleset)`` is the workhorse: one to five cards are looked up directly;
more cards are ranked by their best five. ``evaluate`` returns a ``HandRank`` with the
category, the words, the five cards used and what each wild card stood for.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from oracle.cards import JOKER, RANK_BY_VALUE, RANKS, SUITS, Card, Rank, Suit, format_cards, full_deck
from oracle.eval.rulesets import STANDARD, Ruleset, find_ruleset
from oracle.eval.strength import (
    FLUSH,
    STRAIGHT_FLUSH,
    category_slug,
    decode,
    describe,
    hand_values,
)
from oracle.eval.tables import WILD_PRIME, five_card_tables, seven_card_tables

_SUIT_MASK = 0xF000


def _effective_codes(ruleset: Ruleset) -> dict[int, int]:
    """Card code -> the code the tables read: a wild card becomes a card of every suit and
    no rank, whose prime is ``WILD_PRIME``."""
    wild = {Card(rank, suit).code for rank in ruleset.wild_ranks for suit in (*SUITS, None)}
    if ruleset.joker_wild:
        wild.add(JOKER.code)
    codes = {card.code: card.code for card in full_deck()}
    codes.update({Card(rank).code: Card(rank).code for rank in RANKS})
    codes[JOKER.code] = JOKER.code
    codes.update({code: _WILD_CODE for code in wild})
    return codes


_WILD_CODE = _SUIT_MASK | WILD_PRIME
_EFFECTIVE: dict[Ruleset, dict[int, int]] = {}


def effective_codes(ruleset: Ruleset) -> dict[int, int]:
    codes = _EFFECTIVE.get(ruleset)
    if codes is None:
        codes = _EFFECTIVE[ruleset] = _effective_codes(ruleset)
    return codes


def is_wild(card: Card, ruleset: Ruleset) -> bool:
    return effective_codes(ruleset)[card.code] == _WILD_CODE


def strength_of_codes(codes: Sequence[int], ruleset: Ruleset) -> int:
    """Strength of one to five cards given by their codes (no checks: the caller's cards
    are already valid)."""
    tables = five_card_tables(ruleset)
    effective = effective_codes(ruleset)
    product = 1
    suits = _SUIT_MASK
    bits = 0
    for code in codes:
        code = effective[code]
        product *= code & 0xFF
        suits &= code
        bits |= code
    if len(codes) == 5 and suits:
        return tables["flush"][bits >> 16]
    return tables["nonflush"][product]


def make_strength5(ruleset: Ruleset | str = STANDARD):
    """A function ranking exactly five cards, as fast as plain Python allows: benchmarks and
    exhaustive tests call it millions of times."""
    ruleset = find_ruleset(ruleset)
    tables = five_card_tables(ruleset)
    plain = tables["nonflush"]
    flush = tables["flush"]
    if not ruleset.has_wilds:

        def strength5(cards: Sequence[Card]) -> int:
            a, b, c, d, e = cards
            a, b, c, d, e = a.code, b.code, c.code, d.code, e.code
            if a & b & c & d & e & 0xF000:
                return flush[(a | b | c | d | e) >> 16]
            return plain[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

        return strength5
    effective = effective_codes(ruleset)

    def strength5_wild(cards: Sequence[Card]) -> int:
        a, b, c, d, e = cards
        a, b, c = effective[a.code], effective[b.code], effective[c.code]
        d, e = effective[d.code], effective[e.code]
        if a & b & c & d & e & 0xF000:
            return flush[(a | b | c | d | e) >> 16]
        return plain[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]

    return strength5_wild


def make_strength5_standard():
    return make_strength5(STANDARD)


def make_strength7_standard():
    return make_strength7(STANDARD)


def make_strength7(ruleset: Ruleset | str = STANDARD):
    """A function ranking the best five of exactly seven cards, for a ruleset without wild
    cards (their best five of seven is a table lookup or two)."""
    tables = seven_card_tables(find_ruleset(ruleset))
    best7 = tables["best7"]
    flush7 = tables["flush7"]

    def strength7_standard(cards: Sequence[Card]) -> int:
        product = 1
        suit_counts = 0
        for card in cards:
            code = card.code
            product *= code & 0xFF
            # Four 4-bit counters, one per suit; adding 3 to each sets its bit 3 at five.
            suit_counts += _SUIT_COUNTER[code & 0xF000]
        best = best7[product]
        flags = (suit_counts + 0x3333) & 0x8888
        if flags:
            suit_bit = _FLUSH_SUIT[flags]
            bits = 0
            for card in cards:
                if card.code & suit_bit:
                    bits |= card.code
            value = flush7[bits >> 16]
            if value > best:
                best = value
        return best

    return strength7_standard


_SUIT_COUNTER = {0: 0, 0x1000: 1, 0x2000: 1 << 4, 0x4000: 1 << 8, 0x8000: 1 << 12}
_FLUSH_SUIT = {0x8: 0x1000, 0x80: 0x2000, 0x800: 0x4000, 0x8000: 0x8000}


def strength(cards: Sequence[Card], ruleset: Ruleset | str = STANDARD) -> int:
    """The strength of a hand: directly for one to five cards, else its best five.

    Five cards, and seven without wild cards, go straight to the ruleset's fastest function
    (built once per ruleset and kept): a library caller pays one dictionary lookup more than
    ``make_strength5`` does."""
    size = len(cards)
    known = _FAST5.get(id(ruleset)) if size == 5 else _FAST7.get(id(ruleset)) if size == 7 else None
    if known is not None and known[0] is ruleset:
        return known[1](cards)
    given = ruleset
    ruleset = find_ruleset(ruleset)
    if len(cards) == 5 or (len(cards) == 7 and not ruleset.has_wilds):
        fast = make_strength5(ruleset) if len(cards) == 5 else _seven_card_function(ruleset)
        # Keyed by identity (hashing a ruleset costs more than ranking the hand); the entry
        # keeps the key's object alive, so its identity is never reused by another.
        (_FAST5 if len(cards) == 5 else _FAST7)[id(given)] = (given, fast)
        return fast(cards)
    codes = [card.code for card in cards]
    if len(codes) < 5:
        return strength_of_codes(codes, ruleset)
    return max(strength_of_codes(sub, ruleset) for sub in combinations(codes, 5))


# id of the ruleset or name given -> (that object, the fastest function), for 5 and 7 cards.
_FAST5: dict[int, tuple[Any, Any]] = {}
_FAST7: dict[int, tuple[Any, Any]] = {}


_SEVEN: dict[Ruleset, Any] = {}


def _seven_card_function(ruleset: Ruleset):
    function = _SEVEN.get(ruleset)
    if function is None:
        function = _SEVEN[ruleset] = make_strength7(ruleset)
    return function


@dataclass(frozen=True)
class WildCard:
    card: Card
    stands_for: Card

    def __str__(self) -> str:
        return f"{self.card}={self.stands_for}"


@dataclass(frozen=True)
class HandRank:
    """A ranked hand. ``cards`` are the cards used, most significant first; a wild card
    appears as itself, and ``wilds`` says what each one stood for."""

    ruleset: Ruleset
    strength: int
    cards: tuple[Card, ...]
    wilds: tuple[WildCard, ...] = ()

    @property
    def category(self) -> str:
        return category_slug(self.strength)

    @property
    def name(self) -> str:
        return describe(self.strength).name

    @property
    def description(self) -> str:
        return describe(self.strength).description

    def to_json(self) -> dict:
        return {
            "game": self.ruleset.name,
            "category": self.category,
            "name": self.name,
            "description": self.description,
            "cards": [str(card) for card in self.cards],
            "wilds": [{"card": str(w.card), "as": str(w.stands_for)} for w in self.wilds],
            "strength": self.strength,
        }

    def __str__(self) -> str:
        return f"{self.description} ({format_cards(self.cards)})"


def evaluate(cards: Sequence[Card], ruleset: Ruleset | str = STANDARD) -> HandRank:
    """Rank a hand of at least one card: with more than five, its best five count."""
    ruleset = find_ruleset(ruleset)
    cards = list(cards)
    if len(cards) <= 5:
        chosen, best = cards, strength(cards, ruleset)
    else:
        best, chosen = -1, cards[:5]
        for sub in combinations(cards, 5):
            value = strength_of_codes([c.code for c in sub], ruleset)
            if value > best:
                best, chosen = value, list(sub)
    return explain(chosen, best, ruleset)


def explain(cards: Sequence[Card], best: int, ruleset: Ruleset) -> HandRank:
    """Order the used cards by significance and say what each wild card stands for."""
    wild = [c for c in cards if is_wild(c, ruleset)]
    natural = [c for c in cards if not is_wild(c, ruleset)]
    values = hand_values(best)  # the finished hand's values, most significant first
    remaining = list(natural)
    ordered: list[Card] = []
    stand_ins: list[WildCard] = []
    category, _ = decode(best)
    flush_suit = None
    if category in (FLUSH, STRAIGHT_FLUSH):
        flush_suit = natural[0].suit if natural else Suit.SPADES
    taken: set[Card] = set(natural)
    wild_iter = iter(wild)
    for value in values:
        match = next((c for c in remaining if _value_in_hand(c, value)), None)
        if match is not None:
            remaining.remove(match)
            ordered.append(match)
            continue
        card = next(wild_iter)
        stands = _stand_in(value, flush_suit, taken, any(c.suit for c in natural))
        taken.add(stands)
        ordered.append(card)
        stand_ins.append(WildCard(card, stands))
    ordered.extend(remaining)  # cards outside the tie-break (none for a full hand)
    return HandRank(ruleset, best, tuple(ordered), tuple(stand_ins))


def _value_in_hand(card: Card, value: int) -> bool:
    return card.value == value or (value == 1 and card.rank is Rank.ACE)


def _stand_in(value: int, suit: Suit | None, taken: set[Card], suited: bool) -> Card:
    rank = RANK_BY_VALUE[value]
    if suit is not None:
        return Card(rank, suit)
    if not suited:
        return Card(rank)
    for candidate in SUITS:
        card = Card(rank, candidate)
        if card not in taken:
            return card
    return Card(rank, SUITS[0])  # five of a kind: the fifth copies a card already held


def compare(first: Sequence[Card], second: Sequence[Card], ruleset: Ruleset | str = STANDARD) -> int:
    """1 if the first hand wins, -1 if the second does, 0 for a tie."""
    a = strength(first, ruleset)
    b = strength(second, ruleset)
    return (a > b) - (a < b)

