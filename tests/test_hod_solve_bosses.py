"""``oracle solve --bosses FILE`` and ``oracle check --bosses FILE``: the Bosses' default
minimum hands, which the rulebook does not print ("Printed in the middle of the card is the
BOSS's minimum hand", Hell of a Deal: Reveal the Boss), are taken as ``oracle play`` takes
them: a hand the position writes wins over the file's, the file's over the packaged ones."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from oracle.cli import main

SCENARIO = """\
game: hell-of-a-deal
name: {name}
position:
  boss: {boss}
  {bosses}
  boss_deck: []
  phase: showdown
  souls: 3
  board: "Qd Ts 8c 5h 2c"
  boss_hole: "Qh 4d"
  players:
    - {{name: Anna, hand: "Qc Tc 3s", bets: [Earn a Soul]}}
questions:
  - id: showdown
    ask: {{kind: showdown}}
    expect:
      boss: {{default_hand: {expect}}}
"""


def scenario(tmp_path, boss="Demona", bosses="", expect="[Q, Q, T, T]", name="table"):
    path = tmp_path / f"{name}.scenario.yaml"
    path.write_text(SCENARIO.format(name=name, boss=boss, bosses=bosses, expect=expect))
    return str(path)


def bosses_file(tmp_path, text="Demona: K K\n"):
    path = tmp_path / "bosses.yaml"
    path.write_text(text)
    return str(path)


def default_hand(args):
    result = CliRunner().invoke(main, ["solve", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output.splitlines()[0])["answers"][0]["answer"]["boss"]["default_hand"]


def test_a_position_without_default_hands_plays_the_packaged_ones_as_a_table_does(tmp_path):
    assert default_hand([scenario(tmp_path)]) == ["Q", "Q", "T", "T"]


def test_a_bosses_file_wins_over_the_packaged_default_hands(tmp_path):
    assert default_hand([scenario(tmp_path), "--bosses", bosses_file(tmp_path)]) == ["K", "K"]


def test_a_boss_the_file_does_not_name_keeps_the_packaged_hand(tmp_path):
    file = bosses_file(tmp_path, "Eenie Meanie: A A\n")
    assert default_hand([scenario(tmp_path), "--bosses", file]) == ["Q", "Q", "T", "T"]


def test_a_hand_written_in_the_position_wins_over_the_bosses_file(tmp_path):
    file = bosses_file(tmp_path)
    under_bosses = scenario(tmp_path, bosses='bosses: {demona: {default_hand: "J J"}}', name="a")
    in_boss = scenario(tmp_path, boss='{name: Demona, default_hand: "9 9"}', name="b")
    assert default_hand([under_bosses, "--bosses", file]) == ["J", "J"]
    assert default_hand([in_boss, "--bosses", file]) == ["9", "9"]


def test_check_takes_the_default_hands_of_a_bosses_file(tmp_path):
    path = scenario(tmp_path, expect="[K, K]")
    assert CliRunner().invoke(main, ["check", path]).exit_code == 1
    result = CliRunner().invoke(main, ["check", path, "--bosses", bosses_file(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "1 passed" in result.output


def test_check_update_writes_only_the_answers_not_the_filled_default_hands(tmp_path):
    path = scenario(tmp_path, expect="[A, A]")
    before = open(path).read()
    result = CliRunner().invoke(main, ["check", path, "--bosses", bosses_file(tmp_path), "--update"])
    assert result.exit_code == 0, result.output
    after = open(path).read()
    assert after.split("questions:")[0] == before.split("questions:")[0]
    assert after == before.replace("boss: {default_hand: [A, A]}", "boss: {default_hand: [K, K]}")


def test_a_boss_without_a_packaged_hand_is_still_asked_for_it(tmp_path):
    result = CliRunner().invoke(main, ["solve", scenario(tmp_path, boss="Jack Potts")])
    assert result.exit_code == 2
    assert "Jack Potts's default minimum hand is not printed in our rulebook" in result.output


def test_a_bad_bosses_file_is_one_line_naming_the_file_and_the_entry_exit_2(tmp_path):
    path = scenario(tmp_path)
    for text, entry in (("Demonna: Q Q\n", "Demonna: unknown Boss 'Demonna'; did you mean 'Demona'?"),
                        ("Demona: Q Q X\n", "Demona: unknown card 'X'"),
                        ("- Demona\n", "expected one mapping of Boss name to default hand")):
        file = bosses_file(tmp_path, text)
        for command in ("solve", "check"):
            result = CliRunner().invoke(main, [command, path, "--bosses", file])
            assert result.exit_code == 2, result.output
            assert result.output.count("\n") == 1 and "Traceback" not in result.output
            assert result.output.startswith(f"Error: --bosses {file}: ") and entry in result.output


def test_a_missing_bosses_file_is_named_with_the_option(tmp_path):
    result = CliRunner().invoke(main, ["solve", scenario(tmp_path), "--bosses", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert result.output == f"Error: --bosses {tmp_path / 'nope.yaml'}: no such file\n"


def test_play_of_a_file_takes_the_default_hands_of_a_bosses_file(tmp_path):
    """`oracle play FILE --bosses F`: the file's Bosses without a hand in the position take
    the file's hands, as `solve` and `check` do; other table options still start a fresh table."""
    path = scenario(tmp_path, boss="Jack Potts")
    file = bosses_file(tmp_path, "Jack Potts: K K Q Q\n")
    result = CliRunner().invoke(main, ["play", path, "--bosses", file, "--json"], input=":ask showdown\n")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output.splitlines()[-1])
    assert answer["explanation"].startswith("Jack Potts plays Two Pair, Kings and Queens (the default hand")
    bad = CliRunner().invoke(main, ["play", path, "--bosses", bosses_file(tmp_path, "Jack Potts: K K X\n")], input="")
    assert bad.exit_code == 2 and "unknown card 'X'" in bad.output and bad.output.count("\n") == 1
    fresh = CliRunner().invoke(main, ["play", path, "--bosses", file, "--seats", "A B"], input="")
    assert fresh.exit_code == 2 and "--seats: table options start a fresh table" in fresh.output


def test_the_python_load_takes_a_bosses_file_too(tmp_path):
    import oracle
    from oracle.errors import ArgumentError, ScenarioError

    path = scenario(tmp_path, boss="Jack Potts", expect="[K, K, Q, Q]")
    with pytest.raises(ScenarioError, match="Jack Potts's default minimum hand is not printed"):
        oracle.load(path)
    [loaded] = oracle.load(path, bosses=bosses_file(tmp_path, "Jack Potts: K K Q Q\n"))
    assert loaded.ask("showdown").answer["boss"]["default_hand"] == ["K", "K", "Q", "Q"]
    with pytest.raises(ArgumentError, match="bosses is a file name"):
        oracle.load(path, bosses=5)
