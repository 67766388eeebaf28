"""The strength key of a hand that is the best of several (``oracle.solve.smt.best``) orders
hands as the evaluator does: the best five of six and seven cards (Drawing Dead's upcards,
and standard poker's seven cards; larger samples, and the selection rule with a whole board,
in ``bench/bench_best_keys.py``), and the best hand the selection
rule allows (Hell of a Deal), under each Boss restriction the engine applies: banned values,
The Boatman's tolls with each number of Souls paid, and a Boss's three cards.

Sampled, with hands built to be tricky (two flushes' worth of a suit with pairs, a straight
and a flush apart, wild cards); the key is compiled to numpy (``_z3compile``) and computed for
every hand at once, then sorted against the evaluator's strengths (``same_order``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from oracle.cards import RANKS, Rank, full_deck, parse_cards
from oracle.errors import InvalidHandError
from oracle.eval import DIABLO, DRAWING_DEAD, HELL_OF_A_DEAL, STANDARD, strength
from oracle.eval.select import Limits, best_selection
from oracle.solve.smt.best import Restrictions, selection_key
from oracle.solve.smt.cards import card_variable
from oracle.solve.smt.strength import strength_key

from _z3compile import compile_term
from test_smt_categories import as_numbers
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


def selection_keys(deals, hand_size: int, rules: Restrictions, ruleset=HELL_OF_A_DEAL):
    """The selection key of each deal (its first ``hand_size`` cards the hand, the rest the
    board), one row a deal."""
    cards = [card_variable(f"c{i}") for i in range(len(deals[0]))]
    key = selection_key(cards[:hand_size], cards[hand_size:], ruleset, rules)
    inputs = [x for c in cards for x in (c.rank, c.suit)]
    columns = np.array([as_numbers(deal) for deal in deals]).T
    rows = [np.broadcast_to(row, len(deals)) for row in compile_term(key, inputs, vectorized=True)(*columns)]
    return np.column_stack(rows).astype(np.int64)


def rank_is(ranks):
    import z3

    return lambda card: z3.Or([card.rank == RANKS.index(r) for r in ranks])


def board_high(board_size: int, hand_size: int):
    """Eenie Meanie's ban: every card of the value of the board's highest card (Aces high)."""
    def banned(card):
        import z3

        board = [card_variable(f"c{i}") for i in range(hand_size, hand_size + board_size)]
        return z3.And(z3.Or([card.rank == c.rank for c in board]), *[card.rank >= c.rank for c in board])
    return banned


# (name, hand cards, board cards, most private, banned values, tolled values, Souls paid)
VARIANTS = [
    ("banned-values", 3, 4, 2, (Rank.ACE, Rank.KING, Rank.SEVEN), (), None),
    ("most-values-banned", 2, 4, 2, tuple(RANKS[3:]), (), None),
    ("board-high-card-banned", 3, 3, 2, "board high", (), None),
    ("toll-unpaid", 2, 3, 2, (), (Rank.NINE, Rank.TEN, Rank.JACK), 0),
    ("ban-and-toll-one-soul", 2, 3, 2, (Rank.QUEEN,), (Rank.NINE, Rank.TEN), 1),
    ("three-card-boss", 3, 3, 3, (), (), None),
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v[0])
def test_the_selection_rule_ranks_as_best_selection_under_each_restriction(variant):
    """Hell of a Deal: a player "selects 1 or 2 cards from their hand and up to 4 Community
    cards" (Hell of a Deal: Showdown Phase), without the values a Boss bans, paying a Soul
    for each tolled card used; Nick Hauss and The Devil may use all three of their cards."""
    name, hand_size, board_size = variant[:3]
    rng = random.Random(name)
    deals = [rng.sample(full_deck(0), hand_size + board_size) for _ in range(200)]
    assert check_selections(variant, deals, hand_size, board_size) == []


def check_selections(variant, deals: list, hand_size: int, board_size: int) -> list:
    """The deals whose selection keys order otherwise than ``best_selection``'s strengths
    under the variant's restrictions (none when they agree)."""
    _, _, _, most, banned, tolled, paid = variant
    high = banned == "board high"
    ban = board_high(board_size, hand_size) if high else rank_is(banned) if banned else None
    rules = Restrictions(most, ban, rank_is(tolled) if tolled else None, paid)
    strengths = []
    for deal in deals:
        values = {max(deal[hand_size:], key=lambda c: c.value).rank} if high else set(banned)
        limits = Limits(1, most, frozenset(values), frozenset(tolled) if paid is not None else frozenset(), paid)
        try:
            strengths.append(best_selection(deal[:hand_size], deal[hand_size:], HELL_OF_A_DEAL, limits).strength)
        except InvalidHandError:  # no legal card, or none without a toll unpaid: below every hand
            strengths.append(-1)
    return same_order(selection_keys(deals, hand_size, rules), np.array(strengths), deals)
