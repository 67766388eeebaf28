"""Drawing Dead (2017): the turn engine, the Button, chips and pot, and its question kinds.

Each turn a player draws 2 poker cards and 1 role card into a hidden STASH, then plays
cards from it: role cards for free, poker cards as UPCARDS for a 1-chip bet each (free with
no chips). A player whose upcards make a strictly better hand than the BUTTON holder's may
claim the Button; whoever starts a turn holding it wins the hand and the pot. Hands are
upcards only, ranked by ``oracle.eval.DRAWING_DEAD`` (the Joker wild, partial hands
ranked, best five of more). Role texts are data (``drawing_dead_roles``).

Chance is seeded: decks are ordered lists (top first) and every reshuffle draws from a
``random.Random`` keyed by the position's seed and a shuffle counter, so a position plus
its history always gives the same game. The oracle sees every stash: it answers for a
table where everything is known. Rulebook readings are in docs/games/drawing-dead.md.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Mapping

from oracle.cards import Card, check_cards, format_cards, full_deck, parse_cards
from oracle.errors import (
    CardParseError, FieldError, IllegalActionError, InvalidActionError, InvalidHandError,
)
from oracle.eval import DRAWING_DEAD, evaluate, strength
from oracle.games.drawing_dead_roles import (
    CARD_TOKEN, DEFAULT_ROLES, RoleChoice, RoleTable, apply_role_effect, load_role_table, role_choices, verify_role_choice,
)
from oracle.registry import (
    Answer, GameInfo, Param, QuestionContext, RuleOption, register_game, register_question,
)

# Declared game facts ("Setup", "On Your Turn", "Winning the Game").
START_CHIPS = 15
START_POKER = 2
START_ROLES = 1
DRAW_POKER = 2
DRAW_ROLES = 1
UPCARD_LIMIT = 5
STASH_LIMIT = 5
POT_REFILL = 5
ADVANCED_DRAFT_DEAL = 3
NAME = re.compile(r"^[A-Za-z0-9_'.-]+$")

PHASES = ("advanced-draft", "start", "draft", "action", "respond", "cleanup", "over")
LOADABLE_PHASES = ("advanced-draft", "start", "draft", "action", "cleanup", "over")

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


# ---------------------------------------------------------------- actions

@dataclass(frozen=True, kw_only=True)
class Action:
    """One move, with a text form that round-trips: ``Action.parse(str(a)) == a``.

    Kinds: draw, keep (Fast Draft), pick (Advanced Draft), play-card, play-role, stop,
    pass ("all pass": nobody stops the pending role), claim, end, trash, win."""

    kind: str
    player: str | None = None
    card: Card | None = None
    role: str | None = None
    choice: RoleChoice | None = None

    _FIXED = {"draws": "draw", "claims the Button": "claim", "ends the turn": "end",
              "wins the hand": "win"}
    _NAMED = {"keeps": "keep", "picks": "pick", "stops with": "stop"}

    @classmethod
    def parse(cls, text: str) -> "Action":
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is a line of text, not {type(text).__name__}")
        line = " ".join(text.split())
        if line.lower() == "all pass":
            return cls(kind="pass")
        m = re.match(r"^(\S+) (.+)$", line)
        if not m:
            raise InvalidActionError(f"cannot read action {text!r}: expected '<player> <verb> ...'")
        player, rest = m.groups()
        for words, kind in cls._FIXED.items():
            if rest.lower() == words.lower():
                return cls(kind=kind, player=player)
        for words, kind in cls._NAMED.items():
            if rest.lower().startswith(words + " "):
                return cls(kind=kind, player=player, role=rest[len(words) + 1:])
        if rest.lower().startswith("trashes "):
            thing = rest[8:]
            card = _card_token(thing)
            return cls(kind="trash", player=player, card=card, role=None if card else thing)
        if rest.lower().startswith("plays "):
            return cls._parse_play(player, rest[6:], text)
        raise InvalidActionError(
            f"cannot read action {text!r}: verbs are draws, keeps, picks, plays, stops with, "
            "claims the Button, ends the turn, trashes, wins the hand (or 'all pass')")

    @classmethod
    def _parse_play(cls, player: str, rest: str, text: str) -> "Action":
        card = _card_token(rest)
        if card is not None:
            return cls(kind="play-card", player=player, card=card)
        m = re.match(r"^(.+?) (taking|trashing) (\S+) from (\S+)$", rest)
        if m:
            up = _card_token(m.group(3))
            if up is None:
                raise InvalidActionError(f"{m.group(3)!r} is not a card in {text!r}")
            return cls(kind="play-role", player=player, role=m.group(1),
                       choice=RoleChoice(word=m.group(2), card=up, owner=m.group(4)))
        m = re.match(r"^(.+?) swapping (\S+) for (\S+)$", rest)
        if m:
            give, up = _card_token(m.group(2)), _card_token(m.group(3))
            if give is None or up is None:
                raise InvalidActionError(f"expected 'swapping <card> for <card>' in {text!r}")
            return cls(kind="play-role", player=player, role=m.group(1),
                       choice=RoleChoice(word="swapping", card=up, give=give))
        if re.match(r"^\S{1,3}$", rest) and not rest.isalpha():
            raise InvalidActionError(f"{rest!r} is not a poker card (write e.g. 9h, Ts, Jk) in {text!r}")
        return cls(kind="play-role", player=player, role=rest)

    def __str__(self) -> str:
        if self.kind == "pass":
            return "all pass"
        for words, kind in (*self._FIXED.items(), *self._NAMED.items()):
            if kind == self.kind:
                return f"{self.player} {words}" + (f" {self.role}" if kind in self._NAMED.values() else "")
        if self.kind == "trash":
            return f"{self.player} trashes {self.card if self.card else self.role}"
        if self.kind == "play-card":
            return f"{self.player} plays {self.card}"
        if self.choice is None:
            return f"{self.player} plays {self.role}"
        return f"{self.player} plays {self.role} {self.choice.text()}"


def _card_token(text: str) -> Card | None:
    text = text.strip()
    if not CARD_TOKEN.match(text):
        return None
    try:
        return Card.parse(text)
    except CardParseError as exc:  # pragma: no cover - the pattern admits only cards
        raise InvalidActionError(str(exc)) from None


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

    def _rng(self) -> random.Random:
        self.shuffles += 1
        return random.Random(f"drawing-dead:{self.seed}:{self.shuffles}")

    def draw_poker(self, n: int) -> list[Card]:
        """Draw up to ``n`` cards; "If there are no cards in a deck, reshuffle it's trash
        pile." With deck and trash both empty, fewer are drawn."""
        drawn = []
        for _ in range(n):
            if not self.poker_deck and self.poker_trash:
                self.poker_deck, self.poker_trash = self.poker_trash, []
                self._rng().shuffle(self.poker_deck)
            if self.poker_deck:
                drawn.append(self.poker_deck.pop(0))
        return drawn

    def draw_role(self) -> str | None:
        if not self.role_deck and self.role_trash:
            self.role_deck, self.role_trash = self.role_trash, []
            self._rng().shuffle(self.role_deck)
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
            return self._win_hand()
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

    def _win_hand(self) -> list[str]:
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
        self._rng().shuffle(self.poker_deck)
        self.role_deck += self.role_trash
        self.role_trash = []
        self._rng().shuffle(self.role_deck)
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
        self._rng().shuffle(self.role_deck)
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


# ---------------------------------------------------------------- setup and positions

def _check_rules(rules: Mapping[str, Any], players: int) -> dict[str, Any]:
    merged = {o.name: o.default for o in OPTIONS} | dict(rules)
    if START_CHIPS * players > merged["box_chips"]:
        raise FieldError(("players",), f"{players} players need {START_CHIPS * players} chips but "
                         f"the box holds {merged['box_chips']}; set rules: box_chips")
    return merged


def new_game(names: list[str], rules: Mapping[str, Any] | None = None, *, seed: int = 0,
             roles: RoleTable = DEFAULT_ROLES) -> State:
    """Set up a game: the high card picks the first player, then each player gets 15 chips,
    2 poker cards and 1 role card (3 to draft under Advanced Draft)."""
    if len(names) < 2:
        raise FieldError(("players",), "Drawing Dead needs at least 2 players")
    merged = _check_rules(rules or {}, len(names))
    state = State(rules=merged, role_table=roles, players=[Player(name=n, chips=START_CHIPS) for n in names],
                  turn=0, phase="start", button=None, pot=0,
                  bank=merged["box_chips"] - START_CHIPS * len(names),
                  poker_deck=full_deck(jokers=1), role_deck=roles.deck(), seed=seed)
    state.first = state.turn = first_player(state)
    state._rng().shuffle(state.poker_deck)
    state._rng().shuffle(state.role_deck)
    deal = ADVANCED_DRAFT_DEAL if merged["advanced_draft"] else START_ROLES
    for p in state.players:
        p.stash = state.draw_poker(START_POKER)
        dealt = [state.draw_role() for _ in range(deal)]
        dealt = [r for r in dealt if r is not None]
        if merged["advanced_draft"]:
            p.draft = dealt
        else:
            p.stash_roles = dealt
    if merged["advanced_draft"]:
        state.phase = "advanced-draft"
    if merged["pot_at_start"]:
        state.refill_pot()
    return state


def first_player(state: State) -> int:
    """"Deal each player 1 face-up poker card. High card goes first!" Suits do not rank; the
    Joker is the highest card; tied players are dealt again. The cards go back to the deck,
    which is then shuffled."""
    deck = full_deck(jokers=1)
    state._rng().shuffle(deck)
    contenders = list(range(len(state.players)))
    while len(contenders) > 1 and deck:
        dealt = {i: deck.pop() for i in contenders}
        top = max(15 if c.is_joker else c.value for c in dealt.values())
        contenders = [i for i in contenders if (15 if dealt[i].is_joker else dealt[i].value) == top]
    return contenders[0]


POSITION_KEYS = ("players", "turn", "phase", "button", "pot", "bank", "poker_deck", "poker_trash",
                 "role_deck", "role_trash", "role_texts", "played_roles", "draft_options",
                 "draft_round", "first", "winner", "hand_won", "seed", "deal", "history")
PLAYER_KEYS = ("name", "chips", "stash", "stash_roles", "upcards", "passed_role", "draft")


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> State:
    """Read a position (format in docs/games/drawing-dead.md), then apply its history."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a position is a mapping")
    for key in position:
        if key not in POSITION_KEYS:
            raise FieldError((key,), f"unknown position key; known: {', '.join(POSITION_KEYS)}")
    roles = load_role_table(position["role_texts"], ("role_texts",)) if "role_texts" in position else DEFAULT_ROLES
    seed = _int(position, "seed", 0)
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise FieldError(("players",), "expected a list of at least 2 players")
    names = []
    for i, raw in enumerate(raw_players):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or not NAME.match(raw["name"]):
            raise FieldError(("players", i, "name"), "each player needs a one-word name")
        if raw["name"].lower() in (n.lower() for n in names) or raw["name"].lower() == "all":
            raise FieldError(("players", i, "name"), f"name {raw['name']!r} is taken")
        names.append(raw["name"])
    if position.get("deal"):
        state = new_game(names, rules, seed=seed, roles=roles)
    else:
        state = _read_state(position, rules, roles, names, seed)
    for i, line in enumerate(position.get("history") or []):
        try:
            state.do(Action.parse(line))
        except (IllegalActionError, InvalidActionError) as exc:
            raise FieldError(("history", i), str(exc)) from None
    return state


def _int(data: Mapping, key: str, default: int | None, path: tuple = ()) -> int:
    value = data.get(key, default)
    if value is None or not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise FieldError((*path, key), "expected a whole number of at least 0")
    return value


def _cards(data: Mapping, key: str, path: tuple) -> list[Card]:
    value = data.get(key, "")
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    try:
        cards = parse_cards(value or "")
    except CardParseError as exc:
        raise FieldError((*path, key), str(exc)) from None
    for card in cards:
        if not card.is_joker and card.suit is None:
            raise FieldError((*path, key), f"{card} needs a suit: every card in play is a real card")
    return cards


def _role_list(data: Mapping, key: str, path: tuple, roles: RoleTable) -> list[str]:
    value = data.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise FieldError((*path, key), "expected a list of role names")
    out = []
    for j, name in enumerate(value):
        role = roles.find(str(name))
        if role is None:
            raise FieldError((*path, key, j), f"no role named {name!r} (roles: {', '.join(r.name for r in roles.roles)})")
        out.append(role.name)
    return out


def _player_index(position: Mapping, key: str, names: list[str], default: int | None) -> int | None:
    value = position.get(key)
    if value is None:
        return default
    for i, n in enumerate(names):
        if str(value).lower() == n.lower():
            return i
    raise FieldError((key,), f"no player named {value!r}")


def _read_state(position, rules, roles: RoleTable, names: list[str], seed: int) -> State:
    merged = _check_rules(rules, len(names))
    players = []
    for i, raw in enumerate(position["players"]):
        for key in raw:
            if key not in PLAYER_KEYS:
                raise FieldError(("players", i, key), f"unknown player key; known: {', '.join(PLAYER_KEYS)}")
        path = ("players", i)
        passed = _role_list(raw, "passed_role", path, roles)
        players.append(Player(
            name=raw["name"], chips=_int(raw, "chips", START_CHIPS, path),
            stash=_cards(raw, "stash", path), upcards=_cards(raw, "upcards", path),
            stash_roles=_role_list(raw, "stash_roles", path, roles),
            passed_role=passed[0] if passed else None, draft=_role_list(raw, "draft", path, roles)))
    phase = position.get("phase", "start")
    if phase not in LOADABLE_PHASES:
        raise FieldError(("phase",), f"phase must be one of {', '.join(LOADABLE_PHASES)} "
                         "(a pending role is reached through history)")
    pot = _int(position, "pot", 0)
    bank = merged["box_chips"] - sum(p.chips for p in players) - pot
    if bank < 0:
        raise FieldError(("pot",), f"players and pot hold more than the box's {merged['box_chips']} chips")
    if "bank" in position and _int(position, "bank", 0) != bank:
        raise FieldError(("bank",), f"the bank must hold {bank} chips: the box holds "
                         f"{merged['box_chips']} and players and pot hold the rest")
    state = State(rules=merged, role_table=roles, players=players,
                  turn=_player_index(position, "turn", names, 0), phase=phase,
                  button=_player_index(position, "button", names, None), pot=pot, bank=bank,
                  poker_deck=_cards(position, "poker_deck", ()), poker_trash=_cards(position, "poker_trash", ()),
                  role_deck=_role_list(position, "role_deck", (), roles),
                  role_trash=_role_list(position, "role_trash", (), roles),
                  played_roles=_role_list(position, "played_roles", (), roles),
                  draft_options=_role_list(position, "draft_options", (), roles),
                  draft_round=_int(position, "draft_round", 1), seed=seed,
                  first=_player_index(position, "first", names, 0),
                  winner=_player_index(position, "winner", names, None),
                  hand_won=bool(position.get("hand_won", False)))
    _complete_decks(state, position)
    _check_phase(state)
    return state


def _complete_decks(state: State, position: Mapping) -> None:
    """Check no card is held twice; fill a deck that was left out with every card not placed
    elsewhere, shuffled by the seed."""
    cards = state.poker_cards()
    try:
        check_cards(cards, jokers_allowed=1, what="the cards placed in the position")
    except InvalidHandError as exc:
        raise FieldError(("players",), str(exc)) from None
    rest = [c for c in full_deck(jokers=1) if c not in set(cards)]
    if "poker_deck" not in position:
        state.poker_deck = rest
        state._rng().shuffle(state.poker_deck)
    elif rest:
        raise FieldError(("poker_deck",), f"{len(rest)} card(s) are nowhere, e.g. {rest[0]}: "
                         "give the whole deck or leave poker_deck out")
    counts: dict[str, int] = {}
    for name in state.role_cards():
        counts[name] = counts.get(name, 0) + 1
    missing = []
    for role in state.role_table.roles:
        extra = counts.get(role.name, 0) - role.copies
        if extra > 0:
            raise FieldError(("players",), f"{counts[role.name]} {role.name} cards placed; the game has {role.copies}")
        missing += [role.name] * -extra
    if "role_deck" not in position:
        state.role_deck = missing
        state._rng().shuffle(state.role_deck)
    elif missing:
        raise FieldError(("role_deck",), f"{len(missing)} role card(s) are nowhere, e.g. {missing[0]}")


def _check_phase(state: State) -> None:
    if state.phase == "cleanup" and not state.over_limits():
        raise FieldError(("phase",), "nothing to clean up: at most 5 upcards and 5 stash cards")
    if state.phase == "draft" and not state.draft_options:
        raise FieldError(("draft_options",), "the draft phase needs the roles on offer")
    if state.phase == "advanced-draft" and (state.draft_round not in (1, 2) or state.next_picker() is None):
        raise FieldError(("players",), "the Advanced Draft needs draft cards: 3 each in round 1, 2 in round 2")
    if state.phase == "over" and (state.winner is None or game_winner(state) != state.winner):
        raise FieldError(("winner",), "a finished game needs its winner: 40+ chips and the most")


# ---------------------------------------------------------------- answers

def summary(state: State) -> dict[str, Any]:
    name = lambda i: None if i is None else state.players[i].name  # noqa: E731
    return {
        "turn": name(state.turn),
        "phase": state.phase,
        "button": name(state.button),
        "pot": state.pot,
        "bank": state.bank,
        "chips": {p.name: p.chips for p in state.players},
        "upcards": {p.name: format_cards(p.upcards) for p in state.players},
        "stash": {p.name: format_cards(p.stash) for p in state.players},
        "stash_roles": {p.name: list(p.stash_roles) for p in state.players},
        "hands": {p.name: hand_json(p.upcards) for p in state.players},
        "played_roles": list(state.played_roles),
        "pending": [{"player": name(e.player), "role": e.role} for e in state.chain],
        "passed": {p.name: p.passed_role for p in state.players},
        "draft_options": list(state.draft_options),
        "draft": {p.name: list(p.draft) for p in state.players},
        "role_trash": list(state.role_trash),
        "poker_trash": format_cards(state.poker_trash),
        "to_act": state.to_act(),
        "winner": name(state.winner),
        "hand_won": state.hand_won,
    }


def cheapest_claim(state: State, index: int) -> dict[str, Any]:
    """The fewest chips to take the Button this turn by playing stash poker cards as upcards.

    Cost of playing k cards with c chips is min(k, c): "If you have no chips, you may play
    poker cards for free." Adding cards never weakens the best five, so the cheapest claim
    plays the smallest winning set; among equal sets the strongest hand, then deck order.
    Role cards are not used."""
    me = state.players[index]
    base = {"player": me.name, "chips_before": me.chips,
            "holder": None if state.button is None else state.players[state.button].name,
            "holder_hand": None if state.button is None else hand_json(state.players[state.button].upcards)}
    if state.button == index:
        return base | {"possible": True, "chips": 0, "cards": [], "hand": hand_json(me.upcards),
                       "reason": f"{me.name} already holds the Button"}
    target = -2 if state.button is None else hand_strength(state.players[state.button].upcards)
    for size in range(len(me.stash) + 1):
        best = None
        for subset in combinations(me.stash, size):
            value = hand_strength(me.upcards + list(subset))
            if value > target and (best is None or value > best[0]):
                best = (value, subset)
        if best is not None:
            cards = list(best[1])
            chips = min(size, me.chips)
            return base | {"possible": True, "chips": chips, "cards": [str(c) for c in cards],
                           "hand": hand_json(me.upcards + cards),
                           "reason": f"play {format_cards(cards) or 'nothing'} for {chips} chip(s): "
                                     + (f"beats {hand_words(state.players[state.button].upcards)}"
                                        if state.button is not None else "nobody holds the Button")}
    return base | {"possible": False, "chips": None, "cards": [], "hand": None,
                   "reason": f"even with the whole stash, {hand_words(me.upcards + me.stash)} does not "
                             f"beat {hand_words(state.players[state.button].upcards)}"}


def cleanup_choices(state: State, index: int, limit: int) -> dict[str, Any]:
    """Which upcards to keep at clean up: every way of keeping 5, strongest hand first."""
    me = state.players[index]
    excess_up = max(0, len(me.upcards) - UPCARD_LIMIT)
    excess_stash = max(0, me.stash_size - STASH_LIMIT)
    options = []
    for keep in combinations(me.upcards, min(len(me.upcards), UPCARD_LIMIT)):
        options.append((hand_strength(list(keep)), keep))
    options.sort(key=lambda o: -o[0])  # stable: ties keep table order
    choices = [{"keep": [str(c) for c in keep], "trash": [str(c) for c in me.upcards if c not in keep],
                "hand": hand_json(list(keep)), "strength": value} for value, keep in options[:limit]]
    best = choices[0] if choices else {"keep": [], "trash": [], "hand": None, "strength": -1}
    return {"player": me.name, "upcards_to_trash": excess_up, "stash_to_trash": excess_stash,
            "keep": best["keep"], "trash": best["trash"], "hand": best["hand"],
            "best_choices": sum(1 for v, _ in options if v == options[0][0]) if options else 0,
            "choices": choices,
            "stash": format_cards(me.stash), "stash_roles": list(me.stash_roles)}


# ---------------------------------------------------------------- registration

GAME = register_game(GameInfo(
    slug="drawing-dead", title="Drawing Dead", rulebook="drawing-dead.txt", ruleset="drawing-dead",
    options=OPTIONS, position_keys=POSITION_KEYS, load_position=load_position))

_PLAYER = {"player": Param("the player asked about (default: the player whose turn it is)")}


def _player(ctx: QuestionContext) -> int:
    name = ctx.params.get("player")
    if name is None:
        return ctx.state.turn
    index = ctx.state.find_index(str(name))
    if index is None:
        raise FieldError(("player",), f"no player named {name!r}")
    return index


@register_question(
    "drawing-dead", "can-claim",
    params=_PLAYER | {
        "hand": Param("what-if upcards for the player instead of the position's"),
        "holder_hand": Param("what-if upcards for the Button holder (someone must hold it)"),
    },
    summary="May this player claim the Button now: both hands and the verdict")
def ask_can_claim(ctx: QuestionContext) -> Answer:
    state, index = ctx.state, _player(ctx)
    what_if = "hand" in ctx.params or "holder_hand" in ctx.params
    if what_if:
        state = state.copy()
        for key, who in (("hand", index), ("holder_hand", state.button)):
            if key not in ctx.params:
                continue
            if who is None:
                raise FieldError((key,), "nobody holds the Button in this position")
            state.players[who].upcards = _what_if_hand(ctx.params[key], key)
    me = state.players[index]
    try:
        why, beats = state.verify_claim_hands(index), True
    except IllegalActionError as exc:
        why, beats = str(exc), False
    verdict = beats
    if beats and not what_if and (state.phase != "action" or state.turn != index):
        verdict = False
        why = (f"{why}, but the Button is claimed in one's own action step and it is "
               f"{state.players[state.turn].name}'s {state.phase} phase")
    holder = None if state.button is None else state.players[state.button]
    answer = {"player": me.name, "can_claim": verdict, "beats_holder": beats,
              "hand": hand_json(me.upcards), "holder": holder and holder.name,
              "holder_hand": holder and hand_json(holder.upcards), "reason": why}
    return Answer(answer=answer, explanation=f"{'Yes' if verdict else 'No'}: {why}",
                  rule="Drawing Dead: Claim the BUTTON")


def _what_if_hand(text: Any, key: str) -> list[Card]:
    """A hypothetical hand is checked alone (one deck, one Joker); two of them may share
    cards, since the question is only how they rank."""
    try:
        cards = parse_cards(text if isinstance(text, str) else " ".join(map(str, text)))
        check_cards(cards, jokers_allowed=1, what=key)
    except (CardParseError, InvalidHandError) as exc:
        raise FieldError((key,), str(exc)) from None
    return cards


@register_question("drawing-dead", "cheapest-claim", params=_PLAYER,
                   summary="The fewest chips (and which stash cards) to take the Button this turn")
def ask_cheapest_claim(ctx: QuestionContext) -> Answer:
    answer = cheapest_claim(ctx.state, _player(ctx))
    return Answer(answer=answer, explanation=answer["reason"],
                  rule="Drawing Dead: Play a Poker Card; Claim the BUTTON")


@register_question("drawing-dead", "cleanup",
                   params=_PLAYER | {"limit": Param("how many keep-choices to list (default 10)")},
                   summary="Which upcards to keep at clean up, strongest first")
def ask_cleanup(ctx: QuestionContext) -> Answer:
    limit = ctx.params.get("limit", 10)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise FieldError(("limit",), "expected a whole number of at least 1")
    answer = cleanup_choices(ctx.state, _player(ctx), limit)
    text = (f"keep {' '.join(answer['keep'])} ({answer['hand']['description'] if answer['hand'] else 'nothing'})"
            f", trash {' '.join(answer['trash']) or 'no upcard'}; {answer['stash_to_trash']} stash card(s) to trash")
    return Answer(answer=answer, explanation=text, rule="Drawing Dead: Step 3: Clean Up")


@register_question("drawing-dead", "legal-moves", summary="Every action allowed now")
def ask_legal_moves(ctx: QuestionContext) -> Answer:
    moves = [str(a) for a in ctx.state.legal_actions()]
    answer = {"phase": ctx.state.phase, "to_act": ctx.state.to_act(), "moves": moves, "count": len(moves)}
    return Answer(answer=answer, explanation=f"{len(moves)} legal move(s) in the {ctx.state.phase} phase",
                  rule="Drawing Dead: On Your Turn")


@register_question("drawing-dead", "apply",
                   params={"actions": Param("action lines to apply in order (or 'action': one line)")},
                   summary="Apply actions and show the position after them, or why one is illegal")
def ask_apply(ctx: QuestionContext) -> Answer:
    lines = ctx.params.get("actions", [ctx.params["action"]] if "action" in ctx.params else [])
    if isinstance(lines, str):
        lines = [lines]
    if not isinstance(lines, list):
        raise FieldError(("actions",), "expected a list of action lines")
    state = ctx.state.copy()
    records: list[str] = []
    for i, line in enumerate(lines):
        action = Action.parse(line)
        try:
            records += state.do(action)
        except IllegalActionError as exc:
            answer = {"legal": False, "applied": i, "failed": line, "reason": str(exc),
                      "records": records} | summary(state)
            return Answer(answer=answer, explanation=f"illegal: {exc}", rule="Drawing Dead: On Your Turn")
    answer = {"legal": True, "applied": len(lines), "records": records} | summary(state)
    return Answer(answer=answer, explanation="; ".join(records) or "nothing applied",
                  rule="Drawing Dead: On Your Turn")


@register_question("drawing-dead", "hand-end",
                   summary="If the hand ends now: who takes the pot, the bank's 5, whether the game is over")
def ask_hand_end(ctx: QuestionContext) -> Answer:
    state = ctx.state
    me = state.players[state.turn]
    if not state.must_win_hand():
        holder = "nobody holds the Button" if state.button is None else \
            f"{state.players[state.button].name} holds the Button"
        why = f"the hand ends when a turn starts with the Button; it is {me.name}'s {state.phase} phase and {holder}"
        answer = {"hand_ends": False, "reason": why, "pot": state.pot, "bank": state.bank}
        return Answer(answer=answer, explanation=why, rule="Drawing Dead: Winning Hands")
    after = state.copy()
    pot = state.pot
    after._win_hand()
    leaders = [p.name for p in after.players if p.chips == max(q.chips for q in after.players)]
    over = after.phase == "over"
    answer = {"hand_ends": True, "hand_winner": me.name, "pot_taken": pot,
              "chips": {p.name: p.chips for p in after.players},
              "game_over": over, "game_winner": after.players[after.winner].name if over else None,
              "leaders": leaders, "tied_at_top": len(leaders) > 1
              and max(p.chips for p in after.players) >= state.rules["target"],
              "bank_added": 0 if over else after.pot, "pot_after": after.pot, "bank_after": after.bank,
              "button_after": None if after.button is None else after.players[after.button].name}
    if over:
        why = f"{me.name} takes {pot} and wins the game with {after.players[after.winner].chips} chips"
    elif answer["tied_at_top"]:
        why = f"{me.name} takes {pot}; {' and '.join(leaders)} are tied at the top with 40 or more: play on"
    else:
        why = f"{me.name} takes {pot}; nobody wins yet; the bank adds {after.pot} to the pot"
    return Answer(answer=answer, explanation=why, rule="Drawing Dead: When You Win a Hand; Winning the Game")
