"""Players of Auf Teufel komm raus. A player makes two kinds of decision: the Devil's Bet (a
stake, or a pass) and, while pulling, whether to turn over another piece; which piece comes
is chance, not the player's.

- ``random``: a pass or any stake one piece of coal could win (a multiple of 10 up to the
  largest piece left in the oven, and up to what it owns), each as likely; then draws or
  stops with even chances whenever stopping is allowed. A stake drawn from everything it owns
  loses most rounds (the round's highest haul is about 90 with such pulling), so chips drain
  to the bank faster than the bonuses bring them back and nobody ever reaches the goal.
- ``simple``: pulls by the exact stop policy for the largest haul (the ``stop-policy`` and
  ``draw-or-stop`` solver's: stop once the haul reaches the value left over the devils left
  plus one, or the dynamic program's policy for an oven with pieces below 0); bets a fixed
  stake of 50 (all it has, if less).
- ``strong``: pulls as ``simple``; bets the stake ``bet-advice`` finds best, given that every
  player pulls for the largest haul and not knowing the others' bets (they are simultaneous).
"""

from __future__ import annotations

import random
from typing import Any

from oracle.games.auf_teufel import CHIP_UNIT, RoundState, best_bet

SIMPLE_STAKE = 50
# bet-advice's effort for a strong player's stake: an exact distribution when it needs at
# most MAX_STATES turn evaluations (small ovens late in a game), else SAMPLES seeded rounds.
MAX_STATES = 2_000
SAMPLES = 1_000


class RandomPlayer:
    level = "random"

    def __init__(self, seat: int, rng: random.Random, game: str, rules: dict[str, Any]) -> None:
        self.seat, self.rng, self.game, self.rules = seat, rng, game, rules

    def stake(self, state: RoundState) -> int:
        """A stake (0 to pass): a bet target one piece of coal could reach, each as likely."""
        chips = state.players[self.seat].chips
        oven = state.oven
        largest = max((v for v, c in zip(oven.values, oven.counts) if c and v > 0), default=CHIP_UNIT)
        return self.rng.choice([0, *range(CHIP_UNIT, min(chips, max(largest, CHIP_UNIT)) + 1, CHIP_UNIT)])

    def draws(self, state: RoundState) -> bool:
        """Whether to turn over another piece (asked only when stopping is allowed)."""
        return self.rng.random() < 0.5


class SimplePlayer(RandomPlayer):
    level = "simple"

    def stake(self, state: RoundState) -> int:
        chips = state.players[self.seat].chips
        return min(SIMPLE_STAKE, chips - chips % CHIP_UNIT)

    def draws(self, state: RoundState) -> bool:
        from oracle.solve.exact.highest_haul import TurnPolicy

        me = state.players[self.seat]
        return not TurnPolicy("max-haul").stops(state.turn_start_oven(), state.oven, me.haul)


# The distribution of a round's highest haul, by the oven and the players pulling: the same
# for every strong player of a round, and again for every round from a full oven.
_DISTRIBUTIONS: dict[tuple, dict[int, float]] = {}


class StrongPlayer(SimplePlayer):
    level = "strong"

    def stake(self, state: RoundState) -> int:
        """``bet-advice``'s best stake: the largest expected gain ``P(H >= b) * 2b - P(H < b) *
        b`` (no other bet known, so a winning stake is the highest) over the distribution of
        the round's highest haul H, everyone pulling for the largest haul."""
        chips = state.players[self.seat].chips
        distribution = self._distribution(state)
        gains = {}
        for b in [0, *range(CHIP_UNIT, chips + 1, CHIP_UNIT)]:
            win = sum(p for h, p in distribution.items() if h >= b)
            gains[b] = win * 2 * b - (1 - win) * b
        return best_bet(gains) if distribution else 0

    def _distribution(self, state: RoundState) -> dict[int, float]:
        from oracle.simulate.ask import ask

        key = (state.oven, len(state.players), state.rules["first_pull"])
        found = _DISTRIBUTIONS.get(key)
        if found is None:
            answer = ask(self.game, state, self.rules, "bet-advice", player=state.players[self.seat].name,
                         other_bets={}, max_states=MAX_STATES, samples=SAMPLES)
            found = {row["haul"]: row["probability"] for row in answer.answer["distribution"]}
            if len(_DISTRIBUTIONS) > 512:
                _DISTRIBUTIONS.clear()
            _DISTRIBUTIONS[key] = found
        return found
