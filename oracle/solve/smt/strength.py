"""A hand's whole strength as Z3 terms, so that ``strength(A) > strength(B)``, ties and
winners are stated to Z3 natively: a **key** whose lexicographic order is the evaluator's
order of strengths (``oracle.eval.strength``), tie-breaks and all.

The key of one to five cards is ``[category, extra, bits...]``: the evaluator's category
number, one small number, and 65 true/false terms, "rank ``r`` makes a group of ``s`` cards"
for ``s`` from 5 down to 1 and ``r`` from the Ace down. It follows from the counts of the
natural cards of each rank ``n_r``, the wild cards ``W`` and whether the natural cards share
a suit, as the evaluator's tables read a hand, and from the category:

- **Groups** (high card, pairs, three and four of a kind, full house, five of a kind): every
  wild joins the largest natural group, the higher rank among equal ones (the Aces when no
  card is natural), up to four cards of a rank (five where five of a kind exists); a wild
  left over (a Joker with four natural cards of a rank) is the highest other rank, a kicker.
  The bits say which ranks make groups of each size. Hands of one category compare "first
  the most important cards (the four, the three, the higher pair ...), then the rest from the
  top" (Diablo: Hand ranking): the groups of the largest size first, and two sets of ranks of
  one size compare as their highest rank not in both, which is how the bits compare.
- **Straights** and straight flushes: ``extra`` is the top (the natural cards lie in one
  window of five ranks: ``min(A, lowest + 4)``, or the Five of the wheel when only A-2-3-4-5
  holds them); no bit is set.
- **Flushes**: the five ranks, as the bits of groups of one. A wild is a card of the flush
  suit; where it may not copy a held card (every rulebook: "It may not copy a card you
  already hold ... except to make five of a kind", Diablo: Hand ranking) it is the highest
  rank of the suit not held; under the house rule ``wild_may_copy`` it is an Ace, ``extra``
  counts the Aces and the bits hold the other ranks.

Small numbers and true/false terms rather than the evaluator's one large number: Z3 decides
a comparison of keys by propagation, where the number would take it into arithmetic with
coefficients of 15**5. Hands of one to five cards are encoded here; the best five of more
(Drawing Dead's upcards) by ``best_five`` from the whole hand's counts, under the rulesets
with one wild card at most and no five of a kind (Drawing Dead, standard, Hell of a Deal);
under Diablo's deuces ``strength_key`` returns None for more than five cards, and the search
then checks those comparisons candidate by candidate. Hell of a Deal's selection rule, with
its bans, tolls and three-card Bosses, has a key in ``best`` (the maximum over the
selections), which the search does not use: Z3 took longer over it than the check does. The
tests check, on every five-card hand of each ruleset class by class, that the keys are ordered
exactly as the evaluator's strengths, and the best five of six and seven on samples.

Z3 is imported inside the functions; importing this module costs nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.eval.strength import CATEGORY_ORDER
from oracle.solve.smt.cards import ACE_RANK, CardTerm
from oracle.solve.smt.categories import ORDER, RANK_COUNT, category_number, hand_counts, patterns

RUNS = ("straight", "straight_flush", "royal_flush")
# Each place of ``categories.ORDER`` as the evaluator's category number (the royal flush is
# its best straight flush).
EVALUATOR_NUMBER = tuple(CATEGORY_ORDER.index("straight_flush" if slug == "royal_flush" else slug) for slug in ORDER)
GROUP_SIZES = (5, 4, 3, 2, 1)  # the bits' levels, most significant first


def _group_counts(naturals: Sequence[Any], wilds: Any, cap: int) -> list[Any]:
    """The cards of each rank once the wilds are placed: all on the largest natural group
    (the higher rank among equals, the Aces when none is natural), up to ``cap``; one left
    over is the highest other rank."""
    import z3

    chosen = []  # (n_r, r) above every other (n_u, u)
    for rank, n in enumerate(naturals):
        chosen.append(z3.And([n >= other if u < rank else n > other for u, other in enumerate(naturals) if u != rank]))
    over = [z3.If(z3.And(chosen[rank], n + wilds > cap), n + wilds - cap, 0) for rank, n in enumerate(naturals)]
    spill = z3.Sum(over)
    counts = []
    for rank, n in enumerate(naturals):
        kicker = z3.Not(chosen[ACE_RANK]) if rank == ACE_RANK else (chosen[ACE_RANK] if rank == ACE_RANK - 1 else False)
        counts.append(n + z3.If(chosen[rank], wilds - over[rank], 0) + z3.If(kicker, spill, 0))
    return counts


def _run_top(naturals: Sequence[Any]) -> Any:
    """The top value (2-14) of the best straight the natural cards fit (they fit one: the
    category says so)."""
    import z3

    present = [n >= 1 for n in naturals]
    highest, lowest = z3.IntVal(ACE_RANK), z3.IntVal(ACE_RANK)  # no natural card: A-K-Q-J-T
    for rank in range(RANK_COUNT):  # upwards: the last present rank is the highest
        highest = z3.If(present[rank], rank, highest)
    for rank in reversed(range(RANK_COUNT)):
        lowest = z3.If(present[rank], rank, lowest)
    return z3.If(highest - lowest <= 4, z3.If(lowest + 4 > ACE_RANK, ACE_RANK, lowest + 4) + 2, 5)


def _flush_ranks(naturals: Sequence[Any], wilds: Any) -> list[Any]:
    """The ranks of a flush whose wilds may not copy a held card: the natural ones, and the
    highest ones not held, one for each wild."""
    import z3

    ranks = []
    for rank, n in enumerate(naturals):
        missing_above = z3.Sum([z3.If(naturals[u] == 0, 1, 0) for u in range(rank + 1, RANK_COUNT)] or [z3.IntVal(0)])
        ranks.append(z3.Or(n >= 1, missing_above < wilds))
    return ranks


def strength_key(cards: Sequence[CardTerm], ruleset: Ruleset, found: dict[str, Any] | None = None,
                 define: Callable[[Any], Any] | None = None) -> list[Any] | None:
    """The key of the cards (see the module's docstring), None for none. ``found`` is the
    cards' ``categories.patterns``, when already built; ``define``, when given, turns each
    term into a fresh unknown equal to it (Z3 reasons faster over named terms)."""
    import z3

    if len(cards) > 5:
        from oracle.solve.smt.best_five import best_five_key, encoded

        return best_five_key(cards, ruleset, define, found) if encoded(ruleset) else None
    if not cards:
        return None
    found = found if found is not None else patterns(cards, ruleset)
    counts = hand_counts(cards, ruleset)
    place = category_number(found)
    number: Any = z3.IntVal(0)
    for index, evaluator in enumerate(EVALUATOR_NUMBER):
        number = z3.If(place == index, evaluator, number)
    wildless = not ruleset.has_wilds
    grouped = counts.naturals if wildless else _group_counts(counts.naturals, counts.wilds, 5 if ruleset.five_of_a_kind else 4)
    bits = {(size, rank): grouped[rank] == size for size in GROUP_SIZES for rank in range(RANK_COUNT)}
    extra: Any = z3.IntVal(0)
    if len(cards) == 5:
        is_run = z3.Or([place == ORDER.index(slug) for slug in RUNS])
        is_flush = place == ORDER.index("flush")
        if ruleset.wild_may_copy:
            ace = counts.naturals[ACE_RANK] + counts.wilds
            flush = [counts.naturals[rank] >= 1 if rank != ACE_RANK else z3.BoolVal(False) for rank in range(RANK_COUNT)]
        else:
            flush = [n >= 1 for n in counts.naturals] if wildless else _flush_ranks(counts.naturals, counts.wilds)
            ace = z3.IntVal(0)
        extra = z3.If(is_run, _run_top(counts.naturals), z3.If(is_flush, ace, 0))
        for (size, rank), bit in bits.items():
            bits[size, rank] = z3.And(z3.Not(is_run), z3.If(is_flush, flush[rank] if size == 1 else False, bit))
    key = [number, extra] + [bits[size, rank] for size in GROUP_SIZES for rank in reversed(range(RANK_COUNT))]
    return [define(term) for term in key] if define is not None else key


def compare(left: Sequence[Any], op: str, right: Sequence[Any]) -> Any:
    """Two keys compared (``>``, ``>=``, ``<``, ``<=``, ``==``, ``!=``), lexicographically."""
    import z3

    if op in ("<", "<="):
        return compare(right, {"<": ">", "<=": ">="}[op], left)
    if op in ("==", "!="):
        same = z3.And([a == b for a, b in zip(left, right)])
        return same if op == "==" else z3.Not(same)
    result = z3.BoolVal(op == ">=")  # all equal: true for >=, false for >
    for a, b in reversed(list(zip(left, right))):
        above = z3.And(a, z3.Not(b)) if z3.is_bool(a) else a > b
        result = z3.Or(above, z3.And(a == b, result))
    return result
