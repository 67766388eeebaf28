"""Every five-card hand of each deck, counted by category and pinned.

Standard counts are the published ones (any probability text; e.g. Wikipedia, "Poker
probability"). The Diablo counts match Cactus Kev's "Enumerating Wild Card Hands"
(suffe.cool/poker/wild.html), which uses our exact Diablo rules: deuces wild, five of a kind
allowed, no double-ace flushes; the 672 hands of five of a kind are 624 + 48 (four deuces with
any fifth card). The Drawing Dead table has no published source: it is pinned here, printed
in docs/cards-and-rankings.md, and cross-checked hand by hand against the brute-force
evaluator in test_rankings_bruteforce.py.
"""

from collections import Counter
from hashlib import sha256
from itertools import combinations

import pytest

from oracle.cards import full_deck
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, make_strength5
from oracle.eval.strength import category_slug


def category_table(ruleset, deck):
    strength5 = make_strength5(ruleset)
    strengths = Counter(map(strength5, combinations(deck, 5)))
    table = Counter()
    for value, count in strengths.items():
        table[category_slug(value)] += count
    return dict(table), strengths


@pytest.fixture(scope="module")
def standard():
    return category_table(STANDARD, full_deck())


def test_standard_category_counts_match_published_table(standard):
    table, _ = standard
    assert table == {
        "royal_flush": 4,
        "straight_flush": 36,
        "four_of_a_kind": 624,
        "full_house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three_of_a_kind": 54_912,
        "two_pair": 123_552,
        "pair": 1_098_240,
        "high_card": 1_302_540,
    }
    assert sum(table.values()) == 2_598_960


def test_standard_has_exactly_7462_distinct_hand_strengths(standard):
    _, strengths = standard
    assert len(strengths) == 7_462


def test_standard_order_of_all_hands_is_pinned(standard):
    # Any change to the ranking order is deliberate: the ordered list of (strength, count)
    # pairs hashes to a fixed value.
    _, strengths = standard
    text = ";".join(f"{s}:{n}" for s, n in sorted(strengths.items()))
    assert sha256(text.encode()).hexdigest()[:16] == STANDARD_ORDER_HASH


STANDARD_ORDER_HASH = "8d3d5ffaba81507c"


def test_diablo_category_counts_match_published_deuces_wild_table():
    table, _ = category_table(DIABLO, full_deck())
    assert table == {
        "five_of_a_kind": 672,
        "royal_flush": 484,
        "straight_flush": 2_068,
        "four_of_a_kind": 31_552,
        "full_house": 12_672,
        "flush": 14_472,
        "straight": 62_232,
        "three_of_a_kind": 355_080,
        "two_pair": 95_040,
        "pair": 1_225_008,
        "high_card": 799_680,
    }
    assert sum(table.values()) == 2_598_960


def test_drawing_dead_category_counts_are_pinned_with_no_five_of_a_kind():
    table, _ = category_table(DRAWING_DEAD, full_deck(jokers=1))
    assert table == {
        "royal_flush": 24,
        "straight_flush": 180,
        "four_of_a_kind": 3_133,
        "full_house": 6_552,
        "flush": 7_804,
        "straight": 20_532,
        "three_of_a_kind": 137_280,
        "two_pair": 123_552,
        "pair": 1_268_088,
        "high_card": 1_302_540,
    }
    assert sum(table.values()) == 2_869_685
