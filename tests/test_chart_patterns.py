"""Diablo hold patterns, as a strategy card names them."""

from __future__ import annotations

from itertools import combinations

import pytest

from oracle.cards import parse_cards
from oracle.charts.patterns import hand_patterns, hold_pattern


@pytest.mark.parametrize("kept, name", [
    ("2h Kh Qh", "three to a royal with a deuce"),
    ("Ah Kh Qh Jh", "four to a royal"),
    ("2h 2d As Ks", "four to a royal with two deuces"),
    ("8h 7h 5h 4h", "four to a straight flush"),
    ("9h 9c 9d 4s", "three of a kind and a kicker"),
    ("9h 9c 2d", "three of a kind with a deuce"),
    ("2s 2h 2d", "three deuces"),
    ("2s 2h 2d 2c", "four deuces"),
    ("9h 9c 9d 2s", "four of a kind with a deuce"),
    ("9h 9c 4s 4d", "two pair"),
    ("Kh 9h 6h 3h", "four to a flush"),
    ("9c 8d 7h 6s", "four to a straight"),
    ("5d 4c 3h Ah", "four to a straight"),
    ("9h 9c Kd", "a pair and a kicker"),
    ("9h 9c Kd 4s", "a pair and two kickers"),
    ("Kh 7h 3h", "three to a flush"),
    ("Ah 5d 3c", "three to a straight"),
    ("Ks 9d 4c", "no pair, three cards"),
    ("Kh Qh Jh Th 9h", "stand pat: a straight flush"),
    ("9h 9c 2d Kh 4s", "stand pat: three of a kind with a deuce"),
])
def test_hold_patterns_are_named_as_a_strategy_card_names_them(kept, name):
    assert hold_pattern(parse_cards(kept)) == name


def test_a_hand_offers_the_patterns_of_its_sixteen_legal_holds():
    """ "0, 1 or 2" cards swapped: 1 + 5 + 10 holds, each pattern listed once."""
    hand = parse_cards("2h 9c 9d Kh 4s")
    expected = {hold_pattern([c for c in hand if c not in d]) for k in range(3) for d in combinations(hand, k)}
    assert set(hand_patterns(hand)) == expected
    assert len(hand_patterns(hand)) == len(expected)
