"""Card notation: what parses, what round-trips, and the errors for what does not."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import JOKER, Card, Rank, Suit, check_cards, full_deck, parse_cards
from oracle.errors import CardParseError, InvalidHandError, OracleError


def texts(cards):
    return [str(c) for c in cards]


def test_ranks_and_suits_in_every_spelling():
    assert texts(parse_cards("Ah 10s Td 9C 2♣ K♥ q♦ j♠")) == ["Ah", "Ts", "Td", "9c", "2c", "Kh", "Qd", "Js"]


def test_suit_may_be_left_out():
    cards = parse_cards("9 9 2 2 K")
    assert texts(cards) == ["9", "9", "2", "2", "K"]
    assert all(c.suit is None for c in cards)


def test_cards_may_be_separated_by_commas_or_run_together():
    assert texts(parse_cards("As,Kd, Qh")) == ["As", "Kd", "Qh"]
    assert texts(parse_cards("AsKd10h")) == ["As", "Kd", "Th"]


def test_joker_is_jk_or_joker():
    assert parse_cards("Jk") == [JOKER]
    assert parse_cards("JOKER") == [JOKER]
    assert parse_cards("AsJk") == [Card(Rank.ACE, Suit.SPADES), JOKER]


def test_jk_followed_by_a_suit_inside_a_run_is_a_jack_and_a_king():
    assert texts(parse_cards("AsJKd")) == ["As", "J", "Kd"]


def test_unknown_token_is_quoted_with_its_position():
    with pytest.raises(CardParseError, match=r"unknown card 'Xq' at position 7"):
        parse_cards("9h 9c Xq")


def test_eleven_is_not_a_rank():
    with pytest.raises(CardParseError, match="ranks are 2-9, T or 10"):
        parse_cards("11h")


def test_same_card_twice_is_refused():
    with pytest.raises(InvalidHandError, match="'9h' appears twice"):
        check_cards(parse_cards("9h 9c 9h"))


def test_five_cards_of_one_rank_are_refused():
    with pytest.raises(InvalidHandError, match="more than four cards of rank '9'"):
        check_cards(parse_cards("9 9 9 9 9"))


def test_joker_where_the_deck_has_none_is_refused():
    with pytest.raises(InvalidHandError, match="Joker is not in this game's deck"):
        check_cards(parse_cards("As Jk"), jokers_allowed=0)


def test_too_many_or_too_few_cards_are_refused():
    with pytest.raises(InvalidHandError, match="at least 5"):
        check_cards(parse_cards("As Ks"), minimum=5)
    with pytest.raises(InvalidHandError, match="at most 2"):
        check_cards(parse_cards("As Ks Qs"), maximum=2)


def test_cards_are_frozen_values():
    card = Card.parse("9h")
    with pytest.raises(AttributeError):
        card.rank = Rank.TEN  # type: ignore[misc]
    assert card == Card(Rank.NINE, Suit.HEARTS) and hash(card) == hash(Card(Rank.NINE, Suit.HEARTS))
    assert repr(card) == "Card('9h')"
    assert card.pretty() == "9♥"


def test_full_deck_has_52_distinct_cards_and_jokers_on_request():
    assert len(set(full_deck())) == 52
    assert full_deck(jokers=1)[-1] == JOKER


@given(st.sampled_from(full_deck(jokers=1) + [Card(r) for r in Rank]))
def test_card_text_round_trips(card):
    assert Card.parse(str(card)) == card
    assert parse_cards(card.pretty()) == [card]


@given(st.lists(st.sampled_from(full_deck(jokers=1)), min_size=1, max_size=8))
def test_hand_text_round_trips(cards):
    assert parse_cards(" ".join(map(str, cards))) == cards


@settings(max_examples=400)
@given(st.text(max_size=30))
def test_arbitrary_text_raises_only_the_projects_own_errors(text):
    try:
        cards = parse_cards(text)
        check_cards(cards, jokers_allowed=1)
    except OracleError:
        pass
