"""Lookup tables that turn a hand's card codes into its strength in one or two dict lookups.

For a ruleset the tables are:

- ``nonflush[p]``: the best strength of a hand of one to five cards, ignoring suits, where
  ``p`` multiplies the rank primes of the natural cards and ``WILD_PRIME`` once per wild card.
- ``flush[b]``: the best strength of five cards that are all of one suit or wild, where ``b``
  holds the rank bits of the natural cards (their count tells how many are wild). The entry is
  the better of the flush reading and the plain one (four Aces beat an Ace-high flush).
- ``best7[p]`` and ``flush7[b]`` (rulesets without wild cards only): the best five of seven
  cards, by the primes of all seven and by the rank bits of a suit holding five or more.

Every entry comes from ``strength.rank_strength`` by trying each thing a wild card may
stand for, under the ruleset's rules, so the tables are the rules written out, not a second
statement of them. They take a second or two to build, and are cached with ``marshal`` in
the user's cache directory (``$ORACLE_CACHE_DIR``, else ``$XDG_CACHE_HOME/oracle``, else
``~/.cache/oracle``), written to a temporary file and renamed so a crash never leaves half a
file behind.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections import Counter
from typing import Any
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import prod
from pathlib import Path

from oracle.cards import PRIMES
from oracle.eval.rulesets import Ruleset
from oracle.eval.strength import rank_strength

TABLE_VERSION = 3
VALUES = tuple(range(2, 15))
PRIME_OF = {value: PRIMES[value - 2] for value in VALUES}
BIT_OF = {value: 1 << (value - 2) for value in VALUES}
# Stands in the product for each wild card: the prime after the Ace's 41.
WILD_PRIME = 43


def cache_dir() -> Path:
    if os.environ.get("ORACLE_CACHE_DIR"):
        return Path(os.environ["ORACLE_CACHE_DIR"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "oracle"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "oracle" / "cache"
    return Path.home() / ".cache" / "oracle"


def cached_table(name: str, build) -> Any:
    """What ``build()`` returns (anything marshal writes), kept in the cache folder under
    ``name``: read back when it is there and whole, else built and written."""
    tag = f"{sys.implementation.cache_tag}-v{TABLE_VERSION}"
    path = cache_dir() / f"{name}-{tag}.marshal"
    try:
        return marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        pass
    tables = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when a table is built: reading one needs none of it

        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(marshal.dumps(tables))
        os.replace(temp, path)
    except OSError:
        # A read-only home is no reason to fail: the tables simply are not kept.
        pass
    return tables



def _substitutions(ruleset: Ruleset, naturals: tuple[int, ...], wilds: int, flush: bool):
    """Every multiset of values the wild cards may stand for, given the natural values."""
    if flush and not ruleset.wild_may_copy:
        # In a flush a wild is a card of the flush suit; not copying means a rank not held.
        missing = [v for v in VALUES if v not in naturals]
        return combinations(missing, wilds)
    return combinations_with_replacement(VALUES, wilds)


def _legal(ruleset: Ruleset, values: tuple[int, ...]) -> bool:
    counts = Counter(values)
    top = max(counts.values())
    if top <= 4:
        return True
    return top == 5 and ruleset.five_of_a_kind


def _best_with_wilds(
    ruleset: Ruleset, naturals: tuple[int, ...], wilds: int, flush: bool, memo: dict[tuple[int, ...], int]
) -> int:
    """The best reading of the naturals plus ``wilds`` wild cards. Many substitutions give
    the same finished hand, so each one is ranked once per build through ``memo``."""
    best = -1
    for subs in _substitutions(ruleset, naturals, wilds, flush):
        values = tuple(sorted(naturals + tuple(subs)))
        value = memo.get(values)
        if value is None:
            value = memo[values] = rank_strength(values, flush=flush) if _legal(ruleset, values) else -1
        if value > best:
            best = value
    return best


def _natural_multisets(size: int):
    for values in combinations_with_replacement(VALUES, size):
        if size < 5 or max(Counter(values).values()) <= 4:
            yield values


def build_five(ruleset: Ruleset) -> dict:
    max_wilds = min(ruleset.max_wilds, 5)
    # No cards at all rank 0, below every real hand: any card beats nothing.
    nonflush: dict[int, int] = {1: 0}
    flush: dict[int, int] = {}
    plain_memo: dict[tuple[int, ...], int] = {}
    suited_memo: dict[tuple[int, ...], int] = {}
    for wilds in range(max_wilds + 1):
        wild_part = WILD_PRIME**wilds
        for total in range(max(wilds, 1), 6):
            for naturals in _natural_multisets(total - wilds):
                strength = _best_with_wilds(ruleset, naturals, wilds, False, plain_memo)
                if strength >= 0:
                    nonflush[prod(PRIME_OF[v] for v in naturals) * wild_part] = strength
        for naturals in combinations(VALUES, 5 - wilds):
            plain = nonflush.get(prod(PRIME_OF[v] for v in naturals) * wild_part, -1)
            suited = _best_with_wilds(ruleset, naturals, wilds, True, suited_memo)
            best = max(plain, suited)
            if best >= 0:
                flush[sum(BIT_OF[v] for v in naturals)] = best
    return {"nonflush": nonflush, "flush": flush}


def build_seven(five: dict) -> dict:
    """Best five of seven for a ruleset without wild cards, from its five-card tables."""
    plain5 = five["nonflush"]
    flush5 = five["flush"]
    best7: dict[int, int] = {}
    primes = [PRIME_OF[v] for v in VALUES]
    for chosen in combinations_with_replacement(range(13), 7):
        if max(Counter(chosen).values()) > 4:
            continue
        ps = [primes[i] for i in chosen]
        best7[prod(ps)] = max(plain5[prod(sub)] for sub in set(combinations(ps, 5)))
    flush7: dict[int, int] = {}
    bits = [1 << i for i in range(13)]
    for size in (5, 6, 7):
        for chosen in combinations(bits, size):
            flush7[sum(chosen)] = max(flush5[sum(sub)] for sub in combinations(chosen, 5))
    return {"best7": best7, "flush7": flush7}


@lru_cache(maxsize=None)
def five_card_tables(ruleset: Ruleset) -> dict:
    return cached_table(f"five-{ruleset.signature()}", lambda: build_five(ruleset))


@lru_cache(maxsize=None)
def seven_card_tables(ruleset: Ruleset) -> dict:
    if ruleset.has_wilds:
        raise ValueError("seven-card tables exist only for rulesets without wild cards")
    return cached_table(f"seven-{ruleset.signature()}", lambda: build_seven(five_card_tables(ruleset)))
