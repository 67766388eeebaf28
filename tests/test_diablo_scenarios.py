"""Every Diablo scenario file answers as it expects (a stand-in for the lead's loader)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oracle.games.diablo import GAME, load_position
from oracle.registry import QuestionContext, question_kinds

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "diablo").glob("*.scenario.yaml"))


def _questions():
    for path in SCENARIOS:
        for doc in yaml.safe_load_all(path.read_text()):
            for question in doc["questions"]:
                yield pytest.param(doc, question, id=f"{path.stem}:{doc['name']}:{question['id']}")


def matches(expected, actual, where="answer"):
    if isinstance(expected, dict) and set(expected) <= {"approx", "tol"} and "approx" in expected:
        assert isinstance(actual, (int, float)), f"{where}: {actual!r} is not a number"
        assert abs(actual - expected["approx"]) <= expected.get("tol", 1e-9), f"{where}: {actual} != {expected}"
        return
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: no key {key!r} in {sorted(actual)}"
            matches(value, actual[key], f"{where}.{key}")
        return
    assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def test_there_are_at_least_twelve_scenarios():
    names = [doc["name"] for path in SCENARIOS for doc in yaml.safe_load_all(path.read_text())]
    assert len(names) >= 12 and len(set(names)) == len(names)


@pytest.mark.parametrize("doc,question", list(_questions()))
def test_scenario(doc, question):
    assert doc["game"] == "diablo"
    rules = GAME.default_rules() | (doc.get("rules") or {})
    assert set(rules) == set(GAME.default_rules()), "a scenario sets a rule Diablo does not have"
    state = load_position(doc["position"], rules)
    ask = dict(question["ask"])
    kind = ask.pop("kind")
    handler = question_kinds("diablo")[kind].handler
    answer = handler(QuestionContext(game=GAME, rules=rules, position=doc["position"], state=state, params=ask))
    marks = question.get("marks") or []
    assert not marks, "no Diablo scenario is skipped or expected to fail"
    matches(question["expect"], answer.answer)
    assert answer.explanation and answer.rule.startswith("Diablo")
