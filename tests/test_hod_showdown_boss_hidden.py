"""Hell of a Deal, Showdown Phase, with the Boss's hole cards face down before the Flop (and on
the Flop and the Turn): the counting of ``oracle.solve.exact.holdem_hidden`` (rank multisets, then flushes put right suit
by suit) against the enumeration of every (board, Boss hand) deal and against plain loops over
the engine's ``best_selection`` / ``boss_play``, on short decks (the dead cards are the discard
pile) chosen so that flushes are common; its pieces against the evaluator."""

from __future__ import annotations

import math
import random
from itertools import combinations, combinations_with_replacement

import pytest

from oracle.budget import Budget
from oracle.cards import RANKS, SUITS, Card, full_deck, parse_cards
from oracle.eval import HELL_OF_A_DEAL
from oracle.eval.batch import backend
from oracle.eval.select import Limits, best_selection
from oracle.eval.strength import rank_strength
from oracle.solve.exact import holdem_hidden
from oracle.solve.exact.holdem import BossHand, OddsProblem, SeatHand, _enumerate, compute_odds, unseen_cards

from test_hod_solver_odds import brute_force  # tests/ is on sys.path (rootdir-less "prepend" import)

pytestmark = pytest.mark.skipif(backend() != "numba", reason="the counting runs in compiled kernels")


def C(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def kernels():
    from oracle.eval.jit import kernels as load

    return load(holdem_hidden.KERNELS)


def short_deck(hands: list[str], unseen: str, *, k: int = 2, m: int | None = 2, default: str | None = "Q Q T T",
               tie_prefers: str = "default", **extra) -> OddsProblem:
    """Players holding ``hands``, every card neither held nor in ``unseen`` in the discard pile."""
    seats = tuple(SeatHand(name=f"P{i + 1}", cards=C(h), souls_if_won=1) for i, h in enumerate(hands))
    keep = {*C(unseen), *(c for s in seats for c in s.cards)}
    dead = tuple(c for c in full_deck() if c not in keep)
    boss = BossHand(unknown=k, max_used=m, default_hand=C(default) if default else None, tie_prefers=tie_prefers,
                    soul_penalty=4 if k == 3 else 2)
    return OddsProblem(board=(), seats=seats, boss=boss, dead=dead, **extra)


def random_deck(seed: int, players: int, unseen: int, **boss) -> OddsProblem:
    """A random short deck weighted to two suits, so that boards show three or more of a suit."""
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    heavy = set(rng.sample(SUITS, 2))
    deck.sort(key=lambda c: (c.suit not in heavy, rng.random()))
    hands = [" ".join(str(c) for c in deck[3 * i:3 * i + 3]) for i in range(players)]
    rest = deck[3 * players:]
    chosen = rest[:unseen]
    return short_deck(hands, " ".join(str(c) for c in chosen), **boss)


def counted(problem: OddsProblem):
    assert holdem_hidden.applies(problem)
    joint, deals, _ = holdem_hidden.exact_counts(problem, unseen_cards(problem))
    return tuple(int(x) for x in joint), deals


def enumerated(problem: OddsProblem):
    result = _enumerate(problem, unseen_cards(problem), None, Budget())
    return result.joint, result.deals


# ---------------------------------------------------------------------------------------
# The pieces: the rank-only hand, the flush, the Boss's rank table.


def test_poker_hand_rankings_rank_only_hand_equals_the_evaluator_for_every_five_ranks():
    module = kernels()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        assert module.rank_hand(*ranks) == rank_strength([r + 2 for r in ranks]), ranks


def test_poker_hand_rankings_flush_value_is_the_best_suited_five_with_one_to_m_own_cards():
    module = kernels()
    rng = random.Random(5)
    for _ in range(3000):
        b = rng.randint(2, 5)
        board = rng.sample(range(13), b)
        own = rng.sample([r for r in range(13) if r not in board], rng.randint(1, 3))
        lo = max(1, 5 - b)
        hi = rng.randint(lo, 3) if lo <= 3 else lo
        hi = min(hi, len(own))
        if lo > hi:
            continue
        best = 0
        for j in range(lo, hi + 1):
            for mine in combinations(own, j):
                for theirs in combinations(board, 5 - j):
                    best = max(best, rank_strength([r + 2 for r in (*mine, *theirs)], flush=True))
        got = module.flush_value(sum(1 << r for r in board), sum(1 << r for r in own), lo, hi)
        assert got == best, (board, own, lo, hi)


@pytest.mark.parametrize("k,m", [(2, 2), (3, 3), (3, 2)])
def test_showdown_the_boss_rank_table_is_best_selection_with_one_to_m_of_his_cards(k, m):
    from oracle.solve.exact.holdem_hidden_tables import board_sets, boss_rank_table, own_sets

    boards, _ = board_sets()
    owns, _ = own_sets(k)
    table = boss_rank_table(k, m)
    rng = random.Random(k * 10 + m)
    checked = 0
    while checked < 400:
        i, q = rng.randrange(boards.shape[0]), rng.randrange(owns.shape[0])
        ranks = [*boards[i], *owns[q]]
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        # Real cards of those ranks, suits dealt round so that no five share a suit.
        used: dict[int, int] = {}
        cards = []
        for n, r in enumerate(ranks):
            suit = (used.get(r, -1) + 1) if r in used else n % 4
            while any(c.rank == RANKS[r] and c.suit == SUITS[suit % 4] for c in cards):
                suit += 1
            used[r] = suit
            cards.append(Card(RANKS[r], SUITS[suit % 4]))
        if any(sum(c.suit == s for c in cards) >= 5 for s in SUITS):
            continue
        expected = best_selection(cards[5:], cards[:5], HELL_OF_A_DEAL, Limits(min_private=1, max_private=m)).strength
        assert table[i, q] == expected, (ranks, m)
        checked += 1


# ---------------------------------------------------------------------------------------
# The counts against the enumeration and plain loops.


CASES = [
    # (seed, players, unseen cards, Boss settings)
    (1, 1, 24, dict(k=2, m=2)),
    (2, 2, 24, dict(k=2, m=2, default=None)),
    (3, 1, 22, dict(k=2, m=2, default="7 7", tie_prefers="cards")),
    (4, 3, 22, dict(k=2, m=2, default="A A")),
    (5, 1, 18, dict(k=3, m=None, default="A A K K")),
    (6, 2, 18, dict(k=3, m=None, default="K K")),
    (7, 1, 18, dict(k=3, m=2)),
    (8, 2, 24, dict(k=1, m=1, default="J J")),
    (9, 2, 22, dict(k=2, m=2, default="Q Q", bans_board_high_card=True)),
    (10, 1, 18, dict(k=3, m=None, default="9 9", bans_board_high_card=True)),
    (11, 2, 22, dict(k=2, m=2, banned_ranks=frozenset({RANKS[11]}))),
]


@pytest.mark.parametrize("seed,players,unseen,boss", CASES)
def test_showdown_compare_hands_counted_deals_equal_every_deal_enumerated(seed, players, unseen, boss):
    problem = random_deck(seed, players, unseen, **boss)
    joint, deals = counted(problem)
    assert deals == math.comb(unseen, 5) * math.comb(unseen - 5, problem.boss.unknown)
    assert sum(joint) == deals
    assert (joint, deals) == enumerated(problem)


@pytest.mark.parametrize("hands,unseen,boss", [
    # Two hearts in hand: the player flushes on three hearts; the Boss on three (two cards) or two (three).
    (["Ah 9h 3c"], "Kh Qh Th 8h 6h 5h 4h Ks 7s 2s Jd 6c", dict(k=2, m=2)),
    (["Ah 9h 3c", "Js 8s 2d"], "Kh Qh Th 8h 6h 5h Ks 7s 4s Jd 6c", dict(k=3, m=None, default="T T")),
    # A player with two spades, the Boss with three cards: a board of two hearts and three spades.
    (["Ks Ts 4d"], "Ah Kh Qh 9h 5h As Qs 8s 6s 3s 2c", dict(k=3, m=None, default=None)),
])
def test_showdown_phase_counted_deals_equal_plain_loops_over_the_engine(hands, unseen, boss):
    problem = short_deck(hands, unseen, **boss)
    joint, deals = counted(problem)
    live = [s.name for s in problem.seats]
    expected = brute_force(problem)
    for i, name in enumerate(live):
        got = [0, 0, 0]
        for code, count in enumerate(joint):
            got[(code // 3 ** i) % 3] += count
        assert tuple(got) == expected[name], name
    assert (joint, deals) == enumerated(problem)


@pytest.mark.parametrize("hands,unseen,boss", [
    # Spades and diamonds hold the same ranks everywhere: their flushes are counted once, twice over.
    (["Ah 9h 3c"], "Ks Qs Ts 8s 5s 4s 2s Kd Qd Td 8d 5d 4d 2d Jh 7h 6h 2h Jc 9c 6c 4c", dict(k=2, m=2)),
    (["Ah 9h 3c", "Jh 4c 2c"], "Ks Qs Ts 8s 5s 2s Kd Qd Td 8d 5d 2d 7h 6h 3h 8c 6c 5c", dict(k=3, m=None)),
    # Three suits alike (the player holds only hearts).
    (["Ah 9h 3h"], "Ks Qs 8s 5s 2s Kd Qd 8d 5d 2d Kc Qc 8c 5c 2c Jh Th 4h", dict(k=3, m=None, default="T T")),
])
def test_showdown_interchangeable_suits_counted_once_equal_every_deal_enumerated(hands, unseen, boss):
    problem = short_deck(hands, unseen, **boss)
    assert max(len(c) for c in holdem_hidden.suit_classes(problem)) >= 2
    assert counted(problem) == enumerated(problem)


def test_showdown_a_folded_player_loses_and_the_others_are_counted_together():
    from dataclasses import replace

    # Ben folds; Anna and Cara hold two cards of different suits, each flushing on its own boards.
    problem = short_deck(["Ah 9h 3c", "Kd 7d 2s", "Qs 8s 4c"],
                         "Kh Qh Th 8h 6h 5h Js Ts 9s 6s 3s Ad Qd 9d 2c 5c", k=3, m=None, default="Q Q")
    problem = replace(problem, seats=(problem.seats[0], replace(problem.seats[1], folded=True), problem.seats[2]))
    assert counted(problem) == enumerated(problem)
    result = compute_odds(problem, method="exact")
    assert result.seat("P2").folded and result.seat("P2").lose == 1.0
    assert [s.wins + s.pushes + s.losses for s in result.seats if not s.folded] == [result.deals] * 2


@pytest.mark.parametrize("seed", range(12))
def test_showdown_on_the_flop_and_the_turn_counted_deals_equal_every_deal_enumerated(seed):
    """The same count with the Flop (or the Turn) out: its cards fix part of every board."""
    rng = random.Random(100 + seed)
    deck = full_deck()
    rng.shuffle(deck)
    heavy = set(rng.sample(SUITS, 2))
    deck.sort(key=lambda c: (c.suit not in heavy, rng.random()))
    out = 3 + seed % 2
    k, m = [(2, 2), (3, None), (3, 2), (1, 1)][seed % 4]
    players = 1 + seed % 3
    seats = tuple(SeatHand(name=f"P{i + 1}", cards=tuple(deck[out + 3 * i:out + 3 * i + 3])) for i in range(players))
    dead = tuple(deck[out + 3 * players + 18 + seed % 5:])
    problem = OddsProblem(board=tuple(deck[:out]), seats=seats, dead=dead,
                          boss=BossHand(unknown=k, max_used=m, default_hand=C(["Q Q T T", "7 7", "A A K K"][seed % 3])),
                          bans_board_high_card=seed % 5 == 0)
    assert counted(problem) == enumerated(problem)


def test_showdown_the_flop_against_nick_hauss_counted_equals_the_enumeration_on_a_full_deck():
    problem = OddsProblem(board=C("Qd 8c 3s"), dead=C("Kc"), seats=(SeatHand(name="Anna", cards=C("Qh Qs 7d")),),
                          boss=BossHand(unknown=3, max_used=None, default_hand=C("K K"), soul_penalty=4))
    joint, deals = counted(problem)
    # The enumeration's counts (bench/hod-exact.scenario.yaml): every C(45, 2) x C(43, 3) deal.
    assert deals == 12_217_590 and joint == (11_158_784, 0, 1_058_806)


# ---------------------------------------------------------------------------------------
# Where it applies, and what the odds answer says.


def full_problem(**boss) -> OddsProblem:
    return OddsProblem(board=(), seats=(SeatHand(name="Anna", cards=C("Ah Kd 7c")),),
                       boss=BossHand(unknown=boss.get("k", 2), max_used=boss.get("m", 2),
                                     known=boss.get("known", ()), default_hand=C("Q Q T T")),
                       **{k: v for k, v in boss.items() if k not in ("k", "m", "known")})


def test_showdown_auto_counts_pre_flop_odds_with_the_boss_hidden_exactly():
    result = compute_odds(full_problem())
    assert result.method == "exact" and result.exact
    assert result.deals == math.comb(49, 5) * math.comb(44, 2) == 1_803_912_264
    # The enumeration's counts (bench/hod-exact.scenario.yaml, measured over eighteen minutes).
    anna = result.seat("Anna")
    assert (anna.wins, anna.pushes, anna.losses) == (685_659_651, 15_403_860, 1_102_848_753)
    assert any("counted by rank multisets" in note for note in result.notes)


def test_showdown_nick_hauss_using_all_three_hidden_cards_counted_equals_the_enumeration():
    problem = OddsProblem(board=(), seats=(SeatHand(name="Anna", cards=C("As 8h 5h")),),
                          boss=BossHand(unknown=3, max_used=None, default_hand=C("A A K K"), soul_penalty=4))
    result = compute_odds(problem)
    assert result.method == "exact" and result.deals == math.comb(49, 5) * math.comb(44, 3) == 25_254_771_696
    # The enumeration of every deal (73 minutes, measured once).
    anna = result.seat("Anna")
    assert (anna.wins, anna.pushes, anna.losses) == (5_061_281_278, 410_403_553, 19_783_086_865)


def test_showdown_cases_not_counted_fall_back_to_the_enumeration():
    wild = replace_seat(full_problem(), wild_ranks=frozenset({RANKS[5]}))
    sleeve = replace_seat(full_problem(), cards=C("Ah 9h 3h"), max_private=3)
    known = full_problem(k=1, known=C("2c"))
    river = OddsProblem(board=C("2c 3d 4h 9s Jd"), seats=full_problem().seats, boss=full_problem().boss)
    tolls = full_problem(tolled_ranks=frozenset({RANKS[0]}))
    for problem in (wild, sleeve, known, river, tolls):
        assert not holdem_hidden.applies(problem)
    # Up Your Sleeve with two suited cards only still flushes with three of the board: counted.
    assert holdem_hidden.applies(replace_seat(full_problem(), cards=C("Ah 9h 3c"), max_private=3))


def replace_seat(problem: OddsProblem, **changes) -> OddsProblem:
    from dataclasses import replace

    return replace(problem, seats=(replace(problem.seats[0], **changes),))
