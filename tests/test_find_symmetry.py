"""Suit symmetry breaking (``oracle.find.symmetry``): which suits a file leaves free, and that
searching one filling of each renaming of them loses nothing: on small searches, the fillings
Z3 allows, renamed every way (``oracle.charts.symmetry.RENAMINGS``), are exactly the fillings
that pass by brute force with the evaluator, and a search with none still proves none."""

from __future__ import annotations

from itertools import permutations

import pytest
import z3

from oracle.cards import SUITS, Card
from oracle.charts.symmetry import RENAMINGS
from oracle.eval import DIABLO, strength
from oracle.find import NONE, run_search
from oracle.find.holes import read_search
from oracle.find.model import build_model, model_values
from oracle.find.symmetry import free_suits, precedence

TIE = """game: diablo
questions:
  - id: tie
    ask: {kind: compare, first: $a $b, second: $c $d}
    expect: {winner: WINNER}
where:
  - rank($a) in [A, K] and rank($b) in [A, K] and rank($c) in [A, K] and rank($d) in [A, K]
"""


def write(tmp_path, text, name="s.search.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("change, free", [
    ("", "shdc"),
    ("expect: {winner: tie, first: {cards: [Ac, Kc]}}", "shd"),  # cards an expectation names
    ("first: $a Ah, second: $c $d}", "sdc"),  # a card given in the question
    ("  - suit($a) == suit($c)\n", ""),  # a suit() constraint
    ("  - $a != Kd\n", "shc"),  # a card named by a constraint
    ("game: hell-of-a-deal", ""),  # a Boss may read suits: no symmetry claimed
])
def test_free_suits_are_those_nothing_in_the_file_names(tmp_path, change, free):
    text = TIE.replace("WINNER", "tie").replace("$b", "$b" if "Ah" not in change else "Ah")
    if change.startswith("  - "):
        text += change
    elif change.startswith("game:"):
        text = text.replace("game: diablo", change)
    elif change.startswith("expect:"):
        text = text.replace("expect: {winner: tie}", change)
    search = read_search(write(tmp_path, text))
    assert "".join(SUITS[s].value for s in free_suits(search)) == free


def test_no_suit_is_free_where_a_question_deals_from_the_deck(tmp_path):
    """Which cards a swap may draw depends on which are left, and a renaming changes them."""
    text = ("game: diablo\nposition:\n  seats: [{name: Anna}, {name: Ben}, {name: Carla}]\n  dealer: Carla\n"
            "  hands: {Anna: \"$a ? ? ? ?\"}\n  history: [Anna bets 1, Ben calls, Carla folds]\nquestions:\n"
            "  - id: swap\n    ask: {kind: best-swap, player: Anna}\nwhere:\n  - rank($a) == A\n")
    assert free_suits(read_search(write(tmp_path, text))) == []
    assert free_suits(read_search(write(tmp_path, text.replace("{kind: best-swap, player: Anna}", "validate")))) == [0, 1, 2, 3]


def _all_solutions(path):
    """Every filling Z3 allows with the precedence of the free suits, as card tuples."""
    search = read_search(path)
    model = build_model(search)
    model.solver.add(precedence(list(model.cards.values()), free_suits(search)))
    found = set()
    literals = model.literals("domain", "where", "expect")
    while model.solver.check(*literals) == z3.sat:
        values = model_values(model, model.solver.model())
        found.add(tuple(values[k] for k in ("$a", "$b", "$c", "$d")))
        model.solver.add(z3.Or([model.cards[k].index != _index(v) for k, v in values.items()]))
    return found


def _index(card):
    return 4 * "23456789TJQKA".index(card.rank.value) + SUITS.index(card.suit)


def _renamed(cards, renaming):
    return tuple(Card(c.rank, SUITS[renaming[SUITS.index(c.suit)]]) for c in cards)


@pytest.mark.parametrize("winner", ["tie", "first"])
def test_one_filling_of_each_renaming_stands_for_all_of_them(tmp_path, winner):
    kept = _all_solutions(write(tmp_path, TIE.replace("WINNER", winner)))
    cards = [Card(rank, suit) for rank in ("A", "K") for suit in SUITS]
    wanted = set()
    for a, b, c, d in permutations(cards, 4):
        first, second = strength([a, b], DIABLO), strength([c, d], DIABLO)
        if (first == second) if winner == "tie" else (first > second):
            wanted.add((a, b, c, d))
    assert wanted and kept < wanted  # fewer, and every one a real filling
    assert {_renamed(f, r) for f in kept for r in RENAMINGS} == wanted


def test_none_is_still_proved_with_the_suits_renamed_alike(tmp_path):
    """Two Kings never beat two Kings: none, with every suit free."""
    text = TIE.replace("WINNER", "first").replace("[A, K]", "[K]")
    result = run_search(write(tmp_path, text), time_limit=30)
    assert result.outcome == NONE
    assert "the suits s, h, d, c play alike" in result.method
