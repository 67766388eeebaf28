"""Who wins, stated to Z3 natively (``oracle.find.winners``): a ``compare`` question's winner
and a Diablo showdown's winners, only where they certainly follow from the hands' strengths."""

from __future__ import annotations

import pytest
import z3

from oracle.cards import Card, parse_cards
from oracle.eval import DIABLO, strength
from oracle.find.holes import read_search
from oracle.find.model import build_model, model_values

SHOWDOWN = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  dealer: Carla
  hands: {Anna: "$a 7c ? ? ?", Ben: "$b 7d ? ? ?", Carla: "? ? ? ? ?"}
  history: [Anna bets 1, Ben calls, Carla folds, Anna stands pat, Ben stands pat, Anna checks, Ben checks]
questions:
  - id: split
    ask: showdown
    expect: {winners: [Anna, Ben]}
where:
  - rank($a) == A and rank($b) == A
"""


def built(tmp_path, text):
    path = tmp_path / "s.search.yaml"
    path.write_text(text, encoding="utf-8")
    return build_model(read_search(str(path)))


def stated(tmp_path, text):
    return [g.text for g in built(tmp_path, text).guarded if g.what == "expect"]


def test_a_diablo_split_is_stated_among_the_players_still_in(tmp_path):
    """Carla folded: Anna and Ben tie, whatever Carla holds; Z3's proposal is a split."""
    model = built(tmp_path, SHOWDOWN)
    assert [g.text for g in model.guarded if g.what == "expect"] == ["questions[0]: showdown answers winners Anna, Ben"]
    assert model.solver.check(*model.literals("domain", "where", "expect")) == z3.sat
    values = model_values(model, model.solver.model())
    hands = {name: [values[k] for k in keys] for name, keys in
             (("Anna", ("$a", "?1", "?2", "?3")), ("Ben", ("$b", "?4", "?5", "?6")))}
    anna, ben = (strength(hands[n] + [Card.parse(seven)], DIABLO) for n, seven in (("Anna", "7c"), ("Ben", "7d")))
    assert anna == ben


@pytest.mark.parametrize("changes", [
    [("Anna stands pat", "Anna draws 1")],  # the hand shown is not the hand given
    # with no chips Carla is not dealt in (nor deals: Ben does)
    [("{name: Carla}", "{name: Carla, chips: 0}"), ("dealer: Carla", "dealer: Ben"), (', Carla: "? ? ? ? ?"', ""),
     ("Carla folds, ", "")],
    [("game: diablo\n", "game: diablo\nrules: {declare_hand: true}\n")],  # declared hands count
])
def test_a_showdown_is_not_stated_where_the_hands_given_may_not_be_those_compared(tmp_path, changes):
    text = SHOWDOWN
    for change in changes:
        assert change[0] in text
        text = text.replace(*change)
    assert stated(tmp_path, text) == []


@pytest.mark.parametrize("winner, words", [
    ("first", "winner first"), ("{in: [first, tie]}", "winner first or tie"), ("{not_in: [second]}", "winner first or tie"),
])
def test_a_compare_winner_and_its_relations_are_stated(tmp_path, winner, words):
    text = ("game: drawing-dead\nquestions:\n  - id: c\n    ask: {kind: compare, first: $a Kd, second: $b Ks}\n"
            f"    expect: {{winner: {winner}}}\nwhere:\n  - rank($a) == rank($b)\n")
    assert stated(tmp_path, text) == [f"questions[0]: compare answers {words} under Drawing Dead"]


HOD_TIE = """game: hell-of-a-deal
position:
  boss: Dedly Aloor
  bosses: {Dedly Aloor: {default_hand: "9 9"}}
  boss_deck: []
  phase: showdown
  souls: 3
  board: 2c 5d 9h Jc Ks
  boss_hole: 3h 4h
  players:
    - {name: Anna, hand: Ah Ad 3c, bets: [Earn a Soul]}
    - {name: Ben, hand: "Qs Qd ?", bets: [Earn a Soul]}
questions:
  - {id: s, ask: showdown}
where:
  - strength(Anna) == strength(Ben)
"""


def test_a_hell_of_a_deal_tie_needs_the_same_first_tie_break_in_one_category(tmp_path):
    """Anna's Aces against Ben's Queens: whatever Ben's third card, his best hand is not
    Anna's pair of Aces (checked card by card), and Z3 knows it from the pairs' ranks alone,
    where the categories alone left every third card to try (Hell of a Deal: Compare Hands)."""
    from oracle.cards import full_deck
    from oracle.eval import HELL_OF_A_DEAL
    from oracle.eval.select import Limits, best_selection

    board, anna = parse_cards("2c 5d 9h Jc Ks"), parse_cards("Ah Ad 3c")
    limits = Limits(min_private=1, max_private=2)
    held = {*board, *anna, *parse_cards("Qs Qd 3h 4h")}
    target = best_selection(anna, board, HELL_OF_A_DEAL, limits).strength
    assert all(best_selection(parse_cards("Qs Qd") + [x], board, HELL_OF_A_DEAL, limits).strength != target
               for x in full_deck() if x not in held)
    model = built(tmp_path, HOD_TIE)
    assert model.solver.check(*model.literals("domain", "where")) == z3.unsat


HOD_PUSH = """game: hell-of-a-deal
position:
  boss: {boss}
  bosses: {{{boss}: {{default_hand: "9 9"}}}}
  boss_deck: []
  phase: showdown
  souls: 3
  board: "? ? ? ? ?"
  boss_hole: "? ?"{tolls}
  players:
    - {{name: Anna, hand: "{hand}", bets: [Earn a Soul]}}
questions:
  - id: s
    ask: showdown
    expect: {{players: {{Anna: {{outcome: {outcome}}}}}}}
"""


@pytest.mark.parametrize("boss, outcome, now, later", [
    ("Dedly Aloor", "push", True, True),
    ("Dedly Aloor", "win", False, True),  # common among the hands Z3 proposes: stated if the search goes on
    ("Dedly Aloor", "{in: [win, push, lose]}", False, False),  # says nothing
    ("The Boatman", "push", False, True),  # his tolls make the terms costlier: later too
    ("Eenie Meanie", "push", False, True),  # his ban too
    ("Red Jack", "push", False, False),  # his draws decide his hand: left to the engines
])
def test_a_hell_of_a_deal_push_is_stated_as_what_it_implies_where_the_hands_decide_it(tmp_path, boss, outcome, now,
                                                                                       later):
    tolls = '\n  tolls: "?"' if boss == "The Boatman" else ""
    hand = "? ?" if boss == "Red Jack" else "? ? ?"  # "Deal players 2 face-up cards, not 3"
    model = built(tmp_path, HOD_PUSH.format(boss=boss, outcome=outcome, tolls=tolls, hand=hand))
    words = "push" if outcome == "push" else "win"
    text = [f"questions[0]: showdown answers Anna {words} against {boss} (what it implies of the hands)"]
    assert [g.text for g in model.guarded if g.what == "expect"] == (text if now else [])
    model.state_later()
    assert [g.text for g in model.guarded if g.what == "expect"] == (text if later else [])


def test_a_push_with_up_your_sleeve_is_stated_late_with_the_third_hand_card(tmp_path):
    """Up Your Sleeve: "You may use a third card from your hand": Anna's hand there is the
    best of up to three of her cards with the board, whose terms cost more: stated late."""
    text = HOD_PUSH.format(boss="Dedly Aloor", outcome="push", tolls="", hand="? ? ?").replace(
        "bets: [Earn a Soul]}", "bets: [Earn a Soul], played_favors: [Up Your Sleeve]}")
    model = built(tmp_path, text)
    assert [g.text for g in model.guarded if g.what == "expect"] == []
    model.state_later()
    assert [g.text for g in model.guarded if g.what == "expect"] == [
        "questions[0]: showdown answers Anna push against Dedly Aloor (what it implies of the hands)"]
    assert any(key[3] == 3 for key in model.heads)  # (document, player, restriction, most)
