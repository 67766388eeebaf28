"""Exact Hell of a Deal odds with the Boss's hole cards face down, by counting (before the
Flop, and on the Flop and the Turn, whose cards fix part of every board).

Before the Flop every board of five unseen cards meets every Boss hand from the cards left:
C(49,5) x C(44,2) = 1.8 billion deals for a Boss with two hole cards, 25 billion with three.
They are counted, not dealt, from two facts of the Showdown Phase ("You must use one of your
hole cards and MAY use two"; the Boss uses 1 or 2 of his cards, all 3 for Nick Hauss and The
Devil Himself):

- A flush needs five cards of one suit, so a player (at most two hand cards) flushes only on
  a board showing three or more of a suit, and a Boss using at most ``m`` cards only on a
  board showing ``5 - m`` or more. Leaving flushes aside, each hand's strength depends on ranks
  alone. So the deals are first counted by rank multisets: the boards of each rank multiset
  (how many: a product of binomials of the unseen cards of each rank), the Boss hands of each
  rank multiset left beside it (likewise), and the Boss's best hand from ranks alone for each
  pair (a fixed table, ``holdem_hidden_tables``).
- Then the flushes are put right, suit by suit, on the boards showing enough of a suit (grouped
  by that suit's ranks on the board and the board's rank multiset): where a player flushes,
  those boards' deals are counted again with the player's true strength; each Boss hand holding
  enough cards of the suit moves from its rank-only strength to the better of that and its
  flush. A Boss hand of at most three cards can flush in only one suit, so nothing is counted
  twice. Suits the position cannot tell apart are worked once and counted for each.

The players' strengths come from the solver's own ranking of one board of each kind (so bans,
Eenie Meanie's included, are applied as everywhere else); the Boss's default hand and the
comparison are ``holdem``'s ``boss_plays`` and ``outcome_codes``, restated per deal. It
applies before the River with none of the Boss's cards known, no wild cards or tolls, and no
player able to flush with only two cards of the board; elsewhere ``holdem`` enumerates as
before. The tests check it against that enumeration.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from itertools import combinations
from typing import Sequence

from oracle.cards import RANKS, SUITS, Card
from oracle.solve.exact.holdem_problem import OddsProblem, SeatHand
from oracle.solve.exact.subsets import binomial_table

KERNELS = "oracle.solve.exact.holdem_hidden_kernels"
WORKERS = 2
# Measured on the benchmark machine (2 cores, bench/bench_hod_odds.py, under load), to choose
# exact or sampled, by the Boss's hidden cards: for one player, about 0.5 s with two and 2.4 s
# with three, warm (the first call in a process reads the tables and takes about a second more).
SECONDS = {1: 1.0, 2: 1.5, 3: 4.0}


def _live(problem: OddsProblem) -> list[SeatHand]:
    return [s for s in problem.seats if not s.folded]


def applies(problem: OddsProblem) -> bool:
    from oracle.eval.batch import backend

    boss = problem.boss
    if len(problem.board) > 4 or problem.board_size != 5 or boss.known or not 1 <= boss.unknown <= 3:
        return False
    if problem.ruleset.has_wilds or problem.tolled_ranks or backend() != "numba":
        return False
    live = _live(problem)
    if not live or len(live) > 6:
        return False
    for seat in live:
        if seat.wild_ranks or seat.min_private < 1 or seat.min_private > seat.max_private:
            return False
        # A player who may flush with two cards of the board is not counted here.
        if any(min(seat.max_private, sum(c.suit == suit for c in seat.cards)) >= 3 for suit in SUITS):
            return False
    return True


def estimated_seconds(problem: OddsProblem, unseen: int) -> float:
    street = 1.0 if not problem.board else 0.25  # the Flop and the Turn: far fewer boards
    return SECONDS[problem.boss.unknown] * street * len(_live(problem)) ** 0.5


def _boss_uses(problem: OddsProblem) -> int:
    k = problem.boss.unknown
    return k if problem.boss.max_used is None else max(1, min(problem.boss.max_used, k))


@lru_cache(maxsize=None)
def _binomials():
    """``binom[n, k]`` for n up to 63 and k up to 7 (zero when k > n), one table a process."""
    return binomial_table(63, 7)


def _rules(problem: OddsProblem):
    """The default-hand row ``joint_code`` reads: has one, its strength, its highest tie,
    whether a tie with it prefers his cards."""
    import numpy as np

    from oracle.eval import strength
    from oracle.solve.exact.holdem_problem import default_band

    boss = problem.boss
    if boss.default_hand is None:
        return np.zeros(4, dtype=np.int64)
    low, high = default_band(strength(list(boss.default_hand), problem.ruleset))
    return np.array([1, low, high, int(boss.tie_prefers == "cards")], dtype=np.int64)


def _grid(cards: Sequence[Card]):
    """Whether each (rank, suit) card is among ``cards``, a (13, 4) array."""
    import numpy as np

    grid = np.zeros((13, 4), dtype=np.int64)
    for card in cards:
        grid[RANKS.index(card.rank), SUITS.index(card.suit)] = 1
    return grid


def _deck(unseen: Sequence[Card]):
    """(a, u): unseen cards of each rank, and whether each (rank, suit) card is unseen."""
    u = _grid(unseen)
    return u.sum(axis=1), u


def _board_and_boss_counts(a, fx, k: int):
    """(boards of each rank multiset, Boss hands of each rank multiset beside each)."""
    import numpy as np

    from oracle.eval.jit import kernels
    from oracle.solve.exact.holdem_hidden_tables import board_sets, own_sets

    boards, _ = board_sets()
    owns, _ = own_sets(k)
    n_boards = np.zeros(boards.shape[0], dtype=np.int64)
    weights = np.zeros((boards.shape[0], owns.shape[0]), dtype=np.int64)
    kernels(KERNELS).rank_counts(boards, owns, a, fx.sum(axis=1), _binomials(), n_boards, weights)
    return n_boards, weights


def _codes_table():
    import numpy as np

    table = np.zeros((13, 4), dtype=np.int32)
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            table[r, s] = Card(rank, suit).code
    return table


def _seat_strengths(problem: OddsProblem, seat: SeatHand, unseen, ranks, suits):
    """The seat's best on each board (rank and suit index arrays), as the solver ranks it."""
    import numpy as np

    if problem.bans_board_high_card:
        from oracle.solve.exact.holdem import Deck, player_strengths

        banned = Deck(problem, unseen).banned(ranks)
        return player_strengths(problem, seat, ranks, np.left_shift(1, suits), banned)
    from oracle.solve.exact.holdem_known import _seat_strengths as ranked

    boards = np.ascontiguousarray(_codes_table()[ranks, suits])
    return ranked(problem, seat, boards)


def _rank_only_boards(problem: OddsProblem, u, needed):
    """(rows, ranks, suits): for each rank multiset some board has (``needed``), a board of it
    showing no suit more than twice, from unseen cards where it can be, else from any cards no
    player holds (a player's strength there is the same: ranks alone); None if there is none."""
    import numpy as np

    from oracle.eval.jit import kernels
    from oracle.solve.exact.holdem_hidden_tables import board_sets

    module = kernels(KERNELS)
    rows = np.flatnonzero(needed)
    boards = np.ascontiguousarray(board_sets()[0][rows])
    suits = np.zeros(boards.shape, dtype=np.int64)
    module.rep_boards(boards, (u | _grid(problem.board)).astype(np.bool_), suits)
    missing = suits[:, 0] < 0
    if missing.any():
        free = np.ones((13, 4), dtype=np.bool_)
        for seat in problem.seats:
            for card in seat.cards:
                free[RANKS.index(card.rank), SUITS.index(card.suit)] = False
        again = np.zeros((int(missing.sum()), 5), dtype=np.int64)
        module.rep_boards(np.ascontiguousarray(boards[missing]), free, again)
        if (again[:, 0] < 0).any():
            return None
        suits[missing] = again
    return rows, boards, suits


@lru_cache(maxsize=None)
def _masks(b: int):
    """Every set of ``b`` ranks as a 13-bit mask."""
    import numpy as np

    return np.array([sum(1 << r for r in c) for c in combinations(range(13), b)], dtype=np.int64)


def suit_classes(problem: OddsProblem) -> list[list[int]]:
    """The suits in classes that swapping two suits of one class maps the whole position to
    itself (the same ranks of each in every hand, on the board and in the discards), so that
    their flush corrections are equal: each class's first suit is counted for all of them."""
    places = [seat.cards for seat in problem.seats] + [problem.dead, problem.board, problem.boss.known]
    marks = []
    for suit in SUITS:
        marks.append(tuple(tuple(sorted(RANKS.index(c.rank) for c in cards if c.suit == suit)) for cards in places))
    classes: dict[tuple, list[int]] = {}
    for s, mark in enumerate(marks):
        classes.setdefault(mark, []).append(s)
    return list(classes.values())


def _tasks(problem: OddsProblem, k: int, m: int, u, for_players: bool, suits=range(4)):
    """(suit, mask of its ranks on the board, how many) rows for ``suits``: with ``for_players``
    those where a player may flush, else every one where a player or the Boss may."""
    import numpy as np

    live = _live(problem)
    parts = [np.zeros((0, 3), dtype=np.int64)]
    for s in suits:
        suit = SUITS[s]
        held = [min(seat.max_private, sum(c.suit == suit for c in seat.cards)) for seat in live]
        unseen_mask = sum(1 << r for r in range(13) if u[r, s])
        fixed_mask = sum(1 << RANKS.index(c.rank) for c in problem.board if c.suit == suit)
        for b in range(max(2, bin(fixed_mask).count("1")), 6):
            player = any(h >= max(1, 5 - b) for h in held) and b >= 3
            boss = 5 - b <= m
            if not (player if for_players else (player or boss)):
                continue
            masks = _masks(b)
            masks = masks[((masks & ~(unseen_mask | fixed_mask)) == 0) & ((masks & fixed_mask) == fixed_mask)]
            parts.append(np.stack([np.full(len(masks), s), masks, np.full(len(masks), b)], axis=1))
    table = np.concatenate(parts).astype(np.int64)
    # Interleaved, so that the two threads get even shares.
    return np.ascontiguousarray(table[np.argsort(np.arange(len(table)) % WORKERS, kind="stable")])


def _player_keys(problem: OddsProblem, k: int, m: int, unseen, a, u, fx):
    """(sorted key codes, players' strengths on each key's boards): the flush keys on which a
    player may flush, a board of each ranked by the solver."""
    import numpy as np

    from oracle.eval.jit import kernels
    from oracle.solve.exact.holdem_hidden_tables import board_sets, small_sets

    module = kernels(KERNELS)
    boards, index = board_sets()
    msets, starts = small_sets()
    tasks = _tasks(problem, k, m, u, for_players=True)
    live = _live(problem)
    if not tasks.shape[0]:
        return np.zeros(0, dtype=np.int64), np.zeros((0, len(live)), dtype=np.int64)
    bound = int(sum(starts[6 - b] - starts[5 - b] for b in tasks[:, 2]))
    codes = np.zeros(bound, dtype=np.int64)
    rows = np.zeros(bound, dtype=np.int64)
    owner = np.zeros(bound, dtype=np.int64)
    n = module.list_keys(tasks, a, u, fx, _binomials(), msets, starts, index, boards.shape[0], codes, rows, owner)
    order = np.argsort(codes[:n], kind="stable")
    codes, rows, owner = codes[:n][order], rows[:n][order], owner[:n][order]
    ranks = np.zeros((n, 5), dtype=np.int64)
    suits = np.zeros((n, 5), dtype=np.int64)
    module.key_boards(tasks, owner, rows, msets, u | fx, ranks, suits)
    strengths = np.zeros((n, len(live)), dtype=np.int64)
    for j, seat in enumerate(live):
        strengths[:, j] = _seat_strengths(problem, seat, unseen, ranks, suits)
    return codes, strengths


def _split(fn, count: int):
    """``fn(first, last, out)`` over ``WORKERS`` even shares of ``range(count)`` on threads
    (the kernels release the interpreter lock); the sum of the ``out`` arrays."""
    import numpy as np

    edges = np.linspace(0, count, WORKERS + 1).astype(int)
    with ThreadPoolExecutor(WORKERS) as pool:
        jobs = [pool.submit(fn, int(lo), int(hi)) for lo, hi in zip(edges[:-1], edges[1:])]
        return sum(job.result() for job in jobs)


def exact_counts(problem: OddsProblem, unseen: Sequence[Card]):
    """(joint outcome counts as ``holdem.add_joint`` builds them, deals, boards) or None when
    some rank multiset has no board to rank the players on (then ``holdem`` enumerates)."""
    import numpy as np

    from oracle.eval.jit import compiling, kernels
    from oracle.solve.exact.holdem_hidden_tables import board_sets, boss_rank_table, own_sets, small_sets

    module = kernels(KERNELS)
    k, m = problem.boss.unknown, _boss_uses(problem)
    live = _live(problem)
    a, u = _deck(unseen)
    fx = _grid(problem.board)
    boards, index = board_sets()
    msets, starts = small_sets()
    _, own_index = own_sets(k)
    with compiling(KERNELS, "key_counts", "Preparing the odds count with the Boss's cards face down (once per machine)"):
        table = boss_rank_table(k, m)
        n_boards, weights = _board_and_boss_counts(a, fx, k)
        plain = _rank_only_boards(problem, u, n_boards > 0)
        if plain is None:
            return None
        rows, ranks, suits = plain
        rank_only = np.zeros((boards.shape[0], len(live)), dtype=np.int64)
        for j, seat in enumerate(live):
            rank_only[rows, j] = _seat_strengths(problem, seat, unseen, ranks, suits)
        keys, flushing = _player_keys(problem, k, m, unseen, a, u, fx)
        players = np.ascontiguousarray(np.concatenate([rank_only, flushing], axis=0))
        rules = _rules(problem)
        size = 3 ** len(live)

        def base(first, last):
            out = np.zeros(size, dtype=np.int64)
            module.base_counts(first, last, n_boards, weights, table, players, rules, out)
            return out

        joint = _split(base, boards.shape[0])
        for times in sorted({len(c) for c in suit_classes(problem)}):
            tasks = _tasks(problem, k, m, u, False, [c[0] for c in suit_classes(problem) if len(c) == times])

            def flushes(first, last):
                out = np.zeros(size, dtype=np.int64)
                module.key_counts(tasks, first, last, k, m, a, u, fx, _binomials(), msets, starts, index, own_index,
                                  weights, table, players, keys, boards.shape[0], rules, out)
                return out

            joint = joint + times * _split(flushes, tasks.shape[0])
    n, to_come = len(unseen), 5 - len(problem.board)
    return joint, math.comb(n, to_come) * math.comb(n - to_come, k), math.comb(n, to_come)
