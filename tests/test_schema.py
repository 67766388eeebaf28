"""``oracle schema`` is a valid JSON Schema, every scenario file in scenarios/ satisfies it,
and it catches what the loader catches at the top level."""

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from oracle.cli import main

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.scenario.yaml"))


@pytest.fixture(scope="module")
def schema():
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    jsonschema.Draft7Validator.check_schema(data)
    return data


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_scenario_file_satisfies_the_schema(schema, path):
    validator = jsonschema.Draft7Validator(schema)
    for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
        if document is not None:
            errors = sorted(validator.iter_errors(document), key=str)
            assert not errors, errors[0].message


def test_schema_rejects_an_unknown_top_level_key_and_an_unknown_game(schema):
    validator = jsonschema.Draft7Validator(schema)
    assert not validator.is_valid({"game": "diablo", "questions": [{"id": "a", "ask": "validate"}], "rulez": {}})
    assert not validator.is_valid({"game": "chess", "questions": [{"id": "a", "ask": "validate"}]})
    assert validator.is_valid({"game": "diablo", "questions": [{"id": "a", "ask": "validate"}]})


# --- The schema and the loader agree ----------------------------------------------------------

import re  # noqa: E402

from conftest import REGISTRIES, VERDICTS  # noqa: E402
from oracle.errors import ScenarioError  # noqa: E402
from oracle.schema import SCHEMA_ID, scenario_schema  # noqa: E402

BASE = """\
game: diablo
questions:
  - id: hand
    ask: {kind: rank, cards: "9 9 2 2 K"}
"""

# Each a change of BASE that the loader refuses, at a field JSON Schema can describe.
REFUSED = {
    "a mark without a reason (the issue's marks: [xfail])": ("    ask:", "    marks: [xfail]\n    ask:"),
    "an empty reason": ("    ask:", "    marks: [{xfail: ''}]\n    ask:"),
    "two marks in one": ("    ask:", "    marks: [{xfail: a, skip: b}]\n    ask:"),
    "an unknown mark": ("    ask:", "    marks: [{later: why}]\n    ask:"),
    "an empty id": ("id: hand", "id: ''"),
    "an id that is true": ("id: hand", "id: true"),
    "no id": ("  - id: hand\n    ask:", "  - ask:"),
    "an ask without a kind": ("{kind: rank, cards", "{card"),
    "an unknown kind": ("kind: rank", "kind: rnak"),
    "a kind of another game": ('{kind: rank, cards: "9 9 2 2 K"}', "{kind: stop-policy}"),
    "an unknown parameter": ("cards:", "card:"),
    "a missing parameter": ('{kind: rank, cards: "9 9 2 2 K"}', "compare"),
    "a question that needs the table and no position": ('{kind: rank, cards: "9 9 2 2 K"}', "showdown"),
    "an expectation that is no mapping": ("    ask:", "    expect: 5\n    ask:"),
    "an approx that is no number": ("    ask:", "    expect: {strength: {approx: many}}\n    ask:"),
    "a negative tolerance": ("    ask:", "    expect: {strength: {approx: 1, tol: -1}}\n    ask:"),
    "a rule that is no text": ("    ask:", "    rule: 5\n    ask:"),
    "an unknown question key": ("    ask:", "    rulez: x\n    ask:"),
    "an unknown top-level key": ("questions:", "rulez: {}\nquestions:"),
    "a game not written as its slug": ("game: diablo", "game: Diablo"),
    "no game": ("game: diablo\n", ""),
    "a rule option of the wrong type": ("questions:", "rules: {ante: one}\nquestions:"),
    "an unknown rule option": ("questions:", "rules: {antee: 1}\nquestions:"),
    "rules that are no mapping": ("questions:", "rules: 5\nquestions:"),
    "a position that is no mapping": ("questions:", "position: 5\nquestions:"),
    "an unknown position key": ("questions:", "position: {seatz: []}\nquestions:"),
    "no questions": ('questions:\n  - id: hand\n    ask: {kind: rank, cards: "9 9 2 2 K"}\n', "questions: []\n"),
    "a question that is no mapping": ('  - id: hand\n    ask: {kind: rank, cards: "9 9 2 2 K"}\n', "  - 5\n"),
    "a name that is no text": ("questions:", "name: 5\nquestions:"),
}

ACCEPTED = {
    "a scenario that only ranks a hand": ("", ""),
    "one mark, not in a list": ("    ask:", "    marks: {skip: not today}\n    ask:"),
    "empty rules, position and marks": ("questions:", "rules:\nposition:\nquestions:"),
    "a number as id": ("id: hand", "id: 3"),
    "validate without a position": ('{kind: rank, cards: "9 9 2 2 K"}', "validate"),
}


def changed(old, new):
    assert old in BASE
    return BASE.replace(old, new, 1)


def validator_for(key):
    """The schema of the registry as it was when the loader gave a verdict (with a test's
    toy game and question kinds, say)."""
    from oracle import registry

    saved = dict(registry._GAMES), dict(registry._QUESTIONS)
    games, kinds = REGISTRIES[key]
    registry._GAMES.clear(), registry._GAMES.update(games)
    registry._QUESTIONS.clear(), registry._QUESTIONS.update(kinds)
    try:
        return jsonschema.Draft7Validator(scenario_schema())
    finally:
        registry._GAMES.clear(), registry._GAMES.update(saved[0])
        registry._QUESTIONS.clear(), registry._QUESTIONS.update(saved[1])


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_the_schema_refuses_what_the_loader_refuses(schema, case):
    text = changed(*REFUSED[case])
    with pytest.raises(ScenarioError):
        load_text(text)
    assert not jsonschema.Draft7Validator(schema).is_valid(yaml.safe_load(text))


@pytest.mark.parametrize("case", ACCEPTED, ids=list(ACCEPTED))
def test_the_schema_accepts_what_the_loader_accepts(schema, case):
    text = changed(*ACCEPTED[case])
    load_text(text)
    errors = list(jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(text)))
    assert not errors, errors[0].message


def load_text(text):
    """Through a file, as ``oracle check`` reads one (so the loader's verdict is recorded)."""
    import tempfile

    from oracle.scenario import load_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "case.scenario.yaml"
        path.write_text(text, encoding="utf-8")
        return load_file(path)


def _at(data, path):
    for part in path:
        data = data[part]
    return data


# The loader's own refusals of a document's shape, by field: the ones the schema can express.
_EXPRESSIBLE = [
    (r"^$", r"^a scenario must be a mapping"),
    (r"^[^/]+$", r"^unknown key"),
    (r"^game$", r"^(missing|unknown game)"),
    (r"^(name|description)$", r"^must be text"),
    (r"^(rules|position)$", r"^must be a mapping"),
    (r"^rules/[^/]+$", r"^(unknown rule option|must be (one of|a whole number|true or false|text|a number)\b)"),
    (r"^position/[^/]+$", r"^unknown key"),
    (r"^questions$", r"^(missing: a scenario asks|must be a list of questions)"),
    (r"^questions/\d+$", r"^(a question must be a mapping|\S+ needs the table)"),
    (r"^questions/\d+/[^/]+$", r"^unknown key"),
    (r"^questions/\d+/id$", r"^(missing|must be text|must not be empty)"),
    (r"^questions/\d+/ask$", r"^(must name the question kind|\S+ needs the parameter)"),
    (r"^questions/\d+/ask/kind$", r"^(unknown question kind|question kind .* belongs to)"),
    (r"^questions/\d+/ask/[^/]+$", r"^unknown parameter"),
    (r"^questions/\d+/marks(/\d+)?(/(skip|xfail))?$", r"^(a mark is|(skip|xfail) needs a reason)"),
    (r"^questions/\d+/expect$", r"^must be a mapping"),
    (r"^questions/\d+/expect/.*(approx|tol)$", r"^(must be a number|a tolerance cannot be negative)"),
    (r"^questions/\d+/rule$", r"^must be text"),
]


def expressible(problem, data):
    """Whether JSON Schema can say what the loader said. JSON has one kind of number, so
    ``1.0`` given for a whole number (or an id) is the loader's alone."""
    where = "/".join(str(part) for part in problem.path)
    if not any(re.search(p, where) and re.search(m, problem.message) for p, m in _EXPRESSIBLE):
        return False
    try:
        value = _at(data, problem.path)
    except (KeyError, IndexError, TypeError):
        return True
    return not (isinstance(value, float) and value.is_integer())


@pytest.mark.after_all
def test_every_document_the_suite_loaded_gets_the_same_verdict_from_the_schema():
    assert VERDICTS, "the loader read no scenario document in this session"
    validators = {}
    disagreements = []
    judged = set()  # many tests load the same shipped files: each document is judged once
    for verdict in VERDICTS:
        key = (verdict.registry, repr(verdict.data), tuple((p.path, p.message) for p in verdict.problems))
        if key in judged:
            continue
        judged.add(key)
        if verdict.registry not in validators:
            validators[verdict.registry] = validator_for(verdict.registry)
        errors = list(validators[verdict.registry].iter_errors(verdict.data))
        if not verdict.problems:
            if errors:
                disagreements.append(f"the loader accepts, the schema refuses ({errors[0].message}): {verdict.data!r:.300}")
            continue
        places = [tuple(e.absolute_path) for e in errors]
        for problem in verdict.problems:
            # A question that needs the table is refused at it; the schema can only ask for a position.
            where = ("position",) if "needs the table" in problem.message else problem.path
            if expressible(problem, verdict.data) and not any(where[: len(p)] == p for p in places):
                disagreements.append(f"the loader refuses ({problem.dotted_path()}: {problem.message}), the schema does not there: {verdict.data!r:.300}")
    assert not disagreements, f"{len(disagreements)} of {len(judged)} disagree; first: {disagreements[0]}"


def test_the_schema_id_is_a_plain_name_the_docs_give(schema):
    assert schema["$id"] == SCHEMA_ID == "urn:oracle:scenario"
    assert SCHEMA_ID in (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")


def test_schema_output_writes_the_file_through_oracle_files(tmp_path, schema):
    path = tmp_path / "scenario.schema.json"
    result = CliRunner().invoke(main, ["schema", "--output", str(path)])
    assert result.exit_code == 0 and result.output == ""
    assert json.loads(path.read_text(encoding="utf-8")) == schema
    folder = CliRunner().invoke(main, ["schema", "--output", str(tmp_path)])
    assert folder.exit_code == 2 and "a folder, not a regular file" in folder.output
