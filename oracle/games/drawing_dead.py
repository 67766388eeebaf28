"""Drawing Dead (2017): the turn engine, the Button, chips and pot.

Each turn a player draws 2 poker cards and 1 role card into a hidden STASH, then plays
cards from it: role cards for free, poker cards as UPCARDS for a 1-chip bet each (free with
no chips). A player whose upcards make a strictly better hand than the BUTTON holder's may
claim the Button; whoever starts a turn holding it wins the hand and the pot. Hands are
upcards only, ranked by ``oracle.eval.DRAWING_DEAD`` (the Joker wild, partial hands
ranked, best five of more).

Chance is seeded: decks are ordered lists (top first) and every reshuffle draws from a
``random.Random`` keyed by the position's seed and a shuffle counter, so a position plus
its history always gives the same game. The oracle sees every stash: it answers for a
table where everything is known. Rulebook readings are in docs/games/drawing-dead.md.

The game's other modules: ``drawing_dead_actions`` (action lines), ``drawing_dead_roles``
(role texts as data), ``drawing_dead_position`` (setup and reading a position) and
``drawing_dead_questions`` (registration and question kinds).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from oracle.cards import Card
from oracle.errors import IllegalActionError
from oracle.eval import DRAWING_DEAD, evaluate, strength
from oracle.games.drawing_dead_actions import Action
from oracle.games.drawing_dead_roles import (
    Role, RoleChoice, RoleTable, apply_role_effect, role_choices, verify_role_choice,
)
from oracle.registry import RuleOption

# Declared game facts ("Setup", "On Your Turn", "Winning the Game").
START_CHIPS = 15
START_POKER = 2
START_ROLES = 1
DRAW_POKER = 2
UPCARD_LIMIT = 5
STASH_LIMIT = 5
POT_REFILL = 5
ADVANCED_DRAFT_DEAL = 3

OPTIONS = (
    RuleOption("box_chips", 40, "chips in the box: players + pot + bank always add up to it"),
    RuleOption("target", 40, "chips a player needs (with the most chips) to win the game"),
    RuleOption("fast_draft", False, "Fast Draft: the role draw is replaced by a two-card draft"),
    RuleOption("advanced_draft", False, "Advanced Draft: deal 3 roles, keep 1, pass 2, keep 1"),
    RuleOption("pot_at_start", True,
               "the pot starts with 5 chips from the bank ('Whenever the pot is empty add 5')"),
    RuleOption("button_after_win", "unclaimed",
               "after a hand is won the Button returns to the middle, or the winner keeps it",
               choices=("unclaimed", "winner-keeps")),
)


def hand_strength(cards) -> int:
    """The strength of a player's upcards; -1 for none (any card beats an empty hand)."""
    return strength(cards, DRAWING_DEAD) if cards else -1


def hand_json(cards) -> dict[str, Any] | None:
    if not cards:
        return None
    return evaluate(cards, DRAWING_DEAD).to_json()


def hand_words(cards) -> str:
    return str(evaluate(cards, DRAWING_DEAD)) if cards else "no upcards"


# ---------------------------------------------------------------- state

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
class State:
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

    # -- small helpers
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

    # -- who may act
    def can_stop(self, index: int, role: Role) -> bool:
        """ACE IN THE HOLE: "can be played during an opponent's turn"; in your own turn any
        stop role may answer a stop played against you."""
        return role.stops and (index == self.turn or role.ace_in_the_hole)

    def stoppers(self) -> list[tuple[int, str]]:
        top = self.chain[-1].player
        found = []
        for i, p in enumerate(self.players):
            if i == top:
                continue
            for name in dict.fromkeys(p.stash_roles):
                if self.can_stop(i, self.role_table.get(name)):
                    found.append((i, name))
        return found

    def next_picker(self) -> int | None:
        size = ADVANCED_DRAFT_DEAL - self.draft_round + 1
        for step in range(len(self.players)):
            i = (self.first + step) % len(self.players)
            if len(self.players[i].draft) == size:
                return i
        return None

    def to_act(self) -> list[str]:
        if self.phase == "over":
            return []
        if self.phase == "advanced-draft":
            picker = self.next_picker()
            return [] if picker is None else [self.players[picker].name]
        if self.phase == "respond":
            return list(dict.fromkeys(self.players[i].name for i, _ in self.stoppers()))
        return [self.players[self.turn].name]

    def must_win_hand(self) -> bool:
        return self.phase == "start" and self.button == self.turn and not self.hand_won

    def over_limits(self) -> bool:
        me = self.players[self.turn]
        return len(me.upcards) > UPCARD_LIMIT or me.stash_size > STASH_LIMIT

    # -- the claim rule
    def verify_claim_hands(self, index: int) -> str:
        """Raise unless ``index``'s upcards may take the Button from its holder; returns
        why they may. "You can only claim the BUTTON if you have a better 5-card poker hand
        than the player that currently has it." FAQ: a tie cannot take it."""
        me = self.players[index]
        if self.button == index:
            raise IllegalActionError(f"{me.name} already holds the Button")
        if self.button is None:
            return "nobody holds the Button, so it may be claimed"
        holder = self.players[self.button]
        mine, theirs = hand_strength(me.upcards), hand_strength(holder.upcards)
        if mine > theirs:
            return (f"{me.name}'s {hand_words(me.upcards)} beats "
                    f"{holder.name}'s {hand_words(holder.upcards)}")
        verb = "only ties" if mine == theirs else "loses to"
        raise IllegalActionError(
            f"{me.name}'s {hand_words(me.upcards)} {verb} {holder.name}'s "
            f"{hand_words(holder.upcards)}: the Button needs a strictly better hand")

    # -- legality
    def verify(self, action: Action) -> None:
        """Raise ``IllegalActionError`` saying why ``action`` is not allowed now."""
        if self.phase == "over":
            raise IllegalActionError(f"the game is over: {self.players[self.winner].name} won")
        if action.kind == "pass":
            if self.phase != "respond":
                raise IllegalActionError("'all pass' answers a role that may be stopped; none is pending")
            return
        actor = self.index_of(action.player)
        name = self.players[actor].name
        if action.kind == "pick":
            self._verify_pick(actor, action)
            return
        if action.kind == "stop":
            self._verify_stop(actor, action)
            return
        if self.phase == "advanced-draft":
            raise IllegalActionError("the Advanced Draft comes first: each player picks a role")
        if self.phase == "respond":
            raise IllegalActionError(f"{self.chain[-1].role} is pending: stop it or 'all pass'")
        if actor != self.turn:
            raise IllegalActionError(f"it is {self.players[self.turn].name}'s turn, not {name}'s")
        expected = {"win": "start", "draw": "start", "keep": "draft", "play-card": "action",
                    "play-role": "action", "claim": "action", "end": "action", "trash": "cleanup"}
        if action.kind not in expected:
            raise IllegalActionError(f"unknown action kind {action.kind!r}")
        if self.phase != expected[action.kind]:
            raise IllegalActionError(f"'{action}' is not allowed in the {self.phase} phase"
                                     + self._phase_hint())
        me = self.players[actor]
        if action.kind == "win":
            if not self.must_win_hand():
                raise IllegalActionError(f"{name} did not start the turn holding the Button"
                                         + (" (the hand is already won)" if self.hand_won else ""))
        elif action.kind == "draw":
            if self.must_win_hand():
                raise IllegalActionError(f"{name} starts the turn with the Button and wins the hand first")
        elif action.kind == "keep":
            if self.find_role_in(action.role, self.draft_options) is None:
                raise IllegalActionError(f"{action.role!r} is not on offer ({', '.join(self.draft_options)})")
        elif action.kind == "play-card":
            if action.card not in me.stash:
                raise IllegalActionError(f"{action.card} is not in {name}'s stash")
        elif action.kind == "play-role":
            role = self.role_table.get(action.role)
            if self.find_role_in(role.name, me.stash_roles) is None:
                raise IllegalActionError(f"{name} has no {role.name} in the stash")
            verify_role_choice(self, actor, role, action.choice)
        elif action.kind == "claim":
            self.verify_claim_hands(actor)
        elif action.kind == "trash":
            self._verify_trash(me, action)

    def _phase_hint(self) -> str:
        return {"start": ": the turn starts with the draw (or the hand win)",
                "draft": ": keep one of the roles on offer first",
                "action": "", "cleanup": ": trash down to 5 upcards and 5 stash cards"}.get(self.phase, "")

    def find_role_in(self, name: str | None, names: list[str]) -> str | None:
        role = self.role_table.find(name or "")
        return role.name if role is not None and role.name in names else None

    def _verify_pick(self, actor: int, action: Action) -> None:
        if self.phase != "advanced-draft":
            raise IllegalActionError("there is no Advanced Draft going on")
        picker = self.next_picker()
        if picker != actor:
            raise IllegalActionError(f"{self.players[picker].name} picks next, not {action.player}")
        if self.find_role_in(action.role, self.players[actor].draft) is None:
            raise IllegalActionError(f"{action.role!r} is not among {action.player}'s draft cards")

    def _verify_stop(self, actor: int, action: Action) -> None:
        if self.phase != "respond":
            raise IllegalActionError("there is no role to stop right now")
        role = self.role_table.get(action.role)
        me = self.players[actor]
        if not role.stops:
            raise IllegalActionError(f"{role.name} cannot stop a role ({role.text()})")
        if self.find_role_in(role.name, me.stash_roles) is None:
            raise IllegalActionError(f"{me.name} has no {role.name} in the stash")
        if self.chain[-1].player == actor:
            raise IllegalActionError(f"{me.name} played {self.chain[-1].role} and cannot stop it")
        if not self.can_stop(actor, role):
            raise IllegalActionError(f"{role.name} is not an ACE IN THE HOLE, so {me.name} cannot "
                                     "play it in an opponent's turn")

    def _verify_trash(self, me: Player, action: Action) -> None:
        if action.card is not None:
            if action.card in me.upcards:
                if len(me.upcards) <= UPCARD_LIMIT:
                    raise IllegalActionError(f"{me.name} has no more than {UPCARD_LIMIT} upcards")
                return
            if action.card not in me.stash:
                raise IllegalActionError(f"{action.card} is neither an upcard nor in {me.name}'s stash")
        elif self.find_role_in(action.role, me.stash_roles) is None:
            raise IllegalActionError(f"{me.name} has no role {action.role!r} in the stash")
        if me.stash_size <= STASH_LIMIT:
            raise IllegalActionError(f"{me.name} has no more than {STASH_LIMIT} stash cards")

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase == "advanced-draft":
            i = self.next_picker()
            return [Action(kind="pick", player=self.players[i].name, role=r)
                    for r in dict.fromkeys(self.players[i].draft)]
        if self.phase == "respond":
            return [Action(kind="pass")] + [
                Action(kind="stop", player=self.players[i].name, role=r) for i, r in self.stoppers()]
        me = self.players[self.turn]
        if self.phase == "start":
            return [Action(kind="win" if self.must_win_hand() else "draw", player=me.name)]
        if self.phase == "draft":
            return [Action(kind="keep", player=me.name, role=r) for r in dict.fromkeys(self.draft_options)]
        if self.phase == "cleanup":
            moves = []
            if len(me.upcards) > UPCARD_LIMIT:
                moves += [Action(kind="trash", player=me.name, card=c) for c in me.upcards]
            if me.stash_size > STASH_LIMIT:
                moves += [Action(kind="trash", player=me.name, card=c) for c in me.stash]
                moves += [Action(kind="trash", player=me.name, role=r) for r in dict.fromkeys(me.stash_roles)]
            return moves
        moves = [Action(kind="play-card", player=me.name, card=c) for c in me.stash]
        for name in dict.fromkeys(me.stash_roles):
            role = self.role_table.get(name)
            choices = role_choices(self, self.turn, role) or [None]
            moves += [Action(kind="play-role", player=me.name, role=role.name, choice=c) for c in choices]
        if self.can(Action(kind="claim", player=me.name)):
            moves.append(Action(kind="claim", player=me.name))
        moves.append(Action(kind="end", player=me.name))
        return moves

    # -- applying
    def do(self, action: Action | str) -> list[str]:
        """Verify and apply one action; returns lines saying what happened."""
        if isinstance(action, str):
            action = Action.parse(action)
        self.verify(action)
        kind = action.kind
        if kind == "pass":
            return self._resolve_chain()
        actor = self.index_of(action.player)
        me = self.players[actor]
        if kind == "pick":
            return self._pick(actor, self.find_role_in(action.role, me.draft))
        if kind == "stop":
            role = self.role_table.get(action.role)
            me.stash_roles.remove(role.name)
            if actor == self.turn:
                self.played_roles.append(role.name)
            self.chain.append(ChainEntry(player=actor, role=role.name))
            target = self.chain[-2]
            return [f"{me.name} stops {self.players[target.player].name}'s {target.role} "
                    f"with {role.name}"] + self._respond_or_resolve()
        if kind == "win":
            return self.win_hand()
        if kind == "draw":
            return self._draw_step()
        if kind == "keep":
            return self._keep(self.find_role_in(action.role, self.draft_options))
        if kind == "play-card":
            me.stash.remove(action.card)
            me.upcards.append(action.card)
            if me.chips > 0:
                me.chips -= 1
                self.pot += 1
                return [f"{me.name} plays {action.card} as an upcard and bets 1 chip"]
            return [f"{me.name} plays {action.card} as an upcard for free (no chips)"]
        if kind == "play-role":
            role = self.role_table.get(action.role)
            me.stash_roles.remove(role.name)
            self.played_roles.append(role.name)
            self.chain = [ChainEntry(player=actor, role=role.name, choice=action.choice)]
            what = f" {action.choice.text()}" if action.choice else ""
            return [f"{me.name} plays {role.name}{what}"] + self._respond_or_resolve()
        if kind == "claim":
            why = self.verify_claim_hands(actor)
            self.button = actor
            return [f"{me.name} claims the Button: {why}"]
        if kind == "end":
            if self.over_limits():
                self.phase = "cleanup"
                return [f"{me.name} ends the action step and must clean up"]
            return self._next_turn()
        # trash (cleanup)
        if action.card is not None:
            zone = me.upcards if action.card in me.upcards else me.stash
            zone.remove(action.card)
            self.poker_trash.append(action.card)
        else:
            name = self.find_role_in(action.role, me.stash_roles)
            me.stash_roles.remove(name)
            self.role_trash.append(name)
        lines = [f"{me.name} trashes {action.card or action.role}"]
        return lines + (self._next_turn() if not self.over_limits() else [])

    def _respond_or_resolve(self) -> list[str]:
        if self.stoppers():
            self.phase = "respond"
            return []
        return self._resolve_chain()

    def _resolve_chain(self) -> list[str]:
        """Each stop cancels the card below it; so the role at the bottom acts when the stops
        against it are even in number. Glossary, "STOP": "It still counts as being played,
        but has no effect." Every card of the chain is trashed."""
        chain, self.chain = self.chain, []
        base = chain[0]
        role = self.role_table.get(base.role)
        stopped = (len(chain) - 1) % 2 == 1
        if stopped:
            line = f"{role.name} is stopped and trashed with no effect"
        else:
            line = apply_role_effect(self, base.player, role, base.choice)
        self.role_trash.extend(e.role for e in chain)
        self.phase = "action"
        return [line]

    def win_hand(self) -> list[str]:
        """"If your turn starts and you have the BUTTON, you win the hand!" Take the pot,
        check for the end, trash the upcards, reshuffle both decks, refill the pot."""
        me = self.players[self.turn]
        taken = self.pot
        me.chips += taken
        self.hand_won = True
        self.pot = 0
        lines = [f"{me.name} starts the turn with the Button and wins the hand: takes {taken} chip(s)"]
        winner = game_winner(self)
        if winner is not None:
            self.winner = winner
            self.phase = "over"
            return lines + [f"{self.players[winner].name} wins the game with "
                            f"{self.players[winner].chips} chips"]
        for p in self.players:
            self.poker_trash.extend(p.upcards)
            p.upcards = []
        self.poker_deck += self.poker_trash
        self.poker_trash = []
        self.next_rng().shuffle(self.poker_deck)
        self.role_deck += self.role_trash
        self.role_trash = []
        self.next_rng().shuffle(self.role_deck)
        if self.rules["button_after_win"] == "unclaimed":
            self.button = None
        added = self.refill_pot()
        return lines + [f"upcards trashed, decks reshuffled, the bank adds {added} chip(s) to the pot"]

    def _draw_step(self) -> list[str]:
        me = self.players[self.turn]
        drawn = self.draw_poker(DRAW_POKER)
        me.stash.extend(drawn)
        line = f"{me.name} draws {len(drawn)} poker card(s)"
        if not self.rules["fast_draft"]:
            role = self.draw_role()
            if role is not None:
                me.stash_roles.append(role)
            self.phase = "action"
            return [line + (" and a role card" if role else "")]
        offer = [me.passed_role] if me.passed_role else []
        me.passed_role = None
        while len(offer) < 2:
            role = self.draw_role()
            if role is None:
                break
            offer.append(role)
        self.draft_options = offer
        self.phase = "draft" if offer else "action"
        return [line + f"; roles on offer: {', '.join(offer) or 'none'}"]

    def _keep(self, name: str) -> list[str]:
        me = self.players[self.turn]
        self.draft_options.remove(name)
        me.stash_roles.append(name)
        lines = [f"{me.name} keeps {name}"]
        for other in self.draft_options:
            self.players[self.left_of(self.turn)].passed_role = other
            lines.append(f"{other} is passed to {self.players[self.left_of(self.turn)].name}")
        self.draft_options = []
        self.phase = "action"
        return lines

    def _pick(self, actor: int, name: str) -> list[str]:
        me = self.players[actor]
        me.draft.remove(name)
        me.stash_roles.append(name)
        lines = [f"{me.name} picks {name}"]
        if self.next_picker() is not None:
            return lines
        if self.draft_round == 1:
            hands = [p.draft for p in self.players]
            for i, p in enumerate(self.players):
                p.draft = hands[(i - 1) % len(self.players)]  # passed to the player on the left
            self.draft_round = 2
            return lines + ["the remaining role cards are passed to the left"]
        for p in self.players:
            self.role_trash.extend(p.draft)
            p.draft = []
        self.next_rng().shuffle(self.role_deck)
        self.phase = "start"
        self.turn = self.first
        return lines + ["the draft is over; the role deck is shuffled"]

    def _next_turn(self) -> list[str]:
        self.turn = self.left_of(self.turn)
        self.phase = "start"
        self.played_roles = []
        self.hand_won = False
        return [f"{self.players[self.turn].name}'s turn"]


def game_winner(state: State) -> int | None:
    """"If at the end of any hand you have forty or more chips and you have the most chips
    at the table, you win the game." Players tied at the top play on."""
    top = max(p.chips for p in state.players)
    leaders = [i for i, p in enumerate(state.players) if p.chips == top]
    return leaders[0] if top >= state.rules["target"] and len(leaders) == 1 else None
