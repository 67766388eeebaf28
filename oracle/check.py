"""``oracle check``: answer every question and compare it with its ``expect`` block.

An expectation may give only some fields: mappings are compared on the keys they give
(recursively), lists element by element and whole, and a number may carry a tolerance,
written ``{approx: 0.1234, tol: 0.0001}``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable
from xml.sax.saxutils import quoteattr, escape

from oracle.errors import OracleError, Problem, ScenarioError
from oracle.files import write_text
from oracle.scenario import Question, Scenario, answer_question, load_file

DEFAULT_TOLERANCE = 1e-9


def is_approx(expected: Any) -> bool:
    return isinstance(expected, dict) and "approx" in expected and set(expected) <= {"approx", "tol"}


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` fails ``expected``, as lines ``path: expected X, got Y``."""
    here = path or "answer"
    if is_approx(expected):
        target = expected["approx"]
        tol = expected.get("tol", DEFAULT_TOLERANCE)
        if not isinstance(actual, (int, float)) or isinstance(actual, bool):
            return [f"{here}: expected a number near {target!r}, got {actual!r}"]
        if not isinstance(target, (int, float)) or not isinstance(tol, (int, float)):
            return [f"{here}: approx and tol must be numbers"]
        if math.isnan(actual) or abs(actual - target) > tol:
            return [f"{here}: expected {target!r} ± {tol!r}, got {actual!r}"]
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{here}: expected a mapping, got {actual!r}"]
        found = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{sub}: expected {value!r}, but the answer has no {key!r}")
            else:
                found += differences(value, actual[key], sub)
        return found
    if isinstance(expected, list):
        if not isinstance(actual, (list, tuple)):
            return [f"{here}: expected a list, got {actual!r}"]
        if len(expected) != len(actual):
            return [f"{here}: expected {len(expected)} items {expected!r}, got {len(actual)}: {list(actual)!r}"]
        found = []
        for index, (e, a) in enumerate(zip(expected, actual)):
            found += differences(e, a, f"{here}[{index}]")
        return found
    if isinstance(expected, bool) or isinstance(actual, bool):
        same = expected is actual
    elif isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        same = expected == actual
    else:
        same = expected == actual
    return [] if same else [f"{here}: expected {expected!r}, got {actual!r}"]


PASSED, FAILED, ERROR, SKIPPED, XFAILED, XPASSED, NO_EXPECT = (
    "passed", "failed", "error", "skipped", "xfailed", "xpassed", "answered",
)


@dataclass
class QuestionResult:
    scenario: Scenario
    question: Question
    outcome: str
    answer: Any = None
    explanation: str = ""
    rule: str = ""
    diffs: list[str] = field(default_factory=list)
    reason: str = ""

    @property
    def label(self) -> str:
        return f"{self.scenario.file}::{self.scenario.name}::{self.question.id}"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.scenario.file,
            "scenario": self.scenario.name,
            "id": self.question.id,
            "outcome": self.outcome,
            "expected": self.question.expect,
            "answer": self.answer,
            "explanation": self.explanation,
            "differences": self.diffs,
            "reason": self.reason,
        }


@dataclass
class CheckReport:
    results: list[QuestionResult] = field(default_factory=list)
    unreadable: list[ScenarioError] = field(default_factory=list)
    updated_files: list[str] = field(default_factory=list)

    def count(self, outcome: str) -> int:
        return sum(1 for r in self.results if r.outcome == outcome)

    @property
    def passed(self) -> int:
        return self.count(PASSED) + self.count(XFAILED) + self.count(NO_EXPECT)

    @property
    def failed(self) -> int:
        return self.count(FAILED) + self.count(ERROR) + self.count(XPASSED)

    @property
    def exit_code(self) -> int:
        if self.unreadable:
            return 2
        return 1 if self.failed else 0

    def summary(self) -> str:
        text = f"{self.passed} passed, {self.failed} failed"
        if self.count(SKIPPED):
            text += f", {self.count(SKIPPED)} skipped"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "failed": self.failed,
            "skipped": self.count(SKIPPED),
            "results": [r.to_json() for r in self.results],
            "unreadable": [str(p) for e in self.unreadable for p in e.problems],
            "updated": self.updated_files,
        }


def check_question(scenario: Scenario, question: Question, time_limit: float | None = None) -> QuestionResult:
    marks = dict(question.marks)
    if "skip" in marks:
        return QuestionResult(scenario, question, SKIPPED, reason=marks["skip"])
    try:
        answer = answer_question(scenario, question, time_limit=time_limit)
    except OracleError as exc:
        outcome = XFAILED if "xfail" in marks else ERROR
        return QuestionResult(scenario, question, outcome, reason=str(exc))
    diffs = differences(question.expect, answer.answer) if question.has_expect else []
    if "xfail" in marks:
        outcome = XPASSED if (question.has_expect and not diffs) else XFAILED
    elif not question.has_expect:
        outcome = NO_EXPECT
    else:
        outcome = FAILED if diffs else PASSED
    return QuestionResult(
        scenario, question, outcome, answer.answer, answer.explanation, answer.rule, diffs, marks.get("xfail", "")
    )


def run_check(files: Iterable[str], update: bool = False, time_limit: float | None = None) -> CheckReport:
    report = CheckReport()
    for file in files:
        try:
            scenarios = load_file(file)
        except ScenarioError as exc:
            report.unreadable.append(exc)
            continue
        file_results = [check_question(s, q, time_limit) for s in scenarios for q in s.questions]
        report.results += file_results
        if update and any(r.answer is not None and (r.diffs or not r.question.has_expect) for r in file_results):
            try:
                update_expectations(file, file_results)
            except OracleError as exc:
                # One file we cannot write does not stop the others.
                report.unreadable.append(ScenarioError([Problem((), str(exc), file)]))
                continue
            report.updated_files.append(file)
    return report


def update_expectations(file: str, results: list[QuestionResult]) -> None:
    """Write actual answers into the ``expect`` blocks, keeping comments and key order
    (ruamel.yaml round-trip). An existing partial ``expect`` keeps its keys, each given its
    actual value; a question without one gets the whole answer. The file is written through
    ``oracle.files``: atomically, through a symbolic link, keeping its mode, owner and hard
    links, so it is never left half-written."""
    from ruamel.yaml import YAML
    from ruamel.yaml.util import load_yaml_guess_indent

    text = Path(file).read_text(encoding="utf-8")
    # Keep the file's own layout: where its dashes sit under a key (ruamel calls it the
    # offset), with two-space mappings as everywhere in our files.
    _, _, dash_offset = load_yaml_guess_indent(text.split("\n---", 1)[0])
    offset = 2 if dash_offset is None else dash_offset
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap the designer's long lines
    yaml.representer.add_representer(
        type(None), lambda representer, _: representer.represent_scalar("tag:yaml.org,2002:null", "null")
    )
    yaml.indent(mapping=2, sequence=offset + 2, offset=offset)
    documents = list(yaml.load_all(text))
    by_place = {(r.scenario.document, r.question.index): r for r in results}
    for number, document in enumerate(documents):
        if document is None:
            continue
        for index, question in enumerate(document.get("questions") or []):
            result = by_place.get((number, index))
            if result is None or result.answer is None:
                continue
            if "expect" in question and isinstance(question["expect"], dict) and isinstance(result.answer, dict):
                _refresh(question["expect"], result.answer)
            else:
                question["expect"] = result.answer
    from io import StringIO

    buffer = StringIO()
    yaml.dump_all(documents, buffer)
    write_text(file, buffer.getvalue())


def _refresh(expected: Any, actual: Any) -> None:
    """Give each expected key that fails its actual value; keys that hold are left alone
    (an ``approx`` within its tolerance keeps the designer's rounding)."""
    for key in list(expected):
        if key not in actual or not differences(expected[key], actual[key]):
            continue
        value = expected[key]
        if is_approx(value) and isinstance(actual[key], (int, float)):
            value["approx"] = actual[key]
        elif isinstance(value, dict) and not is_approx(value) and isinstance(actual[key], dict):
            _refresh(value, actual[key])
        else:
            expected[key] = actual[key]


def write_junit(report: CheckReport, path: str, inputs: Iterable[str] = ()) -> None:
    """A JUnit XML report: one testsuite per file, one testcase per question. It is written
    through ``oracle.files``, so it never replaces a folder, a device or any of ``inputs``
    (the scenario files checked)."""
    by_file: dict[str, list[QuestionResult]] = {}
    for result in report.results:
        by_file.setdefault(result.scenario.file, []).append(result)
    parts = ['<?xml version="1.0" encoding="utf-8"?>']
    parts.append(
        f'<testsuites name="oracle check" tests="{len(report.results)}" failures="{report.failed}" '
        f'errors="{sum(len(e.problems) for e in report.unreadable)}">'
    )
    for error in report.unreadable:
        for problem in error.problems:
            parts.append(f'<testsuite name={quoteattr(problem.file or "")} tests="1" failures="0" errors="1">')
            parts.append(f'<testcase classname={quoteattr(problem.file or "")} name="load"><error message={quoteattr(str(problem))}/></testcase>')
            parts.append("</testsuite>")
    for file, results in by_file.items():
        failures = sum(1 for r in results if r.outcome in (FAILED, XPASSED))
        errors = sum(1 for r in results if r.outcome == ERROR)
        skipped = sum(1 for r in results if r.outcome == SKIPPED)
        parts.append(
            f'<testsuite name={quoteattr(file)} tests="{len(results)}" failures="{failures}" '
            f'errors="{errors}" skipped="{skipped}">'
        )
        for r in results:
            name = quoteattr(f"{r.scenario.name}::{r.question.id}")
            parts.append(f"<testcase classname={quoteattr(file)} name={name}>")
            if r.outcome in (FAILED, XPASSED):
                message = "; ".join(r.diffs) or "passed but marked xfail"
                parts.append(f"<failure message={quoteattr(message)}>{escape(r.explanation)}</failure>")
            elif r.outcome == ERROR:
                parts.append(f"<error message={quoteattr(r.reason)}/>")
            elif r.outcome == SKIPPED:
                parts.append(f"<skipped message={quoteattr(r.reason)}/>")
            parts.append("</testcase>")
        parts.append("</testsuite>")
    parts.append("</testsuites>")
    write_text(path, "\n".join(parts) + "\n", inputs=inputs)
