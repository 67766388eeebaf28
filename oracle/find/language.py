"""The ``where:`` language of search files: one constraint a line, parsed into a small tree.

Grammar (``docs/find.md`` has it with examples)::

    constraint := disjunct ("or" disjunct)*
    disjunct   := negation ("and" negation)*
    negation   := "not" negation | comparison
    comparison := sum [("==" | "!=" | "<" | "<=" | ">" | ">=") sum | ["not"] "in" list]
    sum        := product (("+" | "-") product)*
    product    := unary ("*" unary)*
    unary      := "-" unary | atom
    atom       := NUMBER | HOLE | WORD | STRING | call | list | "(" constraint ")"
    call       := WORD "(" [argument ("," argument)*] ")"      argument := [WORD "="] constraint
    list       := "[" [constraint ("," constraint)*] "]"

A HOLE is ``$name``; a WORD is a card (``Ah``, ``Jk``), a rank (``A``, ``T``), a suit
(``h``, ``♥``), a category (``flush``), a game (``standard``) or a player's name, told apart
by where it stands; a STRING (``'Anna Lee'``) is a name with spaces. This module only parses:
``oracle.find.model`` gives the words their meaning and checks the types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

MAX_CONSTRAINT_CHARS = 2000
# How deep a constraint may nest: each bracket, list, call, ``not``, minus sign and each
# further term of a chain (``a + b + c``, ``a * b``) is one level. Far more than a constraint
# needs, and far from the depth where reading or translating it would exhaust Python's stack.
MAX_DEPTH = 50


class WhereSyntaxError(ValueError):
    """A constraint that does not parse; the message says where in the line."""


@dataclass(frozen=True)
class Node:
    pass


@dataclass(frozen=True)
class Number(Node):
    value: int


@dataclass(frozen=True)
class HoleRef(Node):
    name: str  # with its "$"


@dataclass(frozen=True)
class Word(Node):
    text: str
    quoted: bool = False


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple[Node, ...]
    keywords: tuple[tuple[str, Node], ...] = ()


@dataclass(frozen=True)
class ListOf(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Compare(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Arith(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Negate(Node):
    operand: Node


@dataclass(frozen=True)
class BoolOp(Node):
    op: str  # "and", "or", "not"
    operands: tuple[Node, ...] = field(default=())


_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+(?![\w♠♥♦♣]))|(?P<hole>\$[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<string>'[^']*'|\"[^\"]*\")|(?P<op>==|!=|<=|>=|[<>+\-*(),=\[\]])"
    r"|(?P<word>[\w♠♥♦♣♤♡♢♧]+))"
)
KEYWORDS = ("and", "or", "not", "in")


def tokenize(text: str) -> list[tuple[str, str, int]]:
    tokens = []
    at = 0
    while at < len(text):
        if text[at:].strip() == "":
            break
        match = _TOKEN.match(text, at)
        if match is None or match.end() == at:
            bad = text[at:].lstrip()[:10]
            raise WhereSyntaxError(f"cannot read {bad!r} at character {len(text) - len(text[at:].lstrip()) + 1}")
        kind = match.lastgroup or ""
        value = match.group(kind)
        start = match.start(kind) + 1
        if kind == "word" and value in KEYWORDS:
            kind = "keyword"
        tokens.append((kind, value, start))
        at = match.end()
    return tokens


class _Parser:
    def __init__(self, text: str):
        self.tokens = tokenize(text)
        self.at = 0
        self.depth = 0

    def deeper(self) -> None:
        """One level further in; past ``MAX_DEPTH`` the constraint is refused where it is."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            token = self.peek() or self.tokens[-1]
            raise WhereSyntaxError(f"the constraint nests deeper than {MAX_DEPTH} levels at character {token[2]} "
                                   "(each bracket, call, list, not, minus sign and chained + - * is a level); "
                                   "write it as several simpler constraints")

    def peek(self, offset: int = 0) -> tuple[str, str, int] | None:
        k = self.at + offset
        return self.tokens[k] if k < len(self.tokens) else None

    def take(self, value: str | None = None) -> tuple[str, str, int]:
        token = self.peek()
        if token is None:
            raise WhereSyntaxError(f"the constraint ends where {value!r} was expected" if value else "the constraint ends too soon")
        if value is not None and token[1] != value:
            raise WhereSyntaxError(f"expected {value!r} at character {token[2]}, found {token[1]!r}")
        self.at += 1
        return token

    def accept(self, value: str) -> bool:
        token = self.peek()
        if token is not None and token[1] == value and token[0] in ("op", "keyword"):
            self.at += 1
            return True
        return False

    def parse(self) -> Node:
        if not self.tokens:
            raise WhereSyntaxError("the constraint is empty")
        node = self.disjunction()
        token = self.peek()
        if token is not None:
            raise WhereSyntaxError(f"unexpected {token[1]!r} at character {token[2]}")
        return node

    def disjunction(self) -> Node:
        parts = [self.conjunction()]
        while self.accept("or"):
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else BoolOp("or", tuple(parts))

    def conjunction(self) -> Node:
        parts = [self.negation()]
        while self.accept("and"):
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else BoolOp("and", tuple(parts))

    def negation(self) -> Node:
        token = self.peek()
        if token is not None and token[:2] == ("keyword", "not"):
            self.at += 1
            self.deeper()
            node = BoolOp("not", (self.negation(),))
            self.depth -= 1
            return node
        return self.comparison()

    def comparison(self) -> Node:
        left = self.sum()
        token = self.peek()
        if token is None:
            return left
        if token[1] in ("==", "!=", "<", "<=", ">", ">="):
            self.at += 1
            return Compare(token[1], left, self.sum())
        if token[:2] == ("keyword", "in") or (token[:2] == ("keyword", "not") and (self.peek(1) or ("", "", 0))[1] == "in"):
            negated = token[1] == "not"
            self.at += 2 if negated else 1
            items = self.atom()
            if not isinstance(items, ListOf):
                raise WhereSyntaxError("'in' is followed by a list, such as [Ah, Kh, 2s]")
            return Compare("not in" if negated else "in", left, items)
        return left

    def sum(self) -> Node:
        start = self.depth
        node = self.product()
        while (token := self.peek()) is not None and token[1] in ("+", "-") and token[0] == "op":
            self.at += 1
            self.deeper()  # a chain is a tree as deep as it is long
            node = Arith(token[1], node, self.product())
        self.depth = start
        return node

    def product(self) -> Node:
        start = self.depth
        node = self.unary()
        while (token := self.peek()) is not None and token[1] == "*" and token[0] == "op":
            self.at += 1
            self.deeper()
            node = Arith("*", node, self.unary())
        self.depth = start
        return node

    def unary(self) -> Node:
        if self.accept("-"):
            self.deeper()
            node = Negate(self.unary())
            self.depth -= 1
            return node
        return self.atom()

    def atom(self) -> Node:
        kind, value, where = self.take()
        if kind == "number":
            return Number(int(value))
        if kind == "hole":
            return HoleRef(value)
        if kind == "string":
            return Word(value[1:-1], quoted=True)
        if value == "(":
            self.deeper()
            node = self.disjunction()
            self.take(")")
            self.depth -= 1
            return node
        if value == "[":
            self.deeper()
            items: list[Node] = []
            if not self.accept("]"):
                items.append(self.disjunction())
                while self.accept(","):
                    items.append(self.disjunction())
                self.take("]")
            self.depth -= 1
            return ListOf(tuple(items))
        if kind == "word":
            if self.accept("("):
                self.deeper()
                node = self.call(value)
                self.depth -= 1
                return node
            return Word(value)
        raise WhereSyntaxError(f"unexpected {value!r} at character {where}")

    def call(self, function: str) -> Node:
        args: list[Node] = []
        keywords: list[tuple[str, Node]] = []
        if not self.accept(")"):
            while True:
                token, after = self.peek(), self.peek(1)
                if token is not None and token[0] == "word" and after is not None and after[1] == "=":
                    self.at += 2
                    keywords.append((token[1], self.disjunction()))
                elif keywords:
                    raise WhereSyntaxError(f"in {function}(), a plain argument cannot follow a named one")
                else:
                    args.append(self.disjunction())
                if self.accept(")"):
                    break
                self.take(",")
        return Call(function, tuple(args), tuple(keywords))


def parse_constraint(text: Any) -> Node:
    """The tree of one constraint; ``WhereSyntaxError`` says what is wrong and where."""
    if isinstance(text, bool) or not isinstance(text, str):
        raise WhereSyntaxError(f"a constraint is a line of text such as 'rank($a) == A', not {text!r}")
    if len(text) > MAX_CONSTRAINT_CHARS:
        raise WhereSyntaxError(f"a constraint has at most {MAX_CONSTRAINT_CHARS} characters, not {len(text):,}")
    return _Parser(text).parse()


def holes_in(node: Node) -> set[str]:
    """The ``$names`` a constraint mentions."""
    if isinstance(node, HoleRef):
        return {node.name}
    found: set[str] = set()
    for child in _children(node):
        found |= holes_in(child)
    return found


def walk(node: Node):
    """The node and every node under it."""
    yield node
    for child in _children(node):
        yield from walk(child)


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Call):
        return node.args + tuple(v for _, v in node.keywords)
    if isinstance(node, ListOf):
        return node.items
    if isinstance(node, (Compare, Arith)):
        return (node.left, node.right)
    if isinstance(node, Negate):
        return (node.operand,)
    if isinstance(node, BoolOp):
        return node.operands
    return ()
