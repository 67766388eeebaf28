"""What a plan (Souls paid in tolls, a card swapped, a card taken) does to the whole
settlement, and the order plans are compared in.

A showdown's settlement ("Collect Penalties & Rewards") moves four things the team cares about,
and the solver questions (toll-payment, team-swap, offering-choice) measure each plan by all
of them, in expectation over the deals the odds count:

    game         the chance the team loses the game at this showdown: "Two or more players
                 reach the 10th space on the Temptation Track", or, facing Nick Hauss or The
                 Devil Himself, "the team cannot pay a Soul they have lost"
    souls        the change in the Souls pot: Souls won, the Boss's penalty per losing hand
                 (the pot never goes below 0), Souls paid in tolls
    temptation   the Temptation the team suffers from lost bets (a Curse beyond three included)
    curses       the Curses the team gains from lost bets

By default plans are compared lexicographically in that order: first avoid losing the game,
then the most Souls, then the least Temptation, then the fewest Curses. A question may give
another order, or fewer measures, with ``objective``. The outcomes of all players still in come
from one joint count (``OddsResult.joint_outcomes``), so the chance of losing the game is
exact, not a sum of each player's chances. Folded players lose in every deal; the Bones they
roll afterwards are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from oracle.errors import FieldError, did_you_mean

from ..resolution import settle_bets
from ..rules import TEMPTATION_MAX, gain_curses, pay_souls, split_temptation
from ..state import HodState

MEASURES = ("game", "souls", "temptation", "curses")
DEFAULT_OBJECTIVE = MEASURES


def read_objective(value: Any, path: tuple = ("objective",)) -> tuple[str, ...]:
    """The ``objective`` param: measures in the order they count, each once (default: all
    four, ``game, souls, temptation, curses``)."""
    if value is None:
        return DEFAULT_OBJECTIVE
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise FieldError(path, f"objective is a list of measures in order, from {', '.join(MEASURES)}; got {value!r}")
    for i, item in enumerate(items):
        if item not in MEASURES:
            raise FieldError((*path, i), f"unknown measure {item!r}{did_you_mean(item, MEASURES, 'measures')}")
        if item in items[:i]:
            raise FieldError((*path, i), f"{item} is listed twice")
    return tuple(items)


@dataclass(frozen=True)
class Measures:
    """A plan's settlement in expectation: ``game_lost`` a probability, the others means."""

    game_lost: float
    souls: float
    temptation: float
    curses: float

    def key(self, objective: Sequence[str]) -> tuple[float, ...]:
        """Smaller is better, measure by measure in ``objective``'s order (rounded, so that
        sums of the same probabilities in another order compare equal)."""
        sign = {"game": self.game_lost, "souls": -self.souls, "temptation": self.temptation,
                "curses": self.curses}
        return tuple(round(sign[m], 9) for m in objective)

    def to_json(self) -> dict[str, float]:
        return {"game_lost": round(self.game_lost, 6), "souls": round(self.souls, 6),
                "temptation": round(self.temptation, 6), "curses": round(self.curses, 6)}


def settle(state: HodState, outcomes: Mapping[str, str], paid: Mapping[str, int] | None = None
           ) -> tuple[bool, int, int, int]:
    """One deal's settlement: (team lost, change in the pot, Temptation suffered, Curses
    gained), with ``outcomes`` for the players still in (a player not named pushes: a seat
    the question does not see) and folded players losing. Rewards first, then the chips'
    backs, then the Boss's Souls per losing hand, as the showdown settles them."""
    paid = paid or {}
    pot = state.souls - sum(paid.values())
    levels = state.levels()
    overflow = 0
    temptation = curses = losers = 0
    for p in state.turn_order():
        outcome = "lose" if p.folded else outcomes.get(p.name, "push")
        result = settle_bets(outcome, p.bets)
        pot += result.souls
        if outcome != "lose":
            continue
        losers += 1
        _, excess = gain_curses(p.curses_active, p.curses_face_down, result.curses)
        curses += result.curses - excess
        suffered = result.temptation + excess
        temptation += suffered
        taken, over = split_temptation(levels[p.name], suffered)
        levels[p.name] += taken
        overflow += over
    after, unpaid = pay_souls(pot, state.boss.soul_penalty * losers)
    lost = state.status == "lost" or (unpaid > 0 and state.boss.big_table) or _lost_to_temptation(levels, overflow)
    return lost, after - state.souls, temptation, curses


def _lost_to_temptation(levels: Mapping[str, int], overflow: int) -> bool:
    """Whether two players must be at 10 once the team places ``overflow`` as it likes ("The
    team may assign the Temptation to players however they wish, but all Temptation must be
    taken"): it keeps everyone else below 10 when their room less one each holds it."""
    at_max = sum(1 for level in levels.values() if level >= TEMPTATION_MAX)
    below = [TEMPTATION_MAX - level for level in levels.values() if level < TEMPTATION_MAX]
    if at_max >= 2:
        return True
    return bool(overflow and below and overflow > sum(room - 1 for room in below))


def expected(state: HodState, joint: Sequence[tuple[Mapping[str, str], int]],
             paid: Mapping[str, int] | None = None) -> Measures:
    """The measures over a joint count of outcomes (``OddsResult.joint_outcomes()``)."""
    total = sum(count for _, count in joint)
    if not total:
        return Measures(float(state.status == "lost"), 0.0, 0.0, 0.0)
    lost = souls = temptation = curses = 0.0
    for outcomes, count in joint:
        l, s, t, c = settle(state, outcomes, paid)
        lost += l * count
        souls += s * count
        temptation += t * count
        curses += c * count
    return Measures(lost / total, souls / total, temptation / total, curses / total)


def player_measures(state: HodState, name: str, win: float, push: float, lose: float) -> Measures:
    """One player's own part of the settlement from their chances, with nobody else's result:
    exact and additive across players when the game cannot be lost and the pot cannot run out
    (``additive``), since Temptation and Curses are each player's own."""
    p = state.player(name)
    won, lost = settle_bets("win", p.bets), settle_bets("lose", p.bets)
    _, excess = gain_curses(p.curses_active, p.curses_face_down, lost.curses)
    souls = win * won.souls - lose * state.boss.soul_penalty
    return Measures(0.0, souls, lose * (lost.temptation + excess), lose * (lost.curses - excess))


def additive(state: HodState) -> bool:
    """Whether every plan's settlement is the sum of the players' own parts: the game cannot be
    lost even if every player still in loses (Temptation and the Souls owed only grow with
    more losers), and the pot pays every loser's Souls without running dry."""
    everyone_loses = {p.name: "lose" for p in state.players if not p.folded}
    lost, *_ = settle(state, everyone_loses)
    owed = state.boss.soul_penalty * len(state.players)
    return not lost and state.souls >= owed
