"""Starting hands up to suit symmetry ("Suits are all equal"): the classes a chart computes
once each, counted two independent ways, and the renaming that carries an answer back."""

from __future__ import annotations

import math
import random
from itertools import combinations, permutations

import pytest

from oracle.cards import RANKS, SUITS, Card, full_deck, parse_cards
from oracle.charts.symmetry import burnside_count, canonical, class_size, inverse, rename, suit_classes
from oracle.errors import InvalidHandError


def brute_force_classes(n: int) -> dict[tuple[int, ...], int]:
    """Every n-card hand (cards as 4 x rank + suit), renamed all 24 ways; its class is the
    smallest sorted renaming."""
    renamings = list(permutations(range(4)))
    classes: dict[tuple[int, ...], int] = {}
    for hand in combinations(range(52), n):
        key = min(tuple(sorted(4 * (c // 4) + r[c % 4] for c in hand)) for r in renamings)
        classes[key] = classes.get(key, 0) + 1
    return classes


def index(card: Card) -> int:
    return 4 * RANKS.index(card.rank) + SUITS.index(card.suit)


def test_five_card_diablo_starts_number_134459_by_burnside_and_by_their_sizes():
    classes = suit_classes(5)
    assert len(classes) == burnside_count(5) == 134_459
    assert sum(size for _, size in classes) == math.comb(52, 5)
    assert len({hand for hand, _ in classes}) == len(classes)


def test_three_card_starts_number_1755_as_a_brute_force_over_all_22100_hands_counts_them():
    classes = suit_classes(3)
    brute = brute_force_classes(3)
    assert len(classes) == burnside_count(3) == len(brute) == 1755
    # The same classes with the same sizes: each canonical start under the brute force's key.
    renamings = list(permutations(range(4)))
    mine = {min(tuple(sorted(4 * (index(c) // 4) + r[index(c) % 4] for c in hand)) for r in renamings): size
            for hand, size in classes}
    assert mine == brute


@pytest.mark.parametrize("n", [1, 2, 4])
def test_burnside_agrees_with_the_enumeration_for_every_hand_size(n):
    classes = suit_classes(n)
    assert len(classes) == burnside_count(n)
    assert sum(size for _, size in classes) == math.comb(52, n)


def test_every_canonical_hand_is_its_own_class_and_sizes_match():
    for hand, size in random.Random(5).sample(suit_classes(5), 300):
        again, renaming = canonical(hand)
        assert again == hand
        assert class_size(hand) == size


def test_a_renamed_hand_has_the_same_class_and_the_renaming_carries_cards_back():
    rng = random.Random(11)
    deck = full_deck()
    for _ in range(200):
        hand = rng.sample(deck, 5)
        shuffled = dict(zip(SUITS, rng.sample(SUITS, 4)))
        cards, renaming = canonical(hand)
        assert canonical(rename(hand, shuffled))[0] == cards
        assert sorted(rename(cards, inverse(renaming)), key=str) == sorted(hand, key=str)


def test_the_royal_flush_class_holds_four_hands_and_names_spades():
    cards, _ = canonical(parse_cards("Ah Kh Qh Jh Th"))
    assert " ".join(map(str, cards)) == "As Ks Qs Js Ts"
    assert class_size(cards) == 4


@pytest.mark.parametrize("text", ["9h 9h 2c 3d 4s", "9 9c 2c 3d 4s", "Jk 9c 2c 3d 4s"])
def test_a_hand_that_cannot_be_dealt_is_refused(text):
    with pytest.raises(InvalidHandError):
        canonical(parse_cards(text))
