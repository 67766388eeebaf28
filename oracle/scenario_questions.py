"""The questions of a scenario file: each question's keys, its kind and parameters, its
expectation and marks, read with every problem named at its line (``build_questions``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from oracle.errors import Problem, did_you_mean
from oracle.expectations import relation, relation_fault
from oracle.registry import GameInfo, QuestionKind, question_kinds
from oracle.scenario_yaml import LineMap
from oracle.text import quote

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
    # The line of each value under ``expect``, by its path there (``("hands", "Ben")``).
    expect_lines: Mapping[Path_, int] = field(default_factory=dict, compare=False, repr=False)

    def ask_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.params}

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "ask": self.ask_json()}
        if self.has_expect:
            data["expect"] = self.expect
        if self.rule is not None:
            data["rule"] = self.rule
        if self.marks:
            data["marks"] = [{kind: reason} for kind, reason in self.marks]
        return data


def build_questions(raw: Any, game: GameInfo, lines: LineMap) -> tuple[list[Question], list[Problem]]:
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
                expect_lines=_lines_under(lines, where + ("expect",)),
            )
        )
    return questions, problems


def _lines_under(lines: LineMap, where: Path_) -> dict[Path_, int]:
    size = len(where)
    return {path[size:]: line for path, line in lines.lines.items() if path[:size] == where}


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
        if param.shape is not None and params.get(name) is not None:
            problems += [lines.problem(where + (name,) + inside, message) for inside, message in param.shape(params[name])]
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
        if relation(value) is not None:
            fault = relation_fault(value)
            if fault is not None:
                problems.append(lines.problem(path + (relation(value),), fault))
        elif isinstance(value, dict) and "approx" in value and set(value) <= {"approx", "tol"}:
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
