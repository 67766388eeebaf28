"""What no filling of the holes can change is an error of the file, said before any search:
one line ``FILE:LINE: field: message`` each, exit code 2 (docs/find.md, Errors)."""

from __future__ import annotations

from click.testing import CliRunner

from oracle.cli import main

from test_find_winners import HOD_PUSH

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


HOD = """game: hell-of-a-deal
name: with-the-ban
position:
  boss: Eenie Meanie
  bosses: {Eenie Meanie: {default_hand: "7 7"}}
  boss_deck: []
  phase: showdown
  souls: 6
  board: $b1 $b2 $b3 $b4 $b5
  boss_hole: ? ?
  players:
    - {name: Anna, hand: $a1 $a2 $a3, bets: [Earn a Soul]}
    - {name: Ben, hand: ? ? ?, bets: [Earn a Soul]}
questions:
  - id: anna-loses
    ask: {kind: showdown}
    expect: {players: {Anna: {outcome: lose}}}
where:
  - rank($a1) == rank($b1)
  - rank($b1) > rank($b2) and rank($b1) > rank($b3) and rank($b1) > rank($b4) and rank($b1) > rank($b5)
"""


def hod(change):
    assert change[0] in HOD
    return HOD.replace(*change).replace("? ? ?", '"? ? ?"').replace("boss_hole: ? ?", 'boss_hole: "? ?"')


def test_an_unknown_boss_is_an_error_of_the_file_before_any_search(tmp_path):
    path, result = find(tmp_path, hod(("boss: Eenie Meanie", "boss: Eeenie Meanie")))
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:4: position.boss: unknown Boss 'Eeenie Meanie'; did you mean 'Eenie Meanie'?"]


def test_a_chip_typo_is_an_error_of_the_file_before_any_search(tmp_path):
    path, result = find(tmp_path, hod(("hand: $a1 $a2 $a3, bets: [Earn a Soul]", "hand: $a1 $a2 $a3, bets: [Earn a Sole]")))
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:12: position.players[0].bets[0]: unknown chip 'Earn a Sole'; did you mean "
                              "'Earn a Soul'? ('Wild as Heal' for the Wild chip)"]


def test_a_number_out_of_its_range_is_an_error_of_the_file_before_any_search(tmp_path):
    path, result = find(tmp_path, hod(("souls: 6", "souls: -6")))
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:8: position.souls: souls must be a whole number 0..1000, got -6"]


def test_a_bad_card_in_a_field_without_holes_is_an_error_of_the_file(tmp_path):
    path, result = find(tmp_path, hod(('default_hand: "7 7"', 'default_hand: "7 X"')))
    assert result.exit_code == 2
    (line,) = errors(result)
    assert line.startswith(f"Error: {path}:5: position.bosses.Eenie Meanie.default_hand: unknown card 'X'")


def test_a_hand_bigger_than_the_round_explains_is_an_error_of_the_file_whatever_its_holes_hold(tmp_path):
    path, result = find(tmp_path, hod(("hand: $a1 $a2 $a3,", "hand: $a1 $a2 $a3 Kh,")))
    assert result.exit_code == 2
    (line,) = errors(result)
    assert line.startswith(f"Error: {path}:12: position.players[0].hand: Anna holds 4 cards: dealt 3")


def test_a_history_line_that_does_not_parse_is_an_error_of_the_file_before_any_search(tmp_path):
    path, result = find(tmp_path, DIABLO.replace("Carla checks]", "Carla chekcs]"))
    assert result.exit_code == 2
    (line,) = errors(result)
    assert line.startswith(f"Error: {path}:8: position.history[8]: cannot read the action 'Carla chekcs'")


def test_a_diablo_raise_beyond_the_limits_is_an_error_of_the_file_before_any_search(tmp_path):
    path, result = find(tmp_path, DIABLO.replace("Ben calls, Carla calls", "Ben raises to 99, Carla calls"))
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:7: position.history[1]: a raise in the first betting round adds 1 to 5 "
                              "chips to 1: raise to 2 to 6, not 99"]


def test_every_document_s_fixed_errors_are_said_at_once(tmp_path):
    text = DIABLO.replace("dealer: Carla", "dealer: Carl") + "---\n" + DIABLO.replace("Carla checks]", "Carla chekcs]")
    path, result = find(tmp_path, text)
    assert result.exit_code == 2
    assert [line.split(": ")[1] for line in errors(result)] == [f"{path}:5", f"{path}:23"]


JACKS = """game: diablo
rules: {jacks_or_better: true}
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  dealer: Carla
  hands: {Anna: "$a ? Tc 4d 7h", Ben: 2s 2h 2d 2c 3s}
  history: [Anna bets 1, Ben folds, Carla folds]
questions:
  - id: anna-opened
    ask: showdown
    expect: {winners: [Anna]}
where:
  - rank($a) != 2
"""


def test_a_refusal_the_holes_decide_is_left_to_the_search(tmp_path):
    """Under Jacks or better Anna's opening bet is refused for some fillings (the first that
    comes to hand, the lowest cards left, among them) and accepted for others: the search
    checks them one by one."""
    import json

    path, result = find(tmp_path, JACKS, "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["outcome"] == "found"
    assert any("jacks or better is needed to open" in r["example"] for r in answer["rejections"])


# A Hell of a Deal showdown expected to answer for Bob, who is not seated.
HOD_SHOWDOWN = HOD_PUSH.format(boss="Dedly Aloor", outcome="push", tolls="", hand="? ? ?").replace(
    "{Anna: {outcome: push}}", "{Anna: {outcome: push}, Bob: {outcome: win}}")


def test_a_showdown_expectation_for_a_player_not_seated_is_an_error_of_the_file(tmp_path):
    """The showdown answers for the players the position seats (Hell of a Deal: Showdown
    Phase): an expected entry for anyone else can never be met, whatever the holes hold."""
    path, result = find(tmp_path, HOD_SHOWDOWN)
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:15: questions[0].expect.players.Bob: no player 'Bob' in this position: "
                              "the showdown answers for Anna"]


def test_a_diablo_winner_not_seated_is_an_error_of_the_file(tmp_path):
    path, result = find(tmp_path, DIABLO.replace("expect: {winners: [Anna, Ben, Carla]}", "expect: {winners: [Anna, Bob]}"))
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:12: questions[0].expect.winners[1]: no player 'Bob' in this position: "
                              "the showdown answers for Anna, Ben, Carla"]


def test_a_toll_that_is_no_whole_number_is_an_error_of_the_file_before_any_search(tmp_path):
    """The Boatman: "The cost of a Soul is a per card payment": a question paying -1 Souls is
    wrong whatever the holes hold (it ran to the time limit, refused filling by filling)."""
    text = HOD_PUSH.format(boss="The Boatman", outcome="push", tolls='\n  tolls: "?"', hand="? ? ?").replace(
        "ask: showdown", "ask: {kind: showdown, tolls: {Anna: -1}}")
    path, result = find(tmp_path, text)
    assert result.exit_code == 2
    assert errors(result) == [f"Error: {path}:15: questions[0].ask.tolls.Anna: a whole number >= 0, got -1"]
