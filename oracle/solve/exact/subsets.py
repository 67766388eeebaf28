"""The subsets the exact counters walk, as numpy arrays: every k-subset of n places in
lexicographic order, and a table of binomial coefficients (a set's colex number is the sum of
``binom[card, place + 1]``)."""

from __future__ import annotations

import math
from functools import lru_cache


@lru_cache(maxsize=None)
def combination_rows(n: int, k: int):
    """Every k-subset of range(n) as sorted rows, in the order of ``itertools.combinations``
    (int32, read-only: the cached arrays are shared)."""
    import numpy as np

    if k == 0:
        return np.zeros((1, 0), dtype=np.int32)
    if k > n:
        return np.zeros((0, k), dtype=np.int32)
    parts = []
    for first in range(n - k + 1):
        rest = combination_rows(n - first - 1, k - 1) + (first + 1)
        parts.append(np.concatenate([np.full((rest.shape[0], 1), first, dtype=np.int32), rest], axis=1))
    rows = np.concatenate(parts, axis=0)
    rows.setflags(write=False)
    return rows


def binomial_table(n: int, k: int):
    """``binom[i, j]`` = C(i, j) for i up to ``n`` and j up to ``k`` (zero where j > i), int64."""
    import numpy as np

    return np.array([[math.comb(i, j) for j in range(k + 1)] for i in range(n + 1)], dtype=np.int64)
