"""Hell of a Deal's selection rule under a Boss's restrictions, as Z3 terms
(``selection.Restriction``): the category and first tie-break of the best legal hand agree
with ``best_selection`` under the same limits, on random deals from short decks where groups,
flushes, banned hands and unaffordable cards are common.

Eenie Meanie: "The current High Card of the Community board, as well as any cards of matching
value, cannot be used by players"; The Boatman: "Players can't use cards matching a Toll
card's value in their scoring hand unless they pay a Soul ... The cost of a Soul is a per card
payment"."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from oracle.cards import RANKS, full_deck, parse_cards
from oracle.errors import InvalidHandError
from oracle.eval import HELL_OF_A_DEAL
from oracle.eval.select import Limits, best_selection
from oracle.eval.strength import category_slug, decode
from oracle.solve.smt.cards import card_variable
from oracle.solve.smt.categories import ORDER, category_number
from oracle.solve.smt.selection import Restriction, selection_main, selection_patterns

from _z3compile import compile_term
from test_smt_categories import as_numbers

QUEEN = RANKS.index("Q")
SHORT = [c for c in full_deck() if c.value >= 8 and str(c)[-1] != "c"]  # three suits, Eight to Ace
TINY = [c for c in full_deck() if c.value >= 10 and str(c)[-1] != "c"]  # three suits, Ten to Ace

# One worker builds each restriction's terms once for both tests.
pytestmark = pytest.mark.xdist_group("selection-restrictions")

# (name, the restriction, whether a toll card is dealt, the deck)
SETUPS = [
    ("eenie-meanie", Restriction(bans_board_high=True), False, SHORT),
    ("queens-and-the-high-card-banned", Restriction(frozenset({QUEEN}), True), False, TINY),
    ("toll-unpaid", Restriction(paid=0), True, SHORT),
    ("toll-one-soul", Restriction(paid=1), True, SHORT),
    ("toll-two-souls", Restriction(paid=2), True, TINY),
    ("ban-and-toll", Restriction(bans_board_high=True, paid=1), True, SHORT),
]


def engine_head(hand, board, toll, rule: Restriction) -> tuple[int, int]:
    """The best legal hand's category place and first tie-break, by the evaluator; (-1, -1)
    when no legal hand can be made."""
    banned = {RANKS[r] for r in rule.banned}
    if rule.bans_board_high:
        banned.add(max(board, key=lambda c: c.value).rank)
    limits = Limits(1, 2, frozenset(banned), frozenset({toll.rank}) if toll else frozenset(), rule.paid)
    try:
        value = best_selection(hand, board, HELL_OF_A_DEAL, limits).strength
    except InvalidHandError:
        return -1, -1
    digits = decode(value)[1]
    return ORDER.index(category_slug(value)), digits[0] - 2


@lru_cache(maxsize=None)
def legal_head(rule: Restriction, dealt_toll: bool):
    """The category place and first tie-break of the best legal hand of three cards and a
    board of five (and the toll card), as a Python function of the cards' numbers."""
    hand = [card_variable(f"h{i}") for i in range(3)]
    board = [card_variable(f"b{i}") for i in range(5)]
    tolls = [card_variable("t")] if dealt_toll else []
    inputs = [x for c in hand + board + tolls for x in (c.rank, c.suit)]
    found = selection_patterns(hand, board, HELL_OF_A_DEAL, rule=rule, tolls=tolls)
    main = selection_main(hand, board, HELL_OF_A_DEAL, found, rule=rule, tolls=tolls)
    function = compile_term((category_number(found), main), inputs)
    return lambda cards: tuple(function(*as_numbers(cards)))


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s[0])
def test_the_best_legal_hand_under_a_bosss_restriction_is_best_selections(setup):
    name, rule, dealt_toll, deck = setup
    head = legal_head(rule, dealt_toll)
    rng = random.Random(name)
    seen = set()
    for _ in range(500):
        cards = rng.sample(deck, 8 + dealt_toll)
        want = engine_head(cards[:3], cards[3:8], cards[8] if dealt_toll else None, rule)
        assert head(cards) == want, cards
        seen.add(want[0])
    assert len(seen) >= 5, seen


# (hand, board, toll card, Souls paid, the engine's category): deals random ones rarely give
DEALS = [
    ("Ks Kh Kd", "2s 5h 7d 9c Jc", "Kc", 0, None),  # every own card tolled and nothing paid: no hand
    ("Ks Kh Kd", "2s 5h 7d 9c Jc", "Kc", 1, "high_card"),  # one King paid for, beside the board
    ("Ks Kh Kd", "2s 5h 7d 9c Jc", "Kc", 2, "pair"),
    ("Kh Kd 3s", "Ks 8s 6s 4s 2h", "Kc", 0, "high_card"),  # the flush needs the tolled King
    ("Kh Kd 3s", "Ks 8s 6s 4s 2h", "Kc", 1, "flush"),
    ("Ah 3h 9c", "Kh Qh 7h 5h 2s", "Ac", 0, "flush"),  # King high without the tolled Ace
    ("Ah 3h 9c", "Kh Qh 7h 5h 2s", "Ac", 1, "flush"),  # Ace high, paying for it
    ("2c 2d 9h", "2s 9s 9d 4c 5h", "9c", 0, "three_of_a_kind"),  # the Nines' full house unpaid
    ("2c 2d 9h", "2s 9s 9d 4c 5h", "9c", 2, "full_house"),  # Twos full: the Nines' pair costs two
]


@pytest.mark.parametrize("deal", DEALS, ids=lambda d: f"{d[0]}|{d[1]}|{d[2]}|{d[3]}")
def test_the_boatmans_toll_is_paid_card_by_card(deal):
    hand, board, toll, paid, category = deal
    cards = parse_cards(f"{hand} {board} {toll}")
    rule = Restriction(paid=paid)
    want = engine_head(cards[:3], cards[3:8], cards[8], rule)
    assert want[0] == (ORDER.index(category) if category else -1)
    assert legal_head(rule, True)(cards) == want
