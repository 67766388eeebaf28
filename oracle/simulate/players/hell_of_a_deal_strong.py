"""The strong Hell of a Deal player. Souls decide the game at The Big Table (a Soul the team
cannot pay loses it), so it bets for Souls more, and keeps the team's Temptation down:

- its chance to beat the Boss is ``odds`` counted exactly when that takes at most 0.2 s
  (else 10,000 seeded deals), from what this player sees;
- it bets Earn a Soul from a 40% chance to win, and the Wild as a third Earn a Soul (a
  Temptation up front) from 70%;
- from a 50% chance it bets Heal on a player at 7 Temptation or more (the most tempted first);
- otherwise it plays as the simple player, folding only below a 10% chance.
"""

from __future__ import annotations

from oracle.games.hell_of_a_deal import MAX_CURSES, HodState

from .hell_of_a_deal import CURSE_CHIPS, SimplePlayer, _first

SOUL_FROM = 0.4
WILD_FROM = 0.7
HEAL_FROM = 0.5
HEAL_AT = 7
FOLD_BELOW = 0.1


class StrongPlayer(SimplePlayer):
    level = "strong"
    odds = {"method": "auto", "samples": 10_000, "exact_seconds": 0.2}

    def bet(self, state: HodState, legal: list[str], win: float | None) -> str:
        me = self.name(state)
        chance = 0.5 if win is None else win
        tempted = sorted((p for p in state.players if p.temptation >= HEAL_AT), key=lambda p: -p.temptation)
        wanted = []
        if chance >= HEAL_FROM:
            wanted += [f"{me} bets Heal on {p.name}" for p in tempted]
        if chance >= SOUL_FROM:
            wanted.append(f"{me} bets Earn a Soul")
        if chance >= WILD_FROM:
            wanted.append(f"{me} bets Wild as Earn a Soul")
        if state.players[self.seat].curses < MAX_CURSES:
            wanted += [line for chip in CURSE_CHIPS for line in legal if line.startswith(f"{me} bets {chip}")]
        if chance >= FOLD_BELOW:
            wanted += [f"{me} bets Earn a Soul", *(f"{me} bets Heal on {p.name}" for p in state.players)]
            wanted += [line for line in legal if line.startswith(f"{me} bets Devilish Offering: reveal")]
        wanted.append(f"{me} folds")
        return _first(legal, wanted)
