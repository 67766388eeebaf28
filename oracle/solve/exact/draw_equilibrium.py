"""The draw of Diablo as a game: which hold each hand should keep when every opponent draws
too, found by letting the strategies answer each other (fictitious play), with the
exploitability left.

Model. Every player is dealt five cards and throws 0, 1 or 2 of them by one strategy (a hold
for each hand), then draws as many; the best final hand wins, ties share. One simplification
makes the whole game computable: each opponent's final hand is counted over the whole deck,
as if the other players' cards did not take any from it (the hands are *independent*). The
player's own draw is counted exactly from the 47 cards not dealt to them. Against ``n``
opponents whose final hands fall below a strength with chance ``B`` and on it with chance
``E``, a final hand of that strength wins ``B**n`` and, ties shared, has an equity of
``((B + E)**(n + 1) - B**(n + 1)) / ((n + 1) * E)``.

Fictitious play. Every hand class first takes its best hold against opponents who stand pat;
then, each round, its best hold against the opponents' *average* strategy so far (the mixture
of every round's best holds), and that reply joins the average. The average's **exploitability** is what a player gains
over the fair share ``1 / (n + 1)`` by playing the best reply to it: zero at an equilibrium of
this model. It is computed at every round, so the reader sees how close the mixture is.

A strategy is a hold for each of the 134,459 classes of five-card hands up to suits
(``oracle.charts.symmetry``), each weighed by its size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Callable

from oracle.cards import full_deck

# The holds: masks of the hand's five places thrown (0, 1 or 2 of them), stand pat first.
HOLDS = tuple(sorted((m for m in range(32) if bin(m).count("1") <= 2), key=lambda m: (bin(m).count("1"), m)))


@dataclass(frozen=True)
class Tables:
    """Cards as 0..51 (``index_of[code]``), each five-card hand's strength place
    (``rank_of[colex]``: its strength's index in ``strengths``, the ``places`` distinct ones in
    ascending order), and the classes (``hands``, ascending card numbers, and ``weights``)."""

    index_of: dict
    strengths: object
    binom: object
    rank_of: object
    places: int
    hands: object
    weights: object


@lru_cache(maxsize=1)
def tables() -> Tables:
    import numpy as np

    from oracle.charts.symmetry import suit_classes
    from oracle.eval import batch

    deck = sorted(full_deck(), key=lambda c: c.code)
    index_of = {c.code: i for i, c in enumerate(deck)}
    binom = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    every = np.array(list(combinations(range(52), 5)), dtype=np.int64)
    codes = np.array([c.code for c in deck], dtype=np.int64)[every]
    strengths = batch.strengths(codes, "diablo")
    distinct, place = np.unique(strengths, return_inverse=True)
    colex = sum(binom[every[:, i], i + 1] for i in range(5))
    rank_of = np.empty(len(every), dtype=np.int64)
    rank_of[colex] = place
    classes = suit_classes(5)
    hands = np.array([sorted(index_of[c.code] for c in cards) for cards, _ in classes], dtype=np.int64)
    weights = np.array([size for _, size in classes], dtype=np.float64)
    return Tables(index_of, distinct, binom, rank_of, len(distinct), hands, weights)


def value_of_place(dist, opponents: int):
    """The equity of a final hand at each strength place against ``opponents`` independent
    final hands distributed as ``dist``."""
    import numpy as np

    below = np.cumsum(dist) - dist
    n = opponents
    with np.errstate(divide="ignore", invalid="ignore"):
        tied = ((below + dist) ** (n + 1) - below ** (n + 1)) / ((n + 1) * dist)
    return np.where(dist > 0, tied, below ** n)


@dataclass
class Equilibrium:
    """What ``solve`` found: ``counts[c, j]`` (how often class ``c`` took hold ``HOLDS[j]``
    over the rounds: the mixture), ``exploitability`` of the mixture after each round, the
    last best reply's ``values`` (each class's equity of each hold) and ``best``."""

    opponents: int
    counts: object
    exploitability: list[float] = field(default_factory=list)
    values: object = None
    best: object = None

    def mixture(self):
        """Each class's chance of each hold in the average strategy."""
        return self.counts / self.counts.sum(axis=1, keepdims=True)


def solve(opponents: int = 1, rounds: int = 20, progress: Callable[[int, int], None] | None = None,
          classes: slice = slice(None)) -> Equilibrium:
    """Fictitious play for ``rounds`` rounds against ``opponents`` opponents (see the module
    text). ``classes`` limits the best replies computed (the opponents' distribution always
    covers every class, the others standing pat), for tests."""
    import numpy as np

    from .draw_equilibrium_kernels import hold_values, opponent_distribution

    t = tables()
    holds = np.array(HOLDS, dtype=np.int64)
    strategy = np.zeros(len(t.hands), dtype=np.int64)  # stand pat, the start
    average = opponent_distribution(t.hands, t.weights, strategy, t.binom, t.rank_of, t.places)
    result = Equilibrium(opponents, np.zeros((len(t.hands), len(HOLDS))))
    result.counts[:, 0] = 1  # the classes no reply is computed for stand pat
    rows = np.arange(len(t.hands))[classes]
    result.counts[rows, 0] = 0
    hands, weights = t.hands[classes], t.weights[classes]
    values = np.empty((len(hands), len(HOLDS)))
    fair = 1 / (opponents + 1)
    for done in range(1, rounds + 1):
        hold_values(hands, holds, t.binom, t.rank_of, value_of_place(average, opponents), values)
        best = values.argmax(axis=1)
        # what the best reply gains against the strategy played so far: standing pat at first,
        # then the average of the replies
        result.exploitability.append(float((weights * values.max(axis=1)).sum() / weights.sum()) - fair)
        result.values, result.best = values.copy(), best
        if progress is not None:
            progress(done, rounds)
        if done == rounds:
            break
        strategy[classes] = holds[best]
        reply = opponent_distribution(t.hands, t.weights, strategy, t.binom, t.rank_of, t.places)
        average = reply if done == 1 else (average * (done - 1) + reply) / done
        result.counts[rows, best] += 1
    if rounds == 1:  # no reply was played: the strategy is still standing pat
        result.counts[rows, 0] = 1
    return result
