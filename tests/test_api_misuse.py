"""The Python API keeps docs/api.md's promise: whatever it cannot accept raises a subclass of
``oracle.OracleError`` whose message names the parameter, and nothing it is given can make it
wait for ever or quote a huge argument whole."""

from __future__ import annotations

import os
import time

import pytest

import oracle

HUGE = "x" * 10_000_000
CASES = [
    ("load", (None,), {}, "path"), ("load", (42,), {}, "path"), ("load", (["a.yaml"],), {}, "path"),
    ("load", ("y" * 5000,), {}, "path"),
    ("loads", (None,), {}, "text"), ("loads", (42,), {}, "text"), ("loads", (b"game: diablo",), {}, "text"),
    ("loads", (HUGE,), {}, "1 MiB"),
    ("rank", (42,), {}, "cards"), ("rank", (["Ah", 3],), {}, "cards"), ("rank", ({"Ah"},), {}, "cards"),
    ("rank", ("Ah Kh Qh Jh Th",), {"game": 42}, "game"),
    ("compare", (None, "Ah Kh"), {}, "first"), ("compare", ("Ah Kh", 7), {}, "second"),
    ("table", ("diablo", 42), {}, "position"), ("table", ("diablo", {}), {"rules": [1]}, "rules"),
    ("table", ("diablo", {}), {"name": 42}, "name"),
]


@pytest.mark.parametrize("name, args, kwargs, named", CASES)
def test_api_misuse_raises_an_oracle_error_naming_the_parameter(name, args, kwargs, named):
    with pytest.raises(oracle.OracleError) as caught:
        getattr(oracle, name)(*args, **kwargs)
    message = str(caught.value)
    assert named in message and len(message) < 500


def test_a_wrong_kind_of_argument_is_also_a_type_error():
    with pytest.raises(TypeError):
        oracle.rank(42)
    assert issubclass(oracle.ArgumentError, oracle.OracleError)


def test_a_ten_megabyte_string_is_refused_at_once():
    started = time.perf_counter()
    with pytest.raises(oracle.OracleError):
        oracle.loads(HUGE)
    assert time.perf_counter() - started < 0.1


def test_load_refuses_a_fifo_nobody_writes_instead_of_waiting(tmp_path):
    fifo = tmp_path / "pipe.scenario.yaml"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(oracle.ScenarioError, match="is not a regular file"):
        oracle.load(fifo)
    assert time.perf_counter() - started < 1


SCENARIO = """
game: diablo
name: misuse
position:
  seats: [{name: Anna, chips: 20}, {name: Ben, chips: 20}, {name: Carla, chips: 20}]
"""
POSITION_CASES = [
    ("ask", (None,), {}, "kind"), ("ask", (42,), {}, "kind"), ("ask", ("best-swap",), {"output_dir": 5}, "output_dir"),
    ("ask", ("nope",), {}, "question kind"), ("ask", ("best-swap",), {"player": HUGE}, "player"),
    ("apply", (None,), {}, "lines[0]"), ("apply", ("Anna checks", 7), {}, "lines[1]"), ("apply", (HUGE,), {}, "lines"),
    ("apply", ("Anna " + "x" * 100_000,), {}, "Anna"),
]


@pytest.mark.parametrize("name, args, kwargs, named", POSITION_CASES)
def test_a_scenarios_ask_and_apply_refuse_misuse_naming_the_parameter_in_a_short_message(name, args, kwargs, named):
    scenario = oracle.loads(SCENARIO)[0]
    started = time.perf_counter()
    with pytest.raises(oracle.OracleError) as caught:
        getattr(scenario, name)(*args, **kwargs)
    message = str(caught.value)
    assert named in message and len(message) < 1000
    assert time.perf_counter() - started < 5
