"""The examples in the docs run: docs/api.md as doctests, and the worked example of
docs/architecture.md as a question kind really registered and asked."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks(doc: str) -> list[str]:
    return FENCE.findall((ROOT / "docs" / doc).read_text(encoding="utf-8"))


def test_api_examples_run_as_written(monkeypatch):
    monkeypatch.chdir(ROOT)
    text = "\n".join(python_blocks("api.md"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "docs/api.md", "docs/api.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    lines: list[str] = []
    runner.run(test, out=lines.append)
    assert runner.failures == 0, "".join(lines)
    assert runner.tries >= 30  # the page's examples, not an empty parse


def test_architecture_worked_example_adds_a_question_kind(monkeypatch):
    import oracle
    from oracle import registry
    from oracle.games.diablo import questions

    (example,) = [block for block in python_blocks("architecture.md") if "register_question" in block]
    try:
        exec(compile(example, "docs/architecture.md", "exec"), dict(vars(questions)))
        scenario = oracle.load(ROOT / "scenarios/diablo/rulebook-example.scenario.yaml")[0]
        answer = scenario.ask("pot")
        assert answer.answer == {"pot": 26}  # Anna's new pot, as the doc's expectation says
        fresh = oracle.table("diablo", {"seats": [{"name": n} for n in ("Anna", "Ben", "Carla")]})
        assert fresh.ask("pot").answer == {"pot": 3}  # three antes of 1
    finally:
        registry._QUESTIONS.pop(("diablo", "pot"), None)
