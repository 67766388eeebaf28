"""The Z3 strength key (``oracle.solve.smt.strength``) orders hands exactly as the evaluator's
strength does, tie-breaks and all, on every five-card hand of the standard, Diablo (with and
without the house rule ``wild_may_copy``) and Drawing Dead rulesets, and on partial hands.

Exhaustive by classes, as the category encoding is checked (``test_smt_categories``): the
key reads a five-card hand only through the natural cards' rank counts, the number of wild
cards and whether the natural cards share a suit, and so does the evaluator; one hand of
each class stands for all of it, and the classes add up to every hand of the deck. The key
is compiled to numpy and computed for every class at once; then, the classes sorted by the
evaluator's strength, equal strengths must have equal keys and each greater strength a
greater key (lexicographically), which is the same order."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest
from oracle.cards import full_deck
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, describe, strength
from oracle.solve.smt.cards import card_variable
from oracle.solve.smt.strength import compare, strength_key

from _z3compile import compile_term
from test_smt_categories import DIABLO_COPYING, as_numbers, hand_classes


def keys_of(hands, ruleset, size):
    """The key of each hand (all of ``size`` cards), one row a hand."""
    cards = [card_variable(f"c{i}") for i in range(size)]
    key = strength_key(cards, ruleset)
    inputs = [x for c in cards for x in (c.rank, c.suit)]
    columns = np.array([as_numbers(hand) for hand in hands]).T
    rows = [np.broadcast_to(row, len(hands)) for row in compile_term(key, inputs, vectorized=True)(*columns)]
    return np.column_stack(rows).astype(np.int64)


def same_order(keys, strengths, hands):
    """The disagreements between the keys' lexicographic order and the strengths' order."""
    order = np.lexsort(keys.T[::-1])  # by the key, first term most significant
    keys, strengths = keys[order], strengths[order]
    step_key = (keys[1:] != keys[:-1]).any(axis=1)
    step_strength = strengths[1:] != strengths[:-1]
    wrong = np.flatnonzero((step_key != step_strength) | (strengths[1:] < strengths[:-1]))
    return [(" ".join(map(str, hands[order[i]])), describe(int(strengths[i])).description,
             " ".join(map(str, hands[order[i + 1]])), describe(int(strengths[i + 1])).description) for i in wrong[:5]]


@pytest.mark.parametrize("ruleset", [STANDARD, DIABLO, DRAWING_DEAD, DIABLO_COPYING], ids=lambda r: r.name)
def test_strength_key_orders_every_five_card_hand_as_the_evaluator(ruleset):
    classes = list(hand_classes(ruleset))
    assert sum(size for _, size in classes) == comb(52 + ruleset.jokers, 5)
    hands = [hand for hand, _ in classes]
    strengths = np.array([strength(hand, ruleset) for hand in hands])
    assert same_order(keys_of(hands, ruleset, 5), strengths, hands) == []


@pytest.mark.parametrize("ruleset", [DRAWING_DEAD, DIABLO], ids=lambda r: r.name)
def test_strength_key_ranks_partial_hands_with_five_card_ones(ruleset):
    """Drawing Dead ranks hands of fewer than five upcards, against five-card hands too: a
    present kicker beats a missing one."""
    rng = random.Random(7)
    deck = full_deck(ruleset.jokers)
    hands, keys = [], []
    for size in (1, 2, 3, 4, 5):
        some = [rng.sample(deck, size) for _ in range(600)]
        hands += some
        keys.append(keys_of(some, ruleset, size))
    strengths = np.array([strength(hand, ruleset) for hand in hands])
    assert same_order(np.concatenate(keys), strengths, hands) == []


def test_compare_is_the_lexicographic_order_of_keys():
    """``compare`` on random keys (two numbers, then true/false terms, as ``strength_key``
    makes them) agrees with Python's order of tuples, for every operator."""
    import z3

    rng = random.Random(3)
    ops = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
           "<=": lambda a, b: a <= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
    for _ in range(80):
        a = [rng.randrange(3), rng.randrange(3)] + [rng.random() < 0.5 for _ in range(4)]
        b = [x if rng.random() < 0.7 else (rng.randrange(3) if i < 2 else not x) for i, x in enumerate(a)]
        as_terms = lambda key: [z3.IntVal(x) if i < 2 else z3.BoolVal(x) for i, x in enumerate(key)]  # noqa: E731
        for op, holds in ops.items():
            assert z3.is_true(z3.simplify(compare(as_terms(a), op, as_terms(b)))) == holds(tuple(a), tuple(b)), (a, op, b)
