"""Hell of a Deal Favor cards as data.

The rulebook prints only two of the 35 Favors, as examples:

    Up Your Sleeve (Instant; Price: Temptation) - You may use a third card from your hand in
    your final scoring hand.
    Double Down (Price: Curse) - All players may raise 1 extra chip.

A Favor here is a name, a timing (``instant``: "can be played at any time, even when it is not
your turn"; ``turn``: on your turn after your Bet), a price ("either suffering a Temptation or
gaining a Curse card for next hand") and one effect from a small set of kinds. A scenario
defines more Favors under ``favors:`` with the same fields (``favor_from_mapping``).

Effect kinds (``amount`` and ``rank`` are their parameters):

- ``extra_hand_card``: the player may use ``amount`` more of their own cards at showdown;
- ``extra_chip``: every player may bet ``amount`` extra chip(s) this round;
- ``wild_rank``: cards of value ``rank`` are wild in the player's hand this round;
- ``heal``: move a chosen player's Temptation back ``amount`` spaces (Flame Barriers hold);
- ``draw_cards``: the player draws ``amount`` cards from the deck into their hand;
- ``reveal_boss_card``: a Boss hole card of the player's choice is turned face up;
- ``unmodelled``: a Favor the rulebook does not print, entered at the table by what its card
  reads (``Lucky Break (Price: Curse)``): its timing and Price are the rules', its effect is not
  modelled, so answers after it is played do not count what it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from oracle.cards import Card, Rank
from oracle.errors import FieldError, OracleError, Problem, did_you_mean, raise_problems

# "You may hold up to three Favor cards in your hand."
MAX_FAVORS = 3
TIMINGS = ("instant", "turn")
PRICES = ("none", "temptation", "curse")
EFFECT_KINDS = (
    "extra_hand_card",
    "extra_chip",
    "wild_rank",
    "heal",
    "draw_cards",
    "reveal_boss_card",
    "unmodelled",
)
# Effects whose play names another player (heal) or a card (reveal).
TARGETED_EFFECTS = ("heal", "reveal_boss_card")


@dataclass(frozen=True, kw_only=True)
class Favor:
    name: str
    timing: str = "turn"
    price: str = "none"
    price_amount: int = 1
    effect: str
    amount: int = 1
    rank: Rank | None = None
    text: str = ""

    @property
    def instant(self) -> bool:
        return self.timing == "instant"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "timing": self.timing,
            "price": self.price,
            "price_amount": self.price_amount if self.price != "none" else 0,
            "effect": self.effect,
            "amount": self.amount,
            "rank": None if self.rank is None else self.rank.value,
        }


FAVORS: dict[str, Favor] = {
    f.name: f
    for f in (
        Favor(
            name="Up Your Sleeve",
            timing="instant",
            price="temptation",
            effect="extra_hand_card",
            text="You may use a third card from your hand in your final scoring hand.",
        ),
        Favor(
            name="Double Down",
            timing="turn",
            price="curse",
            effect="extra_chip",
            text="All players may raise 1 extra chip.",
        ),
    )
}


def favor_key(name: str) -> str:
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def find_favor(name: str, table: Mapping[str, Favor] | None = None) -> Favor:
    table = FAVORS if table is None else table
    key = favor_key(name)
    for favor in table.values():
        if favor_key(favor.name) == key:
            return favor
    raise OracleError(f"unknown Favor {name!r}{did_you_mean(name, list(table), 'known Favors', favor_key)}")


def favor_from_reading(name: str, reading: str) -> Favor:
    """A Favor the rulebook does not print, from what the table reads on its card: "Instant"
    or not, and its Price ("Some Favors require a Price to play, either suffering a
    Temptation or gaining a Curse card for next hand", Hell of a Deal: Draw a Favor chip):
    ``Instant; Price: Temptation``, ``Price: Curse``, ``Instant``, ``no Price``."""
    timing, price = "turn", "none"
    for part in (p.strip() for p in reading.split(";")):
        word = part.lower()
        if word == "instant":
            timing = "instant"
        elif word in ("no price", "price: none"):
            price = "none"
        elif word.startswith("price:") and word[6:].strip().removeprefix("a ") in ("temptation", "curse"):
            price = word[6:].strip().removeprefix("a ")
        else:
            raise OracleError(f"{name}: cannot read {part!r} on the card: write what it says as "
                              "'(Instant; Price: Temptation)', '(Price: Curse)', '(Instant)' or '(no Price)'")
    return Favor(name=name.strip(), timing=timing, price=price, effect="unmodelled",
                 text=f"({reading.strip()}) a Favor the rulebook does not print: its effect is not modelled")


def reading_of(favor: Favor) -> str:
    """The card's reading as a line writes it, ``Instant; Price: Curse``."""
    parts = (["Instant"] if favor.instant else []) + (
        [f"Price: {favor.price.capitalize()}"] if favor.price != "none" else ([] if favor.instant else ["no Price"]))
    return "; ".join(parts)


# The fields of a Favor of a scenario's own.
FAVOR_KEYS = ("name", "timing", "price", "price_amount", "effect", "amount", "rank", "text")


def favor_from_mapping(data: Mapping[str, Any], path: tuple[str | int, ...] = ()) -> Favor:
    """A Favor of the scenario's own; every bad field is named: one as a ``FieldError``, several
    as one ``ScenarioError``."""
    if not isinstance(data, Mapping):
        raise FieldError(path, "a Favor is a mapping: name, timing, price, effect, amount, rank")
    problems: list[Problem] = []
    for key in data:
        if key not in FAVOR_KEYS:
            problems.append(Problem((*path, key), f"unknown Favor field {key!r}; fields: {', '.join(FAVOR_KEYS)}"))
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        problems.append(Problem((*path, "name"), f"a Favor needs a name, got {data.get('name')!r}"))
    timing = data.get("timing", "turn")
    if timing not in TIMINGS:
        problems.append(Problem((*path, "timing"), f"timing must be one of {', '.join(TIMINGS)}, got {timing!r}"))
    price = data.get("price", "none")
    if price not in PRICES:
        problems.append(Problem((*path, "price"), f"price must be one of {', '.join(PRICES)}, got {price!r}"))
    effect = data.get("effect")
    if effect not in EFFECT_KINDS:
        problems.append(Problem((*path, "effect"), f"effect must be one of {', '.join(EFFECT_KINDS)}, got {effect!r}"))
    numbers = {}
    for key in ("price_amount", "amount"):
        value = data.get(key, 1)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            problems.append(Problem((*path, key), f"{key} must be a whole number >= 1, got {value!r}"))
        numbers[key] = value
    rank = _wild_rank(data, path, problems) if effect == "wild_rank" else None
    raise_problems(problems)
    return Favor(
        name=str(data["name"]),
        timing=timing,
        price=price,
        effect=effect,
        rank=rank,
        text=str(data.get("text", "")),
        **numbers,
    )


def _wild_rank(data: Mapping[str, Any], path: tuple[str | int, ...], problems: list[Problem]) -> Rank | None:
    """The value a ``wild_rank`` Favor makes wild, or None with the problem added."""
    if "rank" not in data:
        problems.append(Problem((*path, "rank"), "a wild_rank Favor names the value made wild"))
        return None
    try:
        card = Card.parse(str(data["rank"]))
    except OracleError as exc:
        problems.append(Problem((*path, "rank"), str(exc)))
        return None
    if card.rank is None or card.suit is not None:
        problems.append(Problem((*path, "rank"), f"a value such as '2' or 'K', got {data['rank']!r}"))
        return None
    return card.rank
