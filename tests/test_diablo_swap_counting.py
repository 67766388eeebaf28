"""The exact best-swap against opponents dealt from the deck (one counted, two enumerated in a
compiled loop), against plain loops and the plain walk."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

from oracle.cards import full_deck, parse_cards
from oracle.eval import DIABLO, strength
from oracle.solve.exact.draw import Opponent, best_swap
from oracle.solve.exact.draw_counting import CompletionCounts, completions
from oracle.solve.exact.subsets import combination_rows


@pytest.mark.parametrize("n,k", [(0, 0), (5, 0), (5, 1), (6, 3), (9, 5), (4, 4), (3, 4)])
def test_combination_rows_list_every_subset_in_order(n, k):
    assert combination_rows(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


@pytest.mark.parametrize("known,unknown", [("", 5), ("Ks 2c", 3), ("Ah", 4)])
def test_completions_avoiding_a_draw_are_counted_as_a_loop_counts_them(known, unknown):
    """Inclusion-exclusion over the cards drawn gives the completions that avoid them, weaker,
    as strong and stronger than the player's hand, for draws of none, one and two cards."""
    rng = random.Random(len(known) + unknown)
    deck = [c for c in full_deck() if c not in parse_cards(known)]
    unseen = rng.sample(deck, 14)
    hand = [c for c in deck if c not in unseen][:5]
    table = CompletionCounts(unseen, parse_cards(known), unknown)
    for k in (0, 1, 2):
        draws, mine = completions(unseen, hand[:5 - k], k)
        below, equal, above = table.against(draws, mine)
        for row in rng.sample(range(len(draws)), min(12, len(draws))):
            drawn = {unseen[i] for i in draws[row]}
            rest = [c for c in unseen if c not in drawn]
            theirs = [strength(parse_cards(known) + list(f), DIABLO) for f in combinations(rest, unknown)]
            me = int(mine[row])
            assert (below[row], equal[row], above[row]) == (sum(t < me for t in theirs), theirs.count(me),
                                                             sum(t > me for t in theirs))


def test_player_strengths_after_each_draw_are_the_evaluators():
    unseen = full_deck()[:12]
    kept = parse_cards("9h 9c Kd")
    draws, mine = completions(unseen, kept, 2)
    assert [int(v) for v in mine] == [strength(kept + [unseen[i] for i in d], DIABLO) for d in draws]


def test_an_opponent_with_known_and_unknown_cards_matches_brute_force():
    hand = parse_cards("2s Qh Jh 7h 3c")
    known = parse_cards("Ks Kc")
    unseen = parse_cards("2d 9s 9d Kh Th 8h 6d 3d 5h 4h 7c 7d")
    dead = [c for c in full_deck() if c not in set(hand) | set(known) | set(unseen)]
    answer = best_swap(hand, opponents=[Opponent(name="o", known=tuple(known), unknown=3)], dead=dead)
    assert answer["method"] == "exact" and answer["exact"]
    rows = {frozenset(parse_cards(text)): row for row in answer["choices"] for text in row["equivalent"]}
    for k in (0, 1, 2):
        for discard in combinations(hand, k):
            kept = [c for c in hand if c not in discard]
            win = tie = lose = 0
            for draw in combinations(unseen, k):
                me = strength(kept + list(draw), DIABLO)
                rest = [c for c in unseen if c not in draw]
                for fill in combinations(rest, 3):
                    them = strength(known + list(fill), DIABLO)
                    win, tie, lose = win + (me > them), tie + (me == them), lose + (me < them)
            n = win + tie + lose
            row = rows[frozenset(discard)]
            assert (row["deals"], row["exact"]["win"], row["exact"]["tie"]) == (n, f"{win}/{n}", f"{tie}/{n}")
            assert row["exact"]["equity"] == str(Fraction(2 * win + tie, 2 * n))
    assert answer["deals"] == sum(row["deals"] * len(row["equivalent"]) for row in answer["choices"])


def _two_unknown(hand, unseen):
    hand = parse_cards(hand)
    dead = [c for c in full_deck() if c not in set(hand) | set(parse_cards(unseen))]
    return hand, dead, [Opponent(name=f"u{k}", known=(), unknown=5) for k in range(2)]


def test_two_unknown_opponents_match_brute_force():
    """Twelve unseen cards: every draw, every first hand, every second hand, by plain loops."""
    hand, dead, opponents = _two_unknown("9h 9c Kd 4s 7c", "2s 2d 9s 9d Ah Kh Qh Jh 8s 6d 5c 4c")
    unseen = [c for c in full_deck() if c not in set(hand) | set(dead)]
    answer = best_swap(hand, opponents=opponents, dead=dead)
    assert answer["method"] == "exact" and answer["exact"]
    rows = {frozenset(parse_cards(text)): row for row in answer["choices"] for text in row["equivalent"]}
    ranked = lru_cache(maxsize=None)(lambda cards: strength(list(cards), DIABLO))
    for k in (0, 1, 2):
        for discard in combinations(hand, k):
            kept = [c for c in hand if c not in discard]
            win = tie = lose = 0
            equity = Fraction(0)
            for draw in combinations(unseen, k):
                me = strength(kept + list(draw), DIABLO)
                rest = [c for c in unseen if c not in draw]
                for first in combinations(rest, 5):
                    a = ranked(first)
                    for second in combinations([c for c in rest if c not in first], 5):
                        b = ranked(second)
                        top = max(a, b)
                        shared = (a == top) + (b == top)
                        win, tie, lose = win + (me > top), tie + (me == top), lose + (me < top)
                        equity += 1 if me > top else Fraction(1, 1 + shared) if me == top else 0
            n = win + tie + lose
            row = rows[frozenset(discard)]
            assert (row["deals"], row["exact"]["win"], row["exact"]["tie"]) == (n, f"{win}/{n}", f"{tie}/{n}")
            assert row["exact"]["equity"] == str(equity / n)


def test_two_opponents_compiled_loop_and_numpy_answer_as_the_plain_walk(monkeypatch):
    """A known hand with cards to come and an unknown one, twelve unseen cards: the compiled
    enumeration, its numpy stand-in (without numba) and the plain walk give the same answer."""
    import oracle.solve.exact.draw as draw
    import oracle.solve.exact.draw_two as draw_two

    hand = parse_cards("2s Qh Jh 7h 3c")
    known = parse_cards("Ks Kc")
    unseen = parse_cards("2d 9s 9d Kh Th 8h 6d 3d 5h 4h 7c As")
    dead = [c for c in full_deck() if c not in set(hand) | set(known) | set(unseen)]
    opponents = [Opponent(name="k", known=tuple(known), unknown=3), Opponent(name="u", known=(), unknown=5)]
    fast = best_swap(hand, opponents=opponents, dead=dead)
    monkeypatch.setattr(draw_two, "compiled", lambda: None)
    listed = best_swap(hand, opponents=opponents, dead=dead)
    monkeypatch.setattr(draw, "enumerates", lambda *args: False)
    plain = best_swap(hand, opponents=opponents, dead=dead, exact_seconds=float("inf"))
    assert fast["method"] == listed["method"] == plain["method"] == "exact"
    assert fast["choices"] == listed["choices"] == plain["choices"] and fast["deals"] == plain["deals"]


def test_bigger_draw_counts_three_and_four_cards_drawn_as_the_plain_walk(monkeypatch):
    """Under the bigger draw the counting reads the completions holding three and four drawn
    cards too; the answer is the plain walk's (itself checked against brute force)."""
    import oracle.solve.exact.draw as draw

    hand = parse_cards("As 2h 7c 8d Jc")
    unseen = parse_cards("2s 2d 9s 9d Ah Kh Qh Jh 8s 6d 5c 4c")
    dead = [c for c in full_deck() if c not in set(hand) | set(unseen)]
    opponents = [Opponent(name="u", known=(), unknown=5)]
    counted = best_swap(hand, opponents=opponents, dead=dead, bigger_draw=True)
    monkeypatch.setattr(draw, "counts_apply", lambda *args: False)
    plain = best_swap(hand, opponents=opponents, dead=dead, bigger_draw=True, exact_seconds=float("inf"))
    assert counted["method"] == plain["method"] == "exact" and counted["choices_total"] == 27
    assert counted["choices"] == plain["choices"] and counted["deals"] == plain["deals"]
