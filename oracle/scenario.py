"""Scenario files: a game position and questions about it, in YAML.

Loading never falls over: the text is read with PyYAML's safe loader (no object
construction), files over 1 MiB are refused (at most that much is read, so a device or a pipe
cannot fill the memory), anchors and aliases are refused, every number must be finite and
written with at most 4,300 digits, and every problem found is reported at once with its file,
line and field path, as one ``ScenarioError``. The format is documented in ``docs/scenarios.md``; ``oracle schema``
prints it as a JSON Schema.
"""

from __future__ import annotations

import copy
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import yaml


from oracle.errors import ArgumentError, FieldError, IllegalActionError, OracleError, Problem, ScenarioError, did_you_mean
from oracle.registry import Answer, GameInfo, QuestionContext, find_game, game_slugs, question_kinds, rule_problems
from oracle.scenario_questions import Question, build_questions
from oracle.scenario_yaml import MAX_FILE_BYTES, LineMap, read_documents, read_text
from oracle.text import bound_message, quote

SCENARIO_SUFFIX = ".scenario.yaml"
TOP_KEYS = ("game", "name", "description", "rules", "position", "questions")
Path_ = tuple[str | int, ...]


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

    @property
    def history(self) -> tuple[str, ...]:
        """The action lines played from the position, in order."""
        return tuple(self.position.get("history") or ())

    def ask(self, kind: str, *, output_dir: Path | None = None, **params: Any) -> Answer:
        """Ask one question of this position, as a scenario file's ``ask: {kind: ..., ...}``
        would; a question kind or parameter the game does not know raises ``ScenarioError``.
        ``output_dir`` is the folder a question may draw its picture into (``plot``)."""
        if not isinstance(kind, str):
            raise ArgumentError(f"ask: kind is a question kind's name such as 'best-swap', not {type(kind).__name__}")
        if output_dir is not None and not isinstance(output_dir, (str, os.PathLike)):
            raise ArgumentError(f"ask: output_dir is a folder's path, not {type(output_dir).__name__}")
        questions, problems = build_questions([{"id": kind, "ask": {"kind": kind, **params}}], self.game, LineMap(self.file))
        if problems:
            raise ScenarioError(problems)
        return answer_question(self, questions[0], output_dir=output_dir)

    def apply(self, *lines: str) -> "Scenario":
        """A new scenario: this position with ``lines`` added to its history. A line that does
        not parse or is not allowed raises ``InvalidActionError``/``IllegalActionError`` with
        the reason, as in a scenario file; this scenario is unchanged."""
        for index, line in enumerate(lines):
            if not isinstance(line, str):
                raise ArgumentError(f"apply: lines[{index}] is an action line (text), not {type(line).__name__}")
        if sum(len(line) for line in lines) > MAX_FILE_BYTES:
            raise ArgumentError(f"apply: the lines hold more than {MAX_FILE_BYTES:,} characters, more than a "
                                "scenario file may")
        known = len(self.history)
        data = self.to_data(questions=False)
        data["position"]["history"] = [*self.history, *lines]
        scenario, problems = build_scenario(data, LineMap(self.file), self.document, questions_required=False)
        for problem in problems:
            where = problem.path[:3]
            if where[:2] == ("position", "history") and len(where) == 3 and isinstance(where[2], int) and where[2] >= known:
                line = data["position"]["history"][where[2]]
                raise IllegalActionError(bound_message(f"{quote(line)}: {problem.message}"))
        if problems or scenario is None:
            raise ScenarioError(problems)
        return scenario

    def to_data(self, questions: bool = True) -> dict[str, Any]:
        """The scenario as plain data, as its YAML would hold it: rules that differ from the
        game's defaults, the position, and (unless ``questions=False``) the questions."""
        defaults = self.game.default_rules()
        data: dict[str, Any] = {"game": self.game.slug, "name": self.name}
        if self.description:
            data["description"] = self.description
        rules = {k: v for k, v in self.rules.items() if defaults.get(k, object()) != v}
        if rules:
            data["rules"] = rules
        data["position"] = copy.deepcopy(self.position)
        if questions and self.questions:
            data["questions"] = [q.to_data() for q in self.questions]
        return data

    def dumps(self) -> str:
        """The scenario as YAML text that ``oracle.loads`` reads back the same."""
        return yaml.safe_dump(self.to_data(), sort_keys=False, allow_unicode=True, width=100)


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


# ``defaults(game_slug, position)``: the position with what the command line fills in where
# the file leaves it out (``oracle solve --bosses``: the Bosses' default hands).
Defaults = Callable[[str, dict], dict] | None


def build_scenario(
    data: Any, lines: LineMap, document: int, *, questions_required: bool = True, defaults: Defaults = None
) -> tuple[Scenario | None, list[Problem]]:
    """Validate one YAML document and turn it into a ``Scenario``; every problem is listed.
    ``questions_required=False`` accepts a position without questions (built in Python);
    ``defaults`` fills the position's gaps first."""
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
    if not isinstance(game_name, str) or game_name not in known:
        # The slug exactly, as the schema has it: an editor's completion and checks then apply.
        hint = did_you_mean(game_name, known, "known games")
        problems.append(lines.problem(("game",), f"unknown game {quote(game_name)}{hint}"))
        return None, problems
    game = find_game(game_name)
    name = data.get("name", f"{Path(lines.file).name}#{document + 1}")
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], str):
            problems.append(lines.problem((key,), f"must be text, not {quote(data[key])}"))
    rules = _read_rules(game, data, lines, problems)
    position = {} if data.get("position") is None else data["position"]
    if not isinstance(position, dict):
        problems.append(lines.problem(("position",), "must be a mapping"))
        position = {}
    elif defaults is not None and position:
        position = defaults(game.slug, position)
    if game.position_keys:
        for key in position:
            if key not in game.position_keys:
                problems.append(lines.problem(("position", key), f"unknown key {quote(key)}{did_you_mean(key, game.position_keys)}"))
    problems += _entry_key_problems(game, position, lines)
    rules_readable = not any(p.path[:1] == ("rules",) for p in problems)
    if data.get("questions") is None and not questions_required:
        questions, question_problems = [], []
    else:
        questions, question_problems = build_questions(data.get("questions"), game, lines)
    problems += question_problems
    state, position_problems, table_problems = _read_table(
        game, position, rules, questions, lines, given=bool(data.get("position")), rules_readable=rules_readable
    )
    problems += table_problems
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


def _entry_key_problems(game: GameInfo, position: dict, lines: LineMap) -> list[Problem]:
    """Unknown keys in the entries of a position field (a Diablo seat, a Drawing Dead player),
    named whatever else is wrong with the field, as the schema names them: even where the
    game reads no entry (too few seats for a ``validate`` question to judge them)."""
    problems = []
    for field_name, allowed in game.entry_keys.items():
        entries = position.get(field_name)
        items = entries.items() if isinstance(entries, dict) else enumerate(entries) if isinstance(entries, list) else ()
        for index, entry in items:
            for key in entry if isinstance(entry, dict) else ():
                if key not in allowed:
                    problems.append(lines.problem(("position", field_name, index, key),
                                                  f"unknown key {quote(key)}{did_you_mean(key, allowed)}"))
    return problems


def _read_table(
    game: GameInfo, position: dict, rules: dict, questions: list["Question"], lines: LineMap, *, given: bool, rules_readable: bool
) -> tuple[Any, list[Problem], list[Problem]]:
    """The game's state read from the position, the position's problems (the answer of a
    ``validate`` question), and the problems that make the scenario unusable. A scenario
    without a position whose questions never read the table (``rank``, ``compare``) has no
    state; its rule options are still checked as far as a game can check them alone."""
    if game.load_position is None or not rules_readable:
        return None, [], []
    kinds = question_kinds(game.slug)
    asks_validate = any(q.kind == "validate" for q in questions)
    needing = [q for q in questions if kinds[q.kind].uses_position and q.kind != "validate"]
    if not given and needing:
        return None, [], [
            lines.problem(("questions", q.index), f"{q.kind} needs the table: give a position (only rank and compare are asked without one)")
            for q in needing
        ]
    state, found = None, []
    # The position is read whenever the rules are, so its problems are reported together
    # with those of the questions.
    try:
        state = game.load_position(position, rules)
    except OracleError as exc:
        found = _problems_from(exc, lines, ("position",))
    except (TypeError, AttributeError, KeyError, IndexError, ValueError, OverflowError) as exc:
        # A game module that trips over a value of the wrong shape: still a clear answer.
        found = [lines.problem(("position",), f"cannot be read: {type(exc).__name__}: {exc}")]
    if not given and not asks_validate:
        return None, [], [p for p in found if p.path[:1] == ("rules",)]
    return state, found, ([] if asks_validate else found)


def _read_rules(game: GameInfo, data: Mapping[str, Any], lines: LineMap, problems: list[Problem]) -> dict[str, Any]:
    """The game's default rules with the scenario's ``rules:`` over them; each bad option
    goes into ``problems`` and keeps its default."""
    rules = game.default_rules()
    given_rules = {} if data.get("rules") is None else data["rules"]
    if not isinstance(given_rules, dict):
        problems.append(lines.problem(("rules",), "must be a mapping of rule option to value"))
        given_rules = {}
    rule_faults = rule_problems(game.options, given_rules)
    for fault in rule_faults:
        message = fault.message if game.options else f"unknown rule option {quote(fault.path[1])}; {game.slug} has no rule options"
        problems.append(lines.problem(fault.path, message))
    faulty = {fault.path[1] for fault in rule_faults}
    rules.update({key: value for key, value in given_rules.items() if key not in faulty})
    return rules


def load_file(path: str | os.PathLike, defaults: Defaults = None) -> list[Scenario]:
    """Every scenario in a file; raises ``ScenarioError`` listing every problem found."""
    return _build_all(read_documents(path), defaults=defaults)


def _build_all(documents: list[tuple[Any, LineMap]], questions_required: bool = True,
               defaults: Defaults = None) -> list[Scenario]:
    scenarios: list[Scenario] = []
    problems: list[Problem] = []
    for document, (data, lines) in enumerate(documents):
        scenario, found = build_scenario(data, lines, document, questions_required=questions_required,
                                         defaults=defaults)
        problems += found
        if scenario is not None:
            scenarios.append(scenario)
    if problems:
        raise ScenarioError(problems)
    return scenarios


def loads(text: str, file: str = "<text>") -> list[Scenario]:
    """Every scenario in YAML ``text``; ``file`` names it in messages. Unlike a scenario
    file, a document may leave out ``questions`` (a position to ask in Python)."""
    return _build_all(read_text(text, file), questions_required=False)


def from_data(data: Mapping[str, Any], file: str = "<python>") -> Scenario:
    """One scenario from plain data, as a YAML document would hold it; ``questions`` may be
    left out. Raises ``ScenarioError`` listing every problem."""
    scenario, problems = build_scenario(copy.deepcopy(dict(data)), LineMap(file), 0, questions_required=False)
    if problems or scenario is None:
        raise ScenarioError(problems)
    return scenario


def load_files(paths: Iterable[str | os.PathLike], defaults: Defaults = None) -> list[Scenario]:
    """Load several files, reporting the problems of all of them together."""
    scenarios: list[Scenario] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            scenarios += load_file(path, defaults)
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
        source=scenario.file,
    )
    uses_table = kinds[question.kind].uses_position and question.kind != "validate"
    if uses_table and scenario.position_problems:
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
