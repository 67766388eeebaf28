"""Diablo's best swap: for five cards, every legal discard with its exact odds.

For each choice (stand pat, throw one, throw two; three and four under the bigger draw) the
draw is enumerated over every set of replacement cards from the unseen deck, so the chance
of each final kind of hand is exact. Against opponents:

* hands fully known (taken as their final showdown hands): exact, by the same enumeration;
* cards not known, dealt from the same unseen deck: exact enumeration when the count of
  deals is at most ``exact_limit`` (about 10 s of work), otherwise a seeded Monte Carlo that
  states its sample size and a 95 % confidence interval for each figure.

Choices that are the same up to a swap of suits (the suits of every known card kept in
place) have identical outcome distributions and are computed once; after computing, all
choices whose whole distribution of final hands and results agree are grouped as equivalent.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any, Sequence

from oracle.cards import SUITS, Card, Rank, format_cards, full_deck
from oracle.eval import DIABLO, strength_of_codes
from oracle.eval.strength import CATEGORY_ORDER, CATEGORY_SLUGS, category_slug, decode

# About 1.5 microseconds per hand on the benchmark machine: 3 million evaluations with the
# loops around them stay well inside the 10 s the issue allows for an exact answer.
EXACT_LIMIT = 3_000_000
DEFAULT_SAMPLES = 20_000
Z95 = 1.959963984540054


@dataclass(frozen=True, kw_only=True)
class Opponent:
    """An opponent's known cards (possibly none) and how many more are dealt from the deck."""

    name: str
    known: tuple[Card, ...]
    unknown: int = 0


@dataclass(kw_only=True)
class ChoiceResult:
    discard: tuple[Card, ...]
    outcomes: int = 0
    strengths: Counter = field(default_factory=Counter)
    deals: int = 0  # draw outcomes times opponent deals (the denominator of win/tie/lose)
    win: int = 0
    tie: int = 0
    lose: int = 0
    equity: Fraction = Fraction(0)
    sampled: bool = False
    equity_sq: float = 0.0  # Monte Carlo: sum of squared per-deal equities

    def key(self) -> tuple:
        return (tuple(sorted(self.strengths.items())), self.deals, self.win, self.tie, self.lose, self.equity)


def discard_choices(hand: Sequence[Card], bigger_draw: bool = False) -> list[tuple[Card, ...]]:
    """Every legal discard: "0, 1 or 2"; under the bigger draw also three, or four when the
    one card kept is an Ace (a natural Ace: a wild 2 is not an Ace)."""
    choices: list[tuple[Card, ...]] = [()]
    top = 3 if bigger_draw else 2
    for k in range(1, top + 1):
        choices += list(combinations(hand, k))
    if bigger_draw:
        for sub in combinations(hand, 4):
            kept = [c for c in hand if c not in sub]
            if kept[0].rank is Rank.ACE:
                choices.append(sub)
    return choices


def _suit_symmetries(fixed_sets: Sequence[frozenset[Card]]) -> list[dict]:
    """Suit permutations that map each given set of cards onto itself."""
    found = []
    for perm in permutations(SUITS):
        mapping = dict(zip(SUITS, perm))
        if all(frozenset(Card(c.rank, mapping[c.suit]) for c in s) == s for s in fixed_sets):
            found.append(mapping)
    return found


def _mapped(cards: Sequence[Card], mapping: dict) -> tuple[Card, ...]:
    return tuple(sorted((Card(c.rank, mapping[c.suit]) for c in cards), key=lambda c: c.code))


def _canon(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.code))


def _opponent_strengths_known(opponents: Sequence[Opponent]) -> list[int]:
    return [strength_of_codes([c.code for c in o.known], DIABLO) for o in opponents]


def _score(mine: int, others: Sequence[int]) -> tuple[int, Fraction]:
    """(+1 win, 0 tie, -1 lose) and the share of the pot: ties share equally."""
    best = max(others)
    if mine > best:
        return 1, Fraction(1)
    if mine < best:
        return -1, Fraction(0)
    return 0, Fraction(1, 1 + sum(1 for s in others if s == best))


def _count_deals(pool: int, draw: int, unknowns: Sequence[int]) -> int:
    total = math.comb(pool, draw)
    left = pool - draw
    for u in unknowns:
        total *= math.comb(left, u)
        left -= u
    return total


def _fills(pool: list[int], unknowns: Sequence[int]):
    """Every way to deal the opponents' unknown cards from ``pool``, one opponent after another."""
    if not unknowns:
        yield ()
        return
    first, rest = unknowns[0], unknowns[1:]
    for combo in combinations(pool, first):
        taken = set(combo)
        remaining = [c for c in pool if c not in taken]
        for tail in _fills(remaining, rest):
            yield (combo, *tail)


def _evaluate_choice(
    hand: Sequence[Card],
    discard: tuple[Card, ...],
    unseen: list[Card],
    opponents: Sequence[Opponent],
    exact: bool,
    samples: int,
    rng: random.Random,
) -> ChoiceResult:
    kept = tuple(c.code for c in hand if c not in discard)
    k = len(discard)
    codes = [c.code for c in unseen]
    result = ChoiceResult(discard=discard)
    for draw in combinations(codes, k):
        result.strengths[strength_of_codes(kept + draw, DIABLO)] += 1
    result.outcomes = sum(result.strengths.values())
    if not opponents:
        return result
    unknowns = [o.unknown for o in opponents]
    known_codes = [tuple(c.code for c in o.known) for o in opponents]
    if not any(unknowns):
        others = _opponent_strengths_known(opponents)
        for mine, count in result.strengths.items():
            sign, share = _score(mine, others)
            _tally(result, sign, share, count)
        result.deals = result.outcomes
        return result
    if exact:
        for draw in combinations(codes, k):
            mine = strength_of_codes(kept + draw, DIABLO)
            taken = set(draw)
            pool = [c for c in codes if c not in taken]
            for fill in _fills(pool, unknowns):
                others = [strength_of_codes(known_codes[j] + fill[j], DIABLO) for j in range(len(opponents))]
                sign, share = _score(mine, others)
                _tally(result, sign, share, 1)
        result.deals = result.win + result.tie + result.lose
        return result
    result.sampled = True
    need = k + sum(unknowns)
    square = 0.0
    for _ in range(samples):
        cards = rng.sample(codes, need)
        mine = strength_of_codes(kept + tuple(cards[:k]), DIABLO)
        others = []
        at = k
        for j, u in enumerate(unknowns):
            others.append(strength_of_codes(known_codes[j] + tuple(cards[at:at + u]), DIABLO))
            at += u
        sign, share = _score(mine, others)
        _tally(result, sign, share, 1)
        square += float(share) ** 2
    result.deals = samples
    result.equity_sq = square
    return result


def _tally(result: ChoiceResult, sign: int, share: Fraction, count: int) -> None:
    if sign > 0:
        result.win += count
    elif sign < 0:
        result.lose += count
    else:
        result.tie += count
    result.equity += share * count


def best_swap(
    hand: Sequence[Card],
    *,
    opponents: Sequence[Opponent] = (),
    dead: Sequence[Card] = (),
    bigger_draw: bool = False,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
    exact_limit: int = EXACT_LIMIT,
    target: str | None = None,
) -> dict[str, Any]:
    """Every legal discard of ``hand`` with its odds, grouped, sorted, the best marked.

    ``dead`` are cards known to be out of the deck (other players' known cards, discards).
    ``target`` (a category slug) sorts by the chance to finish with at least that hand when
    no opponent is given; otherwise the order is the expected kind of hand."""
    hand = tuple(hand)
    seen = set(hand) | set(dead) | {c for o in opponents for c in o.known}
    unseen = [c for c in full_deck() if c not in seen]
    choices = discard_choices(hand, bigger_draw)
    unknowns = [o.unknown for o in opponents]
    work = sum(_count_deals(len(unseen), len(d), unknowns) for d in choices) if any(unknowns) else 0
    exact = work <= exact_limit
    symmetries = _suit_symmetries(
        [frozenset(hand), frozenset(dead)] + [frozenset(o.known) for o in opponents]
    )
    computed: dict[tuple[Card, ...], ChoiceResult] = {}
    results: list[ChoiceResult] = []
    for index, discard in enumerate(choices):
        canon = _canon(discard)
        twin = next((computed[_mapped(discard, m)] for m in symmetries if _mapped(discard, m) in computed), None)
        if twin is None:
            rng = random.Random(seed * 1_000_003 + index)
            twin = _evaluate_choice(hand, discard, unseen, opponents, exact, samples, rng)
            computed[canon] = twin
        results.append(_as_choice(twin, discard))
    groups: dict[tuple, list[ChoiceResult]] = {}
    for r in results:
        groups.setdefault(r.key(), []).append(r)
    rows = [_row(members, hand, bool(opponents), target) for members in groups.values()]
    rows.sort(key=lambda row: row.pop("_sort"), reverse=True)
    top_key = rows[0]["_key"] if rows else None
    for row in rows:
        row["best"] = row.pop("_key") == top_key
    answer: dict[str, Any] = {
        "hand": format_cards(hand),
        "unseen": len(unseen),
        "choices_total": len(choices),
        "groups": len(rows),
        "method": "exact" if exact else "monte-carlo",
        "sort_by": ("equity" if opponents else f"at_least_{target}" if target else "expected_category"),
        "opponents": [
            {"name": o.name, "known": format_cards(o.known), "unknown_cards": o.unknown} for o in opponents
        ],
        "choices": rows,
        "best": rows[0] if rows else None,
    }
    if any(unknowns):
        answer["deals_to_enumerate"] = work
        if not exact:
            answer.update(samples=samples, seed=seed, confidence=0.95)
    return answer


def _as_choice(source: ChoiceResult, discard: tuple[Card, ...]) -> ChoiceResult:
    copy = ChoiceResult(**{**source.__dict__, "discard": discard})
    return copy


def _row(members: list[ChoiceResult], hand: Sequence[Card], with_opponents: bool, target: str | None) -> dict:
    first = members[0]
    total = first.outcomes
    by_category: Counter = Counter()
    expected_category = Fraction(0)
    for value, count in first.strengths.items():
        by_category[category_slug(value)] += count
        expected_category += Fraction(decode(value)[0] * count, total)
    mean_strength = sum(v * c for v, c in first.strengths.items()) / total
    row: dict[str, Any] = {
        "discard": format_cards(first.discard),
        "draw": len(first.discard),
        "keep": format_cards([c for c in hand if c not in first.discard]),
        "equivalent": [format_cards(m.discard) for m in members],
        "outcomes": total,
        "counts": {slug: by_category.get(slug, 0) for slug in CATEGORY_SLUGS},
        "categories": {slug: round(by_category.get(slug, 0) / total, 6) for slug in CATEGORY_SLUGS},
        "expected_category": round(float(expected_category), 6),
    }
    if target:
        at_least = sum(c for v, c in first.strengths.items()
                       if decode(v)[0] >= CATEGORY_ORDER.index(target.replace("royal_flush", "straight_flush")))
        row["at_least_target"] = round(at_least / total, 6)
    if with_opponents:
        n = first.deals
        row.update(
            win=round(first.win / n, 6), tie=round(first.tie / n, 6), lose=round(first.lose / n, 6),
            equity=round(float(first.equity / n), 6), deals=n,
        )
        if first.sampled:
            row["ci95"] = {
                name: _interval(getattr(first, name) / n, n) for name in ("win", "tie", "lose")
            }
            mean = float(first.equity / n)
            variance = max(0.0, first.equity_sq / n - mean * mean)
            half = Z95 * math.sqrt(variance / n)
            row["ci95"]["equity"] = [round(max(0.0, mean - half), 6), round(min(1.0, mean + half), 6)]
        else:
            row["exact"] = {"win": f"{first.win}/{n}", "tie": f"{first.tie}/{n}", "lose": f"{first.lose}/{n}",
                            "equity": str(first.equity / n)}
        sort = (first.equity / n, Fraction(first.win, n), expected_category, mean_strength)
    elif target:
        sort = (row["at_least_target"], expected_category, mean_strength)
    else:
        sort = (expected_category, mean_strength)
    row["_sort"] = sort
    row["_key"] = sort
    return row


def _interval(p: float, n: int) -> list[float]:
    half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return [round(max(0.0, p - half), 6), round(min(1.0, p + half), 6)]
