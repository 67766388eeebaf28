"""The strength key (``strength``) of the best hand the selection rule allows (Hell of a
Deal), with the Bosses' bans and tolls: the strongest selection, as
``oracle.eval.select.best_selection`` ranks it. Each candidate selection has its key, and the
hand's key is their maximum, built as a knockout (``If`` on each comparison of two), so that
it is a term of the cards, evaluated on concrete cards by ``simplify`` as well as solved over.

The selection rule, with one to ``most`` cards from the private hand (two for a player, one
more with Up Your Sleeve, three for a Boss who may use three) and the rest from the board,
five at most:

- **Bans** (a Boss's banned values, Eenie Meanie's board high card): a banned card is removed
  before anything is chosen. Each candidate takes ``k`` private cards and ``min(5 - k, b)``
  board cards by position, and a banned card among them is *missing* from its key (the key
  of the cards present, as a partial hand). A candidate with a banned card is then the key of
  a smaller legal choice, never stronger than the legal selection holding it (a card more
  never weakens a hand), and every legal selection is a candidate with exactly its cards
  present. A candidate counts only with one of its private cards present; with no legal
  private card at all, the board alone (five of it) is ranked, as the engine does; with no
  legal card, the hand has no key (below every hand).
- **Tolls** (The Boatman): a card of a tolled value may be used only for a Soul paid, up to
  ``paid``. A smaller selection may then be the best (it leaves a tolled card out), so every
  choice of ``k`` private and at most ``5 - k`` board cards is a candidate, kept when its
  tolled cards present are ``paid`` at most.

Without wild cards (the Hell of a Deal ranking) each selection's key comes from the rank
counts alone (``plain_key``: five cards of one deck hold a flush or a straight only with five
ranks), a fifth of the terms of ``strength_key``'s category patterns.

The search does not use these keys: two players' maxima of 45 selections each left Z3 without
an answer for over 60 s on a search the check proposal by proposal answers in 10 s.

Z3 is imported inside the functions; importing this module costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Sequence

from oracle.eval.rulesets import Ruleset
from oracle.solve.smt.cards import CardTerm
from oracle.solve.smt.strength import compare, strength_key

Define = Callable[[Any], Any]


def bottom_key(like: Sequence[Any]) -> list[Any]:
    """A key below every hand's (no hand at all): category -1, nothing else."""
    import z3

    return [z3.IntVal(-1), z3.IntVal(0)] + [z3.BoolVal(False)] * (len(like) - 2)


def maximum(keys: Sequence[Sequence[Any]], define: Define | None = None) -> list[Any]:
    """The greatest of several keys, lexicographically, as terms: a knockout of pairs, so
    that the terms nest as deep as the logarithm of the number of keys."""
    import z3

    round_ = [list(key) for key in keys]
    while len(round_) > 1:
        winners = []
        for first, second in zip(round_[::2], round_[1::2]):
            ahead = compare(second, ">", first)
            if define is not None:
                ahead = define(ahead)
            best = [z3.If(ahead, new, old) for new, old in zip(second, first)]
            winners.append([define(term) for term in best] if define is not None else best)
        round_ = winners + round_[len(round_) - len(round_) % 2:]
    return round_[0]


@dataclass(frozen=True)
class Restrictions:
    """What the selection rule lets a hand use: one to ``most`` private cards (none only when
    no private card is legal); a card for which ``banned`` is true is removed; of the cards
    for which ``tolled`` is true, at most ``paid`` are used (``paid`` None: no toll in force)."""

    most: int = 2
    banned: Callable[[CardTerm], Any] | None = None
    tolled: Callable[[CardTerm], Any] | None = None
    paid: int | None = None


def selection_key(hand: Sequence[CardTerm], board: Sequence[CardTerm], ruleset: Ruleset,
                  rules: Restrictions = Restrictions(), define: Define | None = None) -> list[Any] | None:
    """The key of the best hand the selection rule allows ``hand`` with ``board`` (see the
    module's docstring); None when there are no cards."""
    import z3

    hand, board = list(hand), list(board)
    if not hand and not board:
        return None
    legal = {id(c): (z3.Not(rules.banned(c)) if rules.banned is not None else z3.BoolVal(True)) for c in hand + board}
    tolls = rules.paid is not None and rules.tolled is not None and rules.paid < 5
    keys, guards = [], []
    for mine, theirs in _candidates(hand, board, rules.most, tolls):
        chosen = [*mine, *theirs]
        present = [legal[id(c)] for c in chosen]
        guard = z3.BoolVal(True)
        if tolls:
            used = z3.Sum([z3.If(z3.And(p, rules.tolled(c)), 1, 0) for p, c in zip(present, chosen)])
            guard = used <= rules.paid
        if mine:  # one private card at least
            guard = z3.And(guard, z3.Or(present[:len(mine)]))
        else:  # the board alone: only when no private card is legal
            guard = z3.And(guard, *[z3.Not(legal[id(c)]) for c in hand])
        keys.append(plain_key(chosen, present) if not ruleset.has_wilds else
                    strength_key(chosen, ruleset, define=define, present=present))
        guards.append(guard)
    nothing = z3.And([z3.Not(legal[id(c)]) for c in hand + board])
    guards = [z3.And(g, z3.Not(nothing)) for g in guards]
    floor = bottom_key(keys[0])
    guarded = [[z3.If(g, term, low) for term, low in zip(key, floor)] for key, g in zip(keys, guards)]
    return maximum(guarded, define)


def _candidates(hand: list, board: list, most: int, every_size: bool):
    """The choices of private and board cards to key: ``k`` of the hand (1 to ``most``) with
    ``min(5 - k, b)`` of the board, or with every smaller number too; then the board alone."""
    for k in range(0, min(most, len(hand), 5) + 1):
        take = min(5 - k, len(board))
        sizes = range(take + 1) if every_size else (take,)
        for mine in combinations(hand, k):
            for size in sizes:
                for theirs in combinations(board, size):
                    if mine or theirs:
                        yield mine, theirs


def plain_key(cards: Sequence[CardTerm], present: Sequence[Any]) -> list[Any]:
    """The key (``strength``) of at most five cards without wild cards, those ``present``:
    the same terms as ``strength_key`` gives them, from the rank counts alone."""
    import z3

    from oracle.eval.strength import FLUSH, FULL_HOUSE, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR
    from oracle.solve.smt.categories import RANK_COUNT, WINDOWS
    from oracle.solve.smt.strength import GROUP_SIZES

    ranks = [[z3.If(z3.And(p, c.rank == r), 1, 0) for r in range(RANK_COUNT)] for c, p in zip(cards, present)]
    n = [z3.Sum([row[r] for row in ranks]) for r in range(RANK_COUNT)]
    five = len(cards) == 5
    if five:
        fits = [z3.Sum([z3.If(n[r] >= 1, 1, 0) for r in w]) == 5 for w in WINDOWS]
        run = z3.Or(fits)
        suited = z3.And(*present, *[c.suit == cards[0].suit for c in cards[1:]])
    else:
        fits, run, suited = [], z3.BoolVal(False), z3.BoolVal(False)
    pairs = z3.Sum([z3.If(x == 2, 1, 0) for x in n])
    three, four = z3.Or([x == 3 for x in n]), z3.Or([x == 4 for x in n])
    # Five cards of one deck in one suit hold five ranks: a flush or a straight has no group.
    number: Any = z3.If(pairs >= 1, z3.If(pairs == 2, TWO_PAIR, PAIR), 0)
    number = z3.If(three, z3.If(pairs >= 1, FULL_HOUSE, TRIPS), number)
    number = z3.If(z3.And(run, z3.Not(suited)), STRAIGHT, number)
    number = z3.If(z3.And(suited, z3.Not(run)), FLUSH, number)
    number = z3.If(four, QUADS, number)
    number = z3.If(z3.And(run, suited), STRAIGHT_FLUSH, number)
    top: Any = z3.IntVal(0)
    for window, fit in zip(WINDOWS, fits):
        top = z3.If(fit, 5 if window[0] == RANK_COUNT - 1 else window[-1] + 2, top)
    bits = [z3.And(z3.Not(run), n[r] == size) if size < 5 else z3.BoolVal(False)
            for size in GROUP_SIZES for r in reversed(range(RANK_COUNT))]
    return [number, z3.If(run, top, 0)] + bits
