"""Hell of a Deal: the game's declared facts, the round's table state, and the effects every
action shares (Temptation suffered, Curses gained, healing, cards joining a hand, the loss
check). Pure rules without state live in ``hod_rules``; this module only applies them to a
``HodState``."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from oracle.cards import Card, Rank, full_deck
from oracle.errors import IllegalActionError
from oracle.games.hod_bosses import Boss
from oracle.games.hod_favors import Favor
from oracle.games.hod_rules import (
    CHIPS,
    ChipBet,
    blackjack_total,
    gain_curses,
    heal_temptation,
    healing_floor,
    players_at_max,
    split_temptation,
    team_lost_to_temptation,
    temptation_room,
)
from oracle.registry import RuleOption

# ---------------------------------------------------------------------------------------
# Declared facts.

SLUG = "hell-of-a-deal"
STREETS = ("flop", "turn", "river")
STREET_CARDS = {"flop": 3, "turn": 1, "river": 1}
BOARD_SIZE = {"deal": 0, "preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}
MAX_FAVORS = 3

OPTIONS = (
    RuleOption("boss_tie_prefers", "default",
               "when the Boss's cards tie his default hand on its listed cards, which he plays",
               choices=("default", "cards")),
    RuleOption("demona_per_heart", False,
               "Demona's ability triggers once per heart dealt, not once per street with a heart"),
)

# ---------------------------------------------------------------------------------------
# State.


@dataclass
class PlayerState:
    name: str
    hand: list[Card] = field(default_factory=list)
    revealed: list[Card] = field(default_factory=list)
    temptation: int = 0
    bets: list[ChipBet] = field(default_factory=list)
    folded: bool = False
    curses_active: int = 0
    curses_face_down: int = 0
    favors: list[str] = field(default_factory=list)
    favors_played: list[str] = field(default_factory=list)
    extra_hand_cards: int = 0
    wild_ranks: set[Rank] = field(default_factory=set)
    extra_chips: int = 0  # Double Down: chips that may be bet over the one per turn
    double_bet: bool = False  # Demona: may bet two chips on the next bet
    looked: list[Card] = field(default_factory=list)  # "Look at 2 Cards, Keep 1"
    tolls_paid: int | None = None

    def chips_left(self) -> dict[str, int]:
        left = {name: chip.count for name, chip in CHIPS.items()}
        for bet in self.bets:
            left[bet.chip] -= 1
        return left

    @property
    def curses(self) -> int:
        return self.curses_active + self.curses_face_down


@dataclass
class Pending:
    """One awaited step: ``kind`` is deal_player, deal_boss, deal_toll, deal_street,
    stack, demona, keep, favor_draw, favor_discard, toll, boss_hit, bones."""

    kind: str
    player: str | None = None
    count: int = 0
    street: str | None = None

    @property
    def deal_target(self) -> str | None:
        """What a deal step's line names after "deal" (a player, Boss, toll, or the street);
        ``None`` for a step that is not a deal."""
        return {"deal_player": self.player, "deal_boss": "Boss", "boss_hit": "Boss",
                "deal_toll": "toll", "deal_street": self.street}.get(self.kind)


@dataclass
class HodState:
    players: list[PlayerState]
    boss: Boss
    rules: dict[str, Any]
    bosses: dict[str, Boss]
    favors: dict[str, Favor]
    boss_deck: list[str] = field(default_factory=list)
    boss_hole: list[Card] = field(default_factory=list)
    boss_revealed: list[Card] = field(default_factory=list)
    tolls: list[Card] = field(default_factory=list)
    board: list[Card] = field(default_factory=list)
    stacks: dict[Card, Card] = field(default_factory=dict)
    discard: list[Card] = field(default_factory=list)
    souls: int = 0
    dealer: int = 0
    phase: str = "deal"
    to_act: str | None = None
    bet_this_turn: int = 0
    turn_order_done: list[str] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    assign_overflow: int = 0
    offerings_used: set[str] = field(default_factory=set)
    round_number: int = 1
    status: str = "going on"
    reason: str = ""
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    beaten_bosses: list[str] = field(default_factory=list)
    before_showdown: dict[str, Any] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    rng_seed: int | None = None

    # -- lookups --------------------------------------------------------------------
    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise IllegalActionError(f"{name!r} is not a player (players: {', '.join(self.names)})")

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def turn_order(self) -> list[PlayerState]:
        """"play begins with the player to the left of the Dealer Button, then proceeds
        clockwise" (seats are listed clockwise)."""
        n = len(self.players)
        return [self.players[(self.dealer + 1 + i) % n] for i in range(n)]

    def community(self) -> list[Card]:
        """Board cards and Jack Potts's stacked cards ("Added cards are legal Community
        cards")."""
        return [*self.board, *self.stacks.values()]

    def levels(self) -> dict[str, int]:
        return {p.name: p.temptation for p in self.players}

    def seen_cards(self) -> list[Card]:
        cards = [*self.boss_hole, *self.tolls, *self.board, *self.stacks.values(), *self.discard]
        for p in self.players:
            cards.extend(p.hand)
            cards.extend(p.looked)
        return cards

    def stock(self) -> list[Card]:
        seen = set(self.seen_cards())
        return [c for c in full_deck() if c not in seen]

    def copy(self) -> "HodState":
        """A copy sharing only immutable parts (cards, Bosses, Favors, rules)."""
        players = [
            replace(p, hand=list(p.hand), revealed=list(p.revealed), bets=list(p.bets),
                    favors=list(p.favors), favors_played=list(p.favors_played),
                    wild_ranks=set(p.wild_ranks), looked=list(p.looked))
            for p in self.players
        ]
        return replace(
            self, players=players, boss_deck=list(self.boss_deck), boss_hole=list(self.boss_hole),
            boss_revealed=list(self.boss_revealed), tolls=list(self.tolls), board=list(self.board),
            stacks=dict(self.stacks), discard=list(self.discard), turn_order_done=list(self.turn_order_done),
            pending=[replace(i) for i in self.pending], offerings_used=set(self.offerings_used),
            results=copy.deepcopy(self.results), beaten_bosses=list(self.beaten_bosses),
            before_showdown=copy.deepcopy(self.before_showdown), log=list(self.log),
        )


# ---------------------------------------------------------------------------------------
# Effects shared by many actions: Temptation, Curses, Souls, cards into a hand.


def suffer(state: HodState, name: str, amount: int, why: str) -> None:
    """Temptation to ``name``; what passes 10 waits for the team's assignment ("the
    Temptation must be suffered by another player")."""
    if amount <= 0:
        return
    p = state.player(name)
    taken, overflow = split_temptation(p.temptation, amount)
    p.temptation += taken
    state.log.append(f"{name} suffers {amount} Temptation ({why})")
    if overflow and any(temptation_room(o.temptation) for o in state.players):
        # "the Temptation must be suffered by another player"; with nobody below 10 (a lone
        # player) there is no one to take it and nothing waits for an assignment.
        state.assign_overflow += overflow
    check_loss(state)


def gain_curse(state: HodState, name: str, count: int, why: str) -> None:
    p = state.player(name)
    p.curses_face_down, excess = gain_curses(p.curses_active, p.curses_face_down, count)
    state.log.append(f"{name} gains {count} Curse(s) ({why})")
    if excess:
        suffer(state, name, excess, "a Curse beyond three becomes a Temptation")


def heal(state: HodState, target: str, amount: int, why: str) -> str:
    p = state.player(target)
    if state.boss.no_healing:
        return f"no healing against {state.boss.name}: 'Players cannot heal Temptation.'"
    before = p.temptation
    p.temptation = heal_temptation(p.temptation, amount)
    if p.temptation == before:
        if healing_floor(before):
            return f"{target} stays at {before}: a Flame Barrier holds"
        return f"{target} stays at {before}: no Temptation to heal"
    state.log.append(f"{target} heals {before - p.temptation} ({why})")
    return f"{target} heals from {before} to {p.temptation}"


def add_to_hand(state: HodState, name: str, cards: Sequence[Card], revealed: bool = False) -> None:
    p = state.player(name)
    p.hand.extend(cards)
    if revealed or state.boss.player_cards_face_up:
        p.revealed.extend(cards)
    if state.boss.blackjack and cards:
        blackjack_check(state, name)


def blackjack_check(state: HodState, name: str) -> None:
    """Red Jack: "If at anytime your hand totals over 21, suffer a Temptation & draw a Curse.
    At exactly 21, you earn 1 Soul." Checked each time cards join the hand ("only when you add
    the kept card to your hand")."""
    total = blackjack_total(state.player(name).hand)
    if total > 21:
        suffer(state, name, 1, f"Red Jack: hand totals {total}")
        gain_curse(state, name, 1, f"Red Jack: hand totals {total}")
    elif total == 21:
        state.souls += 1
        state.log.append(f"{name} totals 21: the team earns a Soul")


def check_loss(state: HodState) -> None:
    if state.status != "going on":
        return
    if team_lost_to_temptation(state.levels()):
        at_max = players_at_max(state.levels())
        state.status, state.reason = "lost", (
            f"{' and '.join(at_max)} are at 10 Temptation: 'Two or more players reach the 10th "
            "space on the Temptation Track.'"
        )
