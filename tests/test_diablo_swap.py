"""best-swap against an independent, simple, slow enumeration, and its pinned figures."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from oracle.budget import Budget
from oracle.cards import full_deck, parse_cards
from oracle.eval import DIABLO, evaluate, strength
from oracle.eval.strength import CATEGORY_SLUGS
from oracle.solve.exact.draw import Opponent, best_swap, discard_choices


def brute_force(hand, opponents=(), dead=(), max_discard=2):
    """Every discard of up to ``max_discard`` cards, every draw, every opponent deal: category
    counts and win/tie/lose counts, by plain loops over the public evaluator."""
    hand = list(hand)
    out = {}
    seen = set(hand) | set(dead) | {c for known, _ in opponents for c in known}
    deck = [c for c in full_deck() if c not in seen]
    for k in range(max_discard + 1):
        for discard in combinations(hand, k):
            kept = [c for c in hand if c not in discard]
            categories, results = Counter(), Counter()
            for draw in combinations(deck, k):
                mine = kept + list(draw)
                categories[evaluate(mine, DIABLO).category] += 1
                if not opponents:
                    continue
                rest = [c for c in deck if c not in draw]
                for fill in _deals(rest, [u for _, u in opponents]):
                    theirs = [strength(list(known) + list(f), DIABLO) for (known, _), f in zip(opponents, fill)]
                    me = strength(mine, DIABLO)
                    results["win" if me > max(theirs) else "tie" if me == max(theirs) else "lose"] += 1
                    if me >= max(theirs):
                        results["equity"] += Fraction(1, 1 + theirs.count(me))
            out[frozenset(discard)] = (categories, results)
    return out


def _deals(pool, unknowns):
    if not unknowns:
        yield ()
        return
    for combo in combinations(pool, unknowns[0]):
        rest = [c for c in pool if c not in combo]
        for tail in _deals(rest, unknowns[1:]):
            yield (combo, *tail)


# Thirty-seven dead cards leave ten unseen: few enough to enumerate every deal by brute force.
TEN_UNSEEN = "2s 2d 9s 9d Ah Kh Qh Jh 8s 6d"


def _dead_but(hand, unseen):
    """Every card out of the deck but the hand and the ``unseen`` ones."""
    keep = set(hand) | set(parse_cards(unseen))
    return [c for c in full_deck() if c not in keep]


def _by_discard(answer):
    rows = {}
    for row in answer["choices"]:
        for text in row["equivalent"]:
            rows[frozenset(parse_cards(text))] = row
    return rows


def test_sixteen_choices_with_two_cards_at_most():
    assert len(discard_choices(parse_cards("9h 9c Kd 4s 7c"))) == 16


def test_bigger_draw_adds_threes_and_four_only_keeping_an_ace():
    choices = discard_choices(parse_cards("As 2h 7c 8d Jc"), bigger_draw=True)
    fours = [c for c in choices if len(c) == 4]
    assert len(choices) == 1 + 5 + 10 + 10 + 1
    assert [sorted(map(str, c)) for c in fours] == [sorted(["2h", "7c", "8d", "Jc"])]
    # A wild 2 kept is not an Ace.
    assert not [c for c in discard_choices(parse_cards("2s 9h 7c 8d Jc"), bigger_draw=True) if len(c) == 4]


@pytest.mark.parametrize("hand,opponent", [
    ("9h 9c Kd 4s 7c", "Ah Jh 8h 5h Kh"),   # the rulebook example's hands before the draw
    ("2s Qh Jh 7h 3c", "Kc Kd Ks 5d 5c"),   # a wild deuce drawing to a flush against a full house
    ("Ah Kh 9h 9s 4d", "Tc Td 6s 6d 3h"),   # two choices tie exactly against two pair
])
def test_known_opponent_matches_brute_force(hand, opponent):
    hand, opp = parse_cards(hand), parse_cards(opponent)
    answer = best_swap(hand, opponents=[Opponent(name="x", known=tuple(opp))])
    assert answer["method"] == "exact"
    rows = _by_discard(answer)
    expected = brute_force(hand, opponents=[(opp, 0)])
    assert set(rows) == set(expected)
    for discard, (categories, results) in expected.items():
        row = rows[discard]
        total = sum(categories.values())
        assert row["outcomes"] == total
        assert {k: v for k, v in row["counts"].items() if v} == dict(categories)
        assert row["exact"]["win"] == f"{results['win']}/{total}"
        assert row["exact"]["tie"] == f"{results['tie']}/{total}"
        assert row["exact"]["lose"] == f"{results['lose']}/{total}"


def test_no_opponent_categories_match_brute_force_with_dead_cards():
    hand = parse_cards("2c 2d Qs Js 5h")
    dead = parse_cards("As Ks Ts 9s Qd")
    rows = _by_discard(best_swap(hand, dead=dead))
    for discard, (categories, _) in brute_force(hand, dead=dead).items():
        assert {k: v for k, v in rows[discard]["counts"].items() if v} == dict(categories)


def test_unknown_opponent_is_exact_when_small_and_matches_brute_force():
    hand = parse_cards("9h 9c Kd 4s 7c")
    dead = _dead_but(hand, TEN_UNSEEN)
    answer = best_swap(hand, opponents=[Opponent(name="u", known=(), unknown=5)], dead=dead)
    assert answer["method"] == "exact" and answer["unseen"] == 10
    rows = _by_discard(answer)
    for discard, (categories, results) in brute_force(hand, opponents=[((), 5)], dead=dead).items():
        row = rows[discard]
        n = results["win"] + results["tie"] + results["lose"]
        assert row["deals"] == n
        assert row["exact"]["win"] == f"{results['win']}/{n}"
        assert row["exact"]["tie"] == f"{results['tie']}/{n}"


def test_monte_carlo_is_seeded_and_its_interval_covers_the_exact_answer():
    hand = parse_cards("9h 9c Kd 4s 7c")
    dead = _dead_but(hand, TEN_UNSEEN)
    opp = [Opponent(name="u", known=(), unknown=5)]
    exact = _by_discard(best_swap(hand, opponents=opp, dead=dead))
    sampled = best_swap(hand, opponents=opp, dead=dead, exact_limit=0, samples=4000, seed=7)
    again = best_swap(hand, opponents=opp, dead=dead, exact_limit=0, samples=4000, seed=7)
    assert sampled == again
    assert sampled["method"] == "monte-carlo" and sampled["samples"] == 4000 and sampled["confidence"] == 0.95
    misses = 0
    for row in sampled["choices"]:
        truth = exact[frozenset(parse_cards(row["discard"]))]["win"]
        low, high = row["ci95"]["win"]
        misses += not (low <= truth <= high)
        assert abs(row["win"] - truth) < 0.05
    assert misses <= 2  # a 95 % interval may miss now and then, not often


def test_suit_symmetric_discards_are_grouped():
    # Hearts and clubs play the same part here: throwing the 9h or the 9c is the same choice.
    answer = best_swap(parse_cards("9h 9c Ks Qs 4d"))
    groups = [row["equivalent"] for row in answer["choices"]]
    assert ["9h", "9c"] in groups
    assert sum(len(g) for g in groups) == 16


def test_rulebook_hands_pinned():
    """Ben's 9 9 K 4 7 against Anna's final flush (A K J 8 5 of hearts), pinned after the
    brute force above agreed with them. Only a full house or better beats the flush: 36 of
    the 861 two-card draws from the 42 unseen cards when Ben keeps 9 9 7 (quads: 2 2, 9 9,
    9 2 = 6 + 1 + 8; full house: 9 7, 7 7, 2 7 = 6 + 3 + 12), but 28 keeping 9 9 K, since
    Anna's Kh leaves two Kings unseen, not three. The equal choices 9 9 7 and 9 9 4 are told
    apart by the mean strength: keeping the 7 is better."""
    answer = best_swap(parse_cards("9h 9c Kd 4s 7c"),
                       opponents=[Opponent(name="Anna", known=tuple(parse_cards("Ah Jh 8h 5h Kh")))])
    best = answer["best"]
    assert answer["groups"] == 12 and answer["unseen"] == 42
    assert (best["discard"], best["exact"]["win"]) == ("Kd 4s", "36/861")
    rows = _by_discard(answer)
    assert rows[frozenset(parse_cards("4s 7c"))]["exact"]["win"] == "28/861"
    assert rows[frozenset(parse_cards("9h Kd"))]["equivalent"] == ["9h Kd", "9c Kd"]
    assert [row["best"] for row in answer["choices"]].count(True) == 1


def test_no_opponent_pinned():
    answer = best_swap(parse_cards("9h 9c Kd 4s 7c"))
    best = answer["best"]
    assert best["discard"] == "4s 7c"
    assert best["counts"] == {
        "five_of_a_kind": 0, "royal_flush": 0, "straight_flush": 0, "four_of_a_kind": 15,
        "full_house": 21, "flush": 0, "straight": 0, "three_of_a_kind": 228, "two_pair": 168,
        "pair": 649, "high_card": 0,
    }
    assert best["expected_category"] == pytest.approx(float(Fraction(15 * 7 + 21 * 6 + 228 * 3 + 168 * 2 + 649, 1081)), abs=1e-6)


@pytest.mark.parametrize("hand,opponents,unseen", [
    # a known flush and a pair of Kings with three cards to come: the known hand is walked
    # first, the unknown one compared in numpy
    ("9h 9c Kd 4s 7c", [("Ah Jh 8h 5h Kh", 0), ("Ks Kc", 3)], "2s 2d 9s 9d Qh Qs 8s 6d 3c 3d"),
    # two opponents each waiting for one card: the first one's completions are walked; three-way
    # ties on the board-like hands share the pot three ways
    ("Ac Kc Qd Jd 5h", [("As Ks Qs Js", 1), ("Ah Kh Qh Jh", 1)], "Ad Kd 5c 5s 6d 7d 8h 9h Tc 3c"),
])
def test_several_opponents_with_unknown_cards_match_brute_force(hand, opponents, unseen):
    hand = parse_cards(hand)
    opps = [(parse_cards(known), u) for known, u in opponents]
    keep = set(hand) | set(parse_cards(unseen)) | {c for known, _ in opps for c in known}
    dead = [c for c in full_deck() if c not in keep]
    answer = best_swap(hand, opponents=[Opponent(name=f"o{k}", known=tuple(known), unknown=u)
                                        for k, (known, u) in enumerate(opps)], dead=dead)
    assert answer["method"] == "exact"
    rows = _by_discard(answer)
    for discard, (categories, results) in brute_force(hand, opponents=opps, dead=dead).items():
        row = rows[discard]
        n = results["win"] + results["tie"] + results["lose"]
        assert row["deals"] == n
        assert row["exact"]["win"] == f"{results['win']}/{n}"
        assert row["exact"]["tie"] == f"{results['tie']}/{n}"
        assert row["exact"]["equity"] == str(Fraction(results["equity"], n))


def test_unknown_opponent_enumeration_is_exact_when_it_fits_in_seconds():
    """Sixteen unseen cards and an unknown opponent: 2.6 million deals. The exact answer
    (numpy over the opponent's hands) fits the time budget, so it is given exactly (its speed
    is measured in bench/bench_diablo_swap.py, not asserted here)."""
    hand = parse_cards("9h 9c Kd 4s 7c")
    dead = [c for c in full_deck() if c not in hand][:31]
    answer = best_swap(hand, opponents=[Opponent(name="u", known=(), unknown=5)], dead=dead)
    assert answer["method"] == "exact" and answer["deals_to_enumerate"] == 2_647_008
    assert all(row["deals"] * 1 == row["outcomes"] * 4368 for row in answer["choices"] if row["draw"] == 0)


# Issue 12, point 1: on these hands the royal target counted straight flushes as royals.
AUDIT_1_HANDS = ("Kh Qh Jh 9h 3c", "2h 2d Kh Qh Jh")


@pytest.mark.parametrize("hand", AUDIT_1_HANDS)
def test_audit_1_at_least_target_counts_final_hands_of_that_kind_or_better(hand):
    """For every target, the chance of at least that kind is the share of draws whose final
    hand (as the public evaluator names it; CATEGORY_SLUGS is best first) is of that kind or
    a better one, counted over every draw of every discard."""
    hand = parse_cards(hand)
    expected = brute_force(hand)
    for target in CATEGORY_SLUGS:
        better = set(CATEGORY_SLUGS[:CATEGORY_SLUGS.index(target) + 1])
        rows = _by_discard(best_swap(hand, target=target))
        for discard, (categories, _) in expected.items():
            total = sum(categories.values())
            hits = sum(n for slug, n in categories.items() if slug in better)
            assert rows[discard]["at_least_target"] == round(hits / total, 6), (target, discard)


def test_audit_1_royal_target_ranks_the_only_draw_to_a_royal_first():
    # Keeping the 9h, no draw makes a royal; throwing 9h 3c makes one in 15 of 1,081 draws
    # (Ah Th, Ah or Th with a deuce, two deuces: 1 + 4 + 4 + 6).
    answer = best_swap(parse_cards("Kh Qh Jh 9h 3c"), target="royal_flush")
    rows = _by_discard(answer)
    assert rows[frozenset(parse_cards("3c"))]["at_least_target"] == 0
    assert answer["best"]["discard"] == "9h 3c"
    assert answer["best"]["at_least_target"] == round(15 / 1081, 6)
    assert answer["best"]["counts"]["royal_flush"] == 15


def test_audit_1_royal_target_with_two_deuces_counts_four_of_47():
    # Throwing the Kh from 2h 2d Kh Qh Jh: a royal with the Ah or the Th, five Queens with
    # the 2c or the 2s; the 9h and the 8h make straight flushes, not royals.
    rows = _by_discard(best_swap(parse_cards("2h 2d Kh Qh Jh"), target="royal_flush"))
    row = rows[frozenset(parse_cards("Kh"))]
    assert (row["outcomes"], row["at_least_target"]) == (47, round(4 / 47, 6))
    assert row["counts"]["straight_flush"] == 2


# Issue 12, point 14: the solver honours a time budget and says what it left out.
class CountdownBudget(Budget):
    """A budget that runs out after a given number of checks: the same stop every run."""

    def __init__(self, checks: int):
        super().__init__(None)
        object.__setattr__(self, "_left", [checks])

    def expired(self) -> bool:
        self._left[0] -= 1
        return self._left[0] < 0


def test_audit_14_a_spent_budget_evaluates_nothing_and_says_so():
    answer = best_swap(parse_cards("9h 9c Kd 4s 7c"), budget=Budget(1e-9))
    assert (answer["exact"], answer["bound"], answer["choices"], answer["best"]) == (False, "time_limit", [], None)
    assert len(answer["unevaluated"]) == answer["choices_total"] == 16


@pytest.mark.parametrize("opponents,unseen,checks", [
    # one unknown opponent: counted choice by choice, the budget checked between choices
    ([("", 5)], TEN_UNSEEN, 6),
    # a known hand and one with cards to come: enumerated, the budget checked between blocks
    # of draws (after a check for each choice while its final hands are counted)
    ([("Ah Jh 8h 5h Kh", 0), ("Ks Kc", 3)], "2s 2d 9s 9d Qh Qs 8s 6d 3c 3d", 18),
])
def test_audit_14_an_exact_answer_cut_short_keeps_the_choices_it_finished_exactly(opponents, unseen, checks):
    hand = parse_cards("9h 9c Kd 4s 7c")
    opp = [Opponent(name=f"o{k}", known=tuple(parse_cards(known)), unknown=u) for k, (known, u) in enumerate(opponents)]
    dead = [c for c in _dead_but(hand, unseen) if not any(c in o.known for o in opp)]
    whole = _by_discard(best_swap(hand, opponents=opp, dead=dead))
    cut = best_swap(hand, opponents=opp, dead=dead, budget=CountdownBudget(checks))
    assert (cut["method"], cut["exact"], cut["bound"]) == ("exact", False, "time_limit")
    done = [frozenset(parse_cards(text)) for row in cut["choices"] for text in row["equivalent"]]
    left = [frozenset(parse_cards(text)) for text in cut["unevaluated"]]
    assert done and left and len(done) + len(left) == 16 and not set(done) & set(left)
    for row in cut["choices"]:
        assert row["exact"] == whole[frozenset(parse_cards(row["discard"]))]["exact"]


def test_audit_14_a_monte_carlo_cut_short_gives_every_choice_its_first_deals():
    """Each choice samples from its own seeded stream, in rounds: stopped early, a choice's
    figures are those of a full run asked for as many deals as it got."""
    hand = parse_cards("9h 9c Kd 4s 7c")
    opp = [Opponent(name=f"u{k}", known=(), unknown=5) for k in range(2)]
    cut = best_swap(hand, opponents=opp, samples=100_000, exact_limit=0, budget=CountdownBudget(200))
    assert (cut["method"], cut["exact"], cut["bound"], cut["unevaluated"]) == ("monte-carlo", False, "time_limit", [])
    deals = {row["deals"] for row in cut["choices"]}
    assert min(deals) == cut["samples_done"] and max(deals) - min(deals) <= 100
    for n in deals:
        full = _by_discard(best_swap(hand, opponents=opp, samples=n, exact_limit=0))
        for row in cut["choices"]:
            if row["deals"] == n:
                assert row["win"] == full[frozenset(parse_cards(row["discard"]))]["win"]
