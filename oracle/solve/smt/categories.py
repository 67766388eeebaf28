"""Hand categories as Z3 constraints, for any ruleset, so a search can say
``category(Anna) == flush`` and have Z3 prune on it natively.

A hand's category is the best category any legal reading of its wild cards makes (the best
five, when it has more than five cards). A reading *contains* a category's pattern (two
cards of one rank for a pair, five of one suit for a flush, ...), and the category of a
reading is the best pattern it contains; so the hand's category is the best pattern some
reading can contain. Each pattern is a condition on a few counts, with ``W`` the wild cards,
``n_r`` the natural cards of rank ``r`` and ``N`` the cards in the hand:

- pair, three, four, five of a kind: ``n_r + W >= 2, 3, 4, 5`` for some rank (five of a kind
  only where the ruleset has it, and then a wild may copy a held card, as Diablo says);
- two pair: two ranks whose missing cards (``max(0, 2 - n_r)`` each) ``W`` can fill;
  full house: the same with 3 and 2;
- straight: a window of five ranks (A-5 to T-A) whose ranks present plus ``W`` reach 5;
- flush: a suit whose natural cards plus ``W`` reach 5 (a wild takes a rank of that suit
  not held, so the rule that it may not copy a held card never stops a flush);
- straight flush: the same for the ranks of one suit in a window; royal: the T-A window.

Straights, flushes and full houses need five cards; two pair and four of a kind four (our
rulebooks rank partial hands). The counts read the cards only through ``n_r``, ``W`` and the
natural cards of each suit, which is why the exhaustive check in the tests can go class by
class (see ``docs/solvers.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.eval.strength import CATEGORY_ORDER
from oracle.solve.smt.cards import ACE_RANK, CardTerm, is_wild

# Worst first: a category's number is its place here. The evaluator's order, with the royal
# flush (the Ace-high straight flush) kept apart as its ``category_slug`` keeps it.
_AFTER_STRAIGHT_FLUSH = CATEGORY_ORDER.index("straight_flush") + 1
ORDER = (*CATEGORY_ORDER[:_AFTER_STRAIGHT_FLUSH], "royal_flush", *CATEGORY_ORDER[_AFTER_STRAIGHT_FLUSH:])
RANK_COUNT = ACE_RANK + 1
# Straight windows as rank indices: the wheel A-2-3-4-5, then 2-6 up to T-A.
WINDOWS = (((ACE_RANK, 0, 1, 2, 3),) + tuple(tuple(range(low, low + 5)) for low in range(0, RANK_COUNT - 4)))
ROYAL = WINDOWS[-1]


@dataclass
class HandCounts:
    """The counts a hand's category depends on, as Z3 terms."""

    size: int
    wilds: Any
    naturals: list[Any]  # n_r for each rank index
    suited: dict[tuple[int, int], Any] = field(default_factory=dict)  # (suit, rank) -> natural held
    per_suit: list[Any] = field(default_factory=list)  # natural cards of each suit


# (the card's terms, its presence, the ruleset) -> the card's part in ``hand_counts``: a
# hand's counts are sums of its cards' parts, and the best five of seven cards or a selection
# rule counts each card in many hands, so each card's parts are built once.
_PARTS: dict[tuple, tuple] = {}
_PARTS_KEPT = 4096


def _card_parts(card: CardTerm, ruleset: Ruleset, suits: bool) -> tuple:
    """A card's wild term, its 0/1 count for each rank and, with ``suits``, for each suit and
    whether it is the natural card of each (suit, rank)."""
    import z3

    key = (card.rank.get_id(), card.suit.get_id(), ruleset, suits)
    found = _PARTS.get(key)
    if found is not None:
        return found[1]
    wild = is_wild(card, ruleset)
    natural = z3.Not(wild)
    ranks = [z3.If(z3.And(natural, card.rank == rank), 1, 0) for rank in range(RANK_COUNT)]
    per_suit, suited = [], []
    if suits:
        per_suit = [z3.If(z3.And(natural, card.suit == suit), 1, 0) for suit in range(4)]
        suited = [[z3.And(natural, card.rank == rank, card.suit == suit) for rank in range(RANK_COUNT)]
                  for suit in range(4)]
    parts = (z3.If(wild, 1, 0), ranks, per_suit, suited)
    if len(_PARTS) >= _PARTS_KEPT:
        _PARTS.clear()
    _PARTS[key] = (card, parts)  # the terms kept alive, so that their ids stay theirs
    return parts


def hand_counts(cards: Sequence[CardTerm], ruleset: Ruleset) -> HandCounts:
    """The counts of ``cards``."""
    import z3

    suits = len(cards) >= 5
    parts = [_card_parts(c, ruleset, suits) for c in cards]
    wilds = z3.Sum([p[0] for p in parts]) if cards else z3.IntVal(0)
    naturals = [z3.Sum([p[1][rank] for p in parts]) if parts else z3.IntVal(0) for rank in range(RANK_COUNT)]
    counts = HandCounts(len(cards), wilds, naturals)
    if suits:
        for suit in range(4):
            counts.per_suit.append(z3.Sum([p[2][suit] for p in parts]))
            for rank in range(RANK_COUNT):
                counts.suited[(suit, rank)] = z3.Or([p[3][suit][rank] for p in parts])
    return counts


def hand_class(cards: Sequence[CardTerm], ruleset: Ruleset) -> list[Any]:
    """What a hand of at most five cards is ranked by, as terms: the natural cards of each
    rank, the wild cards and, for five cards, whether the natural cards share a suit. Hands
    alike in these rank alike (the evaluator reads nothing else: see ``docs/solvers.md``)."""
    import z3

    if len(cards) > 5:
        raise ValueError("a hand of more than five cards is ranked by its best five, not by its class")
    counts = hand_counts(cards, ruleset)
    terms = list(counts.naturals) + [counts.wilds]
    if len(cards) == 5:
        wild = [is_wild(c, ruleset) for c in cards]
        same = [z3.Or(wild[i], wild[j], a.suit == b.suit)
                for i, a in enumerate(cards) for j, b in enumerate(cards) if i < j]
        terms.append(z3.If(z3.And(same), 1, 0))
    return terms


def _missing(count: Any, wanted: int) -> Any:
    import z3

    return z3.If(count >= wanted, 0, wanted - count)


def _of_a_kind(counts: HandCounts, size: int) -> Any:
    import z3

    if counts.size < size:
        return z3.BoolVal(False)
    return z3.Or([n + counts.wilds >= size for n in counts.naturals])


def _two_groups(counts: HandCounts, first: int, second: int, wildless: bool = False) -> Any:
    """Two different ranks, ``first`` and ``second`` cards of them (``first >= second``),
    wilds filling the gaps."""
    import z3

    if counts.size < first + second:
        return z3.BoolVal(False)
    if wildless:  # two ranks of ``second`` cards or more, one of them of ``first``
        pairs = z3.Sum([z3.If(n >= second, 1, 0) for n in counts.naturals]) >= 2
        return pairs if first == second else z3.And(pairs, z3.Or([n >= first for n in counts.naturals]))
    need = {size: [_missing(n, size) for n in counts.naturals] for size in {first, second}}
    options = []
    for a in range(RANK_COUNT):
        for b in range(RANK_COUNT):
            if a == b or (first == second and b < a):
                continue
            options.append(need[first][a] + need[second][b] <= counts.wilds)
    return z3.Or(options)


def _straight(counts: HandCounts, windows: Sequence[tuple[int, ...]]) -> Any:
    import z3

    if counts.size < 5:
        return z3.BoolVal(False)
    return z3.Or([z3.Sum([z3.If(counts.naturals[r] >= 1, 1, 0) for r in w]) + counts.wilds >= 5 for w in windows])


def _flush(counts: HandCounts) -> Any:
    import z3

    if counts.size < 5:
        return z3.BoolVal(False)
    return z3.Or([n + counts.wilds >= 5 for n in counts.per_suit])


def _straight_flush(counts: HandCounts, windows: Sequence[tuple[int, ...]]) -> Any:
    import z3

    if counts.size < 5:
        return z3.BoolVal(False)
    if counts.size == 5:  # a straight whose natural cards share a suit, the wilds filling both
        return z3.And(_straight(counts, windows), _flush(counts))
    options = []
    for suit in range(4):
        for w in windows:
            present = z3.Sum([z3.If(counts.suited[(suit, r)], 1, 0) for r in w])
            options.append(present + counts.wilds >= 5)
    return z3.Or(options)


def patterns(cards: Sequence[CardTerm], ruleset: Ruleset) -> dict[str, Any]:
    """For each category, whether some legal reading of ``cards`` contains its pattern."""
    import z3

    counts = hand_counts(cards, ruleset)
    wildless = not ruleset.has_wilds
    found = {
        "high_card": z3.BoolVal(counts.size >= 1),
        "pair": _of_a_kind(counts, 2),
        "two_pair": _two_groups(counts, 2, 2, wildless),
        "three_of_a_kind": _of_a_kind(counts, 3),
        "straight": _straight(counts, WINDOWS),
        "flush": _flush(counts),
        "full_house": _two_groups(counts, 3, 2, wildless),
        "four_of_a_kind": _of_a_kind(counts, 4),
        "straight_flush": _straight_flush(counts, WINDOWS),
        "royal_flush": _straight_flush(counts, (ROYAL,)),
        "five_of_a_kind": _of_a_kind(counts, 5) if ruleset.five_of_a_kind else z3.BoolVal(False),
    }
    return found


def any_of(groups: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The patterns of the best of several candidate hands (the selections a game allows)."""
    import z3

    return {slug: z3.Or([g[slug] for g in groups]) for slug in ORDER}


def category_is(found: dict[str, Any], slug: str) -> Any:
    """The hand's category is ``slug``: its pattern is reachable and no better one is."""
    import z3

    place = ORDER.index(slug)
    return z3.And(found[slug], *[z3.Not(found[better]) for better in ORDER[place + 1:]])


def category_at_least(found: dict[str, Any], slug: str) -> Any:
    import z3

    return z3.Or([found[s] for s in ORDER[ORDER.index(slug):]])


def category_number(found: dict[str, Any]) -> Any:
    """The category as its place in ``ORDER`` (an integer term; -1 for no cards)."""
    import z3

    term: Any = z3.IntVal(-1)
    for place, slug in enumerate(ORDER):
        term = z3.If(found[slug], place, term)
    return term
