"""A refused line at the table says what is true: why the player may not act, whose rule a
chip comes from, that the game is over."""

from __future__ import annotations

from click.testing import CliRunner

from oracle.cli import main


def refusals(args, lines):
    result = CliRunner().invoke(main, ["play", *args], input="\n".join(lines) + "\n")
    return [line for line in result.stderr.splitlines() if line.startswith("Error:")]


def test_diablo_a_folded_player_is_told_they_folded_not_only_that_it_is_not_their_turn():
    errors = refusals(["diablo", "--seats", "Anna Ben Carla", "--dealer", "Carla"], ["Anna bets 2", "Ben folds", "Ben checks"])
    assert errors == ["Error: line 3: 'Ben checks': Ben cannot check: Ben folded this hand (Carla is to act)"]


def test_auf_teufel_after_the_games_end_a_bet_is_refused_because_the_game_is_over():
    errors = refusals(["scenarios/auf-teufel-komm-raus/end-of-game.scenario.yaml"], ["Ben bets 10"])
    assert errors == ["Error: line 1: 'Ben bets 10': the game is over (won by Anna and Ben): Ben cannot bet"]


def test_hell_of_a_deal_a_deal_of_the_wrong_size_says_how_many_cards_it_is():
    errors = refusals(["hell-of-a-deal", "--seats", "Anna Ben"], ["deal Anna 9h 9c"])
    assert errors == ["Error: line 1: 'deal Anna 9h 9c': this deal (deal Anna 3 cards) is 3 cards, and the line names 2"]


def test_drawing_dead_a_tie_takes_no_button():
    out = CliRunner().invoke(main, ["compare", "Ah Kh Qh Jh Th", "As Ks Qs Js Ts", "--game", "drawing-dead"]).output
    assert "neither takes the Button" in out and "share" not in out


def test_drawing_dead_another_players_line_during_clean_up_says_who_must_clean_up():
    import pytest

    import oracle

    scenario = oracle.loads("""
game: drawing-dead
name: clean-up
position:
  players: [{name: Anna, upcards: "Ah Kh Qh Jh Th 9c"}, {name: Ben}]
  turn: Anna
  phase: cleanup
  pot: 0
""")[0]
    with pytest.raises(oracle.IllegalActionError, match=r"it is Anna's turn, not Ben's \(Anna must clean up first\)"):
        scenario.apply("Ben draws")
