"""Hand ranking under each game's rules. See ``docs/cards-and-rankings.md``."""

from oracle.eval.evaluate import (
    HandRank,
    WildCard,
    compare,
    evaluate,
    explain,
    is_wild,
    make_strength5,
    make_strength5_standard,
    make_strength7_standard,
    strength,
    strength_of_codes,
)
from oracle.eval.rulesets import (
    DIABLO,
    DRAWING_DEAD,
    HELL_OF_A_DEAL,
    RULESETS,
    STANDARD,
    Ruleset,
    find_ruleset,
)
from oracle.eval.strength import CATEGORY_NAMES, CATEGORY_SLUGS, category_slug, describe

__all__ = [
    "CATEGORY_NAMES",
    "CATEGORY_SLUGS",
    "DIABLO",
    "DRAWING_DEAD",
    "HELL_OF_A_DEAL",
    "RULESETS",
    "STANDARD",
    "HandRank",
    "Ruleset",
    "WildCard",
    "category_slug",
    "compare",
    "describe",
    "evaluate",
    "explain",
    "find_ruleset",
    "is_wild",
    "make_strength5",
    "make_strength5_standard",
    "make_strength7_standard",
    "strength",
    "strength_of_codes",
]
