"""What a count must hold each filling to, as conditions numpy can test over many fillings at
once (``vector``): every ``where:`` constraint, and each expectation whose answer follows from
how hands rank (a ``rank`` question's category, name or strength, a ``compare`` question's
winner). What numpy cannot state (any other question, a position with holes, which the game
must load) is left to the engines, filling by filling.

The hole groups are here too: the ``?`` of one hand (``hands.is_hand_field``) are one set of
cards, counted once whatever their order; every other hole counts on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from oracle.expectations import find_differences
from oracle.find.hands import card_items, is_hand_field
from oracle.find.holes import Document, SearchFile, holes_seen
from oracle.find.model import SearchModel, document_ruleset
from oracle.find.vector import Meaning, holes_read

# The keys of a rank answer a count reads off the hand's strength.
RANK_KEYS = frozenset({"category", "name", "strength"})


@dataclass(frozen=True)
class Group:
    """Holes enumerated together: ``hand`` (the ``?`` of one hand, a set), ``card`` or ``number``."""

    keys: tuple[str, ...]
    kind: str
    documents: tuple[int, ...]


@dataclass
class Condition:
    """A test of one document over many fillings: ``test(meaning)`` is an array of booleans."""

    doc: Document
    keys: frozenset[str]
    test: Callable[[Meaning], Any]


@dataclass
class Conditions:
    """A search's conditions: those numpy tests, and the documents the engines must check."""

    tests: list[Condition] = field(default_factory=list)
    engine: list[Document] = field(default_factory=list)  # with holes: checked filling by filling
    constant: list[Document] = field(default_factory=list)  # without holes: checked once


def hole_groups(search: SearchFile, keys: dict) -> list[Group]:
    """The groups of holes, in the file's order."""
    groups: list[Group] = []
    hands: dict[tuple[int, tuple], int] = {}  # a hand field -> its group's place
    for hole in search.holes.values():
        if hole.kind == "number":
            groups.append(Group((hole.key,), "number", _documents(search, keys, hole.key)))
        elif hole.named or not is_hand_field(hole.path):
            groups.append(Group((hole.key,), "card", _documents(search, keys, hole.key)))
        elif (hole.document, hole.path) in hands:
            place = hands[hole.document, hole.path]
            groups[place] = Group(groups[place].keys + (hole.key,), "hand", (hole.document,))
        else:
            hands[hole.document, hole.path] = len(groups)
            groups.append(Group((hole.key,), "hand", (hole.document,)))
    return groups


def _documents(search: SearchFile, keys: dict, key: str) -> tuple[int, ...]:
    return tuple(d.number for d in search.documents if key in document_holes(search, keys, d))


def document_holes(search: SearchFile, keys: dict, doc: Document) -> set[str]:
    """Every hole a document holds, in its position or its questions' parameters."""
    found = holes_seen(search, keys, doc.number, None)
    for index in range(len(doc.data.get("questions") or [])):
        found |= holes_seen(search, keys, doc.number, index)
    return found


def conditions(search: SearchFile, model: SearchModel, keys: dict) -> Conditions:
    """The tests numpy can make of every document, and the documents left to the engines."""
    out = Conditions()
    for doc in search.documents:
        held = document_holes(search, keys, doc)
        for guarded in model.guarded:
            if guarded.what == "where" and guarded.document == doc.number:
                tree = guarded.tree
                out.tests.append(Condition(doc, frozenset(holes_read(doc, keys, tree)), _where_test(tree)))
        stated = [_question_test(doc, index, question, keys) for index, question in
                  enumerate(doc.data.get("questions") or [])]
        out.tests += [c for c in stated if c is not None]
        if not held:
            out.constant.append(doc)
        elif None in stated or holes_seen(search, keys, doc.number, None):
            out.engine.append(doc)  # a question numpy cannot answer, or a position to load
    return out


def _where_test(tree) -> Callable[[Meaning], Any]:
    return lambda meaning: meaning.truth(tree)


def _question_test(doc: Document, index: int, question: Any, keys: dict) -> Condition | None:
    """The condition a ``rank`` or ``compare`` question's expectation sets, when it follows
    from how the hands rank; None for any other question."""
    if not isinstance(question, dict) or set(question) - {"id", "ask", "expect", "rule"}:
        return None
    ask, expect = question.get("ask"), question.get("expect")
    if not isinstance(ask, dict) or (expect is not None and not isinstance(expect, dict)):
        return None
    expect = expect or {}
    path = ("questions", index, "ask")
    if ask.get("kind") == "rank" and set(ask) <= {"kind", "cards"} and set(expect) <= RANK_KEYS:
        items = card_items(ask.get("cards"), doc, path + ("cards",), keys)
        return Condition(doc, _keys_of(items), lambda meaning: _rank_holds(meaning, items, expect)) if items else None
    if ask.get("kind") == "compare" and set(ask) <= {"kind", "first", "second"} and set(expect) <= {"winner"}:
        first = card_items(ask.get("first"), doc, path + ("first",), keys)
        second = card_items(ask.get("second"), doc, path + ("second",), keys)
        if first and second:
            return Condition(doc, _keys_of(first) | _keys_of(second),
                             lambda meaning: _compare_holds(meaning, first, second, expect))
    return None


def _keys_of(items) -> frozenset[str]:
    return frozenset(item for item in items if isinstance(item, str))


def _accepted(expected: Any, values, answer: Callable[[int], Any]):
    """The values among ``values`` whose answer meets the expectation (as ``oracle check``
    compares them)."""
    import numpy as np

    distinct = np.unique(values)
    keep = [v for v in distinct.tolist() if not find_differences(expected, answer(v))]
    return np.isin(values, np.array(keep, dtype=values.dtype))


def _rank_holds(meaning: Meaning, items, expect: dict):
    import numpy as np

    from oracle.eval import CATEGORY_NAMES, category_slug
    from oracle.find.vector import hand_strengths

    strengths = hand_strengths([meaning.fillings.column(item) for item in items], meaning.ruleset)
    holds = np.ones(meaning.fillings.size, dtype=bool)
    answers = {"category": category_slug, "name": lambda s: CATEGORY_NAMES[category_slug(s)], "strength": int}
    for key, expected in expect.items():
        holds &= _accepted(expected, strengths, answers[key])
    return holds


def _compare_holds(meaning: Meaning, first, second, expect: dict):
    import numpy as np

    from oracle.find.vector import hand_strengths

    mine = hand_strengths([meaning.fillings.column(item) for item in first], meaning.ruleset)
    theirs = hand_strengths([meaning.fillings.column(item) for item in second], meaning.ruleset)
    verdict = np.sign(mine - theirs).astype(np.int64)  # 1: the first hand wins, -1: the second, 0: a tie
    if "winner" not in expect:
        return np.ones(meaning.fillings.size, dtype=bool)
    return _accepted(expect["winner"], verdict, lambda v: {1: "first", -1: "second", 0: "tie"}[v])


def test_all(tests: list[Condition], fillings, keys: dict, only: frozenset[str] | None = None):
    """Which fillings pass every test (only the tests that read no hole beyond ``only``)."""
    import numpy as np

    holds = np.ones(fillings.size, dtype=bool)
    meanings: dict[int, Meaning] = {}
    for condition in tests:
        if only is not None and not condition.keys <= only:
            continue
        doc = condition.doc
        if doc.number not in meanings:
            meanings[doc.number] = Meaning(doc, keys, fillings, document_ruleset(doc))
        holds &= condition.test(meanings[doc.number])
    return holds
