"""Diablo's action lines: the ``Action`` value type, read from a line and printed back the same.

An action is one short line that parses and prints back the same::

    Anna checks            Anna bets 2           Ben calls          Carla raises to 8
    Dan folds              Anna draws 1          Ben discards 9h Kd Carla stands pat
    Anna declares flush    Table agrees to stop

and the chance events a scenario may give (or leave out, so the cards stay unknown)::

    Anna is dealt Ah Jh 8h 5h 3c      Ben receives 2s 2d      Ben shows 9h 9c 2s 2d Kd

``Anna draws 0`` is not a line: standing pat is written ``Anna stands pat``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from oracle.cards import Card, format_cards, parse_cards
from oracle.errors import CardParseError, InvalidActionError
from oracle.text import quote

from .rules import DECLARABLE

# The word a player's action line starts with after the name; chance lines have their own.
PLAYER_VERBS = ("checks", "bets", "calls", "raises to", "folds", "draws", "discards",
                "stands pat", "declares")
CHANCE_VERBS = ("is dealt", "receives", "shows")
TABLE = "Table"
STOP_LINE = "Table agrees to stop"

_LINE = re.compile(
    r"^(?P<name>\S(?:.*?\S)?)\s+(?P<verb>checks|bets|calls|raises\s+to|folds|draws|discards|"
    r"stands\s+pat|declares|is\s+dealt|receives|shows)(?:\s+(?P<arg>.*?))?\s*$"
)
# What each verb needs after it, for the message when it is missing.
_WANTS = {
    "bets": "a number of chips",
    "raises to": "the new total for the round",
    "draws": "a number of cards",
    "discards": "the cards thrown away",
    "declares": "a hand such as 'flush'",
    "is dealt": "five cards",
    "receives": "the cards drawn",
    "shows": "the five cards held",
}


@dataclass(frozen=True, kw_only=True)
class Action:
    """One action line. ``kind`` is one of ``check bet call raise fold draw discard pat declare``
    (a player's choice), ``deal receive show`` (chance: cards coming to light) or ``stop``.

    ``amount`` is the bet, the raise's new total for the round, or the number of cards drawn;
    ``cards`` the cards named; ``category`` a declared hand (``"four of a kind"``)."""

    player: str
    kind: str
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    category: str | None = None

    @property
    def is_chance(self) -> bool:
        return self.kind in ("deal", "receive", "show")

    @classmethod
    def parse(cls, text: str) -> "Action":
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is a line of text, got {type(text).__name__}")
        line = " ".join(text.split())
        if line.lower() == STOP_LINE.lower():
            return cls(player=TABLE, kind="stop")
        match = _LINE.match(line)
        if not match:
            raise InvalidActionError(
                f"cannot read the action {quote(text)}: expected a name and one of "
                f"{', '.join(PLAYER_VERBS + CHANCE_VERBS)} (or {quote(STOP_LINE)})"
            )
        name, verb, arg = match["name"], " ".join(match["verb"].split()), match["arg"]
        if verb in ("checks", "calls", "folds", "stands pat"):
            if arg:
                raise InvalidActionError(f"{quote(verb)} takes nothing after it in {quote(text)}")
            kind = {"checks": "check", "calls": "call", "folds": "fold", "stands pat": "pat"}[verb]
            return cls(player=name, kind=kind)
        if arg is None:
            raise InvalidActionError(f"{quote(verb)} needs {_WANTS[verb]} in {quote(text)}")
        if verb in ("bets", "raises to", "draws"):
            if not re.fullmatch(r"\d+", arg):
                raise InvalidActionError(f"{quote(verb)} needs a whole number of chips or cards, not {quote(arg)} in {quote(text)}")
            amount = int(arg)
            if verb == "draws" and amount == 0:
                raise InvalidActionError(f"drawing no cards is written '{name} stands pat', not {quote(text)}")
            if amount == 0:
                raise InvalidActionError(f"{quote(verb)} needs at least 1 chip in {quote(text)}")
            kind = {"bets": "bet", "raises to": "raise", "draws": "draw"}[verb]
            return cls(player=name, kind=kind, amount=amount)
        if verb == "declares":
            category = " ".join(arg.lower().replace("_", " ").split())
            if category not in DECLARABLE:
                raise InvalidActionError(
                    f"unknown hand {quote(arg)} in {quote(text)}; declare one of: {', '.join(DECLARABLE)}"
                )
            return cls(player=name, kind="declare", category=category)
        try:
            cards = tuple(parse_cards(arg))
        except CardParseError as exc:
            raise InvalidActionError(f"{exc} (in the action {quote(text)})") from None
        if not cards:
            raise InvalidActionError(f"{quote(verb)} needs cards in {quote(text)}")
        if any(card.suit is None or card.rank is None for card in cards):
            raise InvalidActionError(f"Diablo's cards need a rank and a suit (no Joker) in {quote(text)}")
        kind = {"discards": "discard", "is dealt": "deal", "receives": "receive", "shows": "show"}[verb]
        return cls(player=name, kind=kind, cards=cards)

    def __str__(self) -> str:
        p = self.player
        match self.kind:
            case "check":
                return f"{p} checks"
            case "bet":
                return f"{p} bets {self.amount}"
            case "call":
                return f"{p} calls"
            case "raise":
                return f"{p} raises to {self.amount}"
            case "fold":
                return f"{p} folds"
            case "draw":
                return f"{p} draws {self.amount}"
            case "pat":
                return f"{p} stands pat"
            case "discard":
                return f"{p} discards {format_cards(self.cards)}"
            case "declare":
                return f"{p} declares {self.category}"
            case "deal":
                return f"{p} is dealt {format_cards(self.cards)}"
            case "receive":
                return f"{p} receives {format_cards(self.cards)}"
            case "show":
                return f"{p} shows {format_cards(self.cards)}"
            case "stop":
                return STOP_LINE
        raise InvalidActionError(f"unknown action kind {quote(self.kind)}")
