"""Diablo's rules as data: the options a table agrees before play (``OPTIONS``, read into
``DiabloRules``), the game's fixed numbers, and what a hand is worth, as dealt or as declared.

Defaults follow the rulebook's own suggestion: "Agree limits before you start, for example:
bets and raises of 1-5 chips (double after the draw), at most four raises per round"."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping, Sequence

from oracle.cards import Card
from oracle.errors import FieldError, Problem, ScenarioError
from oracle.errors import did_you_mean as suggest
from oracle.eval import DIABLO, Ruleset, strength_of_codes
from oracle.eval.strength import CATEGORY_ORDER, PAIR, decode, encode
from oracle.registry import RuleOption

# ----------------------------------------------------------------------------- game facts
MIN_SEATS, MAX_SEATS = 3, 7  # "Players: 3-7, each for themselves."
HAND_SIZE = 5
# "the same amount for everyone at the start, e.g. 100 each": a seat given without chips.
DEFAULT_CHIPS = 100
# "Jacks or better: you may only open with at least a pair of Jacks."
JACKS_OR_BETTER = encode(PAIR, (11, 0, 0, 0, 0))
# Declarable hands: the evaluator's categories, written with spaces ("two pair").
DECLARABLE = tuple(slug.replace("_", " ") for slug in CATEGORY_ORDER)


# The house rule ``wild_may_copy`` as a ruleset: Diablo's with the evaluator's own field
# ("It may not copy a card you already hold" lifted).
WILD_COPYING = replace(DIABLO, name="diablo+copy", title="Diablo, wilds may copy",
                       wild_may_copy=True,
                       source="House rule: a 2 may copy a card already held (Diablo, \"Hand ranking\", "
                              "says it may not, except to make five of a kind).")


# ----------------------------------------------------------------------------- options
# The least value of each whole-number option, and what it means (for the error message).
_LEAST = {"ante": 0, "bet_min": 1, "bet_max": 1, "after_draw_factor": 1, "max_raises": 0, "pot_cap": 0}
_MEANS = {
    "ante": "chips each player antes; 0 for no ante",
    "bet_min": "the smallest bet, in chips",
    "bet_max": "the largest bet, in chips",
    "after_draw_factor": "bet limits after the draw are multiplied by it; 1 keeps them",
    "max_raises": "raises allowed per betting round; 0 for none",
    "pot_cap": "the most an opener pays into a new pot; 0 for no cap",
}


@dataclass(frozen=True, kw_only=True)
class DiabloRules:
    """The limits and variants a table agrees before play (``rules:`` in a scenario)."""

    ante: int = 1
    bet_min: int = 1
    bet_max: int = 5
    after_draw_factor: int = 2
    max_raises: int = 4
    pot_cap: int = 0
    bigger_draw: bool = False
    jacks_or_better: bool = False
    declare_hand: bool = False
    diablo_rule: bool = True
    dealers_choice: bool = False
    return_uncalled_bet: bool = False
    wild_may_copy: bool = False

    @property
    def ruleset(self) -> Ruleset:
        """The ranking the table plays: the rulebook's, or with the house rule that a wild
        may copy a card already held (a "double-ace flush")."""
        return WILD_COPYING if self.wild_may_copy else DIABLO

    @classmethod
    def from_mapping(cls, rules: Mapping[str, Any]) -> "DiabloRules":
        """Read the merged rules. Every fault is reported, at the option's name: ``FieldError``
        for one, ``ScenarioError`` for several (the caller puts ``"rules"`` in front)."""
        problems = cls.problems(rules)
        if len(problems) == 1:
            raise FieldError(problems[0].path, problems[0].message)
        if problems:
            raise ScenarioError(problems)
        return cls(**{f.name: rules[f.name] for f in fields(cls) if f.name in rules})

    @classmethod
    def problems(cls, rules: Mapping[str, Any]) -> list[Problem]:
        """Every rule option that is not a value this game can play with: a name that is not
        an option (the scenario loader drops those before us, other callers may not), a value
        of the wrong type, or one out of range, or two that disagree."""
        if not isinstance(rules, Mapping):
            return [Problem((), f"rules are a mapping of rule option to value, got {rules!r}")]
        names = [f.name for f in fields(cls)]
        found: list[Problem] = []
        for key in rules:
            if key not in names:
                found.append(Problem((key,), f"unknown rule option {key!r}{suggest(key, names)}"))
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in rules:
                continue
            value = rules[f.name]
            if isinstance(f.default, bool):
                if not isinstance(value, bool):
                    found.append(Problem((f.name,), f"must be true or false, got {value!r}"))
                    continue
            elif not isinstance(value, int) or isinstance(value, bool):
                found.append(Problem((f.name,), f"must be a whole number, got {value!r}"))
                continue
            else:
                least = _LEAST.get(f.name, 0)
                if value < least:
                    found.append(Problem((f.name,), f"must be {least} or more ({_MEANS[f.name]}), got {value}"))
                    continue
            values[f.name] = value
        bet_min = values.get("bet_min", cls.bet_min if "bet_min" not in rules else None)
        bet_max = values.get("bet_max", cls.bet_max if "bet_max" not in rules else None)
        if bet_min is not None and bet_max is not None and bet_max < bet_min:
            where = "bet_max" if "bet_max" in rules else "bet_min"
            found.append(Problem((where,), f"bet_max ({bet_max}) must be at least bet_min ({bet_min})"))
        return found

    def limits(self, betting_round: int) -> tuple[int, int]:
        """Smallest and largest bet or raise step in a round: "double after the draw"."""
        factor = self.after_draw_factor if betting_round == 2 else 1
        return self.bet_min * factor, self.bet_max * factor


_DEFAULTS = DiabloRules()
OPTIONS = (
    RuleOption("ante", _DEFAULTS.ante, "chips each player antes before a deal (none while a Diablo pot runs)"),
    RuleOption("bet_min", _DEFAULTS.bet_min, "smallest bet or raise step before the draw"),
    RuleOption("bet_max", _DEFAULTS.bet_max, "largest bet or raise step before the draw"),
    RuleOption("after_draw_factor", _DEFAULTS.after_draw_factor,
               "bet limits after the draw are multiplied by this ('double after the draw')"),
    RuleOption("max_raises", _DEFAULTS.max_raises, "raises allowed per betting round (the opening bet is not a raise)"),
    RuleOption("pot_cap", _DEFAULTS.pot_cap, "variant Pot cap: most an opener pays into a new pot (0: no cap)"),
    RuleOption("bigger_draw", _DEFAULTS.bigger_draw, "variant Bigger draw: swap up to 3 cards, 4 keeping an Ace"),
    RuleOption("jacks_or_better", _DEFAULTS.jacks_or_better, "variant Jacks or better: opening needs a pair of Jacks or better"),
    RuleOption("declare_hand", _DEFAULTS.declare_hand,
               "variant Declare your hand: each player names a hand they hold; the named hand counts"),
    RuleOption("diablo_rule", _DEFAULTS.diablo_rule, "false for the Deuces Wild variant: no opener liability"),
    RuleOption("dealers_choice", _DEFAULTS.dealers_choice,
               "variant Dealer's choice: Diablo ends when a hand ends with no Diablo pot running"),
    RuleOption("return_uncalled_bet", _DEFAULTS.return_uncalled_bet,
               "house rule: a bet or raise nobody called goes back to its bettor before the pot is settled, "
               "so the opener owes the pot without it (default false: 'all the chips bet in that deal')"),
    RuleOption("wild_may_copy", _DEFAULTS.wild_may_copy,
               "house rule: a 2 may copy a card already held, e.g. a second A♥ in a heart flush (default "
               "false: 'It may not copy a card you already hold ... except to make five of a kind')"),
)


# ----------------------------------------------------------------------------- hand values
def hand_strength(cards: Sequence[Card], ruleset: Ruleset = DIABLO) -> int:
    return strength_of_codes([c.code for c in cards], ruleset)


def declared_strength(cards: Sequence[Card], declared: str, ruleset: Ruleset = DIABLO) -> int | None:
    """The strength a declared hand counts for, or None when it claims more than is held.

    "Declare your hand: at the showdown each player must name their hand; the cards don't
    'speak for themselves'." Naming the kind of hand the cards make counts as the hand
    itself. Naming a lower kind is allowed (the better hand holds the claim) but then the
    cards do not speak: the hand counts as the bare kind named, with no ranks, so it beats
    every lower kind, ties another bare claim of its kind and loses to any real hand of it.
    Naming a higher kind than the cards make is not allowed."""
    category = CATEGORY_ORDER.index(declared.replace(" ", "_"))
    actual = hand_strength(cards, ruleset)
    held = decode(actual)[0]
    if held == category:
        return actual
    if held < category:
        return None
    return encode(category, (0, 0, 0, 0, 0))
