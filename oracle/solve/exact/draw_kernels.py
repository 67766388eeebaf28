"""The compiled loop of best-swap against two opponents dealt from the deck (numba, cached in
the oracle's cache folder; loaded through ``oracle.eval.jit.kernels``)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def count_two(n, draw_masks, mine, masks_a, values_a, values_b, width_b, binom, out):
    """Every deal after each draw: the first opponent's completions from a table of bit masks
    (bit i: the pool's card i), the second's enumerated over the cards left and ranked by
    table lookup at their colex index (the sum of binom[card, place + 1]). Adds to ``out``:
    wins, losses, ties with one opponent, ties with both."""
    rest = np.empty(n, dtype=np.int64)
    pick = np.empty(max(width_b, 1), dtype=np.int64)
    for d in range(len(draw_masks)):
        drawn, me = draw_masks[d], mine[d]
        for a in range(len(masks_a)):
            if masks_a[a] & drawn:
                continue
            used = drawn | masks_a[a]
            theirs = values_a[a]
            left = 0
            for i in range(n):
                if not (used >> i) & 1:
                    rest[left] = i
                    left += 1
            if left < width_b:
                continue
            if theirs > me:
                # lost whatever the second opponent holds: count those hands, do not walk them
                out[1] += binom[left, width_b]
                continue
            for t in range(width_b):
                pick[t] = t
            while True:
                index = 0
                for t in range(width_b):
                    index += binom[rest[pick[t]], t + 1]
                other = values_b[index]
                top = max(theirs, other)
                if me > top:
                    out[0] += 1
                elif me < top:
                    out[1] += 1
                elif theirs == other:
                    out[3] += 1
                else:
                    out[2] += 1
                # the next subset of ``width_b`` places out of ``left``, lexicographically
                t = width_b - 1
                while t >= 0 and pick[t] == left - width_b + t:
                    t -= 1
                if t < 0:
                    break
                pick[t] += 1
                for r in range(t + 1, width_b):
                    pick[r] = pick[r - 1] + 1
