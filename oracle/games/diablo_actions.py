"""Diablo's action lines and rule options: the small value types of ``oracle.games.diablo``.

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
from dataclasses import dataclass, fields
from typing import Any, Mapping

from oracle.cards import Card, format_cards, parse_cards
from oracle.errors import CardParseError, FieldError, InvalidActionError, Problem, ScenarioError
from oracle.errors import did_you_mean as suggest
from oracle.eval.strength import CATEGORY_ORDER

# The word a player's action line starts with after the name; chance lines have their own.
PLAYER_VERBS = ("checks", "bets", "calls", "raises to", "folds", "draws", "discards",
                "stands pat", "declares")
CHANCE_VERBS = ("is dealt", "receives", "shows")
TABLE = "Table"
STOP_LINE = "Table agrees to stop"

# Declarable hands: the evaluator's categories, written with spaces ("two pair").
DECLARABLE = tuple(slug.replace("_", " ") for slug in CATEGORY_ORDER)

_LINE = re.compile(
    r"^(?P<name>\S(?:.*?\S)?)\s+(?P<verb>checks|bets|calls|raises\s+to|folds|draws|discards|"
    r"stands\s+pat|declares|is\s+dealt|receives|shows)(?:\s+(?P<arg>.*?))?\s*$"
)


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
                f"cannot read the action {text!r}: expected a name and one of "
                f"{', '.join(PLAYER_VERBS + CHANCE_VERBS)} (or {STOP_LINE!r})"
            )
        name, verb, arg = match["name"], " ".join(match["verb"].split()), match["arg"]
        if verb in ("checks", "calls", "folds", "stands pat"):
            if arg:
                raise InvalidActionError(f"{verb!r} takes nothing after it in {text!r}")
            kind = {"checks": "check", "calls": "call", "folds": "fold", "stands pat": "pat"}[verb]
            return cls(player=name, kind=kind)
        if arg is None:
            raise InvalidActionError(f"{verb!r} needs {_WANTS[verb]} in {text!r}")
        if verb in ("bets", "raises to", "draws"):
            if not re.fullmatch(r"\d+", arg):
                raise InvalidActionError(f"{verb!r} needs a whole number of chips or cards, not {arg!r} in {text!r}")
            amount = int(arg)
            if verb == "draws" and amount == 0:
                raise InvalidActionError(f"drawing no cards is written '{name} stands pat', not {text!r}")
            if amount == 0:
                raise InvalidActionError(f"{verb!r} needs at least 1 chip in {text!r}")
            kind = {"bets": "bet", "raises to": "raise", "draws": "draw"}[verb]
            return cls(player=name, kind=kind, amount=amount)
        if verb == "declares":
            category = " ".join(arg.lower().replace("_", " ").split())
            if category not in DECLARABLE:
                raise InvalidActionError(
                    f"unknown hand {arg!r} in {text!r}; declare one of: {', '.join(DECLARABLE)}"
                )
            return cls(player=name, kind="declare", category=category)
        try:
            cards = tuple(parse_cards(arg))
        except CardParseError as exc:
            raise InvalidActionError(f"{exc} (in the action {text!r})") from None
        if not cards:
            raise InvalidActionError(f"{verb!r} needs cards in {text!r}")
        if any(card.suit is None or card.rank is None for card in cards):
            raise InvalidActionError(f"Diablo's cards need a rank and a suit (no Joker) in {text!r}")
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
        raise InvalidActionError(f"unknown action kind {self.kind!r}")


# The least value of each whole-number option, and what it means (for the error message).
_LEAST = {"ante": 0, "bet_min": 1, "bet_max": 1, "after_draw_factor": 1, "max_raises": 0, "pot_cap": 0}
_MEANS = {
    "ante": "chips each player antes; 0 for no ante",
    "bet_min": "the smallest bet, in chips",
    "bet_max": "the largest bet, in chips",
    "after_draw_factor": "bet limits after the draw are multiplied by it; 1 keeps them",
    "max_raises": "raises allowed per betting round; 0 for none",
    "pot_cap": "the most an opener pays into a new pot; 0 for no cap",
}


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
class DiabloRules:
    """The limits and variants a table agrees before play (``rules:`` in a scenario).

    Defaults follow the rulebook's own suggestion: "Agree limits before you start, for
    example: bets and raises of 1-5 chips (double after the draw), at most four raises per
    round"."""

    ante: int = 1
    bet_min: int = 1
    bet_max: int = 5
    after_draw_factor: int = 2
    max_raises: int = 4
    pot_cap: int = 0
    bigger_draw: bool = False
    jacks_or_better: bool = False
    declare_hand: bool = False
    diablo_rule: bool = True
    dealers_choice: bool = False

    @classmethod
    def from_mapping(cls, rules: Mapping[str, Any]) -> "DiabloRules":
        """Read the merged rules. Every fault is reported, at the option's name: ``FieldError``
        for one, ``ScenarioError`` for several (the caller puts ``"rules"`` in front)."""
        problems = cls.problems(rules)
        if len(problems) == 1:
            raise FieldError(problems[0].path, problems[0].message)
        if problems:
            raise ScenarioError(problems)
        return cls(**{f.name: rules[f.name] for f in fields(cls) if f.name in rules})

    @classmethod
    def problems(cls, rules: Mapping[str, Any]) -> list[Problem]:
        """Every rule option that is not a value this game can play with: a name that is not
        an option (the scenario loader drops those before us, other callers may not), a value
        of the wrong type, or one out of range, or two that disagree."""
        if not isinstance(rules, Mapping):
            return [Problem((), f"rules are a mapping of rule option to value, got {rules!r}")]
        names = [f.name for f in fields(cls)]
        found: list[Problem] = []
        for key in rules:
            if key not in names:
                found.append(Problem((key,), f"unknown rule option {key!r}{suggest(key, names)}"))
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in rules:
                continue
            value = rules[f.name]
            if isinstance(f.default, bool):
                if not isinstance(value, bool):
                    found.append(Problem((f.name,), f"must be true or false, got {value!r}"))
                    continue
            elif not isinstance(value, int) or isinstance(value, bool):
                found.append(Problem((f.name,), f"must be a whole number, got {value!r}"))
                continue
            else:
                least = _LEAST.get(f.name, 0)
                if value < least:
                    found.append(Problem((f.name,), f"must be {least} or more ({_MEANS[f.name]}), got {value}"))
                    continue
            values[f.name] = value
        bet_min = values.get("bet_min", cls.bet_min if "bet_min" not in rules else None)
        bet_max = values.get("bet_max", cls.bet_max if "bet_max" not in rules else None)
        if bet_min is not None and bet_max is not None and bet_max < bet_min:
            where = "bet_max" if "bet_max" in rules else "bet_min"
            found.append(Problem((where,), f"bet_max ({bet_max}) must be at least bet_min ({bet_min})"))
        return found

    def limits(self, betting_round: int) -> tuple[int, int]:
        """Smallest and largest bet or raise step in a round: "double after the draw"."""
        factor = self.after_draw_factor if betting_round == 2 else 1
        return self.bet_min * factor, self.bet_max * factor

    @property
    def max_discard(self) -> int:
        """2, or 3 under the bigger draw (4 when the card kept is an Ace: see the engine)."""
        return 3 if self.bigger_draw else 2
