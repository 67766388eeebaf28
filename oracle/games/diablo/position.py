"""A Diablo scenario's ``position:`` read into a table: the seats, the dealer, a carried or
Diablo pot, the first deal's known cards, and the action lines played since.

Every bad field is named at its path: one as a ``FieldError``, several as one
``ScenarioError``. Paths are relative to ``position``, except a rule option's, which start
with ``"rules"``."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from oracle.cards import parse_cards
from oracle.errors import (
    CardParseError,
    FieldError,
    IllegalActionError,
    InvalidActionError,
    InvalidHandError,
    Problem,
    raise_problems,
)
from oracle.errors import did_you_mean as suggest, nearest

from .actions import TABLE, Action
from .engine import DiabloGame
from .rules import DEFAULT_CHIPS, HAND_SIZE, MAX_SEATS, MIN_SEATS, DiabloRules

POSITION_KEYS = ("seats", "dealer", "pot", "diablo", "called_by", "hands", "history")
SEAT_KEYS = ("name", "chips")
ENTRY_KEYS = {"seats": SEAT_KEYS}  # the keys of each entry of a field (``GameInfo.entry_keys``)


def _not_a_seat(value: Any, names: Sequence[str]) -> str:
    close = nearest(value, names) if isinstance(value, str) else None
    return (f"{value!r} is not one of the seats ({', '.join(names)})"
            + (f"; did you mean {close!r}?" if close else ""))


def _read_seats(seats: Any) -> tuple[list[str], list[int], list[Problem]]:
    problems: list[Problem] = []
    names: list[str] = []
    chips: list[int] = []
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        got = f"{len(seats)} seats" if isinstance(seats, list) else repr(seats)
        return names, chips, [Problem(("seats",), f"give {MIN_SEATS} to {MAX_SEATS} seats in clockwise order, "
                                                  f"each {{name: ..., chips: ...}}; got {got}")]
    for k, entry in enumerate(seats):
        if not isinstance(entry, Mapping):
            problems.append(Problem(("seats", k), f"each seat is {{name: ..., chips: ...}}, got {entry!r}"))
            continue
        mistyped = set()
        for key in entry:
            if key not in SEAT_KEYS:
                problems.append(Problem(("seats", k, key), f"unknown key {key!r}{suggest(key, SEAT_KEYS)}"))
                mistyped.add(nearest(key, SEAT_KEYS))
        raw = entry.get("name")
        if raw is None:
            if "name" not in mistyped:  # a mistyped 'name' is reported once, above
                problems.append(Problem(("seats", k), "missing 'name': every seat needs a player's name"))
            continue
        if not isinstance(raw, str) or not raw.strip():
            problems.append(Problem(("seats", k, "name"), f"a player's name is text, got {raw!r}"))
            continue
        name = " ".join(raw.split())
        value = entry.get("chips", DEFAULT_CHIPS)
        if name == TABLE:
            problems.append(Problem(("seats", k, "name"), f"{TABLE!r} is reserved for 'Table agrees to stop'"))
        if name in names:
            problems.append(Problem(("seats", k, "name"), f"two seats are named {name!r}"))
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(Problem(("seats", k, "chips"), f"chips must be a whole number 0 or more, got {value!r}"))
            value = 0
        names.append(name)
        chips.append(value)
    return names, chips, problems


def _read_table(position: Mapping[str, Any], names: list[str], chips: list[int],
                problems: list[Problem]) -> dict[str, Any]:
    """The fields that name seats or amounts: ``dealer``, ``called_by``, ``pot``, ``diablo``,
    and the shapes of ``hands`` and ``history``. Faults go to ``problems``; a bad field is
    read as its default so the others can still be checked."""

    def seat_of(key: str, default: int) -> int:
        value = position.get(key)
        if value is None:
            return default
        name = " ".join(value.split()) if isinstance(value, str) else value
        if name not in names:
            problems.append(Problem((key,), _not_a_seat(value, names)))
            return default
        return names.index(name)

    dealer = seat_of("dealer", 0)
    called_by = seat_of("called_by", dealer)
    pot = position.get("pot", 0)
    if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
        problems.append(Problem(("pot",), f"the pot carried into this deal is a whole number 0 or more, got {pot!r}"))
        pot = 0
    diablo = position.get("diablo", False)
    if not isinstance(diablo, bool):
        problems.append(Problem(("diablo",), f"true or false: true when the pot is a running Diablo pot "
                                             f"(no antes this deal), got {diablo!r}"))
    elif diablo and pot == 0 and not any(p.path == ("pot",) for p in problems):
        problems.append(Problem(("diablo",), "a running Diablo pot needs its amount under 'pot'"))
    if sum(1 for c in chips if c > 0) < 2:
        problems.append(Problem(("seats",), "at least two players need chips to play a hand"))
    elif chips[dealer] == 0 and not any(p.path == ("dealer",) for p in problems):
        problems.append(Problem(("dealer",), f"{names[dealer]} has no chips and has dropped out; choose another dealer"))
    hands = position.get("hands")
    if hands is None:
        hands = {}
    if not isinstance(hands, Mapping):
        problems.append(Problem(("hands",), f"hands is a mapping from a seat's name to its five cards, got {hands!r}"))
        hands = {}
    for name in hands:
        if name not in names:
            problems.append(Problem(("hands", name), _not_a_seat(name, names)))
    history = position.get("history")
    if history is None:
        history = []
    if not isinstance(history, list):
        problems.append(Problem(("history",), f"history is a list of action lines such as "
                                              f"'{names[0]} bets 2', got {history!r}"))
    return {"dealer": dealer, "called_by": called_by, "pot": pot, "diablo": diablo,
            "hands": hands, "history": history}


def _deal_hands(game: DiabloGame, hands: Mapping[str, Any]) -> list[Problem]:
    """Deal the position's known hands: every hand that cannot be dealt is a problem."""
    problems = []
    for name, text in hands.items():
        try:
            cards = parse_cards(text) if isinstance(text, str) else None
            if cards is None:
                raise CardParseError(f"cards are written as text such as '9h 9c 2s 2d Kd', got {text!r}")
            if any(c.suit is None or c.rank is None for c in cards):
                raise InvalidHandError("Diablo's cards need a rank and a suit (no Joker)")
            game.do(Action(player=name, kind="deal", cards=tuple(cards)))
        except (CardParseError, InvalidHandError, IllegalActionError) as exc:
            problems.append(Problem(("hands", name), str(exc)))
    return problems


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> DiabloGame:
    """Read a scenario's position: the table before a deal, the first deal's known cards,
    and the action lines played since.

    Every fault of the rules, the seats, the table fields and the shape of ``hands`` and
    ``history`` is reported at once; then every hand dealt; then the history, up to its
    first bad line (the lines after it depend on it)."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a Diablo position is a mapping with seats, dealer, hands, history")
    problems: list[Problem] = [Problem(("rules", *p.path), p.message) for p in DiabloRules.problems(rules)]
    names, chips, seat_problems = _read_seats(position.get("seats"))
    problems += seat_problems
    if seat_problems:
        raise_problems(problems)  # the fields below name seats: they cannot be read without them
    table = _read_table(position, names, chips, problems)
    raise_problems(problems)
    game = DiabloGame.new(names=names, chips=chips, dealer=table["dealer"],
                          rules=DiabloRules.from_mapping(rules), pot=table["pot"],
                          diablo=table["diablo"], called_by=table["called_by"])
    raise_problems(_deal_hands(game, table["hands"]))
    game.history.clear()  # the position's own deal is not part of the history
    for k, line in enumerate(table["history"]):
        try:
            game.do(line)
        except (InvalidActionError, IllegalActionError) as exc:
            raise FieldError(("history", k), str(exc)) from None
    return game


def number_field(path: tuple, position: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[int, int | None, int] | None:
    """A whole-number field a search (``oracle find``) may leave open, as (least, most, step),
    or None: a seat's chips and the pot carried in (0 or more; the rulebook sets no top)."""
    if (len(path) == 3 and path[0] == "seats" and path[2] == "chips") or path == ("pot",):
        return (0, None, 1)
    return None


def field_size(path: tuple, position: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[int, int | None, str] | None:
    """How many items a field holds whatever they are (``GameInfo.field_size``): the seats
    ("Players: 3-7") and each hand dealt ("a deal is five cards")."""
    if path == ("seats",):
        return (MIN_SEATS, MAX_SEATS, f"a table has {MIN_SEATS} to {MAX_SEATS} seats")
    if len(path) == 2 and path[0] == "hands":
        return (HAND_SIZE, HAND_SIZE, "a Diablo hand is five cards")
    return None
