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


def many_constraints(tmp_path):
    """A search whose model takes long to build: 40 hands of five named cards, each constrained
    by its category (a few tenths of a second each to translate), with expectations too."""
    holes = [f"$p{i}" for i in range(195)]
    text = "game: diablo\nposition:\n  seats: [{name: Anna}, {name: Ben}, {name: Carla}]\nquestions:\n"
    hands = [holes[i:i + 5] for i in range(0, 195, 5)]
    for k, hand in enumerate(hands):
        text += f"  - id: q{k}\n    ask: {{kind: rank, cards: {' '.join(hand)}}}\n    expect: {{category: flush}}\n"
    text += "where:\n" + "".join(f"  - category([{', '.join(hand)}]) >= pair\n" for hand in hands)
    return write(tmp_path, text)


def test_find_keeps_its_time_limit_however_long_the_model_takes_to_build(tmp_path):
    """Building this model takes some 10 s; with --time-limit 1 the search stops within about
    a second of it, and says where it was."""
    path = many_constraints(tmp_path)
    started = time.monotonic()
    result = find(path, "--time-limit", 1, "--json")
    wall = time.monotonic() - started
    data = json.loads(result.stdout)
    assert result.exit_code == 3 and data["outcome"] == "unknown" and data["complete"] is False
    assert data["method"].startswith("stopped by the time limit while building the model")
    assert wall < 6, f"--time-limit 1 took {wall:.1f} s"


COUNTED = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "$a $b $c $d $e"}
questions:
  - id: v
    ask: validate
    expect: {legal: true}
where:
  - category(Anna) == pair
  - not wild($a) and not wild($b) and not wild($c) and not wild($d) and not wild($e)
"""


def test_find_says_a_count_cut_short_by_the_time_limit_is_incomplete(tmp_path):
    """Thousands of hands hold one pair: the time limit comes before 100 are checked, so
    fewer than asked is not "no more to find" (exit code 1) but exit code 3."""
    result = find(write(tmp_path, COUNTED), "--count", 100, "--time-limit", 1, "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 3
    assert data["complete"] is False and data["found"] < 100
    assert data["method"].startswith("stopped by the time limit")


def test_find_says_in_words_that_the_count_is_incomplete():
    from oracle.find import FOUND, SearchResult, Witness
    from oracle.render import find_result, make_console

    result = SearchResult("s.search.yaml", FOUND, "stopped by the time limit after 3 candidates checked", count=5,
                          witnesses=[Witness({}, "")] * 3, candidates=3, time_limit=1.0, complete=False)
    console = make_console(stderr=False, width=100)
    with console.capture() as captured:
        find_result(console, result)
    assert "asked for 5: the count is incomplete, stopped by the time limit after 3 candidates checked" in captured.get()


PAIR = DIABLO + "  - $a in [Kh, Ks]\n"


def test_find_output_makes_the_folder_it_is_given(tmp_path):
    path = write(tmp_path, PAIR)
    out = tmp_path / "found" / "today"
    result = find(path, "--count", 2, "--output", out, "--json")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["s-2.scenario.yaml", "s.scenario.yaml"]
    assert json.loads(result.stdout)["written"] == [str(out / "s.scenario.yaml"), str(out / "s-2.scenario.yaml")]
    again = find(path, "--count", 2, "--output", out)  # its own witnesses it may replace
    assert again.exit_code == 0, again.output


def test_find_output_never_replaces_a_file_it_did_not_write_nor_writes_through_a_link(tmp_path):
    path = write(tmp_path, PAIR)
    out = tmp_path / "found"
    out.mkdir()
    mine = out / "s.scenario.yaml"
    mine.write_text("my notes\n", encoding="utf-8")
    result = find(path, "--output", out)
    assert result.exit_code == 2 and "a file oracle find did not write is there" in result.output
    assert mine.read_text(encoding="utf-8") == "my notes\n"
    mine.unlink()
    elsewhere = tmp_path / "elsewhere.yaml"
    mine.symlink_to(elsewhere)
    result = find(path, "--output", out)
    assert result.exit_code == 2 and "symbolic link" in result.output and not elsewhere.exists()


# --- The schema refuses unknown keys in a position's entries, as the loaders do ----------------

ENTRIES = {
    "diablo": ("seats: [{name: Anna, chip: 5}, {name: Ben}, {name: Carla}]", "chip"),
    "drawing-dead": ("players: [{name: Anna, chip: 5}, {name: Ben}]", "chip"),
    "auf-teufel-komm-raus": ("players: [{name: Anna, chip: 200}, Ben]", "chip"),
    "hell-of-a-deal": ("players: [{name: Anna, hands: 9h Td 2c}]", "hands"),
    "hell-of-a-deal favors": ("favors: [{name: Lucky, timing: turn, efect: draw_cards}]", "efect"),
    "hell-of-a-deal bosses": ("bosses: {Demona: {defualt_hand: Q Q}}", "defualt_hand"),
}


@pytest.mark.parametrize("case", sorted(ENTRIES))
def test_schema_refuses_an_unknown_key_in_a_position_entry_as_the_loader_does(case):
    import jsonschema
    import yaml

    from oracle.errors import OracleError
    from oracle.registry import find_game
    from oracle.schema import scenario_schema

    game = case.split()[0]
    position, key = ENTRIES[case]
    text = f"game: {game}\nposition:\n  {position}\nquestions:\n  - id: v\n    ask: validate\n"
    errors = list(jsonschema.Draft7Validator(scenario_schema()).iter_errors(yaml.safe_load(text)))
    assert any(f"{key!r} was unexpected" in e.message for e in errors), [e.message for e in errors]
    info = find_game(game)
    with pytest.raises(OracleError) as refused:
        info.load_position(yaml.safe_load(text)["position"], info.default_rules())
    assert key in str(refused.value) or any(key in str(p.path) for p in getattr(refused.value, "problems", []))
    # and without the unknown key, the schema has nothing to say about the entry
    right = {"chip": "chips", "hands": "hand", "efect": "effect", "defualt_hand": "default_hand"}[key]
    fixed = yaml.safe_load(text.replace(key, right, 1))
    assert not [e for e in jsonschema.Draft7Validator(scenario_schema()).iter_errors(fixed) if "unexpected" in e.message]


# --- A position of the wrong shape is refused before any search -------------------------------

SHAPES = {
    "a six-card Diablo hand": (DIABLO.replace('"$a ? ? ? ?"', '"$a ? ? ? ? ?"'), 4, "position.hands.Anna: "
                               "a Diablo hand is five cards, got 6 (each hole is one card)"),
    "one Diablo seat": (DIABLO.replace("seats: [{name: Anna}, {name: Ben}, {name: Carla}]", "seats: [{name: Anna}]"),
                        3, "position.seats: a table has 3 to 7 seats, got 1"),
    "a board short of the showdown's": (HOD.replace('board: "? ? ? ? ?"', 'board: "? ? ? Ah"'), 8,
                                        "position.board: the showdown has 5 board cards, got 4 (each hole is one card)"),
}


@pytest.mark.parametrize("case", sorted(SHAPES))
def test_find_refuses_a_position_of_the_wrong_shape_before_searching(tmp_path, case):
    text, line, message = SHAPES[case]
    path = write(tmp_path, text + "  - rank($a) == K\n" if "$a" in text else text + "  - $souls == 3\n  - $t == 1\n")
    started = time.monotonic()
    result = find(path, "--time-limit", 30)
    assert result.exit_code == 2 and time.monotonic() - started < 5
    assert errors(result) == [f"Error: {path}:{line}: {message}: no filling of the holes can be loaded"]
