"""Rulesets as data: which cards are wild, whether five of a kind exists, whether a wild may
copy a card already in the hand. One evaluator reads these fields; a new ruleset is a new
row here, not a new code path."""

from __future__ import annotations

from dataclasses import dataclass, replace

from oracle.cards import Rank
from oracle.errors import RulesetError


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    # Ranks whose every card is wild (Diablo's deuces).
    wild_ranks: frozenset[Rank] = frozenset()
    # Whether the Joker is wild; ``jokers`` is how many the deck holds.
    joker_wild: bool = False
    jokers: int = 0
    # Five of a kind exists and is the best hand (only reachable with wild cards).
    five_of_a_kind: bool = False
    # A wild may stand for a card already in the hand (a "double-ace flush"). None of our
    # rulebooks allows it; the field exists so a house rule is a data change.
    wild_may_copy: bool = False
    # The rulebook line this ruleset rests on, shown by ``oracle rank``.
    source: str = ""

    @property
    def has_wilds(self) -> bool:
        return bool(self.wild_ranks) or self.joker_wild

    @property
    def max_wilds(self) -> int:
        """How many wild cards one deck can put in a hand."""
        return 4 * len(self.wild_ranks) + (self.jokers if self.joker_wild else 0)

    def with_wild_ranks(self, ranks: frozenset[Rank]) -> "Ruleset":
        """This ruleset with more wild ranks (a Hell of a Deal Favor that makes cards wild):
        five of a kind then exists, as its rulebook says."""
        if not ranks:
            return self
        names = "".join(sorted(r.value for r in ranks))
        return replace(
            self,
            name=f"{self.name}+wild{names}",
            wild_ranks=self.wild_ranks | ranks,
            five_of_a_kind=True,
        )

    def signature(self) -> str:
        """A stable text naming everything the tables depend on (the cache key)."""
        wilds = "".join(sorted(r.value for r in self.wild_ranks))
        return (
            f"w{wilds}-j{int(self.joker_wild)}{self.jokers}-f{int(self.five_of_a_kind)}"
            f"-c{int(self.wild_may_copy)}"
        )


STANDARD = Ruleset(
    name="standard",
    title="Standard poker",
    source="Plain poker ranking: Ace high, and low only in 5-4-3-2-A.",
)
DIABLO = Ruleset(
    name="diablo",
    title="Diablo",
    wild_ranks=frozenset({Rank.TWO}),
    five_of_a_kind=True,
    source=(
        'Diablo, "Hand ranking": "every 2 is wild - it stands for any card you like. It may not '
        "copy a card you already hold (with a natural A♥ in a heart flush, a 2 cannot be a "
        'second A♥), except to make five of a kind, the best hand of all."'
    ),
)
DRAWING_DEAD = Ruleset(
    name="drawing-dead",
    title="Drawing Dead",
    joker_wild=True,
    jokers=1,
    source=(
        'Drawing Dead, "Joker\'s Wild!": "Wild cards are always considered to be the card that '
        'will make the best hand." FAQ: "Neither five of a kind, nor a six-card straight would '
        'count."'
    ),
)
HELL_OF_A_DEAL = Ruleset(
    name="hell-of-a-deal",
    title="Hell of a Deal",
    source=(
        'Hell of a Deal, "Poker Hand Rankings": standard ranking; "When playing with Wild '
        'cards, the highest possible Hand Rank is 5 of a Kind."'
    ),
)

RULESETS: dict[str, Ruleset] = {
    r.name: r for r in (STANDARD, DIABLO, DRAWING_DEAD, HELL_OF_A_DEAL)
}
_ALIASES = {
    "plain": "standard",
    "poker": "standard",
    "drawingdead": "drawing-dead",
    "hellofadeal": "hell-of-a-deal",
    "hod": "hell-of-a-deal",
    "auf-teufel-komm-raus": "standard",
}


def find_ruleset(name: str | Ruleset) -> Ruleset:
    """Look a ruleset up by name, case-insensitively, with ``_`` or spaces for ``-``."""
    if isinstance(name, Ruleset):
        return name
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key.replace("-", ""), _ALIASES.get(key, key))
    if key in RULESETS:
        return RULESETS[key]
    raise RulesetError(
        f"unknown game {name!r}; choose one of: {', '.join(RULESETS)}"
    )
