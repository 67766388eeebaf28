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
from oracle.solve.smt.categories import ORDER, RANK_COUNT, ROYAL, WINDOWS, any_of, patterns


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
        self.made: dict[tuple, Any] = {}  # terms built once: (rank, mine, common), (window, suit), ...

    def takes(self, rank: int, mine: int, common: int) -> Any:
        """``mine`` cards of ``rank`` in the hand and ``common`` on the board (each term built once)."""
        import z3

        if (rank, mine, common) not in self.made:
            self.made[rank, mine, common] = z3.And(self.in_hand[rank] >= mine, self.on_board[rank] >= common)
        return self.made[rank, mine, common]

    def has(self, where: str, rank: int, suit: int | None) -> Any:
        """A card of ``rank`` (and ``suit``) in the hand or on the board (built once)."""
        if (where, rank, suit) not in self.made:
            self.made[where, rank, suit] = _has(self.hand if where == "hand" else self.board, rank, suit)
        return self.made[where, rank, suit]

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

    def groups(self, sizes: Sequence[int], exactly_five: bool, top: int | None = None) -> Any:
        """Distinct ranks, ``sizes[i]`` cards of the i-th, taken under the rule; with ``top``,
        the first group (the higher of two pairs) of that rank."""
        import z3

        key = ("groups", tuple(sizes), exactly_five)
        if key not in self.made:  # the options, by the rank of their first group, built once
            by_top: list[list[Any]] = [[] for _ in range(RANK_COUNT)]
            pairs = sizes[0] == sizes[-1] and len(sizes) == 2
            for split in self.splits(sizes, exactly_five):
                for ranks in _rank_tuples(len(sizes), pairs):
                    by_top[max(ranks) if pairs else ranks[0]].append(
                        z3.And([self.takes(r, x, size - x) for r, x, size in zip(ranks, split, sizes)]))
            self.made[key] = by_top
        options = [o for rank, found in enumerate(self.made[key]) if top is None or rank == top for o in found]
        return z3.Or(options) if options else z3.BoolVal(False)

    def runs(self, windows: Sequence[tuple[int, ...]], suit: int | None) -> Any:
        """Five ranks in a window, each from the hand or the board, 1-2 from the hand."""
        import z3

        options = []
        for w in windows:
            if (w, suit) not in self.made:  # each window's term built once
                mine = [self.has("hand", r, suit) for r in w]
                common = [self.has("board", r, suit) for r in w]
                only_mine = z3.Sum([z3.If(z3.And(m, z3.Not(c)), 1, 0) for m, c in zip(mine, common)])
                either = z3.Sum([z3.If(z3.And(m, c), 1, 0) for m, c in zip(mine, common)])
                self.made[w, suit] = z3.And(*[z3.Or(m, c) for m, c in zip(mine, common)],
                                            only_mine <= self.most, only_mine + either >= self.least)
            options.append(self.made[w, suit])
        return z3.Or(options)

    def flush(self, suit: int | None = None) -> Any:
        """Five cards of one suit (of ``suit``), 1-2 from the hand."""
        import z3

        options = []
        for each in range(4) if suit is None else (suit,):
            if ("flush", each) not in self.made:  # each suit's term built once
                mine, common = _count(self.hand, suit=each), _count(self.board, suit=each)
                self.made["flush", each] = [z3.And(mine >= x, common >= 5 - x) for x in range(self.least, self.most + 1)]
            options += self.made["flush", each]
        return z3.Or(options) if options else z3.BoolVal(False)


_MADE: dict[tuple, _Selection] = {}  # built once for the same cards (``_selection``)


def _selection(hand: Sequence[CardTerm], board: Sequence[CardTerm], least: int, most: int) -> _Selection:
    """The counts of a hand and a board, built once for the same card terms: the patterns
    and the first tie-break (``selection_main``) share them."""
    key = (tuple((c.rank.get_id(), c.suit.get_id()) for c in hand), tuple((c.rank.get_id(), c.suit.get_id()) for c in board),
           least, most)
    if key not in _MADE:
        if len(_MADE) >= 256:  # a long-lived process (the Python API, many searches) keeps only the latest
            _MADE.clear()
        _MADE[key] = _Selection(hand, board, least, most)  # it holds its terms, so their ids stay theirs
    return _MADE[key]


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
    s = _selection(hand, board, least, most)
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


def selection_main(hand: Sequence[CardTerm], board: Sequence[CardTerm], ruleset: Ruleset, found: dict[str, Any],
                   least: int = 1, most: int = 2) -> Any | None:
    """The first tie-break of the best hand the selection rule allows, as a rank (0 for the
    Deuce): the rank of its largest group (the higher pair of two; the three of a full
    house), the top of its straight, its highest card (a flush's too). Within a category the
    best hand has the highest first tie-break any selection of that category reaches: the
    first tie-break decides before the rest. None under wild cards."""
    import z3

    from oracle.solve.smt.categories import category_number

    if ruleset.has_wilds or not hand:
        return None
    s = _selection(hand, board, least, most)
    five = s.size >= 5

    def highest(fits: Sequence[Any]) -> Any:  # the highest rank (or window) that fits
        term: Any = z3.IntVal(-1)
        for rank, fit in enumerate(fits):
            term = z3.If(fit, rank, term)
        return term

    tops = [w[-1] if w[0] != RANK_COUNT - 1 else 3 for w in WINDOWS]  # the wheel's top is the Five
    runs = [(s.runs((w,), None), z3.Or([s.runs((w,), suit) for suit in range(4)])) for w in WINDOWS] if five else []
    straight, flush_run = z3.IntVal(-1), z3.IntVal(-1)
    for top, (plain, suited) in sorted(zip(tops, runs), key=lambda pair: pair[0]):
        straight, flush_run = z3.If(plain, top, straight), z3.If(suited, top, flush_run)
    by_slug = {
        "high_card": highest([z3.Or(s.in_hand[r] >= 1, s.on_board[r] >= 1) for r in range(RANK_COUNT)]),
        "pair": highest([s.groups((2,), False, r) for r in range(RANK_COUNT)]),
        "two_pair": highest([s.groups((2, 2), False, r) for r in range(RANK_COUNT)]),
        "three_of_a_kind": highest([s.groups((3,), False, r) for r in range(RANK_COUNT)]),
        "straight": straight,
        "flush": _flush_top(s, highest) if five else z3.IntVal(-1),
        "full_house": highest([s.groups((3, 2), True, r) for r in range(RANK_COUNT)]) if five else z3.IntVal(-1),
        "four_of_a_kind": highest([s.groups((4,), False, r) for r in range(RANK_COUNT)]),
        "straight_flush": flush_run,
        "royal_flush": z3.IntVal(RANK_COUNT - 1),
    }
    place = category_number(found)
    term: Any = z3.IntVal(-1)
    for index, slug in enumerate(ORDER):
        if slug in by_slug:
            term = z3.If(place == index, by_slug[slug], term)
    return term


def _flush_top(s: _Selection, highest: Any) -> Any:
    """The top card's rank of the best flush: the highest card of a suit that makes one,
    which its flush can always take (a board card joins the board's share, a hand card the
    hand's); of two such suits, the higher."""
    import z3

    top: Any = z3.IntVal(-1)
    for suit in range(4):
        held = highest([z3.Or(s.has("hand", r, suit), s.has("board", r, suit)) for r in range(RANK_COUNT)])
        top = z3.If(z3.And(s.flush(suit), held > top), held, top)
    return top


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

