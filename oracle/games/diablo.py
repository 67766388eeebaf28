"""Diablo: five-card draw with deuces wild, where the opener must win the pot.

The whole game as a state machine: antes, the first betting round and its opener, the draw
of 0-2 cards, the second round begun by the opener, the showdown with side pots and shared
pots, and the Diablo rule ("If anyone else wins - including when the opener folds - the
opener must pay a new pot equal to the pot just won"), hand after hand until the table stops.

``DiabloGame`` is the state. Every player action has three faces: ``verify(action)`` raises
``IllegalActionError`` with the reason, ``can(action)`` answers yes or no, ``do(action)``
verifies, applies and returns the line applied. ``legal_actions()`` lists every legal action
of the player to act; ``legal_summary()`` the same with amounts as ranges. Cards not given in
a scenario stay unknown (``None``); chance lines (``is dealt``, ``receives``, ``shows``) bring
them to light. Every rule reading is written up in ``docs/games/diablo.md``.

Question kinds are registered by ``oracle.games.diablo_questions``, imported at the end.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from oracle.cards import Card, Rank, parse_cards
from oracle.errors import (
    CardParseError,
    FieldError,
    IllegalActionError,
    InvalidActionError,
    InvalidHandError,
    Problem,
    ScenarioError,
)
from oracle.eval.strength import category_slug, describe
from oracle.games.diablo_actions import TABLE, Action, DiabloRules
from oracle.errors import did_you_mean as suggest, nearest
from oracle.games.diablo_moves import (
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    LegalMoves,
    declared_strength,
    hand_strength,
)

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
class DiabloGame(LegalMoves):
    """The table between two actions. Seats are in clockwise order ("left" is the next seat).

    ``chips`` are the chips each player has behind; ``contributed`` what each put into this
    hand's pot (ante and bets); ``carried`` the chips in the pot before this hand's antes (a
    pot left by a hand where everyone checked, or a running Diablo pot)."""

    rules: DiabloRules
    names: tuple[str, ...]
    chips: list[int]
    dealer: int
    carried: int = 0
    diablo: bool = False
    diablo_payer: int | None = None
    called_by: int = 0
    hand_number: int = 0
    phase: str = "bet"
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
    declared: list[str | None] = field(default_factory=list)
    actions_this_hand: int = 0
    results: list[HandResult] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    game_over_reason: str | None = None
    next_chooser: int | None = None
    round_first: int = 0

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, *, names: Sequence[str], chips: Sequence[int], dealer: int = 0,
            rules: DiabloRules | None = None, pot: int = 0, diablo: bool = False,
            called_by: int | None = None) -> "DiabloGame":
        """A table about to deal: antes are taken at once (none while a Diablo pot runs)."""
        game = cls(rules=rules or DiabloRules(), names=tuple(names), chips=list(chips),
                   dealer=dealer, carried=pot, diablo=diablo and pot > 0,
                   called_by=dealer if called_by is None else called_by)
        game._start_hand()
        return game

    def copy(self) -> "DiabloGame":
        return copy.deepcopy(self)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def pot(self) -> int:
        return self.carried + sum(self.contributed)

    def total_chips(self) -> int:
        return sum(self.chips) + self.pot

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

    # ------------------------------------------------------------------ the deal
    def _start_hand(self) -> None:
        """Ante, deal, and open the first betting round; or end the game when it must end.

        "Before a deal everyone pays a small ante ... the next hand is played for this new
        pot without antes." A player with no chips has dropped out and is not dealt in; one
        with less than the ante puts in all they have (and is all in)."""
        able = [c > 0 for c in self.chips]
        if sum(able) < 2:
            self._end_game("fewer than two players have chips left")
            return
        self.hand_number += 1
        self.phase = "bet"
        self.dealt = list(able)
        self.in_hand = list(able)
        self.contributed = [0] * self.n
        self.hands = [[None] * HAND_SIZE if able[i] else [] for i in range(self.n)]
        self.pending = [0] * self.n
        self.drawn = [None] * self.n
        self.discards = []
        self.own_discards = {}
        self.declared = [None] * self.n
        self.opener = None
        self.actions_this_hand = 0
        if not self.diablo:
            for i in range(self.n):
                if self.dealt[i]:
                    paid = min(self.rules.ante, self.chips[i])
                    self.chips[i] -= paid
                    self.contributed[i] += paid
        self._start_round(1)

    def _end_game(self, reason: str) -> None:
        self.phase = "over"
        self.to_act = None
        self.game_over_reason = reason
        holders = [i for i in range(self.n) if self.chips[i] > 0]
        if self.carried and len(holders) == 1:
            # A pot nobody else can contest goes to the one player left with chips.
            self.chips[holders[0]] += self.carried
            self.carried = 0
        self.contributed = [0] * self.n

    # ------------------------------------------------------------------ betting rounds
    def _can_bet(self, i: int) -> bool:
        return self.in_hand[i] and self.chips[i] > 0

    def _needs_to_act(self, i: int) -> bool:
        if not self._can_bet(i):
            return False
        if self.round_bets[i] < self.current_bet:
            return True
        others = any(self._can_bet(j) for j in range(self.n) if j != i)
        return i not in self.acted and others

    def _start_round(self, betting_round: int) -> None:
        self.phase = "bet"
        self.betting_round = betting_round
        self.round_bets = [0] * self.n
        self.current_bet = 0
        self.raises = 0
        self.acted = set()
        if betting_round == 1:
            # "First betting round, begun by the player to the dealer's left."
            first = (self.dealer + 1) % self.n
        elif self.opener is not None:
            # "Second betting round, begun by the opener (if the opener has folded, by the
            # next player still in, to their left)."
            first = self.opener
        else:
            # No opener: only when nobody could bet in the first round (all in from antes).
            first = (self.dealer + 1) % self.n
        self.round_first = first
        self.to_act = self._next_to_act(first)
        if self.to_act is None:
            self._end_round()

    def _next_to_act(self, start: int) -> int | None:
        for i in self._order_from(start):
            if self._needs_to_act(i):
                return i
        return None

    def _after_bet_action(self, seat: int) -> None:
        if sum(self.in_hand) == 1:
            self._award_last_player()
            return
        self.to_act = self._next_to_act((seat + 1) % self.n)
        if self.to_act is None:
            self._end_round()

    def _end_round(self) -> None:
        self.to_act = None
        if self.betting_round == 1:
            # "If everyone checks, the cards are thrown in": only when every player still in
            # checked. A player all in (from the ante) did not check, and their chips are not
            # thrown into a pot they could no longer play for: the hand goes on to the draw.
            everyone_checked = all(i in self.acted for i in range(self.n) if self.in_hand[i])
            if self.opener is None and everyone_checked:
                self._everyone_checked()
                return
            self._start_draw()
        elif self.rules.declare_hand:
            self._start_declare()
        else:
            self._try_showdown()

    def _everyone_checked(self) -> None:
        """"If everyone checks, the cards are thrown in, the pot stays, everyone antes again
        (except during a Diablo pot) and the next player deals."""
        pot = self.pot
        dealer = self.names[self.dealer]
        self.carried = pot
        self.contributed = [0] * self.n
        able = [c > 0 for c in self.chips]
        next_dealer = self.left_of(self.dealer, able)
        self.dealer = next_dealer if next_dealer is not None else self.dealer
        can_continue = sum(able) >= 2
        result = HandResult(
            hand_number=self.hand_number, dealer=dealer, ending="everyone checked", pot=pot,
            pots=(), won={}, hands=self._hands_json(), opener=None,
            diablo_pot_played=self.diablo, opener_won=None, liable=False, liability_due=0,
            liability_paid=0, new_pot=pot, diablo_running=self.diablo,
            next_dealer=self.names[self.dealer] if can_continue else None,
            next_first_to_act=self.names[self.left_of(self.dealer, able)] if can_continue else None,
            next_antes=(() if self.diablo or not can_continue
                        else tuple(self.names[i] for i in range(self.n) if able[i])),
        )
        self._finish_hand(result)

    # ------------------------------------------------------------------ the draw
    def _draw_order(self) -> list[int]:
        return [i for i in self._order_from((self.dealer + 1) % self.n) if self.in_hand[i]]

    def _start_draw(self) -> None:
        """"The draw: starting on the dealer's left, each player still in says how many
        cards they want to swap - 0, 1 or 2"."""
        self.phase = "draw"
        self.to_act = self._next_drawer()

    def _next_drawer(self) -> int | None:
        for i in self._draw_order():
            if self.drawn[i] is None:
                return i
        return None

    def _after_draw_action(self) -> None:
        self.to_act = self._next_drawer()
        if self.to_act is None:
            self._start_round(2)

    def max_draw(self, seat: int) -> int:
        """How many cards this player may swap: 2; under the bigger draw 3, or 4 when the
        one card kept is an Ace ("four if the one kept is an Ace")."""
        if not self.rules.bigger_draw:
            return 2
        hand = self.hands[seat]
        if any(c is None for c in hand):
            return 4  # the kept Ace cannot be refuted while the hand is unknown
        return 4 if any(c.rank is Rank.ACE for c in hand) else 3

    # ------------------------------------------------------------------ declare and showdown
    def _declare_order(self) -> list[int]:
        first = self.round_first
        return [i for i in self._order_from(first) if self.in_hand[i]]

    def _start_declare(self) -> None:
        if sum(self.in_hand) < 2:
            self._try_showdown()
            return
        self.phase = "declare"
        self.to_act = self._next_declarer()
        if self.to_act is None:
            self._try_showdown()

    def _next_declarer(self) -> int | None:
        for i in self._declare_order():
            if self.declared[i] is None:
                return i
        return None

    def unknown_hands(self) -> list[int]:
        return [i for i in range(self.n) if self.in_hand[i] and any(c is None for c in self.hands[i])]

    def _try_showdown(self) -> None:
        """Show down once every hand still in is known; until then wait for ``shows`` lines."""
        self.phase = "showdown"
        self.to_act = None
        if not self.unknown_hands():
            self._resolve_showdown()

    def _showdown_strength(self, i: int) -> int:
        hand = [c for c in self.hands[i] if c is not None]
        if self.rules.declare_hand and self.declared[i] is not None:
            value = declared_strength(hand, self.declared[i])
            return value if value is not None else -1
        return hand_strength(hand)

    def _pots(self) -> list[tuple[int, list[int]]]:
        """Main pot first, then side pots: each level of what the players still in put in.

        A player all in for less can win from each other player only as much as they put in;
        what folded players put in, and the carried pot, belong to the levels they reach."""
        live = sorted({self.contributed[i] for i in range(self.n) if self.in_hand[i]})
        pots: list[tuple[int, list[int]]] = []
        previous = 0
        for level in live:
            amount = sum(max(0, min(c, level) - previous) for c in self.contributed)
            eligible = [i for i in range(self.n) if self.in_hand[i] and self.contributed[i] >= level]
            pots.append((amount, eligible))
            previous = level
        # Chips put in beyond the highest live level belong to folded players (a raise
        # nobody called cannot happen: a round ends only when bets are matched).
        leftover = sum(max(0, c - previous) for c in self.contributed)
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + leftover, eligible)
            amount, eligible = pots[0]
            pots[0] = (amount + self.carried, eligible)
        return pots

    def _split(self, amount: int, winners: list[int]) -> dict[int, int]:
        """"ties share": equal parts; the odd chips go one each to the tied winners in turn
        from the dealer's left."""
        share, odd = divmod(amount, len(winners))
        order = [i for i in self._order_from((self.dealer + 1) % self.n) if i in winners]
        return {i: share + (1 if k < odd else 0) for k, i in enumerate(order)}

    def _resolve_showdown(self) -> None:
        strengths = {i: self._showdown_strength(i) for i in range(self.n) if self.in_hand[i]}
        pots = []
        won = [0] * self.n
        for amount, eligible in self._pots():
            best = max(strengths[i] for i in eligible)
            winners = [i for i in eligible if strengths[i] == best]
            shares = self._split(amount, winners)
            for i, chips in shares.items():
                won[i] += chips
            pots.append(PotShare(amount=amount, eligible=tuple(self.names[i] for i in eligible),
                                 winners=tuple(self.names[i] for i in winners),
                                 shares={self.names[i]: c for i, c in shares.items()}))
        main_winners = {self.names.index(w) for w in pots[0].winners}
        self._settle("showdown", pots, won, main_winners)

    def _award_last_player(self) -> None:
        """"If everyone else folds, the last player wins it without showing.\""""
        last = self.in_hand.index(True)
        pot = self.pot
        won = [0] * self.n
        won[last] = pot
        pots = [PotShare(amount=pot, eligible=(self.names[last],), winners=(self.names[last],),
                         shares={self.names[last]: pot})]
        self._settle("last player standing", pots, won, {last})

    def _settle(self, ending: str, pots: list[PotShare], won: list[int], main_winners: set[int]) -> None:
        """Pay the pot, then apply the Diablo rule and pass the deal."""
        pot = self.pot
        dealer = self.names[self.dealer]
        for i in range(self.n):
            self.chips[i] += won[i]
        self.contributed = [0] * self.n
        self.carried = 0
        played_for_diablo = self.diablo
        opener = self.opener
        # "If the opener wins the pot, all is well ... If the opener ties for the best hand and
        # shares the pot, that also counts as a win." Winning means a share of the main pot.
        opener_won = None if opener is None else opener in main_winners
        liable = bool(self.rules.diablo_rule and opener is not None and not opener_won)
        due = paid = 0
        if liable:
            # "the opener must pay a new pot equal to the pot just won ... An opener who hasn't
            # enough chips pays all they have (or use the pot cap from the Variants)."
            due = pot if not self.rules.pot_cap else min(pot, self.rules.pot_cap)
            paid = min(due, self.chips[opener])
            self.chips[opener] -= paid
        self.carried = paid
        self.diablo = paid > 0
        self.diablo_payer = opener if paid > 0 else None
        able = [c > 0 for c in self.chips]
        next_dealer = self.left_of(self.dealer, able)
        if next_dealer is not None:
            self.dealer = next_dealer
        can_continue = sum(able) >= 2
        result = HandResult(
            hand_number=self.hand_number, dealer=dealer, ending=ending, pot=pot,
            pots=tuple(pots), won={self.names[i]: won[i] for i in range(self.n) if won[i]},
            hands=self._hands_json(), opener=None if opener is None else self.names[opener],
            diablo_pot_played=played_for_diablo, opener_won=opener_won, liable=liable,
            liability_due=due, liability_paid=paid, new_pot=paid, diablo_running=self.diablo,
            next_dealer=self.names[self.dealer] if can_continue else None,
            next_first_to_act=(self.names[self.left_of(self.dealer, able)] if can_continue else None),
            next_antes=(() if self.diablo or not can_continue
                        else tuple(self.names[i] for i in range(self.n) if able[i])),
        )
        self._finish_hand(result)

    def _finish_hand(self, result: HandResult) -> None:
        self.results.append(result)
        if (self.rules.dealers_choice and result.ending != "everyone checked"
                and not self.diablo):
            # "it continues until an opener wins; then the player to the left of whoever
            # called Diablo chooses the next game."
            self.next_chooser = (self.called_by + 1) % self.n
            self._end_game("dealer's choice: Diablo is over, an opener has won")
            return
        self._start_hand()

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
                value = hand_strength(hand)
                entry["hand"] = describe(value).description
                entry["category"] = category_slug(value)
            if self.declared[i] is not None:
                entry["declared"] = self.declared[i]
            out[self.names[i]] = entry
        return out

    def do(self, action: Action | str) -> Action:
        """Verify and apply one action line; returns the action applied."""
        if not isinstance(action, Action):
            action = Action.parse(action)  # raises InvalidActionError for anything but a line
        self.verify(action)
        self._apply(action)
        self.history.append(str(action))
        return action

    def _apply(self, action: Action) -> None:
        if action.kind == "stop":
            for i in range(self.n):
                self.chips[i] += self.contributed[i]  # the hand is not played: antes go back
            self.hand_number -= 1
            self._end_game("the table agreed to stop")
            return
        seat = self.seat(action.player)
        kind = action.kind
        if kind in ("deal", "receive", "show"):
            self._reveal(seat, kind, action.cards)
            return
        self.actions_this_hand += 1
        if kind in ("check", "bet", "call", "raise", "fold"):
            self._apply_bet(seat, action)
        elif kind in ("draw", "discard", "pat"):
            self._apply_draw(seat, action)
        elif kind == "declare":
            self.declared[seat] = action.category
            self.to_act = self._next_declarer()
            if self.to_act is None:
                self._try_showdown()

    def _put_in(self, seat: int, chips: int) -> None:
        self.chips[seat] -= chips
        self.contributed[seat] += chips
        self.round_bets[seat] += chips

    def _apply_bet(self, seat: int, action: Action) -> None:
        self.acted.add(seat)
        if action.kind == "check":
            pass
        elif action.kind == "bet":
            self._put_in(seat, action.amount)
            self.current_bet = action.amount
            if self.betting_round == 1 and self.opener is None:
                self.opener = seat
        elif action.kind == "call":
            self._put_in(seat, min(self.current_bet - self.round_bets[seat], self.chips[seat]))
        elif action.kind == "raise":
            self._put_in(seat, action.amount - self.round_bets[seat])
            self.current_bet = action.amount
            self.raises += 1
        elif action.kind == "fold":
            self.in_hand[seat] = False
        self._after_bet_action(seat)

    def _apply_draw(self, seat: int, action: Action) -> None:
        hand = self.hands[seat]
        if action.kind == "pat":
            count = 0
        elif action.kind == "draw":
            # Which cards went is not known, so nothing of the hand is known any more.
            count = action.amount
            self.hands[seat] = [None] * HAND_SIZE
        else:
            count = len(action.cards)
            self.own_discards[seat] = tuple(action.cards)
            for card in action.cards:
                if card in hand:
                    hand.remove(card)
                else:
                    hand.remove(None)
                self.discards.append(card)
            hand.extend([None] * count)
        self.drawn[seat] = count
        self.pending[seat] = count
        self._after_draw_action()

    def _reveal(self, seat: int, kind: str, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        if kind == "deal":
            self.hands[seat] = list(cards)
        elif kind == "receive":
            for card in cards:
                hand[hand.index(None)] = card
                if card in self.discards:  # back from the reshuffled discard pile
                    self.discards.remove(card)
            self.pending[seat] = 0
        else:
            self.hands[seat] = list(cards)
            self.pending[seat] = 0
        if self.phase == "showdown" and not self.unknown_hands():
            self._resolve_showdown()

    # ------------------------------------------------------------------ reports
    def known_cards(self) -> list[Card]:
        cards = [c for hand in self.hands for c in hand if c is not None]
        return cards + list(self.discards)

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


# ----------------------------------------------------------------------------- positions
POSITION_KEYS = ("seats", "dealer", "pot", "diablo", "called_by", "hands", "history")
SEAT_KEYS = ("name", "chips")
DEFAULT_CHIPS = 100


def _raise(problems: list[Problem]) -> None:
    """One fault as a ``FieldError``, several as one ``ScenarioError``; nothing if none."""
    if len(problems) == 1:
        raise FieldError(problems[0].path, problems[0].message)
    if problems:
        raise ScenarioError(problems)


def _not_a_seat(value: Any, names: Sequence[str]) -> str:
    close = nearest(value, names) if isinstance(value, str) else None
    return (f"{value!r} is not one of the seats ({', '.join(names)})"
            + (f"; did you mean {close!r}?" if close else ""))


def _read_seats(seats: Any) -> tuple[list[str], list[int], list[Problem]]:
    problems: list[Problem] = []
    names: list[str] = []
    chips: list[int] = []
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        got = f"{len(seats)} seats" if isinstance(seats, list) else repr(seats)
        return names, chips, [Problem(("seats",), f"give {MIN_SEATS} to {MAX_SEATS} seats in clockwise order, "
                                                  f"each {{name: ..., chips: ...}}; got {got}")]
    for k, entry in enumerate(seats):
        if not isinstance(entry, Mapping):
            problems.append(Problem(("seats", k), f"each seat is {{name: ..., chips: ...}}, got {entry!r}"))
            continue
        mistyped = set()
        for key in entry:
            if key not in SEAT_KEYS:
                problems.append(Problem(("seats", k, key), f"unknown key {key!r}{suggest(key, SEAT_KEYS)}"))
                mistyped.add(nearest(key, SEAT_KEYS))
        raw = entry.get("name")
        if raw is None:
            if "name" not in mistyped:  # a mistyped 'name' is reported once, above
                problems.append(Problem(("seats", k), "missing 'name': every seat needs a player's name"))
            continue
        if not isinstance(raw, str) or not raw.strip():
            problems.append(Problem(("seats", k, "name"), f"a player's name is text, got {raw!r}"))
            continue
        name = " ".join(raw.split())
        value = entry.get("chips", DEFAULT_CHIPS)
        if name == TABLE:
            problems.append(Problem(("seats", k, "name"), f"{TABLE!r} is reserved for 'Table agrees to stop'"))
        if name in names:
            problems.append(Problem(("seats", k, "name"), f"two seats are named {name!r}"))
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(Problem(("seats", k, "chips"), f"chips must be a whole number 0 or more, got {value!r}"))
            value = 0
        names.append(name)
        chips.append(value)
    return names, chips, problems


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> DiabloGame:
    """Read a scenario's position: the table before a deal, the first deal's known cards,
    and the action lines played since. Paths in errors are relative to ``position``, except
    a rule option's, which start with ``"rules"``.

    Every fault of the rules, the seats, the table fields and the shape of ``hands`` and
    ``history`` is reported at once; then every hand dealt; then the history, up to its
    first bad line (the lines after it depend on it)."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a Diablo position is a mapping with seats, dealer, hands, history")
    problems: list[Problem] = [Problem(("rules", *p.path), p.message) for p in DiabloRules.problems(rules)]
    names, chips, seat_problems = _read_seats(position.get("seats"))
    problems += seat_problems
    if seat_problems:
        _raise(problems)  # the fields below name seats: they cannot be read without them

    def seat_of(key: str, default: int) -> int:
        value = position.get(key)
        if value is None:
            return default
        name = " ".join(value.split()) if isinstance(value, str) else value
        if name not in names:
            problems.append(Problem((key,), _not_a_seat(value, names)))
            return default
        return names.index(name)

    dealer = seat_of("dealer", 0)
    called_by = seat_of("called_by", dealer)
    pot = position.get("pot", 0)
    if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
        problems.append(Problem(("pot",), f"the pot carried into this deal is a whole number 0 or more, got {pot!r}"))
        pot = 0
    diablo = position.get("diablo", False)
    if not isinstance(diablo, bool):
        problems.append(Problem(("diablo",), f"true or false: true when the pot is a running Diablo pot "
                                             f"(no antes this deal), got {diablo!r}"))
    elif diablo and pot == 0 and not any(p.path == ("pot",) for p in problems):
        problems.append(Problem(("diablo",), "a running Diablo pot needs its amount under 'pot'"))
    if sum(1 for c in chips if c > 0) < 2:
        problems.append(Problem(("seats",), "at least two players need chips to play a hand"))
    elif chips[dealer] == 0 and not any(p.path == ("dealer",) for p in problems):
        problems.append(Problem(("dealer",), f"{names[dealer]} has no chips and has dropped out; choose another dealer"))
    hands = position.get("hands")
    if hands is None:
        hands = {}
    if not isinstance(hands, Mapping):
        problems.append(Problem(("hands",), f"hands is a mapping from a seat's name to its five cards, got {hands!r}"))
        hands = {}
    for name in hands:
        if name not in names:
            problems.append(Problem(("hands", name), _not_a_seat(name, names)))
    history = position.get("history")
    if history is None:
        history = []
    if not isinstance(history, list):
        problems.append(Problem(("history",), f"history is a list of action lines such as "
                                              f"'{names[0]} bets 2', got {history!r}"))
    _raise(problems)
    game = DiabloGame.new(names=names, chips=chips, dealer=dealer, rules=DiabloRules.from_mapping(rules),
                          pot=pot, diablo=diablo, called_by=called_by)
    for name, text in hands.items():
        try:
            cards = parse_cards(text) if isinstance(text, str) else None
            if cards is None:
                raise CardParseError(f"cards are written as text such as '9h 9c 2s 2d Kd', got {text!r}")
            if any(c.suit is None or c.rank is None for c in cards):
                raise InvalidHandError("Diablo's cards need a rank and a suit (no Joker)")
            game.do(Action(player=name, kind="deal", cards=tuple(cards)))
        except (CardParseError, InvalidHandError, IllegalActionError) as exc:
            problems.append(Problem(("hands", name), str(exc)))
    _raise(problems)
    game.history.clear()  # the position's own deal is not part of the history
    for k, line in enumerate(history):
        try:
            game.do(line)
        except (InvalidActionError, IllegalActionError) as exc:
            raise FieldError(("history", k), str(exc)) from None
    return game
