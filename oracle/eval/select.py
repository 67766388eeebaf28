"""The selection rule: the best hand from a private hand and a board, one API for every game.

Take between ``min_private`` and ``max_private`` cards from the private hand and the rest from
the board, five at most. Cards of banned ranks are removed first. Cards of tolled ranks may
be used only at a price per card (The Boatman's Souls), so the answer depends on how many
may be paid for. With fewer than five legal cards, the partial hand is ranked.

Hell of a Deal, "Showdown Phase": a player "selects 1 or 2 cards from their hand and up to 4
Community cards"; the Boss uses his "Hole card(s) (using 1 card is mandatory) plus the best
possible Community cards".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Sequence

from oracle.cards import Card, Rank
from oracle.eval.evaluate import HandRank, explain, strength_of_codes
from oracle.eval.rulesets import Ruleset, find_ruleset
from oracle.errors import InvalidHandError
from oracle.words import plural


@dataclass(frozen=True)
class Limits:
    """How many cards come from the private hand, and which ranks are restricted."""

    min_private: int = 0
    max_private: int = 5
    banned_ranks: frozenset[Rank] = frozenset()
    tolled_ranks: frozenset[Rank] = frozenset()
    # How many tolled cards may be paid for; ``None`` means tolls are not in force.
    max_tolled: int | None = None


@dataclass(frozen=True)
class Selection:
    """The best legal hand, where its cards came from, and what was kept out and why."""

    hand: HandRank
    from_private: tuple[Card, ...]
    from_board: tuple[Card, ...]
    banned: tuple[Card, ...] = ()
    tolled_used: tuple[Card, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def strength(self) -> int:
        return self.hand.strength

    def to_json(self) -> dict:
        data = self.hand.to_json()
        data.update(
            {
                "from_private": [str(c) for c in self.from_private],
                "from_board": [str(c) for c in self.from_board],
                "banned": [str(c) for c in self.banned],
                "tolled_used": [str(c) for c in self.tolled_used],
                "souls_paid": len(self.tolled_used),
                "notes": list(self.notes),
            }
        )
        return data


def best_selection(
    private: Sequence[Card],
    board: Sequence[Card],
    ruleset: Ruleset | str,
    limits: Limits = Limits(),
) -> Selection:
    """The strongest hand the selection rule allows."""
    ruleset = find_ruleset(ruleset)
    banned = tuple(c for c in (*private, *board) if c.rank in limits.banned_ranks)
    legal_private = [c for c in private if c.rank not in limits.banned_ranks]
    legal_board = [c for c in board if c.rank not in limits.banned_ranks]
    notes: list[str] = []
    low = limits.min_private
    if len(legal_private) < low:
        # Nothing in the rulebooks covers a hand with too few legal private cards; we use
        # all that are legal rather than rank no hand at all.
        notes.append(
            f"only {plural(len(legal_private), 'legal private card')}, fewer than the {low} required"
        )
        low = len(legal_private)
    high = min(limits.max_private, len(legal_private), 5)

    def toll_count(cards: Sequence[Card]) -> int:
        return sum(1 for c in cards if c.rank in limits.tolled_ranks)

    best: tuple[int, int] | None = None
    best_pick: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    for k in range(low, high + 1):
        most = min(5 - k, len(legal_board))
        # More cards never make a weaker hand, so without tolls only the largest draw from
        # the board matters; with tolls a smaller one may avoid paying.
        sizes = range(most + 1) if limits.max_tolled is not None else (most,)
        for mine, theirs in (
            (m, t) for m in combinations(legal_private, k) for j in sizes for t in combinations(legal_board, j)
        ):
            if not mine and not theirs:
                continue
            tolls = toll_count(mine) + toll_count(theirs)
            if limits.max_tolled is not None and tolls > limits.max_tolled:
                continue
            value = strength_of_codes([c.code for c in (*mine, *theirs)], ruleset)
            # Among equal hands prefer the one paying fewer tolls.
            key = (value, -tolls)
            if best is None or key > best:
                best, best_pick = key, (mine, theirs)
    if best is None:
        raise InvalidHandError("no legal cards to make a hand from")
    mine, theirs = best_pick
    hand = explain([*mine, *theirs], best[0], ruleset)
    tolled = tuple(c for c in (*mine, *theirs) if c.rank in limits.tolled_ranks)
    if limits.max_tolled is None:
        tolled = ()
    return Selection(hand, tuple(mine), tuple(theirs), banned, tolled, tuple(notes))


def best_by_tolls(
    private: Sequence[Card],
    board: Sequence[Card],
    ruleset: Ruleset | str,
    limits: Limits,
    souls: int,
) -> list[Selection]:
    """Under The Boatman: the best hand for each number of Souls paid, from 0 up to
    ``souls`` (the Souls in the pot). A number of Souls that buys nothing better than
    fewer Souls is left out, so every entry is a strict improvement."""
    answers: list[Selection] = []
    # A hand holds at most five cards, so no more than five Souls can ever buy anything.
    for paid in range(min(souls, 5) + 1):
        bounded = Limits(
            limits.min_private,
            limits.max_private,
            limits.banned_ranks,
            limits.tolled_ranks,
            max_tolled=paid,
        )
        selection = best_selection(private, board, ruleset, bounded)
        if answers and selection.strength <= answers[-1].strength:
            continue
        answers.append(selection)
    return answers

