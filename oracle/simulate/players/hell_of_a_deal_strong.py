"""The strong Hell of a Deal player. Souls decide the game at The Big Table (a Soul the team
cannot pay loses it), but only Souls that reach it count (``souls_count``): against the first
Minions it plays for Temptation and Curses (Earn a Soul from a 60% chance, no Wild, no Double
Down, no Devilish Offering, an Instant only to save chips whose loss costs more than its
Price); from the last Minion on it bets for Souls and cheats with the Favors and Offerings it
has, as below. It risks no chip or Price that would leave it above ``CEILING`` Temptation if
all it bet this round were lost. Every choice is one of the engine's legal lines.

- Its chance to beat the Boss is ``odds`` counted exactly when that takes at most 0.1 s (else
  3,000 seeded deals), from what this player sees.
- Before its chip on the Flop, Turn or River, while its chance is under 40% and a lost
  Offering chip (2 Temptation) leaves it below 10, it bets the Devilish Offering that helps
  most: the swap ``team-swap`` finds (it as the one who swaps, a partner's face-up card, on the
  team's expected Souls), when it adds a third of a Soul or more; the card from the discard
  pile ``offering-choice`` finds best, when it adds 15 points to its chance; else, under a 30%
  chance, Look at 2 Cards, Keep 1, keeping the card ``offering-choice`` finds best.
- Otherwise its chip: Heal on a player at 7 Temptation or more from a 50% chance, Earn a Soul
  from 40%, the Wild as a third Earn a Soul (a Temptation up front) from 70%; else as the
  simple player, folding only below 10%.
- After its chip, the Favors it holds that are played on its turn: one that gives a chip more
  (Double Down) from a 60% chance while it has an Earn a Soul chip to bet with it; one that
  changes its hand (an extra hand card, a wild value) when ``odds`` after it, applied by the
  engine on a copy of the table, adds 15 points; a heal on a player at 7 or more; one that
  draws cards under a 30% chance; one that turns up a Boss card when it costs nothing. A chip
  more the rules allow (Double Down, Demona's second chip) goes on Earn a Soul from 40%.
- At the showdown, before the hands are revealed, an Instant Favor (Up Your Sleeve) when
  ``odds`` after it adds 10 points to its chance; every Favor only at a price that leaves it
  below 10 Temptation.
- The team's Temptation over 10 goes where ``temptation-assignment`` (CP-SAT) places it.

Each solver call has a time limit of its own (``SOLVER_SECONDS``), so a game stays fast.
``team-swap`` plans on the hands of every player still in: the two players who swap each
know their own cards, and the partner's card is one they have turned face up.
"""

from __future__ import annotations

from typing import Any

from oracle.errors import OracleError
from oracle.games.hell_of_a_deal import CHIPS, MAX_CURSES, ChipBet, HodState, healing_floor, parse_action, settle_bets

from .hell_of_a_deal import CURSE_CHIPS, HAND_FAVORS, SimplePlayer, _first

SOUL_FROM = 0.4
EARLY_SOUL_FROM = 0.6  # ... before Souls count (see ``souls_count``)
WILD_FROM = 0.7
HEAL_FROM = 0.5
HEAL_AT = 7
FOLD_BELOW = 0.1
DOUBLE_FROM = 0.6  # play a Favor that gives a chip more from this chance
FAVOR_GAIN = 0.15  # play a Favor that changes the hand on its turn when it adds this much
INSTANT_GAIN = 0.1  # ... and at the showdown
DRAW_BELOW = 0.3  # play a Favor that draws cards below this chance
OFFER_BELOW = 0.4  # bet a Devilish Offering that improves the hand below this chance
SWAP_SOULS = 1 / 3  # a swap must add this many expected Souls to the team
TAKE_GAIN = 0.15  # the card from the discard pile must add this much to the chance
LOOK_BELOW = 0.3  # look at 2 cards below this chance
# The most Temptation a player risks: what it would stand at if every chip it has bet this
# round lost (and every Price it pays). Temptation never heals past a Flame Barrier, and a
# second player at 10 loses the game, so the Minions' rounds keep a margin for The Big Table.
CEILING = 8
CEILING_BIG_TABLE = 9
SOLVER_SECONDS = 0.3  # each solver call's time limit
SOLVER_ODDS = {"method": "auto", "samples": 1_000, "exact_seconds": 0.05}


class StrongPlayer(SimplePlayer):
    level = "strong"
    odds = {"method": "auto", "samples": 3_000, "exact_seconds": 0.1}

    def act(self, state: HodState, legal: list[str]) -> str:
        step = _step(state)
        if step == "bet" and state.bet_this_turn:
            return self.after_bet(state, legal)
        if step == "keep":
            return self.keep(state, legal)
        if step == "demona":
            return self.demona(state, legal)
        return super().act(state, legal)

    def solve(self, state: HodState, kind: str, *, odds: bool = True, **params: Any) -> dict[str, Any] | None:
        """A solver's answer within ``SOLVER_SECONDS`` (``odds``: one that counts odds, with
        ``SOLVER_ODDS``); None when it cannot answer here."""
        from oracle.simulate.ask import ask

        if odds:
            params.update(SOLVER_ODDS, seed=self.rng.randrange(1 << 32))
        try:
            return ask(self.game, state, self.rules, kind, time_limit=SOLVER_SECONDS, **params).answer
        except OracleError:
            return None

    def bet(self, state: HodState, legal: list[str], win: float | None) -> str:
        chance = 0.5 if win is None else win
        offering = self.offering(state, legal, chance) if win is not None else None
        return offering or self.chip(state, legal, chance)

    def chip(self, state: HodState, legal: list[str], chance: float) -> str:
        me = self.name(state)
        tempted = sorted((p for p in state.players if p.temptation >= HEAL_AT), key=lambda p: -p.temptation)
        wanted = []
        if chance >= HEAL_FROM:
            wanted += [f"{me} bets Heal on {p.name}" for p in tempted]
        if chance >= (SOUL_FROM if souls_count(state) else EARLY_SOUL_FROM):
            wanted.append(f"{me} bets Earn a Soul")
        if chance >= WILD_FROM and souls_count(state):
            wanted.append(f"{me} bets Wild as Earn a Soul")
        if state.players[self.seat].curses < MAX_CURSES:
            wanted += [line for chip in CURSE_CHIPS for line in legal if line.startswith(f"{me} bets {chip}")]
        if chance >= FOLD_BELOW:
            wanted += [f"{me} bets Earn a Soul", *(f"{me} bets Heal on {p.name}" for p in state.players)]
            wanted += [line for line in legal if line.startswith(f"{me} bets Devilish Offering: reveal")]
        wanted = [line for line in wanted if self.risk_ok(state, line)]
        wanted.append(f"{me} folds")
        return _first(legal, wanted)

    def risk_ok(self, state: HodState, line: str) -> bool:
        """Whether the player stays within its ceiling (``CEILING``) if everything it has bet
        this round, with ``line`` (a chip bet or a Favor's Price), is lost."""
        me = state.players[self.seat]
        action = parse_action(line)
        bets, up_front, curses = list(me.bets), 0, 0
        if action.kind == "bet":
            bets.append(ChipBet(chip=action.chip, acts_as=action.acts_as))
            up_front = CHIPS[action.chip].temptation_up_front
        elif action.kind == "play":
            favor = state.favors[action.favor]
            up_front = favor.price_amount if favor.price == "temptation" else 0
            curses = (favor.price_amount if favor.price == "curse" else 0) + (1 if state.boss.curse_per_favor else 0)
        elif action.kind == "demona":
            up_front = 1
        lost = settle_bets("lose", bets)
        worst = me.temptation + up_front + lost.temptation + max(0, me.curses + curses + lost.curses - MAX_CURSES)
        return worst <= (CEILING_BIG_TABLE if state.boss.big_table else CEILING)

    def offering(self, state: HodState, legal: list[str], chance: float) -> str | None:
        """The Devilish Offering that improves this hand, bet as its chip, or None."""
        me = state.players[self.seat]
        offer = f"{me.name} bets Devilish Offering: "
        if (state.phase == "preflop" or chance >= OFFER_BELOW or not souls_count(state)
                or not any(line.startswith(offer) for line in legal)
                or not self.risk_ok(state, offer + "look at 2, keep 1")):
            return None
        line = self.swap(state, legal, offer)
        if line is None and any(line.startswith(offer + "take ") for line in legal):
            answer = self.solve(state, "offering-choice", player=me.name, offering="discard", view=me.name)
            if answer is not None:
                best = next(o for o in answer["options"] if o["take"] == answer["take"])
                if best["odds"]["win"] - chance >= TAKE_GAIN:
                    line = f"{offer}take {answer['take']} from the discard pile"
        if line is None and chance < LOOK_BELOW:
            line = f"{offer}look at 2, keep 1"
        return line if line in legal else None

    def swap(self, state: HodState, legal: list[str], offer: str) -> str | None:
        """The swap ``team-swap`` plans with this player as the one who swaps and a partner's
        face-up card, when it adds ``SWAP_SOULS`` to the team's expected Souls."""
        me = self.name(state)
        if not any(line.startswith(offer + "swap ") for line in legal):
            return None
        partners = [p.name for p in state.players if p.name != me and not p.folded and p.revealed]
        if not partners:
            return None
        answer = self.solve(state, "team-swap", by=[me], willing=[me, *partners], only_revealed=True)
        if not answer or not answer["swaps"]:
            return None
        gained = (answer["winners_after"] - answer["winners_before"] if answer["boss_known"]
                  else answer["expected_souls_after"] - answer["expected_souls_before"])
        swap = answer["swaps"][0]
        if gained < SWAP_SOULS or swap["by"] != me:
            return None
        return f"{offer}swap {swap['gives']} with {swap['partner']}'s {swap['takes']}"

    def demona(self, state: HodState, legal: list[str]) -> str:
        """Demona's heart: suffer the Temptation from a 10% chance, within its ceiling."""
        me = self.name(state)
        win = self.win_chance(state)
        stay = (win is None or win >= FOLD_BELOW) and self.risk_ok(state, f"{me} suffers a Temptation")
        return _first(legal, [f"{me} suffers a Temptation" if stay else f"{me} folds"])

    def showdown(self, state: HodState, legal: list[str]) -> str | None:
        """An Instant that wins the hand, within its ceiling; before Souls reach The Big Table,
        only when the chips it would lose cost more Temptation and Curses than its Price."""
        me = self.name(state)
        if not souls_count(state):
            lost = settle_bets("lose", state.players[self.seat].bets)
            if lost.temptation + lost.curses < 2:
                return None
        return self.best_favor(state, [line for line in legal if self.risk_ok(state, line)
                                       or not line.startswith(f"{me} plays ")], INSTANT_GAIN)

    def keep(self, state: HodState, legal: list[str]) -> str:
        """Of the two cards looked at, the one ``offering-choice`` finds best."""
        me = self.name(state)
        answer = self.solve(state, "offering-choice", player=me, offering="look", view=me)
        return _first(legal, [f"{me} keeps {answer['take']}"] if answer else [])

    def after_bet(self, state: HodState, legal: list[str]) -> str:
        """After its chip: a Favor played on its turn, a chip more the rules allow, or done."""
        me = self.name(state)
        win = self.win_chance(state)
        chance = 0.5 if win is None else win
        line = self.turn_favor(state, legal, chance)
        if line is not None:
            return line
        wanted = []
        if not souls_count(state):
            return _first(legal, [f"{me} is done"])
        if chance >= WILD_FROM:
            wanted.append(f"{me} bets Wild as Earn a Soul")
        if chance >= SOUL_FROM:
            wanted += [f"{me} bets Earn a Soul", f"{me} bets Wild as Earn a Soul"]
        return _first(legal, [*(line for line in wanted if self.risk_ok(state, line)), f"{me} is done"])

    def turn_favor(self, state: HodState, legal: list[str], chance: float) -> str | None:
        """A Favor it holds that is played on its own turn, when it helps (see the module)."""
        me = state.players[self.seat]
        plays = [line for line in legal if line.startswith(f"{me.name} plays ") and self.risk_ok(state, line)]
        turn = [line for line in plays if not state.favors[parse_action(line).favor].instant]
        by_effect: dict[str, list[str]] = {}
        for line in turn:
            by_effect.setdefault(state.favors[parse_action(line).favor].effect, []).append(line)
        left = me.chips_left()
        if (by_effect.get("extra_chip") and chance >= DOUBLE_FROM and souls_count(state)
                and (left["Earn a Soul"] or left["Wild"])):
            return by_effect["extra_chip"][0]
        if any(by_effect.get(effect) for effect in HAND_FAVORS):
            line = self.best_favor(state, turn, FAVOR_GAIN)
            if line is not None:
                return line
        for p in sorted(state.players, key=lambda p: -p.temptation):
            if p.temptation >= HEAL_AT and healing_floor(p.temptation) < p.temptation:
                heals = [line for line in by_effect.get("heal", []) if line.endswith(f" on {p.name}")
                         and state.favors[parse_action(line).favor].price != "temptation"]
                if heals:
                    return heals[0]
        if by_effect.get("draw_cards") and chance < DRAW_BELOW:
            return by_effect["draw_cards"][0]
        free = [line for line in by_effect.get("reveal_boss_card", [])
                if state.favors[parse_action(line).favor].price == "none"]
        return free[0] if free else None

    def assign(self, state: HodState, legal: list[str]) -> str:
        """Where ``temptation-assignment`` places the Temptation over 10 (the simple player's
        choice when it finds no placement among the legal lines)."""
        answer = self.solve(state, "temptation-assignment", odds=False)
        if answer and answer.get("events"):
            totals: dict[str, int] = {}
            for event in answer["events"]:
                for name, amount in event.items():
                    totals[name] = totals.get(name, 0) + amount
            for line in legal:
                if dict(parse_action(line).assignment) == totals:
                    return line
        return super().assign(state, legal)


def souls_count(state: HodState) -> bool:
    """Whether Souls won now reach The Big Table: against Nick Hauss or The Devil Himself, or
    the last Minion before them. Earlier, a Soul won is lost again to the next losing hands
    ("There's no further penalty for losing excess Souls to the first 4 Bosses", Hell of a
    Deal: Collect Penalties & Rewards), and only Temptation and Curses last."""
    if state.boss.big_table:
        return True
    coming = [state.bosses.get(name) for name in state.boss_deck[:1]]
    return bool(coming) and coming[0] is not None and coming[0].big_table


def _step(state: HodState) -> str:
    from oracle.games.hell_of_a_deal import awaiting

    return awaiting(state)["step"]
