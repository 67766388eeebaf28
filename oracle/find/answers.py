"""``where:`` constraints that relate the answers of a search's questions:
``answer(unpaid, outcome) != answer(paid, outcome)``, ``outcome(Anna) in [win, push]``. Only the engines give answers, so Z3 is not told these: each filling Z3
proposes is answered by the engines, as every expectation is, and then held to them; one that
fails is set aside whole (every hole of it), since the relation may read any question.

``answer(ID, KEY)``: ID is a question's ``id`` (unique in the file), KEY a key of its answer,
or a dotted path into it (``'players.Anna.outcome'``; a number steps into a list). They are
compared with words (``win``, ``Anna``), numbers, lists (``in``) or each other. A key the
answer does not have is a fault of the file (``NoSuchKey``), not a filling that fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from oracle.find.language import BoolOp, Call, Compare, HoleRef, ListOf, Node, Number, Word, walk

FUNCTION = "answer"
# ``outcome(Anna)`` (``outcome(Anna, ID)`` when the file has several questions): the
# player's outcome in a question's answer, ``answer(ID, 'players.Anna.outcome')``.
OUTCOME = "outcome"
FUNCTIONS = (FUNCTION, OUTCOME)


@dataclass(frozen=True)
class AnswerConstraint:
    """A ``where:`` line read by the answers: its text, tree and place in the file."""

    text: str
    tree: Node
    document: int
    path: tuple
    line: int | None

    @property
    def label(self) -> str:
        return f"where[{self.path[-1]}]"


def reads_answers(tree: Node) -> bool:
    return any(isinstance(node, Call) and node.function in FUNCTIONS for node in walk(tree))


def _reading(node: Call, ids: dict[str, int]) -> tuple[str, str] | str:
    """The question id and answer key a call reads, or what is wrong with it."""
    if node.keywords or not all(isinstance(a, Word) for a in node.args):
        return f"{node.function}(...) takes words: " + (f"{FUNCTION}(q1, winner)" if node.function == FUNCTION
                                                         else f"{OUTCOME}(Anna) or {OUTCOME}(Anna, q1)")
    words = [a.text for a in node.args]
    if node.function == FUNCTION:
        if len(words) != 2:
            return f"{FUNCTION}(ID, KEY): a question's id and a key of its answer, as {FUNCTION}(q1, winner)"
        return words[0], words[1]
    if len(words) == 1 and len(ids) == 1:
        return next(iter(ids)), f"players.{words[0]}.outcome"
    if len(words) != 2:
        return (f"{OUTCOME}(PLAYER, ID): the file has {len(ids)} questions, so name the one asked, "
                f"as {OUTCOME}(Anna, {next(iter(sorted(ids)), 'q1')})")
    return words[1], f"players.{words[0]}.outcome"


def question_ids(documents) -> dict[str, int]:
    """Each question id of the file, and how many questions carry it."""
    counts: dict[str, int] = {}
    for doc in documents:
        for question in doc.data.get("questions") or []:
            if isinstance(question, dict) and isinstance(question.get("id"), str):
                counts[question["id"]] = counts.get(question["id"], 0) + 1
    return counts


def problem_of(tree: Node, ids: dict[str, int]) -> str | None:
    """What is wrong with a constraint reading answers, or None."""
    for node in walk(tree):
        if isinstance(node, HoleRef):
            return (f"a constraint reading answers ({FUNCTION}(...)) relates the questions' answers only: "
                    f"write {node.name} in a constraint of its own")
        if isinstance(node, Call) and node.function in FUNCTIONS:
            reading = _reading(node, ids)
            if isinstance(reading, str):
                return reading
            question = reading[0]
            if ids.get(question, 0) != 1:
                known = ", ".join(sorted(ids)) or "none"
                what = "is the id of more than one question" if ids.get(question) else "is no question's id"
                return f"{FUNCTION}({question}, ...): {question!r} {what}; the questions: {known}"
        elif isinstance(node, Call):
            return (f"{node.function}(...) cannot stand in a constraint reading answers: only "
                    f"{FUNCTION}(ID, KEY) and {OUTCOME}(PLAYER)")
    return None


class NoSuchKey(ValueError):
    """A constraint reads a key the question's answer does not have: a fault of the file,
    whatever the holes hold (a question kind's answer has the same keys for every filling)."""


def holds(tree: Node, answers: dict[str, Any]) -> tuple[bool, str]:
    """Whether the constraint holds of these answers (by question id), and if not, why.
    ``NoSuchKey`` when it reads a key an answer does not have."""
    return (True, "") if _truth(tree, answers) else (False, _why(tree, answers))


def _truth(node: Node, answers: dict[str, Any]) -> bool:
    if isinstance(node, BoolOp):
        values = [_truth(o, answers) for o in node.operands]
        return {"and": all, "or": any}[node.op](values) if node.op != "not" else not values[0]
    if isinstance(node, Compare):
        return _compare(node.op, _value(node.left, answers), _value(node.right, answers))
    raise ValueError("a constraint reading answers is a comparison or a combination of comparisons")


def _compare(op: str, left: Any, right: Any) -> bool:
    left, right = _plain(left), _plain(right)
    if isinstance(left, list) and len(left) == 1 and not isinstance(right, list):
        left = left[0]
    if isinstance(right, list) and len(right) == 1 and not isinstance(left, list) and op in ("==", "!="):
        right = right[0]
    if op in ("in", "not in"):
        inside = left in right if isinstance(right, list) else False
        return inside if op == "in" else not inside
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if not (isinstance(left, (int, float)) and isinstance(right, (int, float))):
        return False
    return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[op]


def _plain(value: Any) -> Any:
    """Answers say lists of names and words; a list of one compares as its item."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value.lower() if isinstance(value, str) else value


def _value(node: Node, answers: dict[str, Any]) -> Any:
    if isinstance(node, Call):
        question, key = _reading(node, {k: 1 for k in answers})
        found = answers.get(question)
        for step in key.split("."):
            if isinstance(found, dict) and step in found:
                found = found[step]
            elif isinstance(found, list) and step.isdigit() and int(step) < len(found):
                found = found[int(step)]
            else:
                answer = answers.get(question)
                keys = ", ".join(sorted(answer)) if isinstance(answer, dict) else "none"
                raise NoSuchKey(f"{node.function}({', '.join(a.text for a in node.args)}): the answer of "
                                f"{question!r} has no key {key!r} (its keys: {keys})"[:600])
        return found
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Word):
        return node.text
    if isinstance(node, ListOf):
        return [_value(item, answers) for item in node.items]
    raise ValueError("a constraint reading answers compares answers, words, numbers and lists")


def _why(tree: Node, answers: dict[str, Any]) -> str:
    """The answers the constraint read, as the engines gave them."""
    read = [f"{node.function}({', '.join(a.text for a in node.args)}) is {_value(node, answers)!r}"
            for node in walk(tree) if isinstance(node, Call) and node.function in FUNCTIONS]
    return "; ".join(dict.fromkeys(read))[:500]
