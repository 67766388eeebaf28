"""Every Drawing Dead scenario file, checked with the game's own handlers (partial match)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oracle.games.drawing_dead import GAME, load_position
from oracle import registry
from oracle.registry import QuestionContext

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "drawing-dead").glob("*.scenario.yaml"))


def _documents():
    for path in SCENARIOS:
        for doc in yaml.safe_load_all(path.read_text()):
            if doc:
                yield pytest.param(doc, id=f"{path.stem}:{doc['name']}")


def _kinds():
    # Our own kinds, read straight from the registry: question_kinds() imports every game
    # module, and a neighbour's module that does not import yet must not fail these tests.
    return {kind: q for (game, kind), q in registry._QUESTIONS.items() if game == "drawing-dead"}


def _match(actual, expected, where="answer"):
    if isinstance(expected, dict) and set(expected) == {"approx", "tol"}:
        assert abs(actual - expected["approx"]) <= expected["tol"], where
    elif isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected a mapping, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing from {sorted(actual)}"
            _match(actual[key], value, f"{where}.{key}")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"


def test_there_are_at_least_twelve_scenarios():
    assert len(list(_documents())) >= 12


@pytest.mark.parametrize("doc", _documents())
def test_scenario(doc):
    assert doc["game"] == "drawing-dead"
    rules = GAME.default_rules() | doc.get("rules", {})
    kinds = _kinds()
    for question in doc["questions"]:
        marks = question.get("marks") or []
        if any("skip" in m for m in marks):
            continue
        state = load_position(doc["position"], rules)
        params = {k: v for k, v in question["ask"].items() if k != "kind"}
        ctx = QuestionContext(game=GAME, rules=rules, position=doc["position"], state=state, params=params)
        answer = kinds[question["ask"]["kind"]].handler(ctx)
        _match(answer.answer, question["expect"], question["id"])
