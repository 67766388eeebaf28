"""Exact odds against the Boss in Hell of a Deal.

For every player still in, the probability to win, push and lose against the Boss, and the
expected change in Souls, over every unseen runout of the Community board and every set of
Boss hole cards consistent with what is known: the board, every player's cards listed in the
position, the face-up discard pile ("All cards in the discard are public information"), the
Boss's revealed hole cards and toll cards. A player's cards that the position does not list
are unseen and simply not in the deck we deal from: the deal is uniform over the unseen
cards, so cards held by someone else are exchangeable with cards in the deck.

The Boss plays as the game's ``boss_play`` says: the better of his default
minimum hand and his best hand using 1 to ``max_hole_used`` of his own cards (hole cards plus
The Boatman's toll cards); a player is compared with ``player_outcome`` (against the default
hand only the cards it lists count, so matching it is a push). The vectorised code here
restates those two functions over integer strengths; the tests check it deal by deal
against them.

Exact enumeration when the number of (runout, Boss hand) deals is small enough to finish
within ``exact_seconds`` (estimated from a measured rate); otherwise a seeded Monte Carlo
sample, reported with its size and a 95% confidence interval.
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations, islice
from typing import Callable, Sequence

from oracle.budget import Budget
from oracle.cards import Card
from oracle.errors import FieldError
from oracle.solve.exact.holdem_problem import (
    OUTCOMES,
    BossHand,
    OddsProblem,
    OddsResult,
    SeatHand,
    SeatOdds,
    _check,
    default_band,
    unseen_cards,
)

__all__ = ["OUTCOMES", "BossHand", "OddsProblem", "OddsResult", "SeatHand", "SeatOdds", "default_band",
           "unseen_cards", "compute_odds", "estimated_exact_seconds", "DEFAULT_SAMPLES", "MAX_SAMPLES"]

Progress = Callable[[int, int], None]

# Measured cost per (deal, Boss private subset) cell of the exact grid, in seconds, on a
# 2-core AMD EPYC (bench/bench_hod_odds.py); used only to choose exact or Monte Carlo.
CELL_SECONDS = 8e-8
# Measured cost per runout and hand ranked on it (each player's hand and the Boss's table
# gathers, done once per runout whatever the Boss's hidden cards): what dominates when few
# or none of his cards are hidden (bench/bench_hod_odds.py, "preflop-boss-known").
RUNOUT_SECONDS = 5e-6
# Work is done a block of runouts at a time: at most CHUNK_CELLS (runout, Boss hand) cells
# and CHUNK_RUNOUTS runouts, so memory stays in the tens of megabytes.
CHUNK_CELLS = 2_000_000
CHUNK_RUNOUTS = 5_000
DEFAULT_SAMPLES = 200_000
# The most samples a question may ask for: about two minutes of sampling on the benchmark
# machine, far past any time limit a question is given (a larger request is a typo).
MAX_SAMPLES = 10_000_000
# Samples are drawn a chunk at a time, the budget checked between chunks; the first chunk is
# small, so that even a question whose budget is nearly spent gets an answer at once.
FIRST_CHUNK = 2_000
CHUNK_SAMPLES = 50_000
Z95 = 1.959963984540054


# ---------------------------------------------------------------------------------------
# Vectorised pieces.


class Deck:
    """The unseen cards and the fixed cards as rank/suit arrays, to build deals by index."""

    def __init__(self, problem: OddsProblem, unseen: Sequence[Card]):
        import numpy as np

        from oracle.solve.exact.holdem_vector import card_arrays

        self.problem = problem
        self.cards = list(unseen)
        ranks, suits = card_arrays([self.cards]) if self.cards else (np.zeros((1, 0), int),) * 2
        self.ranks, self.suits = ranks[0], suits[0]
        self.board_ranks, self.board_suits = card_arrays([problem.board]) if problem.board else (
            np.zeros((1, 0), dtype=np.int64), np.zeros((1, 0), dtype=np.int64))
        known = problem.boss.known
        self.known_ranks, self.known_suits = card_arrays([known]) if known else (
            np.zeros((1, 0), dtype=np.int64), np.zeros((1, 0), dtype=np.int64))

    def boards(self, picks):
        """(ranks, suits) of the boards completed by the unseen cards ``picks`` (rows, k)."""
        import numpy as np

        n = picks.shape[0]
        ranks = np.concatenate([np.broadcast_to(self.board_ranks, (n, self.board_ranks.shape[1])),
                                self.ranks[picks]], axis=1)
        suits = np.concatenate([np.broadcast_to(self.board_suits, (n, self.board_suits.shape[1])),
                                self.suits[picks]], axis=1)
        return ranks, suits

    def boss_privates(self, picks):
        import numpy as np

        n = picks.shape[0]
        ranks = np.concatenate([np.broadcast_to(self.known_ranks, (n, self.known_ranks.shape[1])),
                                self.ranks[picks]], axis=1)
        suits = np.concatenate([np.broadcast_to(self.known_suits, (n, self.known_suits.shape[1])),
                                self.suits[picks]], axis=1)
        return ranks, suits

    def banned(self, board_ranks):
        """(rows, 13) values the players may not use on each board: the Boss's fixed bans
        and, under Eenie Meanie, "The current High Card of the Community board, as well as
        any cards of matching value" (Aces high: the largest rank index)."""
        import numpy as np

        from oracle.cards import RANKS

        rows = board_ranks.shape[0]
        banned = np.zeros((rows, 13), dtype=bool)
        for r in self.problem.banned_ranks:
            banned[:, RANKS.index(r)] = True
        if self.problem.bans_board_high_card and board_ranks.shape[1]:
            banned[np.arange(rows), board_ranks.max(axis=1)] = True
        return banned


def player_strengths(problem: OddsProblem, seat: SeatHand, board_ranks, board_suits, banned):
    """The player's best legal strength on each board (numpy array)."""
    import numpy as np

    from oracle.solve.exact.holdem_vector import best_strengths, card_arrays, encode_arrays

    ruleset = problem.ruleset.with_wild_ranks(seat.wild_ranks)
    tolled = problem.tolled_ranks if seat.toll_budget is not None else frozenset()
    rows = board_ranks.shape[0]
    pr, ps = card_arrays([seat.cards])
    board = encode_arrays(board_ranks, board_suits, ruleset, banned, tolled)
    private = encode_arrays(np.broadcast_to(pr, (rows, pr.shape[1])),
                            np.broadcast_to(ps, (rows, ps.shape[1])), ruleset, banned, tolled)
    return best_strengths(
        board,
        private,
        ruleset,
        min_private=seat.min_private,
        max_private=seat.max_private,
        outer=False,
        max_tolled=seat.toll_budget if tolled else None,
    )


def _boss_private_max(problem: OddsProblem) -> int:
    own = len(problem.boss.known) + problem.boss.unknown
    return own if problem.boss.max_used is None else min(problem.boss.max_used, own)


def _boss_strengths(problem: OddsProblem, board, private, outer: bool):
    """The Boss's best strength with his own cards; ``board`` and ``private`` are
    (ranks, suits) pairs. The Boss is bound by no player's restriction."""
    from oracle.solve.exact.holdem_vector import best_strengths, encode_arrays

    return best_strengths(
        encode_arrays(*board, problem.ruleset),
        encode_arrays(*private, problem.ruleset),
        problem.ruleset,
        min_private=1,
        max_private=max(1, _boss_private_max(problem)),
        outer=outer,
    )


def boss_plays(problem: OddsProblem, cards_strength):
    """(strength played, uses default) arrays from the strengths of his cards."""
    import numpy as np

    boss = problem.boss
    if boss.default_hand is None:
        return cards_strength, np.zeros(cards_strength.shape, dtype=bool)
    from oracle.eval import strength

    default = strength(list(boss.default_hand), problem.ruleset)
    low, high = default_band(default)
    if boss.tie_prefers == "cards":
        uses_cards = cards_strength >= low
    else:
        uses_cards = cards_strength > high
    return np.where(uses_cards, cards_strength, default), ~uses_cards


def outcome_counts(player, played, uses_default, default_high, valid):
    """(wins, pushes, losses) of player strengths against the Boss's played hands over the
    deals that ``valid`` marks possible (numpy broadcasting)."""
    import numpy as np

    ceiling = np.where(uses_default, default_high, played)
    wins = int((valid & (player > ceiling)).sum())
    losses = int((valid & (player < played)).sum())
    return wins, int(valid.sum()) - wins - losses, losses


def outcome_codes(player, played, ceiling):
    """Per deal 0 (win), 1 (push) or 2 (lose), as ``OUTCOMES`` lists them."""
    import numpy as np

    return np.where(player > ceiling, 0, np.where(player < played, 2, 1)).astype(np.int64)


def add_joint(joint, codes, valid) -> None:
    """Counts each deal's joint outcome: ``codes`` holds one code array per player still in,
    combined as a base-3 number (the first player's code the lowest digit)."""
    import numpy as np

    combined = np.zeros(np.broadcast(*codes).shape if codes else valid.shape, dtype=np.int64)
    for i, code in enumerate(codes):
        combined = combined + code * (3 ** i)
    chosen = combined[valid] if valid is not None else combined.ravel()
    joint += np.bincount(chosen, minlength=len(joint))


# ---------------------------------------------------------------------------------------
# Choosing the method.


# On the Flop and the Turn the enumeration of a few deals is quick and needs no compiled kernels
# (loading them takes a second or more in a fresh process): the count serves where the
# enumeration's estimate is above this.
COUNT_ABOVE_SECONDS = 1.0


def _counted(problem: OddsProblem, unseen: int) -> bool:
    """Whether the hidden-Boss count (``holdem_hidden``) answers this problem."""
    from oracle.solve.exact import holdem_hidden

    if problem.board and _enumeration_seconds(problem, unseen) <= COUNT_ABOVE_SECONDS:
        return False
    return holdem_hidden.applies(problem)


def estimated_exact_seconds(problem: OddsProblem, unseen: int) -> float:
    from oracle.solve.exact import holdem_hidden, holdem_known

    if _counted(problem, unseen):
        return holdem_hidden.estimated_seconds(problem, unseen)
    if holdem_known.applies(problem):
        return holdem_known.estimated_seconds(problem, unseen)
    return _enumeration_seconds(problem, unseen)


def _enumeration_seconds(problem: OddsProblem, unseen: int) -> float:
    to_come = problem.board_size - len(problem.board)
    runouts = math.comb(unseen, to_come)
    grid = runouts * math.comb(unseen, problem.boss.unknown)
    own = len(problem.boss.known) + problem.boss.unknown
    subsets = sum(math.comb(own, j) for j in range(1, _boss_private_max(problem) + 1))
    hands = 1 + sum(1 for s in problem.seats if not s.folded)
    return grid * subsets * CELL_SECONDS + runouts * hands * RUNOUT_SECONDS


def compute_odds(
    problem: OddsProblem,
    *,
    exact_seconds: float = 10.0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    method: str = "auto",
    progress: Progress | None = None,
    budget: Budget | None = None,
) -> OddsResult:
    """Win/push/lose odds and expected Souls for every player. ``method`` is "auto" (exact
    when the estimate is within ``exact_seconds`` and the time left), "exact" or
    "monte-carlo". With a ``budget`` the work stops when it runs out: sampling reports the
    samples drawn; an enumeration reports the deals counted and the bounds that the deals left
    hold the answer in (``exact: false``, ``bound_reached: "time_limit"``)."""
    unseen = unseen_cards(problem)
    _check(problem, unseen)
    if method not in ("auto", "exact", "monte-carlo"):
        raise FieldError(("method",), f"method must be auto, exact or monte-carlo, not {method!r}")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise FieldError(("samples",), f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, not {samples!r}")
    budget = budget or Budget()
    if method == "auto":
        # Decided by the question (its limit), not by the time left: the same answer anywhere.
        estimate = estimated_exact_seconds(problem, len(unseen))
        room = budget.seconds
        fits = estimate <= exact_seconds and (room is None or estimate <= room)
        method = "exact" if fits else "monte-carlo"
    if method == "exact":
        return _exact(problem, unseen, progress, budget)
    return _monte_carlo(problem, unseen, samples, seed, progress, budget)


def _seat_result(seat: SeatHand, wins: int, pushes: int, losses: int, penalty: int) -> SeatOdds:
    total = wins + pushes + losses
    win, push, lose = wins / total, pushes / total, losses / total
    return SeatOdds(
        name=seat.name,
        win=win,
        push=push,
        lose=lose,
        expected_souls=win * seat.souls_if_won - lose * penalty,
        wins=wins,
        pushes=pushes,
        losses=losses,
        folded=seat.folded,
    )


def _default_high(problem: OddsProblem) -> int | None:
    if problem.boss.default_hand is None:
        return None
    from oracle.eval import strength

    return default_band(strength(list(problem.boss.default_hand), problem.ruleset))[1]


def _exact(problem: OddsProblem, unseen: list[Card], progress: Progress | None, budget: Budget) -> OddsResult:
    from oracle.solve.exact import holdem_hidden, holdem_known

    room = budget.seconds
    # The count is not cut short: with less time left than it needs, the enumeration runs (and
    # stops at the limit with bounds).
    if _counted(problem, len(unseen)) and (room is None or holdem_hidden.estimated_seconds(problem, len(unseen)) <= room):
        counted = holdem_hidden.exact_counts(problem, unseen)
        if counted is not None:
            joint, deals, rows = counted
            if progress is not None:
                progress(rows, rows)
            note = (f"all {deals:,} deals counted by rank multisets, flushes put right suit by suit: "
                    "the Boss's cards are face down")
            return _from_joint(problem, unseen, joint, deals, rows, rows, note)
    if holdem_known.applies(problem):
        joint, deals, done, rows = holdem_known.exact_counts(problem, unseen, progress, budget)
        note = (f"each of the {rows:,} runouts ranked once: every Boss card is known")
        return _from_joint(problem, unseen, joint, deals, done, rows, note)
    return _enumerate(problem, unseen, progress, budget)


def _from_joint(problem: OddsProblem, unseen: list[Card], joint, deals: int, done: int, rows: int,
                note: str) -> OddsResult:
    """The result from joint outcome counts (player ``i``'s outcome the ``i``-th base-3 digit)."""
    live = [s for s in problem.seats if not s.folded]
    counts = {s.name: [0, 0, 0] for s in live}
    for code, count in enumerate(joint.tolist()):
        for i, seat in enumerate(live):
            counts[seat.name][(code // 3 ** i) % 3] += count
    n = len(unseen)
    to_come = problem.board_size - len(problem.board)
    result = _finish(problem, "exact", deals, counts, n, None, None)
    result = replace(result, joint=tuple(int(x) for x in joint), joint_names=tuple(s.name for s in live),
                     notes=(*result.notes, note))
    if done == rows:
        return result
    total = rows * math.comb(n - to_come, problem.boss.unknown)
    return _cut_short(problem, result, counts, deals, total, done, rows)


def _enumerate(problem: OddsProblem, unseen: list[Card], progress: Progress | None, budget: Budget) -> OddsResult:
    """Every (runout, Boss hand) pair ranked in numpy blocks."""
    import numpy as np

    deck = Deck(problem, unseen)
    to_come = problem.board_size - len(problem.board)
    n = len(unseen)
    hands = list(combinations(range(n), problem.boss.unknown))
    boss_idx = np.array(hands, dtype=np.int64).reshape(len(hands), problem.boss.unknown)
    bit = np.left_shift(np.uint64(1), np.arange(n, dtype=np.uint64))
    boss_masks = (np.bitwise_or.reduce(bit[boss_idx], axis=1) if problem.boss.unknown
                  else np.zeros(len(boss_idx), np.uint64))
    boss_private = deck.boss_privates(boss_idx)
    live = [s for s in problem.seats if not s.folded]
    default_high = _default_high(problem)
    counts = {s.name: [0, 0, 0] for s in live}
    joint = np.zeros(3 ** len(live), dtype=np.int64)
    deals = 0
    rows = math.comb(n, to_come)
    # Runouts are taken a chunk at a time so that memory stays bounded: at most about
    # CHUNK_CELLS (runout, Boss hand) cells, and at most CHUNK_RUNOUTS runouts (the Boss's
    # table gathers are runouts x board subsets x own-part keys).
    chunk = max(1, min(CHUNK_RUNOUTS, CHUNK_CELLS // max(1, len(boss_idx))))
    runs = combinations(range(n), to_come)
    done = 0
    while done < rows:
        if done and budget.expired():
            break
        block = list(islice(runs, chunk))
        run_idx = np.array(block, dtype=np.int64).reshape(len(block), to_come)
        run_masks = (np.bitwise_or.reduce(bit[run_idx], axis=1) if to_come
                     else np.zeros(len(run_idx), np.uint64))
        board_ranks, board_suits = deck.boards(run_idx)
        banned = deck.banned(board_ranks)
        cards_strength = _boss_strengths(problem, (board_ranks, board_suits), boss_private, outer=True)
        played, uses_default = boss_plays(problem, cards_strength)
        valid = (run_masks[:, None] & boss_masks[None, :]) == 0
        deals += int(valid.sum())
        high = default_high if default_high is not None else played
        ceiling = np.where(uses_default, high, played)
        codes = []
        for s in live:
            strength = player_strengths(problem, s, board_ranks, board_suits, banned)
            w, p, l = outcome_counts(strength[:, None], played, uses_default, high, valid)
            c = counts[s.name]
            c[0] += w
            c[1] += p
            c[2] += l
            codes.append(outcome_codes(strength[:, None], played, ceiling))
        add_joint(joint, codes, valid)
        done += len(block)
        if progress is not None:
            progress(done, rows)
    # Every runout leaves n - to_come cards, of which the Boss's hidden ones are any set.
    total = rows * math.comb(n - to_come, problem.boss.unknown)
    result = replace(_finish(problem, "exact", deals, counts, n, None, None), joint=tuple(int(x) for x in joint),
                     joint_names=tuple(s.name for s in live))
    if done == rows:
        return result
    return _cut_short(problem, result, counts, deals, total, done, rows)


def _cut_short(problem: OddsProblem, result: OddsResult, counts, deals: int, total: int,
               done: int, rows: int) -> OddsResult:
    """An enumeration the time limit stopped: the figures over the deals counted, and for each
    the lowest and highest it can be once the ``total - deals`` deals not counted are known
    (they are not a sample: runouts are enumerated in order)."""
    left = total - deals
    penalty = problem.boss.soul_penalty
    seats = []
    for seat in result.seats:
        if seat.folded:
            seats.append(seat)
            continue
        w, p, l = counts[seat.name]
        bounds = {
            "win": (w / total, (w + left) / total),
            "push": (p / total, (p + left) / total),
            "lose": (l / total, (l + left) / total),
            "expected_souls": ((w * seat_souls(problem, seat.name) - (l + left) * penalty) / total,
                               ((w + left) * seat_souls(problem, seat.name) - l * penalty) / total),
        }
        seats.append(replace(seat, bounds=bounds))
    note = (f"time limit reached: {deals:,} of {total:,} deals enumerated ({done:,} of {rows:,} runouts, in "
            "order, so not a sample); each figure lies within its bounds")
    return replace(result, seats=tuple(seats), exact=False, bound_reached="time_limit", deals_total=total,
                   expected_team_souls=sum(s.expected_souls for s in seats),
                   notes=(*result.notes, note))


def seat_souls(problem: OddsProblem, name: str) -> int:
    return next(s.souls_if_won for s in problem.seats if s.name == name)


def _finish(problem, method, deals, counts, unseen, seed, souls_stats) -> OddsResult:
    """The result from the counts; with Monte Carlo, ``souls_stats`` holds per player and for
    the team (key ``None``) the sum and the sum of squares of the Souls over the samples."""
    penalty = problem.boss.soul_penalty
    seats = []
    for seat in problem.seats:
        if seat.folded:
            # "A Folded hand is considered a Losing Hand and suffers all the same penalties."
            seats.append(SeatOdds(name=seat.name, win=0.0, push=0.0, lose=1.0,
                                  expected_souls=-float(penalty), losses=deals, folded=True))
            continue
        w, p, l = counts[seat.name]
        odds = _seat_result(seat, w, p, l, penalty)
        if method == "monte-carlo":
            n = deals
            margin = max(Z95 * math.sqrt(x * (1 - x) / n) for x in (odds.win, odds.push, odds.lose))
            sd = _sample_sd(*souls_stats[seat.name], n)
            odds = replace(odds, margin=margin, souls_margin=Z95 * sd / math.sqrt(n))
        seats.append(odds)
    team = sum(s.expected_souls for s in seats)
    team_margin = None
    if method == "monte-carlo":
        team_margin = Z95 * _sample_sd(*souls_stats[None], deals) / math.sqrt(deals)
    notes = []
    if method == "monte-carlo":
        notes.append(f"Monte Carlo: {deals} seeded samples; intervals are 95% (normal approximation)")
    return OddsResult(method=method, deals=deals, seats=tuple(seats), expected_team_souls=team,
                      unseen=unseen, seed=seed, team_souls_margin=team_margin, notes=tuple(notes),
                      exact=method == "exact")


def _sample_sd(total: float, squares: float, n: int) -> float:
    """The sample standard deviation (n - 1 in the denominator) from a sum and a sum of squares."""
    if n < 2:
        return 0.0
    return math.sqrt(max(0.0, (squares - total * total / n) / (n - 1)))


def _monte_carlo(problem: OddsProblem, unseen: list[Card], samples: int, seed: int,
                 progress: Progress | None, budget: Budget) -> OddsResult:
    import numpy as np

    rng = np.random.default_rng(seed)
    deck = Deck(problem, unseen)
    to_come = problem.board_size - len(problem.board)
    need = to_come + problem.boss.unknown
    live = [s for s in problem.seats if not s.folded]
    counts = {s.name: [0, 0, 0] for s in live}
    # Sums and sums of squares of the Souls, per player and for the team (key None): memory
    # does not grow with the number of samples.
    stats: dict[str | None, list[float]] = {s.name: [0.0, 0.0] for s in live} | {None: [0.0, 0.0]}
    default_high = _default_high(problem)
    joint = np.zeros(3 ** len(live), dtype=np.int64)
    done = 0
    while done < samples:
        if done and budget.expired():
            break
        n = min(FIRST_CHUNK if not done else CHUNK_SAMPLES, samples - done)
        # A uniform random set of ``need`` unseen cards per sample, in random order.
        picks = np.argsort(rng.random((n, len(unseen))), axis=1)[:, :need]
        board_ranks, board_suits = deck.boards(picks[:, :to_come])
        banned = deck.banned(board_ranks)
        cards_strength = _boss_strengths(
            problem, (board_ranks, board_suits), deck.boss_privates(picks[:, to_come:]), outer=False)
        played, uses_default = boss_plays(problem, cards_strength)
        ceiling = np.where(uses_default, default_high if default_high is not None else played, played)
        team = np.zeros(n, dtype=np.float64)
        codes = []
        for s in live:
            ps = player_strengths(problem, s, board_ranks, board_suits, banned)
            win = ps > ceiling
            lose = ps < played
            c = counts[s.name]
            c[0] += int(win.sum())
            c[2] += int(lose.sum())
            c[1] += n - int(win.sum()) - int(lose.sum())
            souls = win * float(s.souls_if_won) - lose * float(problem.boss.soul_penalty)
            stats[s.name][0] += float(souls.sum())
            stats[s.name][1] += float((souls * souls).sum())
            team += souls
            codes.append(outcome_codes(ps, played, ceiling))
        add_joint(joint, codes, None)
        stats[None][0] += float(team.sum())
        stats[None][1] += float((team * team).sum())
        done += n
        if progress is not None:
            progress(done, samples)
    result = _finish(problem, "monte-carlo", done, counts, len(unseen), seed, stats)
    result = replace(result, exact=False, samples_requested=samples, joint=tuple(int(x) for x in joint),
                     joint_names=tuple(s.name for s in live))
    if done < samples:
        note = (f"time limit reached after {done:,} of the {samples:,} samples asked for; the intervals are "
                "for the samples drawn")
        result = replace(result, bound_reached="time_limit", notes=(*result.notes, note))
    return result
