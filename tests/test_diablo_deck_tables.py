"""Diablo best-swap against one opponent dealt five cards from the full deck, counted from
tables of the whole deck (Diablo: Playing a hand, the draw of 0, 1 or 2 cards; Diablo: Hand
ranking, deuces wild): the tables against brute force over the deck's hands, and every
choice's figures against the per-hand counting and the enumeration of today's path.

The tables are built once for the test process (a few seconds, the first test that needs
them pays it)."""

from __future__ import annotations

import math
import random
from itertools import combinations

import numpy as np
import pytest

from oracle.cards import full_deck, parse_cards
from oracle.eval import DIABLO, strength
from oracle.solve.exact import draw_deck
from oracle.solve.exact.draw import ChoiceResult, Opponent, best_swap, discard_choices
from oracle.solve.exact.draw_counting import count_against_one

pytestmark = pytest.mark.skipif(draw_deck.compiled() is None, reason="the deck tables need numba")

DECK = full_deck()
UNKNOWN = (Opponent(name="opponent", known=(), unknown=5),)
# Deuce-heavy, pairs, flush and straight draws, pat hands, junk.
HANDS = [
    "2c 2d 2h 2s Ah",  # four deuces
    "2c 2d 5h 6h 7s",  # two deuces, straight draw
    "2s Qh Jh 7h 3c",  # a deuce with a flush draw
    "9h 9c Kd 4s 7c",  # one pair
    "4c 4d 9h 9s Qd",  # two pair
    "Ah Kh Qh Jh Th",  # pat royal flush
    "5c 6d 7h 8s 9c",  # pat straight
    "Kc Kd Ks 5d 5c",  # pat full house
    "3c 5d 8h Jc Ks",  # nothing
    "Tc Jc Qc Kc 3d",  # four to a royal flush
    "Ad Ac Ah As 2d",  # five aces
    "6s 7s 8s 9d 3h",  # open-ended straight draw, three to a flush
]


@pytest.fixture(scope="module")
def tables():
    return draw_deck.tables()


@pytest.fixture(scope="module")
def every_hand(tables):
    """Every hand of the deck by colex number (card indices, ascending) and its rank."""
    kernel = draw_deck.compiled()
    hands = kernel.colex_hands(52, tables.binom).astype(np.int64)
    return hands, tables.rank5.astype(np.int64)


def _number(cards) -> int:
    return sum(math.comb(c, t + 1) for t, c in enumerate(sorted(cards)))


def _holding(hands, cards):
    """Which hands hold every one of ``cards`` (a boolean mask)."""
    mask = np.ones(len(hands), dtype=bool)
    for c in cards:
        mask &= (hands == c).any(axis=1)
    return mask


def test_colex_hands_list_every_five_card_set_by_its_colex_number(tables):
    rows = draw_deck.compiled().colex_hands(9, tables.binom).tolist()
    expected = sorted((list(c) for c in combinations(range(9), 5)), key=_number)
    assert rows == expected and [_number(r) for r in rows] == list(range(math.comb(9, 5)))


def test_hand_ranks_are_dense_and_ordered_as_diablo_strength(tables, every_hand):
    """Equal strength, equal rank; stronger, higher rank; every rank used."""
    hands, rank = every_hand
    rng = random.Random(5)
    sample = rng.sample(range(len(hands)), 400)
    values = [strength([DECK[i] for i in hands[h]], DIABLO) for h in sample]
    assert [int(tables.strengths[rank[h]]) for h in sample] == values
    for (a, va), (b, vb) in zip(zip(sample, values), zip(sample[1:], values[1:])):
        assert np.sign(rank[a] - rank[b]) == np.sign(va - vb)
    assert set(np.unique(rank).tolist()) == set(range(len(tables.strengths)))
    assert list(tables.strengths) == sorted(set(tables.strengths.tolist()))


def test_counts_below_a_rank_by_card_and_pair_match_brute_force(tables, every_hand):
    hands, rank = every_hand
    rng = random.Random(7)
    width = len(tables.strengths)
    assert tables.below_all[-1] == math.comb(52, 5)
    for r in rng.sample(range(width + 1), 20):
        assert tables.below_all[r] == np.count_nonzero(rank < r)
    for _ in range(12):
        card, r = rng.randrange(52), rng.randrange(width + 1)
        assert tables.below_card[card, r] == np.count_nonzero(_holding(hands, [card]) & (rank < r))
        pair = sorted(rng.sample(range(52), 2))
        assert tables.below_pair[_number(pair), r] == np.count_nonzero(_holding(hands, pair) & (rank < r))


def test_sorted_ranks_of_the_hands_holding_three_and_four_cards_match_brute_force(tables, every_hand):
    hands, rank = every_hand
    rng = random.Random(11)
    deuces = [i for i, c in enumerate(DECK) if c.rank.number == 2]
    for size, table in ((3, tables.triples), (4, tables.quads)):
        sets = [sorted(rng.sample(range(52), size)) for _ in range(6)] + [sorted(deuces[:size])]
        for cards in sets:
            assert table[_number(cards)].tolist() == sorted(rank[_holding(hands, cards)].tolist())


def test_hands_avoiding_the_dealt_cards_with_or_without_one_more_card_match_brute_force(tables, every_hand):
    """The per-hand terms: hands holding none of the five dealt cards (and holding card x)
    below each rank."""
    hands, rank = every_hand
    dealt = sorted(DECK.index(c) for c in parse_cards("2s Qh Jh 7h 3c"))
    pool = np.array([i for i in range(52) if i not in dealt], dtype=np.int64)
    avoid, single = draw_deck.compiled().avoiding_hand(np.array(dealt, dtype=np.int64), pool, tables.binom,
                                                      *tables.lookups())
    clear = ~np.isin(hands, dealt).any(axis=1)
    rng = random.Random(3)
    for r in rng.sample(range(len(tables.strengths) + 1), 8) + [len(tables.strengths)]:
        assert avoid[r] == np.count_nonzero(clear & (rank < r))
        x = int(rng.choice(pool))
        assert single[x, r] == np.count_nonzero(clear & _holding(hands, [x]) & (rank < r))


def _counted(counter, hand, *args):
    results = [ChoiceResult(discard=d) for d in discard_choices(hand)]
    counter(results, hand, *args)
    return [(r.discard, r.outcomes, dict(r.strengths), r.win, dict(r.ties), r.lose) for r in results]


@pytest.mark.parametrize("text", HANDS)
def test_every_choice_counted_from_the_deck_tables_equals_the_per_hand_counting(text, tables):
    """Each of the 16 legal holds: final hands by strength, wins, ties and losses, exact."""
    hand = parse_cards(text)
    unseen = [c for c in DECK if c not in hand]
    fast = _counted(draw_deck.count_with_tables, hand, lambda: False)
    today = _counted(count_against_one, hand, unseen, (), 5, lambda: False)
    assert fast == today
    assert all(win + sum(ties.values()) + lose == outcomes * math.comb(47 - len(d), 5)
               for d, outcomes, _, win, ties, lose in fast)


def test_the_bigger_draw_counted_from_the_deck_tables_equals_the_per_hand_counting(tables):
    """Diablo: Variants, Bigger draw (up to three cards): draws of three cards, the subsets of
    up to five of the eight dealt and drawn cards."""
    hand = parse_cards("2c 2d 9h Ts Jd")
    unseen = [c for c in DECK if c not in hand]

    def counted(counter, *args):
        results = [ChoiceResult(discard=d) for d in discard_choices(hand, bigger_draw=True)]
        counter(results, hand, *args)
        return [(r.discard, r.outcomes, dict(r.strengths), r.win, dict(r.ties), r.lose) for r in results]

    fast = counted(draw_deck.count_with_tables, lambda: False)
    assert len(fast) == 26 and fast == counted(count_against_one, unseen, (), 5, lambda: False)


@pytest.mark.parametrize("text", HANDS[::3])
def test_best_swap_from_the_deck_tables_answers_as_today(text, tables):
    """The whole answer (every choice's figures, the best discard and the runner-up), field
    by field; only the time estimate differs."""
    hand = parse_cards(text)
    fast = best_swap(hand, opponents=UNKNOWN, exact_seconds=math.inf, deck_tables=True)
    today = best_swap(hand, opponents=UNKNOWN, exact_seconds=math.inf, deck_tables=False)
    assert fast["exact"] and fast["method"] == "exact"
    for answer in (fast, today):
        answer.pop("estimated_exact_seconds")
    assert fast == today
    assert fast["choices"][0]["best"] and fast["choices"][1]["discard"] != fast["choices"][0]["discard"]


@pytest.mark.parametrize("text", ["2s Qh Jh 7h 3c", "2c 2d 2h 5s 9c", "9h 9c Kd 4s 7c"])
def test_each_draw_counts_the_opponent_hands_avoiding_the_dealt_and_drawn_cards_as_brute_force(
        text, tables, every_hand):
    """One draw at a time, against every hand of the deck that holds none of the dealt and
    drawn cards: weaker than the final hand, and as strong."""
    hands, rank = every_hand
    kernel = draw_deck.compiled()
    dealt = sorted(DECK.index(c) for c in parse_cards(text))
    pool = np.array([i for i in range(52) if i not in dealt], dtype=np.int64)
    lookups = tables.lookups()
    avoid, single = kernel.avoiding_hand(np.array(dealt, dtype=np.int64), pool, tables.binom, *lookups)
    rng = random.Random(len(text))
    for k in (0, 1, 2):
        holds = [sorted(set(dealt) - set(d)) for d in combinations(dealt, k)]
        kept = np.array(holds, dtype=np.int64).reshape(len(holds), 5 - k)
        for draw in [sorted(rng.sample(pool.tolist(), k)) for _ in range(3)]:
            counts = np.zeros((len(holds), len(tables.strengths)), dtype=np.int64)
            totals = np.zeros((len(holds), 2), dtype=np.int64)
            kernel.count_draws(np.array(dealt, dtype=np.int64), kept, np.array([draw], dtype=np.int64).reshape(1, k),
                               tables.binom, avoid, single, *lookups, counts, totals)
            clear = ~np.isin(hands, dealt + draw).any(axis=1)
            for h, held in enumerate(holds):
                mine = rank[_number(held + draw)]
                assert counts[h, mine] == 1
                assert totals[h].tolist() == [np.count_nonzero(clear & (rank < mine)),
                                              np.count_nonzero(clear & (rank == mine))]


@pytest.mark.parametrize("opponents,dead,sizes", [
    ((Opponent(name="o", known=tuple(parse_cards("Ks")), unknown=4),), (), [0, 1, 2]),
    ((Opponent(name="o", known=(), unknown=3),), (), [0, 1, 2]),
    (UNKNOWN, tuple(parse_cards("3d")), [0, 1, 2]),
    (UNKNOWN * 2, (), [0, 1, 2]),
    (UNKNOWN, (), [0, 5]),
])
def test_the_deck_tables_answer_only_one_opponent_dealt_five_from_the_full_deck(opponents, dead, sizes):
    assert not draw_deck.tables_apply(opponents, dead, sizes)
    assert draw_deck.tables_apply(UNKNOWN, (), [0, 1, 2])


def test_without_numba_the_same_answer_comes_from_todays_path(monkeypatch, tables):
    hand = parse_cards("2c 2d 5h 6h 7s")
    fast = best_swap(hand, opponents=UNKNOWN, exact_seconds=math.inf, deck_tables=True)
    monkeypatch.setattr(draw_deck, "compiled", lambda: None)
    today = best_swap(hand, opponents=UNKNOWN, exact_seconds=math.inf, deck_tables=True)
    assert today["estimated_exact_seconds"] != fast["estimated_exact_seconds"]
    for answer in (fast, today):
        answer.pop("estimated_exact_seconds")
    assert fast == today
