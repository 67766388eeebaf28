"""Exact best-swap odds against one opponent whose cards come from the deck, by counting.

The slow way deals every opponent hand after every draw. Here the opponent's completions
(every way to finish their hand from the unseen cards) are ranked once, in bulk, and counted
by strength: in all, and among those holding each unseen card and each pair of unseen cards.
After a draw the opponent's hand cannot hold the cards drawn, so the completions beating,
tying and losing to the player's final hand are counted by inclusion-exclusion over the
cards drawn:

    below(P \\ D, s) = sum over S within D of (-1)^|S| * below(completions holding S, s)

which needs the counts for the subsets of the draw: tables for none, one and two cards (the
standard draw), sorted keys for three and four (the bigger draw). Each figure is an exact
integer, the same as the enumeration's.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Sequence

from oracle.cards import Card
from oracle.solve.exact.subsets import binomial_table, combination_rows

# The most cards a draw may take (the bigger draw's four).
MAX_DRAW = 4


class CompletionCounts:
    """The opponent's completions from ``unseen`` (``known`` + ``unknown`` cards) counted by
    strength: ``strengths`` are the distinct strengths, ascending; the counts below a given
    strength are read from cumulative tables for all completions, those holding card i, and
    those holding cards i < j (row ``pair_row(i, j)``); for sets of three and four cards (up
    to ``most_drawn``), from sorted keys."""

    def __init__(self, unseen: Sequence[Card], known: Sequence[Card], unknown: int, most_drawn: int = 2):
        import numpy as np

        self.n = n = len(unseen)
        self.unknown = unknown
        picks, values = completions(unseen, known, unknown)
        self.strengths, rank = np.unique(values, return_inverse=True)
        width = len(self.strengths)
        self.all = np.concatenate([[0], np.cumsum(np.bincount(rank, minlength=width))])
        by_card = np.bincount((picks.astype(np.int64) * width + rank[:, None]).ravel(), minlength=n * width)
        self.card = _cumulative(by_card.reshape(n, width))
        pairs = n * (n - 1) // 2
        if unknown >= 2:
            a, b = np.triu_indices(unknown, 1)
            rows = self.pair_row(picks[:, a], picks[:, b])
            by_pair = np.bincount((rows * width + rank[:, None]).ravel(), minlength=pairs * width)
        else:
            by_pair = np.zeros(pairs * width, dtype=np.int64)
        self.pair = _cumulative(by_pair.reshape(pairs, width))
        # Three or four cards drawn (the bigger draw): the completions holding each such set,
        # as sorted keys (set number, strength rank), too many sets for a table.
        self.binom = binomial_table(n, MAX_DRAW)
        self.width = width
        self.sets = {}
        for size in range(3, min(most_drawn, unknown) + 1):
            places = np.array(list(combinations(range(unknown), size)))
            numbers = self.set_number(picks[:, places])
            keys = np.sort((numbers * width + rank[:, None]).ravel())
            starts = np.concatenate([[0], np.cumsum(np.bincount(keys // width, minlength=math.comb(n, size)))])
            self.sets[size] = keys, starts

    def set_number(self, cards):
        """The colex number of each set of cards (the last axis, ascending indices)."""
        return sum(self.binom[cards[..., t], t + 1] for t in range(cards.shape[-1]))

    def _below(self, cards, at):
        """How many completions hold all of ``cards`` (rows of indices) and rank below ``at``."""
        import numpy as np

        size = cards.shape[1]
        if size == 0:
            return self.all[at]
        if size == 1:
            return self.card[cards[:, 0], at]
        if size == 2:
            return self.pair[self.pair_row(cards[:, 0], cards[:, 1]), at]
        if size > self.unknown:
            return np.zeros(len(cards), dtype=np.int64)
        keys, starts = self.sets[size]
        numbers = self.set_number(cards)
        wanted = numbers * self.width + at
        # searched in ascending order, each search starts where the last one ended
        order = np.argsort(wanted, kind="stable")
        found = np.empty(len(wanted), dtype=np.int64)
        found[order] = np.searchsorted(keys, wanted[order])
        return found - starts[numbers]

    def pair_row(self, first, second):
        """The row of cards ``first < second`` (arrays of indices) in the table by pairs: pairs
        in lexicographic order."""
        return first * (2 * self.n - first - 1) // 2 + (second - first - 1)

    def against(self, draws, mine):
        """For draws (an ``(m, k)`` array of indices into ``unseen``, k at most ``most_drawn``) and the
        player's final strength after each: the completions avoiding the draw that are weaker,
        as strong, and stronger (three integer arrays)."""
        import numpy as np

        below_at = np.searchsorted(self.strengths, mine, side="left")
        upto_at = np.searchsorted(self.strengths, mine, side="right")
        k = draws.shape[1]

        def count(at):
            total = np.zeros(len(draws), dtype=np.int64)
            for size in range(k + 1):
                for places in combinations(range(k), size):
                    total += (-1) ** size * self._below(draws[:, list(places)], at)
            return total

        below, upto = count(below_at), count(upto_at)
        total = math.comb(self.n - k, self.unknown)
        return below, upto - below, total - upto


def _cumulative(counts):
    """Counts by strength rank to counts below each rank (one more column: all of them)."""
    import numpy as np

    out = np.zeros((counts.shape[0], counts.shape[1] + 1), dtype=np.int64)
    np.cumsum(counts, axis=1, out=out[:, 1:])
    return out


def completions(unseen: Sequence[Card], held: Sequence[Card], k: int):
    """Every way to add ``k`` of the unseen cards to the ``held`` ones (rows of indices into
    ``unseen``, lexicographic) and the strength of each hand made: the player's draws after
    keeping ``held``, or an opponent's completions of their known cards."""
    import numpy as np

    from oracle.eval import batch

    picks = combination_rows(len(unseen), k)
    codes = np.array([c.code for c in unseen], dtype=np.int32)
    fixed = np.array([c.code for c in held], dtype=np.int32)
    hands = np.hstack([np.broadcast_to(fixed, (len(picks), len(fixed))), codes[picks]])
    return picks, batch.strengths(hands, "diablo").astype(np.int64)


def count_against_one(results, hand: Sequence[Card], unseen: Sequence[Card], known: Sequence[Card],
                      unknown: int, expired) -> list:
    """Each choice's final hands and its wins, ties and losses against the one opponent, in
    order, until ``expired()``: the choices counted. ``results`` carry ``discard`` and get
    ``strengths``, ``outcomes``, ``win``, ``ties`` and ``lose``."""
    import numpy as np

    if expired():
        return []
    table = CompletionCounts(unseen, known, unknown, max((len(r.discard) for r in results), default=0))
    counted = []
    for result in results:
        if expired():
            break
        kept = [c for c in hand if c not in result.discard]
        draws, mine = completions(unseen, kept, len(result.discard))
        below, equal, above = table.against(draws, mine)
        values, counts = np.unique(mine, return_counts=True)
        result.strengths.update(dict(zip(values.tolist(), counts.tolist())))
        result.outcomes = len(draws)
        result.win, result.lose = int(below.sum()), int(above.sum())
        tied = int(equal.sum())
        if tied:
            result.ties[1] += tied
        counted.append(result)
    return counted


def counts_apply(opponents, draw_sizes: Sequence[int]) -> bool:
    """Whether this counter answers: exactly one opponent, some of whose cards come from the
    deck, and draws of at most MAX_DRAW cards."""
    return len(opponents) == 1 and opponents[0].unknown > 0 and all(k <= MAX_DRAW for k in draw_sizes)


def counting_seconds(pool: int, unknown: int, draw_sizes: Sequence[int]) -> float:
    """Rough time of the counting on the benchmark machine, warm: the opponent's completions
    ranked and tabled, then every draw ranked and looked up."""
    completions = math.comb(pool, unknown)
    draws = sum(math.comb(pool, k) for k in draw_sizes)
    sets = sum(math.comb(unknown, size) for size in range(3, min(max(draw_sizes), unknown) + 1))
    return 0.05 + 6e-7 * completions + 1.2e-7 * completions * sets + 2e-6 * draws
