"""Every Hell of a Deal scenario file, checked with the game's own handlers (partial match)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oracle import registry
from oracle.games.hell_of_a_deal import GAME, load_position
from oracle.registry import QuestionContext

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "hell-of-a-deal").glob("*.scenario.yaml"))


def _documents():
    for path in SCENARIOS:
        for doc in yaml.safe_load_all(path.read_text()):
            if doc:
                yield pytest.param(doc, id=f"{path.stem}:{doc['name']}")


def _kinds():
    return {kind: q for (game, kind), q in registry._QUESTIONS.items() if game == "hell-of-a-deal"}


def _match(actual, expected, where="answer"):
    if isinstance(expected, dict) and set(expected) == {"approx", "tol"}:
        assert abs(actual - expected["approx"]) <= expected["tol"], where
    elif isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing from {sorted(actual)}"
            _match(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            _match(a, e, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def test_there_are_at_least_twelve_scenarios():
    assert len(list(_documents())) >= 12


@pytest.mark.parametrize("doc", list(_documents()))
def test_scenario(doc):
    rules = GAME.default_rules() | (doc.get("rules") or {})
    kinds = _kinds()
    for question in doc["questions"]:
        ask = dict(question["ask"])
        kind = ask.pop("kind")
        state = load_position(doc["position"], rules)
        ctx = QuestionContext(game=GAME, rules=rules, position=doc["position"], state=state, params=ask)
        answer = kinds[kind].handler(ctx)
        _match(answer.answer, question["expect"], f"{doc['name']}:{question['id']}")
