"""Every Auf Teufel komm raus scenario file, checked directly through the game's handlers
(partial match of each ``expect``; ``{approx, tol}`` for floats)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oracle.games.auf_teufel import GAME, HANDLERS, SLUG, load_position
from oracle.registry import QuestionContext

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "auf-teufel-komm-raus"


def _documents():
    for path in sorted(SCENARIO_DIR.glob("*.scenario.yaml")):
        with path.open(encoding="utf-8") as handle:
            for doc in yaml.safe_load_all(handle):
                if doc:
                    yield pytest.param(doc, id=f"{path.stem}:{doc['name']}")


def matches(expected, actual, where="answer") -> list[str]:
    if isinstance(expected, dict) and set(expected) == {"approx", "tol"}:
        ok = isinstance(actual, (int, float)) and abs(actual - expected["approx"]) <= expected["tol"]
        return [] if ok else [f"{where}: {actual!r} not within {expected['tol']} of {expected['approx']}"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out += matches(value, actual[key], f"{where}.{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in matches(e, a, f"{where}[{i}]")]
    return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]


def test_there_are_at_least_twelve_scenarios():
    assert len(list(_documents())) >= 12


@pytest.mark.parametrize("doc", list(_documents()))
def test_scenario_expectations_hold(doc):
    assert doc["game"] == SLUG
    rules = GAME.default_rules() | dict(doc.get("rules") or {})
    assert set(doc.get("rules") or {}) <= set(GAME.default_rules())
    position = doc["position"]
    assert set(position) <= set(GAME.position_keys)
    state = load_position(position, rules)
    for question in doc["questions"]:
        ask = dict(question["ask"])
        kind = ask.pop("kind")
        ctx = QuestionContext(game=GAME, rules=rules, position=position, state=state, params=ask)
        answer = HANDLERS[kind](ctx)
        problems = matches(question["expect"], answer.answer)
        assert not problems, f"{question['id']}: " + "; ".join(problems)
