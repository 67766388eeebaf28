"""Hell of a Deal Bosses as data: one ``Boss`` row per card, read by the round engine and the
solvers alike.

Every Boss ability in the rulebook is a setting here, so a designer can write a new Boss in a
scenario (``boss_from_mapping``) from the same settings without touching code:

- ``hole_cards`` dealt to him and ``max_hole_used`` he may use (``None``: all of them);
- ``default_hand`` (his "default minimum hand"; our rulebook does not print them, so a
  scenario gives each one) and ``soul_penalty`` per losing player;
- ``big_table``: faced again until a player wins, and Souls he cannot be paid lose the game;
- restrictions on players: ``bans_board_high_card`` (Eenie Meanie), ``banned_ranks``,
  ``tolls`` (toll cards dealt, The Boatman), ``no_healing``, ``no_folding``,
  ``discard_favors``, ``player_hand_cards`` and ``player_cards_face_up``;
- round events: ``curse_per_favor`` (Miss Fortune), ``heart_tax`` (Demona),
  ``extra_draws`` (Dedly Aloor), ``stack_reveals`` (Jack Potts), ``blackjack`` and
  ``draws_while_at_most`` (Red Jack).

The rulebook spells the first Boss both "Dedly Aloor" and "Deadly Aloor"; both names find him.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping, Sequence

from oracle.cards import Card, Rank, check_cards, parse_cards
from oracle.errors import FieldError, OracleError, Problem, did_you_mean, nearest, raise_problems

DEFAULT_SOUL_PENALTY = 2
BIG_TABLE_SOUL_PENALTY = 4


@dataclass(frozen=True, kw_only=True)
class Boss:
    """One Boss card. ``default_hand`` is ``None`` until a scenario gives it."""

    name: str
    ability: str = ""
    hole_cards: int = 2
    # How many of his own cards (hole cards plus toll cards) he may use; None: all of them.
    max_hole_used: int | None = 2
    default_hand: tuple[Card, ...] | None = None
    soul_penalty: int = DEFAULT_SOUL_PENALTY
    big_table: bool = False
    bans_board_high_card: bool = False
    banned_ranks: frozenset[Rank] = frozenset()
    tolls: int = 0
    no_healing: bool = False
    no_folding: bool = False
    discard_favors: bool = False
    player_hand_cards: int = 3
    player_cards_face_up: bool = False
    curse_per_favor: bool = False
    heart_tax: bool = False
    extra_draws: bool = False
    stack_reveals: int = 0
    blackjack: bool = False
    # Red Jack draws at showdown while his blackjack total is at most this.
    draws_while_at_most: int | None = None
    aliases: tuple[str, ...] = field(default=())
    # A Boss of a scenario's own (declared with ``new: true``), not a card of the rulebook.
    designer: bool = False
    # A Boss card the rulebook does not print, named at a table by what it reads
    # (``table_boss``): his default hand is the card's, his special rules are not modelled.
    unmodelled: bool = False

    @property
    def slug(self) -> str:
        return boss_key(self.name)

    def with_default_hand(self, cards: tuple[Card, ...] | None) -> "Boss":
        return replace(self, default_hand=cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hole_cards": self.hole_cards,
            "max_hole_used": self.max_hole_used,
            "default_hand": None if self.default_hand is None else [str(c) for c in self.default_hand],
            "soul_penalty": self.soul_penalty,
            "big_table": self.big_table,
            "from_rulebook": not (self.designer or self.unmodelled),
        }


def boss_key(name: str) -> str:
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


BOSSES: dict[str, Boss] = {
    b.name: b
    for b in (
        Boss(
            name="Dedly Aloor",
            aliases=("Deadly Aloor",),
            extra_draws=True,
            ability=(
                "At any time on their turn, players may draw an additional card and may choose "
                "to suffer 1 Temptation. If they do not suffer 1 Temptation, DEDLY ALOOR draws "
                "an additional card as well."
            ),
        ),
        Boss(
            name="Eenie Meanie",
            bans_board_high_card=True,
            ability=(
                "The current High Card of the Community board, as well as any cards of matching "
                "value, cannot be used by players. (Treat Aces as High cards)"
            ),
        ),
        Boss(
            name="Jack Potts",
            stack_reveals=3,
            ability=(
                "After the Flop, reveal 3 cards from the deck. Any cards matching the value of a "
                "Community card are stacked onto the matching card (Max 1). Discard the rest. "
                "Repeat for the Turn and River. Added cards are legal Community cards."
            ),
        ),
        Boss(
            name="Miss Fortune",
            curse_per_favor=True,
            ability="If you play a Favor, draw a Curse for next round.",
        ),
        Boss(
            name="Demona",
            heart_tax=True,
            ability=(
                "Whenever a heart is placed into the Flop, Turn, or River: players must suffer a "
                "Temptation or Fold. Players who don't Fold may bet TWO chips on their next bet."
            ),
        ),
        Boss(
            name="The Boatman",
            tolls=1,
            ability=(
                "After hands are dealt: deal 1 face-up \"Toll\" card next to THE BOATMAN. "
                "Players can't use cards matching a Toll card's value in their scoring hand "
                "unless they pay a Soul. THE BOATMAN may use the Toll card in their scoring hand."
            ),
        ),
        Boss(
            name="Red Jack",
            player_hand_cards=2,
            player_cards_face_up=True,
            blackjack=True,
            draws_while_at_most=16,
            max_hole_used=None,
            ability=(
                "Deal players 2 face-up cards, not 3. If at anytime your hand totals over 21, "
                "suffer a Temptation & draw a Curse. At exactly 21, you earn 1 Soul. After Jack "
                "reveals in the Showdown, deal cards to his hand until the total is over 16. He "
                "can use all the cards as part of his hand. If over 21, he must use his default "
                "hand."
            ),
        ),
        Boss(
            name="Nick Hauss",
            hole_cards=3,
            max_hole_used=3,
            soul_penalty=BIG_TABLE_SOUL_PENALTY,
            big_table=True,
            no_healing=True,
            ability=(
                "Play against Nick until at least 1 player Wins. Deal Nick 3 cards. He may use "
                "all 3 in his scoring hand. Players cannot heal Temptation."
            ),
        ),
        Boss(
            name="The Devil Himself",
            hole_cards=3,
            max_hole_used=3,
            soul_penalty=BIG_TABLE_SOUL_PENALTY,
            big_table=True,
            discard_favors=True,
            no_folding=True,
            ability=(
                "Play against The Devil until at least 1 player Wins. Deal The Devil 3 cards. He "
                "may use all 3. Players must discard all previously drawn Favor cards. You may "
                "not Fold."
            ),
        ),
    )
}

# "Place them into a face-down stack in this order, with Dedly Aloor being the topmost card.
# Place Nick Hauss underneath ... place one [Devil Himself] at random underneath Nick Hauss."
STANDARD_BOSS_ORDER = (
    "Dedly Aloor",
    "Eenie Meanie",
    "Miss Fortune",
    "Demona",
    "Nick Hauss",
    "The Devil Himself",
)
MINION_NAMES = tuple(n for n, b in BOSSES.items() if not b.big_table)


def lookup_boss(name: str, table: Mapping[str, Boss] | None = None) -> Boss | None:
    """The Boss called ``name`` or an alias of it, ignoring case, spaces and punctuation."""
    table = BOSSES if table is None else table
    key = boss_key(name)
    for boss in table.values():
        if key == boss_key(boss.name) or key in (boss_key(a) for a in boss.aliases):
            return boss
    return None


def boss_suggestion(name: str, table: Mapping[str, Boss] | None = None) -> str:
    """``"; did you mean 'Demona'?"`` (or the Bosses known) for a name that is no Boss."""
    table = BOSSES if table is None else table
    spellings = {boss_key(n): boss.name for boss in table.values() for n in (boss.name, *boss.aliases)}
    close = nearest(boss_key(name), list(spellings))
    if close is not None:
        return f"; did you mean {spellings[close]!r}?"
    return did_you_mean(name, list(table), "known Bosses")


def find_boss(name: str, table: Mapping[str, Boss] | None = None) -> Boss:
    """Look a Boss up by name or alias, ignoring case, spaces and punctuation; an unknown name
    raises ``OracleError`` with the nearest Boss."""
    boss = lookup_boss(name, table)
    if boss is None:
        raise OracleError(f"unknown Boss {name!r}{boss_suggestion(name, table)}")
    return boss


def parse_default_hand(text: Any, path: tuple[str | int, ...]) -> tuple[Card, ...]:
    """A default minimum hand such as ``"Q Q T T"`` (or a list of card texts): one to five
    cards, suits optional. A number or a mapping is refused, not read as a card."""
    items = list(text) if isinstance(text, (list, tuple)) else [text]
    for item in items:
        if not isinstance(item, str):
            raise FieldError(path, f"a default hand is cards as text such as 'Q Q T T', got {text!r}")
    text = " ".join(items)
    try:
        cards = tuple(parse_cards(str(text)))
        check_cards(cards, minimum=1, maximum=5, what="default minimum hand")
    except OracleError as exc:
        raise FieldError(path, str(exc)) from exc
    return cards


_INT_FIELDS = ("hole_cards", "soul_penalty", "tolls", "player_hand_cards", "stack_reveals")
# "using 1 card is mandatory" for the Boss, "You must use one of your hole cards" for players.
_AT_LEAST_ONE = ("hole_cards", "player_hand_cards")
_BOOL_FIELDS = (
    "big_table",
    "bans_board_high_card",
    "no_healing",
    "no_folding",
    "discard_favors",
    "player_cards_face_up",
    "curse_per_favor",
    "heart_tax",
    "extra_draws",
    "blackjack",
)
BOSS_FIELDS = tuple(f.name for f in fields(Boss) if f.name not in ("aliases", "designer", "unmodelled"))
# Besides the settings, a mapping may say ``new: true``: a Boss of the scenario's own.
BOSS_KEYS = (*BOSS_FIELDS, "new")


def boss_from_mapping(
    data: Mapping[str, Any], path: tuple[str | int, ...] = (), base: Boss | None = None
) -> Boss:
    """A Boss from a scenario mapping. With ``base`` (a Boss of the table, found by
    ``name``) only the settings given change; otherwise every unset setting takes the
    dataclass default and the Boss is a designer's (``designer``). ``soul_penalty`` defaults to
    4 for a ``big_table`` Boss. Whether a new name needs ``new: true`` is the position's rule
    (``position``); this only reads the settings. Every bad setting is named: one as a
    ``FieldError``, several as one ``ScenarioError``."""
    if not isinstance(data, Mapping):
        raise FieldError(path, "a Boss is a mapping of settings")
    problems: list[Problem] = []
    for key in data:
        if key not in BOSS_KEYS:
            problems.append(Problem((*path, key), f"unknown Boss setting {key!r}{did_you_mean(key, BOSS_KEYS, 'settings')}"))
    if not isinstance(data.get("new", False), bool):
        problems.append(Problem((*path, "new"), f"new must be true or false, got {data['new']!r}"))
    if not isinstance(data.get("name"), str) or not data["name"].strip():
        problems.append(Problem((*path, "name"), f"a Boss needs a name, got {data.get('name')!r}"))
    changes: dict[str, Any] = {"name": data.get("name")}
    for key in _INT_FIELDS:
        if key in data:
            value = data[key]
            low = 1 if key in _AT_LEAST_ONE else 0
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                problems.append(Problem((*path, key), f"{key} must be a whole number >= {low}, got {value!r}"))
            changes[key] = value
    for key in ("max_hole_used", "draws_while_at_most"):
        if key in data:
            value = data[key]
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                problems.append(Problem((*path, key), f"{key} must be a whole number >= 1 or null, got {value!r}"))
            changes[key] = value
    for key in _BOOL_FIELDS:
        if key in data:
            if not isinstance(data[key], bool):
                problems.append(Problem((*path, key), f"{key} must be true or false, got {data[key]!r}"))
            changes[key] = data[key]
    if "ability" in data:
        changes["ability"] = str(data["ability"])
    if "banned_ranks" in data:
        changes["banned_ranks"] = _banned_ranks(data["banned_ranks"], (*path, "banned_ranks"), problems)
    if "default_hand" in data:
        raw = data["default_hand"]
        try:
            changes["default_hand"] = None if raw is None else parse_default_hand(raw, (*path, "default_hand"))
        except FieldError as exc:
            problems.append(Problem(exc.path, exc.message))
    raise_problems(problems)
    if base is None:
        if changes.get("big_table") and "soul_penalty" not in changes:
            changes["soul_penalty"] = BIG_TABLE_SOUL_PENALTY
        boss = Boss(**changes, designer=True)
    else:
        boss = replace(base, **changes)
    return boss


def _banned_ranks(raw: Any, path: tuple[str | int, ...], problems: list[Problem]) -> frozenset[Rank]:
    """The values a Boss bans (``["7"]`` or ``"7 8"``); each bad one to ``problems``."""
    ranks = set()
    items = raw if isinstance(raw, (list, tuple)) else str(raw).split()
    for i, item in enumerate(items):
        try:
            card = Card.parse(str(item))
        except OracleError as exc:
            problems.append(Problem((*path, i), str(exc)))
            continue
        if card.rank is None:
            problems.append(Problem((*path, i), "the Joker is not a value"))
            continue
        ranks.add(card.rank)
    return frozenset(ranks)


# ---------------------------------------------------------------------------------------
# Red Jack's count.

def blackjack_value(card: Card) -> int:
    """"An Ace can be counted as "11" or "1". Face cards are counted as "10"." """
    if card.rank is Rank.ACE:
        return 11
    return min(card.value, 10)


def blackjack_total(cards: Sequence[Card]) -> int:
    """The best blackjack total: Aces count 11 while that keeps the total at 21 or less."""
    total = sum(blackjack_value(c) for c in cards)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    while total > 21 and aces:
        total -= 10
        aces -= 1
    return total
