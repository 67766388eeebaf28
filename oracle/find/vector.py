"""The meaning of ``where:`` constraints over many fillings at once, in numpy: the same meaning
``translate`` gives them in Z3, read off the hands as the evaluator ranks them (the batch
evaluator, ``oracle.eval.batch``). A search checks with it what Z3 holds only in part (the
comparisons of strengths, on each proposal); a count enumerates with it (``count``).

A card is its index ``4 * rank + suit`` (rank 0 for a deuce to 12 for an Ace, suits in the
order of ``oracle.cards.SUITS``), 52 for the Joker, as in ``oracle.solve.smt.cards``. The
constraints were translated by Z3 first, so their types are known to be right here.

numpy is imported inside the functions: importing this module costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from oracle.cards import RANKS, SUITS, Card
from oracle.eval.rulesets import Ruleset, find_ruleset
from oracle.eval.strength import BASE, CATEGORY_UNIT
from oracle.find.hands import HandSpec, Item, card_word, hand_spec, players
from oracle.find.holes import Document
from oracle.find.language import Arith, BoolOp, Call, Compare, HoleRef, ListOf, Negate, Node, Number, Word
from oracle.find.translate import literal

JOKER = 52
JOKER_RANK = 13
DECK = 53  # card indices 0..52
# The HoD selection rule: 1 or 2 cards from the hand (Hell of a Deal: Deal Cards).
SELECTION = (1, 2)


def card_index(card: Card) -> int:
    return JOKER if card.is_joker else 4 * RANKS.index(card.rank) + SUITS.index(card.suit)


def index_card(index: int) -> Card:
    return Card(None) if index == JOKER else Card(RANKS[index // 4], SUITS[index % 4])


def _codes():
    import numpy as np

    return np.array([index_card(i).code for i in range(DECK)], dtype=np.int32)


@dataclass
class Fillings:
    """``size`` fillings of the holes: each card hole's card indices, each number hole's values."""

    size: int
    cards: dict[str, Any] = field(default_factory=dict)
    numbers: dict[str, Any] = field(default_factory=dict)

    def column(self, item: Item):
        import numpy as np

        if isinstance(item, str):
            return self.cards[item]
        return np.full(self.size, card_index(item), dtype=np.int16)


def category_places(strengths):
    """Each strength's category as its place in ``categories.ORDER`` (the royal flush apart)."""
    import numpy as np

    number = strengths // CATEGORY_UNIT
    top = (strengths // BASE**4) % BASE
    place = np.where(number <= 8, number, number + 1)
    return np.where((number == 8) & (top == 14), 9, place)


def hand_strengths(columns: list, ruleset: Ruleset, board: list | None = None):
    """The strength of the hand in every row: ``columns`` (card-index arrays) ranked as they
    are, or with ``board`` under the selection rule. A row the batch evaluator refuses (a list
    naming one card twice) is ranked by its ranks and suits, as Z3 counts them."""
    import numpy as np

    from oracle.errors import OracleError
    from oracle.eval import batch

    codes = _codes()
    size = len(columns[0]) if columns else (len(board[0]) if board else 0)
    hand = np.stack([codes[c] for c in columns], axis=1) if columns else np.zeros((size, 0), np.int32)
    if board is not None:
        from oracle.eval.select import Limits

        shared = np.stack([codes[c] for c in board], axis=1) if board else np.zeros((size, 0), np.int32)
        return batch.selection_strengths(hand, shared, ruleset, Limits(*SELECTION))
    twice = np.zeros(size, dtype=bool)
    for i, first in enumerate(columns):
        for second in columns[i + 1:]:
            twice |= first == second
    out = np.empty(size, dtype=np.int64)
    batched = ~twice if hand.shape[1] <= 7 else np.zeros(size, dtype=bool)
    try:
        out[batched] = batch.strengths(hand[batched], ruleset) if batched.any() else 0
        rest = np.flatnonzero(~batched)
    except OracleError:
        rest = np.arange(size)
    for row in rest.tolist():
        out[row] = _one_strength([int(c[row]) for c in columns], ruleset)
    return out


def _one_strength(cards: list[int], ruleset: Ruleset) -> int:
    from oracle.errors import OracleError
    from oracle.eval import strength

    try:
        return strength([index_card(i) for i in cards], ruleset)
    except OracleError:
        return -1  # no hand: below every hand


class Meaning:
    """The truth of a document's constraints over ``fillings``."""

    def __init__(self, doc: Document, keys: dict, fillings: Fillings, ruleset: Ruleset):
        self.doc, self.keys, self.fillings, self.ruleset = doc, keys, fillings, ruleset
        self.players = players(doc)
        self._strengths: dict[tuple[str, str], Any] = {}

    def truth(self, node: Node):
        return self.value(node)[1]

    def value(self, node: Node) -> tuple[str, Any]:
        import numpy as np

        n = self.fillings.size
        if isinstance(node, Number):
            return "number", np.full(n, node.value, dtype=np.int64)
        if isinstance(node, HoleRef):
            if node.name in self.fillings.numbers:
                return "number", self.fillings.numbers[node.name].astype(np.int64)
            return "card", self.fillings.cards[node.name]
        if isinstance(node, Word):
            return "card", np.full(n, card_index(card_word(node.text)), dtype=np.int16)
        if isinstance(node, Call):
            return self._call(node)
        if isinstance(node, Negate):
            return "number", -self.value(node.operand)[1]
        if isinstance(node, Arith):
            left, right = self.value(node.left)[1], self.value(node.right)[1]
            return "number", {"+": left + right, "-": left - right, "*": left * right}[node.op]
        if isinstance(node, BoolOp):
            parts = [self.truth(p) for p in node.operands]
            if node.op == "not":
                return "bool", ~parts[0]
            return "bool", np.logical_and.reduce(parts) if node.op == "and" else np.logical_or.reduce(parts)
        if isinstance(node, Compare):
            return "bool", self._compare(node)
        raise ValueError(f"no numpy meaning for {node!r}")  # translate refused it already

    def _call(self, node: Call) -> tuple[str, Any]:
        import numpy as np

        keywords = dict(node.keywords)
        ruleset = find_ruleset(keywords["game"].text) if "game" in keywords else self.ruleset
        if node.function in ("rank", "suit", "wild"):
            card = self.value(node.args[0])[1].astype(np.int64)
            if node.function == "rank":
                return "rank", np.where(card == JOKER, JOKER_RANK, card // 4)
            if node.function == "suit":
                return "suit", np.where(card == JOKER, -1, card % 4)
            wild = np.isin(card // 4, [RANKS.index(r) for r in ruleset.wild_ranks]) & (card != JOKER)
            return "bool", wild | ((card == JOKER) & ruleset.joker_wild)
        found = self.strengths(node.args[0], ruleset)
        return (node.function, found if node.function == "strength" else category_places(found))

    def strengths(self, node: Node, ruleset: Ruleset):
        """The strength of a player's hand or of a list of cards, in every filling."""
        if isinstance(node, ListOf):
            return hand_strengths([self.value(item)[1] for item in node.items], ruleset)
        key = (node.text, ruleset.name)
        if key not in self._strengths:
            spec = hand_spec(self.doc, node.text, self.keys)
            self._strengths[key] = self.spec_strengths(spec, ruleset)
        return self._strengths[key]

    def spec_strengths(self, spec: HandSpec, ruleset: Ruleset):
        cards = [self.fillings.column(item) for item in spec.cards]
        board = None if spec.board is None else [self.fillings.column(item) for item in spec.board]
        return hand_strengths(cards, ruleset, board)

    def _operand(self, node: Node, kind: str):
        import numpy as np

        if kind in ("rank", "suit", "category") and isinstance(node, (Word, Number)):
            value = literal(kind, node)
            if kind == "category":
                from oracle.solve.smt.categories import ORDER

                value = ORDER.index(value)
            return np.full(self.fillings.size, value, dtype=np.int64)
        return self.value(node)[1]

    def _compare(self, node: Compare):
        import numpy as np

        kind, left = self.value(node.left)
        if node.op in ("in", "not in"):
            assert isinstance(node.right, ListOf)
            found = np.zeros(self.fillings.size, dtype=bool)
            for item in node.right.items:
                found |= left == self._operand(item, kind)
            return ~found if node.op == "not in" else found
        right = self._operand(node.right, kind)
        result = {"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right, ">": left > right,
                  ">=": left >= right}[node.op]
        if kind == "rank" and node.op not in ("==", "!="):  # the Joker has no rank
            result &= (left != JOKER_RANK) & (right != JOKER_RANK)
        return result


def one_filling(values: dict[str, Any]) -> Fillings:
    """One filling (a hole's ``Card`` or whole number) as ``Fillings`` of size 1."""
    import numpy as np

    cards = {k: np.array([card_index(v)], dtype=np.int16) for k, v in values.items() if isinstance(v, Card)}
    numbers = {k: np.array([v], dtype=np.int64) for k, v in values.items() if not isinstance(v, Card)}
    return Fillings(1, cards, numbers)


def holes_read(doc: Document, keys: dict, tree: Node) -> set[str]:
    """The holes a constraint reads: those it names and those of the hands it ranks."""
    from oracle.find.language import holes_in, walk

    found = set(holes_in(tree))
    for node in walk(tree):
        if isinstance(node, Call) and node.function in ("category", "strength") and node.args:
            if isinstance(node.args[0], Word):
                spec = hand_spec(doc, node.args[0].text, keys)
                found |= spec.keys() if spec is not None else set()
    return found
