"""Scenario files: a game position and questions about it, in YAML.

Loading never falls over: the text is read with PyYAML's safe loader (no object
construction), files over 1 MiB are refused (at most that much is read, so a device or a pipe
cannot fill the memory), anchors and aliases are refused, every number must be finite and
written with at most 4,300 digits, and every problem found is reported at once with its file,
line and field path, as one ``ScenarioError``. The format is documented in ``docs/scenarios.md``; ``oracle schema``
prints it as a JSON Schema.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from oracle.errors import FieldError, OracleError, Problem, ScenarioError, did_you_mean
from oracle.registry import Answer, GameInfo, QuestionContext, QuestionKind, find_game, game_slugs, question_kinds, rule_problems
from oracle.text import quote

MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 32
# Python converts no longer integer to or from text (sys.int_info.default_max_str_digits):
# a longer one could not even be quoted in a message.
MAX_INT_DIGITS = 4300
MAX_KEY_CHARS = 200
SCENARIO_SUFFIX = ".scenario.yaml"
TOP_KEYS = ("game", "name", "description", "rules", "position", "questions")
QUESTION_KEYS = ("id", "ask", "expect", "rule", "marks")
MARK_KINDS = ("skip", "xfail")

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    params: dict[str, Any]
    expect: Any = None
    has_expect: bool = False
    rule: str | None = None
    marks: tuple[tuple[str, str], ...] = ()
    line: int | None = None
    index: int = 0

    def ask_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.params}


@dataclass
class Scenario:
    file: str
    document: int
    name: str
    description: str
    game: GameInfo
    rules: dict[str, Any]
    position: dict[str, Any]
    state: Any
    questions: list[Question]
    position_problems: list[Problem] = field(default_factory=list)
    line: int | None = None

    @property
    def label(self) -> str:
        return f"{self.file}::{self.name}"


class LineMap:
    """Field path -> line number in the file, from PyYAML's composed nodes."""

    def __init__(self, file: str, base: Path_ = ()):
        self.file = file
        self.lines: dict[Path_, int] = {}
        self.base = base

    def line_of(self, path: Path_) -> int | None:
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)

    def problem(self, path: Path_, message: str) -> Problem:
        return Problem(tuple(path), message, self.file, self.line_of(path))


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], problems: list[tuple[Path_, str, int]]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            if len(key) > MAX_KEY_CHARS:
                # Every message names its field by its path: a longer key would fill the line.
                message = f"a key has at most {MAX_KEY_CHARS} characters, not {quote(key)}"
                problems.append((path, message, key_node.start_mark.line + 1))
                continue
            if key in seen:
                problems.append((path + (key,), f"key {quote(key)} appears twice", key_node.start_mark.line + 1))
            seen.add(key)
            lines[path + (key,)] = key_node.start_mark.line + 1
            _walk(value_node, path + (key,), lines, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[path + (index,)] = item.start_mark.line + 1
            _walk(item, path + (index,), lines, problems)


@dataclass(frozen=True)
class Unreadable:
    """A scalar the loader could not turn into a value (a date that does not exist, an
    integer of 5,000 digits, ``.nan``): it stands in the data where the value would, so that
    the problem is reported at its field with every other one."""

    text: str
    message: str
    line: int


class _ScenarioLoader(yaml.SafeLoader):
    """PyYAML's safe loader, except that a scalar it cannot convert becomes ``Unreadable``
    instead of an exception without a place (PyYAML raises ValueError, KeyError or
    AttributeError for ``2001-02-30``, ``!!bool maybe`` or ``!!int abc``)."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if isinstance(node, yaml.ScalarNode):
            try:
                return super().construct_object(node, deep)
            except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
                kind = node.tag.rsplit(":", 1)[-1]
                return self.unreadable(node, f"{quote(node.value)} is not a valid YAML {kind}")
        return super().construct_object(node, deep)

    def unreadable(self, node: yaml.ScalarNode, message: str) -> Unreadable:
        return Unreadable(node.value, message, node.start_mark.line + 1)

    def construct_whole_number(self, node: yaml.ScalarNode) -> Any:
        # Count the digits before converting: Python refuses to convert more than 4,300,
        # and base 60 (1:30:00) takes time quadratic in the length.
        written = node.value.lstrip("+-").replace("_", "").replace(":", "")
        if written[:2].lower() in ("0b", "0o", "0x"):
            written = written[2:]
        if len(written) > MAX_INT_DIGITS:
            return self.unreadable(node, f"an integer of {len(written):,} digits; at most {MAX_INT_DIGITS:,} are allowed")
        value = self.construct_yaml_int(node)
        if abs(value) >= _TOO_LARGE:  # 0x and 0o write more than a digit per digit
            return self.unreadable(node, f"an integer of more than {MAX_INT_DIGITS:,} digits; at most {MAX_INT_DIGITS:,} are allowed")
        return value

    def construct_finite_number(self, node: yaml.ScalarNode) -> Any:
        value = self.construct_yaml_float(node)
        if not math.isfinite(value):
            return self.unreadable(node, f"must be a finite number, not {node.value}")
        return value


_TOO_LARGE = 10**MAX_INT_DIGITS
_ScenarioLoader.add_constructor("tag:yaml.org,2002:int", _ScenarioLoader.construct_whole_number)
_ScenarioLoader.add_constructor("tag:yaml.org,2002:float", _ScenarioLoader.construct_finite_number)


def _load_all(text: str) -> list[tuple[yaml.Node, Any]]:
    """Every document of ``text`` as its node (for lines) and its data, in one pass."""
    loader = _ScenarioLoader(text)
    try:
        loaded = []
        while loader.check_node():
            node = loader.get_node()
            loaded.append((node, loader.construct_document(node)))
        return loaded
    finally:
        loader.dispose()


def _unreadable_problems(data: Any, lines: "LineMap", path: Path_ = ()) -> list[Problem]:
    """A problem for each ``Unreadable`` in ``data``, at its field and line."""
    if isinstance(data, Unreadable):
        return [Problem(path, data.message, lines.file, data.line)]
    found: list[Problem] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, Unreadable):
                if len(key.text) <= MAX_KEY_CHARS:  # a longer key is refused as such (see _walk)
                    found.append(Problem(path, f"key {quote(key.text)}: {key.message}", lines.file, key.line))
                continue
            found += _unreadable_problems(value, lines, path + (key,))
    elif isinstance(data, (list, tuple, set)):
        for index, item in enumerate(data):
            found += _unreadable_problems(item, lines, path + (index,))
    return found


def _read_bounded(path: str | os.PathLike, file: str) -> bytes:
    """The file's bytes, reading no more than the limit and one byte: a pipe or a device
    has no size to check first, and ``/dev/zero`` never ends."""
    with open(path, "rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError([Problem((), "holds more than 1 MiB; scenario files are limited to 1 MiB", file)])
    return raw


def read_documents(path: str | os.PathLike) -> list[tuple[Any, LineMap]]:
    """The YAML documents of a file with a line map each; raises ``ScenarioError``."""
    file = str(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise ScenarioError([Problem((), f"file is {size:,} bytes; scenario files are limited to 1 MiB", file)])
        raw = _read_bounded(path, file)
    except FileNotFoundError:
        raise ScenarioError([Problem((), "no such file", file)]) from None
    except IsADirectoryError:
        raise ScenarioError([Problem((), "is a folder, not a file", file)]) from None
    except OSError as exc:
        raise ScenarioError([Problem((), f"cannot be read ({exc.strerror})", file)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError([Problem((), f"is not UTF-8 text (byte {exc.start})", file)]) from None
    problems: list[Problem] = []
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            line = event.start_mark.line + 1 if event.start_mark else None
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    # Stop here: PyYAML slows down sharply with depth, and no scenario nests this deep.
                    raise ScenarioError([Problem((), f"nested more than {MAX_DEPTH} levels deep", file, line)])
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            if isinstance(event, yaml.AliasEvent):
                problems.append(Problem((), "YAML aliases (*name) are not allowed in scenario files", file, line))
            elif getattr(event, "anchor", None):
                problems.append(Problem((), "YAML anchors (&name) are not allowed in scenario files", file, line))
        if problems:
            raise ScenarioError(problems)
        loaded = _load_all(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ScenarioError([Problem((), f"not valid YAML: {reason}", file, line)]) from None
    except RecursionError:
        raise ScenarioError([Problem((), "nested too deeply", file)]) from None
    documents = []
    value_problems: list[Problem] = []
    for node, data in loaded:
        if node is None:
            continue
        lines = LineMap(file)
        dupes: list[tuple[Path_, str, int]] = []
        _walk(node, (), lines.lines, dupes)
        value_problems += [Problem(p, m, file, line) for p, m, line in dupes]
        value_problems += _unreadable_problems(data, lines)
        documents.append((data, lines))
    if value_problems:
        raise ScenarioError(sorted(value_problems, key=lambda p: p.line or 0))
    if not documents:
        raise ScenarioError([Problem((), "holds no scenario (the file is empty)", file)])
    return documents


def _unique(problems: list[Problem]) -> list[Problem]:
    """One problem per field: the loader and a game may both notice an unknown key."""
    seen: set[Path_] = set()
    kept = []
    for problem in problems:
        if problem.path in seen and "unknown" in problem.message:
            continue
        seen.add(problem.path)
        kept.append(problem)
    return kept


def _problems_from(exc: OracleError, lines: LineMap, prefix: Path_) -> list[Problem]:
    """Problems located in the file: game code's paths are relative to ``prefix``, except
    those starting with ``"rules"``, which name a rule option (see ``GameInfo``)."""

    def place(path: Path_) -> Path_:
        return tuple(path) if tuple(path[:1]) == ("rules",) else prefix + tuple(path)

    if isinstance(exc, ScenarioError):
        found = [lines.problem(place(p.path), p.message) for p in exc.problems]
    elif isinstance(exc, FieldError):
        found = [lines.problem(place(exc.path), exc.message)]
    else:
        found = [lines.problem(prefix, str(exc))]
    return found


def build_scenario(data: Any, lines: LineMap, document: int) -> tuple[Scenario | None, list[Problem]]:
    """Validate one YAML document and turn it into a ``Scenario``; every problem is listed."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return None, [lines.problem((), "a scenario must be a mapping with keys game, position and questions")]
    for key in data:
        if key not in TOP_KEYS:
            problems.append(lines.problem((key,), f"unknown key {quote(key)}{did_you_mean(key, TOP_KEYS)}"))
    game_name = data.get("game")
    known = game_slugs()
    if game_name is None:
        problems.append(lines.problem(("game",), f"missing; choose one of: {', '.join(known)}"))
        return None, problems
    if not isinstance(game_name, str) or game_name.strip().lower() not in known:
        hint = did_you_mean(game_name, known, "known games")
        problems.append(lines.problem(("game",), f"unknown game {quote(game_name)}{hint}"))
        return None, problems
    game = find_game(game_name.strip().lower())
    name = data.get("name", f"{Path(lines.file).name}#{document + 1}")
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], str):
            problems.append(lines.problem((key,), f"must be text, not {quote(data[key])}"))
    rules = game.default_rules()
    given_rules = data.get("rules") or {}
    if not isinstance(given_rules, dict):
        problems.append(lines.problem(("rules",), "must be a mapping of rule option to value"))
        given_rules = {}
    rule_faults = rule_problems(game.options, given_rules)
    for fault in rule_faults:
        message = fault.message if game.options else f"unknown rule option {quote(fault.path[1])}; {game.slug} has no rule options"
        problems.append(lines.problem(fault.path, message))
    faulty = {fault.path[1] for fault in rule_faults}
    rules.update({key: value for key, value in given_rules.items() if key not in faulty})
    position = data.get("position") or {}
    if not isinstance(position, dict):
        problems.append(lines.problem(("position",), "must be a mapping"))
        position = {}
    if game.position_keys:
        for key in position:
            if key not in game.position_keys:
                problems.append(lines.problem(("position", key), f"unknown key {quote(key)}{did_you_mean(key, game.position_keys)}"))
    rules_readable = not any(p.path[:1] == ("rules",) for p in problems)
    questions, question_problems = _build_questions(data.get("questions"), game, lines)
    problems += question_problems
    asks_validate = any(q.kind == "validate" for q in questions)
    state = None
    position_problems: list[Problem] = []
    # The position is read whenever the rules are, so its problems are reported together
    # with those of the questions.
    if game.load_position is not None and rules_readable:
        try:
            state = game.load_position(position, rules)
        except OracleError as exc:
            position_problems = _problems_from(exc, lines, ("position",))
        except (TypeError, AttributeError, KeyError, IndexError, ValueError, OverflowError) as exc:
            # A game module that trips over a value of the wrong shape: still a clear answer.
            position_problems = [lines.problem(("position",), f"cannot be read: {type(exc).__name__}: {exc}")]
        if position_problems and not asks_validate:
            problems += position_problems
    if problems:
        return None, _unique(problems)
    scenario = Scenario(
        file=lines.file,
        document=document,
        name=str(name),
        description=str(data.get("description", "")),
        game=game,
        rules=rules,
        position=position,
        state=state,
        questions=questions,
        position_problems=position_problems,
        line=lines.line_of(()),
    )
    return scenario, []


def _build_questions(raw: Any, game: GameInfo, lines: LineMap) -> tuple[list[Question], list[Problem]]:
    problems: list[Problem] = []
    if raw is None:
        return [], [lines.problem(("questions",), "missing: a scenario asks at least one question")]
    if not isinstance(raw, list) or not raw:
        return [], [lines.problem(("questions",), "must be a list of questions")]
    kinds = question_kinds(game.slug)
    questions: list[Question] = []
    seen_ids: set[str] = set()
    for index, item in enumerate(raw):
        where: Path_ = ("questions", index)
        if not isinstance(item, dict):
            problems.append(lines.problem(where, "a question must be a mapping with id and ask"))
            continue
        for key in item:
            if key not in QUESTION_KEYS:
                problems.append(lines.problem(where + (key,), f"unknown key {quote(key)}{did_you_mean(key, QUESTION_KEYS)}"))
        qid = item.get("id")
        if qid is None:
            problems.append(lines.problem(where + ("id",), "missing: every question needs an id"))
            qid = f"q{index + 1}"
        elif not isinstance(qid, (str, int)) or isinstance(qid, bool):
            problems.append(lines.problem(where + ("id",), f"must be text, not {quote(qid)}"))
            qid = f"q{index + 1}"
        qid = str(qid)
        if not qid.strip():
            problems.append(lines.problem(where + ("id",), "must not be empty"))
        if qid in seen_ids:
            problems.append(lines.problem(where + ("id",), f"id {quote(qid)} is used twice in this scenario"))
        seen_ids.add(qid)
        ask = item.get("ask")
        if isinstance(ask, str):
            ask = {"kind": ask}
        if not isinstance(ask, dict) or "kind" not in ask:
            problems.append(lines.problem(where + ("ask",), "must name the question kind, as ask: KIND or ask: {kind: KIND, ...}"))
            continue
        kind = ask["kind"]
        params = {k: v for k, v in ask.items() if k != "kind"}
        spec = kinds.get(kind) if isinstance(kind, str) else None
        if spec is None:
            problems.append(lines.problem(where + ("ask", "kind"), _unknown_kind(kind, game, kinds)))
            continue
        problems += _check_params(spec, params, lines, where + ("ask",))
        marks, mark_problems = _read_marks(item.get("marks"), lines, where + ("marks",))
        problems += mark_problems
        problems += _check_expect(item.get("expect"), lines, where + ("expect",), "expect" in item)
        rule = item.get("rule")
        if rule is not None and not isinstance(rule, str):
            problems.append(lines.problem(where + ("rule",), f"must be text, not {quote(rule)}"))
            rule = None
        questions.append(
            Question(
                id=qid,
                kind=kind,
                params=params,
                expect=item.get("expect"),
                has_expect="expect" in item,
                rule=rule,
                marks=marks,
                line=lines.line_of(where),
                index=index,
            )
        )
    return questions, problems


def _unknown_kind(kind: Any, game: GameInfo, kinds: Mapping[str, QuestionKind]) -> str:
    from oracle.registry import all_question_kinds

    owners = sorted({q.game for q in all_question_kinds() if q.kind == kind and q.game})
    if owners:
        return f"question kind {quote(kind)} belongs to {', '.join(owners)}, not {game.slug}"
    return f"unknown question kind {quote(kind)}{did_you_mean(kind, sorted(kinds), 'kinds for ' + game.slug)}"


def _check_params(spec: QuestionKind, params: dict[str, Any], lines: LineMap, where: Path_) -> list[Problem]:
    problems = []
    for key in params:
        if key not in spec.params:
            problems.append(lines.problem(where + (key,), f"unknown parameter {quote(key)} for {spec.kind}{did_you_mean(key, list(spec.params))}"))
    for name, param in spec.params.items():
        if param.required and name not in params:
            problems.append(lines.problem(where, f"{spec.kind} needs the parameter {name!r} ({param.doc})"))
    return problems


def _check_expect(expect: Any, lines: LineMap, where: Path_, given: bool) -> list[Problem]:
    """Every answer is a mapping, so an expectation is one; ``{approx, tol}`` must be
    numbers with a tolerance of zero or more."""
    if not given:
        return []
    if not isinstance(expect, dict):
        return [lines.problem(where, f"must be a mapping of answer keys to expected values, not {quote(expect)}")]
    problems: list[Problem] = []

    def walk(value: Any, path: Path_) -> None:
        if isinstance(value, dict) and "approx" in value and set(value) <= {"approx", "tol"}:
            for key in ("approx", "tol"):
                number = value.get(key, 0)
                if not isinstance(number, (int, float)) or isinstance(number, bool):
                    problems.append(lines.problem(path + (key,), f"must be a number, not {quote(number)}"))
                elif key == "tol" and number < 0:
                    problems.append(lines.problem(path + (key,), f"a tolerance cannot be negative ({number})"))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, path + (index,))

    walk(expect, where)
    return problems


def _read_marks(raw: Any, lines: LineMap, where: Path_) -> tuple[tuple[tuple[str, str], ...], list[Problem]]:
    """``marks: [{skip: why}]`` or ``[{xfail: why}]``: the reason is required, so a skipped
    check always says why."""
    if raw is None:
        return (), []
    items = raw if isinstance(raw, list) else [raw]
    marks = []
    problems = []
    for index, item in enumerate(items):
        here = where + (index,) if isinstance(raw, list) else where
        if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in MARK_KINDS:
            kind, reason = next(iter(item.items()))
            if not isinstance(reason, str) or not reason.strip():
                problems.append(lines.problem(here + (kind,), f"{kind} needs a reason, e.g. {{{kind}: waiting for a ruling}}"))
                continue
            marks.append((kind, reason))
        else:
            problems.append(lines.problem(here, f"a mark is skip or xfail with a reason, e.g. {{skip: why}}, not {quote(item)}"))
    return tuple(marks), problems


def load_file(path: str | os.PathLike) -> list[Scenario]:
    """Every scenario in a file; raises ``ScenarioError`` listing every problem found."""
    scenarios: list[Scenario] = []
    problems: list[Problem] = []
    for document, (data, lines) in enumerate(read_documents(path)):
        scenario, found = build_scenario(data, lines, document)
        problems += found
        if scenario is not None:
            scenarios.append(scenario)
    if problems:
        raise ScenarioError(problems)
    return scenarios


def load_files(paths: Iterable[str | os.PathLike]) -> list[Scenario]:
    """Load several files, reporting the problems of all of them together."""
    scenarios: list[Scenario] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            scenarios += load_file(path)
        except ScenarioError as exc:
            problems += exc.problems
    if problems:
        raise ScenarioError(problems)
    return scenarios


def find_scenario_files(paths: Iterable[str | os.PathLike]) -> list[str]:
    """Files named on the command line, and every ``*.scenario.yaml`` under named folders."""
    found: list[str] = []
    problems: list[Problem] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            inside = sorted(str(f) for f in p.rglob(f"*{SCENARIO_SUFFIX}"))
            if not inside:
                problems.append(Problem((), f"holds no *{SCENARIO_SUFFIX} files", str(p)))
            found += inside
        elif p.exists():
            found.append(str(p))
        else:
            problems.append(Problem((), "no such file or folder", str(p)))
    if problems:
        raise ScenarioError(problems)
    return found


def answer_question(scenario: Scenario, question: Question, progress=None, output_dir=None, time_limit=None) -> Answer:
    """Ask one question; a position or parameter the game rejects becomes a
    ``ScenarioError`` located at the question. ``time_limit`` bounds every solver question
    (seconds, from the command line's ``--time-limit``)."""
    started = time.monotonic()
    kinds = question_kinds(scenario.game.slug)
    context = QuestionContext(
        game=scenario.game,
        rules=scenario.rules,
        position=scenario.position,
        state=scenario.state,
        params=question.params,
        progress=progress,
        output_dir=output_dir,
        time_limit=time_limit,
        started=started,
    )
    if question.kind != "validate" and scenario.position_problems:
        raise ScenarioError(
            [Problem(("questions", question.index), "the position is not legal (see the validate question)", scenario.file, question.line)]
        )
    try:
        return kinds[question.kind].handler(context)
    except FieldError as exc:
        line = question.line
        raise ScenarioError([Problem(("questions", question.index, "ask") + exc.path, exc.message, scenario.file, line)]) from None
    except ScenarioError:
        raise
    except OracleError as exc:
        raise ScenarioError([Problem(("questions", question.index), str(exc), scenario.file, question.line)]) from None
    except (TypeError, AttributeError, KeyError, IndexError, ValueError, OverflowError) as exc:
        # A parameter of a shape the game's code did not expect: still one clear line.
        message = f"cannot be answered with these parameters ({type(exc).__name__}: {exc})"
        raise ScenarioError([Problem(("questions", question.index, "ask"), message, scenario.file, question.line)]) from None


@dataclass
class AnsweredQuestion:
    question: Question
    answer: Answer | None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.question.id, "ask": self.question.ask_json()}
        if self.answer is not None:
            data.update(
                {"answer": self.answer.answer, "explanation": self.answer.explanation, "rule": self.answer.rule}
            )
        else:
            data.update({"answer": None, "explanation": None, "rule": None, "error": self.error})
        return data


@dataclass
class SolvedScenario:
    scenario: Scenario
    answers: list[AnsweredQuestion]

    @property
    def failed(self) -> bool:
        return any(a.error for a in self.answers)

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario.name,
            "game": self.scenario.game.slug,
            "file": self.scenario.file,
            "answers": [a.to_json() for a in self.answers],
        }


def solve_scenario(scenario: Scenario, progress=None, output_dir=None, time_limit=None) -> SolvedScenario:
    answers = []
    for question in scenario.questions:
        try:
            answer = answer_question(scenario, question, progress, output_dir, time_limit)
            answers.append(AnsweredQuestion(question, answer))
        except OracleError as exc:
            answers.append(AnsweredQuestion(question, None, str(exc)))
    return SolvedScenario(scenario, answers)


def solve_scenarios(scenarios: Iterable[Scenario], progress=None, output_dir=None, time_limit=None) -> list[SolvedScenario]:
    return [solve_scenario(s, progress, output_dir, time_limit) for s in scenarios]
