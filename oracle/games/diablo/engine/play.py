"""The do face of Diablo's actions and the flow of a hand they set off: the antes, the first
betting round and its opener, the draw in turn from the dealer's left, the second round
begun by the opener, the declarations, and the showdown once every hand is known (paid by
``resolution``)."""

from __future__ import annotations

from typing import Sequence

from oracle.cards import Card

from ..actions import Action
from ..rules import HAND_SIZE
from ..state import TableState


class Play(TableState):
    """Applying a verified action, and what follows from it."""

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
        self.received = {}
        self.declared = [None] * self.n
        self.opener = None
        self.opening_hand = None
        self.actions_this_hand = 0
        if not self.diablo:
            for i in range(self.n):
                if self.dealt[i]:
                    paid = min(self.rules.ante, self.chips[i])
                    self.chips[i] -= paid
                    self.contributed[i] += paid
        self._start_round(1)

    # ------------------------------------------------------------------ betting rounds
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

    # ------------------------------------------------------------------ the draw
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

    # ------------------------------------------------------------------ declarations
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

    # ------------------------------------------------------------------ applying an action
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
                self.opening_hand = tuple(self.hands[seat])
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
            self.received[seat] = tuple(cards)
        else:
            self.hands[seat] = list(cards)
            self.pending[seat] = 0
        if self.phase == "showdown" and not self.unknown_hands():
            self._resolve_showdown()
