"""Properties of ranking that must hold for every hand."""

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import JOKER, Rank, full_deck
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, compare, strength
from oracle.ranking import compare_hands

DECK = full_deck()
NATURALS = [c for c in DECK if c.rank is not Rank.TWO]
DEUCES = [c for c in DECK if c.rank is Rank.TWO]


@settings(max_examples=300)
@given(st.lists(st.sampled_from(NATURALS), min_size=1, max_size=4, unique=True), st.sampled_from(DEUCES))
def test_adding_a_wild_deuce_never_lowers_a_diablo_hand(hand, deuce):
    assert strength([*hand, deuce], DIABLO) >= strength(hand, DIABLO)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True))
def test_adding_the_joker_never_lowers_a_drawing_dead_hand(hand):
    assert strength([*hand, JOKER], DRAWING_DEAD) >= strength(hand, DRAWING_DEAD)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(NATURALS), min_size=5, max_size=5, unique=True), st.integers(0, 4), st.sampled_from(DEUCES))
def test_turning_a_card_into_a_wild_deuce_never_lowers_a_diablo_hand(hand, index, deuce):
    changed = list(hand)
    changed[index] = deuce
    assert strength(changed, DIABLO) >= strength(hand, DIABLO)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True), st.sampled_from(["standard", "diablo"]))
def test_strength_order_agrees_with_compare(cards, game):
    first, second = cards[:5], cards[5:]
    expected = compare(first, second, game)
    result = compare_hands(first, second, game)
    assert {"first": 1, "second": -1, "tie": 0}[result.winner] == expected
    assert (strength(first, game) > strength(second, game)) - (strength(first, game) < strength(second, game)) == expected


@settings(max_examples=200)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True))
def test_a_hand_without_wild_cards_ranks_the_same_in_diablo_and_standard_when_it_has_no_deuce(cards):
    if any(c.rank is Rank.TWO for c in cards):
        return
    assert strength(cards, DIABLO) == strength(cards, STANDARD)
