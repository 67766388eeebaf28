"""The Z3 category encoding (``oracle.solve.smt.categories``) agrees with the evaluator on every
five-card hand of the standard, Diablo and Drawing Dead rulesets.

Exhaustive by classes: the encoding reads a five-card hand only through the natural cards'
rank counts, the number of wild cards and whether the natural cards share a suit, and so does
the evaluator (``strength_of_codes``: the product of the rank primes with one prime for every
wild card, and whether the suit bits of the natural cards meet). Hands alike in those three
things are therefore alike for both, and one hand of each class stands for all of it. The
classes are counted as they are listed, and their sizes add up to every hand of the deck:
2,598,960 for 52 cards, 2,869,685 for 53."""

from __future__ import annotations

import random
from dataclasses import replace as _replace
from collections import Counter
from itertools import combinations_with_replacement
from math import comb, prod

import pytest
import z3

from oracle.cards import JOKER, RANKS, SUITS, Card, full_deck
from oracle.eval import DIABLO, DRAWING_DEAD, STANDARD, category_slug, strength
from oracle.solve.smt.cards import JOKER_RANK, card_variable
from oracle.solve.smt.categories import ORDER, category_number, patterns

from _z3compile import compile_term

DIABLO_COPYING = _replace(DIABLO, name="diablo+copy", wild_may_copy=True)


def wild_cards(ruleset):
    deuces = [Card(rank, suit) for rank in sorted(ruleset.wild_ranks, key=RANKS.index) for suit in SUITS]
    return deuces + ([JOKER] * ruleset.jokers if ruleset.joker_wild else [])


def hand_classes(ruleset):
    """Every class of five-card hands as (one hand of it, how many hands it holds)."""
    wilds = wild_cards(ruleset)
    ranks = [rank for rank in RANKS if rank not in ruleset.wild_ranks]
    for w in range(min(5, len(wilds)) + 1):
        ways_wild = comb(len(wilds), w)
        for chosen in combinations_with_replacement(ranks, 5 - w):
            counts = Counter(chosen)
            if counts and max(counts.values()) > 4:
                continue
            every = prod(comb(4, k) for k in counts.values()) * ways_wild
            distinct = all(k == 1 for k in counts.values())
            # Natural cards all of one suit: one of four suits, or no natural card at all.
            suited = (4 * ways_wild if distinct else 0) if chosen else ways_wild
            if suited:
                yield [Card(rank, SUITS[0]) for rank in chosen] + wilds[:w], suited
            if every - suited:
                copies: Counter = Counter()
                hand = []
                for place, rank in enumerate(chosen):
                    suit = copies[rank] + (1 if distinct and place == 1 else 0)
                    copies[rank] += 1
                    hand.append(Card(rank, SUITS[suit % 4]))
                yield hand + wilds[:w], every - suited


def compiled_category(ruleset):
    cards = [card_variable(f"c{i}") for i in range(5)]
    term = category_number(patterns(cards, ruleset))
    inputs = [x for c in cards for x in (c.rank, c.suit)]
    return term, inputs, compile_term(term, inputs)


def as_numbers(hand):
    out = []
    for card in hand:
        out += [JOKER_RANK, 0] if card.is_joker else [RANKS.index(card.rank), SUITS.index(card.suit)]
    return out


@pytest.mark.parametrize(
    "ruleset, hands",
    [(STANDARD, 2_598_960), (DIABLO, 2_598_960), (DRAWING_DEAD, 2_869_685), (DIABLO_COPYING, 2_598_960)],
    ids=lambda x: getattr(x, "name", None),
)
def test_category_encoding_agrees_with_the_evaluator_on_every_five_card_hand(ruleset, hands):
    term, inputs, category = compiled_category(ruleset)
    counted = 0
    disagreements = []
    rng = random.Random(15)
    for number, (hand, size) in enumerate(hand_classes(ruleset)):
        counted += size
        values = as_numbers(hand)
        got = ORDER[category(*values)]
        if number % 97 == 0:  # the compiled term is Z3's own: check the translation as well
            exact = z3.simplify(z3.substitute(term, *[(x, z3.IntVal(v)) for x, v in zip(inputs, values)]))
            assert ORDER[exact.as_long()] == got
        want = category_slug(strength(hand, ruleset))
        if got != want:
            disagreements.append((" ".join(map(str, hand)), got, want))
    assert counted == hands == comb(52 + ruleset.jokers, 5)
    assert disagreements == []
    # And a class's hands really are alike: random hands agree too.
    deck = full_deck(ruleset.jokers)
    for _ in range(2000):
        hand = rng.sample(deck, 5)
        assert ORDER[category(*as_numbers(hand))] == category_slug(strength(hand, ruleset))


@pytest.mark.parametrize("ruleset", [STANDARD, DRAWING_DEAD, DIABLO], ids=lambda r: r.name)
@pytest.mark.parametrize("size", [1, 2, 3, 4, 6, 7])
def test_category_encoding_agrees_on_partial_hands_and_best_five_of_more(ruleset, size):
    """Drawing Dead ranks hands of fewer than five upcards, and of more (their best five)."""
    cards = [card_variable(f"c{i}") for i in range(size)]
    inputs = [x for c in cards for x in (c.rank, c.suit)]
    category = compile_term(category_number(patterns(cards, ruleset)), inputs)
    rng = random.Random(size)
    deck = full_deck(ruleset.jokers)
    for _ in range(1500 if size <= 4 else 400):
        hand = rng.sample(deck, size)
        assert ORDER[category(*as_numbers(hand))] == category_slug(strength(hand, ruleset)), hand


@pytest.mark.parametrize("hand_size, most, board_size", [(3, 2, 0), (3, 2, 4), (3, 2, 5), (3, 3, 5)])
def test_selection_rule_encoding_agrees_with_best_selection(hand_size, most, board_size):
    """Hell of a Deal's selection rule ("selects 1 or 2 cards from their hand and up to 4
    Community cards"; 3 with Up Your Sleeve), on random deals of every street."""
    from oracle.eval import HELL_OF_A_DEAL
    from oracle.eval.select import Limits, best_selection
    from oracle.solve.smt.selection import selection_patterns

    hand = [card_variable(f"h{i}") for i in range(hand_size)]
    board = [card_variable(f"b{i}") for i in range(board_size)]
    inputs = [x for c in hand + board for x in (c.rank, c.suit)]
    category = compile_term(category_number(selection_patterns(hand, board, HELL_OF_A_DEAL, 1, most)), inputs)
    rng = random.Random(hand_size * 10 + board_size + most)
    deck = full_deck()
    limits = Limits(min_private=1, max_private=most)
    for _ in range(400):
        cards = rng.sample(deck, hand_size + board_size)
        want = category_slug(best_selection(cards[:hand_size], cards[hand_size:], HELL_OF_A_DEAL, limits).strength)
        assert ORDER[category(*as_numbers(cards))] == want, cards


def test_selection_rule_encoding_finds_the_rare_categories():
    """Random deals rarely hold a straight flush or quads: Z3 is asked for each category
    from the hand and board, and the evaluator confirms every hand it builds."""
    from oracle.eval import HELL_OF_A_DEAL
    from oracle.eval.select import Limits, best_selection
    from oracle.solve.smt.cards import all_different, card_from_model, in_deck
    from oracle.solve.smt.categories import category_is
    from oracle.solve.smt.selection import selection_patterns

    hand = [card_variable(f"h{i}") for i in range(3)]
    board = [card_variable(f"b{i}") for i in range(5)]
    found = selection_patterns(hand, board, HELL_OF_A_DEAL)
    for slug in ("straight", "full_house", "four_of_a_kind", "straight_flush", "royal_flush"):
        solver = z3.Solver()
        solver.add(all_different(hand + board), *[in_deck(c, 0) for c in hand + board], category_is(found, slug))
        assert solver.check() == z3.sat, slug
        cards = [card_from_model(solver.model(), c) for c in hand + board]
        got = best_selection(cards[:3], cards[3:], HELL_OF_A_DEAL, Limits(min_private=1, max_private=2))
        assert category_slug(got.strength) == slug, cards


@pytest.mark.parametrize("hand_size, most, board_size", [(3, 2, 5), (3, 2, 3), (4, 3, 4)])
def test_the_selection_rules_first_tie_break_is_best_selections(hand_size, most, board_size):
    """Within a category the first tie-break decides first (the pair's rank, the straight's
    top; Hell of a Deal: Compare Hands), so the best hand has the highest one any selection of
    that category reaches: ``selection_main`` against ``best_selection`` on random deals, from
    short decks (three suits of seven values; the Ace to the Six) so that groups and
    straights are common."""
    from oracle.eval import HELL_OF_A_DEAL
    from oracle.eval.select import Limits, best_selection
    from oracle.eval.strength import decode
    from oracle.solve.smt.selection import selection_main, selection_patterns

    hand = [card_variable(f"h{i}") for i in range(hand_size)]
    board = [card_variable(f"b{i}") for i in range(board_size)]
    inputs = [x for c in hand + board for x in (c.rank, c.suit)]
    found = selection_patterns(hand, board, HELL_OF_A_DEAL, 1, most)
    main = compile_term(selection_main(hand, board, HELL_OF_A_DEAL, found, 1, most), inputs)
    rng = random.Random(hand_size * 100 + board_size * 10 + most)
    short = [c for c in full_deck() if c.value >= 8 and str(c)[-1] != "c"]
    limits = Limits(min_private=1, max_private=most)
    wheel = [c for c in full_deck() if c.value in (14, 2, 3, 4, 5, 6)]  # the Ace low straight, and 2-6
    for deck in [short] * 250 + [wheel] * 80:
        cards = rng.sample(deck, hand_size + board_size)
        category, digits = decode(best_selection(cards[:hand_size], cards[hand_size:], HELL_OF_A_DEAL, limits).strength)
        assert main(*as_numbers(cards)) == digits[0] - 2, cards
