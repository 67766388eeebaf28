"""Bad input on purpose, at the command line: every case gives `Error: ...` lines naming the
bad card, field or action (with FILE:LINE for scenario files), exit code 2, no traceback and no
half-written file. Written by the QA pass; each test is a rule of docs/cli.md or
docs/scenarios.md ("Loading never falls over")."""

import json
import os
import re

from click.testing import CliRunner

from oracle.cli import main

FILE_LINE = re.compile(r"^Error: .+:\d+: ")


def runner():
    try:  # click 8.1 mixes standard error into the output unless told not to
        return CliRunner(mix_stderr=False)
    except TypeError:  # click 8.2+: always kept apart
        return CliRunner()


def run(*args, input=None):
    return runner().invoke(main, [str(a) for a in args], input=input)


def error_lines(result):
    return [line for line in result.stderr.splitlines() if line.strip()]


def assert_one_clean_error(result, *fragments):
    assert result.exit_code == 2, result.output
    lines = error_lines(result)
    assert lines and all(line.startswith("Error: ") for line in lines), lines
    assert "Traceback" not in result.output and "internal error" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr, (fragment, result.stderr)


def write(tmp_path, text, name="s.scenario.yaml"):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


DIABLO = """game: diablo
name: ex
rules: {ante: 1}
position:
  seats:
    - {name: Anna, chips: 100}
    - {name: Ben, chips: 100}
    - {name: Carla, chips: 100}
    - {name: Dan, chips: 100}
  dealer: Anna
  hands:
    Anna: Ah Jh 8h 5h 3c
    Ben: 9h 9c Kd 4s 7c
  history:
    - Ben checks
    - Carla checks
    - Dan checks
    - Anna bets 2
questions:
  - id: q
    ask: {kind: apply}
"""

AUF = """game: auf-teufel-komm-raus
name: ex
position:
  players: [{name: Anna, chips: 90}, {name: Ben, chips: 40}, {name: Cara, chips: 30}]
  history: [Anna bets 20, Ben passes, Cara passes, Anna pulls 20, Anna pulls devil]
questions:
  - id: q
    ask: {kind: game-status}
"""

DRAWING_DEAD = """game: drawing-dead
name: ex
position:
  players:
    - {name: Anna, chips: 10, upcards: "Kh Kd 7c 4s 2h", stash: "9h 9d"}
    - {name: Ben, chips: 10, upcards: "Ks Kc 7d 4h 2c"}
  turn: Anna
  phase: action
  button: Ben
  pot: 10
questions:
  - id: q
    ask: {kind: can-claim}
"""

HELL = """game: hell-of-a-deal
name: ex
position:
  boss: Demona
  bosses: {Demona: {default_hand: "Q Q T T"}}
  boss_deck: []
  phase: showdown
  souls: 3
  board: "Qd Ts 8c 5h 2c"
  boss_hole: "Qh 4d"
  players:
    - {name: Anna, hand: "Qc Tc 3s", bets: [Earn a Soul]}
    - {name: Ben, hand: "8d 8h 3c", bets: [Earn a Soul]}
questions:
  - id: q
    ask: {kind: showdown}
"""


# ----------------------------------------------------------------------------- cards


def test_a_card_given_twice_is_named():
    assert_one_clean_error(run("rank", "9h 9h 2 2 K"), "'9h' appears twice")


def test_an_unknown_card_is_named_with_its_position():
    assert_one_clean_error(run("rank", "As Zz"), "unknown card 'Zz'")


def test_an_empty_hand_is_an_error_not_an_answer():
    assert_one_clean_error(run("rank", "   "), "at least 1")


def test_a_fifth_card_of_a_rank_is_refused():
    assert_one_clean_error(run("rank", "9 9 9 9 9"), "more than four cards of rank '9'")


def test_ten_may_be_written_10_or_t_in_any_case():
    strengths = {
        json.loads(run("rank", hand, "--json").output)["strength"]
        for hand in ("10h 9h 8h 7h 6h", "Th 9h 8h 7h 6h", "tH 9H 8h 7h 6h")
    }
    assert len(strengths) == 1


def test_the_joker_exists_only_in_drawing_dead_and_only_once():
    assert_one_clean_error(run("rank", "Jk"), "Joker is not in this game's deck")
    assert_one_clean_error(run("rank", "Jk Jk", "--game", "drawing-dead"), "only 1 Joker")
    assert run("rank", "Jk", "--game", "drawing-dead").exit_code == 0


# ----------------------------------------------------------------------------- options


def test_negative_souls_are_refused():
    result = run("rank", "--game", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d", "--toll", "9d", "--souls", "-1")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Error: Invalid value for '--souls': -1" in result.stderr


def test_a_toll_needs_the_souls_in_the_pot():
    result = run("rank", "--game", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d", "--toll", "9d")
    assert_one_clean_error(result, "--toll needs --souls")


def test_an_unknown_boss_lists_the_known_ones():
    result = run("rank", "--game", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d", "--boss", "nobody")
    assert_one_clean_error(result, "unknown Boss 'nobody'", "Eenie Meanie")


def test_hole_and_board_belong_to_hell_of_a_deal():
    result = run("rank", "--game", "diablo", "--hole", "9h Kd", "--board", "9s 9c 4d")
    assert result.exit_code == 2 and "belong to --game hell-of-a-deal" in result.stderr


def test_a_toll_card_cannot_also_be_a_hole_card():
    result = run("rank", "--game", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d", "--toll", "9h", "--souls", "3")
    assert_one_clean_error(result, "'9h' appears twice")


# ----------------------------------------------------------------------------- standard input


def test_compare_from_stdin_keeps_answers_aligned_and_exits_2_for_bad_lines():
    text = "As Ks vs Ad Kd\nAs Ks\nAs vs Zz\n# a comment\n\nAh Kh vs 9c 9d\n"
    result = run("compare", "-", "--json", input=text)
    assert result.exit_code == 2
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row.get("winner") or row.get("line") for row in rows] == ["tie", 2, 3, "second"]
    assert rows[1]["input"] == "As Ks" and "' vs '" in rows[1]["error"]
    assert error_lines(result) == [line for line in error_lines(result) if line.startswith("Error: line ")]


def test_compare_dash_takes_no_second_hand():
    assert run("compare", "-", "Ah Kh").exit_code == 2


# ----------------------------------------------------------------------------- files


def test_a_missing_scenario_file_is_one_error_line():
    assert_one_clean_error(run("solve", "/nonexistent/none.scenario.yaml"), "no such file")


def test_junit_into_a_missing_folder_is_an_error_and_writes_nothing(tmp_path):
    scenario = write(tmp_path, DIABLO)
    report = tmp_path / "no" / "such" / "folder" / "report.xml"
    result = run("check", scenario, "--junit", report)
    assert_one_clean_error(result, "does not exist")
    assert not report.parent.exists()


def test_update_refuses_a_file_it_cannot_write_and_leaves_it_whole(tmp_path, monkeypatch):
    scenario = write(tmp_path, DIABLO.replace("ask: {kind: apply}", "ask: {kind: apply}\n    expect: {pot: 999}"))
    before = scenario.read_bytes()
    real_access = os.access

    def access(path, mode, *args, **kwargs):  # as if the file were read-only (root may write anything)
        if mode == os.W_OK and str(path) == str(scenario):
            return False
        return real_access(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    result = run("check", scenario, "--update")
    assert result.exit_code == 2
    assert "Error: " in result.output and "not writable" in result.output and "Traceback" not in result.output
    assert scenario.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [scenario.name]  # no temporary file left behind


def test_schema_is_json_and_takes_no_arguments():
    data = json.loads(run("schema").output)
    assert {"game", "position", "questions"} <= set(data["properties"])
    assert run("schema", "extra").exit_code == 2


# ----------------------------------------------------------------------------- scenario files


def test_an_empty_scenario_file_is_named(tmp_path):
    assert_one_clean_error(run("solve", write(tmp_path, "# only a comment\n")), "holds no scenario")


def test_a_binary_scenario_file_is_not_utf8_text(tmp_path):
    assert_one_clean_error(run("solve", write(tmp_path, bytes(range(256)) * 4)), "not UTF-8")


def test_a_yaml_bomb_is_refused_by_its_anchors(tmp_path):
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for prev, name in zip("abcdefgh", "bcdefghi"):
        bomb += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
    result = run("solve", write(tmp_path, bomb + DIABLO))
    assert_one_clean_error(result, "anchors (&name) are not allowed")
    assert all(FILE_LINE.match(line) for line in error_lines(result))


def test_deep_nesting_is_refused_without_a_crash(tmp_path):
    # 100,000 levels (a 200 KB file) used to take minutes in the YAML scanner; the loader now
    # stops reading at the first level too deep.
    result = run("solve", write(tmp_path, "description: " + "[" * 100_000 + "]" * 100_000 + "\n" + DIABLO))
    assert_one_clean_error(result, "s.scenario.yaml:1: (top level): nested more than 32 levels deep")


def test_python_tags_are_never_constructed(tmp_path):
    text = DIABLO.replace("name: ex", "name: !!python/object/apply:os.system ['echo PWNED']")
    result = run("solve", write(tmp_path, text))
    assert_one_clean_error(result, "s.scenario.yaml:2:")
    assert "PWNED" not in result.output


def test_diablo_history_with_an_unknown_player_names_the_line(tmp_path):
    result = run("solve", write(tmp_path, DIABLO.replace("- Anna bets 2", "- Zed bets 2")))
    assert_one_clean_error(result, "s.scenario.yaml:18: position.history[3]: there is no player named 'Zed'")


def test_diablo_illegal_bet_in_history_names_the_limit(tmp_path):
    result = run("solve", write(tmp_path, DIABLO.replace("Anna bets 2", "Anna bets 6")))
    assert_one_clean_error(result, ":18: position.history[3]: a bet in the first betting round is 1 to 5 chips, not 6")


def test_every_bad_field_is_reported_at_once_with_its_line(tmp_path):
    text = DIABLO.replace("chips: 100}\n    - {name: Ben", "chips: lots}\n    - {name: Ben").replace(
        "rules: {ante: 1}", "rules: {antee: 1}"
    ).replace("dealer: Anna", "delaer: Anna")
    result = run("solve", write(tmp_path, text))
    assert_one_clean_error(result, ":3: rules.antee: unknown rule option 'antee'; did you mean 'ante'?", ":10: position.delaer")
    assert all(FILE_LINE.match(line) for line in error_lines(result))


def test_auf_teufel_stakes_come_in_tens_and_chips_are_not_negative(tmp_path):
    result = run("solve", write(tmp_path, AUF.replace("Anna bets 20", "Anna bets 25")))
    assert_one_clean_error(result, "position.history[0]: a stake must be a positive multiple of 10, not 25")
    result = run("solve", write(tmp_path, AUF.replace("{name: Ben, chips: 40}", "{name: Ben, chips: -40}")))
    assert_one_clean_error(result, ":4: position.players[1].chips: must be at least 0")


def test_drawing_dead_card_in_two_zones_is_named(tmp_path):
    result = run("solve", write(tmp_path, DRAWING_DEAD.replace('stash: "9h 9d"', 'stash: "9h Kh"')))
    assert_one_clean_error(result, "the same card 'Kh' appears twice")
    assert all(FILE_LINE.match(line) for line in error_lines(result))


def test_hell_of_a_deal_card_on_the_board_and_in_a_hand_is_named(tmp_path):
    result = run("solve", write(tmp_path, HELL.replace('hand: "Qc Tc 3s"', 'hand: "Qd Tc 3s"')))
    assert_one_clean_error(result, "the card Qd is already in board")


def test_hell_of_a_deal_temptation_is_zero_to_ten(tmp_path):
    text = HELL.replace("bets: [Earn a Soul]}\n    - {name: Ben", "bets: [Earn a Soul], temptation: 11}\n    - {name: Ben")
    assert_one_clean_error(run("solve", write(tmp_path, text)), "position.players[0].temptation: temptation must be a whole number 0..10")


def test_unknown_question_parameter_is_refused_with_a_suggestion(tmp_path):
    result = run("solve", write(tmp_path, HELL.replace("{kind: showdown}", "{kind: showdown, tols: {}}")))
    assert_one_clean_error(result, "questions[0].ask.tols: unknown parameter 'tols' for showdown; did you mean 'tolls'?")


def test_question_parameter_of_the_wrong_type_is_a_per_question_error(tmp_path):
    text = DIABLO.replace("{kind: apply}", "{kind: best-swap, player: Anna, samples: many}")
    result = run("solve", write(tmp_path, text), "--json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    answer = json.loads(result.stdout.splitlines()[0])["answers"][0]
    assert answer["answer"] is None
    assert re.match(r".+:\d+: questions\[0\]\.ask\.samples: must be a whole number", answer["error"])


def test_a_question_kind_of_another_game_is_named(tmp_path):
    result = run("solve", write(tmp_path, AUF.replace("{kind: game-status}", "{kind: best-swap}")))
    assert_one_clean_error(result, "question kind 'best-swap' belongs to diablo, not auf-teufel-komm-raus")
