"""The Diablo strategy card: following it, line by line as the page prints it, gives the
figures the chart stores; the hands a player meets get the card's hold beside the best hold;
the search behind the order scores itself as a brute force does."""

from __future__ import annotations

import functools
from html import escape
import json
import os
import random
from pathlib import Path

import pytest

from oracle.charts import lookup_chart
from oracle.charts.card import figures, gather, improve, lines_of, start_order, strategy_card
from oracle.charts.store import read_metadata, read_table

CHART = Path(os.environ.get("ORACLE_TEST_DIABLO_CHART", "")
             or Path(__file__).resolve().parent.parent / "docs" / "charts" / "diablo-draw")
RANKS = {r: v for v, r in enumerate("23456789TJQKA", start=2)} | {"2": 0}


@functools.lru_cache(maxsize=1)
def card_record() -> dict:
    meta, _ = read_metadata(CHART / "diablo-draw.parquet")
    return meta["card"]


@functools.lru_cache(maxsize=None)
def fits(keep: str, pattern: str) -> tuple[str, ...]:
    return lines_of(keep, pattern)


def follow(row: dict, place: dict[str, int]) -> int:
    """The hold a player following the card keeps, as docs/charts.md says: the highest line
    the hand fits; among its holds, none keeping a rank thrown away, then the kicker rule,
    then the highest ranks;
    holds tying on both are counted at the worst equity."""
    hand = row["holds"][[len(h) for h in row["holds"]].index(max(len(h) for h in row["holds"]))].split()
    ranked = []
    for i, (keep, pattern) in enumerate(zip(row["holds"], row["hold_patterns"])):
        top = min(place.get(line, 10 ** 6) for line in fits(keep, pattern))
        kept = keep.split()
        thrown = {c[0] for c in hand if c not in kept}
        ranked.append((top, sum(c[0] in thrown for c in kept), kicker(kept), [-RANKS[c[0]] for c in sorted(
            kept, key=lambda c: -RANKS[c[0]])], row["hold_equities"][i], i))
    return min(ranked)[-1]


def kicker(kept: list[str]) -> tuple[int, int]:
    """The kicker rule for a pair and one kicker, as a sort key (smaller is kept): a kicker
    Jack or higher (Ten or higher with a pair of Sixes or lower) first, else one below the pair."""
    ranks = [RANKS[c[0]] for c in kept]
    if len(kept) != 3 or 0 in ranks or len(set(ranks)) != 2:
        return (0, 0)
    pair = max(set(ranks), key=ranks.count)
    single = min(set(ranks), key=ranks.count)
    high = single >= (RANKS["T"] if pair <= RANKS["6"] else RANKS["J"])
    return (-high, -(not high and single < pair))


def followed_holds(table, place: dict[str, int]):
    """For every row of ``table``, the index (into its flattened holds) of the hold a player
    following the card keeps, as docs/charts.md says, with numpy over all holds at once: the
    highest line the hold fits, then no card of a rank thrown away, then the kicker rule, then
    the highest ranks,
    then (holds tying on all that differ only in suits) the worst equity."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    holds = table["holds"].combine_chunks()
    flat = holds.flatten()
    row = np.repeat(np.arange(len(holds)), np.diff(holds.offsets.to_numpy()))
    ranks = pa.array(list("23456789TJQKA"))
    slots = [pc.utf8_slice_codeunits(flat, 3 * i, 3 * i + 1) for i in range(5)]
    kept = np.stack([pc.fill_null(pc.index_in(s, value_set=ranks), -1).to_numpy() for s in slots], axis=1)
    hand_slots = [pc.utf8_slice_codeunits(table["hand"].combine_chunks(), 3 * i, 3 * i + 1) for i in range(5)]
    hand = np.stack([pc.index_in(s, value_set=ranks).to_numpy() for s in hand_slots], axis=1)
    counts = np.zeros((len(flat), 13), dtype=np.int64)
    dealt = np.zeros((len(holds), 13), dtype=np.int64)
    for i in range(5):
        present = kept[:, i] >= 0
        np.add.at(counts, (np.flatnonzero(present), kept[present, i]), 1)
        np.add.at(dealt, (np.arange(len(holds)), hand[:, i]), 1)
    thrown = dealt[row] - counts
    split = (counts * (thrown > 0)).sum(axis=1)
    # a pair and one kicker, no deuce: prefer a kicker Jack or higher, then one below the pair
    naturals = counts[:, 1:]
    lone = (counts[:, 0] == 0) & (counts.sum(axis=1) == 3) & ((naturals == 2).sum(axis=1) == 1)
    pair_rank = np.argmax(naturals == 2, axis=1)
    kicker_rank = np.argmax(naturals == 1, axis=1)
    # ranks counted from the Three: a Jack is 8, a Ten 7, a Six 3
    high_kicker = lone & (kicker_rank >= np.where(pair_rank <= 3, 7, 8))
    low_kicker = lone & ~high_kicker & (kicker_rank < pair_rank)
    code = np.zeros(len(flat), dtype=np.int64)
    for value in np.sort(kept, axis=1)[:, ::-1].T:
        code = code * 14 + (value + 1)
    # a hold's lines depend on its ranks and its pattern alone: name each pair once
    kept_ranks = pc.binary_join_element_wise(
        *[pc.if_else(pc.equal(s, ""), "", pc.binary_join_element_wise(s, "x ", "")) for s in slots], "")
    text = pc.binary_join_element_wise(kept_ranks, table["hold_patterns"].combine_chunks().flatten(), "|")
    encoded = pc.dictionary_encode(text)
    places = np.array([min(place.get(line, 10 ** 6) for line in lines_of(*key.split("|")))
                       for key in encoded.dictionary.to_pylist()])
    top = places[encoded.indices.to_numpy()]
    equity = table["hold_equities"].combine_chunks().flatten().to_numpy()
    order = np.lexsort((equity, -code, ~low_kicker, ~high_kicker, split, top, row))
    first = order[np.r_[0, np.flatnonzero(np.diff(row[order])) + 1]]
    return first, equity, row, top[first], (encoded.indices.to_numpy(), encoded.dictionary.to_pylist())


VALUES = {r: v for v, r in enumerate("3456789TJQKA", start=3)}


@functools.lru_cache(maxsize=None)
def other_lines(ranks: str, pattern: str, suited: bool) -> frozenset[str]:
    """The lines an exception may name that a hold fits, as docs/charts.md says (``ranks``:
    the hold's cards with their suits left out, "Ax 9x 2x"; ``suited``: its natural cards are
    of one suit): the card's lines, a pair with a kicker below (above) the pair, a deuce with
    two cards of one suit too far apart for a straight as three to a flush with a deuce (also
    by its top card)."""
    out = set(fits(ranks, pattern))
    values = sorted((VALUES[c[0]] for c in ranks.split() if c[0] != "2"), reverse=True)
    if pattern == "a pair and a kicker":
        pair = max(set(values), key=values.count)
        kicker = min(set(values), key=values.count)
        out.add(f"a pair and a kicker {'below' if kicker < pair else 'above'} the pair")
    if pattern == "a pair and a kicker with a deuce" and len(values) == 2 and values[0] != values[1] and suited:
        top = {14: "Ace", 13: "King", 12: "Queen", 11: "Jack", 10: "Ten"}.get(values[0], str(values[0]))
        out |= {"three to a flush with a deuce", f"three to a flush with a deuce, {top} high"}
    return frozenset(out)


def suited(keep: str) -> bool:
    return len({c[1] for c in keep.split() if c[0] != "2"}) == 1


def condition(part: str, hand: list[str], kept: list[str], lines: set[str]) -> bool:
    """One condition of an exception, read as the page prints it: on the cards the line keeps
    and the cards it throws (deuces count in no rank or suit), or another line the hand fits."""
    if part.startswith("fits:"):
        return part[5:] in lines
    thrown = [c for c in hand if c not in kept and c[0] != "2"]
    keep = [c for c in kept if c[0] != "2"]
    tv, kv = [VALUES[c[0]] for c in thrown], [VALUES[c[0]] for c in keep]
    suits = {c[1] for c in keep}

    def apart(a, b):
        return min(abs(a - b), abs((1 if a == 14 else a) - (1 if b == 14 else b)))

    tests = {"also": lambda: True, "kept-suit": lambda: len(keep) > 1 and len(suits) == 1 and
             any(c[1] in suits for c in thrown), "a-kept-suit": lambda: any(c[1] in suits for c in thrown),
             "no-kept-suit": lambda: thrown and not any(c[1] in suits for c in thrown),
             "thrown-suited": lambda: len(thrown) == 2 and thrown[0][1] == thrown[1][1],
             "near1": lambda: any(0 < apart(t, k) <= 1 for t in tv for k in kv),
             "near2": lambda: any(0 < apart(t, k) <= 2 for t in tv for k in kv),
             "far": lambda: tv and kv and all(apart(t, k) > 4 for t in tv for k in kv)}
    if part in tests:
        return bool(tests[part]())
    if part.startswith("high"):
        return bool(tv) and sum(v >= 10 for v in tv) == int(part[4:])
    for prefix, test in (("throw>=", lambda x: tv and max(tv) >= x), ("throw<", lambda x: tv and max(tv) < x),
                         ("low<=", lambda x: kv and min(kv) <= x)):
        if part.startswith(prefix):
            return bool(test(int(part[len(prefix):])))
    raise AssertionError(f"a condition the docs do not describe: {part}")


def read_exceptions(row: dict, chosen: int, exceptions: list[dict], names: list[frozenset[str]]) -> int:
    """The hold after the line's exceptions, read in order: the first whose conditions all hold
    and whose other line the hand fits (``names``: the lines each hold fits) gives that
    line's hold by the tie-break."""
    hand = max(row["holds"], key=len).split()
    lines = set().union(*names)
    kept = row["holds"][chosen].split()
    for exception in exceptions:
        if exception["hold"] in lines and all(condition(part, hand, kept, lines)
                                              for part in exception["when"].split("&")):
            mine = [i for i, n in enumerate(names) if exception["hold"] in n]
            return min(mine, key=lambda i: (tie_rank(row, i), row["hold_equities"][i], i))
    return chosen


def tie_rank(row: dict, i: int) -> tuple:
    hand = max(row["holds"], key=len).split()
    kept = row["holds"][i].split()
    thrown = {c[0] for c in hand if c not in kept}
    return (sum(c[0] in thrown for c in kept), kicker(kept), sorted((-RANKS[c[0]] for c in kept)))


def test_the_card_figures_agree_with_the_charts_own_rows():
    """Every hand of the shipped chart followed through the card, independently of the search
    that ordered it and of the miner of its exceptions: the share followed, the mean and the
    worst loss are the figures stored with the chart and printed on its page."""
    import numpy as np

    card = card_record()
    place = {item: i for i, line in enumerate(card["lines"]) for item in line["items"]}
    table = read_table(CHART / "diablo-draw.parquet", columns=["hand", "weight", "holds", "hold_patterns",
                                                                 "hold_equities"])
    chosen, equity, row, top, (kind, keys) = followed_holds(table, place)
    starts = np.r_[0, np.flatnonzero(np.diff(row)) + 1]
    best = np.maximum.reduceat(equity, starts)
    picked = equity[chosen]
    # the hands whose line has exceptions read them
    patterns = table["hold_patterns"].combine_chunks().flatten().to_pylist()
    flat = table["holds"].combine_chunks().flatten().to_pylist()
    ends = np.r_[starts[1:], len(flat)]
    # the lines each hold fits depend on its ranks and pattern, and on its suits only for a deuce
    # and two unpaired cards
    named = [(other_lines(*key.split("|"), False), other_lines(*key.split("|"), True)) for key in keys]
    for h in np.flatnonzero(np.isin(top, [i for i, line in enumerate(card["lines"]) if line["exceptions"]])):
        span = slice(starts[h], ends[h])
        one = {"holds": flat[span], "hold_patterns": patterns[span], "hold_equities": equity[span].tolist()}
        names = [named[k][p == "a pair and a kicker with a deuce" and suited(keep)]
                 for k, keep, p in zip(kind[span], one["holds"], one["hold_patterns"])]
        exceptions = card["lines"][top[h]]["exceptions"]
        picked[h] = equity[starts[h] + read_exceptions(one, chosen[h] - starts[h], exceptions, names)]
    loss = best - picked
    weight = table["weight"].to_numpy()
    assert weight.sum() == int(os.environ.get("ORACLE_TEST_DIABLO_HANDS", 2_598_960))
    assert weight[loss <= 1e-12].sum() / weight.sum() == pytest.approx(card["accuracy"], abs=1e-12)
    assert (weight * loss).sum() / weight.sum() == pytest.approx(card["mean_loss"], rel=1e-9)
    assert loss.max() == pytest.approx(card["worst_loss"], rel=1e-9)
    page = (CHART / "diablo-draw.html").read_text(encoding="utf-8")
    assert f"{100 * card['accuracy']:.2f}%" in page and f"{card['mean_loss']:.5f}" in page
    assert f"{card['worst_loss']:.5f}" in page


def test_lookup_of_9_8_7_6_K_shows_the_cards_hold_and_its_cost_beside_the_best():
    """The hand the old card misled on: the best hold is four to a straight; the lookup gives
    the card's hold, the line it follows, and what it costs against the best, in equity."""
    entry = lookup_chart(CHART, "9h 8c 7d 6s Kh")
    assert entry["best"]["keep"] == "9h 8c 7d 6s"
    card = entry["card"]
    assert card["loss"] == pytest.approx(entry["best"]["equity"] - card["equity"], abs=1e-12)
    assert card["best"] is (card["keep"] == "9h 8c 7d 6s")
    assert card["accuracy"] == card_record()["accuracy"]


# (hand, the hold the printed card keeps, whether it is the exact best hold): each a case a
# finer line, the kicker rule or an exception exists for, read off the card as the page prints
# it. The card is a list a player can follow, so it misses some hands; for those the lookup
# must say so, with what it costs.
PICKED = [
    ("8h 8d Jc 7s 3h", "Jc 8h 8d", True),  # kicker rule: a kicker Jack or higher
    ("8h 8d Tc 7s 3h", "8h 8d 7s", True),  # kicker rule: a Ten with Eights, so the kicker below
    ("5h 5d Tc 4s 3h", "Tc 5h 5d", True),  # kicker rule: a Ten with a pair of Sixes or lower
    ("7h 7d 9c 4s 3h", "7h 7d 4s", True),  # kicker rule: the highest kicker below the pair
    ("Ks Qh Qd Jc 4s", "Qh Qd Jc", True),  # the kicker rule misses Q Q J; an exception keeps it
    ("2s 2h Ac Kd 7h", "Ac Kd 2h 2s", True),  # two deuces, two of them Queen or higher
    ("2s 2h Ac Jd 7h", "Ac 2h 2s", True),  # A J is not two Queens or higher: three to a royal
    ("As Kh 9s 6h 3s", "As Kh 9s", True),  # two of them Queen or higher, above three to a flush
    ("Qs Th 2d 7c 4h", "Qs Th 2d", True),  # three to a straight with a deuce, two high cards
    ("Ts 9h 2d 6c 4h", "Ts 9h 2d", True),  # three to a straight with a deuce, a high card, no gap
    ("Qs Jh 9d 4h 2s", "Qs Jh 9d 2s", True),  # four to an open straight with a deuce, Queen high
    ("Ah Kd Qc 2s 7h", "Ah Kd Qc 2s", True),  # four to an inside straight with a deuce
    ("As Ks Jh 4h 2h", "As Ks 2h", True),  # ... except for A K suited with the deuce
    ("7s 6s 5s Kd 3h", "7s 6s 5s", True),  # three to a straight flush, no gap
    ("Ks Jh 5h 4h 3h", "Ks Jh 5h", True),  # the same line where K J 5 is best: an exception
    ("As Ks Js 7d 4h", "As Ks Js", True),  # three to a royal, Ace high
    ("Kh 7h 3h 9c 4d", "Kh 7h 3h", True),  # three to a flush, King high
    ("6s 5h 4d Ts 9c", "Ts 9c 6s", True),  # three to a straight, Ten high
    ("7h 6d 5c 2s Kh", "7h 6d 5c 2s", True),  # a deuce and two unpaired cards, King high, except ...
    ("9h 8c 7d 6s Kh", "9h 8c 7d 6s", True),  # three unpaired cards, King high, except the open straight
    ("As Ks Jh Th 9s", "As Ks Jh", False),  # two of them Queen or higher, where A K 9 suited is best
    ("Ks 8h 7h 5d 2s", "Ks 8h 2s", False),  # a deuce and two unpaired cards, King high: 8 7 suited is best
]


@pytest.mark.parametrize("hand, keep, followed", PICKED, ids=[h for h, _, _ in PICKED])
def test_hand_picked_hands_get_the_cards_hold_beside_the_best_and_agree_where_the_page_says(hand, keep, followed):
    entry = lookup_chart(CHART, hand)
    card = entry["card"]
    assert card["keep"] == keep and card["best"] is followed
    assert (entry["best"]["keep"] == keep) is followed
    # the card's hold is one of the hand's holds, on the line the page prints
    assert sorted(card["keep"].split() + card["discard"].split()) == sorted(hand.split())
    page = (CHART / "diablo-draw.html").read_text(encoding="utf-8")
    assert f"<td class=\"num\">{card['line']}</td><td>{card['line_text']}</td>" in page
    if card["exception"] is not None:  # the exception that applies is printed under the line
        assert f"<td>except: {escape(card['exception'])}</td>" in page
    if followed:
        assert card["equity"] == pytest.approx(entry["best"]["equity"], abs=1e-12)
    else:
        assert card["loss"] == pytest.approx(entry["best"]["equity"] - card["equity"], abs=1e-12) and card["loss"] > 0


def made_up_rows(seed: int = 5, count: int = 60, any_best: bool = False) -> list[dict]:
    """Random hands with their 16 holds, true patterns and made-up equities, best first (with
    ``any_best`` the best is any hold, else standing pat)."""
    from oracle.cards import parse_cards
    from oracle.charts.patterns import hold_pattern

    rng = random.Random(seed)
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    rows = []
    for n in range(count):
        hand = rng.sample(deck, 5)
        holds = [" ".join(c for c in hand if c not in drop) for drop in
                 [()] + [(c,) for c in hand] + [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]]
        patterns = [hold_pattern(parse_cards(h)) for h in holds]
        equities = sorted((round(rng.random(), 3) for _ in holds), reverse=True)
        if any_best:
            holds, patterns, equities = map(list, zip(*sorted(zip(holds, patterns, [rng.random() for _ in holds]),
                                                          key=lambda hold: -hold[2])))
        rows.append({"hand": f"h{n}", "weight": rng.choice([4, 12, 24]), "holds": holds,
                     "hold_patterns": patterns, "hold_equities": equities})
    return rows


def test_a_card_longer_than_a_player_can_carry_is_cut_to_its_limit_keeping_every_hand_a_line():
    """Pruning leaves the lines that help least off the printed card until it has at most the
    limit: every hand still fits a line above the lines left off, the cut card loses no less
    than the card it was cut from, and no hand loses more than the worst hand did before."""
    from oracle.charts.card import merged_lines, prune

    hands = gather(made_up_rows(count=200, any_best=True))
    order = improve(hands, start_order(hands))
    full = figures(hands, order)

    def printed(result):
        return len(merged_lines([line["pattern"] for line in result["lines"] if line["hands"]]))

    assert printed(full) > 12
    cut = prune(hands, order, limit=12)
    assert sorted(cut) == sorted(order)
    result = figures(hands, cut)
    assert printed(result) <= 12
    assert sum(line["hands"] for line in result["lines"]) == hands.total
    assert result["mean_loss"] >= full["mean_loss"] - 1e-12
    assert result["worst_loss"] <= full["worst_loss"] + 1e-12


def test_the_search_scores_its_card_as_a_brute_force_does():
    """On made-up hands, the figures of the searched card are those of following it hand by
    hand, and the search never ends worse than where it started."""
    rows = made_up_rows()
    card = strategy_card(rows)
    place = {item: i for i, line in enumerate(card["lines"]) for item in line["items"]}
    total = sum(r["weight"] for r in rows)
    losses = [(max(r["hold_equities"]) - r["hold_equities"][follow(r, place)], r["weight"]) for r in rows]
    assert card["accuracy"] == pytest.approx(sum(w for loss, w in losses if loss <= 1e-12) / total)
    assert card["mean_loss"] == pytest.approx(sum(w * loss for loss, w in losses) / total)
    hands = gather(rows)
    start = figures(hands, start_order(hands))
    assert figures(hands, improve(hands, start_order(hands)))["mean_loss"] <= start["mean_loss"] + 1e-12


def test_an_old_chart_is_recognised_by_its_format(tmp_path):
    """A chart of the first format keeps no equity of every hold: its folder is not resumed
    as the new chart, and says the format differs."""
    from oracle.charts.kinds import ChartError, find_kind
    from oracle.charts.run import Plan, run_chart

    folder = tmp_path / "old"
    folder.mkdir()
    plan = Plan(find_kind("diablo-draw"), {}, {"limit": 1, "sample": None, "seed": None}, 134_459, 1, 20,
                (("As Ks Qs Js Ts",),))
    assert plan.manifest()["format"] == 2
    (folder / "chart.json").write_text(json.dumps(plan.manifest() | {"format": 1}))
    with pytest.raises(ChartError, match="format"):
        run_chart(plan, folder)


def test_the_card_with_exceptions_scores_itself_as_following_it_hand_by_hand_does():
    """On made-up hands, the card's exceptions read as the page prints them (``card_choice``)
    give the figures the card stores; exceptions only add hands given the best hold (the
    miner counts such hands first) and make no hand lose more than the card's worst loss
    before them; the same hands give the same card."""
    from oracle.charts.card import card_choice

    rows = made_up_rows(seed=7, count=100, any_best=True)
    card = strategy_card(rows)
    plain = strategy_card(rows, exceptions=False)
    assert any(line["exceptions"] for line in card["lines"]) and not any(line["exceptions"] for line in plain["lines"])
    assert [line["pattern"] for line in card["lines"]] == [line["pattern"] for line in plain["lines"]]
    total = sum(r["weight"] for r in rows)
    losses, taken = [], 0
    for r in rows:
        i, _, exception = card_choice(r["holds"], r["hold_patterns"], r["hold_equities"], card["lines"])
        losses.append((max(r["hold_equities"]) - r["hold_equities"][i], r["weight"]))
        taken += r["weight"] if exception else 0
    assert card["accuracy"] == pytest.approx(sum(w for loss, w in losses if loss <= 1e-12) / total)
    assert card["mean_loss"] == pytest.approx(sum(w * loss for loss, w in losses) / total)
    assert taken == sum(e["hands"] for line in card["lines"] for e in line["exceptions"])
    assert card["accuracy"] > plain["accuracy"]
    assert card["worst_loss"] <= plain["worst_loss"] + 1e-12  # no hand loses more than the worst before
    assert strategy_card(rows)["lines"] == card["lines"]


def test_an_exceptions_conditions_speak_of_the_cards_the_line_keeps_and_throws():
    """K♠ J♥ 5♥ 4♥ 3♥, where three to a straight flush keeps 5♥ 4♥ 3♥ and throws K♠ J♥: the
    conditions the card prints hold as they read; each is one short "when" sentence."""
    from oracle.charts.card_exceptions import CONDITIONS, condition_holds, condition_text

    hand, kept = "Ks Jh 5h 4h 3h".split(), "5h 4h 3h".split()
    said = {"throw>=13": True, "throw>=14": False, "throw<14": True, "throw<13": False, "low<=3": True,
            "kept-suit": True, "thrown-suited": False, "high2": True, "high1": False, "near1": False,
            "far": True, "no-kept-suit": False, "throw>=13&kept-suit": True, "throw>=14&kept-suit": False,
            "fits:three to a flush": True, "fits:four to a flush": False,
            "fits:three to a flush&high2": True}
    for key, expected in said.items():
        assert condition_holds(key, hand, kept, {"three to a flush"}) is expected, key
    for key in CONDITIONS:
        text = condition_text(key)
        assert text.startswith("when") and len(text) < 80 and "." not in text
    assert condition_text("throw>=13&kept-suit") == ("when you would throw a King or higher and a card you would "
                                                    "throw is of the one suit you keep")
