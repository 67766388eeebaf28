"""Random mutations of the valid scenario files in scenarios/ (keys deleted, values of the
wrong type, random text in card fields) give only the project's own errors, never a
traceback."""

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.errors import OracleError
from oracle.scenario import load_file, solve_scenario

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.scenario.yaml"))
WRONG_VALUES = [None, 0, -3, 2.5, True, "", "zz", "Xx Yy", [], {}, [1, "a"], {"kind": None}, "9h 9h", "Jk Jk", 10**12]


def paths_in(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths_in(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths_in(value, prefix + (index,))


def mutate(document, rng):
    paths = [p for p in paths_in(document) if p]
    path = rng.choice(paths)
    parent = document
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    action = rng.choice(["delete", "wrong", "text"])
    if action == "delete" and isinstance(parent, dict):
        del parent[last]
    elif action == "text":
        parent[last] = "".join(rng.choice("AKQJT98765432shdc♠♥ ,Jkx10") for _ in range(rng.randint(0, 12)))
    else:
        parent[last] = rng.choice(WRONG_VALUES)


@pytest.mark.skipif(not FILES, reason="no scenario files yet")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**9))
def test_mutated_scenarios_give_only_validation_errors(tmp_path, seed):
    rng = random.Random(seed)
    source = rng.choice(FILES)
    documents = [d for d in yaml.safe_load_all(source.read_text(encoding="utf-8")) if d is not None]
    for _ in range(rng.randint(1, 3)):
        mutate(rng.choice(documents), rng)
    path = tmp_path / f"mutant-{seed}.scenario.yaml"
    path.write_text(yaml.safe_dump_all(documents, allow_unicode=True), encoding="utf-8")
    try:
        scenarios = load_file(path)
    except OracleError:
        return
    for scenario in scenarios:
        solve_scenario(scenario)  # answers or per-question errors; anything else fails the test
