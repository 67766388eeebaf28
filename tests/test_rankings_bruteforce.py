"""The fast evaluator agrees with an independent brute force (every substitution of the wild
cards tried) on random hands and on hands crowded with wild cards."""

import random

import pytest

from oracle.cards import Card, Rank, full_deck, parse_cards
from oracle.eval import DIABLO, DRAWING_DEAD, HELL_OF_A_DEAL, STANDARD, strength
from oracle.eval.strength import decode

from _bruteforce import brute_best

RULES = {
    "standard": dict(),
    "diablo": dict(wild_ranks=frozenset({Rank.TWO}), five_of_a_kind=True),
    "drawing-dead": dict(joker_wild=True),
}
RULESETS = {"standard": STANDARD, "diablo": DIABLO, "drawing-dead": DRAWING_DEAD}


def fast_tuple(cards, ruleset):
    category, tiebreak = decode(strength(cards, ruleset))
    return (category, *tiebreak)


def padded(result):
    return tuple(result) + (0,) * (6 - len(result))


@pytest.mark.parametrize("name", ["standard", "diablo", "drawing-dead"])
def test_fast_evaluator_agrees_with_brute_force_on_random_hands(name):
    rng = random.Random(f"brute-{name}")
    deck = full_deck(jokers=1 if name == "drawing-dead" else 0)
    for _ in range(800):
        size = rng.choice([1, 2, 3, 4, 5, 5, 5, 5, 6, 7])
        hand = rng.sample(deck, size)
        assert fast_tuple(hand, RULESETS[name]) == padded(brute_best(hand, **RULES[name])), hand


@pytest.mark.parametrize("name", ["diablo", "drawing-dead"])
def test_fast_evaluator_agrees_with_brute_force_on_hands_full_of_wild_cards(name):
    rng = random.Random(f"wild-{name}")
    deck = full_deck(jokers=1 if name == "drawing-dead" else 0)
    wild = [c for c in deck if (c.rank is Rank.TWO if name == "diablo" else c.rank is None)]
    natural = [c for c in deck if c not in wild]
    for _ in range(80):
        # Three deuces cost the brute force ~18,000 substitutions, so they are rarer here;
        # four deuces are covered exhaustively below.
        wilds = min(rng.choice([1, 1, 1, 2, 2, 3]), len(wild))
        size = rng.randint(wilds, 5)
        hand = rng.sample(wild, wilds) + rng.sample(natural, size - wilds)
        assert fast_tuple(hand, RULESETS[name]) == padded(brute_best(hand, **RULES[name])), hand


def test_four_deuces_with_every_fifth_card_is_five_of_that_rank():
    deuces = parse_cards("2s 2h 2d 2c")
    for card in full_deck():
        if card.rank is Rank.TWO:
            continue
        category, tiebreak = decode(strength([*deuces, card], DIABLO))
        assert (category, tiebreak[0]) == (9, card.value)


def test_suitless_cards_agree_with_brute_force():
    rng = random.Random("suitless")
    for _ in range(400):
        values = rng.sample([r for r in Rank for _ in range(4)], 5)
        hand = [Card(r) for r in values]
        for name in ("standard", "diablo"):
            assert fast_tuple(hand, RULESETS[name]) == padded(brute_best(hand, **RULES[name]))


def test_hell_of_a_deal_with_a_wild_rank_has_five_of_a_kind():
    wild_sevens = HELL_OF_A_DEAL.with_wild_ranks(frozenset({Rank.SEVEN}))
    rules = dict(wild_ranks=frozenset({Rank.SEVEN}), five_of_a_kind=True)
    rng = random.Random("hod-wild")
    deck = full_deck()
    for _ in range(500):
        hand = rng.sample(deck, 5)
        assert fast_tuple(hand, wild_sevens) == padded(brute_best(hand, **rules))
    assert fast_tuple(parse_cards("7s 7h Ks Kh Kd"), wild_sevens)[0] == 9
