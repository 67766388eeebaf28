"""What no filling of the holes can change is an error of the file, said before any search:
one line ``FILE:LINE: field: message`` each, exit code 2 (docs/find.md, Errors)."""

from __future__ import annotations

from click.testing import CliRunner

from oracle.cli import main

DIABLO = """game: diablo
name: three-way-split
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  dealer: Carla
  hands: {Anna: "$a ? ? ? ?", Ben: "$b ? ? ? ?", Carla: "$c ? ? ? ?"}
  history: [Anna bets 1, Ben calls, Carla calls, Anna stands pat, Ben stands pat, Carla stands pat,
            Anna checks, Ben checks, Carla checks]
questions:
  - id: three-way-split
    ask: showdown
    expect: {winners: [Anna, Ben, Carla]}
where:
  - rank($a) == 2 and rank($b) == 2 and rank($c) == 2
"""


def find(tmp_path, text, *args):
    path = tmp_path / "bad.search.yaml"
    path.write_text(text, encoding="utf-8")
    return path, CliRunner().invoke(main, ["find", str(path), "--time-limit", "5", *args])


def errors(result):
    return [line for line in result.output.splitlines() if line.startswith("Error:")]


def test_a_literal_that_is_no_card_among_holes_is_an_error_of_the_file(tmp_path):
    path, result = find(tmp_path, DIABLO.replace('Carla: "$c ? ? ? ?"', 'Carla: "$c ? ? ? Zz"'))
    assert result.exit_code == 2
    assert errors(result) == [
        f"Error: {path}:6: position.hands.Carla: unknown card 'Zz' in '$c ? ? ? Zz' (ranks are 2-9, T or 10, J, Q, K, "
        "A; suits s h d c; the Joker is Jk): no filling of the holes can be loaded"
    ]
