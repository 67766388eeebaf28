"""The where: language parses as its grammar in docs/find.md says."""

from __future__ import annotations

import pytest

from oracle.find.language import (
    Arith, BoolOp, Call, Compare, HoleRef, ListOf, Number, Word, WhereSyntaxError, holes_in, parse_constraint,
)


def test_and_binds_tighter_than_or_and_not_tighter_than_and():
    tree = parse_constraint("not wild($a) and rank($a) == A or $b == Kh")
    assert isinstance(tree, BoolOp) and tree.op == "or"
    left = tree.operands[0]
    assert left.op == "and" and left.operands[0] == BoolOp("not", (Call("wild", (HoleRef("$a"),)),))


def test_in_and_not_in_take_a_list():
    assert parse_constraint("$a in [Ah, Kh, 2s]") == Compare("in", HoleRef("$a"), ListOf((Word("Ah"), Word("Kh"), Word("2s"))))
    assert parse_constraint("rank($a) not in [A]").op == "not in"
    with pytest.raises(WhereSyntaxError, match="'in' is followed by a list"):
        parse_constraint("$a in Ah")


def test_keyword_arguments_and_quoted_names():
    tree = parse_constraint("category('Anna Lee', game=standard) == pair")
    assert tree.left == Call("category", (Word("Anna Lee", quoted=True),), (("game", Word("standard")),))
    with pytest.raises(WhereSyntaxError, match="a plain argument cannot follow a named one"):
        parse_constraint("category(game=standard, Anna) == pair")


def test_numbers_and_cards_that_start_with_digits():
    assert parse_constraint("rank($a) == 10").right == Number(10)
    assert parse_constraint("$a == 10h").right == Word("10h")
    assert parse_constraint("$x + 2 * $y >= 7").left == Arith("+", HoleRef("$x"), Arith("*", Number(2), HoleRef("$y")))


def test_the_holes_a_constraint_mentions():
    assert holes_in(parse_constraint("category([$a, $b, Kd]) >= pair and not wild($c)")) == {"$a", "$b", "$c"}


@pytest.mark.parametrize("text, message", [
    ("", "the constraint is empty"),
    ("rank($a) ==", "the constraint ends too soon"),
    ("rank($a) == A)", "unexpected ')' at character 14"),
    ("rank($a) == A @", "cannot read '@' at character 15"),
    (42, "a constraint is a line of text"),
])
def test_syntax_errors_say_where(text, message):
    with pytest.raises(WhereSyntaxError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_constraint(text)


TOKENS = ["rank(", "suit(", "wild(", "category(", ")", "(", "[", "]", ",", "$a", "$b", "$n", "Anna", "A", "K", "h",
          "flush", "pair", "Ah", "Jk", "10", "3", "==", "!=", "<", ">=", "+", "-", "*", "and", "or", "not", "in",
          "game=", "diablo", "'Anna Lee'", "=", "@", "1e5"]


def test_any_line_is_a_tree_or_one_clear_error():
    """Whatever a line holds, the parser and the translation answer with a formula or with
    their own error (a message for the line), never another exception."""
    from hypothesis import given, settings, strategies as st

    from oracle.eval import DIABLO
    from oracle.find.translate import Context, WhereError, constraint
    from oracle.solve.smt.cards import card_variable
    from oracle.solve.smt.categories import patterns

    import z3

    cards = {"$a": card_variable("$a"), "$b": card_variable("$b")}
    ctx = Context(cards, {"$n": z3.Int("$n")}, DIABLO, lambda name, rs: patterns(list(cards.values()), rs), ["Anna"])

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.sampled_from(TOKENS), max_size=9))
    def check(parts):
        text = " ".join(parts)
        try:
            tree = parse_constraint(text)
        except WhereSyntaxError:
            return
        try:
            constraint(tree, ctx)
        except WhereError:
            pass

    check()
