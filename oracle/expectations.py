"""Comparing an answer with a question's ``expect`` block.

An expectation may give only some fields: mappings are compared on the keys they give
(recursively), lists element by element and whole, and a number may carry a tolerance,
written ``{approx: 0.1234, tol: 0.0001}``. ``true``/``false`` match only booleans.

A value may be a relation instead, a mapping of one key: ``{in: [win, push]}`` (the answer
matches one of the list, each item an expectation), ``{not_in: [...]}`` (none), and
``{at_least: X}``, ``{at_most: X}``, ``{more_than: X}``, ``{less_than: X}`` for numbers, and
for hand categories in their order (``{at_least: flush}``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DEFAULT_TOLERANCE = 1e-9
MEMBERSHIP = ("in", "not_in")
ORDERED = {"at_least": (">=", "at least"), "at_most": ("<=", "at most"), "more_than": (">", "more than"),
           "less_than": ("<", "less than")}
RELATIONS = MEMBERSHIP + tuple(ORDERED)

Path_ = tuple[str | int, ...]


def is_approx(expected: Any) -> bool:
    return isinstance(expected, dict) and "approx" in expected and set(expected) <= {"approx", "tol"}


def relation(expected: Any) -> str | None:
    """The relation an expected value states (``in``, ``at_least``, ...), or None."""
    if isinstance(expected, dict) and len(expected) == 1:
        key = next(iter(expected))
        return key if key in RELATIONS else None
    return None


def category_place(value: Any) -> int | None:
    """A hand category's place in the order of categories (worst first), or None."""
    from oracle.eval.strength import CATEGORY_SLUGS

    return CATEGORY_SLUGS[::-1].index(value) if isinstance(value, str) and value in CATEGORY_SLUGS else None


def relation_fault(value: dict) -> str | None:
    """What is wrong with a relation, said when the file is loaded: ``in`` and ``not_in`` take
    a list, ``at_least`` and the other orders a number or a hand category."""
    from oracle.text import quote

    (key, target), = value.items()
    if key in MEMBERSHIP:
        if not isinstance(target, list) or not target:
            return f"{key} takes a list of the values it allows, such as [win, push], not {quote(target)}"
        return None
    if not _number(target) and category_place(target) is None:
        return f"{key} takes a number or a hand category (such as flush), not {quote(target)}: only they are in an order"
    return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass(frozen=True)
class Difference:
    """Where an answer fails its expectation: the path under ``expect`` (a key as text, a list
    index as a number, as in ``LineMap``) and what differs.
    ``missing``: the answer has no such key at all (``--update`` leaves such a key alone)."""

    path: Path_
    message: str
    missing: bool = False

    def dotted_path(self) -> str:
        text = ""
        for part in self.path:
            text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
        return text if text and not text.startswith("[") else f"answer{text}"

    def __str__(self) -> str:
        return f"{self.dotted_path()}: {self.message}"


def find_differences(expected: Any, actual: Any, path: Path_ = ()) -> list[Difference]:
    """Every place where ``actual`` fails ``expected``."""
    if is_approx(expected):
        return _approx_differences(expected, actual, path)
    if relation(expected) is not None:
        return _relation_differences(expected, actual, path)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [Difference(path, f"expected a mapping, got {actual!r}")]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(Difference(path + (str(key),), f"expected {value!r}, but the answer has no {key!r}", missing=True))
            else:
                found += find_differences(value, actual[key], path + (str(key),))
        return found
    if isinstance(expected, list):
        if not isinstance(actual, (list, tuple)):
            return [Difference(path, f"expected a list, got {actual!r}")]
        if len(expected) != len(actual):
            return [Difference(path, f"expected {len(expected)} items {expected!r}, got {len(actual)}: {list(actual)!r}")]
        return [d for index, (e, a) in enumerate(zip(expected, actual)) for d in find_differences(e, a, path + (index,))]
    if isinstance(expected, bool) or isinstance(actual, bool):
        same = expected is actual
    else:
        same = expected == actual
    return [] if same else [Difference(path, f"expected {expected!r}, got {actual!r}")]


def _approx_differences(expected: dict, actual: Any, path: Path_) -> list[Difference]:
    target = expected["approx"]
    tol = expected.get("tol", DEFAULT_TOLERANCE)
    if not isinstance(actual, (int, float)) or isinstance(actual, bool):
        return [Difference(path, f"expected a number near {target!r}, got {actual!r}")]
    if not isinstance(target, (int, float)) or not isinstance(tol, (int, float)):
        return [Difference(path, "approx and tol must be numbers")]
    if math.isnan(actual) or abs(actual - target) > tol:
        return [Difference(path, f"expected {target!r} ± {tol!r}, got {actual!r}")]
    return []


def _relation_differences(expected: dict, actual: Any, path: Path_) -> list[Difference]:
    (key, target), = expected.items()
    if key in MEMBERSHIP:
        options = target if isinstance(target, list) else [target]
        matched = any(not find_differences(option, actual) for option in options)
        if matched == (key == "in"):
            return []
        return [Difference(path, f"expected {'one' if key == 'in' else 'none'} of {options!r}, got {actual!r}")]
    op, words = ORDERED[key]
    if _number(target) and _number(actual):
        mine, theirs = actual, target
    elif category_place(target) is not None and category_place(actual) is not None:
        mine, theirs = category_place(actual), category_place(target)
    else:
        return [Difference(path, f"expected {words} {target!r}, got {actual!r}: only numbers, or hand categories, "
                                 "are in an order")]
    holds = {">=": mine >= theirs, "<=": mine <= theirs, ">": mine > theirs, "<": mine < theirs}[op]
    return [] if holds else [Difference(path, f"expected {words} {target!r}, got {actual!r}")]


def differences(expected: Any, actual: Any) -> list[str]:
    """Where ``actual`` fails ``expected``, as lines ``path: expected X, got Y``."""
    return [str(d) for d in find_differences(expected, actual)]
