"""What a simulation plays: the game, its seats and the level of the player in each, its rule
options and table options, and the limits that end a game the rules do not end by themselves.

``make_setup`` reads them as the command line gives them and checks them against the game
the way ``oracle play`` does (the same rule options, the same table options), so a bad value
is refused in one line that names it, before any game is played. ``variant`` makes the
setup ``--compare`` plays beside it, with one change or several (``changed``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from oracle.errors import OracleError, did_you_mean
from oracle.text import quote

LEVELS = ("random", "simple", "strong")
# Seat names for --seats N: one word each, readable in the figures.
NAMES = ("Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gina", "Hugo", "Ida", "Jon")
# Players a game seats when --seats is not given.
DEFAULT_SEATS = {"auf-teufel-komm-raus": 4, "diablo": 4, "drawing-dead": 2, "hell-of-a-deal": 4}
# Diablo has no end of its own ("Play as many deals as you like"): the table agrees to stop
# after this many hands, as soon as no Diablo pot runs.
DEFAULT_HANDS = 20
# A game still going after this many actions is cut off and counted as unfinished.
DEFAULT_MAX_ACTIONS = 20_000


class SimulateError(OracleError):
    """A simulation option that cannot be played; the message names the option."""


@dataclass(frozen=True)
class Setup:
    """One variant of a game as simulated. ``rules`` are every rule option (defaults filled
    in), ``given_rules`` those the user set; ``table`` the table options given (as ``oracle
    play`` takes them); ``position`` the fresh table every game starts from (a game that deals
    from its own decks gets its seed per game)."""

    game: str
    title: str
    names: tuple[str, ...]
    levels: tuple[str, ...]
    rules: dict[str, Any]
    given_rules: dict[str, Any]
    table: dict[str, Any]
    position: dict[str, Any]
    hands: int | None = None
    max_actions: int = DEFAULT_MAX_ACTIONS
    label: str = "as given"
    changed: dict[str, Any] = field(default_factory=dict)

    @property
    def seats(self) -> int:
        return len(self.names)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": list(self.names), "players": list(self.levels),
                "rules": dict(self.given_rules), "table": dict(self.table), "hands": self.hands,
                "max_actions": self.max_actions, "label": self.label}


def _names(seats: Any, game: str) -> tuple[str, ...]:
    """``--seats 4`` (four players named for their seats) or ``--seats "Anna Ben Carla"``."""
    if seats is None:
        return NAMES[:DEFAULT_SEATS[game]]
    text = str(seats).strip()
    if text.isdigit():
        count = int(text)
        if not 1 <= count <= len(NAMES):
            raise SimulateError(f"--seats: a number of players from 1 to {len(NAMES)}, not {count}")
        return NAMES[:count]
    return tuple(text.replace(",", " ").split())


def _levels(players: Any, seats: int) -> tuple[str, ...]:
    """``--players simple`` (every seat) or one level a seat, in seat order."""
    words = str(players or "simple").replace(",", " ").split()
    for word in words:
        if word not in LEVELS:
            raise SimulateError(f"--players: {quote(word)} is not a level of player; choose from "
                                f"{', '.join(LEVELS)}")
    if len(words) == 1:
        return tuple(words * seats)
    if len(words) != seats:
        raise SimulateError(f"--players: give one level for every seat or one for all; {len(words)} levels "
                            f"for {seats} seats")
    return tuple(words)


def make_setup(game: str, *, seats: Any = None, players: Any = None, rules: Mapping[str, Any] | None = None,
               table: Mapping[str, Any] | None = None, hands: int | None = None,
               max_actions: int = DEFAULT_MAX_ACTIONS) -> Setup:
    """The setup of ``game``, every option checked as ``oracle play`` checks it."""
    from oracle.play.start import fresh_table
    from oracle.registry import find_game

    try:
        info = find_game(game)
    except OracleError as exc:
        raise SimulateError(f"GAME: {exc}") from None
    if hands is not None and info.slug != "diablo":
        raise SimulateError(f"--hands: only Diablo is played for an agreed number of hands; {info.title} "
                            "ends by its own rules")
    if hands is not None and hands < 1:
        raise SimulateError(f"--hands: a number of hands of at least 1, not {hands}")
    if max_actions < 1:
        raise SimulateError(f"--max-actions: at least 1, not {max_actions}")
    names = _names(seats, info.slug)
    levels = _levels(players, len(names))
    options = {key.replace("-", "_"): value for key, value in dict(table or {}).items()}
    if "seats" in options:
        raise SimulateError("--table seats: give the players with --seats")
    if "seed" in options:
        raise SimulateError("--table seed: each game's deal is seeded from --seed and the game's number")
    options["seats"] = " ".join(names)
    if info.slug == "drawing-dead":
        options.setdefault("seed", 0)  # the oracle deals from its own decks, seeded per game
    try:
        start = fresh_table(info.slug, options, dict(rules or {}))
    except OracleError as exc:
        message = str(exc)
        for key in options:  # the table options are --table's here, not flags of their own
            if key != "seats":
                message = message.replace(f"--{key.replace('_', '-')}:", f"--table {key}:")
        raise SimulateError(message) from None
    return Setup(game=info.slug, title=info.title, names=names, levels=levels, rules=dict(start.rules),
                 given_rules=dict(rules or {}), table={k: v for k, v in options.items() if k not in ("seats", "seed")},
                 position=start.position, hands=(hands or DEFAULT_HANDS) if info.slug == "diablo" else None,
                 max_actions=max_actions)


def read_change(text: str) -> tuple[str, Any]:
    """``--compare OPTION=VALUE``: the option and its value, read as ``--rule`` reads one."""
    from oracle.play.start import read_rules

    key, sep, _ = text.partition("=")
    if not sep or not key.strip():
        raise SimulateError(f"--compare: write an option and its value, e.g. --compare ante=2, not {quote(text)}")
    try:
        ((name, value),) = read_rules((text,)).items()
    except OracleError as exc:
        raise SimulateError(f"--compare: {exc}") from None
    return name, value


def variant(setup: Setup, name: str, value: Any) -> Setup:
    """The setup with one option changed: a rule option of the game, ``seats``, ``players``,
    ``hands`` or a table option. Everything else stays as it is."""
    from oracle.registry import find_game

    info = find_game(setup.game)
    rules, table = dict(setup.given_rules), dict(setup.table)
    seats, players, hands = " ".join(setup.names), " ".join(setup.levels), setup.hands
    known_rules = {option.name for option in info.options}
    if name in known_rules:
        rules[name] = value
    elif name == "seats":
        seats, players = value, (setup.levels[0] if len(set(setup.levels)) == 1 else None)
    elif name == "players":
        players = value
    elif name == "hands":
        hands = value
    elif name in _table_options(setup.game):
        table[name] = value
    else:
        choices = sorted(known_rules) + ["seats", "players"] + sorted(_table_options(setup.game))
        raise SimulateError(f"--compare: {quote(name)} is neither a rule option of {info.title} nor seats, "
                            f"players or a table option{did_you_mean(name, choices)}")
    try:
        other = make_setup(setup.game, seats=seats, players=players, rules=rules, table=table,
                           hands=hands if setup.game == "diablo" else None, max_actions=setup.max_actions)
    except SimulateError as exc:
        raise SimulateError(f"--compare {name}={value}: {exc}") from None
    return replace(other, label=f"{name}={value}", changed={name: value})


def _table_options(game: str) -> set[str]:
    from oracle.play.session import game_session

    return {option.name for option in game_session(game).SETUP} - {"seats", "seed"}


def changed_setup(setup: Setup, texts: list[str] | tuple[str, ...]) -> Setup:
    """The setup ``--compare`` plays beside ``setup``: every change given (``--compare`` may be
    repeated), applied in order; each option may be changed once."""
    other, changes = setup, {}
    for text in texts:
        name, value = read_change(text)
        if name in changes:
            raise SimulateError(f"--compare: {quote(name)} is changed twice; give each option once")
        other = variant(other, name, value)
        changes[name] = value
    return replace(other, label=", ".join(f"{name}={value}" for name, value in changes.items()), changed=changes)
