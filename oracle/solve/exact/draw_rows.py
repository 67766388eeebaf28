"""Best-swap's answer rows: one row per group of equivalent choices, with the figures each
method gives (counts and fractions when counted, 95 % intervals when sampled), best first."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any, Sequence

from oracle.cards import Card, format_cards
from oracle.eval.strength import CATEGORY_ORDER, CATEGORY_SLUGS, STRAIGHT_FLUSH, category_slug, decode, encode

Z95 = 1.959963984540054


def weakest_hand(slug: str) -> int:
    """The strength below every hand of this kind (a category slug), so that a final hand is
    at least that kind exactly when its strength is at least this. A royal flush is a
    straight flush to the Ace: it shares the straight flush's category number, so its line
    is the Ace-high straight flush, not the category."""
    if slug == "royal_flush":
        return encode(STRAIGHT_FLUSH, (14,))
    return encode(CATEGORY_ORDER.index(slug), ())


def _rows(results: list, hand: Sequence[Card], with_opponents: bool, target: str | None) -> list[dict]:
    """One row per group of equivalent choices, best first, the best (and its equals) marked."""
    groups: dict[tuple, list] = {}
    for r in results:
        groups.setdefault(r.key(), []).append(r)
    rows = [_row(members, hand, with_opponents, target) for members in groups.values()]
    rows.sort(key=lambda row: row.pop("_sort"), reverse=True)
    top_key = rows[0]["_key"] if rows else None
    for row in rows:
        row["best"] = row.pop("_key") == top_key
    return rows


def _row(members: list, hand: Sequence[Card], with_opponents: bool, target: str | None) -> dict:
    first = members[0]
    total = first.outcomes
    by_category: Counter = Counter()
    weighted = 0
    for value, count in first.strengths.items():
        slug, category = _category(value)
        by_category[slug] += count
        weighted += category * count
    expected_category = Fraction(weighted, total)
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
        least = weakest_hand(target)
        at_least = Fraction(sum(c for v, c in first.strengths.items() if v >= least), total)
        row["at_least_target"] = round(float(at_least), 6)
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
        sort = (at_least, expected_category, mean_strength)
    else:
        sort = (expected_category, mean_strength)
    row["_sort"] = sort
    row["_key"] = sort
    return row


@lru_cache(maxsize=None)
def _category(value: int) -> tuple[str, int]:
    """A final hand's kind: its slug and its category number."""
    return category_slug(value), decode(value)[0]


def _interval(p: float, n: int) -> list[float]:
    half = Z95 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return [round(max(0.0, p - half), 6), round(min(1.0, p + half), 6)]
