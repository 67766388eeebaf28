"""Seeded random rounds of Hell of a Deal against every Boss: after every action no card is
seen twice, every listed legal action applies, every other candidate raises
``IllegalActionError``, and Souls, Temptation and Curses stay within their bounds."""

from __future__ import annotations

import random

import pytest

from oracle.cards import check_cards
from oracle.errors import IllegalActionError
from oracle.games.hell_of_a_deal import (
    BOSSES,
    MAX_CURSES,
    TEMPTATION_MAX,
    Action,
    apply_action,
    awaiting,
    candidate_actions,
    legal_actions,
    load_position,
    sample_chance,
)

DEFAULTS = {name: {"default_hand": "T T 9 9"} for name in BOSSES}
FOREIGN = [  # lines that are never legal at a step where they are not listed
    "end round", "assign Temptation: Anna 1", "Dana bets Earn a Soul", "deal river 2c 3c",
    "Anna keeps 2c", "Ben pays 1 Soul in tolls", "Cara rolls the Bones: Curse",
]


def check_invariants(state):
    check_cards(state.seen_cards(), what="all cards in play")
    assert state.souls >= 0
    for p in state.players:
        assert 0 <= p.temptation <= TEMPTATION_MAX
        assert p.curses <= MAX_CURSES
        assert len(p.favors) <= 3 or awaiting(state)["step"] == "favor_discard"


def play_round(boss: str, seed: int, rounds: int = 2) -> int:
    rng = random.Random(seed)
    # The deck holds the Bosses still to come, never the one faced now.
    deck = {"Nick Hauss": ["The Devil Himself"], "The Devil Himself": []}.get(boss, ["Nick Hauss", "The Devil Himself"])
    position = {
        "boss": boss, "bosses": DEFAULTS, "boss_deck": deck,
        "players": [{"name": "Anna", "favors": ["Up Your Sleeve"]}, {"name": "Ben", "favors": ["Double Down"]},
                    {"name": "Cara", "temptation": rng.randrange(0, 9)}],
        "souls": rng.randrange(0, 8),
    }
    state = load_position(position, {})
    steps = 0
    while state.status == "going on" and state.round_number <= rounds and steps < 400:
        check_invariants(state)
        legal = legal_actions(state)
        for line in legal:
            assert str(Action.parse(line)) == line
            apply_action(state, line)  # on a copy: must not raise
        others = [c for c in candidate_actions(state) if c not in legal] + FOREIGN
        for line in rng.sample(others, min(6, len(others))):
            if line in legal:
                continue
            with pytest.raises(IllegalActionError):
                apply_action(state, line)
        chance = sample_chance(state, rng)
        seen = state.seen_cards()
        if chance is not None and chance.startswith("deal") and seen:
            # A card already in play cannot be dealt again.
            words = chance.split()
            with pytest.raises(IllegalActionError):
                apply_action(state, " ".join([*words[:-1], str(rng.choice(seen))]))
        if chance is not None:
            line = chance
        else:
            assert legal, f"no legal action at {awaiting(state)}"
            # Lean towards betting on: folds end rounds too soon to reach the showdown steps.
            quiet = [a for a in legal if not a.endswith("folds")] or legal
            line = rng.choice(quiet if rng.random() < 0.95 else legal)
        before = state
        state = apply_action(state, line)
        assert before is not state
        steps += 1
    check_invariants(state)
    return steps


@pytest.mark.parametrize("boss", sorted(BOSSES))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_rounds_keep_the_invariants(boss, seed):
    assert play_round(boss, seed) > 10
