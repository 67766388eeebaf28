"""The strong Diablo player: it draws by the shipped ``diablo-equilibrium`` table for the number
of opponents still in (one to three; more are played as three), and bets by its hand's equity
against opponents who draw by that same table.

- The draw: the table's best reply to the equilibrium (the hold that wins most against
  opponents who draw as the equilibrium does), suits named as dealt.
- Its equity, the share of the pot it expects: before anyone has bet, the table's equity of
  that best reply against the opponents still in (every one of them staying in); after a bet
  or the draw, ``sampled_equity``: each opponent still in is dealt five unseen cards, throws
  what the equilibrium throws and draws what the table saw it draw, the opener holding three
  of a kind or better as dealt (the rulebook's tip for openers), 200 seeded deals.
- It opens (under the Diablo rule) from 40% (an equity against everyone staying in; some
  fold), bets from 50% and raises from 65%; facing a bet it calls from the larger of the pot
  odds and a fair share, and an opener facing a raise calls from the pot odds of what it would
  otherwise pay again (an opener who folds pays the pot anyway).
- Under the bigger draw or ``wild_may_copy``, whose draws and rankings the tables do not
  model, or where the tables are not found, it plays as the simple player.

The tables are read once a process (a second or two each).
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

from oracle.games.diablo import Action, DiabloGame

from .diablo import CATEGORY, TRIPS, SimplePlayer, first_legal

# The equilibrium tables ``oracle chart diablo-equilibrium`` made for one to three opponents.
TABLES = Path(__file__).resolve().parents[3] / "docs" / "charts"
MAX_OPPONENTS = 3
OPEN_FROM = 0.4  # open from this equity under the Diablo rule (an opener who loses pays again)
BET_FROM = 0.5  # bet (no opening) from this equity
RAISE_FROM = 0.65  # raise from this equity
DEALS = 200
OPENER_TRIES = 200  # deals tried for an opener's hand of three of a kind or better


def table_folder(opponents: int) -> Path:
    return TABLES / f"diablo-equilibrium-{max(1, min(MAX_OPPONENTS, opponents))}"


@lru_cache(maxsize=MAX_OPPONENTS)
def _table(opponents: int) -> dict[str, tuple[str, float]] | None:
    """Each hand class's best reply to the equilibrium and its equity; None without the table."""
    from oracle.charts.store import read_table

    path = table_folder(opponents) / "diablo-equilibrium.parquet"
    if not path.exists():
        return None
    rows = read_table(path, columns=["hand", "best_reply", "best_reply_equity"]).to_pydict()
    return dict(zip(rows["hand"], zip(rows["best_reply"], rows["best_reply_equity"])))


@lru_cache(maxsize=MAX_OPPONENTS)
def _strategy(opponents: int):
    from oracle.solve.exact.draw_opponents import ChartStrategy

    return ChartStrategy(table_folder(opponents))


@lru_cache(maxsize=8192)
def best_reply(hand: tuple, opponents: int) -> tuple[tuple, float] | None:
    """(the cards the best reply throws, its equity) for five cards against ``opponents``."""
    from oracle.cards import format_cards, parse_cards
    from oracle.charts.symmetry import canonical, inverse, rename

    table = _table(max(1, min(MAX_OPPONENTS, opponents)))
    if table is None:
        return None
    cards, renaming = canonical(hand)
    thrown, equity = table[format_cards(cards)]
    out = set(rename(parse_cards(thrown), inverse(renaming))) if thrown else set()
    return tuple(c for c in hand if c in out), equity


def sampled_equity(hand: tuple, throw: tuple, dead: tuple, drew: tuple, opener: int | None,
                   rng: random.Random) -> float:
    """The share of the pot ``hand`` expects, throwing ``throw`` and drawing as many, against
    opponents each dealt five unseen cards who throw what the equilibrium of their number throws
    and draw ``drew[k]`` cards (None: not seen yet); opponent ``opener`` (if any) holds three of
    a kind or better as dealt, as the rulebook's tips advise an opener. Ties are shared."""
    from oracle.cards import full_deck
    from oracle.eval import DIABLO, strength_of_codes

    seen = {c.code for c in (*hand, *dead)}
    codes = [c.code for c in full_deck() if c.code not in seen]
    kept = tuple(c.code for c in hand if c not in throw)
    strategy = _strategy(len(drew))
    share = 0.0
    for _ in range(DEALS):
        left = list(codes)
        rng.shuffle(left)
        strengths = []
        for k, seen_draw in enumerate(drew):
            dealt, thrown = strategy.deal(rng, seen_draw, set(left))
            for _ in range(OPENER_TRIES if k == opener else 0):
                if strength_of_codes(dealt, DIABLO) // CATEGORY >= TRIPS:
                    break
                dealt, thrown = strategy.deal(rng, seen_draw, set(left))
            for card in dealt:
                left.remove(card)
            strengths.append(strength_of_codes(tuple(c for c in dealt if c not in thrown) + tuple(left[:len(thrown)]),
                                               DIABLO))
            del left[:len(thrown)]
        mine = strength_of_codes(kept + tuple(left[:len(throw)]), DIABLO)
        best = max(strengths)
        if mine > best:
            share += 1
        elif mine == best:
            share += 1 / (1 + sum(1 for x in strengths if x == best))
    return share / DEALS


class StrongPlayer(SimplePlayer):
    level = "strong"

    def __init__(self, seat: int, rng: random.Random, game: str, rules: dict) -> None:
        super().__init__(seat, rng, game, rules)
        self.deals_seed = rng.randrange(1 << 30)

    def act(self, game: DiabloGame) -> Action:
        if self.rules.get("wild_may_copy") or self.rules.get("bigger_draw") or _table(1) is None:
            return super().act(game)  # the tables' model is the rulebook's draw and ranking
        if game.phase == "draw":
            discard, _ = best_reply(tuple(game.hands[self.seat]), self.opponents(game))
            name = game.names[self.seat]
            wanted = Action(player=name, kind="discard", cards=discard) if discard else Action(player=name, kind="pat")
            return first_legal(game, [wanted, Action(player=name, kind="pat")])
        if game.phase == "declare":
            return self.declare(game)
        return self.bet_by_equity(game)

    def opponents(self, game: DiabloGame) -> int:
        return sum(1 for i in range(game.n) if i != self.seat and game.in_hand[i])

    def equity(self, game: DiabloGame) -> float:
        """Before anyone bets in the first round, the table's equity of its best reply; else the
        sampled equity against the opponents still in (the opener's hand three of a kind or
        better), drawing by the best reply before the draw."""
        hand = tuple(game.hands[self.seat])
        others = [i for i in range(game.n) if i != self.seat and game.in_hand[i]]
        throw, equity = best_reply(hand, len(others))
        if game.betting_round == 1 and game.opener is None:
            return equity
        first = game.betting_round == 1
        drew = tuple(None if first else game.drawn[i] for i in others)
        opener = others.index(game.opener) if game.opener in others else None
        # one seed a hand and round, so asking again (facing a raise) counts the same deals
        seed = hash((self.deals_seed, game.hand_number, game.betting_round)) & 0xFFFFFFFF
        return _sampled(hand, throw if first else (), () if first else tuple(game.own_discards.get(self.seat, ())),
                        drew, opener, seed)

    def bet_by_equity(self, game: DiabloGame) -> Action:
        name, seat = game.names[self.seat], self.seat
        equity, fair = self.equity(game), 1 / (self.opponents(game) + 1)
        first = game.betting_round == 1
        low, _ = game.rules.limits(game.betting_round)
        to_call = game.current_bet - game.round_bets[seat]
        check, fold, call = (Action(player=name, kind=k) for k in ("check", "fold", "call"))
        bet = Action(player=name, kind="bet", amount=low)
        raise_ = Action(player=name, kind="raise", amount=game.current_bet + low)
        if to_call <= 0:
            least = OPEN_FROM if first and game.opener is None and game.rules.diablo_rule else BET_FROM
            return first_legal(game, [bet, check] if equity >= least else [check])
        pot_odds = to_call / (game.pot + to_call)
        if game.opener == seat and game.rules.diablo_rule:
            # Folding, the opener pays the pot again: calling risks the call, not the pot.
            least = to_call / (2 * game.pot + to_call)
        else:
            least = max(pot_odds, fair)
        wanted = [raise_] if equity >= RAISE_FROM else []
        wanted += [call] if equity >= least or wanted else []
        return first_legal(game, [*wanted, fold])


@lru_cache(maxsize=1024)
def _sampled(hand: tuple, throw: tuple, dead: tuple, drew: tuple, opener: int | None, seed: int) -> float:
    return sampled_equity(hand, throw, dead, drew, opener, random.Random(seed))
