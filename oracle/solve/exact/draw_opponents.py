"""Best-swap against opponents who draw too (Diablo: Playing a hand, 2. The draw).

An opponent whose five cards are unknown is dealt five from the unseen deck, discards what a
*strategy* discards from them, and draws as many. The strategy (``ChartStrategy``) is the
``diablo-draw`` chart's best hold (the hold that plays best against one opponent who stands
pat) or the mixture of a ``diablo-equilibrium`` table.
When the table saw how many cards the opponent drew, only the deals from which the strategy
draws that many are kept (what a real player knows: "Ben drew two").

This module samples, with a 95 % interval for each figure, as best-swap's Monte Carlo: for two
or more opponents who draw, and for one when its exact count (``draw_drawer``, every deal of
the opponent's five cards, its draw and the player's draw) does not fit the time or does not
apply. The deck is shuffled once for each sampled deal:
the opponents' cards and draws are dealt first, then the player's draw from what is left,
which is the same chance as dealing in seat order because every order of an unseen deck is
equally likely. The opponents' deals are shared by every choice of the player, so two choices
are compared on the same deals.
"""

from __future__ import annotations

import bisect
import itertools
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from oracle.cards import SUITS, Card, full_deck, parse_cards
from oracle.errors import FieldError
from oracle.eval import DIABLO, strength_of_codes

# Deals tried for each one kept when the draw is conditioned on what the table saw; past this
# the count the table saw is (nearly) impossible under the strategy.
TRIES_PER_DEAL = 1000


class ChartStrategy:
    """A strategy of the draw read from a folder: the ``diablo-draw`` chart's best discard
    for each hand, or the mixture of a ``diablo-equilibrium`` table (each discard with its
    chance). It deals: five cards at random (each hand as likely as in a shuffled deck, or only
    among those from which the strategy throws a given number) with the cards it throws.

    A deal chooses a hand class and one of its discards by the class's size times the
    discard's chance, then renames the suits at random: each hand of the class is then equally
    likely (a renaming that leaves the class's hand unchanged is counted once for each hand it
    reaches). A deal that holds a card not left in the deck is dealt again."""

    KINDS = ("diablo-draw", "diablo-equilibrium")

    def __init__(self, path: str | Path):
        from oracle.charts.store import ChartError, find_table, read_table

        try:
            table_path, meta = find_table(Path(path))
        except ChartError as exc:
            raise FieldError(("opponent_chart",), str(exc)) from None
        self.kind = meta.get("kind")
        if self.kind not in self.KINDS:
            raise FieldError(("opponent_chart",), f"{str(path)!r} is a {self.kind} chart, not "
                                                  f"{' or '.join(self.KINDS)}")
        if meta.get("classes") != meta.get("classes_total"):
            raise FieldError(("opponent_chart",), f"{str(path)!r} charts {meta.get('classes'):,} of "
                                                  f"{meta.get('classes_total'):,} hands: the strategy needs them all")
        self.path = str(path)
        self.record = meta
        if self.kind == "diablo-draw":
            rows = read_table(table_path, columns=["hand", "weight", "best_discard"]).to_pydict()
            self._hands = rows["hand"]
            self._entries = [(i, thrown, weight) for i, (thrown, weight)
                             in enumerate(zip(rows["best_discard"], rows["weight"]))]
        else:
            rows = read_table(table_path, columns=["hand", "weight", "discards", "probabilities"]).to_pydict()
            self._hands = rows["hand"]
            self._entries = [(i, thrown, weight * chance) for i, (discards, chances, weight)
                             in enumerate(zip(rows["discards"], rows["probabilities"], rows["weight"]))
                             for thrown, chance in zip(discards, chances)]
        self._by_draw: dict[int | None, tuple[list[int], list[float]]] = {}
        self._codes: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def deal(self, rng: random.Random, drew: int | None, left: set[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Five card codes from ``left`` and the codes the strategy throws from them; with
        ``drew``, only deals in which it throws that many."""
        entries, cumulative = self._chances(drew)
        for _ in range(TRIES_PER_DEAL):
            entry = entries[bisect.bisect_right(cumulative, rng.random() * cumulative[-1])]
            hand, thrown = self._entry_codes(entry)
            renamed = RENAMED[rng.randrange(len(RENAMED))]
            dealt = tuple(renamed[c] for c in hand)
            if all(c in left for c in dealt):
                return dealt, tuple(renamed[c] for c in thrown)
        raise FieldError(("opponent_draws",), f"the strategy almost never draws {drew} from what is left of the "
                                              f"deck (none of {TRIES_PER_DEAL} deals does)")

    def _chances(self, drew: int | None) -> tuple[list[int], list[float]]:
        if drew not in self._by_draw:
            entries = [i for i, (_, thrown, weight) in enumerate(self._entries)
                       if weight > 0 and (drew is None or len(thrown.split()) == drew)]
            if not entries:
                raise FieldError(("opponent_draws",), f"the strategy never draws {drew}")
            self._by_draw[drew] = (entries, list(itertools.accumulate(self._entries[i][2] for i in entries)))
        return self._by_draw[drew]

    def _entry_codes(self, entry: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        known = self._codes.get(entry)
        if known is None:
            index, thrown, _ = self._entries[entry]
            known = (tuple(c.code for c in parse_cards(self._hands[index])),
                     tuple(c.code for c in parse_cards(thrown)) if thrown else ())
            self._codes[entry] = known
        return known


def _renamings() -> tuple[dict[int, int], ...]:
    """For each of the 24 renamings of the suits (``symmetry.RENAMINGS``: suit ``i`` becomes
    suit ``order[i]``), each card's code to its renamed card's."""
    from oracle.charts.symmetry import RENAMINGS

    return tuple({c.code: Card(c.rank, SUITS[order[SUITS.index(c.suit)]]).code for c in full_deck()}
                 for order in RENAMINGS)


RENAMED = _renamings()


@dataclass(frozen=True)
class OpponentDeal:
    """One sampled deal of every opponent: their final strengths and the cards left unseen."""

    strengths: tuple[int, ...]
    left: tuple[int, ...]


def deal_opponents(codes: Sequence[int], known: Sequence[tuple[int, ...]], drawing: Sequence[bool],
                   drew: Sequence[int | None], strategy: ChartStrategy | None, rng: random.Random) -> OpponentDeal:
    """One deal of the opponents from the unseen ``codes``: a drawing opponent is dealt five,
    throws what ``strategy`` throws and draws as many (only hands from which it draws
    ``drew``, when given); any other opponent gets its known cards and five in all. The cards
    left are in random order (taking cards out of a shuffled deck leaves it shuffled)."""
    left = list(codes)
    rng.shuffle(left)
    strengths = []
    for own, draws, seen in zip(known, drawing, drew):
        if not draws:
            count = 5 - len(own)
            cards = own + tuple(left[:count])
            del left[:count]
        else:
            dealt, thrown = strategy.deal(rng, seen, set(left))
            for card in dealt:
                left.remove(card)
            cards = tuple(c for c in dealt if c not in thrown) + tuple(left[:len(thrown)])
            del left[:len(thrown)]
        strengths.append(strength_of_codes(cards, DIABLO))
    return OpponentDeal(tuple(strengths), tuple(left))


def sample_against_drawers(results, hand: Sequence[Card], codes: list[int], opponents, samples: int, budget, *,
                           strategy: ChartStrategy, seed: int, batch: int = 200) -> bool:
    """Best-swap's Monte Carlo with drawing opponents: ``samples`` deals shared by every
    choice in ``results`` (each a ``ChoiceResult``), tallied as ``draw._tally`` does. False
    when the budget ran out first (every choice then has the same deals)."""
    from oracle.solve.exact.draw import _kept, _tally

    rng = random.Random(seed * 1_000_003 + 7)
    known = [tuple(c.code for c in o.known) for o in opponents]
    drawing = [o.draws for o in opponents]
    drew = [o.drew for o in opponents]
    kept = [_kept(hand, r) for r in results]
    for result in results:
        result.sampled = True
    done = 0
    while done < samples:
        if budget.expired():
            return False
        for _ in range(min(batch, samples - done)):
            deal = deal_opponents(codes, known, drawing, drew, strategy, rng)
            for result, own in zip(results, kept):
                k = len(result.discard)
                mine = strength_of_codes(own + tuple(rng.sample(deal.left, k)), DIABLO)
                _tally(result, mine, deal.strengths)
        done += min(batch, samples - done)
    return True


def drawing_sampler(strategy: ChartStrategy, seed: int):
    """``sample_against_drawers`` with its strategy and seed, as best-swap calls a sampler."""
    from functools import partial

    return partial(sample_against_drawers, strategy=strategy, seed=seed)
