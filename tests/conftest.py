"""What the whole suite shares: a record of the scenario loader's every verdict.

Each scenario document a test makes the loader read from a file (``build_scenario`` with
questions required) is kept with the problems found in it, so that ``test_schema`` can hold
the JSON Schema to the same verdicts: every document the loader accepted satisfies the
schema, and every one it refused for a reason the schema can express, the schema refuses
there too. Tests marked ``after_all`` run after every other test, when the record is full.
The suite runs in several processes (pytest-xdist): each keeps its own record, so the check
sees the documents of the tests its process ran, about half of them on two cores.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

from oracle import registry
from oracle import scenario as scenario_module
from oracle.errors import Problem


@dataclass(frozen=True)
class Verdict:
    data: Any
    problems: tuple[Problem, ...]
    registry: tuple  # names of the games and question kinds registered then (a test's toy game)


VERDICTS: list[Verdict] = []
# The registry's games and question kinds as they were under each ``Verdict.registry``.
REGISTRIES: dict[tuple, tuple[dict, dict]] = {}


def _registry_key() -> tuple:
    return tuple(sorted(registry._GAMES)), tuple(sorted(map(str, registry._QUESTIONS)))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "after_all: run after every other test of the session")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("after_all") is not None)


@pytest.fixture(autouse=True)
def _record_loader_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    original = scenario_module.build_scenario

    def recording(data, lines, document, *, questions_required=True, defaults=None):
        # A document read with the command line's defaults (``--bosses``) is not judged alone.
        judged = questions_required and defaults is None
        kept = copy.deepcopy(data) if judged else None
        result = original(data, lines, document, questions_required=questions_required, defaults=defaults)
        if judged:
            key = _registry_key()
            REGISTRIES.setdefault(key, (dict(registry._GAMES), dict(registry._QUESTIONS)))
            VERDICTS.append(Verdict(kept, tuple(result[1]), key))
        return result

    monkeypatch.setattr(scenario_module, "build_scenario", recording)


@dataclass(frozen=True)
class ShippedAnswer:
    """One question of a shipped scenario, answered, and how long the answer took."""

    scenario: Any
    item: Any  # oracle.scenario.AnsweredQuestion
    seconds: float

    @property
    def key(self) -> str:
        from pathlib import Path

        return f"{Path(self.scenario.file).name}::{self.scenario.name}::{self.item.question.id}"


# Tests that read the shipped answers share this xdist group, so that one process answers
# every shipped question once for all of them (the suite runs with ``--dist loadgroup``).
SHIPPED_ANSWERS_GROUP = "shipped-answers"


@pytest.fixture(scope="session")
def shipped_answers() -> list[ShippedAnswer]:
    """Every question of every scenario under scenarios/, answered once for the session."""
    import time
    from pathlib import Path

    from oracle.scenario import AnsweredQuestion, answer_question, find_scenario_files, load_file
    from oracle.errors import OracleError

    answers = []
    for file in find_scenario_files([Path(__file__).resolve().parent.parent / "scenarios"]):
        for scenario in load_file(file):
            for question in scenario.questions:
                started = time.monotonic()
                try:
                    item = AnsweredQuestion(question, answer_question(scenario, question))
                except OracleError as exc:
                    item = AnsweredQuestion(question, None, str(exc))
                answers.append(ShippedAnswer(scenario, item, time.monotonic() - started))
    return answers
