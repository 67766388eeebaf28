"""Seeded random playouts of whole hands and Diablo chains: after every action the chips are
conserved, no card is seen twice, every listed legal action applies and every other raises."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from oracle.cards import full_deck
from oracle.errors import IllegalActionError
from oracle.games.diablo import DECLARABLE, Action, DiabloGame, DiabloRules

NAMES = ("Anna", "Ben", "Carla", "Dan", "Eve")


def _deal_chance(game: DiabloGame, rng: random.Random) -> bool:
    """Bring unknown cards to light: the deal, then the cards drawn. True if it did."""
    known = set(game.known_cards())
    deck = [c for c in full_deck() if c not in known]
    rng.shuffle(deck)
    for i in range(game.n):
        if game.dealt and game.dealt[i] and all(c is None for c in game.hands[i]) and game.actions_this_hand == 0:
            game.do(Action(player=game.names[i], kind="deal", cards=tuple(deck[:5])))
            return True
        if game.pending and game.pending[i]:
            game.do(Action(player=game.names[i], kind="receive", cards=tuple(deck[:game.pending[i]])))
            return True
    return False


def _other_actions(game: DiabloGame, rng: random.Random) -> list[Action]:
    """A sample of actions across every player and kind, legal or not."""
    out = [Action(player=TABLE_NAME, kind="stop")]
    for name in game.names:
        seat = game.names.index(name)
        out += [Action(player=name, kind=k) for k in ("check", "call", "fold", "pat")]
        out += [Action(player=name, kind="bet", amount=a) for a in range(1, 13)]
        out += [Action(player=name, kind="raise", amount=game.current_bet + a) for a in range(0, 13)]
        out += [Action(player=name, kind="draw", amount=a) for a in range(1, 5)]
        out += [Action(player=name, kind="declare", category=c) for c in DECLARABLE]
        hand = [c for c in (game.hands[seat] if game.hands else []) if c is not None]
        for k in range(1, 6):
            subs = list(combinations(hand, k))
            out += [Action(player=name, kind="discard", cards=s) for s in rng.sample(subs, min(3, len(subs)))]
        stranger = rng.sample(full_deck(), 2)
        out.append(Action(player=name, kind="discard", cards=tuple(stranger)))
    return out


TABLE_NAME = "Table"


def _key(action: Action) -> tuple:
    """An action up to the order its cards are named in."""
    return (action.player, action.kind, action.amount, frozenset(action.cards), action.category)


def _check_invariants(game: DiabloGame, total: int, rng: random.Random) -> None:
    assert game.total_chips() == total, "chips are not conserved"
    assert all(c >= 0 for c in game.chips)
    known = game.known_cards()
    assert len(known) == len(set(known)), f"a card appears twice: {sorted(map(str, known))}"
    legal = game.legal_actions()
    texts = {_key(a) for a in legal}
    assert len(texts) == len(legal)
    for action in legal:
        trial = game.copy()
        trial.do(action)
        assert trial.total_chips() == total
        assert game.can(action)
        assert str(Action.parse(str(action))) == str(action)
    others = _other_actions(game, rng)
    for action in rng.sample(others, min(40, len(others))):
        if _key(action) in texts:
            continue
        assert not game.can(action), f"{action} is accepted but not listed as legal"
        with pytest.raises(IllegalActionError):
            game.verify(action)  # verify never changes the game, so no copy is needed


def _random_rules(rng: random.Random) -> DiabloRules:
    return DiabloRules(
        ante=rng.choice([1, 1, 2]),
        max_raises=rng.choice([2, 4]),
        pot_cap=rng.choice([0, 0, 15]),
        bigger_draw=rng.random() < 0.3,
        jacks_or_better=rng.random() < 0.3,
        declare_hand=rng.random() < 0.3,
        diablo_rule=rng.random() < 0.85,
        dealers_choice=rng.random() < 0.1,
        return_uncalled_bet=rng.random() < 0.3,
    )


@pytest.mark.parametrize("seed", range(24))
def test_random_playouts_keep_every_invariant(seed):
    rng = random.Random(seed)
    players = rng.randint(3, 5)
    chips = [rng.choice([4, 8, 15, 30, 60]) for _ in range(players)]
    game = DiabloGame.new(names=NAMES[:players], chips=chips, dealer=rng.randrange(players),
                          rules=_random_rules(rng))
    total = game.total_chips()
    steps = 0
    while game.phase != "over" and steps < 160:
        if _deal_chance(game, rng):
            assert game.total_chips() == total
            continue
        _check_invariants(game, total, rng)
        legal = game.legal_actions()
        stop = [a for a in legal if a.kind == "stop"]
        play = [a for a in legal if a.kind != "stop"]
        if stop and (not play or rng.random() < 0.03):
            game.do(stop[0])
        else:
            # Lean towards betting actions so that hands go to showdowns and chains run.
            weights = [3 if a.kind in ("call", "check") else 1 for a in play]
            game.do(rng.choices(play, weights)[0])
        steps += 1
    _check_invariants(game, total, rng)


def test_playouts_reach_showdowns_and_diablo_chains():
    """The playouts above are not vacuous: together they show down, split, run chains and
    give uncalled bets back."""
    endings, chains, side_pots, short, returned = set(), 0, 0, 0, 0
    for seed in range(24):
        rng = random.Random(seed)
        players = rng.randint(3, 5)
        chips = [rng.choice([4, 8, 15, 30, 60]) for _ in range(players)]
        game = DiabloGame.new(names=NAMES[:players], chips=chips, dealer=rng.randrange(players),
                              rules=_random_rules(rng))
        steps = 0
        while game.phase != "over" and steps < 160:
            if _deal_chance(game, rng):
                continue
            legal = [a for a in game.legal_actions() if a.kind != "stop"] or game.legal_actions()
            weights = [3 if a.kind in ("call", "check") else 1 for a in legal]
            game.do(rng.choices(legal, weights)[0])
            steps += 1
        endings |= {r.ending for r in game.results}
        chains += sum(1 for r in game.results if r.diablo_pot_played)
        side_pots += sum(1 for r in game.results if len(r.pots) > 1)
        short += sum(1 for r in game.results if r.liability_paid < r.liability_due)
        returned += sum(1 for r in game.results if r.returned)
    assert {"showdown", "last player standing", "everyone checked"} <= endings
    assert chains > 0 and side_pots > 0 and short > 0 and returned > 0
