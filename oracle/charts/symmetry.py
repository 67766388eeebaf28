"""Starting hands up to suit symmetry: every hand of ``n`` cards from the 52, one class for all
the hands that a renaming of the suits turns into one another, with the class's size.

Suits are all equal in Diablo and in Hell of a Deal ("Suits are all equal"), and every
solver answer for a hand is the same, suits renamed, for any hand of its class: so a chart
computes one hand per class and weighs it by the class's size.

A hand is held as its ranks (highest first) and, for each rank, the set of suits it holds
as a 4-bit mask (bit ``i`` = ``SUITS[i]``). A renaming of the suits maps masks to masks; the
class's *canonical* hand is the one whose tuple of masks is smallest, and the class's size is
the number of distinct hands the 24 renamings make of it. ``burnside_count`` counts the
classes independently, by Burnside's lemma.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations, permutations
from typing import Iterator, Sequence

from oracle.cards import RANKS, SUITS, Card, Suit, check_cards
from oracle.errors import InvalidHandError

RENAMINGS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))
# MASK_IMAGE[r][mask]: the suit mask after renaming r (suit i becomes suit r[i]).
MASK_IMAGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << r[s] for s in range(4) if mask >> s & 1) for mask in range(16)) for r in RENAMINGS
)

Masks = tuple[int, ...]
# CARDS[rank index][suit index]: one Card object for each card, shared by every hand.
CARDS: tuple[tuple[Card, ...], ...] = tuple(tuple(Card(rank, suit) for suit in SUITS) for rank in RANKS)


def _rank_groups(n: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``n`` ranks (at most four of each) as rank indices, highest first,
    each rank once with its count: ((rank, count), ...) flattened to ranks repeated."""
    def walk(top: int, left: int) -> Iterator[list[tuple[int, int]]]:
        if left == 0:
            yield []
            return
        for rank in range(top, -1, -1):
            for count in range(min(4, left), 0, -1):
                for rest in walk(rank - 1, left - count):
                    yield [(rank, count), *rest]

    for groups in walk(len(RANKS) - 1, n):
        yield tuple(groups)


def _suit_choices(counts: Sequence[int]) -> Iterator[Masks]:
    """Suit masks for each rank group, introducing new suits in order (suits not yet used are
    interchangeable, so only the lowest unused ones are tried); what is left of the symmetry is
    removed by the canonical form."""
    def walk(index: int, used: int) -> Iterator[list[int]]:
        if index == len(counts):
            yield []
            return
        need = counts[index]
        for old in range(min(need, used), -1, -1):
            new = need - old
            if used + new > 4:
                continue
            fresh = sum(1 << s for s in range(used, used + new))
            for chosen in combinations(range(used), old):
                mask = fresh | sum(1 << s for s in chosen)
                for rest in walk(index + 1, used + new):
                    yield [mask, *rest]

    for masks in walk(0, 0):
        yield tuple(masks)


# The classes are kept in the cache folder (building those of five cards takes seconds); a new
# canonical order or form must change this name's version.
CLASSES_VERSION = 1


@lru_cache(maxsize=4)
def suit_classes(n: int) -> tuple[tuple[tuple[Card, ...], int], ...]:
    """Every class of ``n``-card hands as (canonical hand, class size), the canonical hands in
    order: ranks highest first (Aces first), then by suit masks."""
    from oracle.eval.tables import cached_table

    cards = [card for by_rank in CARDS for card in by_rank]  # card 4 * rank + suit
    kept = cached_table(f"suit-classes-v{CLASSES_VERSION}-{n}", lambda: _class_numbers(n))
    return tuple((tuple(cards[i] for i in numbers), size) for numbers, size in kept)


def _class_numbers(n: int) -> list[tuple[tuple[int, ...], int]]:
    """``suit_classes``, each card as its number 4 * rank + suit. The 24 renamings of every
    candidate are taken at once with numpy."""
    import numpy as np

    groups_list = list(_rank_groups(n))
    owners, rows = [], []
    for index, groups in enumerate(groups_list):
        for masks in _suit_choices([count for _, count in groups]):
            owners.append(index)
            rows.append(masks + (0,) * (n - len(masks)))
    images = np.asarray(MASK_IMAGE, dtype=np.int64)[:, np.asarray(rows, dtype=np.int64)]  # (24, rows, n)
    weights = 16 ** np.arange(n - 1, -1, -1, dtype=np.int64)
    codes = np.sort(images @ weights, axis=0)  # (24, rows): each candidate's images, sorted
    canonical_codes = codes[0]
    sizes = 1 + np.count_nonzero(np.diff(codes, axis=0), axis=0)
    order = np.lexsort((canonical_codes, np.asarray(owners)))
    out, last = [], None
    for i in order.tolist():
        key = (owners[i], int(canonical_codes[i]))
        if key == last:
            continue
        last = key
        ranks = [rank for rank, _ in groups_list[owners[i]]]
        masks = tuple(key[1] >> 4 * (n - 1 - j) & 15 for j in range(len(ranks)))
        numbers = tuple(4 * rank + s for rank, mask in zip(ranks, masks) for s in range(4) if mask >> s & 1)
        out.append((numbers, int(sizes[i])))
    return out


def _cards(ranks: Sequence[int], masks: Masks) -> tuple[Card, ...]:
    return tuple(CARDS[rank][s] for rank, mask in zip(ranks, masks) for s in range(4) if mask >> s & 1)


def _masks(cards: Sequence[Card]) -> tuple[list[int], Masks]:
    by_rank: dict[int, int] = {}
    for card in cards:
        rank = RANKS.index(card.rank)
        by_rank[rank] = by_rank.get(rank, 0) | 1 << SUITS.index(card.suit)
    ranks = sorted(by_rank, reverse=True)
    return ranks, tuple(by_rank[r] for r in ranks)


def canonical(cards: Sequence[Card]) -> tuple[tuple[Card, ...], dict[Suit, Suit]]:
    """The canonical hand of the class of ``cards`` and the renaming of suits that turns
    ``cards`` into it (apply its inverse to carry an answer back to the hand as dealt).
    Raises ``InvalidHandError`` for a card without a suit, the Joker or a card twice."""
    check_cards(cards, what="hand")
    for card in cards:
        if card.suit is None:
            raise InvalidHandError(f"give every card with its suit: {str(card)!r} has none")
    ranks, masks = _masks(cards)
    best = None
    for renaming, image in zip(RENAMINGS, MASK_IMAGE):
        mapped = tuple(image[m] for m in masks)
        if best is None or mapped < best[0]:
            best = (mapped, renaming)
    mapped, renaming = best
    return _cards(ranks, mapped), {SUITS[i]: SUITS[renaming[i]] for i in range(4)}


def class_size(cards: Sequence[Card]) -> int:
    """How many hands the class of ``cards`` holds: the distinct hands its renamings make."""
    _, masks = _masks(cards)
    return len({tuple(map(image.__getitem__, masks)) for image in MASK_IMAGE})


def rename(cards: Sequence[Card], renaming: dict[Suit, Suit]) -> tuple[Card, ...]:
    return tuple(Card(c.rank, renaming[c.suit]) for c in cards)


def inverse(renaming: dict[Suit, Suit]) -> dict[Suit, Suit]:
    return {b: a for a, b in renaming.items()}


def burnside_count(n: int) -> int:
    """The number of classes of ``n``-card hands, by Burnside's lemma: the average over the
    24 renamings of the hands each leaves unchanged. A renaming with suit cycles of lengths
    L1, L2, ... moves each rank's cards in cycles of those lengths, and a hand it keeps is a
    union of whole cycles: the coefficient of x^n in prod over ranks and cycles of (1 + x^L)."""
    total = 0
    for renaming in RENAMINGS:
        lengths = _cycle_lengths(renaming)
        poly = [1] + [0] * n
        for _ in RANKS:
            for length in lengths:
                poly = [poly[i] + (poly[i - length] if i >= length else 0) for i in range(n + 1)]
        total += poly[n]
    assert total % len(RENAMINGS) == 0
    return total // len(RENAMINGS)


def _cycle_lengths(renaming: Sequence[int]) -> list[int]:
    seen, lengths = set(), []
    for start in range(len(renaming)):
        length, i = 0, start
        while i not in seen:
            seen.add(i)
            i = renaming[i]
            length += 1
        if length:
            lengths.append(length)
    return lengths


def hands_total(n: int) -> int:
    return math.comb(52, n)
