"""Diablo's rules in play: every player action as verify / can / do, and the flow of a hand
from the antes through the first betting round, the draw and the second round to the
showdown (``resolution``), hand after hand until the table stops.

``verify(action)`` raises ``IllegalActionError`` with the reason, ``can(action)`` answers yes
or no, ``do(action)`` verifies, applies and returns the line applied. Cards not given in a
scenario stay unknown (``None``); chance lines (``is dealt``, ``receives``, ``shows``) bring
them to light and are checked against what is known.

``DiabloGame`` is the table: the ``TableState`` values with these rules, the ``Resolution``
of a hand and the ``LegalMoves`` lists mixed in, one concern a class."""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from oracle.cards import Card, Rank, format_cards
from oracle.errors import IllegalActionError, InvalidActionError
from oracle.eval.strength import describe

from .actions import TABLE, Action
from .moves import LegalMoves
from .resolution import Resolution
from .rules import HAND_SIZE, JACKS_OR_BETTER, DiabloRules, declared_strength, hand_strength
from .state import TableState


class Checks(TableState):
    """The verify and can faces of every action; they read the table and change nothing."""

    def _need_turn(self, seat: int, phase: str, what: str) -> None:
        if self.phase == "over":
            raise IllegalActionError(f"the game is over ({self.game_over_reason}); no one may {what}")
        if self.phase != phase:
            raise IllegalActionError(
                f"{self.names[seat]} cannot {what} now: this is the {self.phase_name()}"
            )
        if self.to_act != seat:
            who = "nobody" if self.to_act is None else self.names[self.to_act]
            raise IllegalActionError(f"it is not {self.names[seat]}'s turn: {who} is to act")

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
            if all(c is not None for c in hand) and hand_strength(hand) < JACKS_OR_BETTER:
                raise IllegalActionError(
                    f"{name} cannot open with {describe(hand_strength(hand)).description}: "
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
        if declared_strength(hand, category) is None:
            raise IllegalActionError(
                f"{self.names[seat]} cannot declare {category}: "
                f"the cards make {describe(hand_strength(hand)).description}"
            )

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
        best = max(hand_strength(hand) for hand in candidates)
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

    def reshuffled_for(self, seat: int) -> int:
        """How many of the cards this player draws come from the reshuffled discards: the
        stock is 52 less the cards dealt and the cards drawn by those who drew before."""
        stock = 52 - HAND_SIZE * sum(self.dealt)
        for i in self._draw_order():
            if i == seat:
                break
            stock -= self.drawn[i] or 0
        return max(0, (self.drawn[seat] or 0) - max(0, stock))

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


class Play(TableState):
    """The do face: applying a verified action, and the flow of a hand it sets off."""

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


class DiabloGame(Play, Checks, Resolution, LegalMoves):
    """The table between two actions: ``new`` deals the first hand, ``do`` plays a line."""

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
