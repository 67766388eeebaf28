"""The strength key (``strength``) of the best five of more than five cards, computed from the
counts of the whole hand rather than from each choice of five, for rulesets with one wild
card at most and no five of a kind (Drawing Dead and its Joker, standard poker, Hell of a
Deal): the evaluator ranks more cards by their best five, the strongest of every choice of
five (Drawing Dead: FAQ, "You're building the best five-card poker hand").

The category is the whole hand's (``categories.patterns`` reads more than five cards as their
best five). Within it, with ``n_r`` the natural cards of rank ``r`` and ``W`` (0 or 1) the wild:

- **Groups.** The main group is the highest rank with ``n_r + W`` cards of its size (a pair,
  three, four): with a wild there is no natural group of that size, else the hand would rank
  higher, so the wild joins the highest rank it can. A full house's pair is the highest other
  rank with two natural cards, two pair the two highest pairs (no wild: a wild with a pair
  makes three of a kind). The kickers are the highest other ranks held, as many as the five
  leave; a wild left over beside four natural cards of a rank is the highest other rank.
- **Straights** (and straight flushes, in one suit): the top of the highest window of five
  ranks the natural cards and the wild fill.
- **Flushes**: the five highest ranks of the flush suit, the wild being its highest rank not
  held (it may not copy a held card; with four natural cards of the suit it takes the rank a
  fifth would); where two suits make a flush (eight cards or more), the better of the two.

The tests check these keys against the evaluator on samples of six- and seven-card hands, and
``bench/bench_best_keys.py`` on larger ones.

Z3 is imported inside the functions; importing this module costs nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.solve.smt.cards import ACE_RANK, CardTerm
from oracle.solve.smt.categories import ORDER, RANK_COUNT, WINDOWS, category_number, hand_counts, patterns

GROUP_SIZES = (5, 4, 3, 2, 1)


def encoded(ruleset: Ruleset) -> bool:
    """Whether the best five of more cards is keyed from the counts under ``ruleset``."""
    return ruleset.max_wilds <= 1 and not ruleset.five_of_a_kind and not ruleset.wild_may_copy


def _top(holds: Sequence[Any], count: int, without: Sequence[Any] | None = None) -> list[Any]:
    """For each rank, whether it is among the ``count`` highest ranks for which ``holds`` is
    true (and ``without`` false)."""
    import z3

    eligible = [z3.And(h, z3.Not(without[r])) if without is not None else h for r, h in enumerate(holds)]
    chosen = []
    for rank in range(RANK_COUNT):
        above = [z3.If(eligible[u], 1, 0) for u in range(rank + 1, RANK_COUNT)]
        chosen.append(z3.And(eligible[rank], z3.Sum(above) < count) if above else eligible[rank])
    return chosen


def _window_top(fits: Sequence[Any]) -> Any:
    """The top (2-14) of the highest window that ``fits`` (one term a window of ``WINDOWS``)."""
    import z3

    top: Any = z3.IntVal(0)
    for window, fit in zip(WINDOWS, fits):  # lowest first: a higher window that fits wins
        top = z3.If(fit, 5 if window[0] == ACE_RANK else window[-1] + 2, top)
    return top


def _flush_bits(counts: Any) -> list[Any]:
    """The five ranks of the best flush (see the module's docstring)."""
    import z3

    best: list[Any] = [z3.BoolVal(False)] * RANK_COUNT
    for suit in range(4):
        held = [counts.suited[suit, r] for r in range(RANK_COUNT)]
        missing = _top([z3.Not(h) for h in held], 1)
        ranks = _top([z3.Or(h, z3.And(counts.wilds >= 1, m)) for h, m in zip(held, missing)], 5)
        qualifies = counts.per_suit[suit] + counts.wilds >= 5
        ahead = z3.And(qualifies, _ahead(ranks, best))
        best = [z3.If(ahead, new, old) for new, old in zip(ranks, best)]
    return best


def _ahead(first: Sequence[Any], second: Sequence[Any]) -> Any:
    """Two sets of ranks: the first is higher (its highest rank not in both is its own)."""
    import z3

    result: Any = z3.BoolVal(False)
    for a, b in zip(first, second):  # from the Deuce up: the last difference decides
        result = z3.If(a == b, result, a)
    return result


def _group_bits(counts: Any, slug: str) -> dict[tuple[int, int], Any]:
    """The bits ``(size, rank)`` of a hand of groups whose category is ``slug``."""
    import z3

    n, w = counts.naturals, counts.wilds
    held = [x >= 1 for x in n]
    bits: dict[tuple[int, int], Any] = {}
    if slug == "high_card":
        bits.update({(1, r): b for r, b in enumerate(_top(held, 5))})
    elif slug in ("pair", "three_of_a_kind", "four_of_a_kind"):
        size = {"pair": 2, "three_of_a_kind": 3, "four_of_a_kind": 4}[slug]
        main = _top([x + w >= size for x in n], 1)
        bits.update({(size, r): b for r, b in enumerate(main)})
        kickers = _top(held, 5 - size, main)
        if size == 4:  # a wild beside four natural cards: the highest other rank
            spare = z3.And(w >= 1, z3.Or([z3.And(main[r], n[r] >= 4) for r in range(RANK_COUNT)]))
            wild_kicker = [z3.Not(main[ACE_RANK]) if r == ACE_RANK else main[ACE_RANK] if r == ACE_RANK - 1 else
                           z3.BoolVal(False) for r in range(RANK_COUNT)]
            kickers = [z3.If(spare, k, b) for k, b in zip(wild_kicker, kickers)]
        bits.update({(1, r): b for r, b in enumerate(kickers)})
    elif slug == "two_pair":
        pairs = _top([x >= 2 for x in n], 2)
        bits.update({(2, r): b for r, b in enumerate(pairs)})
        bits.update({(1, r): b for r, b in enumerate(_top(held, 1, pairs))})
    elif slug == "full_house":
        three = _top([x + w >= 3 for x in n], 1)
        bits.update({(3, r): b for r, b in enumerate(three)})
        bits.update({(2, r): b for r, b in enumerate(_top([x >= 2 for x in n], 1, three))})
    return bits


def best_five_key(cards: Sequence[CardTerm], ruleset: Ruleset, define: Callable[[Any], Any] | None = None,
                  found: dict[str, Any] | None = None) -> list[Any]:
    """The key of the best five of more than five cards (``encoded(ruleset)`` must hold);
    ``found`` is the cards' ``categories.patterns``, when already built."""
    import z3

    counts = hand_counts(cards, ruleset)
    place = category_number(found if found is not None else patterns(cards, ruleset))
    if define is not None:
        place = define(place)
    is_ = {slug: place == ORDER.index(slug) for slug in ORDER}
    from oracle.solve.smt.strength import EVALUATOR_NUMBER

    number: Any = z3.IntVal(0)
    for index, evaluator in enumerate(EVALUATOR_NUMBER):
        number = z3.If(place == index, evaluator, number)
    runs = _window_top([z3.Sum([z3.If(counts.naturals[r] >= 1, 1, 0) for r in w]) + counts.wilds >= 5 for w in WINDOWS])
    suited = _window_top([z3.Or([z3.Sum([z3.If(counts.suited[s, r], 1, 0) for r in w]) + counts.wilds >= 5
                                 for s in range(4)]) for w in WINDOWS])
    extra = z3.If(is_["straight"], runs, z3.If(z3.Or(is_["straight_flush"], is_["royal_flush"]), suited, 0))
    terms: dict[tuple[int, int], list[Any]] = {}
    for slug in ("high_card", "pair", "two_pair", "three_of_a_kind", "full_house", "four_of_a_kind"):
        for spot, bit in _group_bits(counts, slug).items():
            terms.setdefault(spot, []).append(z3.And(is_[slug], bit))
    for rank, bit in enumerate(_flush_bits(counts)):
        terms.setdefault((1, rank), []).append(z3.And(is_["flush"], bit))
    key = [number, extra] + [z3.Or(terms[size, rank]) if (size, rank) in terms else z3.BoolVal(False)
                             for size in GROUP_SIZES for rank in reversed(range(RANK_COUNT))]
    return [define(term) for term in key] if define is not None else key
