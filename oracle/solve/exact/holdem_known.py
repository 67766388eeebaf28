"""Exact Hell of a Deal odds when none of the Boss's cards is hidden: each runout ranked once.

With every Boss card known (his hole cards revealed, or ``boss_cards: all``), a deal is just a
runout of the Community board. Every runout is built at once as an array of card codes and
each hand is ranked on it by ``oracle.eval.batch.selection_strengths`` (the compiled selection
rule: the player's minimum and maximum of hand cards, the Boss's fixed bans, tolls paid for,
wild ranks), then compared with the Boss's played hand exactly as ``holdem`` compares them.

It applies only where those bans are the same on every board (not under Eenie Meanie, whose
ban follows each board's high card) and the compiled kernels are available; elsewhere
``holdem`` enumerates as before. The tests check it against that enumeration.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from itertools import islice
from typing import Callable, Sequence

from oracle.budget import Budget
from oracle.cards import Card
from oracle.solve.exact.holdem_problem import OddsProblem, SeatHand
from oracle.solve.exact.subsets import combination_rows

# Runouts ranked a block at a time: the time limit is checked and progress reported between
# blocks, and memory stays in the tens of megabytes.
BLOCK_RUNOUTS = 50_000
WORKERS = 2
# Measured on the benchmark machine (2 cores, bench/bench_hod_odds.py), for choosing exact or
# sampled: per runout and five-card split ranked (``_plain_best``), and per runout and hand
# ranked by the general selection kernel (bans, tolls, wild cards).
SPLIT_SECONDS = 20e-9
SELECTION_SECONDS = 1.3e-6

Progress = Callable[[int, int], None]


def applies(problem: OddsProblem) -> bool:
    from oracle.eval.batch import backend

    return (problem.boss.unknown == 0 and not problem.bans_board_high_card
            and any(not s.folded for s in problem.seats) and backend() == "numba")


def _splits(own: int, fewest: int, most: int, width: int) -> int:
    return sum(math.comb(own, j) * math.comb(width, 5 - j) for j in range(fewest, min(most, own, 5) + 1))


def estimated_seconds(problem: OddsProblem, unseen: int) -> float:
    runouts = math.comb(unseen, problem.board_size - len(problem.board))
    own = len(problem.boss.known)
    most = own if problem.boss.max_used is None else min(problem.boss.max_used, own)
    per_runout = (_splits(own, 1, max(1, most), problem.board_size) * SPLIT_SECONDS if not problem.ruleset.has_wilds
                  else SELECTION_SECONDS)
    for seat in problem.seats:
        if seat.folded:
            continue
        if _plain(problem, seat):
            per_runout += _splits(len(seat.cards), seat.min_private, seat.max_private, problem.board_size) * SPLIT_SECONDS
        else:
            per_runout += SELECTION_SECONDS
    return runouts * per_runout


def _plain(problem: OddsProblem, seat: SeatHand) -> bool:
    """Whether no rank is banned, tolled or wild for this player: the quick five-card path."""
    tolls = seat.toll_budget is not None and bool(problem.tolled_ranks)
    return not tolls and not problem.banned_ranks and not problem.ruleset.with_wild_ranks(seat.wild_ranks).has_wilds


def _repeat(codes: Sequence[int], rows: int):
    import numpy as np

    return np.ascontiguousarray(np.broadcast_to(np.array(codes, dtype=np.int32).reshape(1, -1),
                                                (rows, len(codes))))


def _plain_best(private: Sequence[int], boards, ruleset, fewest: int, most: int):
    """The best strength of a five-card hand taking ``fewest`` to ``most`` of the ``private``
    cards and the rest from each board row: ``selection_strengths`` where no rank is banned or
    tolled and no card wild, done as the 5-card batch kernel over every such split (several
    times quicker than the general selection kernel)."""
    import numpy as np

    from itertools import combinations

    from oracle.eval.batch import strengths

    rows, width = boards.shape
    splits = [(mine, theirs) for j in range(fewest, min(most, len(private), 5) + 1) if 5 - j <= width
              for mine in combinations(private, j) for theirs in combinations(range(width), 5 - j)]
    # One contiguous (rows, 5) block a split, filled a column at a time: several times quicker
    # than interleaving the splits of a row.
    hands = np.empty((len(splits), rows, 5), dtype=np.int32)
    for i, (mine, theirs) in enumerate(splits):
        for column, code in enumerate(mine):
            hands[i, :, column] = code
        for column, source in enumerate(theirs, start=len(mine)):
            hands[i, :, column] = boards[:, source]
    return strengths(hands.reshape(-1, 5), ruleset).reshape(len(splits), rows).max(axis=0)


def _seat_strengths(problem: OddsProblem, seat: SeatHand, boards):
    from oracle.eval.batch import selection_strengths
    from oracle.eval.select import Limits

    tolls = seat.toll_budget is not None and bool(problem.tolled_ranks)
    ruleset = problem.ruleset.with_wild_ranks(seat.wild_ranks)
    if _plain(problem, seat):
        return _plain_best([c.code for c in seat.cards], boards, ruleset, seat.min_private, seat.max_private)
    limits = Limits(min_private=seat.min_private, max_private=seat.max_private, banned_ranks=problem.banned_ranks,
                    tolled_ranks=problem.tolled_ranks if tolls else frozenset(),
                    max_tolled=seat.toll_budget if tolls else None)
    private = _repeat([c.code for c in seat.cards], boards.shape[0])
    return selection_strengths(private, boards, ruleset, limits)


def _boss_strengths(problem: OddsProblem, boards):
    """The Boss's best with 1 to ``max_used`` of his own cards, bound by no player's restriction."""
    from oracle.eval.batch import selection_strengths
    from oracle.eval.select import Limits

    own = len(problem.boss.known)
    most = own if problem.boss.max_used is None else min(problem.boss.max_used, own)
    if not problem.ruleset.has_wilds:
        return _plain_best([c.code for c in problem.boss.known], boards, problem.ruleset, 1, max(1, most))
    private = _repeat([c.code for c in problem.boss.known], boards.shape[0])
    return selection_strengths(private, boards, problem.ruleset, Limits(min_private=1, max_private=max(1, most)))


def exact_counts(problem: OddsProblem, unseen: Sequence[Card], progress: Progress | None, budget: Budget):
    """(joint outcome counts, deals counted, runouts done, runouts in all), the joint as
    ``holdem.add_joint`` builds it; stops between blocks when the budget runs out."""
    import numpy as np

    from oracle.solve.exact.holdem import _default_high, add_joint, boss_plays, outcome_codes

    to_come = problem.board_size - len(problem.board)
    picks = combination_rows(len(unseen), to_come)
    deck = np.array([c.code for c in unseen], dtype=np.int32)
    fixed = [c.code for c in problem.board]
    live = [s for s in problem.seats if not s.folded]
    joint = np.zeros(3 ** len(live), dtype=np.int64)
    default_high = _default_high(problem)
    total = picks.shape[0]

    def count(first: int):
        """The joint outcome counts over the runouts of one block (run on a worker thread:
        the kernels and numpy release the interpreter lock)."""
        block = picks[first:first + BLOCK_RUNOUTS]
        boards = np.ascontiguousarray(np.concatenate([_repeat(fixed, block.shape[0]), deck[block]], axis=1))
        played, uses_default = boss_plays(problem, _boss_strengths(problem, boards))
        ceiling = np.where(uses_default, default_high if default_high is not None else played, played)
        codes = [outcome_codes(_seat_strengths(problem, s, boards), played, ceiling) for s in live]
        part = np.zeros(len(joint), dtype=np.int64)
        add_joint(part, codes, None)
        return block.shape[0], part

    done = 0
    starts = iter(range(0, total, BLOCK_RUNOUTS))
    with ThreadPoolExecutor(WORKERS) as pool:
        running = [pool.submit(count, first) for first in islice(starts, WORKERS)]
        while running:
            rows, part = running.pop(0).result()
            joint += part
            done += rows
            if progress is not None:
                progress(done, total)
            following = next(starts, None)
            if following is not None and not budget.expired():
                running.append(pool.submit(count, following))
    # Blocks finish in order, so the runouts counted are the first ``done`` ones.
    return joint, done, done, total
