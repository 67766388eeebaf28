"""A pytest plugin: scenario files become tests, one item per question.

Registered through the ``pytest11`` entry point, so installing oracle is enough. Files named
``*.scenario.yaml`` are collected anywhere; every ``.yaml``/``.yml`` file is collected under
the folders listed in the ini option ``oracle_scenario_dirs``, except ``*.search.yaml`` (the
searches of ``oracle find``, whose witnesses are scenario files). A question's ``marks`` become
pytest's skip and xfail. Scenario text in item names and reports is escaped
(``oracle.text.escape``), as in ``oracle check``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.errors import OracleError, ScenarioError
from oracle.scenario import SCENARIO_SUFFIX
from oracle.find.holes import SEARCH_SUFFIX
from oracle.text import escape


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "oracle_scenario_dirs",
        type="paths",
        default=[],
        help="Folders whose every YAML file is an oracle scenario file.",
    )


def _in_scenario_dirs(config: pytest.Config, file_path: Path) -> bool:
    for folder in config.getini("oracle_scenario_dirs"):
        try:
            file_path.resolve().relative_to(Path(folder).resolve())
            return True
        except ValueError:
            continue
    return False


def pytest_collect_file(parent: pytest.Collector, file_path: Path):
    if file_path.name.endswith(SEARCH_SUFFIX):
        return None  # a search (oracle find) has holes: its witness beside it is the scenario
    if file_path.name.endswith(SCENARIO_SUFFIX) or (
        file_path.suffix in (".yaml", ".yml") and _in_scenario_dirs(parent.config, file_path)
    ):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioCollectError):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def collect(self):
        from oracle.scenario import load_file

        try:
            scenarios = load_file(self.path)
        except ScenarioError as exc:
            raise ScenarioCollectError(exc) from None
        for scenario in scenarios:
            for question in scenario.questions:
                name = escape(f"{scenario.name}::{question.id}")
                item = QuestionItem.from_parent(self, name=name, scenario=scenario, question=question)
                for kind, reason in question.marks:
                    if kind == "skip":
                        item.add_marker(pytest.mark.skip(reason=escape(reason) or "marked skip in the scenario"))
                    else:
                        item.add_marker(pytest.mark.xfail(reason=escape(reason) or "marked xfail in the scenario", strict=True))
                yield item


class ScenarioCollectError(Exception):
    def __init__(self, error: ScenarioError):
        super().__init__(escape(error, newlines=True))


class ExpectationFailed(Exception):
    pass


class QuestionItem(pytest.Item):
    def __init__(self, *, scenario, question, **kwargs):
        super().__init__(**kwargs)
        self.scenario = scenario
        self.question = question
        self.answer = None

    def runtest(self) -> None:
        from oracle.check import differences
        from oracle.scenario import answer_question

        self.answer = answer_question(self.scenario, self.question)
        if self.question.has_expect:
            diffs = differences(self.question.expect, self.answer.answer)
            if diffs:
                raise ExpectationFailed(diffs)

    def repr_failure(self, excinfo, style=None):
        from oracle.json_text import json_text

        q = self.question
        lines = [f"question {q.id!r} ({q.kind}) in {self.scenario.file}:{q.line}"]
        lines.append(f"  ask:      {json_text(q.ask_json())}")
        if isinstance(excinfo.value, ExpectationFailed):
            lines.append(f"  expected: {json_text(q.expect)}")
            lines.append(f"  actual:   {json_text(self.answer.answer)}")
            lines += [f"  differs:  {d}" for d in excinfo.value.args[0]]
            lines.append(f"  why:      {self.answer.explanation} [{self.answer.rule}]")
            return escape("\n".join(lines), newlines=True)
        if isinstance(excinfo.value, OracleError):
            lines.append(f"  error:    {excinfo.value}")
            return escape("\n".join(lines), newlines=True)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, (self.question.line or 1) - 1, escape(f"scenario {self.scenario.name}: {self.question.id}")
