"""Games and question kinds, found by name.

Each game module registers itself and its own question kinds when it is imported, so adding
a question kind means editing only its game's module; ``GAME_MODULES`` names, per game, the
modules to import, and only the game a scenario names is imported. The
scenario loader, ``oracle solve`` and ``oracle check`` reach games only through this module.

Game modules must stay light to import: z3, ortools and numpy are imported inside the
functions that use them.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from oracle.budget import Budget
from oracle.errors import Problem, RulesetError, did_you_mean
from oracle.text import quote

# The question kinds every game answers (rank, compare, validate).
SHARED_MODULE = "oracle.games.common"
# Each game's slug and the modules that register it and its question kinds. A game's modules
# are imported only when that game is asked for, so a one-game scenario loads one engine.
GAME_MODULES: dict[str, tuple[str, ...]] = {
    "diablo": ("oracle.games.diablo",),
    "drawing-dead": ("oracle.games.drawing_dead",),
    "hell-of-a-deal": ("oracle.games.hell_of_a_deal",),
    "auf-teufel-komm-raus": ("oracle.games.auf_teufel",),
}


@dataclass(frozen=True)
class RuleOption:
    """A house rule or variant a scenario may set under ``rules:``. The type of ``default``
    is the type a value must have; ``choices``, when given, lists the allowed values."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class GameInfo:
    """What the scenario loader needs to know about one game.

    ``load_position(position, rules)`` turns the scenario's ``position`` mapping (already
    parsed YAML) and the merged rules into the game's state object. It raises
    ``oracle.errors.FieldError`` for one bad field or ``oracle.errors.ScenarioError`` for
    several, with paths relative to the position mapping; a path that starts with
    ``"rules"`` (``("rules", "ante")``) names a rule option instead, for checks that need
    more than the option's type (a range, or two options that must agree). ``position_keys`` lists the keys a
    position may have, so the loader can flag unknown ones and suggest the nearest.
    """

    slug: str
    title: str
    rulebook: str
    ruleset: str
    options: tuple[RuleOption, ...] = ()
    position_keys: tuple[str, ...] = ()
    load_position: Callable[[Mapping[str, Any], Mapping[str, Any]], Any] | None = None
    # The ranking a scenario's rules play, when a house rule changes it (Diablo's
    # ``wild_may_copy``); None: always ``ruleset``.
    ruleset_for: Callable[[Mapping[str, Any]], Any] | None = None
    # ``number_field(path, position, rules)``: (least, most, step) of a whole-number field of
    # the position that a search may leave open (``oracle find``), or None for any other field.
    number_field: Callable[[tuple, Mapping[str, Any], Mapping[str, Any]], tuple[int, int | None, int] | None] | None = None
    # The keys an entry of a position field may have (each item of a list, such as a seat, or
    # each value of a mapping, such as a Boss's settings by name): the loader refuses any
    # other, and so does the schema (``oracle schema``).
    entry_keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False)
    # ``field_size(path, position, rules)``: how many items a field of the position holds
    # whatever they are, as (least, most or None, the rule in words): the cards of a card field
    # (a hand), the entries of a list (the seats); None for a field of no fixed size. A search
    # (``oracle find``) checks its position by it before searching, each hole one card.
    field_size: Callable[[tuple, Mapping[str, Any], Mapping[str, Any]], tuple[int, int | None, str] | None] | None = None

    def default_rules(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def ranking(self, rules: Mapping[str, Any]) -> Any:
        """The ruleset (or its name) hands are ranked by under these rules."""
        return self.ruleset if self.ruleset_for is None else self.ruleset_for(rules)


def _type_name(value: Any) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text"}.get(
        type(value), type(value).__name__
    )


def option_problem(option: RuleOption, value: Any) -> str | None:
    """Why ``value`` cannot be this option's value (its choices, or the type of its default),
    or None when it can. Ranges and agreements between options are each game's own checks."""
    default = option.default
    if option.choices is not None and value not in option.choices:
        *first, last = map(repr, option.choices)
        listed = f"{', '.join(first)} or {last}" if first else last
        return f"must be one of {listed}, not {quote(value)}"
    if default is None:
        return None
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif isinstance(default, (list, tuple)):
        ok = isinstance(value, (list, tuple))
    else:
        ok = isinstance(value, type(default))
    return None if ok else f"must be {_type_name(default)}, not {quote(value)}"


def rule_problems(
    options: Sequence[RuleOption], rules: Mapping[str, Any], listing: str = "valid keys"
) -> list[Problem]:
    """Every unknown option and every value of the wrong type in ``rules``, at
    ``("rules", name)``. The scenario loader runs this; game code called directly runs it too."""
    known = {option.name: option for option in options}
    found = []
    for key, value in rules.items():
        if key not in known:
            found.append(Problem(("rules", key), f"unknown rule option {key!r}{did_you_mean(key, list(known), listing)}"))
        else:
            error = option_problem(known[key], value)
            if error:
                found.append(Problem(("rules", key), error))
    return found


@dataclass(frozen=True)
class Param:
    """One parameter of a question kind, given in the question's ``ask`` mapping; ``shape``
    finds what is wrong with a value whatever the table holds (each fault as the path inside
    the value and a message), so the loader refuses it with the file."""

    doc: str
    required: bool = False
    shape: Callable[[Any], list[tuple[tuple, str]]] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Answer:
    """A question's answer: JSON-ready data, one line a person reads, and the rulebook
    section the answer applied (``"Diablo: The Diablo rule"``)."""

    answer: dict[str, Any]
    explanation: str
    rule: str

    def __post_init__(self) -> None:
        # What cut an answer short is ``bound`` in every game; the Hell of a Deal and Drawing
        # Dead answers' own name for it, ``bound_reached``, stays for files that expect it.
        if "bound_reached" in self.answer and "bound" not in self.answer:
            items = list(self.answer.items())
            self.answer.clear()
            for key, value in items:
                if key == "bound_reached":
                    self.answer["bound"] = value  # in its place
                self.answer[key] = value


# The parameter every solver question takes; read it with ``QuestionContext.budget``.
TIME_LIMIT = Param("at most this many seconds for the whole question (import, model, solving, explaining)")


@dataclass
class QuestionContext:
    """Everything a question handler may read. ``state`` is the game's own position object
    (``None`` for a game without ``load_position`` or a scenario without a position)."""

    game: GameInfo
    rules: Mapping[str, Any]
    position: Mapping[str, Any]
    state: Any
    params: Mapping[str, Any]
    # Long computations call ``progress(done, total)``; the command line draws a bar.
    progress: Callable[[int, int], None] | None = None
    # Where a question may write files it makes (a plot), named by the user on the command
    # line (``oracle solve --output DIR``). None: write nothing, so checking a scenario file
    # from someone else never touches the disk.
    output_dir: Path | None = None
    # The bound on every question from the command line (``--time-limit``), in seconds.
    time_limit: float | None = None
    # When the question was asked: a question's time budget counts from here.
    started: float = field(default_factory=time.monotonic)
    # The scenario file the question comes from (a name in angle brackets when it has none):
    # a relative path a question reads is found from that file's folder.
    source: str | None = None

    def path(self, name: str) -> Path:
        """A path a question names: as given when absolute, else from the scenario file's
        folder (from the current folder for a position with no file)."""
        given = Path(name)
        if given.is_absolute() or self.source is None or self.source.startswith("<"):
            return given
        return Path(self.source).parent / given

    def report(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(done, total)

    def budget(self, default: float | None) -> Budget:
        """The question's time budget: the smallest of its ``time_limit`` parameter (or
        ``default`` without one) and the command line's ``--time-limit``."""
        from oracle.budget import read_seconds

        given = self.params.get("time_limit")
        own = read_seconds(given) if given is not None else default
        bounds = [b for b in (own, self.time_limit) if b is not None]
        return Budget(min(bounds) if bounds else None, self.started)


Handler = Callable[[QuestionContext], Answer]


@dataclass(frozen=True)
class QuestionKind:
    kind: str
    game: str | None  # None: available in every game
    handler: Handler
    summary: str
    params: Mapping[str, Param] = field(default_factory=dict)
    # False for a kind that never reads the table (rank, compare): a scenario asking only
    # such kinds needs no position.
    uses_position: bool = True


_GAMES: dict[str, GameInfo] = {}
_QUESTIONS: dict[tuple[str | None, str], QuestionKind] = {}
_imported: set[str] = set()


def register_game(info: GameInfo) -> GameInfo:
    _GAMES[info.slug] = info
    return info


def register_question(
    game: str | None,
    kind: str,
    *,
    summary: str,
    params: Mapping[str, Param] | None = None,
    uses_position: bool = True,
) -> Callable[[Handler], Handler]:
    """Decorator: ``@register_question("diablo", "best-swap", summary=..., params={...})``;
    ``uses_position=False`` for a kind that never reads the table."""

    def decorate(handler: Handler) -> Handler:
        _QUESTIONS[(game, kind)] = QuestionKind(kind, game, handler, summary, dict(params or {}), uses_position)
        return handler

    return decorate


def _import(names: Sequence[str]) -> None:
    for name in names:
        if name not in _imported:
            importlib.import_module(name)
            _imported.add(name)


def game_package(slug: str):
    """The game's package: its face, where every name other code uses is exported."""
    return importlib.import_module(GAME_MODULES[slug][0])


def load_game(slug: str) -> None:
    """Import the shared question kinds and one game's modules, once."""
    _import((SHARED_MODULE, *GAME_MODULES.get(slug, ())))


def load_games() -> None:
    """Import every game's modules once, so that all their registrations have run."""
    for slug in GAME_MODULES:
        load_game(slug)


def normal_name(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def game_slugs() -> list[str]:
    """Every game's slug, without importing any game."""
    return sorted(set(GAME_MODULES) | set(_GAMES))


def games() -> dict[str, GameInfo]:
    load_games()
    return dict(_GAMES)


def find_game(name: str) -> GameInfo:
    """The game called ``name`` (its slug, any case, ``_`` or spaces for ``-``); only that
    game's modules are imported."""
    key = normal_name(name)
    if key in GAME_MODULES:
        load_game(key)
    if key in _GAMES:
        return _GAMES[key]
    raise RulesetError(f"unknown game {name!r}{did_you_mean(name, game_slugs(), 'known games')}")


def question_kinds(game: str) -> dict[str, QuestionKind]:
    """The question kinds a scenario of ``game`` may ask: the game's own and the shared ones."""
    load_game(game)
    kinds = {kind: q for (g, kind), q in _QUESTIONS.items() if g is None}
    kinds.update({kind: q for (g, kind), q in _QUESTIONS.items() if g == game})
    return kinds


def all_question_kinds() -> list[QuestionKind]:
    load_games()
    return list(_QUESTIONS.values())
