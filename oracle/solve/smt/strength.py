"""A hand's whole strength as a Z3 integer term: the evaluator's own number
(``oracle.eval.strength``: ``category * 15**5 + t1 * 15**4 + ... + t5``, the tie-break values
2-14 most significant first, 0 for a card a partial hand lacks), so that
``strength(A) > strength(B)``, ties and winners are stated to Z3 natively.

The category is ``categories.category_number`` (the patterns a legal reading of the wild
cards can contain). The tie-break values follow from the counts of the natural cards of each
rank ``n_r``, the wild cards ``W`` and whether the natural cards share a suit, as the
evaluator's tables read a hand, and from the category:

- **Groups** (high card, pairs, three and four of a kind, full house, five of a kind): every
  wild joins the largest natural group, the higher rank among equal ones (the Aces when no
  card is natural), up to four cards of a rank (five where five of a kind exists); a wild
  left over (a Joker with four natural cards of a rank) is the highest other rank, a kicker.
  The values are then the ranks, the larger group first and the higher rank first among
  groups of a size: "first the most important cards (the four, the three, the higher
  pair ...), then the rest from the top" (Diablo: Hand ranking).
- **Straights** and straight flushes: the natural cards lie in one window of five ranks; the
  top is the highest such window's (``min(A, lowest + 4)``), or the Five of the wheel when
  only A-2-3-4-5 holds them.
- **Flushes**: the five values from the top. A wild is a card of the flush suit; where it may
  not copy a held card (every rulebook: "It may not copy a card you already hold ... except
  to make five of a kind", Diablo: Hand ranking) it is the highest rank of the suit not held,
  else (the house rule ``wild_may_copy``) an Ace.

Hands of one to five cards are encoded; the best five of more (Drawing Dead's upcards, Hell
of a Deal's selection rule) are not (``hand_strength`` returns None), and the search then
checks those comparisons candidate by candidate. The tests check the term against the
evaluator on every five-card hand of each ruleset, class by class.

Z3 is imported inside the functions; importing this module costs nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.eval.strength import BASE, CATEGORY_ORDER
from oracle.solve.smt.cards import ACE_RANK, CardTerm
from oracle.solve.smt.categories import ORDER, RANK_COUNT, category_number, hand_counts, patterns

GROUPED = ("high_card", "pair", "two_pair", "three_of_a_kind", "full_house", "four_of_a_kind", "five_of_a_kind")
RUNS = ("straight", "straight_flush", "royal_flush")
# Each place of ``categories.ORDER`` as the evaluator's category number (the royal flush is
# its best straight flush).
EVALUATOR_NUMBER = tuple(CATEGORY_ORDER.index("straight_flush" if slug == "royal_flush" else slug) for slug in ORDER)


def _value(rank: Any) -> Any:
    """A rank index (0 for a deuce) as the evaluator's value (2 to 14)."""
    return rank + 2


def _weighted(values: Sequence[Any]) -> Any:
    """Five tie-break values as the low part of a strength."""
    import z3

    return z3.Sum([v * BASE ** (4 - i) for i, v in enumerate(values)])


def _group_values(naturals: Sequence[Any], wilds: Any, cap: int) -> list[Any]:
    """The five tie-break values of a grouped hand: groups by size, then rank, each once."""
    import z3

    best_key, chosen = z3.IntVal(-1), z3.IntVal(ACE_RANK)
    for rank, n in enumerate(naturals):  # the largest group, the higher rank among equals
        key = n * 16 + rank
        better = key > best_key
        best_key, chosen = z3.If(better, key, best_key), z3.If(better, rank, chosen)
    held = z3.Sum([z3.If(chosen == rank, n, 0) for rank, n in enumerate(naturals)])
    over = z3.If(held + wilds > cap, held + wilds - cap, 0)
    kicker = z3.If(chosen == ACE_RANK, ACE_RANK - 1, ACE_RANK)
    counts = [n + z3.If(chosen == rank, wilds - over, 0) + z3.If(kicker == rank, over, 0)
              for rank, n in enumerate(naturals)]
    keys = [c * 16 + rank for rank, c in enumerate(counts)]
    values = []
    places = []
    for rank, count in enumerate(counts):
        ahead = z3.Sum([z3.If(z3.And(counts[other] > 0, keys[other] > keys[rank]), 1, 0)
                        for other in range(RANK_COUNT) if other != rank])
        places.append(z3.If(count > 0, ahead, -1))
    for place in range(5):
        values.append(z3.Sum([z3.If(places[rank] == place, _value(rank), 0) for rank in range(RANK_COUNT)]))
    return values


def _run_top(naturals: Sequence[Any]) -> Any:
    """The top value of the best straight the natural cards fit (they fit one: the category
    says so)."""
    import z3

    present = [n >= 1 for n in naturals]
    highest, lowest = z3.IntVal(ACE_RANK), z3.IntVal(ACE_RANK)  # no natural card: A-K-Q-J-T
    for rank in range(RANK_COUNT):  # upwards: the last present rank is the highest
        highest = z3.If(present[rank], rank, highest)
    for rank in reversed(range(RANK_COUNT)):
        lowest = z3.If(present[rank], rank, lowest)
    one_window = highest - lowest <= 4
    return z3.If(one_window, _value(z3.If(lowest + 4 > ACE_RANK, ACE_RANK, lowest + 4)), 5)


def _flush_values(naturals: Sequence[Any], wilds: Any, may_copy: bool) -> list[Any]:
    """The five values of a flush, highest first: the natural cards and what the wilds are."""
    import z3

    if may_copy:
        counts = [n + (wilds if rank == ACE_RANK else 0) for rank, n in enumerate(naturals)]
    else:
        counts = []
        for rank, n in enumerate(naturals):
            missing_above = z3.Sum([z3.If(naturals[u] == 0, 1, 0) for u in range(rank + 1, RANK_COUNT)]) \
                if rank < ACE_RANK else z3.IntVal(0)
            counts.append(z3.If(n >= 1, 1, z3.If(missing_above < wilds, 1, 0)))
    values = []
    for place in range(1, 6):  # the place-th card from the top
        above = z3.IntVal(0)
        value: Any = z3.IntVal(0)
        for rank in reversed(range(RANK_COUNT)):
            value = z3.If(z3.And(above < place, above + counts[rank] >= place), _value(rank), value)
            above = above + counts[rank]
        values.append(value)
    return values


def strength_tuple(cards: Sequence[CardTerm], ruleset: Ruleset, found: dict[str, Any] | None = None,
                   define: Callable[[Any], Any] | None = None) -> list[Any] | None:
    """The evaluator's strength of one to five cards as six Z3 integer terms, compared
    lexicographically: the evaluator's category number, then the five tie-break values. None
    for more cards (the best five of more is not encoded). ``found`` is the cards'
    ``categories.patterns``, when already built. ``define``, when given, turns each of the six
    terms into a fresh unknown equal to it (a solver reasons faster over named terms).

    Six small numbers rather than one large one: Z3 reasons about them case by case, where
    the weighted sum would take it into arithmetic with coefficients of 15**5."""
    import z3

    if not 1 <= len(cards) <= 5:
        return None
    found = found if found is not None else patterns(cards, ruleset)
    counts = hand_counts(cards, ruleset)
    place = category_number(found)
    number: Any = z3.IntVal(0)
    for index, evaluator in enumerate(EVALUATOR_NUMBER):
        number = z3.If(place == index, evaluator, number)
    cap = 5 if ruleset.five_of_a_kind else 4
    grouped = _group_values(counts.naturals, counts.wilds, cap)
    if len(cards) < 5:
        parts = [number, *grouped]
    else:
        run = [_run_top(counts.naturals), *[z3.IntVal(0)] * 4]
        flush = _flush_values(counts.naturals, counts.wilds, ruleset.wild_may_copy)
        is_run = z3.Or([place == ORDER.index(slug) for slug in RUNS])
        is_flush = place == ORDER.index("flush")
        parts = [number, *[z3.If(is_run, r, z3.If(is_flush, f, g)) for r, f, g in zip(run, flush, grouped)]]
    return [define(p) for p in parts] if define is not None else parts


def hand_strength(cards: Sequence[CardTerm], ruleset: Ruleset, found: dict[str, Any] | None = None) -> Any | None:
    """The evaluator's strength of one to five cards as one Z3 integer term (None for more)."""
    parts = strength_tuple(cards, ruleset, found)
    if parts is None:
        return None
    return parts[0] * BASE ** 5 + _weighted(parts[1:])


def compare(left: Sequence[Any], op: str, right: Sequence[Any]) -> Any:
    """Two ``strength_tuple``s compared (``>``, ``>=``, ``<``, ``<=``, ``==``, ``!=``), in
    the order of their terms."""
    import z3

    if op in ("<", "<="):
        return compare(right, {"<": ">", "<=": ">="}[op], left)
    same = z3.And([a == b for a, b in zip(left, right)])
    if op in ("==", "!="):
        return same if op == "==" else z3.Not(same)
    above = z3.Or([z3.And(*[left[j] == right[j] for j in range(i)], left[i] > right[i]) for i in range(len(left))])
    return above if op == ">" else z3.Or(above, same)
