"""Drawing Dead's data and options: the declared numbers, the rule options, how upcards rank,
and the role cards as data.

Our rulebook names some roles (the Dirty Cheat, the Sheriff, Baron Von Doom, the Duke, the
Magic Man) but never prints their ability boxes. A role here is therefore a row of data:
a name, the BAD GUY and ACE IN THE HOLE flags, and an effect drawn from a small set of
kinds. A scenario may replace the whole table under ``role_texts``; ``DEFAULT_ROLES`` is
this project's reading of the five named roles (see docs/games/drawing-dead.md), 3 copies
each for the rulebook's 15 role cards. What each effect does to a table is the engine's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from oracle.errors import FieldError, IllegalActionError, Problem, did_you_mean, raise_problems
from oracle.eval import DRAWING_DEAD, evaluate, strength
from oracle.registry import RuleOption, rule_problems

# Declared game facts ("Setup", "On Your Turn", "Winning the Game").
START_CHIPS = 15
START_POKER = 2
START_ROLES = 1
DRAW_POKER = 2
UPCARD_LIMIT = 5
STASH_LIMIT = 5
POT_REFILL = 5
ADVANCED_DRAFT_DEAL = 3

OPTIONS = (
    RuleOption("box_chips", 40, "chips in the box: players + pot + bank always add up to it"),
    RuleOption("target", 40, "chips a player needs (with the most chips) to win the game"),
    RuleOption("fast_draft", False, "Fast Draft: the role draw is replaced by a two-card draft"),
    RuleOption("advanced_draft", False, "Advanced Draft: deal 3 roles, keep 1, pass 2, keep 1"),
    RuleOption("pot_at_start", True,
               "the pot starts with 5 chips from the bank ('Whenever the pot is empty add 5')"),
    RuleOption("button_after_win", "unclaimed",
               "after a hand is won the Button returns to the middle, or the winner keeps it",
               choices=("unclaimed", "winner-keeps")),
)


def check_rules(rules: Mapping[str, Any], players: int) -> dict[str, Any]:
    """Merge ``rules`` over the defaults and check each option's type and range; every
    problem's path is ``("rules", option)``. The scenario loader checks types too; this
    covers callers that build a game directly."""
    if not isinstance(rules, Mapping):
        raise FieldError(("rules",), "rules must be a mapping of rule option to value")
    problems: list[Problem] = rule_problems(OPTIONS, rules, "known")
    raise_problems(problems)
    merged = {o.name: o.default for o in OPTIONS} | dict(rules)
    if merged["target"] < 1:
        problems.append(Problem(("rules", "target"), f"target must be at least 1, not {merged['target']}"))
    if START_CHIPS * players > merged["box_chips"]:
        problems.append(Problem(("rules", "box_chips"), f"{players} players need {START_CHIPS * players} chips "
                                f"but the box holds {merged['box_chips']}; set rules: box_chips"))
    elif merged["target"] > merged["box_chips"]:
        problems.append(Problem(("rules", "target"), f"a target of {merged['target']} can never be reached: "
                                f"the box holds {merged['box_chips']} chips"))
    raise_problems(problems)
    return merged


# ---------------------------------------------------------------- hands

def hand_strength(cards) -> int:
    """The strength of a player's upcards; -1 for none (any card beats an empty hand).
    "Only UPCARDS count toward your 5-card poker hand!" """
    return strength(cards, DRAWING_DEAD) if cards else -1


def hand_json(cards) -> dict[str, Any] | None:
    if not cards:
        return None
    return evaluate(cards, DRAWING_DEAD).to_json()


def hand_words(cards) -> str:
    return str(evaluate(cards, DRAWING_DEAD)) if cards else "no upcards"


# ---------------------------------------------------------------- roles

# kind -> what it does (words used in the docs and in ``Role.text``).
EFFECT_KINDS: dict[str, str] = {
    "steal-upcard": "take one upcard of an opponent and make it your own upcard",
    "trash-upcard": "trash one upcard of an opponent",
    "draw-poker": "draw {n} poker cards into your stash",
    "gain-chips": "take {n} chips from the bank",
    "gain-per-bad-guy": "take {n} chips from the bank for each Bad Guy you played this turn",
    "swap-stash": "swap a poker card from your stash with one of your upcards (no bet)",
    "stop": "stop a role card: it is trashed with no effect",
}
# Effects whose player makes a choice when playing the role, and the word naming it in an
# action line: "Anna plays Dirty Cheat taking Jk from Ben".
CHOICE_WORDS = {"steal-upcard": "taking", "trash-upcard": "trashing", "swap-stash": "swapping"}
_NEEDS_N = {"draw-poker", "gain-chips", "gain-per-bad-guy"}
# The keys of one role's text under ``role_texts``.
ROLE_TEXT_KEYS = ("effect", "n", "bad_guy", "ace_in_the_hole", "copies")
CARD_TOKEN = re.compile(r"^(?:10|[2-9TJQKA])[shdc]$|^Jk$", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class Role:
    name: str
    effect: str
    n: int = 0
    bad_guy: bool = False
    ace_in_the_hole: bool = False
    copies: int = 1

    @property
    def stops(self) -> bool:
        return self.effect == "stop"

    def text(self) -> str:
        words = EFFECT_KINDS[self.effect].format(n=self.n)
        flags = [f for f, on in (("BAD GUY", self.bad_guy), ("ACE IN THE HOLE", self.ace_in_the_hole)) if on]
        return f"{self.name}: {words}" + (f" [{', '.join(flags)}]" if flags else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "effect": self.effect,
            "n": self.n,
            "bad_guy": self.bad_guy,
            "ace_in_the_hole": self.ace_in_the_hole,
            "copies": self.copies,
            "text": self.text(),
        }


@dataclass(frozen=True)
class RoleTable:
    roles: tuple[Role, ...]

    def find(self, name: str) -> Role | None:
        key = " ".join(name.split()).lower()
        for role in self.roles:
            if role.name.lower() == key:
                return role
        return None

    def get(self, name: str) -> Role:
        role = self.find(name)
        if role is None:
            raise IllegalActionError(f"no role card named {name!r} in this game{self.suggestion(name)}")
        return role

    def suggestion(self, name: str) -> str:
        """``"; did you mean 'Sheriff'?"``, or the roles of the game, for a name that is no role."""
        return did_you_mean(name, [r.name for r in self.roles], "roles", str.lower)

    def deck(self) -> list[str]:
        """Every role card of the game, by name, in table order."""
        return [role.name for role in self.roles for _ in range(role.copies)]


DEFAULT_ROLES = RoleTable((
    Role(name="Dirty Cheat", effect="steal-upcard", bad_guy=True, copies=3),
    Role(name="Sheriff", effect="stop", ace_in_the_hole=True, copies=3),
    Role(name="Baron Von Doom", effect="gain-per-bad-guy", n=1, bad_guy=True, copies=3),
    Role(name="Duke", effect="draw-poker", n=2, copies=3),
    Role(name="Magic Man", effect="swap-stash", copies=3),
))


def load_role_table(data: Any, path: tuple) -> RoleTable:
    """Read ``role_texts``: ``{Name: {effect: kind, n: 2, bad_guy: true, ace_in_the_hole:
    false, copies: 3}}``. An unknown key of any role is reported first, with the nearest
    known one."""
    if not isinstance(data, Mapping) or not data:
        raise FieldError(path, "role_texts must map each role's name to its text")
    for name, text in data.items():
        for key in text if isinstance(text, Mapping) else ():
            if key not in ROLE_TEXT_KEYS:
                raise FieldError((*path, name, key), f"unknown field of a role {key!r}"
                                 f"{did_you_mean(key, ROLE_TEXT_KEYS, 'known')}")
    roles: list[Role] = []
    for name, text in data.items():
        where = (*path, name)
        if not isinstance(name, str) or not name.strip():
            raise FieldError(where, "a role needs a name")
        if CARD_TOKEN.match(name.strip()) or name.strip().lower() in ("the button",):
            raise FieldError(where, f"role name {name!r} reads as a poker card")
        if not isinstance(text, Mapping):
            raise FieldError(where, "expected a mapping with at least 'effect'")
        effect = text.get("effect")
        if not isinstance(effect, str) or effect not in EFFECT_KINDS:
            raise FieldError((*where, "effect"), f"effect must be one of {', '.join(EFFECT_KINDS)}")
        n = text.get("n", 1 if effect in _NEEDS_N else 0)
        copies = text.get("copies", 1)
        # The box holds 15 role cards; 100 of one role, or an effect of 100, is past any table.
        for key, value, low in (("n", n, 0), ("copies", copies, 1)):
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 100:
                raise FieldError((*where, key), f"{key} must be a whole number from {low} to 100")
        flags = {}
        for key in ("bad_guy", "ace_in_the_hole"):
            value = text.get(key, False)
            if not isinstance(value, bool):
                raise FieldError((*where, key), "expected true or false")
            flags[key] = value
        name = " ".join(name.split())
        if any(r.name.lower() == name.lower() for r in roles):
            raise FieldError(where, f"role {name!r} is defined twice")
        roles.append(Role(name=name, effect=effect, n=n, copies=copies, **flags))
    return RoleTable(tuple(roles))
