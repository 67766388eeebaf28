"""Drawing Dead's action lines: one move as a value whose text round-trips, and the choices
made when a role is played, as written after the role's name.

The engine that checks and applies them is ``engine.TurnEngine``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oracle.cards import Card
from oracle.errors import CardParseError, InvalidActionError
from oracle.text import quote

from .rules import CARD_TOKEN


@dataclass(frozen=True, kw_only=True)
class RoleChoice:
    """The choices made when a role is played, as written after the role's name: ``word``
    is taking, trashing or swapping; ``card`` the upcard aimed at (taken, trashed, or for
    swapping the player's own upcard going back to the stash); ``owner`` the opponent
    holding it; ``give`` the stash card swapping puts up."""

    word: str
    card: Card
    owner: str | None = None
    give: Card | None = None

    def text(self) -> str:
        if self.word == "swapping":
            return f"swapping {self.give} for {self.card}"
        return f"{self.word} {self.card} from {self.owner}"


@dataclass(frozen=True, kw_only=True)
class Action:
    """One move, with a text form that round-trips: ``Action.parse(str(a)) == a``.

    Kinds: draw, keep (Fast Draft), pick (Advanced Draft), play-card, play-role, stop,
    pass ("all pass": nobody stops the pending role), claim, end, trash, win; at a table
    whose decks are in an unknown order, the cards a line brings are named in it: ``dealt``
    (``Anna is dealt 9h Kd and Sheriff``), ``draw`` (``Anna draws 9h Kd and Duke``) and
    ``receive`` (``Anna receives 3c 4d``, the cards a role draws). ``cards`` and ``roles``
    hold what such a line names."""

    kind: str
    player: str | None = None
    card: Card | None = None
    role: str | None = None
    choice: RoleChoice | None = None
    cards: tuple[Card, ...] = ()
    roles: tuple[str, ...] = ()

    _FIXED = {"draws": "draw", "claims the Button": "claim", "ends the turn": "end",
              "wins the hand": "win"}
    _NAMED = {"keeps": "keep", "picks": "pick", "stops with": "stop"}
    # Lines that may name the cards they bring (a table that draws from real decks).
    _NAMING = {"draws": "draw", "is dealt": "dealt", "receives": "receive"}

    @classmethod
    def parse(cls, text: str) -> "Action":
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is a line of text, not {type(text).__name__}")
        line = " ".join(text.split())
        if line.lower() == "all pass":
            return cls(kind="pass")
        m = re.match(r"^(\S+) (.+)$", line)
        if not m:
            raise InvalidActionError(f"cannot read action {quote(text)}: expected '<player> <verb> ...'")
        player, rest = m.groups()
        for words, kind in cls._NAMING.items():
            if rest.lower() == words.lower() or rest.lower().startswith(words.lower() + " "):
                cards, roles = _named(rest[len(words):], text)
                return cls(kind=kind, player=player, cards=cards, roles=roles)
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
            f"cannot read action {quote(text)}: verbs are draws, keeps, picks, plays, stops with, "
            "claims the Button, ends the turn, trashes, wins the hand, is dealt, receives (or 'all pass')")

    @classmethod
    def _parse_play(cls, player: str, rest: str, text: str) -> "Action":
        card = _card_token(rest)
        if card is not None:
            return cls(kind="play-card", player=player, card=card)
        m = re.match(r"^(.+?) (taking|trashing) (\S+) from (\S+)$", rest)
        if m:
            up = _card_token(m.group(3))
            if up is None:
                raise InvalidActionError(f"{quote(m.group(3))} is not a card in {quote(text)}")
            return cls(kind="play-role", player=player, role=m.group(1),
                       choice=RoleChoice(word=m.group(2), card=up, owner=m.group(4)))
        m = re.match(r"^(.+?) swapping (\S+) for (\S+)$", rest)
        if m:
            give, up = _card_token(m.group(2)), _card_token(m.group(3))
            if give is None or up is None:
                raise InvalidActionError(f"expected 'swapping <card> for <card>' in {quote(text)}")
            return cls(kind="play-role", player=player, role=m.group(1),
                       choice=RoleChoice(word="swapping", card=up, give=give))
        if re.match(r"^\S{1,3}$", rest) and not rest.isalpha():
            raise InvalidActionError(f"{quote(rest)} is not a poker card (write e.g. 9h, Ts, Jk) in {quote(text)}")
        return cls(kind="play-role", player=player, role=rest)

    def __str__(self) -> str:
        if self.kind == "pass":
            return "all pass"
        for words, kind in self._NAMING.items():
            if kind == self.kind:
                return " ".join([f"{self.player} {words}", *map(str, self.cards)]
                                + ([("and " if self.cards else "") + ", ".join(self.roles)] if self.roles else []))
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


def _named(rest: str, text: str) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """What a dealt, draw or receive line names: poker cards first, then (after ``and`` when
    cards came first) role names separated by commas. Role names are checked by the engine."""
    words = rest.split()
    cards: list[Card] = []
    while words and CARD_TOKEN.match(words[0]):
        cards.append(_card_token(words.pop(0)))
    if words and cards:
        if words[0].lower() != "and":
            raise InvalidActionError(f"{quote(words[0])} is not a card (write e.g. 9h, Ts, Jk) in {quote(text)}")
        words.pop(0)
        if not words:
            raise InvalidActionError(f"name the role card after 'and' in {quote(text)}")
    roles = tuple(r.strip() for r in " ".join(words).split(",")) if words else ()
    if any(not r for r in roles):
        raise InvalidActionError(f"an empty role name in {quote(text)}: separate role names with commas")
    for role in roles:
        if re.match(r"^\S{1,3}$", role) and not role.isalpha():
            raise InvalidActionError(f"{quote(role)} is not a poker card (write e.g. 9h, Ts, Jk) in {quote(text)}")
    return tuple(cards), roles


def _card_token(text: str) -> Card | None:
    text = text.strip()
    if not CARD_TOKEN.match(text):
        return None
    try:
        return Card.parse(text)
    except CardParseError as exc:  # pragma: no cover - the pattern admits only cards
        raise InvalidActionError(str(exc)) from None
