"""The command line: answers, JSON keys, standard input, errors and start-up weight."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from oracle.cli import main

RANK_KEYS = {"game", "category", "name", "description", "cards", "strength"}


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_rank_shows_two_pair_and_names_diablo_four_nines():
    result = run("rank", "9 9 2 2 K")
    assert result.exit_code == 0
    assert "Two Pair, Nines and Twos, King kicker" in result.output
    assert "Diablo" in result.output and "Four Nines, King kicker" in result.output


def test_rank_json_has_the_documented_keys():
    result = run("rank", "9 9 2 2 K", "--game", "diablo", "--json")
    data = json.loads(result.output)
    assert RANK_KEYS <= set(data)
    assert data["category"] == "four_of_a_kind" and data["game"] == "diablo"
    assert data["wilds"] == [{"card": "2", "as": "9"}, {"card": "2", "as": "9"}]


def test_rank_without_game_lists_other_games_in_json():
    data = json.loads(run("rank", "9 9 2 2 K", "--json").output)
    assert [o["game"] for o in data["other_games"]] == ["diablo"]


def test_compare_json_names_the_winner():
    result = run("compare", "9 9 2 2 K", "Ah Jh 8h 6h 3h", "--game", "diablo", "--json")
    data = json.loads(result.output)
    assert data["winner"] == "first"
    assert RANK_KEYS <= set(data["first"]) and RANK_KEYS <= set(data["second"])


def test_compare_tie():
    data = json.loads(run("compare", "As Ks Qs Js 9s", "Ah Kh Qh Jh 9h", "--json").output)
    assert data["winner"] == "tie"


def test_rank_from_standard_input_answers_one_line_each():
    result = run("rank", "-", "--game", "diablo", input="9 9 2 2 K\n2s 2h 2d 2c Kh\n")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "9 9 2 2 K: Four Nines, King kicker",
        "2s 2h 2d 2c Kh: Five Kings",
    ]


def test_compare_from_standard_input_as_json_lines():
    lines = "A A A A Jk vs Ah Kh Qh Jh Th\n9 9 vs 9 9\n"
    result = run("compare", "-", "--game", "drawing-dead", "--json", input=lines)
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert [a["winner"] for a in answers] == ["second", "tie"]


def test_bad_line_on_standard_input_is_reported_with_its_number_and_exit_2():
    result = run("rank", "-", input="9 9 2 2 K\n9 9 Zz\n")
    assert result.exit_code == 2
    assert "Error: line 2: unknown card 'Zz'" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["rank", "9h 9c Xq"], "unknown card 'Xq' at position 7"),
        (["rank", "9h 9h 2 2 K"], "the same card '9h' appears twice"),
        (["rank", "9 9 9 9 9"], "more than four cards of rank '9'"),
        (["rank", "As Ks Jk"], "Joker is not in this game's deck"),
        (["rank", "As Ks Qs Js Ts 9s 8s 7s"], "too many cards (hand): at most 7 allowed, got 8"),
        (["compare", "As", "Ks Kx"], "unknown card 'Kx'"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_code_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert result.output.startswith("Error: ") and message in result.output
    assert "Traceback" not in result.output


def test_hell_of_a_deal_rank_uses_at_most_two_hole_cards():
    result = run("rank", "--game", "hell-of-a-deal", "--hole", "7h 7d 7c", "--board", "Ks Kd 2c 3h 9s", "--json")
    data = json.loads(result.output)
    assert data["category"] == "two_pair" and len(data["from_private"]) == 2


def test_hell_of_a_deal_up_your_sleeve_makes_a_full_house():
    result = run("rank", "-g", "hell-of-a-deal", "--hole", "7h 7d 7c", "--board", "Ks Kd 2c 3h 9s", "--up-your-sleeve", "--json")
    assert json.loads(result.output)["category"] == "full_house"


def test_hell_of_a_deal_eenie_meanie_bans_the_board_high_card():
    result = run("rank", "-g", "hell-of-a-deal", "--hole", "Ad 3c", "--board", "As Kc 4d 4h 9h", "--boss", "eenie-meanie", "--json")
    data = json.loads(result.output)
    assert sorted(data["banned"]) == ["Ad", "As"]
    assert data["description"] == "Pair of Fours, King-Nine-Three kickers"


def test_hell_of_a_deal_toll_lists_the_best_hand_for_each_soul_paid():
    result = run("rank", "-g", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d 4h", "--toll", "9d", "--souls", "3", "--json")
    data = json.loads(result.output)
    assert [(row["souls_paid"], row["category"]) for row in data["by_souls_paid"]] == [
        (0, "pair"), (1, "pair"), (2, "two_pair"), (3, "full_house"),
    ]


def test_boss_nick_hauss_may_use_all_three_hole_cards():
    common = ["rank", "-g", "hell-of-a-deal", "--hole", "7h 7d 7c", "--board", "Ks Kd 2c 3h 9s", "--for-boss", "--json"]
    assert json.loads(run(*common).output)["category"] == "two_pair"
    assert json.loads(run(*common, "--boss", "nick-hauss").output)["category"] == "full_house"


def test_version_and_every_command_help_has_an_example():
    assert run("--version").output.startswith("oracle, version ")
    for name in main.list_commands(None):
        help_text = run(name, "--help").output
        assert "Example" in help_text, name


def test_oracle_rank_never_imports_z3_ortools_numpy_or_prompt_toolkit():
    code = (
        "import sys\n"
        "from oracle.cli import main\n"
        "try:\n"
        "    main(['rank', '9 9 2 2 K', '--json'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('z3', 'ortools', 'numpy', 'numba', 'dask', 'prompt_toolkit', 'starlette', 'uvicorn'))\n"
        "print('HEAVY', heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "HEAVY []" in out


def test_bytes_that_are_not_utf8_on_standard_input_are_a_bad_line_not_a_crash():
    result = CliRunner().invoke(main, ["rank", "-"], input=b"9 9 2 2 K\n\xff\nAs\n")
    assert result.exit_code == 2
    assert result.stdout.splitlines() == ["9 9 2 2 K: Two Pair, Nines and Twos, King kicker", "As: High Card, Ace"]
    assert "Error: line 2: not UTF-8 text" in result.stderr


def test_one_card_cannot_be_in_both_hands_but_rank_counts_may_be_what_ifs():
    result = run("compare", "9h 9d", "9h 9c")
    assert result.exit_code == 2 and "the card '9h' is in both hands" in result.output
    assert json.loads(run("compare", "A A A A Jk", "Ah Kh Qh Jh Th", "-g", "drawing-dead", "--json").output)["winner"] == "second"


def test_more_souls_than_cards_buy_nothing_more_and_answer_at_once():
    result = run("rank", "-g", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d 4h", "--toll", "9d", "--souls", "10000000000", "--json")
    assert json.loads(result.output)["category"] == "full_house"


def test_usage_errors_are_one_line_naming_the_option():
    result = run("rank", "--game", "hell-of-a-deal", "--hole", "9h", "--souls", "-1")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: Invalid value for '--souls': -1 is not in the range x>=0. (see 'oracle rank --help')"
    ]


def test_check_of_a_folder_without_scenarios_is_an_error_not_a_pass(tmp_path):
    result = run("check", str(tmp_path))
    assert result.exit_code == 2 and "holds no *.scenario.yaml files" in result.output


def _program(*args, before=""):
    """``oracle ARGS`` in a fresh interpreter, as the installed program runs (``cli.run``)."""
    code = f"{before}\nimport sys\nfrom oracle.cli import run\nsys.argv = ['oracle', *sys.argv[1:]]\nrun()\n"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)


def test_the_program_ends_with_the_answer_whole_and_the_same_exit_code():
    # The program ends without the interpreter's slow clean-up when nothing needs it: what
    # it printed and its exit code are the same as the command's.
    example = "scenarios/diablo/rulebook-example.scenario.yaml"
    answered = _program("solve", "--json", example)
    assert answered.returncode == 0 and answered.stdout == run("solve", "--json", example).output
    refused = _program("rank", "9 9 2 2 X")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "unknown card 'X'" in refused.stderr
    assert _program("check", example).returncode == 0


def test_the_program_runs_what_was_registered_to_run_at_exit():
    ended = _program("rank", "9 9 2 2 K", before="import atexit\natexit.register(print, 'cleaned up')")
    assert ended.returncode == 0 and ended.stdout.rstrip().endswith("cleaned up")


def test_each_bad_line_s_json_error_is_the_message_alone_its_number_in_line():
    result = CliRunner().invoke(main, ["rank", "-", "--json"], input=b"9x 2 3 4 5\n\xff\n")
    assert result.exit_code == 2
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert (first["line"], second["line"]) == (1, 2)
    assert first["error"].startswith("unknown card '9x'")
    assert second == {"line": 2, "input": None, "error": "not UTF-8 text (byte 1)"}
    assert result.stderr.splitlines()[1] == "Error: line 2: not UTF-8 text (byte 1)"
