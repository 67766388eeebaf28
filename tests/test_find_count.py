"""``oracle find --count all``: every filling that passes, counted exactly, checked against
published figures and against brute force written here, independently of the project's
evaluator; each of the three ways (suit classes, enumeration, solver) and how they say so."""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner

from oracle.cli import main
from oracle.find import FOUND, NONE
from oracle.find.classes import combinations as combination_rows
from oracle.find.classes import suit_classes
from oracle.find.count import count_search

RANK = """game: {game}
questions:
  - id: r
    ask: {{kind: rank, cards: "? ? ? ? ?"}}
    expect: {{category: {category}}}
"""


def write(tmp_path, text, name="s.search.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@lru_cache(maxsize=1)
def deuces_wild_five_of_a_kind() -> list[tuple[int, ...]]:
    """Brute force over all 2,598,960 hands, card c = 4 * rank + suit (rank 0 the deuce): five
    of a kind is at least one deuce and every other card of one rank (a deck has four of a
    rank, so only a deuce makes the fifth)."""
    hands = np.arange(52, dtype=np.int8)[:, None]
    for _ in range(4):  # every hand once, its cards increasing
        rows, card = np.repeat(hands, 52, axis=0), np.tile(np.arange(52, dtype=np.int8), len(hands))
        keep = card > rows[:, -1]
        hands = np.column_stack([rows[keep], card[keep]])
    assert len(hands) == comb(52, 5)
    ranks = hands // 4
    deuces = (ranks == 0).sum(axis=1)
    natural = np.where(ranks == 0, 99, ranks)
    lowest = natural.min(axis=1)
    same = ((natural == lowest[:, None]) | (natural == 99)).all(axis=1)
    return [tuple(h) for h in hands[(deuces >= 1) & same].tolist()]


def test_diablo_five_of_a_kind_is_672_hands_as_brute_force_finds(tmp_path):
    brute = deuces_wild_five_of_a_kind()
    assert len(brute) == sum(comb(4, w) * 12 * comb(4, 5 - w) for w in range(1, 5)) == 672
    result = count_search(write(tmp_path, RANK.format(game="diablo", category="five_of_a_kind")), time_limit=30)
    assert (result.count, result.complete) == (len(brute), True)


def test_the_json_of_a_count_says_how_it_counted(tmp_path):
    result = CliRunner().invoke(main, ["find", write(tmp_path, RANK.format(game="diablo", category="five_of_a_kind")),
                                       "--count", "all", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0
    assert data["count"] == data["found"] == 672 and data["complete"] is True
    assert data["counted_by"] == "suit classes" and data["unit"] == "hands" and data["outcome"] == FOUND
    assert data["method"].startswith("suit classes: one hand of each of the 134,459 classes of 5-card hands")
    assert len(data["witnesses"]) == 1 and "five_of_a_kind" in data["witnesses"][0]["scenario"]


# Published frequencies of five-card poker hands (C(52, 5) = 2,598,960).
STANDARD = [("full_house", 3744), ("four_of_a_kind", 624), ("flush", 5108), ("straight", 10200),
            ("{in: [straight_flush, royal_flush]}", 40)]


@pytest.mark.parametrize("category, published", STANDARD, ids=[c for c, _ in STANDARD])
def test_standard_counts_are_the_published_ones(tmp_path, category, published):
    result = count_search(write(tmp_path, RANK.format(game="hell-of-a-deal", category=category)), time_limit=30)
    assert (result.count, result.complete, result.counted_by) == (published, True, "suit classes")


def test_drawing_dead_s_joker_counts_in_a_53_card_deck(tmp_path):
    """Four of a kind with the Joker wild and no five of a kind: 624 natural, 13 x 4 x 48 of
    three and the Joker and a kicker, 13 of four and the Joker (then a kicker)."""
    result = count_search(write(tmp_path, RANK.format(game="drawing-dead", category="four_of_a_kind")), time_limit=30)
    assert result.count == 624 + 13 * 4 * 48 + 13 and result.complete
    assert "(2,869,685 hands)" in result.method  # C(52, 5) + C(52, 4)


def test_the_plain_output_is_the_count_and_how_on_standard_error(tmp_path):
    result = CliRunner().invoke(main, ["find", write(tmp_path, RANK.format(game="diablo", category="five_of_a_kind")),
                                       "--count", "all"])
    assert result.exit_code == 0 and result.stdout == "672\n"
    assert result.stderr.startswith("672 hands, counted exactly in ")
    assert "counted by suit classes: " in result.stderr and "for example: ?1 = " in result.stderr


def test_two_hands_are_enumerated_each_group_s_own_conditions_first(tmp_path):
    """Two hands of five of a kind in one document share no card: 672 x 672 products, the
    pairs with a card in common left out, as brute force over the 672 finds."""
    text = RANK.format(game="diablo", category="five_of_a_kind")
    text += '  - id: s\n    ask: {kind: rank, cards: "? ? ? ? ?"}\n    expect: {category: five_of_a_kind}\n'
    brute = [sum(1 << c for c in hand) for hand in deuces_wild_five_of_a_kind()]
    disjoint = sum(1 for a in brute for b in brute if not a & b)
    result = count_search(write(tmp_path, text), time_limit=30)
    assert (result.count, result.complete, result.counted_by, result.unit) == (disjoint, True, "enumeration", "fillings")


def test_named_holes_and_fixed_cards_are_enumerated(tmp_path):
    text = """game: diablo
questions:
  - id: r
    ask: {kind: compare, first: $a $b, second: Ah Ad}
    expect: {winner: tie}
where:
  - not wild($a) and not wild($b)
"""
    result = count_search(write(tmp_path, text), time_limit=30)
    # Two natural cards tie a pair of Aces only as the other two Aces: As Ac or Ac As.
    assert (result.count, result.counted_by, result.unit) == (2, "enumeration", "fillings")


def test_a_position_to_load_is_checked_by_the_engines_filling_by_filling(tmp_path):
    text = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "? ? ? ? ?"}
questions:
  - id: v
    ask: validate
    expect: {legal: true}
where:
  - category(Anna) == five_of_a_kind
"""
    result = count_search(write(tmp_path, text), time_limit=30)
    assert (result.count, result.complete, result.counted_by, result.candidates) == (672, True, "enumeration", 672)
    assert result.method == "enumeration: of every filling, the 672 the constraints allow, each checked by the engines"


def test_a_hole_without_a_bound_is_counted_by_the_solver(tmp_path):
    text = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  pot: $p
questions:
  - id: v
    ask: validate
    expect: {legal: true}
where:
  - $p >= 2 and $p <= 4
"""
    result = count_search(write(tmp_path, text), time_limit=30)
    assert (result.count, result.complete, result.counted_by, result.candidates) == (3, True, "solver", 3)
    assert result.method.startswith("solver: every filling Z3 proposes under the constraints")


def test_none_is_a_count_of_zero_exit_code_1(tmp_path):
    path = write(tmp_path, RANK.format(game="auf-teufel-komm-raus", category="five_of_a_kind"))
    result = CliRunner().invoke(main, ["find", path, "--count", "all", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and data["count"] == 0 and data["outcome"] == NONE and data["complete"] is True


def test_a_count_cut_short_by_the_time_limit_says_it_is_a_lower_bound(tmp_path):
    text = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "? ? ? ? ?"}
questions:
  - id: v
    ask: validate
    expect: {legal: true}
where:
  - category(Anna) == high_card
"""
    result = CliRunner().invoke(main, ["find", write(tmp_path, text), "--count", "all", "--time-limit", "3", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 3 and data["complete"] is False
    assert data["count"] < 799_680 and "stopped by the time limit" in data["method"]


@pytest.mark.parametrize("args, message", [
    (["--count", "0"], "must be a number from 1 to 100, or all, not 0"),
    (["--count", "every"], "must be a number from 1 to 100, or all, not 'every'"),
    (["--count", "all", "--output", "found"], "--count all counts the fillings and writes none"),
])
def test_bad_count_options_are_one_line_exit_2(tmp_path, args, message):
    path = write(tmp_path, RANK.format(game="diablo", category="five_of_a_kind"))
    result = CliRunner().invoke(main, ["find", path, *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("k, classes", [(1, 13), (2, 169), (3, 1_755), (5, 134_459)])
def test_suit_classes_hold_every_hand_once(k, classes):
    rows = sizes = 0
    seen = set()
    for cards, weights in suit_classes(k):
        rows += len(cards)
        sizes += int(weights.sum())
        for hand in cards.tolist() if k <= 3 else ():  # no two representatives of one class
            canonical = min(tuple(sorted(4 * (c // 4) + p[c % 4] for c in hand))
                            for p in permutations(range(4)))
            assert canonical not in seen
            seen.add(canonical)
    assert (rows, sizes) == (classes, comb(52, k))


def test_combination_rows_are_every_subset_once():
    rows = combination_rows(9, 4)
    assert [tuple(r) for r in rows.tolist()] == list(combinations(range(9), 4))


def test_the_solver_counts_a_hand_once_whatever_the_order_of_its_cards(tmp_path):
    """The pot has no upper bound, so Z3 enumerates; two-card Diablo pairs: 12 x 6 natural,
    4 x 48 with one deuce, 6 of two deuces."""
    text = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  pot: $p
questions:
  - id: r
    ask: {kind: rank, cards: "? ?"}
    expect: {category: pair}
where:
  - $p == 3
"""
    result = count_search(write(tmp_path, text), time_limit=30)
    assert (result.count, result.complete, result.counted_by) == (12 * 6 + 4 * 48 + 6, True, "solver")


def test_the_docs_figure_of_diablo_flushes_or_better(tmp_path):
    result = count_search(write(tmp_path, RANK.format(game="diablo", category="{at_least: flush}")), time_limit=30)
    assert (result.count, result.complete) == (61_920, True)


KICKER = """game: diablo
questions:
  - id: kicker
    ask: {kind: compare, first: Ah Ad $a 9c 5s, second: As Ac $b 9d 5h}
    expect: {winner: first}
where:
  - category([Ah, Ad, $a, 9c, 5s]) == pair
  - strength([Ah, Ad, $a, 9c, 5s]) > strength([As, Ac, $b, 9d, 5h])
"""


def test_a_count_stopped_before_it_chose_how_to_count_says_so_without_a_method(tmp_path):
    result = CliRunner().invoke(main, ["find", write(tmp_path, KICKER), "--count", "all", "--time-limit", "0.001"])
    assert result.exit_code == 3 and result.stdout == "0\n", result.output
    lines = result.stderr.splitlines()
    assert lines[0] == "at least 0 fillings: the time limit of 0.001 s came first, the count is incomplete"
    assert lines[1].startswith("stopped by the time limit before the counting began ("), lines
    assert "by stopped" not in result.stderr


def test_a_count_stopped_before_it_chose_how_to_count_names_no_way_of_counting_in_json(tmp_path):
    result = CliRunner().invoke(main, ["find", write(tmp_path, KICKER), "--count", "all", "--time-limit", "0.001",
                                       "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 3 and (data["complete"], data["found"]) == (False, 0), result.output
    assert data["counted_by"] is None and data["unit"] is None
