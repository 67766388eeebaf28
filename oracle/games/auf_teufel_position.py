"""Auf Teufel komm raus positions: a scenario's ``position`` mapping read into a
``RoundState`` (format in docs/games/auf-teufel-komm-raus.md), its history applied."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.errors import FieldError, IllegalActionError, InvalidActionError, Problem, RulesetError, ScenarioError
from oracle.games.auf_teufel import (
    CHIP_UNIT, OPTIONS, STANDARD_CHIPS, Action, Player, RoundState, pact_holders, track_marks,
)
from oracle.registry import rule_problems
from oracle.solve.coal import Oven

POSITION_KEYS = ("players", "start_player", "oven", "coal_set", "bank", "round", "history")


# The box's chips are worth 10,680; the bank may pay more, but no table reaches this.
MAX_CHIPS = 100_000


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
        count = read_int(count, path + (key,))
        if str(key).strip().lower() in ("devil", "devils"):
            devils = count
            continue
        try:
            value = int(str(key))
        except ValueError:
            raise FieldError(path + (key,), f"expected a piece value or 'devils', got {key!r}")
        if value <= 0:
            raise FieldError(path + (key,), f"a coal piece is worth a positive amount, not {value}")
        numbered[value] = numbered.get(value, 0) + count
    return Oven.of(numbered, devils)


def check_rules(rules: Mapping[str, Any]) -> None:
    """Every rule option's value: its type (the shared check the loader also runs, for
    callers that come here directly) and its range, as a ``ScenarioError`` whose problems are
    located at ``("rules", option)`` (the loader reports them at ``rules:``)."""
    problems: list[Problem] = rule_problems(OPTIONS, rules)
    mistyped = {problem.path[1] for problem in problems}

    def whole(name: str, minimum: int) -> int | None:
        value = rules[name]
        if name in mistyped:
            return None
        if value < minimum:
            problems.append(Problem(("rules", name), f"must be at least {minimum}, not {value}"))
            return None
        return value

    # An oven left with no piece cannot go on to the next round, so at least 1.
    whole("refill_minimum", 1)
    whole("goal", 1)
    start = whole("start_chips", 0)
    if start is not None and start % CHIP_UNIT:
        problems.append(Problem(("rules", "start_chips"), f"chips come in multiples of {CHIP_UNIT}, not {start}"))
    if "track_marks" not in mistyped:
        try:
            track_marks(rules)
        except RulesetError as exc:
            problems.append(Problem(("rules", "track_marks"), str(exc).removeprefix("track_marks ")))
    if problems:
        raise ScenarioError(problems)


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> RoundState:
    rules = {**{o.name: o.default for o in OPTIONS}, **dict(rules)}
    check_rules(rules)
    problems: list[Problem] = []
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise FieldError(("players",), "expected a list of at least 2 players")
    players: list[Player] = []
    explicit_pact: list[bool | None] = []
    for i, raw in enumerate(raw_players):
        if isinstance(raw, str):
            raw = {"name": raw}
        if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
            problems.append(Problem(("players", i), "expected {name: ..., chips: ...}"))
            continue
        name = raw["name"].strip()
        if not name or name != raw["name"]:
            # Action lines are read with surrounding spaces trimmed, so a name must have none.
            problems.append(Problem(("players", i, "name"), f"expected a name without outer spaces, got {raw['name']!r}"))
            continue
        try:
            chips = read_int(raw.get("chips", rules["start_chips"]), ("players", i, "chips"), maximum=MAX_CHIPS)
            if chips % CHIP_UNIT:
                raise FieldError(("players", i, "chips"), f"chips come in tens, not {chips}")
        except FieldError as exc:
            problems.append(Problem(exc.path, exc.message))
            continue
        pact = raw.get("pact")
        if pact is not None and not isinstance(pact, bool):
            problems.append(Problem(("players", i, "pact"), f"expected true or false, got {pact!r}"))
        unknown = set(raw) - {"name", "chips", "pact"}
        if unknown:
            problems.append(Problem(("players", i), f"unknown keys {sorted(unknown)}"))
        explicit_pact.append(pact)
        players.append(Player(raw["name"], chips))
    if problems:
        raise ScenarioError(problems)
    names = [p.name.lower() for p in players]
    if len(set(names)) != len(names):
        raise FieldError(("players",), "two players share a name")
    if "bank" in names:
        # Payments name the bank as "bank"; a player of that name would be ambiguous.
        raise FieldError(("players", names.index("bank"), "name"), "'bank' is the bank's name, not a player's")
    derived = pact_holders([p.chips for p in players], track_marks(rules))
    for p, given, auto in zip(players, explicit_pact, derived):
        p.pact = auto if given is None else given
        if p.chips == 0:
            p.stake = 0  # "A player who currently owns no betting chips cannot bid."

    start_raw = position.get("start_player", 0)
    if isinstance(start_raw, str):
        matches = [i for i, n in enumerate(names) if n == start_raw.lower()]
        if not matches:
            raise FieldError(("start_player",), f"no player named {start_raw!r}")
        start = matches[0]
    else:
        start = read_int(start_raw, ("start_player",))
        if start >= len(players):
            raise FieldError(("start_player",), f"only {len(players)} players")
    coal_set = _read_oven(position["coal_set"], ("coal_set",)) if "coal_set" in position else Oven.standard()
    oven = _read_oven(position["oven"], ("oven",)) if "oven" in position else coal_set
    for v, c in zip(oven.values, oven.counts):
        if c > coal_set.count(v):
            raise FieldError(("oven", v), f"{c} pieces worth {v}, but the game has {coal_set.count(v)}")
    if oven.devils > coal_set.devils:
        raise FieldError(("oven", "devils"), f"{oven.devils} devils, but the game has {coal_set.devils}")
    oven = Oven.of({v: oven.count(v) for v in coal_set.values}, oven.devils)
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
            state.do(Action.parse(line))
        except (InvalidActionError, IllegalActionError) as exc:
            raise FieldError(("history", k), str(exc)) from None
    return state
