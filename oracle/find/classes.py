"""Hands enumerated whole, or one of each class of hands alike but for the names of their
suits, as numpy arrays of card indices (``4 * rank + suit``, 52 the Joker; see ``vector``).

A hand of ``k`` cards from the 52 is four rank masks, one a suit (13 bits each). Naming the
suits otherwise permutes the four masks, so a class is a multiset of four masks; its
representative lists them sorted (most cards first, then by mask, largest first), and its size
is ``4! / (m1! m2! ...)`` for the multiplicities of equal masks (two empty suits are alike).
The sizes add up to C(52, k): ``classes(5)`` gives 134,459 classes of 2,598,960 hands.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial
from typing import Iterator


def combinations(n: int, k: int):
    """Every ``k``-subset of ``range(n)``, increasing in each row, as an ``(C(n, k), k)`` array."""
    import numpy as np

    if k == 0:
        return np.zeros((1, 0), dtype=np.int16)
    rows = np.arange(n - k + 1, dtype=np.int16)[:, None]
    for step in range(1, k):
        last = rows[:, -1].astype(np.int64)
        counts = np.maximum(0, (n - (k - step)) - last)  # the values after last that leave room for the rest
        offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        new = np.repeat(last + 1, counts) + offsets
        rows = np.column_stack([np.repeat(rows, counts, axis=0), new.astype(np.int16)])
    return rows


def _masks(popcount: int) -> list[int]:
    """The 13-bit rank masks of ``popcount`` ranks, largest first."""
    return sorted((m for m in range(1 << 13) if bin(m).count("1") == popcount), reverse=True)


def _partitions(k: int, parts: int = 4, most: int = 13) -> Iterator[tuple[int, ...]]:
    """``k`` as ``parts`` non-increasing counts of at most ``most`` each."""
    if parts == 0:
        if k == 0:
            yield ()
        return
    for first in range(min(k, most), -1, -1):
        if first * parts < k:
            break
        for rest in _partitions(k - first, parts - 1, first):
            yield (first, *rest)


def _multisets(popcount: int, size: int):
    """Non-increasing ``size``-tuples of masks of ``popcount`` ranks, with each tuple's count
    of orderings' divisor (the product of the factorials of its equal masks' multiplicities)."""
    import numpy as np

    masks = _masks(popcount)
    chosen = np.array(list(combinations_with_replacement(range(len(masks)), size)), dtype=np.int64)
    chosen = chosen.reshape(-1, size)
    divisor = np.ones(len(chosen), dtype=np.int64)
    factorials = np.array([factorial(n) for n in range(size + 1)])
    for value in np.unique(chosen) if size > 1 else ():
        divisor *= factorials[(chosen == value).sum(axis=1)]
    return np.array(masks, dtype=np.int64)[chosen], divisor


def suit_classes(k: int) -> Iterator[tuple[object, object]]:
    """(cards, sizes) in chunks: one hand of each suit class of ``k``-card hands from the 52
    (an ``(n, k)`` array of card indices) and how many hands each class holds."""
    import numpy as np

    for parts in _partitions(k):
        runs = [(p, sum(1 for q in parts if q == p)) for p in sorted(set(parts), reverse=True)]
        pieces = [_multisets(p, size) for p, size in runs]
        grids = np.meshgrid(*[np.arange(len(masks)) for masks, _ in pieces], indexing="ij")
        picks = [g.ravel() for g in grids]
        masks = np.concatenate([pieces[i][0][pick] for i, pick in enumerate(picks)], axis=1)  # (n, 4)
        divisor = np.prod([pieces[i][1][pick] for i, pick in enumerate(picks)], axis=0)
        sizes = factorial(4) // divisor
        for start in range(0, len(masks), 200_000):
            yield _cards(masks[start:start + 200_000], k), sizes[start:start + 200_000]


def _cards(masks, k: int):
    """The card indices of each row of four rank masks (suit 0 to 3), increasing."""
    import numpy as np

    bits = (masks[:, None, :] >> np.arange(13)[None, :, None]) & 1  # (n, rank, suit)
    held = bits.reshape(len(masks), 52).astype(bool)  # index 4 * rank + suit
    return np.nonzero(held)[1].reshape(len(masks), k).astype(np.int16)
