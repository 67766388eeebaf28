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

    from .draw_deck_kernels import colex_hands

    deck = sorted(full_deck(), key=lambda c: c.code)
    index_of = {c.code: i for i, c in enumerate(deck)}
    binom = np.array([[math.comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    every = colex_hands(52, binom)  # row i: the hand whose colex number is i
    codes = np.array([c.code for c in deck], dtype=np.int64)[every]
    distinct, rank_of = np.unique(batch.strengths(codes, "diablo"), return_inverse=True)
    rank_of = rank_of.astype(np.int64)
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


# Classes per piece of a round's work: the unit a Dask worker computes, and the order in which
# the opponents' distribution is summed (the same pieces in one process, so that a run on a
# cluster gives the same figures to the last bit).
PIECE = 4096


def pieces(start: int, stop: int) -> list[tuple[int, int]]:
    return [(a, min(a + PIECE, stop)) for a in range(start, stop, PIECE)]


def piece_weights(start: int, stop: int, masks) -> object:
    """The opponents' strength-place weights from the classes ``start:stop`` throwing ``masks``."""
    from .draw_equilibrium_kernels import opponent_weights

    t = tables()
    return opponent_weights(t.hands[start:stop], t.weights[start:stop], masks, t.binom, t.rank_of, t.places)


def piece_values(start: int, stop: int, place_values) -> object:
    """The equity of every hold of the classes ``start:stop`` (``hold_values``)."""
    import numpy as np

    from .draw_equilibrium_kernels import hold_values

    t = tables()
    out = np.empty((stop - start, len(HOLDS)))
    return hold_values(t.hands[start:stop], np.array(HOLDS, dtype=np.int64), t.binom, t.rank_of, place_values, out)


class InProcess:
    """A round's work done here, piece after piece."""

    def map(self, function, jobs: list[tuple]) -> list:
        return [function(*job) for job in jobs]


def distribution(runner, strategy) -> object:
    """The chance of each strength place for an opponent who throws ``strategy[c]`` from a
    hand of class ``c`` (the pieces' weights summed in order)."""
    t = tables()
    parts = runner.map(piece_weights, [(a, b, strategy[a:b]) for a, b in pieces(0, len(t.hands))])
    total = parts[0].copy()
    for part in parts[1:]:
        total += part
    return total / t.weights.sum()


def solve(opponents: int = 1, rounds: int = 20, progress: Callable[[int, int], None] | None = None,
          classes: slice = slice(None), runner=None) -> Equilibrium:
    """Fictitious play for ``rounds`` rounds against ``opponents`` opponents (see the module
    text). ``classes`` limits the best replies computed (the opponents' distribution always
    covers every class, the others standing pat), for tests. ``runner.map(function, jobs)``
    does a round's pieces (``InProcess``, or a Dask cluster's)."""
    import numpy as np

    runner = runner or InProcess()
    t = tables()
    holds = np.array(HOLDS, dtype=np.int64)
    strategy = np.zeros(len(t.hands), dtype=np.int64)  # stand pat, the start
    average = distribution(runner, strategy)
    result = Equilibrium(opponents, np.zeros((len(t.hands), len(HOLDS))))
    result.counts[:, 0] = 1  # the classes no reply is computed for stand pat
    rows = np.arange(len(t.hands))[classes]
    result.counts[rows, 0] = 0
    weights = t.weights[classes]
    first, last = (int(rows[0]), int(rows[-1]) + 1) if len(rows) else (0, 0)
    assert len(rows) == last - first, "classes must be a slice of consecutive classes"
    fair = 1 / (opponents + 1)
    for done in range(1, rounds + 1):
        place_values = value_of_place(average, opponents)
        parts = runner.map(piece_values, [(a, b, place_values) for a, b in pieces(first, last)])
        values = np.concatenate(parts) if parts else np.empty((0, len(HOLDS)))
        best = values.argmax(axis=1)
        # what the best reply gains against the strategy played so far: standing pat at first,
        # then the average of the replies
        result.exploitability.append(float((weights * values.max(axis=1)).sum() / weights.sum()) - fair)
        result.values, result.best = values, best
        if progress is not None:
            progress(done, rounds)
        if done == rounds:
            break
        strategy[classes] = holds[best]
        reply = distribution(runner, strategy)
        average = reply if done == 1 else (average * (done - 1) + reply) / done
        result.counts[rows, best] += 1
    if rounds == 1:  # no reply was played: the strategy is still standing pat
        result.counts[rows, 0] = 1
    return result
