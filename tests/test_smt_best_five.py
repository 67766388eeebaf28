"""The strength key of the best five of more than five cards (``oracle.solve.smt.best_five``)
orders hands as the evaluator does: six and seven cards (Drawing Dead's upcards, and standard
poker's seven cards; larger samples in ``bench/bench_best_keys.py``).

Sampled, with hands built to be tricky (two flushes' worth of a suit with pairs, a straight
and a flush apart, wild cards); the key is compiled to numpy (``_z3compile``) and computed for
every hand at once, then sorted against the evaluator's strengths (``same_order``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from oracle.cards import full_deck, parse_cards
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, strength
from oracle.solve.smt.cards import card_variable
from oracle.solve.smt.strength import strength_key

from test_smt_strength import keys_of, same_order

TRICKY = ("Ah Kh Qh Jh 9h 2h 2c", "Ah Kh Qh Jh 9h Ac Ad", "9h 8h 7h 6h 5h 4h Jk", "Ts Js Qs Ks 9h 3s 2d",
          "Ah Kh Qh Jh 9h 8h 7h", "2s 2h 2d 2c As Ks Qs", "Jk 2s 2h As Ad Kc Kd", "5c 4c 3c 2c Jk Ah Kh",
          "Ah Ad Ac Kh Kd Kc Qs", "Jk Ah Ad Ac As Kd Qc", "Th Jh Qh Kh Jk 9s 8s", "6s 7h 8d 9c Ts 2s 3s")


def tricky(size: int, ruleset) -> list:
    hands = [parse_cards(text)[:size] for text in TRICKY]
    return [hand for hand in hands if ruleset.jokers or not any(card.is_joker for card in hand)]


def sample_hands(ruleset, size: int, seed: int) -> list:
    """Random hands of ``size`` cards: from the whole deck, with the Joker (where the deck has
    it), and from two suits only (two flushes' worth, and pairs), with the tricky ones."""
    rng = random.Random(seed)
    deck, plain = full_deck(ruleset.jokers), full_deck(0)
    two_suits = [card for card in plain if card.suit in (plain[0].suit, plain[1].suit)]
    hands = tricky(size, ruleset) + [rng.sample(deck, size) for _ in range(800)]
    hands += [rng.sample(two_suits, size) for _ in range(400)]
    if ruleset.jokers:
        joker = next(card for card in deck if card.is_joker)
        hands += [[joker] + rng.sample(plain, size - 1) for _ in range(600)]
        hands += [[joker] + rng.sample(two_suits, size - 1) for _ in range(400)]
    return hands


@pytest.mark.parametrize("ruleset, size", [(DRAWING_DEAD, 6), (DRAWING_DEAD, 7), (STANDARD, 7)],
                         ids=lambda x: getattr(x, "name", x))
def test_the_best_five_of_more_cards_ranks_as_the_evaluator(ruleset, size):
    """Drawing Dead: "During your turn you can have any number in play" (Drawing Dead:
    Gameplay), and "You're building the best five-card poker hand" (Drawing Dead: FAQ)."""
    hands = sample_hands(ruleset, size, seed=size)
    strengths = np.array([strength(hand, ruleset) for hand in hands])
    assert same_order(keys_of(hands, ruleset, size), strengths, hands) == []


def test_the_best_five_is_keyed_only_where_one_wild_at_most_is_in_the_deck():
    """Diablo's four deuces: more than five cards are left to the check proposal by proposal."""
    assert strength_key([card_variable(f"c{i}") for i in range(6)], DIABLO) is None
    assert strength_key([card_variable(f"c{i}") for i in range(6)], DRAWING_DEAD) is not None
