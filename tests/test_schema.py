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
    jsonschema.Draft202012Validator.check_schema(data)
    return data


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_scenario_file_satisfies_the_schema(schema, path):
    validator = jsonschema.Draft202012Validator(schema)
    for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
        if document is not None:
            errors = sorted(validator.iter_errors(document), key=str)
            assert not errors, errors[0].message


def test_schema_rejects_an_unknown_top_level_key_and_an_unknown_game(schema):
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid({"game": "diablo", "questions": [{"id": "a", "ask": "validate"}], "rulez": {}})
    assert not validator.is_valid({"game": "chess", "questions": [{"id": "a", "ask": "validate"}]})
    assert validator.is_valid({"game": "diablo", "questions": [{"id": "a", "ask": "validate"}]})
