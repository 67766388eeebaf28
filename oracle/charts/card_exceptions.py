"""Exceptions on the Diablo strategy card's lines, as a video-poker card prints them ("four to
a straight, except ..."): on a line, hold another line instead when a short condition on the
hand holds.

A hand follows the card as before: the first line it fits, and that line's hold by the
tie-break. Then the line's exceptions are read in the order printed; the first one whose
condition holds, and whose other line the hand also fits, gives the hold instead (that
line's hold by the tie-break). A condition speaks of the cards the line's hold would throw
and the cards it keeps (``CONDITIONS``; "also" is no condition: the hand fits the other line),
or of another line the hand also fits ("fits:" and the line); two may be joined ("a&b"). The
other line may be one of the card's lines or one only exceptions name (``replacement_lines``).

The exceptions are mined from the chart greedily and deterministically (``mine``): for the
card as it stands, every (line, condition, other line) is priced at once, the hands it would
change weighed by their class's size, and the one that lowers the objective most (the total
loss, plus a charge for each hand not given its best hold) goes at the head of its line's
exceptions; again until the aims are met (``ACCURACY_AIM``, ``MEAN_LOSS_AIM``), the gain
falls below ``MIN_GAIN`` or the card has ``MAX_EXCEPTIONS``. No exception may make a hand
lose more than the card's worst loss before exceptions.

numpy is imported inside the functions that use it.
"""

from __future__ import annotations

from typing import Any, Sequence

from .card import TIE, VALUES, _places, chosen_pairs, following, lines_of, rank_name, tie_break

NAMES = {14: "an Ace", 13: "a King", 12: "a Queen", 11: "a Jack", 10: "a Ten", 8: "an Eight"}


def _name(value: int) -> str:
    return NAMES.get(value, f"a {value}")


def _conditions() -> dict[str, str]:
    """Every condition the miner may use, with its text on the card."""
    out = {"also": "whenever your hand fits it"}
    for x in range(3, 15):
        out[f"throw>={x}"] = f"when you would throw {_name(x)}" + ("" if x == 14 else " or higher")
    for x in range(4, 15):
        out[f"throw<{x}"] = f"when every card you would throw is lower than {_name(x)}"
    for x in range(3, 14):
        out[f"low<={x}"] = f"when the lowest card you keep is {_name(x)}" + ("" if x == 3 else " or lower")
    out["kept-suit"] = "when a card you would throw is of the one suit you keep"
    out["a-kept-suit"] = "when a card you would throw is of a suit you keep"
    out["no-kept-suit"] = "when no card you would throw is of a suit you keep"
    out["thrown-suited"] = "when the two cards you would throw are of one suit"
    out["near1"] = "when a card you would throw is next in rank to a card you keep"
    out["near2"] = "when a card you would throw is within two ranks of a card you keep"
    out["far"] = "when no card you would throw is within four ranks of a card you keep"
    for n, words in ((0, "no high card"), (1, "exactly one high card"), (2, "two high cards")):
        out[f"high{n}"] = f"when you would throw {words} (Ten or higher)"
    return out


CONDITIONS = _conditions()
KEYS = tuple(CONDITIONS)


def condition_flags(hand: Sequence[str], kept: Sequence[str]) -> tuple[bool, ...]:
    """Which of ``KEYS`` hold for the five cards ``hand`` when the line keeps ``kept`` (cards
    as text, "Ks"): the thrown cards are the others; deuces thrown or kept count in no rank
    or suit condition."""
    kept_set = set(kept)
    thrown = [c for c in hand if c not in kept_set and c[0] != "2"]
    keep = [c for c in kept if c[0] != "2"]
    tv = [VALUES[c[0]] for c in thrown]
    kv = [VALUES[c[0]] for c in keep]
    kept_suits = {c[1] for c in keep}
    one_suit = len(keep) >= 2 and len(kept_suits) == 1
    flags: dict[str, bool] = {"also": True}
    for x in range(3, 15):
        flags[f"throw>={x}"] = bool(tv) and max(tv) >= x
    for x in range(4, 15):
        flags[f"throw<{x}"] = bool(tv) and max(tv) < x
    for x in range(3, 14):
        flags[f"low<={x}"] = bool(kv) and min(kv) <= x
    flags["kept-suit"] = one_suit and any(c[1] in kept_suits for c in thrown)
    flags["a-kept-suit"] = any(c[1] in kept_suits for c in thrown)
    flags["no-kept-suit"] = bool(thrown) and not flags["a-kept-suit"]
    flags["thrown-suited"] = len(thrown) == 2 and thrown[0][1] == thrown[1][1]
    distance = [_distance(t, k) for t in tv for k in kv if t != k]
    flags["near1"] = any(d <= 1 for d in distance)
    flags["near2"] = any(d <= 2 for d in distance)
    flags["far"] = bool(tv) and bool(kv) and all(_distance(t, k) > 4 for t in tv for k in kv)
    high = sum(1 for v in tv if v >= 10)
    for n in range(3):
        flags[f"high{n}"] = bool(tv) and high == n
    return tuple(flags[key] for key in KEYS)


def _distance(a: int, b: int) -> int:
    """Ranks apart, the Ace high or low."""
    low = [1 if v == 14 else v for v in (a, b)]
    return min(abs(a - b), abs(low[0] - low[1]))


def replacement_lines(keep: str, pattern: str) -> tuple[str, ...]:
    """The lines an exception may hold instead: the card's lines (``card.lines_of``), and two
    finer ones only an exception names: a pair with a kicker below (above) the pair, "a pair
    and a kicker below the pair" (the tie-break keeps the highest such kicker); a deuce with
    two natural cards of one suit too far apart for a straight, "three to a flush with a
    deuce", also by its top card."""
    out = lines_of(keep, pattern)
    cards = keep.split()
    naturals = [c for c in cards if c[0] != "2"]
    values = sorted((VALUES[c[0]] for c in naturals), reverse=True)
    if pattern == "a pair and a kicker" and len(set(values)) == 2:
        pair = values[1]
        kicker = values[0] if values[2] == pair else values[2]
        out += (f"a pair and a kicker {'below' if kicker < pair else 'above'} the pair",)
    if pattern == "a pair and a kicker with a deuce" and len(naturals) == 2 and len(set(values)) == 2 \
            and naturals[0][1] == naturals[1][1]:
        out += ("three to a flush with a deuce", f"three to a flush with a deuce, {rank_name(values[0])} high")
    return out


# The aims: stop adding exceptions once the card gives the best hold this often and loses
# less than this a hand on average.
ACCURACY_AIM = 0.99
MEAN_LOSS_AIM = 0.0005
# The miner's objective charges a hand not given its best hold this much, in pots, besides its
# loss: with a whole pot, it counts the hands set right first and weighs their loss second.
MISS_CHARGE = 1.0
# An exception must lower the objective by more than this a hand over all hands, and the card
# takes at most this many.
MIN_GAIN = 0.0
MAX_EXCEPTIONS = 600


# An exception never makes a hand lose more than the card's worst loss before its exceptions:
# such a hand costs the objective this much (a pot for each of more hands than a chart has).
BARRED = 1e9
# The kinds of condition the miner may use: one of ``KEYS``, another line the hand fits, two of
# ``KEYS`` at once, another line the hand fits and one of ``KEYS``.
KINDS = ("one", "fits", "two", "fits and one")


def mine(full, printed, order: Sequence[str], *, miss_charge: float = MISS_CHARGE,
         min_gain: float = MIN_GAIN, limit: int | None = None, progress=None,
         kinds: Sequence[str] = KINDS) -> dict[str, Any]:
    """The exceptions for the printed card ``order``: ``printed`` is the chart gathered by
    printed line (``card.gather`` with the card's lines), ``full`` by every line an exception
    may name (``replacement_lines``). A condition is one of ``KEYS``, two of them ("a&b"), or
    "fits:" and a line the hand also fits. Returns ``exceptions`` (line index, condition,
    other line), in the order added, and per hand its ``loss``, ``via`` (the exception
    deciding it, or -1), ``line`` and ``keep``. ``progress(count, accuracy, mean loss)`` is
    called before each exception is sought; ``kinds`` (of ``KINDS``) limits the conditions, to
    measure what each kind buys."""
    import numpy as np

    miner = _Miner(full, printed, order, miss_charge, limit == 0, kinds)
    limit = MAX_EXCEPTIONS if limit is None else limit
    exceptions: list[tuple[int, str, str]] = []
    total, w = full.total, full.weight
    while len(exceptions) < limit:
        accuracy = w[~miner.missed()].sum() / total
        mean = (w * miner.cur).sum() / total
        if progress is not None:
            progress(len(exceptions), accuracy, mean)
        if accuracy >= ACCURACY_AIM and mean < MEAN_LOSS_AIM:
            break
        index = int(np.argmax(miner.best[:, 0]))
        gain, m = miner.best[index]
        if gain <= max(min_gain * total, 0.0):
            break
        condition = miner.best_condition[index]
        miner.apply(index, condition, int(m), len(exceptions))
        exceptions.append((index, condition, full.patterns[int(m)]))
        miner.price(index)
    return {"exceptions": exceptions, "loss": miner.cur, "via": miner.via, "line": miner.line, "keep": miner.keep}


class _Miner:
    """The miner's state: each hand's line, condition flags and current loss, and per line the
    best exception it could take (``best``: gain, condition, other line)."""

    def __init__(self, full, printed, order: Sequence[str], miss_charge: float, idle: bool,
                 kinds: Sequence[str] = KINDS) -> None:
        import numpy as np

        place = _places(printed, order)
        picked = chosen_pairs(printed, place)
        self.full, self.miss_charge, self.kinds = full, miss_charge, tuple(kinds)
        self.line = place[printed.item[picked]]
        self.n, nlines, self.nitems = len(printed.hand), len(order), len(full.patterns)
        self.cur = printed.loss[picked].copy()
        self.ceiling = float(self.cur.max()) if self.n else 0.0
        self.keep = [printed.keep[p] for p in picked]
        self.via = np.full(self.n, -1, dtype=np.int64)
        self.best = np.zeros((nlines, 2))  # per line: the best exception's gain and other line
        self.best_condition = ["also"] * nlines
        self.single = len(KEYS)
        if idle:
            return
        self.flags = np.array([condition_flags(printed.cards[h].split(), printed.keep[p].split())
                               for h, p in enumerate(picked)], dtype=np.float64)
        self.members = [np.flatnonzero(self.line == index) for index in range(nlines)]
        owner_line = self.line[full.owner]
        self.by_line = np.argsort(owner_line, kind="stable")
        self.bounds = np.searchsorted(owner_line[self.by_line], np.arange(nlines + 1))
        for index in range(nlines):
            self.price(index)

    def missed(self):
        return self.cur > TIE

    def charge(self, values):
        """The objective's charge for hands losing ``values``; a hand losing more than the card
        lost on any hand before its exceptions is barred (charged far more than any gain)."""
        return values + self.miss_charge * (values > TIE) + BARRED * (values > self.ceiling + TIE)

    def price(self, index: int) -> None:
        """The best exception for line ``index``: each hand's gain by each other line it fits,
        summed over the hands each condition holds for."""
        import numpy as np

        full, hands = self.full, self.members[index]
        row = np.full(self.n, -1, dtype=np.int64)
        row[hands] = np.arange(len(hands))
        idx = self.by_line[self.bounds[index]:self.bounds[index + 1]]
        owner, item = full.owner[idx], full.item[idx]
        fits = np.zeros((len(hands), self.nitems))
        fits[row[owner], item] = 1.0
        g = np.zeros((len(hands), self.nitems))
        g[row[owner], item] = full.weight[owner] * (self.charge(self.cur[owner]) - self.charge(full.loss[idx]))
        # only another line some hand gains by can gain; only a line some hand fits is a condition
        gaining = np.flatnonzero((g > 0).any(axis=0))
        if not len(gaining):
            self.best[index] = (0.0, 0)
            return
        g = g[:, gaining]
        f = self.flags[hands]
        present = np.flatnonzero(fits.any(axis=0))
        kinds = self.kinds
        names, parts = list(KEYS), [f.T @ g]
        if "fits" in kinds:
            names += [f"fits:{self.full.patterns[p]}" for p in present]
            parts.append(fits[:, present].T @ g)
        for a in range(1, self.single - 1) if "two" in kinds else ():
            parts.append((f[:, a:a + 1] * f[:, a + 1:]).T @ g)
            names += [f"{KEYS[a]}&{KEYS[b]}" for b in range(a + 1, self.single)]
        for p in present if "fits and one" in kinds else ():
            parts.append((fits[:, p:p + 1] * f[:, 1:]).T @ g)
            names += [f"fits:{self.full.patterns[p]}&{key}" for key in KEYS[1:]]
        gains = np.concatenate(parts, axis=0)
        top = int(np.argmax(gains))
        c, m = np.unravel_index(top, gains.shape)
        self.best[index] = (gains.flat[top], gaining[m])
        self.best_condition[index] = names[c]

    def apply(self, index: int, condition: str, m: int, number: int) -> None:
        """Exception ``number`` (``condition``, other line ``m``) heads line ``index``."""
        import numpy as np

        full = self.full
        idx = self.by_line[self.bounds[index]:self.bounds[index + 1]]
        hit = idx[full.item[idx] == m]
        holding = np.ones(len(hit), dtype=bool)
        for part in condition.split("&"):
            if part.startswith("fits:"):
                fitting = np.zeros(self.n, dtype=bool)
                fitting[full.owner[idx[full.item[idx] == full.patterns.index(part[len("fits:"):])]]] = True
                holding &= fitting[full.owner[hit]]
            else:
                holding &= self.flags[full.owner[hit], KEYS.index(part)] > 0
        hit = hit[holding]
        self.cur[full.owner[hit]] = full.loss[hit]
        self.via[full.owner[hit]] = number
        for p in hit:
            self.keep[full.owner[p]] = full.keep[p]


def condition_text(key: str) -> str:
    """A condition as the card prints it ("when ...")."""
    texts = [f"when your hand also fits \u201c{part[len('fits:'):]}\u201d" if part.startswith("fits:")
             else CONDITIONS[part] for part in key.split("&")]
    return " and ".join([texts[0]] + [text[len("when "):] for text in texts[1:]])


def exception_text(key: str, other: str) -> str:
    """An exception as printed under its line."""
    return f"hold {other} instead, {condition_text(key)}"


def condition_holds(key: str, hand: Sequence[str], kept: Sequence[str], fits: set[str]) -> bool:
    """Whether the condition ``key`` holds for the five cards ``hand`` when the line keeps
    ``kept``; ``fits`` is every line (``replacement_lines``) some hold of the hand fits."""
    flags = dict(zip(KEYS, condition_flags(hand, kept)))
    return all(part[len("fits:"):] in fits if part.startswith("fits:") else flags[part] for part in key.split("&"))


def apply_exceptions(holds: Sequence[str], patterns: Sequence[str], equities: Sequence[float], chosen: int,
                     exceptions: Sequence[dict[str, Any]]) -> tuple[int, dict[str, Any] | None]:
    """The hold a player keeps after reading a line's ``exceptions`` (each ``when`` and
    ``hold``, in the order printed), the line's hold being ``holds[chosen]``: the first
    exception whose condition holds and whose other line the hand fits gives that line's hold
    by the tie-break (the worst of holds tying on ranks); else the line's own."""
    if not exceptions:
        return chosen, None
    hand = max(holds, key=len)
    names = [replacement_lines(keep, pattern) for keep, pattern in zip(holds, patterns)]
    fits = {name for lines in names for name in lines}
    for exception in exceptions:
        other = exception["hold"]
        if other not in fits or not condition_holds(exception["when"], hand.split(), holds[chosen].split(), fits):
            continue
        mine = [i for i, lines in enumerate(names) if other in lines]
        return max(mine, key=lambda i: (tie_break(holds[i], hand), -equities[i])), exception
    return chosen, None


def printed_card(hands, mined: dict[str, Any], order: Sequence[str]) -> dict[str, Any]:
    """The card's figures with its exceptions (as ``card.figures``), per printed line its
    ``exceptions`` in the order a player reads them (the last mined first), each with the
    hands it decides and of them those it gives the best hold."""
    import numpy as np

    loss, via, line, w = mined["loss"], mined["via"], mined["line"], hands.weight
    total = hands.total
    missed = loss > TIE
    summary, worst, per_line = following(hands, loss, line, len(order))
    count = len(mined["exceptions"])
    taken = via >= 0
    decided, right, lost = (np.bincount(via[taken], weights=x[taken], minlength=count)
                            for x in (w, w * ~missed, w * loss))
    lines = [{"pattern": text, "hands": int(per_line[0][i]), "followed": int(per_line[1][i]),
              "loss": float(per_line[2][i] / total), "exceptions": []} for i, text in enumerate(order)]
    for k in reversed(range(count)):
        index, when, other = mined["exceptions"][k]
        text = exception_text(when, other) if other != order[index] else \
            f"hold this line's own hold, not the exceptions below, {condition_text(when)}"
        lines[index]["exceptions"].append({"when": when, "hold": other, "text": text, "hands": int(decided[k]),
                                           "followed": int(right[k]), "loss": float(lost[k] / total)})
    return summary | {"worst_hold": mined["keep"][worst], "lines": lines}
