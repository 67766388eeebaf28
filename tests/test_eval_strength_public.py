"""The public ``oracle.eval.strength`` takes the ruleset's fastest function for five cards and
for seven without wild cards (kept per ruleset): the answers are those of the plain lookup,
for a ruleset given by object or by name, at any number of cards."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from oracle.cards import full_deck
from oracle.eval.evaluate import strength, strength_of_codes
from oracle.eval.rulesets import find_ruleset


def plain(cards, ruleset):
    codes = [c.code for c in cards]
    if len(codes) <= 5:
        return strength_of_codes(codes, ruleset)
    return max(strength_of_codes(list(sub), ruleset) for sub in combinations(codes, 5))


@pytest.mark.parametrize("name", ["standard", "diablo", "drawing-dead"])
def test_the_public_strength_gives_the_plain_lookups_answer_by_object_and_by_name(name):
    ruleset = find_ruleset(name)
    deck = full_deck(jokers=1) if name == "drawing-dead" else full_deck()
    rng = random.Random(7)
    for size in (7, 2, 5, 1, 6, 7, 3, 5, 4):  # every size after the fast ones are kept
        for _ in range(60):
            cards = rng.sample(deck, size)
            expected = plain(cards, ruleset)
            assert strength(cards, ruleset) == expected == strength(cards, name)
