"""The compiled sweep of best-swap against one opponent who draws (numba, cached in the
oracle's cache folder; loaded through ``oracle.eval.jit.kernels``). See ``draw_drawer``."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def sweep(n, hands, class_start, first, last, splits, binom, kept_start, kept_mask, kept_first, kept_second,
          kept_pair, kept_weight, drawn, out0, out1, out2):
    """Weigh the opponent's final hands of classes ``first`` to ``last - 1`` (``hands``: rows
    of five pool places, weakest class first) by the opponent's configurations that end in
    them, and write the running sums before each class into row ``c - first`` of the outputs
    (one more row at the end: the sums after ``last - 1``): ``out0`` over all configurations,
    ``out1[., x]`` over those using card x, ``out2[., pair]`` over those using both cards of
    the pair (pairs numbered as in ``draw_drawer.pair_row``).

    A configuration keeps K (a row of ``splits``' first places of the final hand F), threw D
    (an entry of K's list, ``kept_*``) and drew N = F \\ K; it uses F and D, and counts only
    when D misses N (D misses K by construction)."""
    keep = 5 - drawn
    run0 = 0.0
    run1 = np.zeros(n)
    run2 = np.zeros(n * (n - 1) // 2)
    thrown = np.zeros(n)
    for c in range(first, last):
        out0[c - first] = run0
        out1[c - first, :] = run1
        out2[c - first, :] = run2
        for h in range(class_start[c], class_start[c + 1]):
            f = hands[h]
            fmask = np.int64(0)
            for j in range(5):
                fmask |= np.int64(1) << f[j]
            whole = 0.0
            for s in range(splits.shape[0]):
                number = 0
                for j in range(keep):
                    number += binom[f[splits[s, j]], j + 1]
                for e in range(kept_start[number], kept_start[number + 1]):
                    if kept_mask[e] & fmask:
                        continue
                    w = kept_weight[e]
                    whole += w
                    if drawn >= 1:
                        thrown[kept_first[e]] += w
                    if drawn == 2:
                        thrown[kept_second[e]] += w
                        run2[kept_pair[e]] += w
            if whole == 0.0:
                continue
            run0 += whole
            for j in range(5):
                run1[f[j]] += whole
                for t in range(j + 1, 5):
                    a, b = f[j], f[t]
                    run2[a * (2 * n - a - 1) // 2 + (b - a - 1)] += whole
            if drawn == 0:
                continue
            for d in range(n):
                m = thrown[d]
                if m == 0.0:
                    continue
                thrown[d] = 0.0
                run1[d] += m
                for j in range(5):
                    a, b = min(d, f[j]), max(d, f[j])
                    run2[a * (2 * n - a - 1) // 2 + (b - a - 1)] += m
    out0[last - first] = run0
    out1[last - first, :] = run1
    out2[last - first, :] = run2
