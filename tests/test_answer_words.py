"""The sentences that lead answers: counts in the singular and plural, every number said what
it is, and each question kind stating the answer asked for (who pays whom, what the actions
did, the policy as a player says it)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import oracle
from oracle.ranking import PLAYER_RULE, UP_YOUR_SLEEVE_RULE, rank_hell_of_a_deal
from oracle.render_facts import answer_facts
from oracle.solve.dp.coal import Oven, haul_objective, solve_turn, threshold_table
from oracle.words import join, noun, plural, signed

AUF = """
game: auf-teufel-komm-raus
position:
  players: [{name: Anna, chips: 90}, {name: Ben, chips: 40}, {name: Cara, chips: 30}, {name: Dora, chips: 20}]
  start_player: Anna
  history: [Anna passes, Ben passes, Cara passes, Dora passes]
"""


def test_one_is_singular_and_every_other_count_plural():
    assert [plural(n, "chip") for n in (0, 1, 2)] == ["0 chips", "1 chip", "2 chips"]
    assert plural(1_000_000, "deal") == "1,000,000 deals" and plural(1.0, "Soul") == "1 Soul"
    assert plural(2, "Bad Guy") == "2 Bad Guys" and noun(1, "card") == "card" and noun(3, "card") == "cards"
    assert join([]) == "" and join(["Anna"]) == "Anna" and join(["Anna", "Ben"]) == "Anna and Ben"
    assert join(["Anna", "Ben", "Cara"], "or") == "Anna, Ben or Cara"
    assert [signed(v, 0) for v in (200, -150, 0)] == ["+200", "-150", "0"]


def test_apply_says_what_each_action_did_and_who_pays_whom():
    # The rulebook's example: "I have 90 chips and owe a total of 150. I pay out 50 to the first
    # pact-holder in full and keep the remaining 40 for myself. The bank then pays out the other 100."
    table = oracle.loads(AUF)[0]
    text = table.ask("apply", actions=["Anna pulls 20", "Anna pulls devil"]).explanation
    assert text == ("Anna pulls 20; Anna pulls a devil: the haul of 20 is lost; Anna pays Ben 50 and keeps 40; "
                    "the bank pays Cara 50 and Dora 50 (pacts with the devil); now round 1, pull phase: Ben to pull")
    assert "(s)" not in text and "applied" not in text
    stop = table.ask("apply", actions=["Anna pulls 20", "Anna stops"]).explanation
    assert stop.startswith("Anna pulls 20; Anna stops with a haul of 20; now round 1, pull phase: Ben to pull")


def test_legal_moves_name_each_move_with_its_chance():
    table = oracle.loads(AUF)[0]
    text = table.ask("legal-moves").explanation
    # 48 pieces: 2 x 100 is 2/48 = 4.2%, 9 devils 9/48 = 18.8%.
    assert text == ("Anna may pull (the next piece is 100: 4.2%, 75: 6.2%, 50: 14.6%, 25: 18.8%, 20: 18.8%, "
                    "10: 18.8%, devil: 18.8%)")
    bets = oracle.loads(AUF.replace("  history: [Anna passes, Ben passes, Cara passes, Dora passes]\n", ""))[0]
    assert bets.ask("legal-moves").explanation.startswith("Anna may pass or bet 10 to 90 in steps of 10; Ben may pass or bet 10, 20, 30 or 40")


def test_the_rows_a_full_oven_turn_reaches_are_those_its_cheapest_pieces_allow():
    # Independent of the solver: with the one-step threshold 127, a turn gets to p pieces only
    # if it drew at p-1, i.e. some p-1 pieces total less than 127; the cheapest p-1 pieces
    # (nine 10s, then 20s) decide it: 10 pieces can be 110, 11 pieces are at least 130.
    oven = Oven.of({100: 2, 75: 3, 50: 7, 25: 9, 20: 9, 10: 9}, devils=9)
    rows = threshold_table(solve_turn(oven, haul_objective))
    cheapest = sorted(v for v, c in zip(oven.values, oven.counts) for _ in range(c))
    for row in rows:
        assert row.reached == (sum(cheapest[: row.pieces - 1]) < Fraction(1270, 10)), row.pieces
    assert [r.pieces for r in rows if r.reached] == list(range(1, 12))


def test_the_up_your_sleeve_rule_line_quotes_the_favor_for_a_three_card_hand():
    ranking = rank_hell_of_a_deal("7h 7d 7c", "Ks Kd 2c 3h 9s", up_your_sleeve=True)
    assert len(ranking.best.from_private) == 3
    assert ranking.rule == UP_YOUR_SLEEVE_RULE and "MAY use two" not in ranking.rule
    assert "You may use a third card from your hand in your final scoring hand." in ranking.rule
    assert rank_hell_of_a_deal("7h 7d 7c", "Ks Kd 2c 3h 9s").rule == PLAYER_RULE


def test_facts_keep_every_key_nest_mappings_and_shorten_only_long_lists_with_a_note():
    answer = {"pot": 26, "won": {"Ben": 26}, "winners": ["Ben"], "reason": None, "flag": True,
              "history": [f"line {k}" for k in range(20)],
              "bets": [{"player": "Anna", "stake": 100}, {"player": "Ben", "stake": 50}],
              "hand": {"game": "diablo", "category": "pair", "name": "Pair", "description": "Pair of Nines",
                       "cards": ["9h", "9c"], "wilds": [], "strength": 7},
              "nested": {"a": {"b": {"deep": "x"}, "c": "y, z"}}}
    facts = answer_facts(answer)
    lines = {item.head + item.body.plain for item in facts.items if hasattr(item, "body")}
    assert {"pot: 26", "won: {Ben: 26}", "winners: Ben", "reason: none", "flag: yes",
            "hand: Pair of Nines: 9♥ 9♣", "nested:", "a:", "b: {deep: x}", "c: y, z", "- line 9", "… 10 more"} <= lines
    depths = {item.head: item.depth for item in facts.items if item.head in ("nested:", "a:", "b: ", "c: ")}
    assert depths == {"nested:": 0, "a:": 1, "b: ": 2, "c: ": 2}
    assert "- line 10" not in lines
    assert [item.head for item in facts.items if not hasattr(item, "body")] == ["bets:"]
    assert facts.shortened == ["history (10 of 20 shown)",
                               "hands (description and cards shown; category, name and strength under --full)"]
    full = answer_facts(answer, full=True)
    lines = {item.head + item.body.plain for item in full.items if hasattr(item, "body")}
    assert "- line 19" in lines and "strength: 7" in lines and not full.shortened


@pytest.mark.parametrize("kind, expected", [
    ("showdown", "Ben wins the pot of 26 with Four Nines, King kicker, over Anna's Flush, Ace-King-Jack-Eight-Five; "
                 "Anna opened and did not win, so pays 26 into a new pot"),
    ("opener-liability", "Anna opened and did not win: Anna pays the 26 due into a new pot; the next hand is played "
                         "for it without antes, Ben deals and Carla speaks first"),
])
def test_diablo_answers_say_who_won_and_who_pays(kind, expected):
    example = oracle.load("scenarios/diablo/rulebook-example.scenario.yaml")[0]
    assert example.ask(kind).explanation == expected
