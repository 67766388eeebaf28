"""Hand categories under the selection rule, as Z3 constraints: the best hand made of
``least`` to ``most`` cards of a private hand and the rest from a board, five at most (Hell of
a Deal: "selects 1 or 2 cards from their hand and up to 4 Community cards"; the rule itself
is ``oracle.eval.select.best_selection``).

With ``k`` private cards the board gives ``min(5 - k, b)`` of its ``b``; a pattern that needs
``x`` private and ``y`` board cards fits when ``x <= most`` and ``y <= 5 - max(least, x)``
(more private cards only leave less room on the board), and a five-card pattern needs exactly
``least <= x <= most``. Each pattern is then a condition on the counts of each rank (and each
suit, and each card of a suit) in the hand and on the board, as in ``categories``. Rulesets
with wild cards are ranked by trying every selection (``categories.any_of``) instead.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.solve.smt.cards import CardTerm
from oracle.solve.smt.categories import RANK_COUNT, ROYAL, WINDOWS, any_of, patterns


def _count(cards: Sequence[CardTerm], rank: int | None = None, suit: int | None = None) -> Any:
    import z3

    terms = []
    for c in cards:
        parts = ([c.rank == rank] if rank is not None else []) + ([c.suit == suit] if suit is not None else [])
        terms.append(z3.If(z3.And(parts), 1, 0))
    return z3.Sum(terms) if terms else z3.IntVal(0)


def _has(cards: Sequence[CardTerm], rank: int, suit: int | None = None) -> Any:
    import z3

    return z3.Or([z3.And(c.rank == rank, *([c.suit == suit] if suit is not None else [])) for c in cards])


class _Selection:
    def __init__(self, hand: Sequence[CardTerm], board: Sequence[CardTerm], least: int, most: int):
        self.hand, self.board = list(hand), list(board)
        self.least = min(least, len(hand))
        self.most = min(most, len(hand), 5)
        self.size = self.most + min(5 - self.most, len(board)) if self.hand else 0
        self.in_hand = [_count(hand, r) for r in range(RANK_COUNT)]
        self.on_board = [_count(board, r) for r in range(RANK_COUNT)]

    def room(self, x: int) -> int:
        """Board cards a selection may take when ``x`` private cards are needed."""
        return 5 - max(self.least, x)

    def splits(self, sizes: Sequence[int], exactly_five: bool) -> list[tuple[int, ...]]:
        """Ways to take the groups' private cards (x per group) the rule allows."""
        out = []

        def walk(prefix: tuple[int, ...]) -> None:
            if len(prefix) == len(sizes):
                x, y = sum(prefix), sum(sizes) - sum(prefix)
                if x <= self.most and y <= self.room(x) and (not exactly_five or self.least <= x):
                    out.append(prefix)
                return
            for x in range(0, min(sizes[len(prefix)], self.most) + 1):
                walk(prefix + (x,))

        walk(())
        return out

    def groups(self, sizes: Sequence[int], exactly_five: bool) -> Any:
        """Distinct ranks, ``sizes[i]`` cards of the i-th, taken under the rule."""
        import z3

        options = []
        for split in self.splits(sizes, exactly_five):
            for ranks in _rank_tuples(len(sizes), sizes[0] == sizes[-1] and len(sizes) == 2):
                options.append(z3.And([z3.And(self.in_hand[r] >= x, self.on_board[r] >= size - x)
                                       for r, x, size in zip(ranks, split, sizes)]))
        return z3.Or(options) if options else z3.BoolVal(False)

    def runs(self, windows: Sequence[tuple[int, ...]], suit: int | None) -> Any:
        """Five ranks in a window, each from the hand or the board, 1-2 from the hand."""
        import z3

        options = []
        for w in windows:
            mine = [_has(self.hand, r, suit) for r in w]
            common = [_has(self.board, r, suit) for r in w]
            only_mine = z3.Sum([z3.If(z3.And(m, z3.Not(c)), 1, 0) for m, c in zip(mine, common)])
            either = z3.Sum([z3.If(z3.And(m, c), 1, 0) for m, c in zip(mine, common)])
            options.append(z3.And(*[z3.Or(m, c) for m, c in zip(mine, common)],
                                  only_mine <= self.most, only_mine + either >= self.least))
        return z3.Or(options)

    def flush(self) -> Any:
        import z3

        options = []
        for suit in range(4):
            mine, common = _count(self.hand, suit=suit), _count(self.board, suit=suit)
            options += [z3.And(mine >= x, common >= 5 - x) for x in range(self.least, self.most + 1)]
        return z3.Or(options) if options else z3.BoolVal(False)


def _rank_tuples(count: int, unordered: bool):
    if count == 1:
        return [(r,) for r in range(RANK_COUNT)]
    if unordered:
        return list(combinations(range(RANK_COUNT), 2))
    return [(a, b) for a in range(RANK_COUNT) for b in range(RANK_COUNT) if a != b]


def selection_patterns(hand: Sequence[CardTerm], board: Sequence[CardTerm], ruleset: Ruleset,
                       least: int = 1, most: int = 2) -> dict[str, Any]:
    """For each category, whether the selection rule lets ``hand`` and ``board`` make it."""
    import z3

    if ruleset.has_wilds:
        return any_of([patterns(g, ruleset) for g in selections(hand, board, least, most)])
    s = _Selection(hand, board, least, most)
    no = z3.BoolVal(False)
    five = s.size >= 5
    return {
        "high_card": z3.BoolVal(s.size >= 1),
        "pair": s.groups((2,), False) if s.size >= 2 else no,
        "two_pair": s.groups((2, 2), False) if s.size >= 4 else no,
        "three_of_a_kind": s.groups((3,), False) if s.size >= 3 else no,
        "straight": s.runs(WINDOWS, None) if five else no,
        "flush": s.flush() if five else no,
        "full_house": s.groups((3, 2), True) if five else no,
        "four_of_a_kind": s.groups((4,), False) if s.size >= 4 else no,
        "straight_flush": z3.Or([s.runs(WINDOWS, suit) for suit in range(4)]) if five else no,
        "royal_flush": z3.Or([s.runs((ROYAL,), suit) for suit in range(4)]) if five else no,
        "five_of_a_kind": no,  # four cards of a rank at most, without wild cards
    }


def selections(hand: Sequence[CardTerm], board: Sequence[CardTerm], least: int = 1, most: int = 2) -> list[list[CardTerm]]:
    """Every selection the rule allows, as card groups (``best_selection``'s own loop)."""
    low, high = min(least, len(hand)), min(most, len(hand), 5)
    out = []
    for k in range(low, high + 1):
        take = min(5 - k, len(board))
        for mine in combinations(hand, k):
            for common in combinations(board, take):
                if mine or common:
                    out.append(list(mine) + list(common))
    return out

