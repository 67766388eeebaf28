"""Players of Diablo. A player acts when the engine names them to act (``to_act``): bets,
calls, raises, checks and folds in the two betting rounds, the draw, and the declaration
under "Declare your hand". The deal and the cards drawn are chance, not a player's; the
table's agreement to stop is the simulation's (after the agreed number of hands).

- ``random``: any legal action, each as likely (every bet size and raise, every discard).
- ``simple``: bets by the kind of hand it holds, as the rulebook's tips put it ("open only
  with a hand that is likely to win, such as three of a kind or better", "Every 2 you hold is
  gold"): see ``SimplePlayer``; draws by the strategy card of the ``diablo-draw`` chart.
- ``strong``: see ``oracle.simulate.players.diablo_strong`` (the exact draw, opening by equity).

Every choice falls back to the next legal one when the engine does not allow it (a raise
over the limit, a bet without the chips): raise, then call, then check, then fold.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from oracle.cards import Rank
from oracle.games.diablo import Action, DiabloGame, hand_strength

# Kinds of hand by number, as the ranking counts them.
PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE = 1, 2, 3, 4, 5, 6
CATEGORY = 15 ** 5  # a strength's category is strength // CATEGORY
KINDS = ("high card", "pair", "two pair", "three of a kind", "straight", "flush", "full house",
         "four of a kind", "straight flush", "five of a kind")
# (round, facing a bet): (least kind to bet or raise, least kind to call); before the draw a
# hand holding a deuce also calls.
SIMPLE_LINES = {(1, False): (TRIPS, None), (1, True): (STRAIGHT, TWO_PAIR),
                (2, False): (TRIPS, None), (2, True): (FULL_HOUSE, TRIPS)}


def legal_choices(game: DiabloGame) -> list[Action]:
    """The legal actions of the player to act (the table's agreement to stop left out)."""
    return [a for a in game.legal_actions() if a.kind != "stop"]


def first_legal(game: DiabloGame, wanted: list[Action]) -> Action:
    """The first of ``wanted`` the engine allows (fold always is, when betting)."""
    for action in wanted:
        if game.can(action):
            return action
    return legal_choices(game)[0]


class RandomPlayer:
    level = "random"

    def __init__(self, seat: int, rng: random.Random, game: str, rules: dict[str, Any]) -> None:
        self.seat, self.rng, self.game, self.rules = seat, rng, game, rules

    def act(self, game: DiabloGame) -> Action:
        return self.rng.choice(legal_choices(game))


class SimplePlayer(RandomPlayer):
    level = "simple"

    def act(self, game: DiabloGame) -> Action:
        if game.phase == "draw":
            return self.draw(game)
        if game.phase == "declare":
            return self.declare(game)
        return self.bet(game, self.kind(game))

    def kind(self, game: DiabloGame) -> int:
        return hand_strength(game.hands[self.seat], game.rules.ruleset) // CATEGORY

    def bet(self, game: DiabloGame, kind: int) -> Action:
        """Bet or raise with a hand of the kind the round's line asks, call with one the line
        calls with, else check, or fold to a bet."""
        name, facing = game.names[self.seat], game.current_bet > game.round_bets[self.seat]
        raise_from, call_from = SIMPLE_LINES[(game.betting_round, facing)]
        low, _ = game.rules.limits(game.betting_round)
        wanted: list[Action] = []
        if kind >= raise_from:
            wanted += [Action(player=name, kind="raise", amount=game.current_bet + low),
                       Action(player=name, kind="bet", amount=low)]
        deuce = game.betting_round == 1 and any(c.value == 2 for c in game.hands[self.seat])
        if kind >= raise_from or (call_from is not None and (kind >= call_from or deuce)):
            wanted.append(Action(player=name, kind="call"))
        wanted += [Action(player=name, kind="check"), Action(player=name, kind="fold")]
        return first_legal(game, wanted)

    def draw(self, game: DiabloGame) -> Action:
        name = game.names[self.seat]
        hand = list(game.hands[self.seat])
        discard = card_discard(hand)
        if game.rules.bigger_draw:
            kept = bigger_draw_hold([c for c in hand if c not in discard])
            discard = tuple(c for c in hand if c not in kept)
        action = Action(player=name, kind="discard", cards=discard) if discard else Action(player=name, kind="pat")
        return first_legal(game, [action, Action(player=name, kind="pat")])

    def declare(self, game: DiabloGame) -> Action:
        """Under "Declare your hand": the kind of hand the cards make."""
        kind = KINDS[self.kind(game)]
        name = game.names[self.seat]
        return first_legal(game, [Action(player=name, kind="declare", category=kind)])


def card_discard(hand: list) -> tuple:
    """The cards the strategy card throws from ``hand``: the hold of the first line of the
    card the hand fits, with its tie-break (keep no card of a rank thrown away, then the
    kicker rule, then the highest cards; a deuce counts lowest), unless one of the line's
    exceptions applies, as ``oracle chart lookup`` follows the card."""
    from oracle.charts.card import card_hold
    from oracle.charts.patterns import hold_pattern

    from .diablo_card import LINES
    from .diablo_card_exceptions import EXCEPTIONS

    discards = [discard for throw in range(3) for discard in combinations(hand, throw)]
    kept = [[c for c in hand if c not in discard] for discard in discards]
    lines = [{"rank": rank, "pattern": text, "items": items,
              "exceptions": [{"when": when, "hold": hold} for when, hold in EXCEPTIONS.get(rank, ())]}
             for rank, (text, items) in enumerate(LINES, start=1)]
    try:
        index, _ = card_hold([" ".join(map(str, k)) for k in kept], [hold_pattern(k) for k in kept],
                             [0.0] * len(kept), lines)
    except ValueError:  # a hand the card has no line for stands pat
        return ()
    return tuple(discards[index])


def bigger_draw_hold(kept: list) -> list:
    """Under the Bigger draw variant ("players may swap up to three cards (four if the one
    kept is an Ace)", Diablo: Variants), the card's hold of three cards gives way to a
    smaller one: a pair alone (no deuce kept); of three unpaired cards, an Ace alone, else
    the two highest; a deuce and two unpaired cards, the deuce and the higher card. Any other
    hold is kept. (Measured against the exact best swap under the bigger draw in
    docs/simulate.md.)"""
    if len(kept) != 3:
        return kept
    naturals = sorted((c for c in kept if c.rank is not Rank.TWO), key=lambda c: c.value, reverse=True)
    deuces = [c for c in kept if c.rank is Rank.TWO]
    ranks = [c.rank for c in naturals]
    if len(set(ranks)) < len(ranks):
        return kept if deuces else [c for c in naturals if ranks.count(c.rank) > 1]
    if len(deuces) == 1:
        return deuces + naturals[:1]
    if deuces:
        return kept
    return naturals[:1] if naturals[0].rank is Rank.ACE else naturals[:2]


def __getattr__(name: str) -> Any:
    if name == "StrongPlayer":
        from .diablo_strong import StrongPlayer

        return StrongPlayer
    raise AttributeError(name)
