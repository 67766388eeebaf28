"""Diablo's legal moves: the checks behind every action (``verify_*`` raise the reason,
``can``/``can_*`` answer yes or no) and the lists of legal actions, as a mixin of
``oracle.games.diablo.DiabloGame``. The game facts the checks rest on live here too."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from oracle.cards import Card, Rank
from oracle.errors import IllegalActionError, InvalidActionError
from oracle.eval import DIABLO, strength_of_codes
from oracle.eval.strength import CATEGORY_ORDER, PAIR, decode, describe, encode
from oracle.games.diablo_actions import DECLARABLE, TABLE, Action

# ----------------------------------------------------------------------------- game facts
MIN_SEATS, MAX_SEATS = 3, 7  # "Players: 3-7, each for themselves."
HAND_SIZE = 5
# "Jacks or better: you may only open with at least a pair of Jacks."
JACKS_OR_BETTER = encode(PAIR, (11, 0, 0, 0, 0))
PHASES = ("bet", "draw", "declare", "showdown", "over")


def hand_strength(cards: Sequence[Card]) -> int:
    return strength_of_codes([c.code for c in cards], DIABLO)


def declared_strength(cards: Sequence[Card], declared: str) -> int | None:
    """The strength a declared hand counts for, or None when it claims more than is held.

    "Declare your hand: at the showdown each player must name their hand; the cards don't
    'speak for themselves'." Naming the kind of hand the cards make counts as the hand
    itself. Naming a lower kind is allowed (the better hand holds the claim) but then the
    cards do not speak: the hand counts as the bare kind named, with no ranks, so it beats
    every lower kind, ties another bare claim of its kind and loses to any real hand of it.
    Naming a higher kind than the cards make is not allowed."""
    category = CATEGORY_ORDER.index(declared.replace(" ", "_"))
    actual = hand_strength(cards)
    held = decode(actual)[0]
    if held == category:
        return actual
    if held < category:
        return None
    return encode(category, (0, 0, 0, 0, 0))


class LegalMoves:
    """Checks and legal-action lists; every method reads the state and changes nothing."""

    # ------------------------------------------------------------------ checks on actions
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

    def phase_name(self) -> str:
        return {
            "bet": f"{'first' if self.betting_round == 1 else 'second'} betting round",
            "draw": "draw",
            "declare": "declaration of hands",
            "showdown": "showdown",
            "over": "end of the game",
        }[self.phase]

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
        hand = self.hands[seat]
        if kind == "deal":
            if self.actions_this_hand:
                raise IllegalActionError(f"{name}'s cards can be dealt only before anyone acts in the hand")
            if len(cards) != HAND_SIZE:
                raise IllegalActionError(f"a deal is five cards, not {len(cards)}")
            if any(c is not None for c in hand):
                raise IllegalActionError(f"{name}'s cards are already dealt")
            new = list(cards)
        elif kind == "receive":
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
            new = [c for c in cards if c not in from_pile]
        else:
            if not self.in_hand[seat]:
                raise IllegalActionError(f"{name} has folded; a folded hand is not shown")
            if len(cards) != HAND_SIZE:
                raise IllegalActionError(f"a hand shown is five cards, not {len(cards)}")
            known = [c for c in hand if c is not None]
            missing = [c for c in known if c not in cards]
            if missing:
                raise IllegalActionError(f"{name} holds {' '.join(map(str, missing))}, which the hand shown lacks")
            new = [c for c in cards if c not in known]
        for card in new:
            owner = self._where_is(card)
            if owner:
                raise IllegalActionError(f"{card} is already {owner}")

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

    def _where_is(self, card: Card) -> str | None:
        for i in range(self.n):
            if card in self.hands[i]:
                return f"in {self.names[i]}'s hand"
        if card in self.discards:
            return "on the discard pile"
        return None

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

    # ------------------------------------------------------------------ legal moves
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, amounts spelled out one by one."""
        if self.to_act is None:
            return [Action(player=TABLE, kind="stop")] if self._stop_ok() else []
        seat, name = self.to_act, self.names[self.to_act]
        out: list[Action] = []
        if self.phase == "bet":
            out += [Action(player=name, kind=k) for k in ("check", "call", "fold")]
            low, high = self.rules.limits(self.betting_round)
            out += [Action(player=name, kind="bet", amount=a) for a in range(low, high + 1)]
            out += [Action(player=name, kind="raise", amount=self.current_bet + a) for a in range(low, high + 1)]
        elif self.phase == "draw":
            out.append(Action(player=name, kind="pat"))
            hand = self.hands[seat]
            if any(c is None for c in hand):
                out += [Action(player=name, kind="draw", amount=k) for k in range(1, self.max_draw(seat) + 1)]
            else:
                for k in range(1, 5):
                    out += [Action(player=name, kind="discard", cards=tuple(sub)) for sub in combinations(hand, k)]
        elif self.phase == "declare":
            out += [Action(player=name, kind="declare", category=c) for c in DECLARABLE]
        out = [a for a in out if self.can(a)]
        if self._stop_ok():
            out.append(Action(player=TABLE, kind="stop"))
        return out

    def _stop_ok(self) -> bool:
        try:
            self.verify_stop()
        except IllegalActionError:
            return False
        return True

    def legal_summary(self) -> list[dict[str, Any]]:
        """The legal actions with bets and raises as ranges: ``{"action": "bets", "min": 1,
        "max": 5}``; ``{"action": "calls", "amount": 2}``; draws with the number of cards."""
        actions = self.legal_actions()
        out: list[dict[str, Any]] = []
        for kind, word in (("check", "checks"), ("call", "calls"), ("bet", "bets"),
                           ("raise", "raises to"), ("fold", "folds"), ("pat", "stands pat"),
                           ("draw", "draws"), ("discard", "discards"), ("declare", "declares"),
                           ("stop", "agrees to stop")):
            mine = [a for a in actions if a.kind == kind]
            if not mine:
                continue
            entry: dict[str, Any] = {"action": word}
            if kind in ("bet", "raise", "draw"):
                entry["min"] = min(a.amount for a in mine)
                entry["max"] = max(a.amount for a in mine)
            elif kind == "call":
                seat = self.to_act
                entry["amount"] = min(self.current_bet - self.round_bets[seat], self.chips[seat])
            elif kind == "discard":
                entry["min"] = min(len(a.cards) for a in mine)
                entry["max"] = max(len(a.cards) for a in mine)
                entry["choices"] = len(mine)
            elif kind == "declare":
                entry["hands"] = [a.category for a in mine]
            entry["example"] = str(mine[0])
            out.append(entry)
        return out

    def waiting_for(self) -> list[str]:
        """Chance lines the game waits for before it can go on (a showdown of unknown hands)."""
        if self.phase == "showdown" or (self.phase == "declare" and self.to_act is not None
                                        and self.to_act in self.unknown_hands()):
            return [f"{self.names[i]} shows <five cards>" for i in self.unknown_hands()]
        return []

