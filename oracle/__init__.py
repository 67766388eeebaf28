"""oracle: a rules oracle and puzzle solver for four poker-family tabletop games.

    >>> import oracle
    >>> oracle.rank("9 9 2 2 K", game="diablo").description
    'Four Nines, King kicker'

The names below are loaded when first used, so ``import oracle`` (and ``oracle rank`` at the
table) stays quick. See ``docs/api.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# Public name -> the module that defines it.
_EXPORTS = {
    "rank": "oracle.api",
    "compare": "oracle.api",
    "load": "oracle.api",
    "loads": "oracle.api",
    "table": "oracle.api",
    "Scenario": "oracle.scenario",
    "Question": "oracle.scenario",
    "Answer": "oracle.registry",
    "Card": "oracle.cards",
    "parse_cards": "oracle.cards",
    "HandRank": "oracle.eval",
    "Comparison": "oracle.ranking",
    "HellOfADealRanking": "oracle.ranking",
    "OracleError": "oracle.errors",
    "ArgumentError": "oracle.errors",
    "CardParseError": "oracle.errors",
    "InvalidHandError": "oracle.errors",
    "InvalidActionError": "oracle.errors",
    "IllegalActionError": "oracle.errors",
    "RulesetError": "oracle.errors",
    "ScenarioError": "oracle.errors",
    "FieldError": "oracle.errors",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'oracle' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
