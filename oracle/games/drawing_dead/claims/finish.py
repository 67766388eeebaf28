"""The poker-only finish of a cheapest claim: the fewest stash poker cards that, played as
upcards, beat the holder (with free swaps first, when the search asks), on card codes."""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from oracle.budget import Budget
from oracle.cards import Card, full_deck
from oracle.eval import DRAWING_DEAD
from oracle.eval.evaluate import effective_codes
from oracle.eval.tables import five_card_tables

from ..rules import hand_strength

MOST_CARDS = 5  # a smallest winning set never has more: the best five already win
SUIT_BITS = 0xF000  # in a card's code (see oracle.cards)


class SearchStopped(Exception):
    """The search met its time limit or memory limit; ``bound`` says which."""

    def __init__(self, bound: str):
        super().__init__(bound)
        self.bound = bound


class Finisher:
    """The fewest stash poker cards that, played as upcards, beat the holder: the
    poker-only finish, memoised on card sets (any order of them plays alike). Cards are
    their codes (``Card.code``), ranked with the evaluator's five-card tables."""

    def __init__(self, budget: Budget | None):
        self.budget = budget
        tables = five_card_tables(DRAWING_DEAD)
        self.flush, self.plain = tables["flush"], tables["nonflush"]
        self.effective = effective_codes(DRAWING_DEAD)  # the Joker reads as a wild card
        self.card_of = {card.code: card for card in full_deck(jokers=1)}
        self.targets: dict[frozenset | None, int] = {}
        self.cache: dict[tuple, list] = {}  # (up, stash, holder) -> [largest size that fails, found]
        self.swap_cache: dict[tuple, int | None] = {}
        self.work = 0

    def target(self, holder: frozenset | None) -> int:
        """What must be beaten: -2 for an unclaimed Button (even no upcards take it)."""
        value = self.targets.get(holder)
        if value is None:
            value = -2 if holder is None else hand_strength([self.card_of[c] for c in holder])
            self.targets[holder] = value
        return value

    def within(self, up: frozenset, stash: frozenset, holder: frozenset | None, t: int) -> bool:
        entry = self.cache.get((up, stash, holder))
        if entry is None:
            entry = self.cache[(up, stash, holder)] = [-1, None]
        if entry[1] is not None:
            return entry[1] <= t
        target = self.target(holder)
        for size in range(entry[0] + 1, min(t, len(stash), MOST_CARDS) + 1):
            if any(value > target for _, value in self._ranked(tuple(up), tuple(stash), size, target)):
                entry[1] = size
                return True
            entry[0] = size
        return False

    def minimum(self, up: frozenset, stash: frozenset, holder: frozenset | None) -> int | None:
        self.within(up, stash, holder, MOST_CARDS)
        return self.cache[(up, stash, holder)][1]

    def best(self, up: list[Card], stash: list[Card], holder: frozenset | None) -> tuple[list[Card], int] | None:
        """The smallest winning set of stash cards and its hand's strength; among sets of
        that size the strongest hand, then the first in stash order."""
        codes = tuple(c.code for c in up), tuple(c.code for c in stash)
        size = self.minimum(frozenset(codes[0]), frozenset(codes[1]), holder)
        if size is None:
            return None
        target, found = self.target(holder), None
        for chosen, value in self._ranked(*codes, size, None):
            if value > target and (found is None or value > found[1]):
                found = (chosen, value)
        return [self.card_of[code] for code in found[0]], found[1]

    def with_swaps(self, up: frozenset, stash: frozenset, holder: frozenset | None, swaps: int) -> int | None:
        """The fewest cards to pay for when ``swaps`` free swaps come first and nothing
        else: a swap puts a stash card up for an upcard the final hand does without, so a
        hand H of at most five costs its stash cards less the swaps that upcards outside H
        can pay for. (Playing a swapped-out card back would cost what the swap saved.)"""
        key = (up, stash, holder, swaps)
        if key in self.swap_cache:
            return self.swap_cache[key]
        target, up, found = self.target(holder), tuple(up), None
        ups = [[self._fold(k) for k in combinations(up, size)] for size in range(min(len(up), MOST_CARDS) + 1)]
        for size in range(min(len(stash), MOST_CARDS) + 1):
            if found is not None and size - min(swaps, len(up)) >= found:
                break  # more stash cards cost at least this much
            for chosen in combinations(stash, size):
                self._tick()
                product, suits, ranks = self._fold(chosen)
                # the fewest upcards with it that win: more upcards never weaken a hand
                for kept in range(min(len(up), MOST_CARDS - size) + 1):
                    cost = max(0, size - min(swaps, len(up) - kept))
                    if found is not None and cost >= found:
                        break
                    if any(self._value(product * p, suits & s, ranks | r, size + kept) > target
                           for p, s, r in ups[kept]):
                        found = cost
                        break
                if found == 0:
                    break
            if found == 0:
                break
        self.swap_cache[key] = found
        return found

    def _ranked(self, up: tuple, stash: tuple, size: int, enough: int | None) -> Iterator[tuple[tuple, int]]:
        """Each ``size`` stash cards with the strength of the upcards and them, for a size
        no smaller set wins at: the best five of a winning set then holds all of it (else
        fewer cards would win), so only fives holding all of it are ranked. With
        ``enough``, a set's fives are ranked only until one beats it."""
        room = min(MOST_CARDS - size, len(up))
        kept = [self._fold(k) for k in combinations(up, room)]
        cards, flush, plain = size + room, self.flush, self.plain
        for chosen in combinations(stash, size):
            self._tick()
            if not cards:
                yield chosen, -1  # no upcards: any card beats it
                continue
            product, suits, ranks = self._fold(chosen)
            best = -1
            for k_product, k_suits, k_ranks in kept:  # _value, inlined: the innermost loop
                if cards == MOST_CARDS and suits & k_suits:
                    value = flush[(ranks | k_ranks) >> 16]
                else:
                    value = plain[product * k_product]
                if value > best:
                    best = value
                    if enough is not None and value > enough:
                        break
            yield chosen, best

    def _value(self, product: int, suits: int, ranks: int, cards: int) -> int:
        """The strength of ``cards`` cards folded as ``_fold`` does; -1 for none."""
        if not cards:
            return -1  # no upcards: any card beats it
        if cards == MOST_CARDS and suits:
            return self.flush[ranks >> 16]
        return self.plain[product]

    def _tick(self) -> None:
        self.work += 1
        if self.work & 1023 == 1 and self.budget is not None and self.budget.expired():
            raise SearchStopped("time_limit")

    def _fold(self, codes) -> tuple[int, int, int]:
        """The rank primes multiplied, the suit bits all share, the rank bits any has (the
        evaluator's reading of a hand of codes)."""
        product, suits, ranks, effective = 1, SUIT_BITS, 0, self.effective
        for code in codes:
            code = effective[code]
            product *= code & 0xFF
            suits &= code
            ranks |= code
        return product, suits, ranks
