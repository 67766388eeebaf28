"""Starting hands up to suit symmetry ("Suits are all equal"): the classes a chart computes
once each, counted two independent ways, and the renaming that carries an answer back."""

from __future__ import annotations

import math
import random
from itertools import combinations, permutations

import pytest

from oracle.cards import SUITS, Card, full_deck, parse_cards
from oracle.charts.symmetry import burnside_count, canonical, class_size, inverse, rename, suit_classes
from oracle.errors import InvalidHandError


def brute_force_classes(n: int) -> dict[tuple[str, ...], int]:
    """Every n-card hand, renamed all 24 ways; the class is the smallest sorted text of them."""
    classes: dict[tuple[str, ...], int] = {}
    renamings = [dict(zip(SUITS, p)) for p in permutations(SUITS)]
    for hand in combinations(full_deck(), n):
        key = min(tuple(sorted(str(Card(c.rank, r[c.suit])) for c in hand)) for r in renamings)
        classes[key] = classes.get(key, 0) + 1
    return classes


def test_five_card_diablo_starts_number_134459_by_burnside_and_by_their_sizes():
    classes = suit_classes(5)
    assert len(classes) == burnside_count(5) == 134_459
    assert sum(size for _, size in classes) == math.comb(52, 5)
    assert len({hand for hand, _ in classes}) == len(classes)


def test_three_card_starts_number_1755_as_a_brute_force_over_all_22100_hands_counts_them():
    classes = suit_classes(3)
    brute = brute_force_classes(3)
    assert len(classes) == burnside_count(3) == len(brute) == 1755
    # The same classes with the same sizes: map each canonical start to the brute force's key.
    mine = {min(tuple(sorted(str(Card(c.rank, dict(zip(SUITS, p))[c.suit])) for c in hand))
                for p in permutations(SUITS)): size for hand, size in classes}
    assert mine == brute


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
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
