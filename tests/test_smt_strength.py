"""The Z3 strength term (``oracle.solve.smt.strength``) is the evaluator's strength, tie-breaks
and all, on every five-card hand of the standard, Diablo (with and without the house rule
``wild_may_copy``) and Drawing Dead rulesets, and on partial hands.

Exhaustive by classes, as the category encoding is checked (``test_smt_categories``): the
term reads a five-card hand only through the natural cards' rank counts, the number of wild
cards and whether the natural cards share a suit, and so does the evaluator; one hand of
each class stands for all of it, and the classes add up to every hand of the deck. The term
is compiled to numpy and evaluated on every class at once."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest
import z3

from oracle.cards import full_deck
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, describe, strength
from oracle.solve.smt.cards import card_variable
from oracle.solve.smt.strength import hand_strength

from _z3compile import compile_term
from test_smt_categories import DIABLO_COPYING, as_numbers, hand_classes


def compiled_strength(ruleset, size=5):
    cards = [card_variable(f"c{i}") for i in range(size)]
    term = hand_strength(cards, ruleset)
    inputs = [x for c in cards for x in (c.rank, c.suit)]
    return term, inputs, compile_term(term, inputs, vectorized=True)


@pytest.mark.parametrize("ruleset", [STANDARD, DIABLO, DRAWING_DEAD, DIABLO_COPYING], ids=lambda r: r.name)
def test_strength_term_is_the_evaluators_strength_on_every_five_card_hand(ruleset):
    term, inputs, compiled = compiled_strength(ruleset)
    classes = list(hand_classes(ruleset))
    assert sum(size for _, size in classes) == comb(52 + ruleset.jokers, 5)
    got = compiled(*np.array([as_numbers(hand) for hand, _ in classes]).T)
    want = np.array([strength(hand, ruleset) for hand, _ in classes])
    wrong = [(" ".join(map(str, classes[i][0])), int(got[i]), describe(int(want[i])).description)
             for i in np.flatnonzero(got != want)[:5]]
    assert wrong == []
    # The compiled term is Z3's own: a few classes through z3 itself.
    for hand, _ in classes[::1500]:
        values = as_numbers(hand)
        exact = z3.simplify(z3.substitute(term, *[(x, z3.IntVal(v)) for x, v in zip(inputs, values)]))
        assert exact.as_long() == strength(hand, ruleset), hand


@pytest.mark.parametrize("ruleset", [STANDARD, DRAWING_DEAD, DIABLO], ids=lambda r: r.name)
@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_strength_term_ranks_partial_hands_as_the_evaluator(ruleset, size):
    """Drawing Dead ranks hands of fewer than five upcards: a present kicker beats a missing one."""
    _, _, compiled = compiled_strength(ruleset, size)
    rng = random.Random(size)
    deck = full_deck(ruleset.jokers)
    hands = [rng.sample(deck, size) for _ in range(2000)]
    got = compiled(*np.array([as_numbers(hand) for hand in hands]).T)
    assert got.tolist() == [strength(hand, ruleset) for hand in hands]


def test_the_best_five_of_more_is_not_encoded():
    assert hand_strength([card_variable(f"c{i}") for i in range(6)], DRAWING_DEAD) is None
