"""``oracle check``: answer every question and compare it with its ``expect`` block
(``oracle.expectations``), report each outcome, write JUnit XML, and with ``--update`` write
the actual answers into the files (``oracle.update``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any, Iterable, Sequence
from xml.sax.saxutils import quoteattr, escape

from oracle.errors import OracleError, ScenarioError
from oracle.expectations import DEFAULT_TOLERANCE, Difference, differences, find_differences, is_approx
from oracle.files import write_text
from oracle.scenario import Defaults, Question, Scenario, answer_question, load_file

__all__ = [
    "DEFAULT_TOLERANCE", "Difference", "differences", "find_differences", "is_approx",
    "CheckReport", "QuestionResult", "check_question", "run_check", "write_junit",
]


PASSED, FAILED, ERROR, SKIPPED, XFAILED, XPASSED, NO_EXPECT, UPDATED = (
    "passed", "failed", "error", "skipped", "xfailed", "xpassed", "answered", "updated",
)


@dataclass
class QuestionResult:
    scenario: Scenario
    question: Question
    outcome: str
    answer: Any = None
    explanation: str = ""
    rule: str = ""
    diffs: list[Difference] = field(default_factory=list)
    reason: str = ""

    @property
    def label(self) -> str:
        return f"{self.scenario.file}::{self.scenario.name}::{self.question.id}"

    @property
    def location(self) -> str:
        """``FILE:LINE`` of the question."""
        return f"{self.scenario.file}:{self.question.line}" if self.question.line else self.scenario.file

    def where(self, difference: Difference) -> str:
        """``FILE:LINE`` of the expected value a difference is about (of the question when
        that value has no line of its own)."""
        lines = self.question.expect_lines
        path = difference.path
        while path and path not in lines:
            path = path[:-1]
        line = lines.get(path) or self.question.line
        return f"{self.scenario.file}:{line}" if line else self.scenario.file

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.scenario.file,
            "line": self.question.line,
            "scenario": self.scenario.name,
            "id": self.question.id,
            "outcome": self.outcome,
            "expected": self.question.expect,
            "answer": self.answer,
            "explanation": self.explanation,
            "differences": [str(d) for d in self.diffs],
            "reason": self.reason,
        }


@dataclass
class CheckReport:
    results: list[QuestionResult] = field(default_factory=list)
    unreadable: list[ScenarioError] = field(default_factory=list)
    updated_files: list[str] = field(default_factory=list)
    # Files --update could not write (each message names the file and the reason).
    not_updated: list[str] = field(default_factory=list)
    # --only patterns that chose no question: a mistyped id must not pass.
    unmatched: list[str] = field(default_factory=list)

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
        # A question whose input is refused (a bad card, an unknown player) is bad input in
        # its file, as an unreadable file is: 2, not a failed expectation.
        if self.unreadable or self.not_updated or self.unmatched or self.count(ERROR):
            return 2
        return 1 if self.failed else 0

    def summary(self) -> str:
        text = f"{self.passed} passed, {self.failed} failed"
        if self.count(UPDATED):
            text += f", {self.count(UPDATED)} updated"
        if self.count(SKIPPED):
            text += f", {self.count(SKIPPED)} skipped"
        if self.unreadable:
            text += f", {len(self.unreadable)} unreadable"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "failed": self.failed,
            "skipped": self.count(SKIPPED),
            "updated_questions": self.count(UPDATED),
            "unreadable_files": len(self.unreadable),
            "results": [r.to_json() for r in self.results],
            "unreadable": [str(p) for e in self.unreadable for p in e.problems],
            "updated": self.updated_files,
            "not_updated": self.not_updated,
            "unmatched": self.unmatched,
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
    diffs = find_differences(question.expect, answer.answer) if question.has_expect else []
    if "xfail" in marks:
        outcome = XPASSED if (question.has_expect and not diffs) else XFAILED
    elif not question.has_expect:
        outcome = NO_EXPECT
    else:
        outcome = FAILED if diffs else PASSED
    return QuestionResult(
        scenario, question, outcome, answer.answer, answer.explanation, answer.rule, diffs, marks.get("xfail", "")
    )


def chosen(scenario: Scenario, question: Question, only: Sequence[str]) -> list[str]:
    """The ``--only`` patterns that choose this question: each is matched (shell wildcards
    ``*``, ``?``, ``[...]``) against the question's id and against ``SCENARIO::ID``."""
    names = (question.id, f"{scenario.name}::{question.id}")
    return [p for p in only if any(fnmatchcase(name, p) for name in names)]


def run_check(
    files: Iterable[str], update: bool = False, time_limit: float | None = None, only: Sequence[str] = (),
    defaults: Defaults = None,
) -> CheckReport:
    """Check every question of ``files`` (with ``only``, the questions it chooses); with
    ``update``, write the actual answers of those that fail, or have no ``expect``, into
    their files. A question marked skip or xfail is never updated. ``defaults`` fills the
    positions' gaps (``oracle.scenario.build_scenario``)."""
    report = CheckReport()
    files = list(files)
    matched: set[str] = set()
    for file in files:
        try:
            scenarios = load_file(file, defaults)
        except ScenarioError as exc:
            report.unreadable.append(exc)
            continue
        picked = []
        for scenario in scenarios:
            for question in scenario.questions:
                hits = chosen(scenario, question, only) if only else ["*"]
                matched.update(hits)
                if hits:
                    picked.append((scenario, question))
        file_results = [check_question(s, q, time_limit) for s, q in picked]
        report.results += file_results
        if update:
            _update(file, file_results, report)
    report.unmatched = [p for p in only if p not in matched]
    return report


def _update(file: str, results: list[QuestionResult], report: CheckReport) -> None:
    from oracle.update import update_file

    answers = {
        (r.scenario.document, r.question.index): (r.question.id, r.answer)
        for r in results
        if r.answer is not None and not r.question.marks and (r.outcome == FAILED or r.outcome == NO_EXPECT)
    }
    if not answers:
        return
    try:
        changed = update_file(file, answers)
    except OracleError as exc:
        # One file we cannot write does not stop the others.
        report.not_updated.append(str(exc))
        return
    if changed:
        report.updated_files.append(file)
    # Every answer given was written: those questions hold now, and say so.
    for result in results:
        if (result.scenario.document, result.question.index) in answers:
            result.outcome = UPDATED


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
                message = "; ".join(map(str, r.diffs)) or "passed but marked xfail"
                parts.append(f"<failure message={quoteattr(message)}>{escape(r.explanation)}</failure>")
            elif r.outcome == ERROR:
                parts.append(f"<error message={quoteattr(r.reason)}/>")
            elif r.outcome == SKIPPED:
                parts.append(f"<skipped message={quoteattr(r.reason)}/>")
            parts.append("</testcase>")
        parts.append("</testsuite>")
    parts.append("</testsuites>")
    write_text(path, "\n".join(parts) + "\n", inputs=inputs)
