"""A search file read: its documents, the holes in them, and the cards already fixed.

A search file is a scenario file with holes. In the ``position`` and in the questions' ``ask``
parameters, a card may be ``?`` (any card) or ``$name`` (a card named for the constraints); a
whole-number field the game lets a search open (``GameInfo.number_field``: chips, Souls, oven
counts) may be ``?`` or ``$name`` too. A ``$name`` is one unknown in the whole file, so two
documents may share it (the same hands under two rule sets); each ``?`` is an unknown of its
own. Each document may add ``where:``, a list of constraints (``oracle.find.language``).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from oracle.cards import Card, parse_cards
from oracle.errors import OracleError, Problem, ScenarioError, did_you_mean
from oracle.registry import GameInfo, find_game, game_slugs
from oracle.scenario_yaml import LineMap, read_documents

SEARCH_SUFFIX = ".search.yaml"
HOLE = re.compile(r"\?|\$[A-Za-z_][A-Za-z0-9_]*")
IN_TEXT = re.compile(r"(?<![^\s,])(\?|\$[A-Za-z_][A-Za-z0-9_]*)(?![^\s,])")
MAX_HOLES = 200
# Question kinds whose answer reads only their own parameters and the rules, not the position.
POSITIONLESS_KINDS = ("rank", "compare")

Path_ = tuple[Any, ...]


@dataclass(frozen=True)
class Hole:
    """One unknown: ``key`` is its ``$name``, or ``?N`` for the N-th ``?`` of the file."""

    key: str
    kind: str  # "card" or "number"
    document: int
    path: Path_
    line: int | None
    bounds: tuple[int, int | None, int] | None = None

    @property
    def named(self) -> bool:
        return self.key.startswith("$")


@dataclass
class Document:
    """One scenario of the search file, still with its holes."""

    number: int
    data: dict[str, Any]
    lines: LineMap
    game: GameInfo
    where: list[tuple[str, Path_]] = field(default_factory=list)
    fixed_cards: set[Card] = field(default_factory=set)
    card_holes: list[str] = field(default_factory=list)  # keys, in order, each once

    def line(self, path: Path_) -> int | None:
        return self.lines.line_of(path)


@dataclass
class SearchFile:
    file: str
    documents: list[Document]
    holes: dict[str, Hole]
    # the trial fillings, and (document, trial) -> the document loaded with one (``fixed``)
    loaded: dict = field(default_factory=dict, repr=False, compare=False)

    def card_holes(self) -> list[Hole]:
        return [h for h in self.holes.values() if h.kind == "card"]

    def number_holes(self) -> list[Hole]:
        return [h for h in self.holes.values() if h.kind == "number"]


def is_hole(value: Any) -> bool:
    return isinstance(value, str) and HOLE.fullmatch(value.strip()) is not None


def _walk(value: Any, path: Path_) -> Iterator[tuple[Path_, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, path + (index,))


def searched_fields(data: dict[str, Any]) -> Iterator[tuple[Path_, Any]]:
    """The fields where holes may stand: the position and each question's parameters."""
    if isinstance(data.get("position"), dict):
        yield from _walk(data["position"], ("position",))
    for index, question in enumerate(data.get("questions") or []):
        if isinstance(question, dict) and isinstance(question.get("ask"), dict):
            for key, value in question["ask"].items():
                if key != "kind":
                    yield from _walk(value, ("questions", index, "ask", key))


def _size(value: Any) -> int | None:
    """How many items a field holds: the cards of a card text (holes and cards alike), the
    cards of a list of card texts, the entries of any other list; None for anything else."""
    if isinstance(value, str):
        tokens = [t for t in re.split(r"[\s,]+", value) if t]
        return len(tokens) if all(HOLE.fullmatch(t) or _card_token(t) is not None for t in tokens) else None
    if isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            sizes = [_size(item) for item in value]
            if all(n is not None for n in sizes):
                return sum(n for n in sizes if n is not None)
        return len(value)
    return None


def _card_token(token: str) -> Card | None:
    try:
        cards = parse_cards(token)
    except OracleError:
        return None
    if len(cards) == 1 and (cards[0].suit is not None or cards[0].is_joker):
        return cards[0]
    return None


def _not_a_card(token: str, text: str) -> str | None:
    """Why ``token``, a literal among the holes of ``text``, is no card (None when it reads
    as one): no filling of the holes can make the field load."""
    try:
        parse_cards(token)
    except OracleError as exc:
        said = re.sub(r" at position \d+ in '[^']*'", lambda _: f" in {text.strip()!r}", str(exc), count=1)
        return f"{said}: no filling of the holes can be loaded"
    return None


class _Reader:
    def __init__(self, file: str):
        self.file = file
        self.holes: dict[str, Hole] = {}
        self.problems: list[Problem] = []
        self.anonymous = 0

    def document(self, number: int, data: Any, lines: LineMap) -> Document | None:
        if not isinstance(data, dict):
            self.problems.append(lines.problem((), "a search is a scenario mapping with game, position, questions and where"))
            return None
        name = data.get("game")
        if not isinstance(name, str) or name.strip().lower() not in game_slugs():
            known = game_slugs()
            what = "missing" if name is None else f"unknown game {name!r}"
            self.problems.append(lines.problem(("game",), f"{what}{did_you_mean(name, known, 'known games')}"))
            return None
        doc = Document(number, data, lines, find_game(name.strip().lower()))
        self._where(doc)
        self._expectations_have_no_holes(doc)
        for path, value in list(searched_fields(data)):
            if isinstance(value, str):
                self._text(doc, path, value)
        self._sizes(doc)
        return doc

    def _sizes(self, doc: Document) -> None:
        """A field of the wrong size (six cards in a Diablo hand, a board short of the phase's
        cards, one seat) cannot be loaded whatever its holes hold: said before any search,
        each hole counted as one card (``GameInfo.field_size``)."""
        position = doc.data.get("position")
        if doc.game.field_size is None or not isinstance(position, dict):
            return
        rules = doc.data.get("rules") if isinstance(doc.data.get("rules"), dict) else {}
        for path, value in _walk(position, ()):
            size = _size(value)
            bounds = doc.game.field_size(path, position, rules) if path and size is not None else None
            if bounds is None:
                continue
            low, high, rule = bounds
            if size < low or (high is not None and size > high):
                holes = " (each hole is one card)" if isinstance(value, str) and IN_TEXT.search(value) else ""
                self.problems.append(doc.lines.problem(("position",) + path, f"{rule}, got {size}{holes}: no "
                                                                             "filling of the holes can be loaded"))

    def _where(self, doc: Document) -> None:
        raw = doc.data.get("where")
        if raw is None:
            return
        if not isinstance(raw, list):
            self.problems.append(doc.lines.problem(("where",), "where is a list of constraints, one a line"))
            return
        doc.where = [(item, ("where", index)) for index, item in enumerate(raw)]

    def _expectations_have_no_holes(self, doc: Document) -> None:
        for index, question in enumerate(doc.data.get("questions") or []):
            if not isinstance(question, dict):
                continue
            for path, value in _walk(question.get("expect"), ("questions", index, "expect")):
                if isinstance(value, str) and IN_TEXT.search(value):
                    self.problems.append(doc.lines.problem(path, "an expectation is what must hold: holes go in the "
                                                                 "position or the question's parameters"))

    def _text(self, doc: Document, path: Path_, text: str) -> None:
        found = IN_TEXT.findall(text)
        number = doc.game.number_field and path[:1] == ("position",) and is_hole(text)
        bounds = doc.game.number_field(path[1:], doc.data.get("position") or {}, doc.data.get("rules") or {}) if number else None
        if bounds is not None:
            self._hole(doc, text.strip(), "number", path, bounds)
            return
        tokens = [t for t in re.split(r"[\s,]+", text) if t]
        cards = [_card_token(t) for t in tokens]
        if found or all(c is not None for c in cards):
            for token, card in zip(tokens, cards):
                bad = _not_a_card(token, text) if found and card is None and not HOLE.fullmatch(token) else None
                if bad is not None:
                    self.problems.append(doc.lines.problem(path, bad))
                elif HOLE.fullmatch(token):
                    key = self._hole(doc, token, "card", path, None)
                    if key is not None and key not in doc.card_holes:
                        doc.card_holes.append(key)
                elif card is not None:
                    doc.fixed_cards.add(card)

    def _hole(self, doc: Document, token: str, kind: str, path: Path_, bounds) -> str | None:
        if token == "?":
            self.anonymous += 1
            key = f"?{self.anonymous}"
        else:
            key = token
        known = self.holes.get(key)
        if known is not None and known.kind != kind:
            self.problems.append(doc.lines.problem(path, f"{key} is a {known.kind} at {Problem(known.path, '').dotted_path()} "
                                                         f"and cannot be a {kind} here"))
            return None
        if known is None:
            if len(self.holes) >= MAX_HOLES:
                self.problems.append(doc.lines.problem(path, f"a search has at most {MAX_HOLES} holes"))
                return None
            self.holes[key] = Hole(key, kind, doc.number, path, doc.line(path), bounds)
        return key


def read_search(path: str) -> SearchFile:
    """The search file's documents and holes; ``ScenarioError`` lists every problem."""
    try:
        documents = read_documents(path)
    except ScenarioError as exc:
        raise ScenarioError([_question_mark_hint(p, str(path)) for p in exc.problems]) from None
    reader = _Reader(str(path))
    read = [reader.document(number, data, lines) for number, (data, lines) in enumerate(documents)]
    if reader.problems:
        raise ScenarioError(reader.problems)
    docs = [d for d in read if d is not None]
    problems = [p for doc in docs for p in _structure_problems(doc)]
    if problems:
        raise ScenarioError(problems)
    if not docs:
        raise ScenarioError([Problem(("game",), "no document names a known game; choose one of: "
                                     + ", ".join(game_slugs()), str(path), documents[0][1].line_of(("game",)))])
    search = SearchFile(str(path), docs, reader.holes)
    from oracle.find.fixed import fixed_problems

    problems = fixed_problems(search)
    if problems:
        raise ScenarioError(problems)
    return search


def _structure_problems(doc: Document) -> list[Problem]:
    """What the scenario loader refuses whatever the holes hold: unknown keys, question kinds
    and parameters, expectations, rule options. (The position's own problems depend on the
    cards and numbers, so they are the engine's to find, candidate by candidate.)"""
    from oracle.scenario import build_scenario

    data = {k: v for k, v in doc.data.items() if k != "where"}
    _, problems = build_scenario(copy.deepcopy(data), doc.lines, doc.number)
    structural = ("game", "name", "description", "rules", "questions")
    return [p for p in problems if (p.path[:1] and p.path[0] in structural) or p.message.startswith("unknown key")
            or (not p.path and "a scenario must be" in p.message)]


def _question_mark_hint(problem: Problem, path: str) -> Problem:
    """YAML reads a bare ``?`` as the start of a key: say so when that is what broke."""
    if "not valid YAML" not in problem.message or problem.line is None:
        return problem
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read().splitlines()[problem.line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        return problem
    if re.search(r"(^|[\s:,\[{])\?(\s|$|,)", text.split("#")[0]):
        hint = "; a ? hole must be quoted in YAML, e.g. hand: \"? ? ? ? ?\""
        return Problem(problem.path, problem.message + hint, problem.file, problem.line)
    return problem


def fill(search: SearchFile, doc: Document, values: dict[str, Any],
         keys: dict[tuple[int, Path_, int], str]) -> dict[str, Any]:
    """The document as a plain scenario mapping: every hole replaced by its value (a card's
    text, or a whole number), ``where`` left out. ``keys`` is ``anonymous_keys(search)``."""
    data = copy.deepcopy(doc.data)
    data.pop("where", None)
    for path, value in list(searched_fields(data)):
        if not isinstance(value, str) or not IN_TEXT.search(value):
            continue
        place = 0

        def key_of(token: str) -> str:
            nonlocal place
            if token != "?":
                return token
            place += 1
            return keys[(doc.number, path, place - 1)]

        if is_hole(value):
            key = key_of(value.strip())
            if search.holes[key].kind == "number":
                _set(data, path, values[key])
                continue
            place = 0
        _set(data, path, IN_TEXT.sub(lambda match: str(values[key_of(match.group(1))]), value))
    return data


def anonymous_keys(search: SearchFile) -> dict[tuple[int, Path_, int], str]:
    """Where each ``?`` stands: (document, path, its place among the field's ``?``) -> key."""
    keys: dict[tuple[int, Path_, int], str] = {}
    by_field: dict[tuple[int, Path_], int] = {}
    for hole in search.holes.values():
        if hole.named:
            continue
        place = by_field.get((hole.document, hole.path), 0)
        keys[(hole.document, hole.path, place)] = hole.key
        by_field[(hole.document, hole.path)] = place + 1
    return keys


def holes_seen(search: SearchFile, keys: dict[tuple[int, Path_, int], str], document: int,
               question: int | None) -> set[str]:
    """The holes a check of one document could read: those of its position and, for a
    question, those of that question's parameters (each question is answered on its own;
    ``rank`` and ``compare`` do not read the position at all)."""
    doc = next(d for d in search.documents if d.number == document)
    questions = doc.data.get("questions") or []
    ask = questions[question].get("ask") if question is not None and question < len(questions) else None
    # rank and compare (the kinds every game answers) read their cards and the rules alone.
    alone = isinstance(ask, dict) and ask.get("kind") in POSITIONLESS_KINDS
    seen: set[str] = set()
    for path, value in searched_fields(doc.data):
        if not isinstance(value, str):
            continue
        if (path[0] == "questions" and path[1] != question) or (alone and path[0] == "position"):
            continue
        place = 0
        for token in IN_TEXT.findall(value):
            if token == "?":
                seen.add(keys[(doc.number, path, place)])
                place += 1
            else:
                seen.add(token)
    return seen


def _set(data: dict[str, Any], path: Path_, value: Any) -> None:
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
