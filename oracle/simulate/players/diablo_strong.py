"""The strong Diablo player: it plays by the exact equity of its hand, from the ``best-swap``
solver in the ``diablo-draw`` chart's model (one unknown opponent dealt five cards from the
rest of the deck, who does not draw; every draw and every opponent hand counted).

- The draw: the solver's best discard.
- Opening, under the Diablo rule: it opens only when the best discard's equity against
  everyone still in (taken as the equity against one, raised to their number) is over an even
  chance, since an opener who loses pays the pot again.
- Every other bet, call, raise and fold: the simple player's lines of hand kinds (an equity
  against one unknown hand says little of a hand that has called or raised).

The solver counts from tables of the whole deck that each process builds once (about ten
seconds), then takes some milliseconds a hand.
"""

from __future__ import annotations

import math
from functools import lru_cache

from oracle.games.diablo import Action, DiabloGame

from .diablo import SimplePlayer, first_legal



@lru_cache(maxsize=4096)
def _equities(hand: tuple) -> tuple[tuple, float, float]:
    """(the best discard, its equity, standing pat's equity) of a five-card hand."""
    from oracle.solve.exact.draw import Opponent, best_swap

    answer = best_swap(hand, opponents=[Opponent(name="opponent", known=(), unknown=5)], deck_tables=True,
                       exact_seconds=math.inf)
    best = answer["best"]
    pat = next(c for c in answer["choices"] if c["draw"] == 0)
    return tuple(c for c in hand if str(c) in best["discard"].split()), best["equity"], pat["equity"]


class StrongPlayer(SimplePlayer):
    level = "strong"

    def act(self, game: DiabloGame) -> Action:
        if self.rules.get("wild_may_copy") or self.rules.get("bigger_draw"):
            return super().act(game)  # the solver's model is the rulebook's draw and ranking
        if game.phase == "draw":
            discard = _equities(tuple(game.hands[self.seat]))[0]
            name = game.names[self.seat]
            wanted = Action(player=name, kind="discard", cards=discard) if discard else Action(player=name, kind="pat")
            return first_legal(game, [wanted, Action(player=name, kind="pat")])
        if game.phase == "declare":
            return self.declare(game)
        return self.bet_by_equity(game)

    def equity(self, game: DiabloGame) -> float:
        _, best, pat = _equities(tuple(game.hands[self.seat]))
        single = best if game.betting_round == 1 else pat
        others = sum(1 for i in range(game.n) if i != self.seat and game.in_hand[i])
        return single ** max(1, others)

    def bet_by_equity(self, game: DiabloGame) -> Action:
        """Open only with the equity to win the pot against everyone still in; otherwise the
        simple player's lines of hand kinds."""
        facing = game.current_bet > game.round_bets[self.seat]
        opening = game.betting_round == 1 and game.opener is None and not facing
        if opening and game.rules.diablo_rule:
            name = game.names[self.seat]
            low, _ = game.rules.limits(1)
            if self.equity(game) > 0.5:
                return first_legal(game, [Action(player=name, kind="bet", amount=low), Action(player=name, kind="check")])
            return first_legal(game, [Action(player=name, kind="check")])
        return self.bet(game, self.kind(game))
