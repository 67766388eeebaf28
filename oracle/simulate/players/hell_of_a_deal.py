"""Players of Hell of a Deal, a cooperative game: each seat plays its own hand against the
Boss, and the team decides together where Temptation over 10 goes. A player acts when the
engine awaits it: its bet or fold on each street (then more chips or Favors, or ``is done``),
Demona's choice, the card kept of two looked at, the Favor discarded, the tolls paid, and an
Instant Favor played before the hands are revealed. The cards dealt, the Favors drawn and the
Bones are chance; revealing the hands (once no holder of an Instant plays one) and ending the
round are the dealer's.

Every line a player plays is one of ``legal_actions``: the engine lists what may be played,
and a player only chooses among them.

- ``random``: any legal action, each as likely (the team's assignment too; at the showdown an
  Instant Favor it holds, or none, each as likely).
- ``simple``: bets or folds by its chance to beat the Boss, as ``odds`` gives it from what this
  player sees (its own cards, the board, what is revealed; sampled, 2,000 seeded deals, when
  an exact count would take over 0.05 s). It bets Earn a Soul when it wins at least half the
  time; otherwise a chip whose loss costs only a Curse (Draw a Favor, then Reveal 2 Cards)
  while it holds fewer than three Curses; then, when it wins at least 15% of the time, Earn a
  Soul, Heal (on the player with the most Temptation) or the Devilish Offering that reveals a
  Boss card; else it folds (when the Boss allows it). One chip a street, no extra cards drawn.
  Under Demona it suffers the Temptation when it wins at least 15% of the time, else folds.
  The team puts Temptation over 10 where it leaves the fewest players at 10, then the lowest
  top level. At the showdown it plays an Instant Favor it holds when the Favor, applied by the
  engine on a copy of the table, raises its chance to beat the Boss by 25 points or more and
  its price leaves it below 10 Temptation.
- ``strong``: see ``oracle.simulate.players.hell_of_a_deal_strong``.
"""

from __future__ import annotations

import random
from typing import Any

from oracle.games.hell_of_a_deal import (
    MAX_CURSES,
    TEMPTATION_MAX,
    HodState,
    apply_action,
    awaiting,
    legal_actions,
    parse_action,
)

ODDS = {"method": "auto", "samples": 2000, "exact_seconds": 0.05}
SOUL_FROM = 0.5  # bet Earn a Soul from this chance to win
STAY_FROM = 0.15  # below it, with no Curse chip left, fold (and fold to Demona)
INSTANT_GAIN = 0.25  # play an Instant at the showdown when it adds this much to the chance to win
CURSE_CHIPS = ("Draw a Favor", "Reveal 2 Cards")
# Favors whose play changes the hand a player scores with: weighed by the odds after them.
HAND_FAVORS = ("extra_hand_card", "wild_rank")


class RandomPlayer:
    level = "random"

    def __init__(self, seat: int, rng: random.Random, game: str, rules: dict[str, Any]) -> None:
        self.seat, self.rng, self.game, self.rules = seat, rng, game, rules

    def act(self, state: HodState, legal: list[str]) -> str:
        """The player's line at a step that awaits it."""
        return self.rng.choice(legal)

    def assign(self, state: HodState, legal: list[str]) -> str:
        """The team's assignment of Temptation over 10 (asked of the first seat's player)."""
        return self.rng.choice(legal)

    def showdown(self, state: HodState, legal: list[str]) -> str | None:
        """An Instant Favor played before the hands are revealed, or None."""
        mine = [line for line in legal if line.startswith(f"{state.players[self.seat].name} plays ")]
        return self.rng.choice([None, *mine]) if mine else None


class SimplePlayer(RandomPlayer):
    level = "simple"
    odds = ODDS
    instant_gain = INSTANT_GAIN

    def __init__(self, seat: int, rng: random.Random, game: str, rules: dict[str, Any]) -> None:
        super().__init__(seat, rng, game, rules)
        self._chances: dict[tuple, float | None] = {}  # the chance to win, by what the player sees

    def name(self, state: HodState) -> str:
        return state.players[self.seat].name

    def win_chance(self, state: HodState) -> float | None:
        """This player's chance to beat the Boss as it sees the table; None when the odds are
        not computed for this Boss (Red Jack; Jack Potts before the River)."""
        from oracle.errors import OracleError
        from oracle.simulate.ask import ask

        key = _seen(state, self.seat)
        if key in self._chances:
            return self._chances[key]
        try:
            answer = ask(self.game, state, self.rules, "odds", player=self.name(state),
                         seed=self.rng.randrange(1 << 32), **self.odds)
            chance = answer.answer["players"][self.name(state)]["win"]
        except OracleError:
            chance = None
        if len(self._chances) > 64:
            self._chances.clear()
        self._chances[key] = chance
        return chance

    def act(self, state: HodState, legal: list[str]) -> str:
        step = awaiting(state)["step"]
        me = self.name(state)
        if step == "bet":
            if state.bet_this_turn:
                return _first(legal, [f"{me} is done"])
            return self.bet(state, legal, self.win_chance(state))
        if step == "demona":
            win = self.win_chance(state)
            stay = win is None or win >= STAY_FROM
            return _first(legal, [f"{me} suffers a Temptation" if stay else f"{me} folds"])
        return legal[0]  # the card kept, the Favor discarded, the tolls: the first offered

    def bet(self, state: HodState, legal: list[str], win: float | None) -> str:
        me = self.name(state)
        player = state.players[self.seat]
        likely = win is None or win >= SOUL_FROM
        wanted = [f"{me} bets Earn a Soul"] if likely else []
        if player.curses < MAX_CURSES:
            wanted += [line for chip in CURSE_CHIPS for line in legal if line.startswith(f"{me} bets {chip}")]
        if win is None or win >= STAY_FROM:
            tempted = sorted(state.players, key=lambda p: -p.temptation)
            wanted += [f"{me} bets Earn a Soul", *(f"{me} bets Heal on {p.name}" for p in tempted)]
            wanted += [line for line in legal if line.startswith(f"{me} bets Devilish Offering: reveal")]
        wanted.append(f"{me} folds")
        return _first(legal, wanted)

    def assign(self, state: HodState, legal: list[str]) -> str:
        def after(line: str) -> tuple[int, int]:
            levels = state.levels()
            for name, count in parse_action(line).assignment:
                levels[name] += count
            return sum(1 for v in levels.values() if v >= 10), max(levels.values())

        return min(legal, key=after)

    def showdown(self, state: HodState, legal: list[str]) -> str | None:
        return self.best_favor(state, legal, self.instant_gain)

    def best_favor(self, state: HodState, legal: list[str], gain: float) -> str | None:
        """The Favor play among ``legal`` that most raises this player's chance to beat the
        Boss, when it raises it by ``gain`` or more. Each play is applied by the engine on a
        copy of the table and ``odds`` asked again, so what a Favor does is the engine's."""
        lines = [line for line in legal if line.startswith(f"{self.name(state)} plays ")
                 and state.favors[parse_action(line).favor].effect in HAND_FAVORS
                 and affordable(state, self.seat, line)]
        if not lines:
            return None
        before = self.win_chance(state)
        if before is None:
            return None
        best, line = max((self.win_chance(apply_action(state, line)) or 0.0, line) for line in lines)
        return line if best - before >= gain else None


def _seen(state: HodState, seat: int) -> tuple:
    """What a player's chance to beat the Boss depends on, as the player sees the table: the
    same view is not counted twice (a turn asks before its chip and after it)."""
    me = state.players[seat]
    return (state.round_number, state.boss.name, tuple(state.community()), tuple(me.hand), me.extra_hand_cards,
            tuple(sorted(map(str, me.wild_ranks))), tuple(state.boss_revealed), tuple(state.discard),
            tuple(state.tolls), tuple(c for p in state.players if p is not me for c in p.revealed))


def affordable(state: HodState, seat: int, line: str) -> bool:
    """Whether a Favor's price (and Miss Fortune's Curse for it) leaves the player below 10
    Temptation ("everyone loses the game as soon as a second player has reached the 10th
    space", Hell of a Deal: Temptation); a Curse over three is a Temptation instead."""
    favor = state.favors[parse_action(line).favor]
    me = state.players[seat]
    curses = (favor.price_amount if favor.price == "curse" else 0) + (1 if state.boss.curse_per_favor else 0)
    tempted = (favor.price_amount if favor.price == "temptation" else 0) + max(0, me.curses + curses - MAX_CURSES)
    return me.temptation + tempted < TEMPTATION_MAX


def _first(legal: list[str], wanted: list[str]) -> str:
    """The first of ``wanted`` that is legal, else the first legal line."""
    allowed = set(legal)
    return next((line for line in wanted if line in allowed), legal[0])


def reveal_line(state: HodState, players: list[Any]) -> str:
    """At the showdown's ``reveal hands`` step: the first Instant Favor a holder plays, each
    asked in turn order, else the hands are revealed."""
    legal = legal_actions(state)
    for name in awaiting(state)["instants"]:
        line = players[state.names.index(name)].showdown(state, legal)
        if line is not None and line in legal:
            return line
    return "reveal hands"


def decide(state: HodState, players: list[Any]) -> str:
    """The line of the player (or the team) the engine awaits."""
    wait = awaiting(state)
    legal = legal_actions(state)
    if wait["by"] == "team":
        return players[0].assign(state, legal)
    seat = state.names.index(wait["player"])
    return players[seat].act(state, legal)


def __getattr__(name: str) -> Any:
    if name == "StrongPlayer":
        from .hell_of_a_deal_strong import StrongPlayer

        return StrongPlayer
    raise AttributeError(name)
