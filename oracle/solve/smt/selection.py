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

A Boss's restrictions on players (``Restriction``) change the counts, not the shape:

- a banned value's cards are not counted (Eenie Meanie: "The current High Card of the
  Community board, as well as any cards of matching value, cannot be used by players"), and a
  hand left with no legal card of its own is made from the board alone, as the engine does;
- a tolled value's cards cost a Soul each (The Boatman: "The cost of a Soul is a per card
  payment"), so a selection counts only while the tolled cards it takes are no more than the
  Souls paid. A group's cost is its size where its value is tolled; a straight's, its tolled
  values; a flush takes its suit's untolled cards first. A group taking no card of the hand
  takes one more for the mandatory card, which costs a Soul where every legal card of the
  hand is tolled. With tolls a selection may also hold fewer than five cards, so the groups
  need only their own cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.solve.smt.cards import CardTerm
from oracle.solve.smt.categories import ORDER, RANK_COUNT, ROYAL, WINDOWS, any_of, patterns


@dataclass(frozen=True)
class Restriction:
    """What a Boss keeps from a player's selection: ``banned`` values (0 for the Deuce), the
    board's highest value too (``bans_board_high``, Eenie Meanie, Aces high), and the Souls
    ``paid`` for cards of a tolled value (None: no tolls in force; the toll cards are given
    beside it)."""

    banned: frozenset[int] = frozenset()
    bans_board_high: bool = False
    paid: int | None = None

    @property
    def bans(self) -> bool:
        return bool(self.banned) or self.bans_board_high

    @property
    def restricts(self) -> bool:
        return self.bans or self.paid is not None


NONE = Restriction()


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


def _over(needed: Any, free: Any) -> Any:
    """Tolled cards taken when ``needed`` cards come from a pool with ``free`` untolled ones."""
    import z3

    return z3.If(free >= needed, 0, needed - free)


def _banned(rule: Restriction, board: Sequence[CardTerm]) -> list[Any]:
    """For each rank, whether its cards are banned: a fixed ban, or the board's highest card."""
    import z3

    on_board = [_has(board, r) for r in range(RANK_COUNT)]
    out = []
    for rank in range(RANK_COUNT):
        if rank in rule.banned:
            out.append(z3.BoolVal(True))
        elif rule.bans_board_high:
            above = on_board[rank + 1:]
            out.append(z3.And(on_board[rank], z3.Not(z3.Or(above))) if above else on_board[rank])
        else:
            out.append(z3.BoolVal(False))
    return out


class _Selection:
    def __init__(self, hand: Sequence[CardTerm], board: Sequence[CardTerm], least: int, most: int,
                 rule: Restriction = NONE, tolls: Sequence[CardTerm] = ()):
        import z3

        self.hand, self.board, self.tolls = list(hand), list(board), list(tolls)
        self.least = min(least, len(hand))
        self.most = min(most, len(hand), 5)
        # With no card of its own the hand is made from the board alone (``best_selection``).
        self.size = self.most + min(5 - self.most, len(board)) if self.hand else min(5, len(board))
        if not self.hand and rule.bans_board_high and board:  # the board's high card is not among them
            self.size = min(self.size, len(board) - 1)
        self.rule = rule
        self.banned = _banned(rule, board) if rule.bans else None
        self.tolled = [_has(tolls, r) for r in range(RANK_COUNT)] if rule.paid is not None else None
        raw = [_count(hand, r) for r in range(RANK_COUNT)]
        self.in_hand = [self.legal(r, n) for r, n in enumerate(raw)]
        self.on_board = [self.legal(r, _count(board, r)) for r in range(RANK_COUNT)]
        self.legal_private = z3.Sum(self.in_hand) if self.hand else z3.IntVal(0)
        # The mandatory card of the hand, taken beside groups that take none of it, costs a
        # Soul only when every legal card of the hand is tolled.
        self.free_private: Any = z3.BoolVal(True)
        if self.tolled is not None and self.hand:
            self.free_private = z3.Sum([z3.If(self.tolled[r], 0, n) for r, n in enumerate(self.in_hand)]) >= 1
        self.made: dict[tuple, Any] = {}  # terms built once: (rank, mine, common), (window, suit), ...

    def legal(self, rank: int, count: Any) -> Any:
        import z3

        return count if self.banned is None else z3.If(self.banned[rank], 0, count)

    def affordable(self, cost: Any) -> Any:
        """A selection whose tolled cards are ``cost`` may be played (true without tolls)."""
        import z3

        return z3.BoolVal(True) if self.tolled is None else cost <= self.rule.paid

    def takes(self, rank: int, mine: int, common: int) -> Any:
        """``mine`` legal cards of ``rank`` in the hand and ``common`` on the board (each term
        built once)."""
        import z3

        if (rank, mine, common) not in self.made:
            self.made[rank, mine, common] = z3.And(self.in_hand[rank] >= mine, self.on_board[rank] >= common)
        return self.made[rank, mine, common]

    def has(self, where: str, rank: int, suit: int | None) -> Any:
        """A legal card of ``rank`` (and ``suit``) in the hand or on the board (built once)."""
        import z3

        if (where, rank, suit) not in self.made:
            held = _has(self.hand if where == "hand" else self.board, rank, suit)
            self.made[where, rank, suit] = held if self.banned is None else z3.And(z3.Not(self.banned[rank]), held)
        return self.made[where, rank, suit]

    def usable(self, card: CardTerm, free: bool) -> Any:
        """Whether ``card`` may be used (``free``: and costs nothing), built once a card."""
        import z3

        key = ("usable", card.rank.get_id(), card.suit.get_id(), free)
        if key not in self.made:
            kept = []  # for each rank, why its cards may not be taken (free): banned, tolled
            for rank in range(RANK_COUNT):
                why = ([self.banned[rank]] if self.banned is not None else []) + ([self.tolled[rank]] if free else [])
                kept += [z3.And(card.rank == rank, z3.Or(why))] if why and not all(z3.is_false(w) for w in why) else []
            self.made[key] = z3.Not(z3.Or(kept))
        return self.made[key]

    def suited(self, where: str, suit: int, free: bool = False) -> Any:
        """How many legal cards of ``suit`` are in the hand or on the board (``free``: and
        untolled), built once."""
        import z3

        if ("suited", where, suit, free) not in self.made:
            cards = self.hand if where == "hand" else self.board
            if self.banned is None and not free:
                self.made["suited", where, suit, free] = _count(cards, suit=suit)
            else:
                self.made["suited", where, suit, free] = z3.Sum(
                    [z3.If(z3.And(c.suit == suit, self.usable(c, free)), 1, 0) for c in cards]) if cards else z3.IntVal(0)
        return self.made["suited", where, suit, free]

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
                filler = sum(split) < self.least  # the mandatory card of the hand comes beside
                for ranks in _rank_tuples(len(sizes), pairs):
                    parts = [self.takes(r, x, size - x) for r, x, size in zip(ranks, split, sizes)]
                    if filler and self.banned is not None:
                        parts.append(self.legal_private >= 1)
                    if self.tolled is not None:
                        parts.append(self.groups_affordable(ranks, tuple(sizes), filler))
                    by_top[max(ranks) if pairs else ranks[0]].append(z3.And(parts))
            self.made[key] = by_top
        options = [o for rank, found in enumerate(self.made[key]) if top is None or rank == top for o in found]
        return z3.Or(options) if options else z3.BoolVal(False)

    def groups_affordable(self, ranks: Sequence[int], sizes: tuple[int, ...], filler: bool) -> Any:
        """Groups of ``ranks`` (``sizes`` cards each), and the hand's mandatory card beside
        them with ``filler``, cost no more than the Souls paid: for each set of the groups
        whose value is tolled, the Souls it would cost (built once a set of ranks)."""
        import z3

        key = ("afford", tuple(ranks), sizes, filler)
        if key not in self.made:
            paid, rules = self.rule.paid, []
            for tolled in range(1 << len(ranks)):  # which groups' values are tolled
                cost = sum(size for i, size in enumerate(sizes) if tolled >> i & 1)
                ok: Any = cost <= paid and (not filler or cost + 1 <= paid or self.free_private)
                if ok is True:
                    continue
                these = [self.tolled[r] if tolled >> i & 1 else z3.Not(self.tolled[r]) for i, r in enumerate(ranks)]
                rules.append(z3.Or(z3.Not(z3.And(these)), ok))
            self.made[key] = z3.And(rules) if rules else z3.BoolVal(True)
        return self.made[key]

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
                cost = z3.Sum([z3.If(self.tolled[r], 1, 0) for r in w]) if self.tolled is not None else None
                self.made[w, suit] = z3.And(*[z3.Or(m, c) for m, c in zip(mine, common)],
                                            only_mine <= self.most, only_mine + either >= self.least,
                                            self.affordable(cost))
            options.append(self.made[w, suit])
        return z3.Or(options)

    def flush(self, suit: int | None = None) -> Any:
        """Five legal cards of one suit (of ``suit``), 1-2 from the hand, its untolled cards
        taken first."""
        import z3

        options = []
        for each in range(4) if suit is None else (suit,):
            if ("flush", each) not in self.made:  # each suit's term built once
                mine, common = self.suited("hand", each), self.suited("board", each)
                ways = []
                for x in range(self.least, self.most + 1):
                    cost = None
                    if self.tolled is not None:
                        cost = _over(x, self.suited("hand", each, True)) + _over(5 - x, self.suited("board", each, True))
                    ways.append(z3.And(mine >= x, common >= 5 - x, self.affordable(cost)))
                self.made["flush", each] = ways
            options += self.made["flush", each]
        return z3.Or(options) if options else z3.BoolVal(False)


_MADE: dict[tuple, _Selection] = {}  # built once for the same cards (``_selection``)


def _ids(cards: Sequence[CardTerm]) -> tuple:
    return tuple((c.rank.get_id(), c.suit.get_id()) for c in cards)


def _selection(hand: Sequence[CardTerm], board: Sequence[CardTerm], least: int, most: int,
               rule: Restriction = NONE, tolls: Sequence[CardTerm] = ()) -> _Selection:
    """The counts of a hand and a board, built once for the same card terms and restriction:
    the patterns and the first tie-break (``selection_main``) share them."""
    key = (_ids(hand), _ids(board), least, most, rule, _ids(tolls) if rule.paid is not None else ())
    if key not in _MADE:
        if len(_MADE) >= 256:  # a long-lived process (the Python API, many searches) keeps only the latest
            _MADE.clear()
        _MADE[key] = _Selection(hand, board, least, most, rule, tolls)  # it holds its terms, so their ids stay theirs
    return _MADE[key]


def _rank_tuples(count: int, unordered: bool):
    if count == 1:
        return [(r,) for r in range(RANK_COUNT)]
    if unordered:
        return list(combinations(range(RANK_COUNT), 2))
    return [(a, b) for a in range(RANK_COUNT) for b in range(RANK_COUNT) if a != b]


def selection_patterns(hand: Sequence[CardTerm], board: Sequence[CardTerm], ruleset: Ruleset,
                       least: int = 1, most: int = 2, rule: Restriction = NONE,
                       tolls: Sequence[CardTerm] = ()) -> dict[str, Any]:
    """For each category, whether the selection rule lets ``hand`` and ``board`` make it under
    the Boss's ``rule`` (the ``tolls`` cards give the tolled values); none, for a hand the
    rule leaves no legal selection."""
    import z3

    if ruleset.has_wilds:
        if rule.restricts:
            raise ValueError("a Boss's restrictions are not stated with wild cards")
        return any_of([patterns(g, ruleset) for g in selections(hand, board, least, most)])
    s = _selection(hand, board, least, most, rule, tolls)
    found, alone = _patterns(s), _board_alone(s)
    if alone is not None:
        other = _patterns(alone)
        found = {slug: z3.Or(found[slug], z3.And(s.legal_private == 0, other[slug])) for slug in found}
    return found


def _board_alone(s: _Selection) -> _Selection | None:
    """Where bans may leave the hand no legal card of its own, the selection of the board
    alone, which ``best_selection`` then makes (built once); else None."""
    if not (s.rule.bans and s.hand):
        return None
    return _selection([], s.board, 0, 0, s.rule, s.tolls)


def _patterns(s: _Selection) -> dict[str, Any]:
    import z3

    no = z3.BoolVal(False)
    five = s.size >= 5
    return {
        "high_card": s.groups((1,), False) if s.rule.restricts else z3.BoolVal(s.size >= 1),
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
                   least: int = 1, most: int = 2, rule: Restriction = NONE, tolls: Sequence[CardTerm] = ()) -> Any | None:
    """The first tie-break of the best hand the selection rule allows under the Boss's
    ``rule``, as a rank (0 for the Deuce): the rank of its largest group (the higher pair of
    two; the three of a full house), the top of its straight, its highest card (a flush's
    too). Within a category the best hand has the highest first tie-break any selection of
    that category reaches: the first tie-break decides before the rest. None under wild
    cards."""
    import z3

    from oracle.solve.smt.categories import category_number

    if ruleset.has_wilds or not hand:
        return None
    s = _selection(hand, board, least, most, rule, tolls)
    by_slug, alone = _mains(s), _board_alone(s)
    if alone is not None:
        other = _mains(alone)
        by_slug = {slug: z3.If(s.legal_private == 0, other[slug], term) for slug, term in by_slug.items()}
    place = category_number(found)
    term: Any = z3.IntVal(-1)
    for index, slug in enumerate(ORDER):
        if slug in by_slug:
            term = z3.If(place == index, by_slug[slug], term)
    return term


def _highest(fits: Sequence[Any]) -> Any:
    """The highest rank (or window) whose term holds; -1 for none."""
    import z3

    term: Any = z3.IntVal(-1)
    for rank, fit in enumerate(fits):
        term = z3.If(fit, rank, term)
    return term


def _mains(s: _Selection) -> dict[str, Any]:
    """Each category's first tie-break, for a hand of that category (``selection_main``)."""
    import z3

    five = s.size >= 5
    tops = [w[-1] if w[0] != RANK_COUNT - 1 else 3 for w in WINDOWS]  # the wheel's top is the Five
    runs = [(s.runs((w,), None), z3.Or([s.runs((w,), suit) for suit in range(4)])) for w in WINDOWS] if five else []
    straight, flush_run = z3.IntVal(-1), z3.IntVal(-1)
    for top, (plain, suited) in sorted(zip(tops, runs), key=lambda pair: pair[0]):
        straight, flush_run = z3.If(plain, top, straight), z3.If(suited, top, flush_run)
    if s.rule.restricts:  # the highest card a selection may take
        high = _highest([s.groups((1,), False, r) for r in range(RANK_COUNT)])
    else:
        high = _highest([z3.Or(s.in_hand[r] >= 1, s.on_board[r] >= 1) for r in range(RANK_COUNT)])
    flush = z3.IntVal(-1)
    if five:
        flush = _flush_top_tolled(s) if s.tolled is not None else _flush_top(s)
    return {
        "high_card": high,
        "pair": _highest([s.groups((2,), False, r) for r in range(RANK_COUNT)]),
        "two_pair": _highest([s.groups((2, 2), False, r) for r in range(RANK_COUNT)]),
        "three_of_a_kind": _highest([s.groups((3,), False, r) for r in range(RANK_COUNT)]),
        "straight": straight,
        "flush": flush,
        "full_house": _highest([s.groups((3, 2), True, r) for r in range(RANK_COUNT)]) if five else z3.IntVal(-1),
        "four_of_a_kind": _highest([s.groups((4,), False, r) for r in range(RANK_COUNT)]),
        "straight_flush": flush_run,
        "royal_flush": z3.IntVal(RANK_COUNT - 1),
    }


def _flush_top(s: _Selection) -> Any:
    """The top card's rank of the best flush: the highest legal card of a suit that makes one,
    which its flush can always take (a board card joins the board's share, a hand card the
    hand's); of two such suits, the higher."""
    import z3

    top: Any = z3.IntVal(-1)
    for suit in range(4):
        held = _highest([z3.Or(s.has("hand", r, suit), s.has("board", r, suit)) for r in range(RANK_COUNT)])
        top = z3.If(z3.And(s.flush(suit), held > top), held, top)
    return top


def _flush_top_tolled(s: _Selection) -> Any:
    """The best flush's top card under tolls: the highest card some affordable flush takes.
    Taking a tolled card in place of an untolled one costs a Soul, so each card is tried in
    each share: it, and the rest of its suit's cards taken untolled first."""
    import z3

    fits: list[list[Any]] = [[] for _ in range(RANK_COUNT)]
    for suit in range(4):
        mine, common = s.suited("hand", suit), s.suited("board", suit)
        mine_free, common_free = s.suited("hand", suit, True), s.suited("board", suit, True)
        for rank in range(RANK_COUNT):
            toll = z3.If(s.tolled[rank], 1, 0)
            for x in range(s.least, s.most + 1):  # x cards of the hand, this one among them or not
                if x >= 1:  # the card from the hand (untolled, it leaves the hand's free cards)
                    fits[rank].append(z3.And(s.has("hand", rank, suit), mine >= x, common >= 5 - x, s.affordable(
                        toll + _over(x - 1, mine_free - (1 - toll)) + _over(5 - x, common_free))))
                if x <= 4:  # the card from the board
                    fits[rank].append(z3.And(s.has("board", rank, suit), mine >= x, common >= 5 - x, s.affordable(
                        toll + _over(x, mine_free) + _over(4 - x, common_free - (1 - toll)))))
    return _highest([z3.Or(f) if f else z3.BoolVal(False) for f in fits])


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

