"""The verify and can faces of a player's action in Diablo: checking, betting, calling,
raising, folding, the draw, declaring, and the table agreeing to stop. ``verify_*`` raise
``IllegalActionError`` with the reason; ``verify`` dispatches an ``Action`` (chance lines to
``chance``), ``can`` answers yes or no."""

from __future__ import annotations

from typing import Sequence

from oracle.cards import Card, Rank
from oracle.errors import IllegalActionError, InvalidActionError
from oracle.eval.strength import describe

from ..actions import TABLE, Action
from ..rules import JACKS_OR_BETTER, declared_strength, hand_strength
from ..state import TableState


class Checks(TableState):
    """The checks of every player action; they read the table and change nothing."""

    def _need_turn(self, seat: int, phase: str, what: str) -> None:
        if self.phase == "over":
            raise IllegalActionError(f"the game is over ({self.game_over_reason}); no one may {what}")
        if self.phase != phase:
            raise IllegalActionError(
                f"{self.names[seat]} cannot {what} now: this is the {self.phase_name()}"
            )
        if self.to_act != seat:
            who = "nobody" if self.to_act is None else self.names[self.to_act]
            name = self.names[seat]
            if not self.in_hand[seat]:
                why = f"{name} folded this hand" if self.dealt[seat] else f"{name} was dealt no cards this hand"
                raise IllegalActionError(f"{name} cannot {what}: {why} ({who} is to act)")
            if self.chips[seat] <= 0:
                raise IllegalActionError(f"{name} cannot {what}: {name} has no chips left behind, all in "
                                         f"({who} is to act)")
            raise IllegalActionError(f"it is not {name}'s turn: {who} is to act")

    def verify_check(self, seat: int) -> None:
        self._need_turn(seat, "bet", "check")
        if self.round_bets[seat] < self.current_bet:
            raise IllegalActionError(
                f"{self.names[seat]} cannot check: there is a bet of {self.current_bet} to call"
            )

    def verify_bet(self, seat: int, amount: int) -> None:
        """"Bet - put in chips. The first bet in the first round is called opening.\""""
        self._need_turn(seat, "bet", "bet")
        name = self.names[seat]
        if self.current_bet > 0:
            raise IllegalActionError(f"{name} cannot bet: there is already a bet of "
                                     f"{self.current_bet}; call, raise or fold")
        low, high = self.rules.limits(self.betting_round)
        if not low <= amount <= high:
            raise IllegalActionError(f"a bet in the {self.phase_name()} is {low} to {high} chips, not {amount}")
        if amount > self.chips[seat]:
            raise IllegalActionError(f"{name} has only {self.chips[seat]} chips, cannot bet {amount}")
        if self.betting_round == 1 and self.opener is None and self.rules.jacks_or_better:
            hand = self.hands[seat]
            if all(c is not None for c in hand) and hand_strength(hand, self.rules.ruleset) < JACKS_OR_BETTER:
                raise IllegalActionError(
                    f"{name} cannot open with {describe(hand_strength(hand, self.rules.ruleset)).description}: "
                    "jacks or better is needed to open"
                )

    def verify_call(self, seat: int) -> None:
        self._need_turn(seat, "bet", "call")
        if self.round_bets[seat] >= self.current_bet:
            raise IllegalActionError(f"{self.names[seat]} has nothing to call: check or bet")

    def verify_raise(self, seat: int, to: int) -> None:
        """"Raise - match the highest bet and add more"; "at most four raises per round"."""
        self._need_turn(seat, "bet", "raise")
        name = self.names[seat]
        if self.current_bet == 0:
            raise IllegalActionError(f"{name} cannot raise: nobody has bet in this round; bet instead")
        if self.raises >= self.rules.max_raises:
            raise IllegalActionError(
                f"no more raises: the limit of {self.rules.max_raises} raises this round is reached"
            )
        low, high = self.rules.limits(self.betting_round)
        if not self.current_bet + low <= to <= self.current_bet + high:
            raise IllegalActionError(
                f"a raise in the {self.phase_name()} adds {low} to {high} chips to {self.current_bet}: "
                f"raise to {self.current_bet + low} to {self.current_bet + high}, not {to}"
            )
        need = to - self.round_bets[seat]
        if need > self.chips[seat]:
            raise IllegalActionError(f"{name} has only {self.chips[seat]} chips, needs {need} to raise to {to}")
        if not any(self._can_bet(j) for j in range(self.n) if j != seat):
            raise IllegalActionError(f"{name} cannot raise: every other player still in is all in")

    def verify_fold(self, seat: int) -> None:
        self._need_turn(seat, "bet", "fold")

    def verify_draw(self, seat: int, count: int) -> None:
        self._need_turn(seat, "draw", "draw")
        name = self.names[seat]
        hand = self.hands[seat]
        if all(c is not None for c in hand):
            raise IllegalActionError(
                f"{name}'s cards are known: name the cards thrown away ('{name} discards ...')"
            )
        limit = self.max_draw(seat)
        if not 1 <= count <= limit:
            raise IllegalActionError(f"{name} may swap at most {limit} cards, not {count}")

    def verify_discard(self, seat: int, cards: Sequence[Card]) -> None:
        self._need_turn(seat, "draw", "draw")
        name = self.names[seat]
        if len(set(cards)) != len(cards):
            raise IllegalActionError(f"{name} names the same card twice")
        hand = self.hands[seat]
        unknown = sum(c is None for c in hand)
        missing = [c for c in cards if c not in hand]
        if len(missing) > unknown:
            raise IllegalActionError(
                f"{name} does not hold {' '.join(map(str, missing))}"
            )
        for card in missing:
            owner = self._where_is(card)
            if owner:
                raise IllegalActionError(f"{card} is already {owner}")
        limit = 2 if not self.rules.bigger_draw else 3
        if self.rules.bigger_draw and len(cards) == 4:
            kept = [c for c in hand if c is not None and c not in cards]
            if unknown - len(missing) == 0 and not any(c.rank is Rank.ACE for c in kept):
                raise IllegalActionError(f"{name} may swap four cards only when the card kept is an Ace")
            limit = 4
        if len(cards) > limit:
            raise IllegalActionError(f"{name} may swap at most {limit} cards, not {len(cards)}")

    def verify_pat(self, seat: int) -> None:
        self._need_turn(seat, "draw", "stand pat")

    def verify_declare(self, seat: int, category: str) -> None:
        """"Declare your hand: at the showdown each player must name their hand; the cards
        don't 'speak for themselves'." The hand named must be one the cards can make."""
        self._need_turn(seat, "declare", "declare")
        hand = self.hands[seat]
        if any(c is None for c in hand):
            raise IllegalActionError(f"{self.names[seat]}'s cards are not known: show them first")
        if declared_strength(hand, category, self.rules.ruleset) is None:
            raise IllegalActionError(
                f"{self.names[seat]} cannot declare {category}: "
                f"the cards make {describe(hand_strength(hand, self.rules.ruleset)).description}"
            )

    def verify_stop(self) -> None:
        """"Play as many deals as you like ... but finish a running Diablo first.\""""
        if self.phase == "over":
            raise IllegalActionError("the game is already over")
        if self.diablo:
            raise IllegalActionError("a Diablo pot is running: it must be finished before the game ends")
        if self.carried:
            raise IllegalActionError(f"the pot of {self.carried} from a hand everyone checked must be played out first")
        if self.actions_this_hand or self.phase != "bet" or self.betting_round != 1:
            raise IllegalActionError("the game can end only between hands, not in the middle of one")

    def max_draw(self, seat: int) -> int:
        """How many cards this player may swap: 2; under the bigger draw 3, or 4 when the
        one card kept is an Ace ("four if the one kept is an Ace")."""
        if not self.rules.bigger_draw:
            return 2
        hand = self.hands[seat]
        if any(c is None for c in hand):
            return 4  # the kept Ace cannot be refuted while the hand is unknown
        return 4 if any(c.rank is Rank.ACE for c in hand) else 3

    # ------------------------------------------------------------------ the three faces
    def verify(self, action: Action) -> None:
        if action.kind == "stop":
            self.verify_stop()
            return
        if action.player == TABLE:
            raise IllegalActionError(f"'{TABLE}' only agrees to stop: {str(action)!r}")
        seat = self.seat(action.player)
        match action.kind:
            case "check":
                self.verify_check(seat)
            case "bet":
                self.verify_bet(seat, action.amount)
            case "call":
                self.verify_call(seat)
            case "raise":
                self.verify_raise(seat, action.amount)
            case "fold":
                self.verify_fold(seat)
            case "draw":
                self.verify_draw(seat, action.amount)
            case "discard":
                self.verify_discard(seat, action.cards)
            case "pat":
                self.verify_pat(seat)
            case "declare":
                self.verify_declare(seat, action.category)
            case "deal" | "receive" | "show":
                self.verify_cards_event(seat, action.kind, action.cards)
            case _:
                raise InvalidActionError(f"unknown action kind {action.kind!r}")

    def can(self, action: Action | str) -> bool:
        try:
            self.verify(action if isinstance(action, Action) else Action.parse(action))
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def can_check(self, name: str) -> bool:
        return self.can(Action(player=name, kind="check"))

    def can_bet(self, name: str, amount: int) -> bool:
        return self.can(Action(player=name, kind="bet", amount=amount))

    def can_call(self, name: str) -> bool:
        return self.can(Action(player=name, kind="call"))

    def can_raise(self, name: str, to: int) -> bool:
        return self.can(Action(player=name, kind="raise", amount=to))

    def can_fold(self, name: str) -> bool:
        return self.can(Action(player=name, kind="fold"))
