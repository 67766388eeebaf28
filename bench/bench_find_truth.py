"""The true answers of three searches of ``scenarios/find/``, by brute force over every hand
with the batch evaluator (independent of Z3): run by hand, ``python bench/bench_find_truth.py``.

- ``diablo-one-deuce-loses-to-sevens``: every Diablo hand with exactly one deuce and none of
  the cards 7s 7h 6d 5c 3s, ranked against that pair of Sevens: how many lose (none).
- ``drawing-dead-joker-ties``: every strength a five-card hand with the Joker makes, against
  every strength a five-card hand without it makes: how many are shared, and one tie.
- ``diablo-three-way-split``: the strengths three hands, each with one deuce of its own,
  can share (a lower bound: among the first 60 hands of each strength), and the best split.
"""

from __future__ import annotations

import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from oracle.cards import JOKER, full_deck, parse_cards  # noqa: E402
from oracle.eval import batch, describe, strength  # noqa: E402
from oracle.find.classes import combinations as index_combinations  # noqa: E402


def _codes(cards):
    return np.array([c.code for c in cards], dtype=np.int32)


def one_deuce_loses() -> None:
    sevens = parse_cards("7s 7h 6d 5c 3s")
    target = strength(sevens, "diablo")
    deck = [c for c in full_deck() if c not in sevens]
    deuces = [c for c in deck if c.rank.value == "2"]
    others = _codes([c for c in deck if c.rank.value != "2"])
    four = others[index_combinations(len(others), 4)]
    losing = 0
    for deuce in deuces:
        hands = np.column_stack([np.full(len(four), deuce.code, dtype=np.int32), four])
        losing += int((batch.strengths(hands, "diablo") < target).sum())
    print(f"diablo-one-deuce-loses-to-sevens: {len(deuces) * len(four):,} hands with one deuce, "
          f"{losing} lose to {describe(target).description}")


def joker_ties() -> None:
    deck = [c for c in full_deck(1) if not c.is_joker]
    codes = _codes(deck)
    four = codes[index_combinations(len(codes), 4)]
    with_joker = np.column_stack([np.full(len(four), JOKER.code, dtype=np.int32), four])
    joker_strengths = batch.strengths(with_joker, "drawing-dead")
    five = codes[index_combinations(len(codes), 5)]
    plain = batch.strengths(five, "drawing-dead")
    shared = np.intersect1d(np.unique(joker_strengths), np.unique(plain))
    # One tie with no card in both hands: the rows of one shared strength, checked pairwise.
    value = shared[-1]
    a = with_joker[joker_strengths == value][0]
    b = next(row for row in five[plain == value] if not set(row) & set(a))
    to_cards = {c.code: c for c in full_deck(1)}
    print(f"drawing-dead-joker-ties: {len(np.unique(joker_strengths))} strengths with the Joker, "
          f"{len(np.unique(plain))} without, {len(shared)} shared; e.g. "
          f"{' '.join(str(to_cards[x]) for x in a)} ties {' '.join(str(to_cards[x]) for x in b)} "
          f"({describe(int(value)).description})")


def three_way_split() -> None:
    deck = full_deck()
    deuces = [c for c in deck if c.rank.value == "2"]
    others = _codes([c for c in deck if c.rank.value != "2"])
    four = others[index_combinations(len(others), 4)]
    hands = np.column_stack([np.full(len(four), deuces[0].code, dtype=np.int32), four])
    values = batch.strengths(hands, "diablo")
    to_cards = {c.code: c for c in deck}
    shared = 0
    example = None
    for value in np.unique(values)[::-1]:  # best first
        rows = four[values == value]
        # Three hands of this strength, their natural cards apart (each holds its own deuce).
        found = _three_apart(rows[:60])
        if found is not None:
            shared += 1
            example = example or (int(value), found)
    value, rows = example
    shown = " / ".join(f"{d} " + " ".join(str(to_cards[x]) for x in row) for d, row in zip(deuces, rows))
    print(f"diablo-three-way-split: {len(np.unique(values))} strengths a hand with one deuce makes, "
          f"{shared} of them made by three hands apart (searched among the first 60 hands of each); "
          f"the best: {shown} ({describe(value).description})")


def _three_apart(rows):
    for i, j in combinations(range(len(rows)), 2):
        if set(rows[i]) & set(rows[j]):
            continue
        third = next((r for r in rows if not set(r) & (set(rows[i]) | set(rows[j]))), None)
        if third is not None:
            return [rows[i], rows[j], third]
    return None


if __name__ == "__main__":
    for step in (one_deuce_loses, joker_ties, three_way_split):
        started = time.perf_counter()
        step()
        print(f"  {time.perf_counter() - started:.1f} s")
