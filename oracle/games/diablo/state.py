"""Diablo's table as values: the state between two actions (``TableState``), and the records
of how a hand ended (``HandResult``, one ``PotShare`` a pot).

Only accessors live here: who sits where, what is in the pot, which cards are known, and the
table's report. Playing the rules is ``engine`` (verify / can / do), ``resolution`` (how a
hand ends and is paid) and ``moves`` (the legal actions now)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Sequence

from oracle.cards import Card
from oracle.errors import IllegalActionError, nearest
from oracle.eval.strength import category_slug, describe

from .rules import DiabloRules, hand_strength


# ----------------------------------------------------------------------------- records
@dataclass(frozen=True, kw_only=True)
class PotShare:
    """One pot of a showdown: the main pot (every player still in may win it) or a side pot
    (only those who put in enough)."""

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "eligible": list(self.eligible),
                "winners": list(self.winners), "shares": dict(self.shares)}


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """How one hand ended, with the Diablo rule applied."""

    hand_number: int
    dealer: str
    ending: str  # "showdown", "last player standing", "everyone checked"
    pot: int
    pots: tuple[PotShare, ...]
    won: dict[str, int]
    hands: dict[str, dict[str, Any]]
    opener: str | None
    diablo_pot_played: bool
    opener_won: bool | None
    liable: bool
    liability_due: int
    liability_paid: int
    new_pot: int
    diablo_running: bool
    next_dealer: str | None
    next_first_to_act: str | None
    next_antes: tuple[str, ...]
    # Under return_uncalled_bet: the chips of a bet or raise nobody called, given back.
    returned: dict[str, int] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[str, ...]:
        return self.pots[0].winners if self.pots else ()

    def to_json(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "ending": self.ending,
            "pot": self.pot,
            "winners": list(self.winners),
            "won": dict(self.won),
            "uncalled_returned": dict(self.returned),
            "pots": [p.to_json() for p in self.pots],
            "hands": self.hands,
            "opener": self.opener,
            "diablo_pot_played": self.diablo_pot_played,
            "opener_won": self.opener_won,
            "liable": self.liable,
            "liability_due": self.liability_due,
            "liability_paid": self.liability_paid,
            "new_pot": self.new_pot,
            "diablo_running": self.diablo_running,
            "next_dealer": self.next_dealer,
            "next_first_to_act": self.next_first_to_act,
            "next_antes": list(self.next_antes),
        }


# ----------------------------------------------------------------------------- state
@dataclass(kw_only=True)
class TableState:
    """The table between two actions. Seats are in clockwise order ("left" is the next seat).

    ``chips`` are the chips each player has behind; ``contributed`` what each put into this
    hand's pot (ante and bets); ``carried`` the chips in the pot before this hand's antes (a
    pot left by a hand where everyone checked, or a running Diablo pot). A card not known is
    ``None`` in its hand."""

    rules: DiabloRules
    names: tuple[str, ...]
    chips: list[int]
    dealer: int
    carried: int = 0
    diablo: bool = False
    diablo_payer: int | None = None
    called_by: int = 0
    hand_number: int = 0
    phase: str = "bet"  # bet, draw, declare, showdown, over
    betting_round: int = 1
    dealt: list[bool] = field(default_factory=list)
    in_hand: list[bool] = field(default_factory=list)
    contributed: list[int] = field(default_factory=list)
    round_bets: list[int] = field(default_factory=list)
    current_bet: int = 0
    raises: int = 0
    acted: set[int] = field(default_factory=set)
    to_act: int | None = None
    opener: int | None = None
    hands: list[list[Card | None]] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    drawn: list[int | None] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    own_discards: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    received: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    # The opener's hand when they opened, as far as it was known then.
    opening_hand: tuple[Card | None, ...] | None = None
    declared: list[str | None] = field(default_factory=list)
    actions_this_hand: int = 0
    results: list[HandResult] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    game_over_reason: str | None = None
    next_chooser: int | None = None
    round_first: int = 0

    def copy(self):
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ seats
    @property
    def n(self) -> int:
        return len(self.names)

    def seat(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            close = nearest(name, self.names)
            raise IllegalActionError(
                f"there is no player named {name!r} at this table ({', '.join(self.names)})"
                + (f"; did you mean {close!r}?" if close else "")
            ) from None

    def left_of(self, seat: int, among: Sequence[bool] | None = None) -> int | None:
        """The next seat to the left (clockwise) that ``among`` allows, or None."""
        for step in range(1, self.n + 1):
            other = (seat + step) % self.n
            if among is None or among[other]:
                return other
        return None

    def _order_from(self, first: int) -> list[int]:
        return [(first + step) % self.n for step in range(self.n)]

    def _draw_order(self) -> list[int]:
        """"starting on the dealer's left, each player still in"."""
        return [i for i in self._order_from((self.dealer + 1) % self.n) if self.in_hand[i]]

    def _can_bet(self, i: int) -> bool:
        return self.in_hand[i] and self.chips[i] > 0

    # ------------------------------------------------------------------ chips
    @property
    def pot(self) -> int:
        return self.carried + sum(self.contributed)

    def total_chips(self) -> int:
        return sum(self.chips) + self.pot

    # ------------------------------------------------------------------ cards
    def unknown_hands(self) -> list[int]:
        return [i for i in range(self.n) if self.in_hand[i] and any(c is None for c in self.hands[i])]

    def known_cards(self) -> list[Card]:
        cards = [c for hand in self.hands for c in hand if c is not None]
        return cards + list(self.discards)

    def _where_is(self, card: Card) -> str | None:
        for i in range(self.n):
            if card in self.hands[i]:
                return f"in {self.names[i]}'s hand"
        if card in self.discards:
            return "on the discard pile"
        return None

    # ------------------------------------------------------------------ reports
    def phase_name(self) -> str:
        return {
            "bet": f"{'first' if self.betting_round == 1 else 'second'} betting round",
            "draw": "draw",
            "declare": "declaration of hands",
            "showdown": "showdown",
            "over": "end of the game",
        }[self.phase]

    def waiting_for(self) -> list[str]:
        """Chance lines the game waits for before it can go on (a showdown of unknown hands)."""
        if self.phase == "showdown" or (self.phase == "declare" and self.to_act is not None
                                        and self.to_act in self.unknown_hands()):
            return [f"{self.names[i]} shows <five cards>" for i in self.unknown_hands()]
        return []

    def _hands_json(self) -> dict[str, dict[str, Any]]:
        out = {}
        for i in range(self.n):
            if not self.dealt[i]:
                continue
            hand = self.hands[i]
            entry: dict[str, Any] = {
                "cards": " ".join("??" if c is None else str(c) for c in hand),
                "folded": not self.in_hand[i],
            }
            if all(c is not None for c in hand):
                value = hand_strength(hand, self.rules.ruleset)
                entry["hand"] = describe(value).description
                entry["category"] = category_slug(value)
            if self.declared[i] is not None:
                entry["declared"] = self.declared[i]
            out[self.names[i]] = entry
        return out

    def to_json(self) -> dict[str, Any]:
        seat = self.to_act
        return {
            "phase": self.phase,
            "phase_name": self.phase_name(),
            "hand_number": self.hand_number,
            "dealer": self.names[self.dealer],
            "pot": self.pot,
            "carried": self.carried,
            "diablo_pot": self.diablo,
            "diablo_paid_by": None if self.diablo_payer is None or not self.diablo else self.names[self.diablo_payer],
            "stacks": {self.names[i]: self.chips[i] for i in range(self.n)},
            "put_in": {self.names[i]: self.contributed[i] for i in range(self.n) if self.contributed[i]},
            "in_hand": [self.names[i] for i in range(self.n) if self.in_hand and self.in_hand[i]],
            "to_act": None if seat is None else self.names[seat],
            "opener": None if self.opener is None else self.names[self.opener],
            "betting_round": self.betting_round if self.phase == "bet" else None,
            "current_bet": self.current_bet if self.phase == "bet" else None,
            "raises": self.raises if self.phase == "bet" else None,
            "hands": self._hands_json() if self.phase != "over" else {},
            "waiting_for": self.waiting_for(),
            "game_over": self.phase == "over",
            "game_over_reason": self.game_over_reason,
            "standings": self.standings(),
            "next_chooser": None if self.next_chooser is None else self.names[self.next_chooser],
            "hands_played": len(self.results),
        }

    def standings(self) -> list[dict[str, Any]]:
        """"Whoever has the most chips at the end wins.\""""
        order = sorted(range(self.n), key=lambda i: (-self.chips[i], i))
        top = self.chips[order[0]]
        return [{"name": self.names[i], "chips": self.chips[i], "leader": self.chips[i] == top}
                for i in order]
