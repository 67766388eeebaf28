"""Drawing Dead's table as values: the players, the pending role chain and the whole state.

``State`` holds the fields, their accessors and the table's primitive moves (draw the top
card, take chips from the bank, refill the pot). Playing the rules is added by one mixin
per concern: ``engine.TurnEngine`` (verify / can / do),
``moves.LegalMoves`` (who acts and what they may do) and ``resolution.HandResolution``
(winning the hand and the game).

Chance is seeded: decks are ordered lists (top first) and every reshuffle draws from a
``random.Random`` keyed by the position's seed and a shuffle counter, so a position plus
its history always gives the same game.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from oracle.cards import Card
from oracle.errors import IllegalActionError

from .actions import RoleChoice
from .engine import TurnEngine
from .moves import LegalMoves
from .resolution import HandResolution
from .rules import POT_REFILL, STASH_LIMIT, UPCARD_LIMIT, RoleTable


@dataclass(kw_only=True)
class Player:
    name: str
    chips: int
    stash: list[Card] = field(default_factory=list)
    stash_roles: list[str] = field(default_factory=list)
    upcards: list[Card] = field(default_factory=list)
    passed_role: str | None = None  # Fast Draft: passed from the right, taken next turn
    draft: list[str] = field(default_factory=list)  # Advanced Draft: cards in hand to pick from

    @property
    def stash_size(self) -> int:
        return len(self.stash) + len(self.stash_roles)


@dataclass(frozen=True, kw_only=True)
class ChainEntry:
    player: int
    role: str
    choice: RoleChoice | None = None


@dataclass(kw_only=True)
class State(TurnEngine, LegalMoves, HandResolution):
    rules: dict[str, Any]
    role_table: RoleTable
    players: list[Player]
    turn: int
    phase: str
    button: int | None
    pot: int
    bank: int
    poker_deck: list[Card]
    poker_trash: list[Card] = field(default_factory=list)
    role_deck: list[str] = field(default_factory=list)
    role_trash: list[str] = field(default_factory=list)
    played_roles: list[str] = field(default_factory=list)  # by the turn player, this turn
    chain: list[ChainEntry] = field(default_factory=list)  # a role and the stops against it
    draft_options: list[str] = field(default_factory=list)  # Fast Draft: the two on offer
    draft_round: int = 1
    first: int = 0
    winner: int | None = None
    hand_won: bool = False  # the turn player has already won the hand this turn
    seed: int = 0
    shuffles: int = 0
    # "known": the oracle deals from its seeded decks; "unknown": a real table's decks, whose
    # cards each draw line names (``table_draws``).
    deck_order: str = "known"
    owed: int = 0  # poker cards a resolved role draws, until the table names them

    def copy(self) -> "State":
        """An independent copy (cards, roles and choices are immutable, so lists suffice)."""
        new = copy.copy(self)
        new.players = [copy.copy(p) for p in self.players]
        for p in new.players:
            p.stash, p.stash_roles, p.upcards, p.draft = list(p.stash), list(p.stash_roles), list(p.upcards), list(p.draft)
        for name in ("poker_deck", "poker_trash", "role_deck", "role_trash", "played_roles",
                     "chain", "draft_options"):
            setattr(new, name, list(getattr(self, name)))
        new.rules = dict(self.rules)
        return new

    # -- players
    def find_player(self, name: str | None) -> Player | None:
        index = self.find_index(name)
        return None if index is None else self.players[index]

    def find_index(self, name: str | None) -> int | None:
        for i, p in enumerate(self.players):
            if name is not None and p.name.lower() == name.lower():
                return i
        return None

    def index_of(self, name: str | None) -> int:
        index = self.find_index(name)
        if index is None:
            raise IllegalActionError(f"there is no player {name!r} at this table "
                                     f"({', '.join(p.name for p in self.players)})")
        return index

    def left_of(self, index: int) -> int:
        return (index + 1) % len(self.players)

    def over_limits(self) -> bool:
        """The turn player holds more than 5 upcards or more than 5 stash cards."""
        me = self.players[self.turn]
        return len(me.upcards) > UPCARD_LIMIT or me.stash_size > STASH_LIMIT

    def find_role_in(self, name: str | None, names: list[str]) -> str | None:
        """The role card called ``name`` (any case) when it is among ``names``."""
        role = self.role_table.find(name or "")
        return role.name if role is not None and role.name in names else None

    def push_chain(self, player: int, role: str, choice: RoleChoice | None = None) -> None:
        self.chain.append(ChainEntry(player=player, role=role, choice=choice))

    # -- decks and chips
    def next_rng(self) -> random.Random:
        self.shuffles += 1
        return random.Random(f"drawing-dead:{self.seed}:{self.shuffles}")

    def draw_poker(self, n: int) -> list[Card]:
        """Draw up to ``n`` cards; "If there are no cards in a deck, reshuffle it's trash
        pile." With deck and trash both empty, fewer are drawn."""
        drawn = []
        for _ in range(n):
            if not self.poker_deck and self.poker_trash:
                self.poker_deck, self.poker_trash = self.poker_trash, []
                self.next_rng().shuffle(self.poker_deck)
            if self.poker_deck:
                drawn.append(self.poker_deck.pop(0))
        return drawn

    def draw_role(self) -> str | None:
        if not self.role_deck and self.role_trash:
            self.role_deck, self.role_trash = self.role_trash, []
            self.next_rng().shuffle(self.role_deck)
        return self.role_deck.pop(0) if self.role_deck else None

    def take_from_bank(self, index: int, n: int) -> int:
        got = min(n, self.bank)
        self.bank -= got
        self.players[index].chips += got
        return got

    def refill_pot(self) -> int:
        """Glossary, "POT": "Whenever the pot is empty add 5 chips to it from THE BANK." A
        bank short of 5 adds what it has."""
        if self.pot:
            return 0
        added = min(POT_REFILL, self.bank)
        self.bank -= added
        self.pot += added
        return added

    # -- invariants: every card and chip is somewhere
    def poker_cards(self) -> list[Card]:
        cards = self.poker_deck + self.poker_trash
        for p in self.players:
            cards = cards + p.stash + p.upcards
        return cards

    def role_cards(self) -> list[str]:
        cards = self.role_deck + self.role_trash + self.draft_options + [e.role for e in self.chain]
        for p in self.players:
            cards = cards + p.stash_roles + p.draft + ([p.passed_role] if p.passed_role else [])
        return cards

    def chips_total(self) -> int:
        return sum(p.chips for p in self.players) + self.pot + self.bank
