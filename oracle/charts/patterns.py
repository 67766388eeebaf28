"""Diablo hold patterns: what a kept set of cards is called on a strategy card ("four to a
flush", "three to a royal with a deuce"); the strategy card made of them is ``card``.

A hold is the three, four or five cards kept at the draw ("0, 1 or 2" cards swapped, so at
least three are kept). Its pattern is decided by the first line that fits, in this order:

1. all kept cards are deuces: "three deuces", "four deuces";
2. five kept: "stand pat:" and the hand they make ("stand pat: a flush");
3. the kept cards make four of a kind (deuces wild): "four of a kind";
4. the natural (non-deuce) cards are of one suit, all different, all Ten or higher: "three
   (four) to a royal"; of one suit and within five ranks of each other (the Ace high or low):
   "three (four) to a straight flush";
5. they make three of a kind: "three of a kind" (and "and a kicker" with four kept);
6. two pair (four kept, no deuce);
7. four kept of one suit: "four to a flush"; four within five ranks: "four to a straight";
8. a pair: "a pair and a kicker", "a pair and two kickers";
9. three kept of one suit: "three to a flush"; within five ranks: "three to a straight";
10. otherwise "no pair, three (four) cards".

Deuces kept are named at the end, "with a deuce" or "with two deuces": "Every 2 you hold is
gold" (Diablo: Tips for beginners), and the same pattern plays differently with them.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from oracle.cards import Card, Rank
from oracle.eval import DIABLO, strength
from oracle.eval.strength import category_slug

NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}
MADE_HANDS = {
    "five_of_a_kind": "five of a kind",
    "royal_flush": "a royal flush",
    "straight_flush": "a straight flush",
    "four_of_a_kind": "four of a kind",
    "full_house": "a full house",
    "flush": "a flush",
    "straight": "a straight",
    "three_of_a_kind": "three of a kind",
    "two_pair": "two pair",
    "pair": "a pair",
    "high_card": "no pair",
}


def _deuces(w: int) -> str:
    return "" if w == 0 else " with a deuce" if w == 1 else f" with {NUMBER_WORDS[w]} deuces"


def _within_five(values: Sequence[int]) -> bool:
    """Whether distinct card values fit in one straight (the Ace also as 1)."""
    if len(set(values)) != len(values):
        return False
    if not values:
        return True
    if max(values) - min(values) <= 4:
        return True
    low = [1 if v == 14 else v for v in values]
    return max(low) - min(low) <= 4


def hold_pattern(kept: Sequence[Card]) -> str:
    """The strategy-card name of the cards kept (three to five of them)."""
    k = len(kept)
    naturals = [c for c in kept if c.rank is not Rank.TWO]
    w = k - len(naturals)
    if not naturals:
        return f"{NUMBER_WORDS[w]} deuces"
    made = category_slug(strength(list(kept), DIABLO))
    if k == 5:
        return f"stand pat: {MADE_HANDS[made]}{_deuces(w)}"
    return _draw_pattern(k, naturals, made) + _deuces(w)


def _draw_pattern(k: int, naturals: Sequence[Card], made: str) -> str:
    values = [c.value for c in naturals]
    suited = len({c.suit for c in naturals}) == 1
    straight = _within_five(values)
    count = NUMBER_WORDS[k]
    if made == "four_of_a_kind":
        return "four of a kind"
    if suited and straight and min(values) >= 10:
        return f"{count} to a royal"
    if suited and straight:
        return f"{count} to a straight flush"
    if made == "three_of_a_kind":
        return "three of a kind and a kicker" if k == 4 else "three of a kind"
    if made == "two_pair":
        return "two pair"
    if k == 4 and suited:
        return "four to a flush"
    if k == 4 and straight:
        return "four to a straight"
    if made == "pair":
        return "a pair and two kickers" if k == 4 else "a pair and a kicker"
    if suited:
        return "three to a flush"
    if straight:
        return "three to a straight"
    return f"no pair, {count} cards"


def hand_patterns(hand: Sequence[Card]) -> list[str]:
    """The patterns of every legal hold of a five-card hand (discard 0, 1 or 2), each once,
    in the order first met: standing pat, then each discard of one, then of two."""
    found: dict[str, None] = {}
    for throw in range(3):
        for discard in combinations(hand, throw):
            found[hold_pattern([c for c in hand if c not in discard])] = None
    return list(found)
