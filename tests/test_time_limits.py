"""Every solver question shipped in scenarios/ answers within its time limit, without being
cut short by it (a question that is about the time limit expects so in its file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.registry import question_kinds
from oracle.scenario import find_scenario_files, load_file

from conftest import SHIPPED_ANSWERS_GROUP

# The answers are the session's shipped answers (conftest), each timed as it was answered.
pytestmark = pytest.mark.xdist_group(SHIPPED_ANSWERS_GROUP)

ROOT = Path(__file__).resolve().parent.parent
BOUND_KEYS = ("bound", "bound_reached")


def solver_questions():
    for file in find_scenario_files([ROOT / "scenarios"]):
        for scenario in load_file(file):
            kinds = question_kinds(scenario.game.slug)
            for question in scenario.questions:
                if "time_limit" in kinds[question.kind].params and not question.marks:
                    key = f"{Path(file).name}::{scenario.name}::{question.id}"
                    yield pytest.param(key, question, id=key)


def expects_the_limit(question) -> bool:
    expect = question.expect if isinstance(question.expect, dict) else {}
    return any(expect.get(key) == "time_limit" for key in BOUND_KEYS) or expect.get("exact") is False


@pytest.mark.parametrize("key, question", list(solver_questions()))
def test_every_shipped_solver_question_answers_within_its_time_limit(key, question, shipped_answers):
    [shipped] = [s for s in shipped_answers if s.key == key]
    assert shipped.item.answer is not None, shipped.item.error
    answer, took = shipped.item.answer.answer, shipped.seconds
    limit = answer.get("time_limit") or question.params.get("time_limit")
    if limit is not None:
        assert took <= limit + 1.0, f"{took:.1f} s against a limit of {limit} s"
    if not expects_the_limit(question):
        reached = [answer.get(key) for key in BOUND_KEYS if answer.get(key) == "time_limit"]
        assert not reached, "cut short by its time limit: raise the limit or make the question smaller"
