"""Drawing Dead's role cards as data, and what each kind of effect does.

Our rulebook names some roles (the Dirty Cheat, the Sheriff, Baron Von Doom, the Duke, the
Magic Man) but never prints their ability boxes. A role here is therefore a row of data:
a name, the BAD GUY and ACE IN THE HOLE flags, and an effect drawn from a small set of
kinds. A scenario may replace the whole table under ``role_texts``; ``DEFAULT_ROLES`` is
this project's reading of the five named roles (see docs/games/drawing-dead.md), 3 copies
each for the rulebook's 15 role cards.

The functions at the bottom act on a ``drawing_dead.State``; they are here so that the
turn engine stays one concern and the role texts another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from oracle.cards import Card
from oracle.errors import FieldError, IllegalActionError

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
            known = ", ".join(r.name for r in self.roles)
            raise IllegalActionError(f"no role card named {name!r} in this game (roles: {known})")
        return role

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
    false, copies: 3}}``."""
    if not isinstance(data, Mapping) or not data:
        raise FieldError(path, "role_texts must map each role's name to its text")
    roles: list[Role] = []
    for name, text in data.items():
        where = (*path, name)
        if not isinstance(name, str) or not name.strip():
            raise FieldError(where, "a role needs a name")
        if CARD_TOKEN.match(name.strip()) or name.strip().lower() in ("the button",):
            raise FieldError(where, f"role name {name!r} reads as a poker card")
        if not isinstance(text, Mapping):
            raise FieldError(where, "expected a mapping with at least 'effect'")
        unknown = set(text) - {"effect", "n", "bad_guy", "ace_in_the_hole", "copies"}
        if unknown:
            raise FieldError((*where, sorted(unknown)[0]), "unknown field of a role")
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


@dataclass(frozen=True, kw_only=True)
class RoleChoice:
    """The choices made when a role is played, as written after the role's name: ``word``
    is taking, trashing or swapping; ``card`` the upcard aimed at (taken, trashed, or for
    swapping the player's own upcard going back to the stash); ``owner`` the opponent
    holding it; ``give`` the stash card swapping puts up."""

    word: str
    card: Card
    owner: str | None = None
    give: Card | None = None

    def text(self) -> str:
        if self.word == "swapping":
            return f"swapping {self.give} for {self.card}"
        return f"{self.word} {self.card} from {self.owner}"


def role_choices(state, actor: int, role: Role) -> list[RoleChoice]:
    """Every choice the role offers ``actor``; empty when the role takes no choice or when
    there is nothing to choose (then it is played with no effect)."""
    me = state.players[actor]
    if role.effect in ("steal-upcard", "trash-upcard"):
        return [
            RoleChoice(word=CHOICE_WORDS[role.effect], card=card, owner=other.name)
            for i, other in enumerate(state.players) if i != actor
            for card in other.upcards
        ]
    if role.effect == "swap-stash":
        return [RoleChoice(word="swapping", card=up, give=give) for give in me.stash for up in me.upcards]
    return []


def verify_role_choice(state, actor: int, role: Role, choice: RoleChoice | None) -> None:
    options = role_choices(state, actor, role)
    if role.effect not in CHOICE_WORDS:
        if choice is not None:
            raise IllegalActionError(f"{role.name} takes no choice ({role.text()})")
        return
    if not options:
        if choice is not None:
            raise IllegalActionError(f"{role.name} has nothing to choose here")
        return
    if choice is None:
        example = options[0].text()
        raise IllegalActionError(f"{role.name} needs a choice, such as '{example}'")
    if choice.word != CHOICE_WORDS[role.effect]:
        form = options[0].text().split()[0]
        raise IllegalActionError(f"{role.name} is played '{form} ...' ({role.text()})")
    if choice not in options:
        raise IllegalActionError(f"{role.name} cannot choose {choice.text()!r}: "
                                 + _why_not(state, actor, role, choice))


def _why_not(state, actor: int, role: Role, choice: RoleChoice) -> str:
    me = state.players[actor]
    if role.effect == "swap-stash":
        if choice.give not in me.stash:
            return f"{choice.give} is not in {me.name}'s stash"
        return f"{choice.card} is not one of {me.name}'s upcards"
    if choice.owner == me.name:
        return "it must be an opponent's upcard"
    owner = state.find_player(choice.owner)
    if owner is None:
        return f"there is no player {choice.owner!r}"
    return f"{choice.card} is not one of {choice.owner}'s upcards"


def apply_role_effect(state, actor: int, role: Role, choice: RoleChoice | None) -> str:
    """Do what the role says; returns one line saying what happened."""
    me = state.players[actor]
    if role.effect == "steal-upcard" and choice is not None:
        owner = state.players[state.index_of(choice.owner)]
        owner.upcards.remove(choice.card)
        me.upcards.append(choice.card)
        return f"{me.name} takes {choice.card} from {owner.name}'s upcards"
    if role.effect == "trash-upcard" and choice is not None:
        owner = state.players[state.index_of(choice.owner)]
        owner.upcards.remove(choice.card)
        state.poker_trash.append(choice.card)
        return f"{owner.name}'s {choice.card} is trashed"
    if role.effect == "swap-stash" and choice is not None:
        me.stash.remove(choice.give)
        me.upcards.remove(choice.card)
        me.upcards.append(choice.give)
        me.stash.append(choice.card)
        return f"{me.name} puts {choice.give} up and takes {choice.card} back"
    if role.effect == "draw-poker":
        drawn = state.draw_poker(role.n)
        me.stash.extend(drawn)
        return f"{me.name} draws {len(drawn)} poker card(s)"
    if role.effect == "gain-chips":
        got = state.take_from_bank(actor, role.n)
        return f"{me.name} takes {got} chip(s) from the bank"
    if role.effect == "gain-per-bad-guy":
        bad = sum(1 for name in state.played_roles if state.role_table.get(name).bad_guy)
        got = state.take_from_bank(actor, role.n * bad)
        return f"{me.name} played {bad} Bad Guy(s) this turn and takes {got} chip(s) from the bank"
    return f"{role.name} has nothing to do"
