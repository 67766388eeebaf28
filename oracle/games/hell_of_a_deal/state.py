"""Hell of a Deal's table as value types: ``HodState`` (the round's table: Boss, board, cards,
Souls, what is awaited), ``PlayerState`` (a seat: hand, tracks, Bet area, Favors) and
``Pending`` (one awaited step). Lookups and copying only: the rules are played on a state by
``effects``, ``round``, ``engine`` and ``resolution``."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from oracle.cards import Card, Rank, full_deck
from oracle.errors import IllegalActionError, did_you_mean

from .rules import CHIPS, Boss, ChipBet, Favor

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
    stack, demona, keep, favor_draw, favor_discard, toll, boss_hit, bones, reveal."""

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
        raise IllegalActionError(f"{name!r} is not a player{did_you_mean(name, self.names, 'players')}")

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
