"""With every Boss card known, the odds rank each runout once (``holdem_known``): the counts
equal plain loops over ``best_selection``/``boss_play`` and the plain enumeration, for every
rule that path takes (bans, tolls, wild ranks, Up Your Sleeve, default hand ties, Boss card
counts), and a time limit stops it between blocks with bounds, as the enumeration does."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from test_hod_solver_odds import C, brute_force, deal

from oracle.budget import Budget
from oracle.cards import Rank
from oracle.solve.exact import holdem, holdem_known
from oracle.solve.exact.holdem import BossHand, OddsProblem, SeatHand, compute_odds, unseen_cards

pytestmark = pytest.mark.skipif(not holdem_known.applies(OddsProblem(
    board=(), seats=(SeatHand(name="A", cards=()),), boss=BossHand(unknown=0))), reason="numba not installed")


def counts(result):
    return {s.name: (s.wins, s.pushes, s.losses) for s in result.seats if not s.folded}


def known(problem: OddsProblem) -> OddsProblem:
    assert holdem_known.applies(problem)
    return problem


def test_combination_rows_are_itertools_combinations_in_order():
    for n, k in [(7, 0), (7, 3), (12, 5), (4, 5)]:
        assert holdem_known.combination_rows(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]


def test_turn_with_the_boss_known_matches_brute_force_and_the_enumeration():
    board, hands, dead, rest = deal(5, 4, 3)
    problem = known(OddsProblem(board=board, dead=dead, seats=tuple(
        SeatHand(name=f"P{i}", cards=h, souls_if_won=1) for i, h in enumerate(hands)),
        boss=BossHand(known=tuple(rest[:2]), unknown=0, default_hand=C("Q Q T T"))))
    result = compute_odds(problem, method="exact")
    assert counts(result) == brute_force(problem)
    plain = holdem._enumerate(problem, unseen_cards(problem), None, Budget())
    assert counts(result) == counts(plain) and result.joint == plain.joint and result.deals == plain.deals


@pytest.mark.parametrize("seed", [1, 2])
def test_flop_with_a_short_deck_matches_brute_force(seed):
    # Two runout cards to come from a deck cut short by dead cards: a few hundred boards.
    board, hands, dead, rest = deal(seed, 3, 2)
    problem = known(OddsProblem(board=board, dead=dead + tuple(rest[23:]), seats=(
        SeatHand(name="Anna", cards=hands[0], souls_if_won=1), SeatHand(name="Ben", cards=hands[1])),
        boss=BossHand(known=tuple(rest[:3]), unknown=0, max_used=3, default_hand=C("K K"), soul_penalty=4)))
    result = compute_odds(problem, method="exact")
    assert result.deals == 190 and counts(result) == brute_force(problem)


def test_bans_tolls_wilds_and_up_your_sleeve_match_brute_force():
    board, hands, dead, rest = deal(9, 4, 4)
    problem = known(OddsProblem(
        board=board, dead=dead, banned_ranks=frozenset({Rank.KING}), tolled_ranks=frozenset({Rank.SEVEN, Rank.NINE}),
        seats=(SeatHand(name="Anna", cards=hands[0], toll_budget=0),
               SeatHand(name="Ben", cards=hands[1], toll_budget=1),
               SeatHand(name="Cara", cards=hands[2], wild_ranks=frozenset({Rank.TWO, Rank.FIVE})),
               SeatHand(name="Dan", cards=hands[3], max_private=3)),
        boss=BossHand(known=tuple(rest[:2]), unknown=0, max_used=1, default_hand=C("T T"))))
    assert counts(compute_odds(problem, method="exact")) == brute_force(problem)


def test_a_player_whose_every_card_is_banned_plays_the_board():
    problem = known(OddsProblem(
        board=C("Ah 9c 4d 2s"), banned_ranks=frozenset({Rank.KING, Rank.QUEEN}),
        seats=(SeatHand(name="Anna", cards=C("Kd Qc Ks")), SeatHand(name="Ben", cards=C("Jd Jh 3c"))),
        boss=BossHand(known=C("8h 8d"), unknown=0, default_hand=C("6 6"))))
    assert counts(compute_odds(problem, method="exact")) == brute_force(problem)


@pytest.mark.parametrize("prefers", ["default", "cards"])
def test_a_tie_with_the_default_hand_follows_the_rule_option(prefers):
    problem = known(OddsProblem(
        board=C("Qh Qd Ts 4c"),
        seats=(SeatHand(name="Anna", cards=C("Tc 9d 3c")), SeatHand(name="Ben", cards=C("Th Ah 3d"), folded=True)),
        boss=BossHand(known=C("2c 5d"), unknown=0, default_hand=C("Q Q T T"), tie_prefers=prefers)))
    result = compute_odds(problem, method="exact")
    assert counts(result) == brute_force(problem)
    assert result.seats[1].folded and result.seats[1].lose == 1.0


def test_a_time_limit_stops_between_blocks_with_bounds(monkeypatch):
    board, hands, dead, rest = deal(3, 3, 1)
    problem = known(OddsProblem(board=board, dead=dead, seats=(SeatHand(name="Anna", cards=hands[0]),),
                                boss=BossHand(known=tuple(rest[:2]), unknown=0)))
    monkeypatch.setattr(holdem_known, "BLOCK_RUNOUTS", 100)

    class OneBlock(Budget):
        def expired(self) -> bool:
            return True

    result = compute_odds(problem, method="exact", budget=OneBlock())
    whole = compute_odds(problem, method="exact")
    assert not result.exact and result.bound_reached == "time_limit"
    assert result.deals == 100 * holdem_known.WORKERS < whole.deals == result.deals_total
    anna, truth = result.seats[0], whole.seats[0]
    assert anna.bounds["win"][0] <= truth.win <= anna.bounds["win"][1]


def test_the_estimate_prefers_this_path_and_the_boss_unknown_keeps_the_enumeration():
    board, hands, dead, rest = deal(4, 0, 1)
    problem = OddsProblem(board=board, dead=dead, seats=(SeatHand(name="Anna", cards=hands[0]),),
                          boss=BossHand(known=tuple(rest[:2]), unknown=0))
    assert holdem.estimated_exact_seconds(problem, 47) < 10
    assert not holdem_known.applies(replace(problem, boss=BossHand(unknown=2)))
    assert not holdem_known.applies(replace(problem, bans_board_high_card=True))
