"""A message quotes at most a few hundred characters of the input it refuses, and a value typed
at the table cannot expand without bound: an error line stays a line a person can read."""

from __future__ import annotations

import time

from click.testing import CliRunner

from oracle.cli import main
from oracle.text import MESSAGE_LIMIT, bound_message

MEGABYTE = "X" * 1_000_000
ENV = {"COLUMNS": "200", "NO_COLOR": "1"}


def run(args, text=None):
    return CliRunner().invoke(main, args, input=text, env=ENV)


def test_a_megabyte_of_bad_input_is_quoted_in_a_few_hundred_characters(tmp_path):
    scenario = tmp_path / "big.scenario.yaml"
    scenario.write_text(f"game: diablo\nname: big\nquestions:\n  - id: big\n    ask: {{kind: rank, cards: '{MEGABYTE[:900_000]}'}}\n"
                        "    expect: {category: pair}\n")
    results = [
        run(["play", "diablo", "--seats", "Anna Ben Carla"], f"Anna is dealt {MEGABYTE}\n"),
        run(["rank", MEGABYTE]),
        run(["check", str(scenario)]),
    ]
    for result in results:
        assert result.exit_code == 2
        assert 0 < len(result.output) < 2 * MESSAGE_LIMIT, result.output[:300]
        assert "XXXXXXXXXX" in result.output


def test_a_long_message_keeps_what_was_wrong_and_why():
    text = "'Anna is dealt " + MEGABYTE + "': not a card"
    short = bound_message(text)
    assert short.startswith("'Anna is dealt XXX") and short.endswith("': not a card")
    assert "characters left out" in short and len(short) < MESSAGE_LIMIT + 60
    assert bound_message("short") == "short"


def test_an_alias_bomb_in_ask_parameters_is_refused_at_once():
    level = "[x,x,x,x,x,x,x,x,x]"
    names = "abcdefg"
    parts = [f"a: &a {level}"] + [f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]" for p, n in zip(names, names[1:])]
    started = time.perf_counter()
    result = run(["play", "diablo", "--seats", "Anna Ben Carla"], ":ask odds player={" + ", ".join(parts) + "}\n")
    assert time.perf_counter() - started < 2
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "Error: line 1: player: YAML anchors (&name) are not allowed in parameters; "
        "YAML aliases (*name) are not allowed in parameters"]


def test_ask_parameters_still_read_lists_and_numbers():
    result = run(["play", "diablo", "--seats", "Anna Ben Carla", "--json"],
                 "Anna is dealt Ah Jh 8h 5h 3c\n:ask best-swap player=Anna opponents=[Ben] samples=50\n")
    assert result.exit_code == 0, result.output


LONG_ACTIONS = {
    "diablo": ["Anna " + "Z" * 10_000, "Anna raises to 8" + "Z" * 10_000, "Anna is dealt 9h 9" + "Z" * 10_000],
    "auf-teufel-komm-raus": ["Anna bets 5" + "Z" * 10_000],
    "drawing-dead": ["Anna " + "Z" * 10_000, "Anna is dealt 9h 9" + "Z" * 10_000],
    "hell-of-a-deal": ["Anna " + "Z" * 10_000, "Anna bets 5" + "Z" * 10_000, "Anna plays 9h 9" + "Z" * 10_000],
}


def test_every_quote_of_a_long_action_is_cut_with_its_length_in_every_game():
    for game, lines in LONG_ACTIONS.items():
        seats = "Anna Ben" if game == "drawing-dead" else "Anna Ben Cara"
        for line in lines:
            result = run(["play", game, "--seats", seats], line + "\n")
            error = result.stderr.strip()
            assert result.exit_code == 2 and error.startswith("Error: line 1: "), (game, error[:200])
            assert len(error) < 500, (game, error[:600])
            for quoted in error.split("'")[1::2]:
                if "Z" * 61 in quoted:
                    raise AssertionError(f"{game}: a quote is not cut: {error[:600]}")
            assert "characters)" in error and "characters left out" not in error


def test_a_long_action_in_a_scenario_history_is_quoted_cut(tmp_path):
    scenario = tmp_path / "long.scenario.yaml"
    scenario.write_text("game: diablo\nname: long\nposition:\n  seats: [{name: Anna, chips: 50}, {name: Ben, chips: 50}, {name: Cara, chips: 50}]\n"
                        f"  history: ['Anna raises to 8{'Z' * 10_000}']\n"
                        "questions:\n  - id: q\n    ask: {kind: rank, cards: 9h 8c 7d 6s Kh}\n    expect: {category: high-card}\n")
    result = run(["check", str(scenario)])
    lines = [line for line in result.output.splitlines() if "ZZZ" in line]
    assert result.exit_code == 2 and lines, result.output[:500]
    assert all(len(line) < 500 and "characters left out" not in line for line in lines), lines
