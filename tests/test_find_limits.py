"""``oracle find`` within its limits: a constraint nested too deep is refused at its line, the
time limit holds however much the model has to build, a count cut short says so, a number
hole's bounds are named, a position of the wrong shape is refused before any search, the
--output folder is made, and the schema refuses unknown keys in a position's entries."""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.find.language import MAX_DEPTH

DIABLO = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "$a ? ? ? ?"}
questions:
  - id: r
    ask: {kind: rank, cards: $a Kd}
    expect: {category: pair}
where:
"""


def write(tmp_path, text, name="s.search.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def find(*args):
    return CliRunner().invoke(main, ["find", *map(str, args)])


def errors(result):
    return [line for line in result.output.splitlines() if line.startswith("Error:")]


@pytest.mark.parametrize(
    "constraint",
    [
        "(" * 150 + "rank($a) == K" + ")" * 150,
        "not " * 450 + "rank($a) == K",
        "category([" + "rank(" * 300 + "$a" + ")" * 300 + "]) == pair",
        "rank($a) == K and 1 == " + "-" * 600 + "1",
        "rank($a) == K and 1 == " + "+".join(["1"] * 900),
    ],
    ids=["parentheses", "not", "calls", "minus signs", "a long sum"],
)
def test_find_refuses_conditions_nested_deeper_than_the_limit(tmp_path, constraint):
    path = write(tmp_path, DIABLO + f"  - {constraint}\n")
    result = find(path)
    assert result.exit_code == 2
    (line,) = errors(result)
    assert line.startswith(f"Error: {path}:10: where[0]: the constraint nests deeper than {MAX_DEPTH} levels")


def test_find_accepts_conditions_nested_as_deep_as_the_limit(tmp_path):
    constraint = "(" * (MAX_DEPTH - 1) + "rank($a) == K" + ")" * (MAX_DEPTH - 1)
    result = find(write(tmp_path, DIABLO + f"  - {constraint}\n"), "--time-limit", 30)
    assert result.exit_code == 0, result.output


HOD = """game: hell-of-a-deal
position:
  boss: Dedly Aloor
  bosses: {Dedly Aloor: {default_hand: "7 7"}}
  boss_deck: []
  phase: showdown
  souls: $souls
  board: "? ? ? ? ?"
  boss_hole: "? ?"
  players:
    - {name: Anna, hand: "? ? ?", bets: [Earn a Soul], temptation: $t}
questions:
  - id: best
    ask: {kind: best-hand, player: Anna}
    expect: {hand: {category: full_house}}
where:
"""


@pytest.mark.parametrize(
    "constraints, message",
    [
        (["$souls >= 2000", "$t == 1"], "where[0]: '$souls >= 2000' is outside the bounds of the hole $souls (0 to 1,000)"),
        (["$souls == 3", "$t == 11"], "where[1]: '$t == 11' is outside the bounds of the hole $t (0 to 10)"),
        (["$souls + $t > 1010"], "where[0]: '$souls + $t > 1010' is outside the bounds of the holes $souls (0 to 1,000) "
                                 "and $t (0 to 10)"),
    ],
)
def test_find_says_a_number_hole_constrained_outside_its_bounds_is_outside_them(tmp_path, constraints, message):
    path = write(tmp_path, HOD + "".join(f"  - {c}\n" for c in constraints))
    result = find(path)
    assert result.exit_code == 2
    (line,) = errors(result)
    assert message in line and "card domain" not in line
