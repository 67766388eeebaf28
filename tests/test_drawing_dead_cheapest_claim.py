"""``cheapest-claim`` against a plain enumeration of every subset of the stash."""

from __future__ import annotations

import random

import pytest

from oracle.cards import Card, full_deck
from oracle.eval import DRAWING_DEAD, strength
from oracle.games.drawing_dead_position import load_position
from oracle.games.drawing_dead_questions import cheapest_claim


def brute_force(upcards, stash, chips, holder_upcards):
    """Every subset by bitmask; a subset wins when its upcards rank strictly above the
    holder's (no cards never win against a holder with cards). Returns (chips, size, best
    strength among the cheapest smallest winners) or None."""
    target = strength(holder_upcards, DRAWING_DEAD)
    found = []
    for mask in range(1 << len(stash)):
        chosen = [card for bit, card in enumerate(stash) if mask >> bit & 1]
        hand = list(upcards) + chosen
        if not hand:
            continue
        value = strength(hand, DRAWING_DEAD)
        if value > target:
            found.append((min(len(chosen), chips), len(chosen), -value))
    if not found:
        return None
    cost, size, value = min(found)
    return cost, size, -value


def _position(rng: random.Random):
    deck = full_deck(jokers=1)
    rng.shuffle(deck)
    up, stash, holder = rng.randint(0, 5), rng.randint(0, 7), rng.randint(1, 5)
    cards = [deck.pop() for _ in range(up + stash + holder)]
    return cards[:up], cards[up:up + stash], cards[up + stash:], rng.randint(0, 6)


def _text(cards):
    return " ".join(map(str, cards))


@pytest.mark.parametrize("seed", range(6))
def test_cheapest_claim_agrees_with_every_subset(seed):
    rng = random.Random(seed)
    possible = impossible = free_rides = 0
    for _ in range(60):
        upcards, stash, holder, chips = _position(rng)
        state = load_position({
            "players": [{"name": "Anna", "chips": chips, "upcards": _text(upcards), "stash": _text(stash)},
                        {"name": "Ben", "chips": 0, "upcards": _text(holder)}],
            "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}, {})
        answer = cheapest_claim(state, 0)
        expected = brute_force(upcards, stash, chips, holder)
        if expected is None:
            impossible += 1
            assert answer["possible"] is False and answer["chips"] is None
            continue
        possible += 1
        cost, size, value = expected
        played = [Card.parse(c) for c in answer["cards"]]
        assert answer["possible"] is True
        assert answer["chips"] == cost
        assert len(played) == size and set(played) <= set(stash)
        assert strength(upcards + played, DRAWING_DEAD) == value == answer["hand"]["strength"]
        free_rides += size > chips
    assert possible and impossible
    if seed == 0:
        assert free_rides, "no case where cards beyond the chips were free"


def test_an_unclaimed_button_costs_nothing():
    state = load_position({"players": [{"name": "Anna", "chips": 3, "stash": "2c"}, {"name": "Ben"}],
                           "turn": "Anna", "phase": "action", "pot": 0}, {})
    answer = cheapest_claim(state, 0)
    assert answer["possible"] and answer["chips"] == 0 and answer["cards"] == []


@pytest.mark.parametrize("seed", range(3))
def test_cleanup_keeps_the_best_five_of_all_upcards(seed):
    from oracle.games.drawing_dead_questions import cleanup_choices
    from itertools import combinations
    rng = random.Random(seed)
    for _ in range(20):
        deck = full_deck(jokers=1)
        rng.shuffle(deck)
        upcards = [deck.pop() for _ in range(rng.randint(6, 8))]
        state = load_position({"players": [{"name": "Anna", "upcards": _text(upcards)}, {"name": "Ben"}],
                               "turn": "Anna", "phase": "cleanup", "pot": 0}, {})
        answer = cleanup_choices(state, 0, limit=100)
        best = max(strength(list(five), DRAWING_DEAD) for five in combinations(upcards, 5))
        assert answer["hand"]["strength"] == best
        assert answer["best_choices"] == sum(
            1 for five in combinations(upcards, 5) if strength(list(five), DRAWING_DEAD) == best)
        assert answer["upcards_to_trash"] == len(upcards) - 5
        values = [c["strength"] for c in answer["choices"]]
        assert values == sorted(values, reverse=True)


def test_the_holder_needs_nothing():
    state = load_position({"players": [{"name": "Anna", "chips": 3, "upcards": "2c", "stash": "Ac"},
                                       {"name": "Ben"}],
                           "turn": "Anna", "phase": "action", "button": "Anna", "pot": 0}, {})
    answer = cheapest_claim(state, 0)
    assert answer["possible"] and answer["chips"] == 0 and "already holds" in answer["reason"]
