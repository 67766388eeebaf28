"""Cards a real table draws: when the decks' order is unknown (``deck_order: unknown``), the
oracle does not draw; each line that brings cards names them, and the oracle checks that
they can come from where the rules take them.

- Setup ("Each player gets: 15 chips, 2 poker cards, 1 role card", Drawing Dead: Setup):
  ``Anna is dealt 9h Kd and Sheriff`` (three roles under the Advanced Draft).
- The draw ("Draw 2 poker cards AND 1 role card", Drawing Dead: Step 1: Draw):
  ``Anna draws 9h Kd and Duke``; under the Fast Draft the roles turned up from the deck.
- A role that draws poker cards: ``Anna receives 3c 4d`` once it has resolved.

"If there are no cards in a deck, reshuffle it's trash pile" (Drawing Dead: Step 1: Draw):
a draw larger than the deck takes the whole deck, then the rest from its trash.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Sequence

from oracle.errors import IllegalActionError
from oracle.words import join, plural

from .rules import ADVANCED_DRAFT_DEAL, DRAW_POKER, START_POKER, START_ROLES

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

UNKNOWN = "unknown"


def drawable(deck: Sequence, trash: Sequence, n: int) -> int:
    """How many of ``n`` cards a draw brings: the deck, then its reshuffled trash."""
    return n if len(deck) >= n else len(deck) + min(n - len(deck), len(trash))


def dealt(player) -> bool:
    return bool(player.stash or player.stash_roles or player.draft)


def requested(state: "State", kind: str) -> tuple[int, int]:
    """(poker cards, role cards) a dealt, draw or receive line asks of the decks; under the
    Fast Draft the draw turns up enough roles to offer two with the one passed."""
    if kind == "dealt":
        return START_POKER, ADVANCED_DRAFT_DEAL if state.rules["advanced_draft"] else START_ROLES
    if kind == "draw":
        if not state.rules["fast_draft"]:
            return DRAW_POKER, 1
        return DRAW_POKER, 2 - (1 if state.players[state.turn].passed_role else 0)
    return state.owed, 0


def expected(state: "State", kind: str) -> tuple[int, int]:
    """(poker cards, role cards) the line must name: what the decks and trash can give."""
    poker, roles = requested(state, kind)
    return drawable(state.poker_deck, state.poker_trash, poker), drawable(state.role_deck, state.role_trash, roles)


def template(state: "State", index: int, kind: str) -> str:
    """The chance line awaited, with ``<card>`` and ``<role>`` where names go."""
    words = {"dealt": "is dealt", "draw": "draws", "receive": "receives"}[kind]
    cards, roles = expected(state, kind)
    parts = ["<card>"] * cards
    if roles:
        parts.append(("and " if cards else "") + ", ".join(["<role>"] * roles))
    return " ".join([f"{state.players[index].name} {words}", *parts])


def where_is(state: "State", card) -> str:
    """Where a card the table named is, for a message."""
    for p in state.players:
        if card in p.upcards:
            return f"it is one of {p.name}'s upcards"
        if card in p.stash:
            return f"it is in {p.name}'s stash"
    if card in state.poker_trash:
        return "it is in the trash"
    return "it is not in play"


def verify(state: "State", actor: int, action: "Action") -> None:
    """Raise unless the cards and roles ``action`` names can be what it brings."""
    me = state.players[actor]
    if state.deck_order != UNKNOWN:
        if action.kind == "draw" and not (action.cards or action.roles):
            return
        raise IllegalActionError("the oracle deals this game from its own seeded decks, so no line names the "
                                 f"cards drawn: write '{me.name} draws'")
    if action.kind == "dealt":
        if state.phase != "deal":
            raise IllegalActionError("the cards are dealt at setup only" + (
                f" (it is the {state.phase} phase)" if state.phase != "over" else ""))
        if dealt(me):
            raise IllegalActionError(f"{me.name} has already been dealt a stash")
    elif action.kind == "receive":
        if state.phase != "receive":
            raise IllegalActionError("no role is drawing cards now: a table names the cards of a draw step "
                                     f"as '{state.players[state.turn].name} draws <card> <card> and <role>'")
        if actor != state.turn:
            raise IllegalActionError(f"{state.players[state.turn].name} draws the cards, not {me.name}")
    cards, roles = expected(state, action.kind)
    poker_n, role_n = requested(state, action.kind)
    if (len(action.cards), len(action.roles)) != (cards, roles):
        raise IllegalActionError(f"'{action}' names {_counted(len(action.cards), len(action.roles))}; the line "
                                 f"brings {_counted(cards, roles)}: '{template(state, actor, action.kind)}'")
    _check_source([str(c) for c in action.cards], [str(c) for c in state.poker_deck],
                  [str(c) for c in state.poker_trash], poker_n, "poker", lambda name: where_is(state, next(c for c in action.cards if str(c) == name)))
    names = [_role_name(state, r) for r in action.roles]
    _check_source(names, state.role_deck, state.role_trash, role_n, "role",
                  lambda name: "every copy is in a stash, on offer or played")


def _counted(cards: int, roles: int) -> str:
    return join([plural(cards, "poker card")] + ([plural(roles, "role card")] if roles else []), "and")


def _role_name(state: "State", name: str) -> str:
    role = state.role_table.find(name)
    if role is None:
        raise IllegalActionError(f"no role card named {name!r} in this game{state.role_table.suggestion(name)}")
    return role.name


def _check_source(named: list[str], deck: Sequence, trash: Sequence, n: int, what: str, elsewhere) -> None:
    """The named cards are the top of the deck (any of its cards: the order is unknown); a
    draw larger than the deck takes all of it and the rest from its trash."""
    need, in_deck, in_trash = Counter(named), Counter(map(str, deck)), Counter(map(str, trash))
    if len(deck) < n:
        left = [c for c in in_deck if need[c] < in_deck[c]]
        if left:
            raise IllegalActionError(f"the {what} deck holds only {plural(len(deck), 'card')}, so the draw takes "
                                     f"all of them first, {left[0]} too; the rest comes from the reshuffled trash")
        extra = need - in_deck
        for name in extra:
            if extra[name] > in_trash[name]:
                raise IllegalActionError(f"{name} cannot be drawn: {elsewhere(name)}")
        return
    for name in need:
        if need[name] > in_deck[name]:
            if in_trash[name]:
                raise IllegalActionError(f"{name} is in the trash, and the {what} deck still holds "
                                         f"{plural(len(deck), 'card')}: it is not reshuffled yet")
            raise IllegalActionError(f"{name} cannot be drawn: {elsewhere(name)}")


def take(state: "State", actor: int, action: "Action") -> list[str]:
    """Move what a verified dealt, draw or receive line names into the player's stash (the
    roles of an Advanced Draft deal to the draft hand, a Fast Draft draw's roles on offer)."""
    me = state.players[actor]
    poker_n, role_n = requested(state, action.kind)
    _take_from(state, "poker_deck", "poker_trash", list(action.cards), poker_n)
    roles = [_role_name(state, r) for r in action.roles]
    _take_from(state, "role_deck", "role_trash", roles, role_n)
    me.stash.extend(action.cards)
    brought = _counted(len(action.cards), len(roles))
    if action.kind == "receive":
        state.owed = 0
        state.phase = "action"
        return [f"{me.name} takes {brought} into the stash"]
    if action.kind == "draw":
        return [f"{me.name} draws {brought}"] + _after_draw(state, me, roles)
    if state.rules["advanced_draft"]:
        me.draft = roles
    else:
        me.stash_roles.extend(roles)
    lines = [f"{me.name} is dealt {brought}"]
    if all(dealt(p) for p in state.players):
        state.turn = state.first
        state.phase = "advanced-draft" if state.rules["advanced_draft"] else "start"
        added = state.refill_pot() if state.rules["pot_at_start"] else 0
        lines.append("every stash is dealt" + (f"; the bank puts {plural(added, 'chip')} in the pot" if added else "")
                     + f"; {state.players[state.first].name} goes first")
    return lines


def _after_draw(state: "State", me, roles: list[str]) -> list[str]:
    if not state.rules["fast_draft"]:
        me.stash_roles.extend(roles)
        state.phase = "action"
        return []
    offer = ([me.passed_role] if me.passed_role else []) + roles
    me.passed_role = None
    state.draft_options = offer
    state.phase = "draft" if offer else "action"
    return [f"roles on offer: {', '.join(offer) or 'none'}"]


def _take_from(state: "State", deck_name: str, trash_name: str, named: list, n: int) -> None:
    deck = getattr(state, deck_name)
    if len(deck) < n:  # the whole deck, then the reshuffled trash
        deck = deck + getattr(state, trash_name)
        setattr(state, trash_name, [])
    deck = list(deck)
    for item in named:
        deck.remove(item)
    setattr(state, deck_name, deck)
