"""The fixed tables of the hidden-Boss odds count: every rank multiset of a board (five ranks,
at most four of each) and of the Boss's hidden cards, and the best hand the Boss makes from
ranks alone for each pair of them (``rank_table``).

The last depends only on how many hidden cards the Boss holds and how many he may use, not on
the position, so it is worked out once per machine and kept in the oracle's cache folder (the
first time takes a few seconds).
"""

from __future__ import annotations

import os
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations

TABLE_VERSION = 1
WORKERS = 2


def _code(ranks) -> int:
    code = 0
    for r in ranks:
        code = code * 13 + r
    return code


@lru_cache(maxsize=None)
def board_sets():
    """(rows, index): every board rank multiset as five sorted rank indexes (0 Two to 12 Ace),
    and an array from a sorted multiset's code (base 13, smallest rank first) to its row."""
    import numpy as np

    rows = [c for c in combinations_with_replacement(range(13), 5) if max(c.count(r) for r in set(c)) <= 4]
    index = np.full(13 ** 5, -1, dtype=np.int64)
    for i, c in enumerate(rows):
        index[_code(c)] = i
    table = np.array(rows, dtype=np.int64)
    table.setflags(write=False)
    index.setflags(write=False)
    return table, index


@lru_cache(maxsize=None)
def own_sets(k: int):
    """(rows, index): every multiset of ``k`` ranks, sorted, and an array from the code of
    those ranks in any order to the row."""
    import numpy as np

    rows = list(combinations_with_replacement(range(13), k))
    index = np.full(13 ** k, -1, dtype=np.int64)
    for i, c in enumerate(rows):
        for order in set(permutations(c)):
            index[_code(order)] = i
    table = np.array(rows, dtype=np.int64).reshape(len(rows), k)
    table.setflags(write=False)
    index.setflags(write=False)
    return table, index


@lru_cache(maxsize=None)
def small_sets():
    """(rows, starts): every multiset of 0 to 3 ranks as a row (size, ranks sorted, -1 after),
    grouped by size; ``starts[d]`` is the first row of size ``d`` (``starts[4]`` the end)."""
    import numpy as np

    rows, starts = [], []
    for d in range(4):
        starts.append(len(rows))
        for c in combinations_with_replacement(range(13), d):
            rows.append([d, *c, *([-1] * (3 - d))])
    starts.append(len(rows))
    table = np.array(rows, dtype=np.int64)
    table.setflags(write=False)
    return table, np.array(starts, dtype=np.int64)


def splits(k: int, m: int):
    """Each way to make five cards from ``1`` to ``m`` of ``k`` own cards and the board's
    five: (own-card mask, board-card mask) rows."""
    import numpy as np

    rows = []
    for j in range(1, min(m, k, 5) + 1):
        for mine in combinations(range(k), j):
            for theirs in combinations(range(5), 5 - j):
                rows.append([sum(1 << x for x in mine), sum(1 << x for x in theirs)])
    return np.array(rows, dtype=np.int64)


@lru_cache(maxsize=None)
def boss_rank_table(k: int, m: int):
    """``table[i, q]``: the best hand of board rank multiset ``i`` with own ranks ``q`` from
    ``k`` hidden cards, using 1 to ``m`` of them, no flush counted (read from the cache
    folder, else worked out on two threads and saved there)."""
    import numpy as np

    from oracle.eval.tables import cache_dir

    boards, _ = board_sets()
    owns, _ = own_sets(k)
    path = cache_dir() / f"hod-boss-ranks-k{k}-m{m}-v{TABLE_VERSION}.npy"
    try:
        table = np.load(path)
        if table.shape == (boards.shape[0], owns.shape[0]):
            table.setflags(write=False)
            return table
    except (OSError, ValueError, EOFError):
        pass  # not there yet, or unreadable: built again below
    table = _build(boards, owns, splits(k, m))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        with open(temporary, "wb") as handle:
            np.save(handle, table)
        os.replace(temporary, path)
    except OSError:
        pass
    table.setflags(write=False)
    return table


def _build(boards, owns, cuts):
    import numpy as np
    from concurrent.futures import ThreadPoolExecutor

    from oracle.eval.jit import kernels

    module = kernels("oracle.solve.exact.holdem_hidden_kernels")
    table = np.zeros((boards.shape[0], owns.shape[0]), dtype=np.int64)
    edges = np.linspace(0, boards.shape[0], 2 * WORKERS + 1).astype(int)
    with ThreadPoolExecutor(WORKERS) as pool:
        jobs = [pool.submit(module.rank_table, boards, owns, cuts, int(lo), int(hi), table)
                for lo, hi in zip(edges[:-1], edges[1:])]
        for job in jobs:
            job.result()
    return table
