"""The checks of Diablo's chance lines: a hand dealt (``is dealt``), the cards of a draw
(``receives``) and a hand shown (``shows``). Cards not given stay unknown; a line that
brings them to light must fit everything known: no card twice, a draw from the stock (or
from the discards reshuffled when it runs out), a show only at the showdown, and under
Jacks or better an opening hand the show proves below Jacks refused."""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from oracle.cards import Card, format_cards
from oracle.errors import IllegalActionError
from oracle.eval.strength import describe

from ..rules import HAND_SIZE, JACKS_OR_BETTER, hand_strength
from ..state import TableState


class ChanceChecks(TableState):
    """The checks of cards coming to light; they read the table and change nothing."""

    def verify_cards_event(self, seat: int, kind: str, cards: Sequence[Card]) -> None:
        """Chance lines: the deal, the cards drawn, a hand shown. They must fit what is known."""
        name = self.names[seat]
        if self.phase == "over":
            raise IllegalActionError("the game is over")
        if not self.dealt[seat]:
            raise IllegalActionError(f"{name} is not dealt in (no chips)")
        if len(set(cards)) != len(cards):
            raise IllegalActionError(f"the same card appears twice in '{name} {kind}'")
        check = {"deal": self._verify_deal, "receive": self._verify_receive, "show": self._verify_show}[kind]
        for card in check(seat, cards):
            owner = self._where_is(card)
            if owner:
                raise IllegalActionError(f"{card} is already {owner}")

    def _verify_deal(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """A hand dealt; returns the cards that come to light."""
        name = self.names[seat]
        if self.actions_this_hand:
            raise IllegalActionError(f"{name}'s cards can be dealt only before anyone acts in the hand")
        if len(cards) != HAND_SIZE:
            raise IllegalActionError(f"a deal is five cards, not {len(cards)}")
        if any(c is not None for c in self.hands[seat]):
            raise IllegalActionError(f"{name}'s cards are already dealt")
        return list(cards)

    def _verify_receive(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The cards of a draw; returns those that come to light (not back from the pile)."""
        name = self.names[seat]
        if self.pending[seat] == 0:
            raise IllegalActionError(f"{name} is not waiting for cards from the draw")
        if len(cards) != self.pending[seat]:
            raise IllegalActionError(f"{name} drew {self.pending[seat]} cards, not {len(cards)}")
        # When the stock runs out (six or seven players under the bigger draw), the
        # discards of the players who drew before are shuffled to finish the draw.
        reshuffled = self.reshuffled_for(seat)
        from_pile = [c for c in cards if c in self.discards]
        if len(from_pile) > reshuffled:
            raise IllegalActionError(
                f"{from_pile[0]} is on the discard pile" + (
                    "" if reshuffled == 0 else
                    f"; only {reshuffled} of {name}'s cards come from the reshuffled discards"))
        own = self.own_discards.get(seat, ())
        mine = [c for c in from_pile if c in own]
        if mine:
            raise IllegalActionError(f"{mine[0]} is {name}'s own discard: it is not reshuffled for {name}")
        return [c for c in cards if c not in from_pile]

    def _verify_show(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """A hand shown; returns the cards that come to light.

        "Showdown: if two or more players are still in, they show their hands." A show
        belongs to the showdown of the hand being played (under Declare your hand, the
        declarations are part of it: "at the showdown each player must name their hand"),
        by a player still in, and holds every card known of that hand."""
        name = self.names[seat]
        if self.phase not in ("showdown", "declare"):
            raise IllegalActionError(
                f"'{name} shows {format_cards(cards)}' is out of place: a hand is shown only at the "
                f"showdown, and this is the {self.phase_name()} of hand {self.hand_number}")
        if not self.in_hand[seat]:
            raise IllegalActionError(f"{name} has folded; a folded hand is not shown")
        if len(cards) != HAND_SIZE:
            raise IllegalActionError(f"a hand shown is five cards, not {len(cards)}")
        known = [c for c in self.hands[seat] if c is not None]
        missing = [c for c in known if c not in cards]
        if missing:
            raise IllegalActionError(f"{name} holds {' '.join(map(str, missing))}, which the hand shown lacks")
        if seat == self.opener and self.rules.jacks_or_better:
            self._verify_opening_shown(seat, cards)
        return [c for c in cards if c not in known]

    def _verify_opening_shown(self, seat: int, cards: Sequence[Card]) -> None:
        """"Jacks or better: you may only open with at least a pair of Jacks." An opening
        hand not known when it was bet is checked once the show proves what it was: every
        hand the opener may have opened with, given the cards shown, is below Jacks."""
        candidates = self._opening_hands(seat, cards)
        if not candidates:
            return
        best = max(hand_strength(hand, self.rules.ruleset) for hand in candidates)
        if best < JACKS_OR_BETTER:
            name = self.names[seat]
            held = describe(best).description
            raise IllegalActionError(
                f"'{name} shows {format_cards(cards)}' proves that {name} opened with "
                f"{'at best ' if len(candidates) > 1 else ''}{held}: jacks or better is needed to open")

    def _opening_hands(self, seat: int, shown: Sequence[Card]) -> list[list[Card]]:
        """Every hand the opener may have opened with, given the hand shown now (none when
        the opening hand was known, and checked, when it was bet, or when the opener drew
        without naming the cards thrown away).

        The opening hand is the cards thrown away and the cards kept; the cards kept are
        the hand shown less the cards drawn, which are known when a ``receives`` line gave
        them and otherwise any of the shown cards not known to be kept."""
        opening = self.opening_hand or ()
        if all(c is not None for c in opening):
            return []
        discards = self.own_discards.get(seat, ())
        if len(discards) != (self.drawn[seat] or 0):
            return []  # "draws N": the cards thrown away are not known
        received = self.received.get(seat, ())
        pool = [c for c in shown if c not in received]
        kept_known = [c for c in opening if c is not None and c not in discards]
        size = HAND_SIZE - len(discards)
        return [[*kept, *discards] for kept in combinations(pool, size)
                if all(c in kept for c in kept_known)]

    def reshuffled_for(self, seat: int) -> int:
        """How many of the cards this player draws come from the reshuffled discards: the
        stock is 52 less the cards dealt and the cards drawn by those who drew before."""
        stock = 52 - HAND_SIZE * sum(self.dealt)
        for i in self._draw_order():
            if i == seat:
                break
            stock -= self.drawn[i] or 0
        return max(0, (self.drawn[seat] or 0) - max(0, stock))
