"""The compiled loops of the hidden-Boss odds count (numba, cached in the oracle's cache folder;
loaded through ``oracle.eval.jit.kernels``). ``holdem_hidden`` says what they count.

Ranks are indexes 0-12 (Two to Ace); a strength is ``oracle.eval.strength``'s integer
(``category * 15**5 + t1 * 15**4 + ...``, tie-break values 2-14). The kernels release the
interpreter lock, so the caller runs them on two threads over halves of the work.
"""

from __future__ import annotations

import numpy as np
from numba import njit

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE = range(10)


@njit(cache=True, nogil=True, inline="always")
def _encode(category, t1, t2, t3, t4, t5):
    return ((((category * 15 + t1) * 15 + t2) * 15 + t3) * 15 + t4) * 15 + t5


@njit(cache=True, nogil=True)
def rank_hand(a, b, c, d, e):
    """The strength of five cards of these rank indexes that are not all of one suit: what
    ``rank_strength(values, flush=False)`` gives."""
    # Sort descending (a small insertion network on scalars: no allocation).
    v = (a, b, c, d, e)
    v0, v1, v2, v3, v4 = v
    if v1 > v0:
        v0, v1 = v1, v0
    if v2 > v1:
        v1, v2 = v2, v1
        if v1 > v0:
            v0, v1 = v1, v0
    if v3 > v2:
        v2, v3 = v3, v2
        if v2 > v1:
            v1, v2 = v2, v1
            if v1 > v0:
                v0, v1 = v1, v0
    if v4 > v3:
        v3, v4 = v4, v3
        if v3 > v2:
            v2, v3 = v3, v2
            if v2 > v1:
                v1, v2 = v2, v1
                if v1 > v0:
                    v0, v1 = v1, v0
    w0, w1, w2, w3, w4 = v0 + 2, v1 + 2, v2 + 2, v3 + 2, v4 + 2
    if v0 == v4:
        return _encode(FIVE, w0, 0, 0, 0, 0)
    if v0 == v3:
        return _encode(QUADS, w0, w4, 0, 0, 0)
    if v1 == v4:
        return _encode(QUADS, w1, w0, 0, 0, 0)
    if v0 == v2 and v3 == v4:
        return _encode(FULL_HOUSE, w0, w3, 0, 0, 0)
    if v0 == v1 and v2 == v4:
        return _encode(FULL_HOUSE, w2, w0, 0, 0, 0)
    distinct = v0 > v1 and v1 > v2 and v2 > v3 and v3 > v4
    if distinct and v0 - v4 == 4:
        return _encode(STRAIGHT, w0, 0, 0, 0, 0)
    if distinct and v0 == 12 and v1 == 3:
        return _encode(STRAIGHT, 5, 0, 0, 0, 0)
    if v0 == v2:
        return _encode(TRIPS, w0, w3, w4, 0, 0)
    if v1 == v3:
        return _encode(TRIPS, w1, w0, w4, 0, 0)
    if v2 == v4:
        return _encode(TRIPS, w2, w0, w1, 0, 0)
    if v0 == v1 and v2 == v3:
        return _encode(TWO_PAIR, w0, w2, w4, 0, 0)
    if v0 == v1 and v3 == v4:
        return _encode(TWO_PAIR, w0, w3, w2, 0, 0)
    if v1 == v2 and v3 == v4:
        return _encode(TWO_PAIR, w1, w3, w0, 0, 0)
    if v0 == v1:
        return _encode(PAIR, w0, w2, w3, w4, 0)
    if v1 == v2:
        return _encode(PAIR, w1, w0, w3, w4, 0)
    if v2 == v3:
        return _encode(PAIR, w2, w0, w1, w4, 0)
    if v3 == v4:
        return _encode(PAIR, w3, w0, w1, w2, 0)
    return _encode(HIGH_CARD, w0, w1, w2, w3, w4)


@njit(cache=True, nogil=True)
def rank_table(boards, owns, splits, first, last, out):
    """``out[i, q]``: the best non-flush strength of board rank multiset ``boards[i]`` (five
    rank indexes) with own ranks ``owns[q]``, over ``splits`` (rows: a mask of the own cards
    and a mask of the board cards, five cards in all), for rows ``first`` to ``last``."""
    hand = np.empty(5, dtype=np.int64)
    for i in range(first, last):
        for q in range(owns.shape[0]):
            best = 0
            for t in range(splits.shape[0]):
                n = 0
                for j in range(owns.shape[1]):
                    if (splits[t, 0] >> j) & 1:
                        hand[n] = owns[q, j]
                        n += 1
                for j in range(5):
                    if (splits[t, 1] >> j) & 1:
                        hand[n] = boards[i, j]
                        n += 1
                s = rank_hand(hand[0], hand[1], hand[2], hand[3], hand[4])
                if s > best:
                    best = s
            out[i, q] = best


@njit(cache=True, nogil=True)
def _feasible(taken_h, taken_s, left_h, left_s, lo, hi):
    """Whether a five-card flush can still be completed with ``lo`` to ``hi`` own cards."""
    for j in range(lo, hi + 1):
        if taken_h <= j <= taken_h + left_h and taken_s <= 5 - j <= taken_s + left_s:
            return True
    return False


@njit(cache=True, nogil=True)
def flush_value(board_mask, own_mask, lo, hi):
    """The best flush (or straight flush) of one suit from ``lo`` to ``hi`` own cards (rank
    bit masks ``own_mask``) and the rest from the board's cards of that suit (``board_mask``);
    0 when there is none."""
    pool = board_mask | own_mask
    for top in range(12, 2, -1):
        window = 0
        if top >= 4:
            window = 31 << (top - 4)
        else:
            if top != 3:
                continue
            window = (1 << 12) | 15  # the wheel: A 2 3 4 5
        if pool & window == window:
            used = 0
            for r in range(13):
                if (window & own_mask) >> r & 1:
                    used += 1
            if lo <= used <= hi:
                return _encode(STRAIGHT_FLUSH, top + 2 if top >= 4 else 5, 0, 0, 0, 0)
    left_h = 0
    left_s = 0
    for r in range(13):
        left_h += (own_mask >> r) & 1
        left_s += (board_mask >> r) & 1
    taken_h = 0
    taken_s = 0
    value = FLUSH
    count = 0
    for r in range(12, -1, -1):
        mine = (own_mask >> r) & 1
        theirs = (board_mask >> r) & 1
        if not (mine or theirs):
            continue
        left_h -= mine
        left_s -= theirs
        if _feasible(taken_h + mine, taken_s + theirs, left_h, left_s, lo, hi):
            taken_h += mine
            taken_s += theirs
            value = value * 15 + r + 2
            count += 1
            if count == 5:
                return value
    return 0


@njit(cache=True, nogil=True, inline="always")
def joint_code(players, row, x, rules):
    """The joint outcome code (player ``i``'s 0 win, 1 push, 2 lose as the ``i``-th base-3
    digit) of the players' strengths ``players[row]`` against a Boss whose cards make ``x``
    (read in place: no view of the row is made). ``rules``, a tuple (its items stay in
    registers): has a default hand, its strength, its highest tie, whether a tie with it
    prefers his cards."""
    played = x
    ceiling = x
    if rules[0]:
        uses_cards = x >= rules[1] if rules[3] else x > rules[2]
        if not uses_cards:
            played = rules[1]
            ceiling = rules[2]
    if players.shape[1] == 1:
        p = players[row, 0]
        return int(p <= ceiling) + int(p < played)
    code = 0
    unit = 1
    for i in range(players.shape[1]):
        # 0 win (above the ceiling), 1 push, 2 lose (below what he played); no branches.
        code += unit * (int(players[row, i] <= ceiling) + int(players[row, i] < played))
        unit *= 3
    return code


@njit(cache=True, nogil=True)
def base_counts(first, last, board_counts, weights, table, players, default, out):
    """Every board of rank multiset ``i`` (``board_counts[i]`` of them) against every Boss hand
    of rank multiset ``q`` (``weights[i, q]`` of them) ranked by ranks alone (``table[i, q]``),
    the players at ``players[i]``: adds the deals to ``out`` by joint outcome."""
    rules = (default[0], default[1], default[2], default[3])
    for i in range(first, last):
        n = board_counts[i]
        if n == 0:
            continue
        for q in range(table.shape[1]):
            w = weights[i, q]
            if w:
                out[joint_code(players, i, table[i, q], rules)] += n * w


@njit(cache=True, nogil=True)
def rep_boards(boards, allow, out_suits):
    """For each board rank multiset (five sorted rank indexes) suits such that no suit shows
    more than twice, each card allowed (``allow[rank, suit]``) and no card twice; -1 where
    there is none."""
    used = np.zeros(4, dtype=np.int64)
    for i in range(boards.shape[0]):
        out_suits[i, 0] = -1
        for pick in range(1024):
            ok = True
            used[:] = 0
            for j in range(5):
                s = (pick >> (2 * j)) & 3
                r = boards[i, j]
                if not allow[r, s] or used[s] == 2:
                    ok = False
                    break
                for t in range(j):
                    if boards[i, t] == r and out_suits[i, t] == s:
                        ok = False
                if not ok:
                    break
                used[s] += 1
                out_suits[i, j] = s
            if ok:
                break
            out_suits[i, 0] = -1


@njit(cache=True, nogil=True)
def _off_counts(msets, row, d, oc):
    for r in range(13):
        oc[r] = 0
    for j in range(d):
        oc[msets[row, 1 + j]] += 1


@njit(cache=True, nogil=True)
def _key_index(smask, oc, ridx):
    """The index of the board's rank multiset: its suited ranks and its other ranks ``oc``."""
    code = 0
    for r in range(13):
        for _ in range(oc[r] + ((smask >> r) & 1)):
            code = code * 13 + r
    return ridx[code]


@njit(cache=True, nogil=True)
def _boards_of_key(off, oc, fo, binom):
    """The boards with these other ranks ``oc``: the ones still to come (beyond the board's
    cards ``fo`` of other suits) from the unseen cards of other suits ``off``."""
    n = 1
    for r in range(13):
        if oc[r] < fo[r]:
            return 0
        if oc[r] > fo[r]:
            n *= binom[off[r], oc[r] - fo[r]]
    return n


@njit(cache=True, nogil=True)
def _suited_ok(smask, s, u, fx):
    """Whether a board can show exactly the ranks ``smask`` of suit ``s``: each unseen or on the
    board already (``fx``), and every card of the suit on the board among them."""
    for r in range(13):
        if (smask >> r) & 1 and u[r, s] == 0 and fx[r, s] == 0:
            return False
        if fx[r, s] and not (smask >> r) & 1:
            return False
    return True


@njit(cache=True, nogil=True)
def _fixed_off(s, fx, fo):
    """``fo[r]``: the board's cards of rank ``r`` already out, of suits other than ``s``."""
    for r in range(13):
        fo[r] = 0
        for t in range(4):
            if t != s:
                fo[r] += fx[r, t]


@njit(cache=True, nogil=True)
def list_keys(tasks, a, u, fx, binom, msets, mstart, ridx, n_sets, codes, rows, tasks_of):
    """The flush keys (suit, its ranks on the board, the board's rank multiset) of ``tasks``
    that some board has: their codes, the off-suit rank row and the task. Returns how many."""
    oc = np.zeros(13, dtype=np.int64)
    off = np.zeros(13, dtype=np.int64)
    fo = np.zeros(13, dtype=np.int64)
    n = 0
    for t in range(tasks.shape[0]):
        s, smask, b = tasks[t, 0], tasks[t, 1], tasks[t, 2]
        if not _suited_ok(smask, s, u, fx):
            continue
        _fixed_off(s, fx, fo)
        for r in range(13):
            off[r] = a[r] - u[r, s]
        d = 5 - b
        for row in range(mstart[d], mstart[d + 1]):
            _off_counts(msets, row, d, oc)
            if _boards_of_key(off, oc, fo, binom) == 0:
                continue
            codes[n] = (s * 8192 + smask) * n_sets + _key_index(smask, oc, ridx)
            rows[n] = row
            tasks_of[n] = t
            n += 1
    return n


@njit(cache=True, nogil=True)
def key_boards(tasks, tasks_of, rows, msets, u, ranks, suits):
    """(``u``: the cards a board may show, unseen or on the board already.)"""
    """A board of each flush key from unseen cards: the suit's cards of its ranks, and for the
    other ranks unseen cards of other suits (rank and suit indexes, five columns)."""
    for n in range(rows.shape[0]):
        t = tasks_of[n]
        s, smask, b = tasks[t, 0], tasks[t, 1], tasks[t, 2]
        j = 0
        for r in range(13):
            if (smask >> r) & 1:
                ranks[n, j] = r
                suits[n, j] = s
                j += 1
        d = 5 - b
        last_rank = -1
        last_suit = -1
        for x in range(d):
            r = msets[rows[n], 1 + x]
            start = last_suit + 1 if r == last_rank else 0
            for other in range(start, 4):
                if other != s and u[r, other]:
                    ranks[n, j] = r
                    suits[n, j] = other
                    last_rank = r
                    last_suit = other
                    j += 1
                    break


@njit(cache=True, nogil=True)
def _own_suited(smask, s, b, k, m, u, ranks, sizes, values):
    """Every set of the Boss's cards of suit ``s`` that can make a flush with the board's
    (``smask``): their ranks, sizes and best flush. Returns how many."""
    avail = np.empty(13, dtype=np.int64)
    count = 0
    for r in range(13):
        if u[r, s] and not (smask >> r) & 1:
            avail[count] = r
            count += 1
    lo = max(1, 5 - b)
    n = 0
    for pick in range(1, 1 << count):
        size = 0
        mask = 0
        for j in range(count):
            if (pick >> j) & 1:
                if size < 3:
                    ranks[n, size] = avail[j]
                size += 1
                mask |= 1 << avail[j]
        if size < lo or size > k:
            continue
        sizes[n] = size
        values[n] = flush_value(smask, mask, lo, min(m, size))
        n += 1
    return n


@njit(cache=True, nogil=True)
def _find(keys, code):
    pos = np.searchsorted(keys, code)
    if pos < keys.shape[0] and keys[pos] == code:
        return pos
    return -1


@njit(cache=True, nogil=True)
def _player_switch(i, row, n, weights, table, players, rules, out):
    """Boards of a key on which a player's flush changes the players' strengths: their deals
    against every Boss hand ranked by ranks alone move from ``players[i]`` to ``players[row]``."""
    for q in range(table.shape[1]):
        w = weights[i, q]
        if w:
            x = table[i, q]
            out[joint_code(players, row, x, rules)] += n * w
            out[joint_code(players, i, x, rules)] -= n * w


@njit(cache=True, nogil=True)
def _variants(s, smask, b, d, row, msets, oc, fo, i, own_row, n, u, fx, keys, n_sets, v_rows, v_counts):
    """The players' strengths on the boards of a key, with how many boards each: one row
    unless the other three cards can all be of one suit (a flush for a player there)."""
    nv = 1
    v_rows[0] = own_row
    v_counts[0] = n
    if b != 2:
        return nv
    omask = 0
    for j in range(d):
        omask |= 1 << msets[row, 1 + j]
    for r in range(13):
        if oc[r] > 1:
            return nv
    for t in range(4):
        if t == s:
            continue
        whole = True
        for j in range(d):
            r = msets[row, 1 + j]
            # Its card of suit t is to come (unseen), or is the board's card of that rank already.
            if not (fx[r, t] if fo[r] else u[r, t]):
                whole = False
        if not whole:
            continue
        pos = _find(keys, (t * 8192 + omask) * n_sets + i)
        if pos < 0 or n_sets + pos == own_row:
            continue
        v_rows[nv] = n_sets + pos
        v_counts[nv] = 1
        v_counts[0] -= 1
        nv += 1
    return nv


@njit(cache=True, nogil=True)
def _boss_flushes(i, k, nh, own_ranks, own_sizes, own_values, rest, binom, msets, mstart, qidx, table,
                  players, nv, v_rows, v_counts, rules, moved, touched, out):
    """The Boss hands that make a flush with the key's suit: each moves from its rank-only
    strength to its true one (the better of the two). The hands moved are summed per rank
    multiset (``moved``, the ones ``touched`` listed) and per flush, then compared once."""
    row = table[i]
    nt = 0
    for h in range(nh):
        f = own_values[h]
        size = own_sizes[h]
        dd = k - size
        prefix = 0
        for j in range(size):
            prefix = prefix * 13 + own_ranks[h, j]
        if dd == 0:
            # All his cards are of the suit: one hand, its own rank multiset.
            x = row[qidx[prefix]]
            if f > x:
                for v in range(nv):
                    out[joint_code(players, v_rows[v], f, rules)] += v_counts[v]
                    out[joint_code(players, v_rows[v], x, rules)] -= v_counts[v]
            continue
        up = 0
        for q in range(mstart[dd], mstart[dd + 1]):
            code = prefix
            wq = 1
            if dd == 1:
                r = msets[q, 1]
                wq = rest[r]
                code = code * 13 + r
            elif dd == 2:
                r = msets[q, 1]
                t = msets[q, 2]
                wq = binom[rest[r], 2] if r == t else rest[r] * rest[t]
                code = (code * 13 + r) * 13 + t
            if wq == 0:
                continue
            qi = qidx[code]
            if f > row[qi]:
                if moved[qi] == 0:
                    touched[nt] = qi
                    nt += 1
                moved[qi] += wq
                up += wq
        if up:
            for v in range(nv):
                out[joint_code(players, v_rows[v], f, rules)] += v_counts[v] * up
    for j in range(nt):
        qi = touched[j]
        x = row[qi]
        for v in range(nv):
            out[joint_code(players, v_rows[v], x, rules)] -= v_counts[v] * moved[qi]
        moved[qi] = 0


@njit(cache=True, nogil=True)
def key_counts(tasks, first, last, k, m, a, u, fx, binom, msets, mstart, ridx, qidx, weights, table,
               players, keys, n_sets, default, out):
    """The corrections of the flush keys of tasks ``first`` to ``last`` (rows: suit, its ranks
    on the board as a mask, how many) to the rank-only count ``base_counts`` makes: boards on
    which a player flushes, and Boss hands that flush. ``players`` holds the rank-only rows
    (one per board rank multiset) then one row per key of ``keys``; ``default`` the default-hand
    row of ``joint_code``."""
    rules = (default[0], default[1], default[2], default[3])
    own_ranks = np.zeros((300, 3), dtype=np.int64)
    own_sizes = np.zeros(300, dtype=np.int64)
    own_values = np.zeros(300, dtype=np.int64)
    off = np.zeros(13, dtype=np.int64)
    oc = np.zeros(13, dtype=np.int64)
    rest = np.zeros(13, dtype=np.int64)
    fo = np.zeros(13, dtype=np.int64)
    v_rows = np.zeros(4, dtype=np.int64)
    v_counts = np.zeros(4, dtype=np.int64)
    moved = np.zeros(table.shape[1], dtype=np.int64)
    touched = np.zeros(table.shape[1], dtype=np.int64)
    for t in range(first, last):
        s, smask, b = tasks[t, 0], tasks[t, 1], tasks[t, 2]
        if not _suited_ok(smask, s, u, fx):
            continue
        _fixed_off(s, fx, fo)
        for r in range(13):
            off[r] = a[r] - u[r, s]
        nh = _own_suited(smask, s, b, k, m, u, own_ranks, own_sizes, own_values) if 5 - b <= m else 0
        d = 5 - b
        for row in range(mstart[d], mstart[d + 1]):
            _off_counts(msets, row, d, oc)
            n = _boards_of_key(off, oc, fo, binom)
            if n == 0:
                continue
            i = _key_index(smask, oc, ridx)
            pos = _find(keys, (s * 8192 + smask) * n_sets + i)
            own_row = i
            if pos >= 0:
                own_row = n_sets + pos
                _player_switch(i, own_row, n, weights, table, players, rules, out)
            if nh == 0:
                continue
            for r in range(13):
                rest[r] = off[r] - (oc[r] - fo[r])
            nv = _variants(s, smask, b, d, row, msets, oc, fo, i, own_row, n, u, fx, keys, n_sets, v_rows, v_counts)
            _boss_flushes(i, k, nh, own_ranks, own_sizes, own_values, rest, binom, msets, mstart, qidx, table,
                          players, nv, v_rows, v_counts, rules, moved, touched, out)


@njit(cache=True, nogil=True)
def rank_counts(boards, owns, a, fixed, binom, n_boards, weights):
    """``n_boards[i]``: the boards of rank multiset ``boards[i]`` from ``a[r]`` unseen cards of
    each rank to come beside the board's cards already out (``fixed[r]`` of each rank);
    ``weights[i, q]``: the Boss hands of rank multiset ``owns[q]`` from the cards each of those
    boards leaves."""
    left = np.zeros(13, dtype=np.int64)
    for i in range(boards.shape[0]):
        for r in range(13):
            left[r] = a[r] + fixed[r]
        for j in range(5):
            left[boards[i, j]] -= 1
        n = 1
        for r in range(13):
            if left[r] < 0 or left[r] > a[r]:
                n = 0
        if n:
            for r in range(13):
                n *= binom[a[r], a[r] - left[r]]
        n_boards[i] = n
        if n == 0:
            continue
        for q in range(owns.shape[0]):
            w = 1
            j = 0
            while j < owns.shape[1]:
                r = owns[q, j]
                c = 1
                while j + c < owns.shape[1] and owns[q, j + c] == r:
                    c += 1
                w *= binom[left[r], c]
                j += c
            weights[i, q] = w
