"""Comparing an answer with a question's ``expect`` block.

An expectation may give only some fields: mappings are compared on the keys they give
(recursively), lists element by element and whole, and a number may carry a tolerance,
written ``{approx: 0.1234, tol: 0.0001}``. ``true``/``false`` match only booleans.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DEFAULT_TOLERANCE = 1e-9

Path_ = tuple[str | int, ...]


def is_approx(expected: Any) -> bool:
    return isinstance(expected, dict) and "approx" in expected and set(expected) <= {"approx", "tol"}


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


def differences(expected: Any, actual: Any) -> list[str]:
    """Where ``actual`` fails ``expected``, as lines ``path: expected X, got Y``."""
    return [str(d) for d in find_differences(expected, actual)]
