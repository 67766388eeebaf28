"""The meaning of ``where:`` constraints: each parsed constraint becomes a Z3 formula over the
search's unknowns, with its types checked (a rank is compared with ranks, a category with
categories). Every fault raises ``WhereError`` with a message for the constraint's line.

Functions: ``rank(card)``, ``suit(card)``, ``wild(card[, game=G])``,
``category(PLAYER or [cards][, game=G])`` and ``strength(PLAYER or [cards][, game=G])``; cards,
ranks, suits, categories and whole numbers as words; ``== != < <= > >=``, ``in [...]``,
``not in [...]``, ``+ - *``, ``and or not``.

Two hands' categories compare by their places in the order of categories. Two strengths
compare as the evaluator ranks the hands (tie-breaks included): through their strength keys
(``oracle.solve.smt.strength``), which Z3 holds whole, for hands of one to five cards and the
best five of more (under one wild card at most); for the best five of more under Diablo's
deuces and Hell of a Deal's selection rule, which are given no key, as a fresh true/false
unknown tied to what it implies of the hands' categories (``strength(A) > strength(B)`` only
where ``category(A) >= category(B)``). Either way the search checks every comparison of
strengths by the evaluator on each proposal (``Context.exact`` says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from oracle.cards import RANKS, SUITS, Rank, Suit
from oracle.errors import OracleError, did_you_mean
from oracle.eval.rulesets import RULESETS, Ruleset, find_ruleset
from oracle.find.hands import card_word
from oracle.find.language import Arith, BoolOp, Call, Compare, HoleRef, ListOf, Negate, Node, Number, Word
from oracle.solve.smt import categories as cat
from oracle.solve.smt.cards import JOKER_RANK, CardTerm, card_constant, is_wild

FUNCTIONS = ("category", "rank", "strength", "suit", "wild")
ORDERED = ("<", "<=", ">", ">=")
_RANK_WORDS = {r.value: r for r in RANKS} | {r.value.lower(): r for r in RANKS} | {"10": Rank.TEN}
_SUIT_WORDS = {s.value: s for s in SUITS} | {s.symbol: s for s in SUITS} | {s.name.lower(): s for s in SUITS}
_SUIT_WORDS |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}


class WhereError(ValueError):
    """A constraint that parses but means nothing: an unknown function, hole or word, or two
    things of different kinds compared."""


@dataclass(frozen=True)
class Value:
    kind: str  # card, rank, suit, category, strength, number, bool
    term: Any  # a strength's term is a ``Strength``


@dataclass(frozen=True)
class Strength:
    """A hand's strength: its category patterns, and its whole strength as a Z3 term where it
    is encoded (``oracle.solve.smt.strength``), else None."""

    found: dict[str, Any]
    whole: Any = None
    main: Any = None  # the first tie-break (a rank, -1 for none), where the whole is not encoded


@dataclass
class Context:
    """What a document's constraints may refer to."""

    cards: dict[str, CardTerm]
    numbers: dict[str, Any]
    ruleset: Ruleset
    # (a player's name, a ruleset) -> the patterns of the best hand the player's cards make,
    # or None when the player holds no cards.
    hand_of: Callable[[str, Ruleset], dict[str, Any] | None]
    players: Sequence[str]
    # What the comparisons of strengths in the constraint being translated imply (``where``).
    implied: list[Any] = field(default_factory=list)
    label: str = ""  # names the document's unknowns apart from another document's
    atoms: int = 0  # the comparisons of strengths named so far
    # (a player's name, a ruleset) -> the strength of the player's hand as a Z3 term, or None
    # where it is not encoded (the best five of more under Diablo's deuces, the selection rule).
    strength_of: Callable[[str, Ruleset], Any | None] = lambda name, ruleset: None
    compared: int = 0  # the comparisons of strengths in the constraint being translated
    # (a player's name, a ruleset) -> the first tie-break of the player's hand under the
    # selection rule (``selection.selection_main``), or None.
    main_of: Callable[[str, Ruleset], Any | None] = lambda name, ruleset: None
    # A term -> a fresh unknown equal to it, the equality kept in the solver (``SearchModel.define``).
    define: Callable[[Any], Any] | None = None

    @property
    def exact(self) -> bool:
        """The constraint last translated compares strengths: each proposal is checked against
        it by the evaluator too (the last word), whether Z3 held it whole or only in part."""
        return bool(self.implied) or self.compared > 0


def _z3():
    import z3

    return z3


def _word(node: Node) -> str | None:
    return node.text if isinstance(node, Word) else None


def _ruleset(node: Node | None, ctx: Context) -> Ruleset:
    if node is None:
        return ctx.ruleset
    name = _word(node)
    try:
        return find_ruleset(name or "")
    except OracleError:
        raise WhereError(f"unknown game {name!r} for game=; one of: {', '.join(RULESETS)}") from None


def _keywords(node: Call, allowed: tuple[str, ...]) -> dict[str, Node]:
    given = dict(node.keywords)
    for key in given:
        if key not in allowed:
            hint = f"; {node.function}() takes {', '.join(k + '=' for k in allowed)}" if allowed else f"; {node.function}() takes none"
            raise WhereError(f"unknown argument {key}= for {node.function}(){hint}")
    return given


def _one_argument(node: Call, what: str) -> Node:
    if len(node.args) != 1:
        raise WhereError(f"{node.function}() takes one {what}, got {len(node.args)} arguments")
    return node.args[0]


def card_of(node: Node, ctx: Context) -> CardTerm:
    if isinstance(node, HoleRef):
        if node.name in ctx.numbers:
            raise WhereError(f"{node.name} is a number, not a card")
        if node.name not in ctx.cards:
            raise WhereError(_unknown_hole(node.name, ctx))
        return ctx.cards[node.name]
    text = _word(node)
    if text is not None:
        card = card_word(text)
        if card is not None:
            return card_constant(card)
    raise WhereError(f"expected a card (a hole such as $a, or a card such as Ah), got {_show(node)}")


def _unknown_hole(name: str, ctx: Context) -> str:
    known = sorted(ctx.cards.keys() | ctx.numbers.keys())
    named = [k for k in known if k.startswith("$")]
    return f"unknown hole {name}" + (did_you_mean(name, named, "the file's named holes") if named else
                                     ": the file names no hole ($name) in its position or questions")


def _show(node: Node) -> str:
    if isinstance(node, Word):
        return repr(node.text)
    if isinstance(node, HoleRef):
        return node.name
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Call):
        return f"{node.function}(...)"
    return "an expression"


def evaluate(node: Node, ctx: Context) -> Value:
    z3 = _z3()
    if isinstance(node, Number):
        return Value("number", z3.IntVal(node.value))
    if isinstance(node, HoleRef):
        if node.name in ctx.numbers:
            return Value("number", ctx.numbers[node.name])
        return Value("card", card_of(node, ctx))
    if isinstance(node, Call):
        return _call(node, ctx)
    if isinstance(node, Negate):
        inner = evaluate(node.operand, ctx)
        _expect(inner, "number", "-")
        return Value("number", -inner.term)
    if isinstance(node, Arith):
        left, right = evaluate(node.left, ctx), evaluate(node.right, ctx)
        _expect(left, "number", node.op)
        _expect(right, "number", node.op)
        term = {"+": left.term + right.term, "-": left.term - right.term, "*": left.term * right.term}[node.op]
        return Value("number", term)
    if isinstance(node, BoolOp):
        parts = [constraint(p, ctx) for p in node.operands]
        return Value("bool", z3.Not(parts[0]) if node.op == "not" else (z3.And if node.op == "and" else z3.Or)(parts))
    if isinstance(node, Compare):
        return Value("bool", _compare(node, ctx))
    if isinstance(node, Word):
        card = card_word(node.text)
        if card is not None:
            return Value("card", card_constant(card))
        raise WhereError(f"{node.text!r} means nothing on its own here; a constraint compares, e.g. "
                         f"rank($a) == {node.text}" if node.text in _RANK_WORDS else f"{node.text!r} is not a card, "
                         "a hole or a number here")
    raise WhereError("a list stands only after 'in', not here")


def _expect(value: Value, kind: str, op: str) -> None:
    if value.kind != kind:
        raise WhereError(f"{op} needs a {kind}, not a {value.kind}")


def _call(node: Call, ctx: Context) -> Value:
    z3 = _z3()
    if node.function not in FUNCTIONS:
        every = sorted(FUNCTIONS + ("answer", "outcome"))  # those two read answers (``oracle.find.answers``)
        raise WhereError(f"unknown function {node.function!r}{did_you_mean(node.function, every, 'functions')}")
    if node.function in ("rank", "suit"):
        _keywords(node, ())
        card = card_of(_one_argument(node, "card"), ctx)
        return Value(node.function, card.rank if node.function == "rank" else z3.If(card.rank == JOKER_RANK, -1, card.suit))
    if node.function == "wild":
        given = _keywords(node, ("game",))
        card = card_of(_one_argument(node, "card"), ctx)
        return Value("bool", is_wild(card, _ruleset(given.get("game"), ctx)))
    given = _keywords(node, ("game",))
    ruleset = _ruleset(given.get("game"), ctx)
    argument = _one_argument(node, "player or list of cards")
    found = _patterns(argument, ctx, ruleset, node.function)
    if node.function == "category":
        return Value("category", found)
    whole = _whole_strength(argument, ctx, ruleset, found)
    main = ctx.main_of(_word(argument) or "", ruleset) if whole is None and not isinstance(argument, ListOf) else None
    return Value("strength", Strength(found, whole, main))


def _whole_strength(node: Node, ctx: Context, ruleset: Ruleset, found: dict[str, Any]) -> Any:
    from oracle.solve.smt.strength import strength_key

    if isinstance(node, ListOf):
        return strength_key([card_of(item, ctx) for item in node.items], ruleset, found, ctx.define)
    return ctx.strength_of(_word(node) or "", ruleset)


def _patterns(node: Node, ctx: Context, ruleset: Ruleset, function: str = "category") -> dict[str, Any]:
    if isinstance(node, ListOf):
        cards = [card_of(item, ctx) for item in node.items]
        if not cards:
            raise WhereError(f"{function}() of an empty list: give at least one card")
        return cat.patterns(cards, ruleset)
    name = _word(node)
    if name is None:
        raise WhereError(f"{function}() takes a player's name or a list of cards, not {_show(node)}")
    if name not in ctx.players:
        raise WhereError(f"unknown player {name!r}{did_you_mean(name, list(ctx.players), 'players')}")
    found = ctx.hand_of(name, ruleset)
    if found is None:
        raise WhereError(f"{name} holds no cards in this position, so has no {function}")
    return found


def where_formula(node: Node, ctx: Context) -> Any:
    """The Z3 formula of one ``where:`` constraint, with what its comparisons of strengths
    imply (``ctx.exact`` then says the search must check it exactly)."""
    ctx.implied = []
    ctx.compared = 0
    formula = constraint(node, ctx)
    return _z3().And(*ctx.implied, formula) if ctx.implied else formula


def constraint(node: Node, ctx: Context) -> Any:
    """The Z3 formula of a constraint; it must be true or false (a comparison, ``wild()``...)."""
    value = evaluate(node, ctx)
    if value.kind != "bool":
        raise WhereError(f"a constraint must be true or false: compare the {value.kind}, e.g. with ==")
    return value.term


def literal(kind: str, node: Node) -> int | str:
    """A word or number read as a ``kind`` constant: a rank's or a suit's index, a category's slug."""
    text = _word(node) if not isinstance(node, Number) else str(node.value)
    if kind == "rank":
        rank = _RANK_WORDS.get(text or "")
        if rank is None:
            raise WhereError(f"{_show(node)} is not a rank; ranks are A K Q J T (or 10) 9 8 7 6 5 4 3 2")
        return RANKS.index(rank)
    if kind == "suit":
        suit = _SUIT_WORDS.get(text or "")
        if suit is None:
            raise WhereError(f"{_show(node)} is not a suit; suits are s h d c (or ♠ ♥ ♦ ♣)")
        return SUITS.index(suit)
    slug = (text or "").strip().lower().replace(" ", "_").replace("-", "_")
    if slug not in cat.ORDER:
        raise WhereError(f"{_show(node)} is not a category{did_you_mean(slug, cat.ORDER, 'categories')}")
    return slug


def _literal(kind: str, node: Node, ctx: Context) -> Any:
    """A word or number read as a ``kind`` (rank, suit, category) constant."""
    value = literal(kind, node)
    return _z3().IntVal(value) if isinstance(value, int) else value


def _operand(node: Node, kind: str, ctx: Context) -> Any:
    """The right-hand side of a comparison with a ``kind`` on the left."""
    if kind in ("rank", "suit", "category") and isinstance(node, (Word, Number)):
        return _literal(kind, node, ctx)
    if kind == "strength" and isinstance(node, (Word, Number, HoleRef)):
        raise WhereError(f"a strength is compared with another strength, such as strength(Ben) or "
                         f"strength([Ah, Kh, Qh, Jh, Th]), not {_show(node)}; to compare a category write "
                         f"e.g. category(Anna) >= flush")
    value = evaluate(node, ctx)
    if value.kind != kind:
        raise WhereError(f"a {kind} is compared with a {kind}, not a {value.kind}")
    return value.term


def _compare(node: Compare, ctx: Context) -> Any:
    z3 = _z3()
    left = evaluate(node.left, ctx)
    if left.kind == "bool":
        raise WhereError("true/false values are combined with and, or, not; not compared")
    if node.op in ("in", "not in"):
        assert isinstance(node.right, ListOf)
        options = [_equal(left, _operand(item, left.kind, ctx), ctx) for item in node.right.items]
        found = z3.Or(options) if options else z3.BoolVal(False)
        return z3.Not(found) if node.op == "not in" else found
    right = _operand(node.right, left.kind, ctx)
    if node.op in ("==", "!="):
        same = _equal(left, right, ctx)
        return same if node.op == "==" else z3.Not(same)
    if left.kind in ("card", "suit"):
        raise WhereError(f"{left.kind}s have no order: compare them with == or != (ranks have one)")
    if left.kind == "category":
        if isinstance(right, dict):  # two hands' categories: their places in the order
            return _categories(left.term, node.op, right)
        return category_order(left.term, node.op, right)
    if left.kind == "strength":
        return _strength_relation(left.term, node.op, right, ctx)
    term = {"<": left.term < right, "<=": left.term <= right, ">": left.term > right, ">=": left.term >= right}[node.op]
    if left.kind == "rank":  # the Joker has no rank: it is neither above nor below one
        return z3.And(term, left.term != JOKER_RANK, right != JOKER_RANK)
    return term


def _equal(left: Value, right: Any, ctx: Context) -> Any:
    z3 = _z3()
    if left.kind == "card":
        return z3.And(left.term.rank == right.rank, left.term.suit == right.suit)
    if left.kind == "category":
        if isinstance(right, dict):
            return _categories(left.term, "==", right)
        return cat.category_is(left.term, right)
    if left.kind == "strength":
        return _strength_relation(left.term, "==", right, ctx)
    return left.term == right


def _categories(left: dict[str, Any], op: str, right: dict[str, Any]) -> Any:
    """Two hands' categories compared, over the patterns alone: ``left >= right`` when every
    category ``right`` reaches ``left`` reaches too."""
    z3 = _z3()
    if op in ("<", "<="):
        return _categories(right, {"<": ">", "<=": ">="}[op], left)
    reached = [(cat.category_at_least(left, s), cat.category_at_least(right, s)) for s in cat.ORDER[1:]]
    if op == ">=":
        return z3.And([z3.Implies(theirs, mine) for mine, theirs in reached])
    if op == ">":
        return z3.Or([z3.And(mine, z3.Not(theirs)) for mine, theirs in reached])
    same = z3.And([mine == theirs for mine, theirs in reached])
    return same if op == "==" else z3.Not(same)


# What a comparison of strengths implies of the categories when it holds, and when it does not.
_IMPLIED = {">": (">=", "<="), ">=": (">=", "<="), "<": ("<=", ">="), "<=": ("<=", ">="), "==": ("==", None),
            "!=": (None, "==")}


def _strength_relation(left: Strength, op: str, right: Strength, ctx: Context) -> Any:
    """``left op right`` on strengths: the whole strengths compared where both are encoded;
    else a fresh unknown standing for it, tied to what it implies of the two hands'
    categories. The search checks every comparison exactly on each proposal."""
    z3 = _z3()
    ctx.compared += 1
    if left.whole is not None and right.whole is not None:
        from oracle.solve.smt.strength import compare

        return compare(left.whole, op, right.whole)
    ctx.atoms += 1
    atom = z3.Bool(f"strength{op}#{ctx.label}.{ctx.atoms}")
    holds, fails = _IMPLIED[op]
    ctx.implied.append(z3.Implies(atom, _implied(left, holds, right)) if holds else z3.BoolVal(True))
    if fails:
        ctx.implied.append(z3.Implies(z3.Not(atom), _implied(left, fails, right)))
    return atom


def _implied(left: Strength, op: str, right: Strength) -> Any:
    """What ``left op right`` (``>=``, ``<=``, ``==``) implies of two strengths not encoded
    whole: their categories so compare, and in one category their first tie-breaks, where
    both are known (the first tie-break decides before the rest)."""
    z3 = _z3()
    categories = _categories(left.found, op, right.found)
    if left.main is None or right.main is None:
        return categories
    same = cat.category_number(left.found) == cat.category_number(right.found)
    mains = {">=": left.main >= right.main, "<=": left.main <= right.main, "==": left.main == right.main}[op]
    return z3.And(categories, z3.Implies(same, mains))


def category_order(found: dict[str, Any], op: str, slug: str) -> Any:
    z3 = _z3()
    place = cat.ORDER.index(slug)
    if op == ">=":
        return cat.category_at_least(found, slug)
    if op == "<":
        return z3.Not(cat.category_at_least(found, slug))
    if op == ">":
        return cat.category_at_least(found, cat.ORDER[place + 1]) if place + 1 < len(cat.ORDER) else z3.BoolVal(False)
    return z3.Not(cat.category_at_least(found, cat.ORDER[place + 1])) if place + 1 < len(cat.ORDER) else z3.BoolVal(True)
