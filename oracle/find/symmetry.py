"""Suit symmetry of a search: when the suits play the same in a file, a filling and the same
filling with its suits renamed pass or fail alike, and Z3 need try only one of them.

Suits are all equal in Diablo ("Suits are all equal", Diablo: Hand ranking) and in Drawing
Dead, as in the charts (``oracle.charts.symmetry``). A file's suits are *free* when nothing in
it tells them apart: every document plays one of those games and asks only questions answered
from the cards alone (``rank``, ``compare``, ``showdown``, ``validate``: no shuffled deck),
no ``where:`` constraint calls ``suit()``, and a suit no card of the file names (a card given
in the position, a question's parameters or expectations, a constraint) is free. The free suits may be renamed among
themselves without changing any answer, so every filling has a renaming in which the free
suits first appear, hole by hole in the file's order, in their own order (``precedence``):
that one alone is searched. A witness is still checked by the engines; a proof that none
exists is still one, since the renamings it skipped fail as the one it tried.

Not for ``--count``: renamed fillings are different fillings, and are counted.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from oracle.cards import SUITS
from oracle.find.holes import SearchFile

# The games whose rules treat every suit alike.
SUIT_BLIND = frozenset({"diablo", "drawing-dead"})
# The questions whose answers follow from the cards alone, with no shuffled deck: a renaming
# of the suits renames their answers and changes nothing else. (A question that deals from a
# seeded shuffle may draw other cards once the suits are renamed.)
SUIT_BLIND_QUESTIONS = frozenset({"rank", "compare", "showdown", "validate"})
# A card named in a text: a rank and a suit, standing alone.
_CARD = re.compile(r"(?<![\w$])(?:10|[2-9TJQKAtjqka])([shdcSHDC♠♥♦♣♤♡♢♧])(?!\w)")
_SUIT_OF = {s.value: i for i, s in enumerate(SUITS)} | {s.symbol: i for i, s in enumerate(SUITS)}
_SUIT_OF |= {"♤": 0, "♡": 1, "♢": 2, "♧": 3}
# The fields of a document that can name cards: not its name, description or rule quotes.
_READ = ("position", "questions", "where", "rules")


def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("rule", "description", "name"):
                yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def free_suits(search: SearchFile) -> list[int]:
    """The suits (indices into ``SUITS``) no part of the file tells apart; empty when the
    file's games or a ``suit()`` constraint tell every suit apart."""
    named: set[int] = set()
    for doc in search.documents:
        if doc.game.slug not in SUIT_BLIND:
            return []
        for question in doc.data.get("questions") or []:
            ask = question.get("ask") if isinstance(question, dict) else None
            kind = ask if isinstance(ask, str) else ask.get("kind") if isinstance(ask, dict) else None
            if kind not in SUIT_BLIND_QUESTIONS:
                return []
        for card in doc.fixed_cards:
            if card.suit is not None:
                named.add(SUITS.index(card.suit))
        for key in _READ:
            for text in _texts(doc.data.get(key)):
                if key == "where" and "suit" in text:
                    return []
                for match in _CARD.finditer(text):
                    suit = match.group(1)
                    named.add(_SUIT_OF.get(suit, _SUIT_OF.get(suit.lower(), 0)))
    free = [s for s in range(len(SUITS)) if s not in named]
    return free if len(free) >= 2 else []


def precedence(cards: list[Any], free: list[int]) -> Any:
    """The free suits first appear among ``cards`` (Z3 card terms, the file's order) in
    their own order: a hole takes the ``j``-th free suit only after an earlier hole took the
    ``j-1``-th. The Joker has no suit and takes part in none of this."""
    import z3

    from oracle.solve.smt.cards import JOKER_RANK

    def takes(card: Any, suit: int) -> Any:
        return z3.And(card.rank != JOKER_RANK, card.suit == suit)

    parts = []
    for earlier, later in zip(free, free[1:]):
        for index, card in enumerate(cards):
            before = [takes(other, earlier) for other in cards[:index]]
            parts.append(z3.Implies(takes(card, later), z3.Or(before) if before else z3.BoolVal(False)))
    return z3.And(parts) if parts else z3.BoolVal(True)
