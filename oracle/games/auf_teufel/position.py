"""Auf Teufel komm raus positions: a scenario's ``position`` mapping read into a
``RoundState`` (format in docs/games/auf-teufel-komm-raus.md), its history applied. Every bad
field is a ``FieldError`` or ``ScenarioError`` naming it."""

from __future__ import annotations

import re
from typing import Any, Mapping

from oracle.errors import FieldError, IllegalActionError, InvalidActionError, Problem, ScenarioError
from oracle.solve.dp.coal import Oven

from .actions import Action
from .engine import do_action
from .resolution import pact_holders
from .rules import (
    CHIP_UNIT,
    COAL_SET,
    DEVILS,
    MAX_CHIPS,
    MAX_PIECE_VALUE,
    MAX_PIECES,
    OPTIONS,
    STANDARD_CHIPS,
    STANDARD_OVEN,
    check_rules,
    track_marks,
)
from .state import Player, RoundState

POSITION_KEYS = ("players", "start_player", "oven", "coal_set", "bank", "round", "history")
PLAYER_KEYS = ("name", "chips", "pact")
ENTRY_KEYS = {"players": PLAYER_KEYS}  # the keys of each entry of a field (``GameInfo.entry_keys``)


def read_int(value: Any, path: tuple, *, minimum: int = 0, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(path, f"expected a whole number, got {value!r}")
    if value < minimum:
        raise FieldError(path, f"must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise FieldError(path, f"must be at most {maximum:,}, got {value:,}")
    return value


def _read_oven(raw: Any, path: tuple) -> Oven:
    if not isinstance(raw, Mapping):
        raise FieldError(path, f"expected a mapping of piece value to count, got {raw!r}")
    numbered: dict[int, int] = {}
    devils = 0
    for key, count in raw.items():
        count = read_int(count, path + (key,), maximum=MAX_PIECES)
        if str(key).strip().lower() in ("devil", "devils"):
            devils = count
            continue
        # Any whole number: the game's pieces are worth 10 to 100, but a scenario may pose
        # another stopping problem (the red-and-black card game has pieces worth -1).
        if isinstance(key, bool) or not re.fullmatch(r"\s*[-+]?[0-9]+\s*", str(key)):
            raise FieldError(path + (key,), f"expected a piece value (a whole number) or 'devils', got {key!r}")
        value = int(str(key))
        if abs(value) > MAX_PIECE_VALUE:
            raise FieldError(path + (key,), f"a piece is worth at most {MAX_PIECE_VALUE:,} either way, not {value:,}")
        numbered[value] = numbered.get(value, 0) + count
    if sum(numbered.values()) + devils > MAX_PIECES:
        raise FieldError(path, f"at most {MAX_PIECES} pieces in all, got {sum(numbered.values()) + devils:,}")
    return Oven.of(numbered, devils)


def _read_player(raw: Any, i: int, rules: Mapping[str, Any], problems: list[Problem]) -> tuple[Player, bool | None] | None:
    """One entry of ``players``: the player and the ``pact`` it gives (None: derive it), or
    None with the problems appended."""
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
        problems.append(Problem(("players", i), "expected {name: ..., chips: ...}"))
        return None
    name = raw["name"].strip()
    if not name or name != raw["name"]:
        # Action lines are read with surrounding spaces trimmed, so a name must have none.
        problems.append(Problem(("players", i, "name"), f"expected a name without outer spaces, got {raw['name']!r}"))
        return None
    try:
        chips = read_int(raw.get("chips", rules["start_chips"]), ("players", i, "chips"), maximum=MAX_CHIPS)
        if chips % CHIP_UNIT:
            raise FieldError(("players", i, "chips"), f"chips come in tens, not {chips}")
    except FieldError as exc:
        problems.append(Problem(exc.path, exc.message))
        return None
    pact = raw.get("pact")
    if pact is not None and not isinstance(pact, bool):
        problems.append(Problem(("players", i, "pact"), f"expected true or false, got {pact!r}"))
    unknown = set(raw) - set(PLAYER_KEYS)
    if unknown:
        problems.append(Problem(("players", i), f"unknown keys {sorted(unknown)}"))
    return Player(raw["name"], chips), pact


def _read_players(position: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Player]:
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise FieldError(("players",), "expected a list of at least 2 players")
    problems: list[Problem] = []
    read = [_read_player(raw, i, rules, problems) for i, raw in enumerate(raw_players)]
    if problems:
        raise ScenarioError(problems)
    players = [player for player, _ in read]
    names = [p.name.lower() for p in players]
    if len(set(names)) != len(names):
        raise FieldError(("players",), "two players share a name")
    if "bank" in names:
        # Payments name the bank as "bank"; a player of that name would be ambiguous.
        raise FieldError(("players", names.index("bank"), "name"), "'bank' is the bank's name, not a player's")
    derived = pact_holders([p.chips for p in players], track_marks(rules))
    for (p, given), auto in zip(read, derived):
        p.pact = auto if given is None else given
        if p.chips == 0:
            p.stake = 0  # "A player who currently owns no betting chips cannot bid."
    return players


def _read_start(raw: Any, players: list[Player]) -> int:
    if isinstance(raw, str):
        matches = [i for i, p in enumerate(players) if p.name.lower() == raw.lower()]
        if not matches:
            raise FieldError(("start_player",), f"no player named {raw!r}")
        return matches[0]
    start = read_int(raw, ("start_player",))
    if start >= len(players):
        raise FieldError(("start_player",), f"only {len(players)} players")
    return start


def _read_ovens(position: Mapping[str, Any]) -> tuple[Oven, Oven]:
    """(the oven now, the whole coal set); the oven holds at most what the set does."""
    coal_set = _read_oven(position["coal_set"], ("coal_set",)) if "coal_set" in position else STANDARD_OVEN
    oven = _read_oven(position["oven"], ("oven",)) if "oven" in position else coal_set
    for v, c in zip(oven.values, oven.counts):
        if c > coal_set.count(v):
            raise FieldError(("oven", v), f"{c} pieces worth {v}, but the game has {coal_set.count(v)}")
    if oven.devils > coal_set.devils:
        raise FieldError(("oven", "devils"), f"{oven.devils} devils, but the game has {coal_set.devils}")
    return Oven.of({v: oven.count(v) for v in coal_set.values}, oven.devils), coal_set


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> RoundState:
    rules = {**{o.name: o.default for o in OPTIONS}, **dict(rules)}
    check_rules(rules)
    players = _read_players(position, rules)
    start = _read_start(position.get("start_player", 0), players)
    oven, coal_set = _read_ovens(position)
    total_chips = sum(v * c for v, c in STANDARD_CHIPS.items())
    bank = read_int(position.get("bank", max(0, total_chips - sum(p.chips for p in players))), ("bank",))
    state = RoundState(
        players=players,
        start=start,
        oven=oven,
        coal_set=coal_set,
        bank=bank,
        round_no=read_int(position.get("round", 1), ("round",), minimum=1),
        rules=rules,
        round_start_chips=[p.chips for p in players],
    )
    history = position.get("history", [])
    if not isinstance(history, list):
        raise FieldError(("history",), "expected a list of action lines")
    for k, line in enumerate(history):
        try:
            do_action(state, Action.parse(line))
        except (InvalidActionError, IllegalActionError) as exc:
            raise FieldError(("history", k), str(exc)) from None
    return state


def number_field(path: tuple, position: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[int, int | None, int] | None:
    """A whole-number field of a position that a search (``oracle find``) may leave open, as
    (least, most, step), or None: the oven's counts (at most what the coal set holds of that
    value: "48 coal pieces"), and a player's chips (0 to 100,000, in tens: chips come in tens)."""
    if len(path) == 2 and path[0] == "oven":
        coal = position.get("coal_set")
        if isinstance(coal, Mapping) and isinstance(coal.get(path[1]), int) and not isinstance(coal.get(path[1]), bool):
            return (0, coal[path[1]], 1)
        if coal is None:
            return (0, DEVILS if path[1] == "devils" else COAL_SET.get(path[1], 0), 1)
        return None
    if len(path) == 3 and path[0] == "players" and path[2] == "chips":
        return (0, MAX_CHIPS, CHIP_UNIT)
    return None
