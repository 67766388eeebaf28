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


SEARCH_FILE = re.compile(r"^```yaml\n# (\S+\.search\.yaml)\n(.*?)^```", re.S | re.M)
CONSOLE = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def find_examples() -> list[tuple[str, list[str]]]:
    """docs/find.md's console blocks: each ``$ oracle ...`` command with the lines shown under it."""
    text = (ROOT / "docs" / "find.md").read_text(encoding="utf-8")
    runs: list[tuple[str, list[str]]] = []
    for block in CONSOLE.findall(text):
        for line in block.splitlines():
            if line.startswith("$ "):
                runs.append((line[2:], []))
            elif line.strip():
                runs[-1][1].append(line)
    return runs


@pytest.mark.parametrize("command, shown", find_examples(), ids=[c for c, _ in find_examples()])
def test_find_examples_run_as_written(tmp_path, monkeypatch, command, shown):
    """Each search file of docs/find.md is written as shown, each command run, and every line
    shown under it is a line of its output (``...`` stands for what varies: the seconds)."""
    import shlex

    from click.testing import CliRunner

    from oracle.cli import main

    text = (ROOT / "docs" / "find.md").read_text(encoding="utf-8")
    for name, body in SEARCH_FILE.findall(text):
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    words = shlex.split(command)
    assert words[:2] == ["oracle", "find"]
    result = CliRunner(env={"COLUMNS": "1000"}).invoke(main, words[1:])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for expected in shown:
        pattern = re.escape(expected).replace(re.escape("..."), ".*")
        assert any(re.fullmatch(pattern, line.rstrip()) for line in lines), f"{expected!r} not in:\n{result.output}"
    if "--count" not in words:  # the witness printed is a scenario oracle check passes
        from oracle.check import run_check

        (tmp_path / "witness.scenario.yaml").write_text(result.stdout, encoding="utf-8")
        report = run_check([str(tmp_path / "witness.scenario.yaml")])
        assert report.failed == 0 and report.passed >= 1 and not report.unreadable


def test_find_md_shows_every_new_form_run():
    """The relations and the count each stand in an example the test above runs."""
    text = "\n".join(body for _, body in SEARCH_FILE.findall((ROOT / "docs" / "find.md").read_text(encoding="utf-8")))
    commands = " ".join(c for c, _ in find_examples())
    for form in ("strength(", "category([", "{in: [win, push]}", "expect: {category: five_of_a_kind}"):
        assert form in text
    assert "--count all" in commands
