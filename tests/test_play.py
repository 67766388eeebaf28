"""``oracle play`` fed through standard input: the Diablo rulebook example line by line, a whole
hand or round of each game with questions asked midway, bad lines, ``--json``, undo and redo,
and ``:save`` files that ``oracle check`` passes."""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner

import oracle
from oracle.cli import main

WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}
DIABLO = ["diablo", "--seats", "Anna Ben Carla Dan", "--chips", "100", "--dealer", "Anna"]
# Diablo: The Diablo rule, the example: "Anna opens with 2, Ben and Carla call, Dan folds. Anna
# draws 1 card, Ben 2, Carla 2. After the draw Anna bets 4, Ben raises to 8, Carla folds, Anna
# calls. ... Ben shows 9 9 2 2 K – four nines – and beats Anna's flush." Ben, Carla and Dan check
# to Anna first: the example fits only with Anna dealing (docs/games/diablo.md).
RULEBOOK_EXAMPLE = [
    "Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla calls", "Dan folds",
    "Ben draws 2", "Carla draws 2", "Anna draws 1", "Anna bets 4", "Ben raises to 8", "Carla folds",
    "Anna calls", "Ben shows 9h 9c 2s 2d Kd", "Anna shows Ah Jh 8h 5h Kh",
]
HOD = ["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "Demona", "--boss-deck", "Eenie Meanie",
       "--default-hand", "Demona=Q Q T T", "--default-hand", "Eenie Meanie=Q Q"]


def play(args, lines, *extra):
    return CliRunner().invoke(main, ["play", *args, *extra], input="\n".join(lines) + "\n", env=WIDE)


def replies(result):
    return [json.loads(line) for line in result.stdout.splitlines()]


def check(path):
    return CliRunner().invoke(main, ["check", str(path), "--json"], env=WIDE)


def test_the_diablo_rulebook_example_typed_line_by_line_says_anna_pays_26_and_carla_speaks_first(tmp_path):
    saved = tmp_path / "example.scenario.yaml"
    result = play(DIABLO, [*RULEBOOK_EXAMPLE, ":ask opener-liability", f":save {saved}"])
    assert result.exit_code == 0, result.output
    assert "Anna opened and did not win: Anna pays the 26 due into a new pot" in result.stdout
    assert "Ben deals and Carla speaks first" in result.stdout
    # After each action one status line: the pot of the example is 4 + 6 + 8 + 8 = 26.
    assert "hand 1, showdown: pot 26, opener Anna" in result.stdout
    assert "hand 2, first betting round: pot 26 (a Diablo pot); Carla:" in result.stdout
    report = check(saved)
    assert report.exit_code == 0, report.output
    data = json.loads(report.stdout)
    assert data["passed"] == 1 and data["failed"] == 0
    scenario = oracle.load(saved)[0]
    assert scenario.history == tuple(RULEBOOK_EXAMPLE)
    assert scenario.questions[0].expect["amount"] == 26 and scenario.questions[0].expect["next_first_to_act"] == "Carla"


def test_the_rulebook_example_in_json_one_object_a_line():
    result = play(DIABLO, [*RULEBOOK_EXAMPLE, "", "# a comment", ":ask opener-liability"], "--json")
    out = replies(result)
    assert len(out) == len(RULEBOOK_EXAMPLE) + 1  # blank lines and comments give nothing
    assert [o["line"] for o in out] == [*range(1, 17), 19]
    assert all(o["ok"] and o["command"] == "played" for o in out[:-1])
    assert out[0]["status"]["to_act"] == ["Carla"] and out[0]["action"] == "Ben checks"
    asked = out[-1]
    assert asked["ask"] == {"kind": "opener-liability"}
    assert asked["answer"]["amount"] == 26 and asked["answer"]["next_first_to_act"] == "Carla"
    assert asked["rule"] == "Diablo: The Diablo rule"


def test_a_question_asked_midway_becomes_a_scenario_of_its_own_with_the_history_up_to_it(tmp_path):
    saved = tmp_path / "midway.scenario.yaml"
    lines = [*RULEBOOK_EXAMPLE[:4], ":ask legal-moves", *RULEBOOK_EXAMPLE[4:], ":ask showdown",
             ":ask opener-liability", f":save {saved}"]
    assert play(DIABLO, lines).exit_code == 0
    documents = list(yaml.safe_load_all(saved.read_text()))
    # The table as it is now comes first, so that 'oracle play FILE' goes on from there.
    assert [len(d["position"]["history"]) for d in documents] == [16, 4]
    assert [d["name"] for d in documents] == ["midway", "midway after 4 lines"]
    assert [q["id"] for q in documents[1]["questions"]] == ["legal-moves"]
    assert documents[1]["questions"][0]["expect"]["to_act"] == "Ben"
    assert [q["id"] for q in documents[0]["questions"]] == ["showdown", "opener-liability"]
    assert documents[0]["questions"][0]["expect"]["winners"] == ["Ben"]
    assert json.loads(check(saved).stdout)["passed"] == 3
    again = replies(play([str(saved)], [":history"], "--json"))
    assert again[0]["history"] == RULEBOOK_EXAMPLE


def test_diablo_a_whole_hand_with_known_cards_and_questions_midway(tmp_path):
    saved = tmp_path / "known.scenario.yaml"
    deal = ["Anna is dealt Ah Jh 8h 5h 3c", "Ben is dealt 9h 9c Kd 4s 7c", "Carla is dealt Qs Qd 6c 5d 3s",
            "Dan is dealt Tc 8d 7s 4d 3d"]
    lines = [*deal, *RULEBOOK_EXAMPLE[:7], ":ask legal-moves", "Ben discards 4s 7c", "Ben receives 2s 2d",
             "Carla discards 6c 5d", "Carla receives Ks Js", "Anna discards 3c", "Anna receives Kh",
             "Anna bets 4", "Ben raises to 8", "Carla folds", "Anna calls", ":ask showdown", f":save {saved}"]
    result = play(DIABLO, lines, "--json")
    assert result.exit_code == 0, result.output
    out = replies(result)
    moves = next(o for o in out if o.get("command") == "ask" and o["ask"]["kind"] == "legal-moves")
    assert moves["answer"]["to_act"] == "Ben" and moves["answer"]["phase"] == "draw"
    showdown = out[-2]["answer"]
    assert showdown["winners"] == ["Ben"] and showdown["won"] == {"Ben": 26}
    assert showdown["hands"]["Ben"]["hand"] == "Four Nines, King kicker"
    assert json.loads(check(saved).stdout)["failed"] == 0


def test_hell_of_a_deal_a_whole_round_with_questions_midway_then_the_next_boss(tmp_path):
    saved = tmp_path / "hod.scenario.yaml"
    lines = ["deal Anna 9h 9c 2d", "deal Ben Kh Kd 3c", "deal Boss 7h 2c", "Anna bets Earn a Soul", "Anna is done",
             "Ben bets Earn a Soul", "Ben is done", "deal flop Qs 9s 4c", ":ask best-hand player=Anna",
             "Anna bets Earn a Soul", "Anna is done", "Ben bets Draw a Favor", "Ben draws Favor Double Down",
             "Ben is done", "deal turn 5d", "Anna bets Heal on Ben", "Anna is done", "Ben bets Heal on Anna",
             "Ben is done", "deal river Jd", ":ask odds", ":ask odds player=Anna", ":ask odds view=Anna", "Anna bets Reveal 2 Cards: 9h 9c", "Anna is done",
             "Ben bets Wild as Earn a Soul", "Ben is done", ":ask showdown", "end round", f":save {saved}"]
    result = play(HOD, lines, "--json")
    assert result.exit_code == 0, result.output
    out = replies(result)
    best = next(o for o in out if o.get("ask", {}).get("kind") == "best-hand")["answer"]
    assert best["hand"]["description"].startswith("Three Nines")
    odds, annas, annas_view = [o["answer"] for o in out if o.get("ask", {}).get("kind") == "odds"]
    assert odds["exact"] is True and odds["deals"] == 820
    # "What are my odds?" from Anna's seat: Ben's face-down cards are unseen to her.
    assert annas == annas_view and annas["unseen_cards"] > odds["unseen_cards"]
    # Anna's three Nines beat Demona's default Queens and Tens; Ben's Kings do not.
    showdown = next(o for o in out if o.get("ask", {}).get("kind") == "showdown")["answer"]
    assert {n: p["outcome"] for n, p in showdown["players"].items()} == {"Anna": "win", "Ben": "lose"}
    assert out[-2]["status"]["text"].startswith("round 2 against Eenie Meanie (default hand Q Q), deal")
    assert json.loads(check(saved).stdout)["failed"] == 0


def test_drawing_dead_a_whole_hand_button_claimed_held_and_won(tmp_path):
    saved = tmp_path / "dd.scenario.yaml"
    lines = ["Anna draws", "Anna plays Kh", "Anna claims the Button", ":ask can-claim player=Ben", "Anna ends the turn",
             "Ben draws", "Ben plays 9c", ":ask cheapest-claim", "Ben ends the turn", "Anna wins the hand",
             ":ask apply", f":save {saved}"]
    result = play(["drawing-dead", "--seats", "Anna Ben", "--seed", "3"], lines, "--json")
    assert result.exit_code == 0, result.output
    out = replies(result)
    assert out[3]["answer"]["can_claim"] is False and out[3]["answer"]["holder"] == "Anna"
    assert out[7]["answer"]["possible"] is False  # no stash card beats Anna's King with Ben's Nine
    assert out[10]["answer"]["chips"] == {"Anna": 21, "Ben": 14}  # Anna takes the pot of 7
    assert json.loads(check(saved).stdout)["failed"] == 0


def test_auf_teufel_a_whole_round_with_questions_then_the_next_round_and_undo_across_it(tmp_path):
    saved = tmp_path / "coal.scenario.yaml"
    lines = ["Anna bets 50", "Ben passes", "Carla bets 100", "Anna pulls 25", ":ask draw-or-stop", "Anna pulls 50",
             "Anna stops", "Ben pulls devil", "Carla pulls 100", "Carla stops", ":ask settle-round", "Ben bets 20",
             ":ask game-status", f":save {saved}"]
    result = play(["auf-teufel-komm-raus", "--seats", "Anna Ben Carla"], lines, "--json")
    assert result.exit_code == 0, result.output
    out = replies(result)
    assert out[4]["answer"]["best"] == "draw" and out[4]["answer"]["haul"] == 25
    settled = out[10]["answer"]
    # Carla's 100 is the highest haul and the highest bet: she wins twice her stake, and the
    # haul bonus; Anna's 50 wins once, and her two pieces the most-pieces bonus.
    assert {p["name"]: p["chips"] for p in settled["players"]} == {"Anna": 300, "Ben": 200, "Carla": 450}
    assert out[11]["new_round"] is True and out[12]["answer"]["round"] == 2
    assert out[12]["answer"]["start_player"] == "Ben"
    documents = list(yaml.safe_load_all(saved.read_text()))
    # Round 2 as it is now; round 1 after Anna's first piece (draw-or-stop) and at its end.
    assert [d["position"].get("round", 1) for d in documents] == [2, 1, 1]
    assert [q["id"] for d in documents for q in d["questions"]] == ["game-status", "draw-or-stop", "settle-round"]
    assert documents[0]["position"]["players"][2] == {"name": "Carla", "chips": 450}
    assert json.loads(check(saved).stdout)["failed"] == 0


@pytest.mark.parametrize("line, message", [
    ("Zed checks", "'Zed checks': there is no player named 'Zed' at this table (Anna, Ben, Carla, Dan)"),
    ("Ben chekcs", "'Ben chekcs': cannot read the action 'Ben chekcs'"),
    ("Anna bets 2", "'Anna bets 2': it is not Anna's turn: Ben is to act"),
    (":frobnicate", "unknown command :frobnicate"),
    (":mvoes", "unknown command :mvoes; did you mean :moves?"),
    (":ask odds", ":ask odds: question kind 'odds' belongs to hell-of-a-deal, not diablo"),
    (":ask best-swap player=Zed", ":ask best-swap: player: 'Zed' is not one of the seats"),
    (":ask showdown hand", "expected key=value, not 'hand'"),
    (":undo", "nothing to undo"),
    (":save", ":save needs a file name"),
])
def test_a_bad_line_gets_one_clear_line_with_its_number_and_the_session_goes_on(line, message):
    result = play(DIABLO, [line, "Ben checks", ":history"])
    assert result.exit_code == 2
    errors = result.stderr.splitlines()
    assert len(errors) == 1 and errors[0].startswith(f"Error: line 1: {message}"), errors
    assert "Traceback" not in result.output
    assert "Carla: checks, bets 1-5, folds" in result.stdout  # line 2 was played
    assert "   1  Ben checks" in result.stdout


def test_a_refused_line_changes_nothing_and_json_reports_it_in_place():
    result = play(DIABLO, ["Ben checks", "Ben checks", "Carla checks"], "--json")
    out = replies(result)
    assert result.exit_code == 2
    assert out[1] == {"line": 2, "input": "Ben checks", "ok": False,
                      "error": "'Ben checks': it is not Ben's turn: Carla is to act"}
    assert out[2]["ok"] and out[2]["status"]["to_act"] == ["Dan"]


def test_undo_and_redo_walk_the_history_and_a_new_line_forgets_what_was_undone():
    result = play(DIABLO, ["Ben checks", "Carla checks", ":undo", ":redo", ":undo", "Carla bets 3", ":redo",
                           ":history"], "--json")
    out = replies(result)
    assert out[2]["line"] == 3 and out[2]["action"] == "Carla checks" and out[3]["action"] == "Carla checks"
    assert out[2]["status"]["to_act"] == ["Carla"] and out[3]["status"]["to_act"] == ["Dan"]
    assert out[6] == {"line": 7, "input": ":redo", "ok": False, "error": "nothing to redo"}
    assert out[7]["history"] == ["Ben checks", "Carla bets 3"]


def test_questions_about_lines_taken_back_are_not_saved(tmp_path):
    saved = tmp_path / "undone.scenario.yaml"
    lines = ["Ben checks", "Carla bets 3", ":ask legal-moves", ":undo", "Carla checks", ":ask legal-moves", f":save {saved}"]
    assert play(DIABLO, lines).exit_code == 0
    documents = list(yaml.safe_load_all(saved.read_text()))
    assert len(documents) == 1 and documents[0]["position"]["history"] == ["Ben checks", "Carla checks"]
    assert documents[0]["questions"][0]["expect"]["to_act"] == "Dan"


def test_a_session_without_questions_saves_the_table_reached_as_its_expectation(tmp_path):
    saved = tmp_path / "plain.scenario.yaml"
    assert play(DIABLO, ["Ben checks", f":save {saved}"]).exit_code == 0
    question = yaml.safe_load(saved.read_text())["questions"][0]
    assert question["ask"] == {"kind": "apply"} and question["expect"]["to_act"] == "Carla"
    assert json.loads(check(saved).stdout)["passed"] == 1


def test_play_file_continues_its_position_and_history_and_undo_reaches_into_it():
    path = "scenarios/diablo/rulebook-example.scenario.yaml"
    result = play([path], [":history", ":undo", ":moves", "Anna calls", ":ask opener-liability"], "--json")
    assert result.exit_code == 0, result.output
    out = replies(result)
    assert len(out[0]["history"]) == 17
    assert out[1]["line"] == 2 and out[1]["status"]["to_act"] == ["Anna"]
    assert "Anna calls" in out[2]["moves"]["legal"]
    assert out[4]["answer"]["amount"] == 26


def test_play_file_picks_a_scenario_by_name_and_names_a_missing_one():
    path = "scenarios/diablo/rulebook-example.scenario.yaml"
    result = play([path, "--scenario", "rulebook-example-shown"], [":ask opener-liability"], "--json")
    assert replies(result)[0]["answer"]["amount"] == 26
    assert "4 scenarios" in result.stderr
    missing = play([path, "--scenario", "rulebook-exampel"], [])
    assert missing.exit_code == 2 and "did you mean 'rulebook-example'" in missing.stderr


@pytest.mark.parametrize("args, message", [
    (["diablo", "--seats", "Anna Ben Carla", "--boss", "Demona"], "--boss is not an option of Diablo; it takes --seats, --chips, --dealer and --rule"),
    (["diablo", "--seats", "Anna Ben Carla", "--dealer", "Bne"], "--dealer: 'Bne' is not one of the seats (Anna, Ben, Carla); did you mean 'Ben'?"),
    (["diablo", "--seats", "Anna Ben"], "--seats: Diablo is for 3 to 7 players, not 2"),
    (["diablo"], "--seats: name the players"),
    (["diablo", "--seats", "Anna Ben Carla", "--rule", "antee=2"], "--rule antee: unknown rule option 'antee'; did you mean 'ante'?"),
    (["diablo", "--seats", "Anna Ben Carla", "--rule", "ante=-1"], "--rule ante:"),
    (["hell-of-a-deal", "--seats", "Anna Ben", "--default-hand", "Demona=Q Z"], "--default-hand 'Demona=Q Z'"),
    (["hell-of-a-deal", "--seats", "Anna Ben", "--boss", "Demonna"], "--boss: unknown Boss 'Demonna'; did you mean 'Demona'?"),
    (["auf-teufel-komm-raus", "--seats", "Anna Ben", "--oven", "50:2 devils"], "--oven: write each kind of piece as value:count"),
    (["auf-teufel-komm-raus", "--seats", "Anna Ben", "--chips", "205"], "--chips: chips come in tens, not 205"),
    (["diabolo"], "'diabolo' is neither a game nor a file; did you mean 'diablo'?"),
    (["scenarios/diablo/rulebook-example.scenario.yaml", "--seats", "A B C"], "--seats: table options start a fresh table"),
])
def test_a_table_option_that_cannot_start_a_table_is_one_line_naming_it(args, message):
    result = play(args, [])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].startswith(f"Error: {message}"), result.stderr
    assert "Traceback" not in result.output


def test_moves_list_the_legal_lines_and_the_reason_for_each_kind_left_out():
    result = play(DIABLO, ["Ben checks", "Carla bets 3", ":moves"])
    out = result.stdout
    assert "Dan may play (7 lines; :moves all spells out each):" in out
    assert "  Dan calls 3\n  Dan raises to 4-8\n  Dan folds\nnot now:\n" in out
    assert "  Dan checks: Dan cannot check: there is a bet of 3 to call" in out
    assert "  Table agrees to stop: the game can end only between hands, not in the middle of one" in out
    every = play(DIABLO, ["Ben checks", "Carla bets 3", ":moves all"]).stdout
    assert "Dan may play (7 lines):" in every and "  Dan raises to 6\n" in every


def test_ask_reads_yaml_values_and_quoted_text():
    lines = ["Anna is dealt Ah Jh 8h 5h 3c", ":ask best-swap player=Anna samples=100 target=flush",
             ":ask legal-moves action=\"Ben raises to 8\""]
    out = replies(play(DIABLO, lines, "--json"))
    assert out[1]["ask"]["samples"] == 100 and out[1]["answer"]["best"]["discard"] == "3c"
    assert out[2]["answer"]["legal"] is False


def test_help_lists_every_command():
    result = play(DIABLO, [":help"])
    for name in ("moves", "ask", "table", "undo", "redo", "history", "save", "help", "quit"):
        assert f":{name}" in result.stdout


def test_table_shows_every_player_and_the_pot():
    result = play(DIABLO, ["Anna is dealt Ah Jh 8h 5h 3c", "Ben bets 2", ":table"])
    assert "Diablo, hand 1: first betting round" in result.stdout
    for name in ("Anna", "Ben", "Carla", "Dan"):
        assert name in result.stdout
    assert "A♥ J♥ 8♥ 5♥ 3♣" in result.stdout and "pot 6" in result.stdout


def test_quit_stops_reading():
    result = play(DIABLO, [":quit", "Zed checks"])
    assert result.exit_code == 0 and result.stderr == ""


def test_a_line_that_is_not_utf8_is_refused_with_its_number():
    result = CliRunner().invoke(main, ["play", *DIABLO], input=b"Ben checks\n\xff\nCarla checks\n", env=WIDE)
    assert result.exit_code == 2
    assert "Error: line 2: not UTF-8 text (byte 1)" in result.stderr
    assert "Dan: checks" in result.stdout


def test_once_a_round_is_over_the_moves_and_tab_offer_the_next_rounds_bets():
    lines = ["Anna bets 50", "Ben passes", "Anna pulls 50", "Anna stops", "Ben pulls devil", ":moves"]
    out = replies(play(["auf-teufel-komm-raus", "--seats", "Anna Ben", "--oven", "50:2 devils:1"], lines, "--json"))
    assert out[4]["status"]["text"].startswith("round 1 is over: highest haul 50; the next round's bets (Ben starts)")
    moves = out[5]["moves"]
    assert moves["to_act"] == ["Anna", "Ben"] and "Ben passes" in moves["legal"] and "Anna bets 400" in moves["legal"]
