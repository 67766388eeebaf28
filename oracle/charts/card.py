"""The Diablo strategy card: hold patterns in an order a player can follow ("hold the highest
line your five cards contain"), chosen so that following it gives the exact best hold as
often as possible, and what following it costs.

Every hand of the ``diablo-draw`` chart carries its 16 legal holds (discard 0, 1 or 2 cards),
each with its pattern (``patterns.hold_pattern``) and exact equity. A card is an order of
patterns. For a hand, the card's hold is the one whose pattern comes first on the card; when
the hand makes that pattern in several ways (two different "a pair and a kicker"), the player
keeps the highest cards (``tie_break``: the kept cards' ranks compared from the top, a deuce
counting as the lowest), and when holds tie on ranks too (they differ only in suits) the
figures count the worst of them. The card's **loss** on a hand is the best hold's equity less
the card's hold's; a hand is **followed** when the loss is nil (a hold tying the best counts).

The order is found by a deterministic local search over whole-chart figures, every hand
weighted by its class's size: start from the patterns ranked by the mean equity of the hands
they are best for, then move each pattern in turn to the place on the card that lowers the
objective most (the total loss, plus a small charge for each hand not followed), and sweep
again until no move helps. Moving one pattern is priced at every place at once: a hand takes
the moved pattern exactly when it is placed above the hand's highest other pattern.

With the order fixed, exceptions are added to its lines (``card_exceptions``): on a line,
hold another line instead when a short condition on the hand holds.

numpy is imported inside the functions that use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence


# A hold within this much of the best hold's equity ties it (equities are exact fractions
# stored as floats: equal fractions give equal floats).
TIE = 1e-12
# The objective charges a hand the card does not follow this much, in pots, besides its loss:
# it makes the search prefer, among orders of about the same loss, the one right more often.
MISS_CHARGE = 0.002
SWEEPS = 30
# The most lines the printed card may have.
MAX_LINES = 100
TIE_BREAK = ("when your hand fits the line in several ways, keep no card of a rank you throw away; with a pair "
             "and one kicker, keep the highest kicker if it is a Jack or higher (a Ten or higher with a pair of "
             "Sixes or lower), else the highest kicker below the pair; "
             "then the highest cards (compare the kept cards' ranks from the top; a deuce counts lowest)")


VALUES = {rank: value for value, rank in enumerate("3456789TJQKA", start=3)} | {"2": 0}


def tie_break(keep: str, hand: str = "") -> tuple[int, ...]:
    """The player's preference among holds of one line: higher is kept. ``keep`` is the kept
    cards' text ("As Kd 2h"), ``hand`` the five dealt. First keep no card of a rank you throw
    away; then, keeping a pair and one kicker, a kicker Jack or higher, else one lower than the
    pair; then the highest cards (a deuce counts lowest)."""
    kept = keep.split()
    thrown = {card[0] for card in hand.split() if card not in kept}
    split = sum(1 for card in kept if card[0] in thrown)
    values = sorted((VALUES[card[0]] for card in kept), reverse=True)
    return (-split, *_kicker(values), *values)


# With a pair, the kicker to keep: the highest if it is a Jack or higher (a Ten or higher with
# a pair of Sixes or lower), else the highest below the pair.
KICKER, LOW_PAIR_KICKER, LOW_PAIR = 11, 10, 6


def _kicker(values: Sequence[int]) -> tuple[int, int]:
    """For a pair and one kicker (three natural cards): whether the kicker is high enough to
    keep whatever else, and, if not, whether it is below the pair; (0, 0) for any other hold."""
    if len(values) != 3 or 0 in values or len(set(values)) != 2:
        return (0, 0)
    pair = values[1]
    kicker = values[0] if values[2] == pair else values[2]
    high = kicker >= (LOW_PAIR_KICKER if pair <= LOW_PAIR else KICKER)
    return (int(high), int(not high and kicker < pair))


# A high card, for the lines that count them: a Ten or higher.
HIGH = 10
RANK_NAMES = {14: "Ace", 13: "King", 12: "Queen", 11: "Jack", 10: "Ten"}
COUNT_WORDS = {0: "no", 1: "a", 2: "two", 3: "three", 4: "four"}


NAMED_VALUES = {name: value for value, name in RANK_NAMES.items()} | {str(v): v for v in range(3, 10)}


def rank_name(value: int) -> str:
    return RANK_NAMES.get(value, str(value))


def lines_of(keep: str, pattern: str) -> tuple[str, ...]:
    """The card lines a hold fits (the first is its own; the others finer or broader ones):

    - four to a straight, with or without deuces, is "open" when its natural cards lie within
      four ranks in a row, none an Ace, else "inside";
    - a draw ("three to a straight", "four to a flush with a deuce") is named with its high
      cards (Ten or higher), "three to a straight, two high cards", and with its top card,
      "four to a flush, King high" (a royal draw, all high, by its top card alone);
    - a deuce and two natural cards within five ranks of each other, not of one suit, are
      also "three to a straight with a deuce"; three to a straight (flush), with or without a
      deuce, is also named by the ranks missing between its natural cards: "three to a
      straight with a deuce, no gap" (7 6 and a deuce), "three to a straight, one gap" (9 8 6),
      and by both: "three to a straight, no high cards, no gap";
    - a hold of unpaired natural cards, with or without deuces, also fits the broad line of
      its top card: "three unpaired cards, Ace high", "a deuce and two unpaired cards, Queen
      high"; with the tie-break, such a line means "the highest of them"; with two natural
      cards Queen or higher, also "three unpaired cards, two of them Queen or higher";
    - any other hold fits its pattern alone."""
    cards = keep.split()
    naturals = [c[0] for c in cards if c[0] != "2"]
    values = sorted((VALUES[rank] for rank in naturals), reverse=True)
    deuces = len(cards) - len(naturals)
    if "four to a straight" in pattern and "flush" not in pattern:
        pattern = pattern.replace("four to a straight", f"four to {'an open' if _open(values) else 'an inside'} straight")
    if pattern == "a pair and a kicker with a deuce" and len(values) == 2 and _within(values):
        pattern = "three to a straight with a deuce"
    own = [pattern]
    if " to a royal" in pattern:  # a royal's cards are all high
        own.append(f"{pattern}, {rank_name(values[0])} high")
    elif " to a" in pattern:
        high = sum(1 for v in values if v >= HIGH)
        own = [f"{pattern}, {COUNT_WORDS[high]} high card{'' if high == 1 else 's'}",
               f"{pattern}, {rank_name(values[0])} high"]
        if pattern.startswith("three to a straight") and len(cards) == 3:
            gaps = GAP_WORDS[_gaps(values)]
            own += [f"{pattern}, {gaps}", f"{own[0]}, {gaps}"]
    if pattern == "three to a straight with a deuce":
        own.insert(0, "a pair and a kicker with a deuce")
    if len(cards) == 5 or not naturals or len(set(naturals)) < len(naturals):
        return tuple(own)
    unpaired = "a card" if len(naturals) == 1 else f"{COUNT_WORDS[len(naturals)]} unpaired cards"
    if deuces:
        unpaired = f"{COUNT_WORDS[deuces]} deuce{'s' if deuces > 1 else ''} and {unpaired}"
    broad = [f"{unpaired}, {rank_name(values[0])} high"]
    if len(values) > 1 and values[1] >= QUEEN:
        broad.append(f"{unpaired}, two of them Queen or higher")
    return (*own, *broad)


QUEEN = 12


GAP_WORDS = {0: "no gap", 1: "one gap", 2: "two gaps", 3: "three gaps"}


def _gaps(values: Sequence[int]) -> int:
    """The ranks missing between natural cards within five ranks (the Ace low if that is closer)."""
    low = sorted(1 if v == 14 else v for v in values)
    span = min(max(values) - min(values), low[-1] - low[0])
    return span - (len(values) - 1)


def _within(values) -> bool:
    low = [1 if v == 14 else v for v in values]
    return max(values) - min(values) <= 4 or max(low) - min(low) <= 4


def _open(values) -> bool:
    """The natural cards of four to a straight lie within four ranks in a row, none an Ace:
    two ranks or more complete it (one with four naturals in a row)."""
    return max(values) - min(values) <= 3 and max(values) < 14


def merged_lines(order: Sequence[str]) -> list[dict[str, Any]]:
    """The card as printed: lines next to each other that differ only in their top card
    ("three unpaired cards, King high" just after "..., Ace high") are one line ("three
    unpaired cards, Ace or King high"). Each printed line: ``text`` and its ``items``."""
    printed: list[dict[str, Any]] = []
    for item in order:
        base, _, top = item.rpartition(", ")
        if top.endswith(" high") and not top.endswith("high cards") and printed \
                and printed[-1]["base"] == base:
            printed[-1]["items"].append(item)
            printed[-1]["tops"].append(top[:-len(" high")])
        elif top.endswith(" high") and "high card" not in top:
            printed.append({"base": base, "items": [item], "tops": [top[:-len(" high")]]})
        else:
            printed.append({"base": item, "items": [item], "tops": []})
    for line in printed:
        tops = line.pop("tops")
        base = line.pop("base")
        tops = sorted(tops, key=lambda name: -NAMED_VALUES.get(name, 0))
        line["text"] = base if not tops else f"{base}, {_or(tops)} high"
    return printed


def _or(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


@dataclass(frozen=True)
class Hands:
    """The chart as arrays: for each hand (class) ``weight`` and ``hand`` text; for each
    (hand, pattern it makes) pair ``owner`` (the hand's index, pairs grouped by hand),
    ``item`` (the pattern's index in ``patterns``), ``keep`` (the hold the tie-break keeps)
    and ``loss`` (its equity below the best hold's)."""

    patterns: tuple[str, ...]
    hand: tuple[str, ...]
    weight: Any
    owner: Any
    item: Any
    keep: tuple[str, ...]
    loss: Any
    starts: Any
    best_item: Any
    best: Any
    cards: tuple[str, ...] = ()  # each hand's five cards, as its holds name them

    @property
    def total(self) -> float:
        return float(self.weight.sum())


def card_hold(holds: Sequence[str], patterns: Sequence[str], equities: Sequence[float],
              lines: Sequence[dict[str, Any]]) -> tuple[int, dict[str, Any]]:
    """The index of the hold the printed card keeps, and the printed line it fits (as
    ``card_choice``, without the exception)."""
    index, line, _ = card_choice(holds, patterns, equities, lines)
    return index, line


def card_choice(holds: Sequence[str], patterns: Sequence[str], equities: Sequence[float],
                lines: Sequence[dict[str, Any]]) -> tuple[int, dict[str, Any], dict[str, Any] | None]:
    """The index of the hold the printed card keeps, the printed line the hand fits first and
    the line's exception that applies (or None). ``lines`` is the card as printed, each line
    with the ``items`` it merges and its ``exceptions`` (if any): a player reads the line, so
    the holds of all its items compete by ``tie_break`` (the worst of holds tying on ranks),
    then reads its exceptions (``card_exceptions.apply_exceptions``). A hand making no line
    of the card is a ``ValueError``."""
    from .card_exceptions import apply_exceptions

    place = {item: rank for rank, line in enumerate(lines) for item in line["items"]}
    fits = [[place[line] for line in lines_of(keep, pattern) if line in place]
            for keep, pattern in zip(holds, patterns)]
    top = min((rank for ranks in fits for rank in ranks), default=None)
    if top is None:
        raise ValueError("the hand makes no line of the card")
    mine = [i for i, ranks in enumerate(fits) if top in ranks]
    hand = max(holds, key=len)
    chosen = max(mine, key=lambda i: (tie_break(holds[i], hand), -equities[i]))
    index, exception = apply_exceptions(holds, patterns, equities, chosen, lines[top].get("exceptions") or ())
    return index, lines[top], exception


def gather(rows: Sequence[dict], line_of: dict[str, str] | None = None, names=None) -> Hands:
    """``rows`` of the chart (``hand``, ``weight``, ``holds``, ``hold_patterns``,
    ``hold_equities``, best hold first) as ``Hands``. With ``line_of`` (item to printed line),
    the patterns are the printed lines, and items it leaves out are not on the card; ``names``
    (default ``lines_of``) gives the lines a hold fits."""
    import numpy as np

    names_of = names or lines_of
    names: dict[str, int] = {}
    owner, item, keeps, losses, starts, best_item, bests = [], [], [], [], [], [], []
    for index, row in enumerate(rows):
        best = max(row["hold_equities"])
        bests.append(best)
        chosen: dict[str, tuple] = {}
        hand = max(row["holds"], key=len)
        for keep, pattern, equity in zip(row["holds"], row["hold_patterns"], row["hold_equities"]):
            # highest cards first; among holds that differ only in suits, the worst
            rank = (tie_break(keep, hand), -equity)
            for line in names_of(keep, pattern):
                if line_of is not None:
                    line = line_of.get(line)
                    if line is None:
                        continue
                if line not in chosen or rank > chosen[line][0]:
                    chosen[line] = (rank, keep, best - equity)
        starts.append(len(owner))
        if line_of is None:  # the search's starting order ranks the best holds' patterns
            best_item.append(names.setdefault(row["hold_patterns"][0], len(names)))
        for pattern, (_, keep, loss) in chosen.items():
            owner.append(index)
            item.append(names.setdefault(pattern, len(names)))
            keeps.append(keep)
            losses.append(max(loss, 0.0))
    return Hands(patterns=tuple(names), hand=tuple(r["hand"] for r in rows),
                 weight=np.array([r["weight"] for r in rows], dtype=np.float64),
                 owner=np.array(owner, dtype=np.int64), item=np.array(item, dtype=np.int64),
                 keep=tuple(keeps), loss=np.array(losses, dtype=np.float64),
                 starts=np.array(starts, dtype=np.int64),
                 best_item=np.array(best_item or [0] * len(rows), dtype=np.int64),
                 best=np.array(bests, dtype=np.float64),
                 cards=tuple(max(r["holds"], key=len) for r in rows))


def chosen_pairs(hands: Hands, place) -> Any:
    """For each hand, the index of its (hand, pattern) pair the card picks: the pattern with
    the smallest ``place`` (every pattern the hand makes must have a place)."""
    import numpy as np

    key = place[hands.item]
    lowest = np.minimum.reduceat(key, hands.starts)
    picked = np.flatnonzero(key == lowest[hands.owner])
    return picked


def figures(hands: Hands, order: Sequence[str]) -> dict[str, Any]:
    """What following the card ``order`` gives over the chart's hands: ``accuracy`` (weighted
    share followed), ``mean_loss``, ``worst_loss`` and ``worst_hand``, and per line of the card
    the hands it decides (``hands``) and of them the hands it gets right (``followed``)."""
    place = _places(hands, order)
    picked = chosen_pairs(hands, place)
    summary, worst, (lines, right, lost) = following(hands, hands.loss[picked], hands.item[picked],
                                                     len(hands.patterns))
    index = {p: i for i, p in enumerate(hands.patterns)}
    total = hands.total
    return summary | {
        "worst_hold": hands.keep[picked[worst]],
        "lines": [{"pattern": p, "hands": int(lines[index[p]]), "followed": int(right[index[p]]),
                   "loss": float(lost[index[p]] / total)} for p in order if p in index],
    }


def following(hands: Hands, loss: Any, slot: Any, slots: int) -> tuple[dict[str, Any], int, list[Any]]:
    """The figures of a card whose hold loses ``loss`` on each hand, the hand decided by
    ``slot`` (one of ``slots``, a line or an item): over all hands ``hands``, ``accuracy``,
    ``mean_loss``, ``worst_loss`` and ``worst_hand``; the worst hand's index; and per slot the
    weight of the hands it decides, of those it gives the best hold, and of their loss."""
    import numpy as np

    w, total = hands.weight, hands.total
    missed = loss > TIE
    worst = int(np.argmax(loss))
    per_slot = [np.bincount(slot, weights=x, minlength=slots) for x in (w, w * ~missed, w * loss)]
    return ({"hands": int(total), "accuracy": float(w[~missed].sum() / total),
             "mean_loss": float((w * loss).sum() / total), "worst_loss": float(loss[worst]),
             "worst_hand": hands.hand[worst]}, worst, per_slot)


def _places(hands: Hands, order: Sequence[str]):
    import numpy as np

    rank = {p: i for i, p in enumerate(order)}
    missing = [p for p in hands.patterns if p not in rank]
    if missing:
        raise ValueError(f"the card lacks patterns the hands make: {', '.join(sorted(missing))}")
    return np.array([rank[p] for p in hands.patterns], dtype=np.int64)


def start_order(hands: Hands) -> list[str]:
    """Patterns ranked by the mean equity of the hands they are best for (the card as it was
    first printed), then the patterns no hand is best with, by name."""
    import numpy as np

    n = len(hands.patterns)
    hands_best = np.bincount(hands.best_item, weights=hands.weight, minlength=n)
    equity = np.bincount(hands.best_item, weights=hands.weight * hands.best, minlength=n)
    mean = equity / np.maximum(hands_best, 1)
    return sorted(hands.patterns, key=lambda p: (hands_best[hands.patterns.index(p)] == 0,
                                                 -mean[hands.patterns.index(p)], p))


def improve(hands: Hands, order: Sequence[str], sweeps: int = SWEEPS) -> list[str]:
    """The local search: move each pattern to its cheapest place, sweep until none moves."""
    order = list(order)
    for _ in range(sweeps):
        moved = False
        for pattern in list(order):
            better = _best_place(hands, order, pattern)
            if better is not None:
                order = better
                moved = True
        if not moved:
            break
    return order


def _best_place(hands: Hands, order: list[str], pattern: str) -> list[str] | None:
    """The order with ``pattern`` moved to the place that lowers the objective most, or None
    when its place is already the best (ties keep the current place)."""
    import numpy as np

    rest = [p for p in order if p != pattern]
    index = hands.patterns.index(pattern)
    rank = {p: i for i, p in enumerate(rest)}
    place = np.array([rank.get(p, len(rest)) for p in hands.patterns], dtype=np.int64)
    # each hand's highest pattern other than the one moved: its place and its loss
    key = np.where(hands.item == index, len(rest) + 1, place[hands.item])
    lowest = np.minimum.reduceat(key, hands.starts)
    other = np.flatnonzero(key == lowest[hands.owner])
    other_loss = np.zeros(len(hands.weight))
    other_loss[hands.owner[other]] = hands.loss[other]
    own = np.flatnonzero(hands.item == index)
    holders = hands.owner[own]
    delta = hands.weight[holders] * (_charged(hands.loss[own]) - _charged(other_loss[holders]))
    # placed at k (before rest[k]), a hand making the pattern takes it when k <= the place of
    # its highest other pattern
    gain = np.bincount(lowest[holders], weights=delta, minlength=len(rest) + 1)
    cost = np.cumsum(gain[::-1])[::-1]
    current = order.index(pattern)
    best_k = int(np.argmin(cost))
    if cost[best_k] < cost[current] - 1e-9 * hands.total:
        return rest[:best_k] + [pattern] + rest[best_k:]
    return None


def _charged(loss):
    return loss + MISS_CHARGE * (loss > TIE)


def prune(hands: Hands, order: Sequence[str], limit: int = MAX_LINES) -> list[str]:
    """The order with the lines that help least left off (moved below every other line, where
    they decide no hand) until the card prints at most ``limit`` lines: each time, the line
    whose hands lose least, by the search's objective, going to their next line, among the
    lines whose going makes no hand lose more than the card's worst loss before pruning. A
    line that is some hand's last line left never goes, so the card may end longer than
    ``limit``."""
    import numpy as np

    kept, dropped = list(order), []
    ceiling = None
    while True:
        place = _places(hands, kept + dropped)
        key = place[hands.item]
        first = np.minimum.reduceat(key, hands.starts)
        top = key == first[hands.owner]
        second = np.minimum.reduceat(np.where(top, len(place), key), hands.starts)
        loss_first = np.zeros(len(hands.weight))
        loss_first[hands.owner[top]] = hands.loss[top]
        nxt = key == second[hands.owner]
        loss_second = np.zeros(len(hands.weight))
        loss_second[hands.owner[nxt]] = hands.loss[nxt]
        deciding = [kept[i] for i in sorted(set(first.tolist()))]
        if ceiling is None:
            ceiling = float(loss_first.max())
        if len(merged_lines(deciding)) <= limit:
            return kept + dropped
        cost = np.bincount(first, weights=hands.weight * (_charged(loss_second) - _charged(loss_first)),
                           minlength=len(kept))
        # a line may go when each of its hands has another line left, none losing more than
        # the card loses on any hand already
        worst = np.zeros(len(kept))
        np.maximum.at(worst, first, np.where(second < len(kept), loss_second, np.inf))
        allowed = [item for item in deciding if worst[kept.index(item)] <= ceiling]
        if not allowed:
            return kept + dropped
        cheapest = min(allowed, key=lambda item: cost[kept.index(item)])
        kept.remove(cheapest)
        dropped.append(cheapest)


def strategy_card(rows: Sequence[dict], exceptions: bool = True) -> dict[str, Any]:
    """The card of a chart and the figures of following it as printed (``figures``): ``lines``
    as printed, each with its ``rank``, ``pattern`` (the line's text), ``items`` (what it
    merges), the ``hands`` it decides, of them the hands it ``followed`` to the best hold, and
    its part of the mean ``loss`` (its exceptions included), and its ``exceptions`` (each
    ``when``, ``hold``, ``text`` and the ``hands`` it decides, of them ``followed``); ``order``
    is every item in card order. Without ``exceptions``, the card has none."""
    from .card_exceptions import mine, printed_card, replacement_lines

    hands = gather(rows)
    order = prune(hands, improve(hands, start_order(hands)))
    decided = {line["pattern"]: line["hands"] for line in figures(hands, order)["lines"]}
    # an item that decides no hand is never a hand's highest: leaving it off changes nothing
    order = [item for item in order if decided.get(item)]
    printed = merged_lines(order)
    # the figures are those of the card a player reads: items merged into one printed line
    # are one line, the tie-break choosing among all their holds
    line_of = {item: line["text"] for line in printed for item in line["items"]}
    texts = [line["text"] for line in printed]
    on_lines = gather(rows, line_of)
    mined = mine(gather(rows, names=replacement_lines), on_lines, texts, limit=None if exceptions else 0)
    result = printed_card(on_lines, mined, texts)
    lines = [{"rank": rank, "pattern": line["text"], "items": line["items"]} | part
             for rank, (line, part) in enumerate(zip(printed, result["lines"]), start=1)]
    return result | {"lines": lines, "order": order, "tie_break": TIE_BREAK}
