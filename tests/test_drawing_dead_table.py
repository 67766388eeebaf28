"""Drawing Dead at a real table: the decks' order is unknown, so every line that deals or
draws names its cards (Drawing Dead: Setup; Step 1: Draw), and the oracle checks that they
can come from where the rules take them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.errors import IllegalActionError
from oracle.games.drawing_dead.actions import Action
from oracle.games.drawing_dead.position import load_position
from oracle.games.drawing_dead.questions import summary
from oracle.games.drawing_dead.claims import cheapest_claim

WIDE = {"COLUMNS": "200", "NO_COLOR": "1"}
TABLE = ["drawing-dead", "--seats", "Anna Ben"]
DEAL = ["Anna is dealt 9h Kd and Sheriff", "Ben is dealt Ah 2s and Dirty Cheat"]
# A whole hand: the deal, Anna claims with a King, Ben tries to steal it and is stopped, plays
# a pair of Aces and takes the Button, cleans up; Anna's next turn finds Ben still holding
# it, Ben wins the hand at the start of his turn.
HAND = [*DEAL,
        "Anna draws 5c 7d and Duke", "Anna plays Kd", "Anna claims the Button", "Anna plays Duke",
        "Anna receives 3c 4c", "Anna ends the turn", "Anna trashes 3c",
        "Ben draws As 6h and Dirty Cheat", "Ben plays Dirty Cheat taking Kd from Anna", "Anna stops with Sheriff",
        "Ben plays Ah", "Ben plays As", "Ben claims the Button", "Ben ends the turn",
        "Anna draws 8s 8d and Magic Man", "Anna plays 8s", "Anna plays 8d", "Anna ends the turn",
        "Ben wins the hand"]


def play(lines, *extra):
    return CliRunner().invoke(main, ["play", *TABLE, *extra], input="\n".join(lines) + "\n", env=WIDE)


def table(history=(), **position):
    return load_position({"players": [{"name": "Anna"}, {"name": "Ben"}], "deck_order": "unknown", "phase": "deal",
                          "first": "Anna", **position, "history": list(history)}, {})


def test_a_whole_hand_typed_as_a_real_table_plays_it_and_saves_a_file_check_passes(tmp_path):
    saved = tmp_path / "table.scenario.yaml"
    result = play([*HAND, ":ask cheapest-claim player=Anna", f":save {saved}"], "--json")
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r for r in out if not r["ok"]] == []
    results = [r["status"]["result"] for r in out if r.get("status", {}).get("result")]
    assert [r["event"] for r in results] == ["button_claimed", "button_claimed", "hand_won"]
    assert results[-1]["winner"] == "Ben" and results[-1]["pot"] == 5 + 5  # the bank's 5 and five cards bet
    report = json.loads(CliRunner().invoke(main, ["check", str(saved), "--json"], env=WIDE).stdout)
    assert report["failed"] == 0 and report["unreadable"] == []


def test_a_real_table_is_told_what_each_line_awaits_and_who_won_in_piped_mode():
    result = play(HAND)
    assert result.exit_code == 0, result.output
    assert "'Ben is dealt <card> <card> and <role>'" in result.stdout
    assert "'receives <card> <card>'" in result.stdout
    assert "Ben wins the hand and the pot of 10" in result.stdout


def test_every_stash_dealt_fills_the_pot_and_the_first_player_draws():
    state = table(DEAL)
    assert (state.phase, state.pot, state.players[state.turn].name) == ("start", 5, "Anna")
    assert state.waiting_for() == ["Anna draws <card> <card> and <role>"]
    assert len(state.poker_deck) == 53 - 4 and len(state.role_deck) == 15 - 2


@pytest.mark.parametrize("line, reason", [
    ("Ben is dealt 9h 3c and Duke", "9h cannot be drawn: it is in Anna's stash"),
    ("Ben is dealt 3c and Duke", "names 1 poker card and 1 role card; the line brings 2 poker cards and 1 role card"),
    ("Ben is dealt 3c 4c and Dukes", "no role card named 'Dukes'"),
    ("Anna is dealt 3c 4c and Duke", "Anna has already been dealt a stash"),
    ("Anna draws 3c 4c and Duke", "the stashes are dealt first: 'Ben is dealt <card> <card> and <role>'"),
])
def test_a_named_card_or_role_that_cannot_be_dealt_is_refused_with_the_reason(line, reason):
    state = table(DEAL[:1])
    with pytest.raises(IllegalActionError, match=reason):
        state.do(Action.parse(line))


def test_a_draw_larger_than_the_deck_takes_the_whole_deck_then_the_reshuffled_trash():
    # Step 1: Draw: "If there are no cards in a deck, reshuffle it's trash pile."
    state = table(DEAL)
    deck = [str(c) for c in state.poker_deck]
    state.poker_trash, state.poker_deck = state.poker_deck[1:], state.poker_deck[:1]
    with pytest.raises(IllegalActionError, match=f"takes all of them first, {deck[0]} too"):
        state.do(Action.parse(f"Anna draws {deck[1]} {deck[2]} and Duke"))
    state.do(Action.parse(f"Anna draws {deck[0]} {deck[5]} and Duke"))
    assert len(state.poker_deck) == 53 - 6 and state.poker_trash == []


def test_a_card_in_the_trash_is_not_drawn_while_the_deck_holds_enough():
    state = table(DEAL)
    state.poker_trash.append(state.poker_deck.pop())
    with pytest.raises(IllegalActionError, match="is in the trash, and the poker deck still holds 48 cards"):
        state.do(Action.parse(f"Anna draws {state.poker_trash[0]} {state.poker_deck[0]} and Duke"))


def test_a_role_that_draws_waits_for_the_table_to_name_its_cards():
    state = table([*DEAL, "Anna draws 5c 7d and Duke", "Anna plays Duke"])
    assert state.phase == "receive" and state.waiting_for() == ["Anna receives <card> <card>"]
    with pytest.raises(IllegalActionError, match="Anna's role draws cards first"):
        state.do(Action.parse("Anna plays 5c"))
    state.do(Action.parse("Anna receives 3c 4c"))
    assert state.phase == "action" and {str(c) for c in state.players[0].stash} >= {"3c", "4c"}


def test_the_seeded_table_refuses_named_cards_and_the_real_table_refuses_a_bare_draw():
    seeded = load_position({"players": [{"name": "Anna"}, {"name": "Ben"}], "deal": True, "seed": 3}, {})
    with pytest.raises(IllegalActionError, match="seeded decks, so no line names the cards drawn: write 'Anna draws'"):
        seeded.do(Action.parse(f"{seeded.players[seeded.turn].name} draws 3c 4c and Duke"))
    state = table(DEAL)
    with pytest.raises(IllegalActionError, match="names 0 poker cards; the line brings 2 poker cards and 1 role card"):
        state.do(Action.parse("Anna draws"))


def test_draw_lines_naming_cards_round_trip():
    for line in ("Anna draws 9h Kd and Duke", "Anna is dealt 9h Kd and Sheriff, Duke, Duke", "Anna receives 3c",
                 "Anna draws Duke, Sheriff", "Anna draws"):
        assert str(Action.parse(line)) == line


def test_cheapest_claim_leaves_out_a_draw_the_table_has_not_named():
    state = table([*DEAL, "Anna draws 5c 7d and Duke", "Anna plays 9h", "Anna claims the Button", "Anna ends the turn",
                   "Ben draws 3s 4s and Duke"])
    answer = cheapest_claim(state, 1, None)
    assert answer["unknown_draws"] == ["Duke"] and answer["exact"] is False
    assert answer["chips"] == 1 and "Duke left out" in answer["reason"]  # the Ace alone beats the Nine


def test_the_state_answer_says_the_decks_order_and_what_is_awaited():
    facts = summary(table(DEAL))
    assert facts["deck_order"] == "unknown" and facts["waiting_for"] == ["Anna draws <card> <card> and <role>"]


def test_a_dealt_position_cannot_also_leave_the_decks_unknown():
    with pytest.raises(Exception, match="a dealt position .deal: true. draws from the oracle's seeded decks"):
        load_position({"players": [{"name": "Anna"}, {"name": "Ben"}], "deal": True, "deck_order": "unknown"}, {})


def test_start_names_who_goes_first_at_a_real_table():
    result = play(["Ben is dealt 3c 4c and Duke"], "--start", "Ben")
    assert "the deal, Ben goes first" in result.stdout
    result = play([], "--start", "Ben", "--seed", "3")
    assert result.exit_code == 2 and "--start: with --seed" in result.output
