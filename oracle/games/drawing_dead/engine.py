"""Drawing Dead's legal moves as verify / can / do, and what each role effect does.

``TurnEngine`` is a mixin of ``state.State``: ``verify(action)`` raises
``IllegalActionError`` with the reason, ``can(action)`` returns a bool, ``do(action)``
verifies, applies and returns lines saying what happened. The steps of a turn (the draw,
the Fast Draft keep, the Advanced Draft pick, the role chain, the next turn) and the role
effects are functions of the state below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.errors import IllegalActionError, did_you_mean
from oracle.words import plural

from . import table_draws
from .actions import Action, RoleChoice
from .rules import (
    ADVANCED_DRAFT_DEAL, CHOICE_WORDS, DRAW_POKER, STASH_LIMIT, UPCARD_LIMIT, Role, hand_strength,
    hand_words,
)

if TYPE_CHECKING:
    from .state import Player, State

# The phase each kind of action belongs to (the others have their own checks).
PHASE_OF = {"win": "start", "draw": "start", "keep": "draft", "play-card": "action",
            "play-role": "action", "claim": "action", "end": "action", "trash": "cleanup",
            "receive": "receive"}


class TurnEngine:
    """verify / can / do, and who may stop a role or claim the Button."""

    # -- who may act
    def can_stop(self: "State", index: int, role: Role) -> bool:
        """ACE IN THE HOLE: "can be played during an opponent's turn"; in your own turn any
        stop role may answer a stop played against you."""
        return role.stops and (index == self.turn or role.ace_in_the_hole)

    def stoppers(self: "State") -> list[tuple[int, str]]:
        """(player, stop role) for everyone who may stop the top of the pending chain."""
        top = self.chain[-1].player
        found = []
        for i, p in enumerate(self.players):
            if i == top:
                continue
            for name in dict.fromkeys(p.stash_roles):
                if self.can_stop(i, self.role_table.get(name)):
                    found.append((i, name))
        return found

    def next_picker(self: "State") -> int | None:
        size = ADVANCED_DRAFT_DEAL - self.draft_round + 1
        for step in range(len(self.players)):
            i = (self.first + step) % len(self.players)
            if len(self.players[i].draft) == size:
                return i
        return None

    def must_win_hand(self: "State") -> bool:
        return self.phase == "start" and self.button == self.turn and not self.hand_won

    # -- the claim rule
    def verify_claim_hands(self: "State", index: int) -> str:
        """Raise unless ``index``'s upcards may take the Button from its holder; returns
        why they may. "You can only claim the BUTTON if you have a better 5-card poker hand
        than the player that currently has it." FAQ: a tie cannot take it."""
        me = self.players[index]
        if self.button == index:
            raise IllegalActionError(f"{me.name} already holds the Button")
        if self.button is None:
            return "nobody holds the Button, so it may be claimed"
        holder = self.players[self.button]
        mine, theirs = hand_strength(me.upcards), hand_strength(holder.upcards)
        if mine > theirs:
            return (f"{me.name}'s {hand_words(me.upcards)} beats "
                    f"{holder.name}'s {hand_words(holder.upcards)}")
        verb = "only ties" if mine == theirs else "loses to"
        raise IllegalActionError(
            f"{me.name}'s {hand_words(me.upcards)} {verb} {holder.name}'s "
            f"{hand_words(holder.upcards)}: the Button needs a strictly better hand")

    # -- legality
    def verify(self: "State", action: Action | str) -> None:
        """Raise ``IllegalActionError`` saying why ``action`` is not allowed now."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.phase == "over":
            raise IllegalActionError(f"the game is over: {self.players[self.winner].name} won")
        if action.kind == "pass":
            if self.phase != "respond":
                raise IllegalActionError("'all pass' answers a role that may be stopped; none is pending")
            return
        actor = self.index_of(action.player)
        name = self.players[actor].name
        if action.kind == "pick":
            self._verify_pick(actor, action)
            return
        if action.kind == "stop":
            self._verify_stop(actor, action)
            return
        if action.kind == "dealt":
            table_draws.verify(self, actor, action)
            return
        if self.phase == "deal":
            waiting = [table_draws.template(self, i, "dealt") for i, p in enumerate(self.players)
                       if not table_draws.dealt(p)]
            raise IllegalActionError(f"the stashes are dealt first: '{waiting[0]}'")
        if self.phase == "advanced-draft":
            raise IllegalActionError("the Advanced Draft comes first: each player picks a role")
        if self.phase == "respond":
            raise IllegalActionError(f"{self.chain[-1].role} is pending: stop it or 'all pass'")
        if actor != self.turn:
            holder = self.players[self.turn].name
            step = f" ({holder} must clean up first)" if self.phase == "cleanup" else ""
            raise IllegalActionError(f"it is {holder}'s turn, not {name}'s{step}")
        if action.kind not in PHASE_OF:
            raise IllegalActionError(f"unknown action kind {action.kind!r}")
        if self.phase == "receive" and action.kind != "receive":
            raise IllegalActionError(f"{name}'s role draws cards first: name them, "
                                     f"'{table_draws.template(self, self.turn, 'receive')}'")
        if self.phase != PHASE_OF[action.kind]:
            raise IllegalActionError(f"'{action}' is not allowed in the {self.phase} phase"
                                     + self._phase_hint())
        me = self.players[actor]
        if action.kind == "win":
            if not self.must_win_hand():
                raise IllegalActionError(f"{name} did not start the turn holding the Button"
                                         + (" (the hand is already won)" if self.hand_won else ""))
        elif action.kind == "draw":
            if self.must_win_hand():
                raise IllegalActionError(f"{name} starts the turn with the Button and wins the hand first")
            table_draws.verify(self, actor, action)
        elif action.kind == "receive":
            table_draws.verify(self, actor, action)
        elif action.kind == "keep":
            if self.find_role_in(action.role, self.draft_options) is None:
                raise IllegalActionError(f"{action.role!r} is not on offer ({', '.join(self.draft_options)})")
        elif action.kind == "play-card":
            if action.card not in me.stash:
                raise IllegalActionError(f"{action.card} is not in {name}'s stash")
        elif action.kind == "play-role":
            role = self.role_table.get(action.role)
            if self.find_role_in(role.name, me.stash_roles) is None:
                raise IllegalActionError(f"{name} has no {role.name} in the stash")
            if role.stops:  # glossary STOP: it cancels a role card, so it answers one
                raise IllegalActionError(f"{name} has nothing to stop: {role.name} answers a role as it is "
                                         f"played ('{name} stops with {role.name}')")
            verify_role_choice(self, actor, role, action.choice)
        elif action.kind == "claim":
            self.verify_claim_hands(actor)
        elif action.kind == "trash":
            self._verify_trash(me, action)

    def _phase_hint(self: "State") -> str:
        return {"start": ": the turn starts with the draw (or the hand win)",
                "draft": ": keep one of the roles on offer first",
                "action": "", "cleanup": ": trash down to 5 upcards and 5 stash cards"}.get(self.phase, "")

    def _verify_pick(self: "State", actor: int, action: Action) -> None:
        if self.phase != "advanced-draft":
            raise IllegalActionError("there is no Advanced Draft going on")
        picker = self.next_picker()
        if picker != actor:
            raise IllegalActionError(f"{self.players[picker].name} picks next, not {action.player}")
        if self.find_role_in(action.role, self.players[actor].draft) is None:
            draft = self.players[actor].draft
            raise IllegalActionError(
                f"{action.role!r} is not among {action.player}'s draft cards{did_you_mean(action.role, draft, 'draft cards', str.lower)}"
            )

    def _verify_stop(self: "State", actor: int, action: Action) -> None:
        if self.phase != "respond":
            raise IllegalActionError("there is no role to stop right now")
        role = self.role_table.get(action.role)
        me = self.players[actor]
        if not role.stops:
            raise IllegalActionError(f"{role.name} cannot stop a role ({role.text()})")
        if self.find_role_in(role.name, me.stash_roles) is None:
            raise IllegalActionError(f"{me.name} has no {role.name} in the stash")
        if self.chain[-1].player == actor:
            raise IllegalActionError(f"{me.name} played {self.chain[-1].role} and cannot stop it")
        if not self.can_stop(actor, role):
            raise IllegalActionError(f"{role.name} is not an ACE IN THE HOLE, so {me.name} cannot "
                                     "play it in an opponent's turn")

    def _verify_trash(self: "State", me: "Player", action: Action) -> None:
        if action.card is not None:
            if action.card in me.upcards:
                if len(me.upcards) <= UPCARD_LIMIT:
                    raise IllegalActionError(f"{me.name} has no more than {UPCARD_LIMIT} upcards")
                return
            if action.card not in me.stash:
                raise IllegalActionError(f"{action.card} is neither an upcard nor in {me.name}'s stash")
        elif self.find_role_in(action.role, me.stash_roles) is None:
            held = list(me.stash_roles)
            raise IllegalActionError(
                f"{me.name} has no role {action.role!r} in the stash{did_you_mean(action.role, held, 'roles in the stash', str.lower)}"
            )
        if me.stash_size <= STASH_LIMIT:
            raise IllegalActionError(f"{me.name} has no more than {STASH_LIMIT} stash cards")

    def can(self: "State", action: Action | str) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # -- applying
    def do(self: "State", action: Action | str) -> list[str]:
        """Verify and apply one action; returns lines saying what happened."""
        if isinstance(action, str):
            action = Action.parse(action)
        self.verify(action)
        kind = action.kind
        if kind == "pass":
            return resolve_chain(self)
        actor = self.index_of(action.player)
        me = self.players[actor]
        if kind == "pick":
            return pick(self, actor, self.find_role_in(action.role, me.draft))
        if kind == "stop":
            role = self.role_table.get(action.role)
            me.stash_roles.remove(role.name)
            if actor == self.turn:
                self.played_roles.append(role.name)
            self.push_chain(actor, role.name)
            target = self.chain[-2]
            return [f"{me.name} stops {self.players[target.player].name}'s {target.role} "
                    f"with {role.name}"] + respond_or_resolve(self)
        if kind == "win":
            return self.win_hand()
        if kind == "draw" and self.deck_order == table_draws.UNKNOWN or kind in ("dealt", "receive"):
            return table_draws.take(self, actor, action)
        if kind == "draw":
            return draw_step(self)
        if kind == "keep":
            return keep(self, self.find_role_in(action.role, self.draft_options))
        if kind == "play-card":
            me.stash.remove(action.card)
            me.upcards.append(action.card)
            if me.chips > 0:
                me.chips -= 1
                self.pot += 1
                return [f"{me.name} plays {action.card} as an upcard and bets 1 chip"]
            return [f"{me.name} plays {action.card} as an upcard for free (no chips)"]
        if kind == "play-role":
            role = self.role_table.get(action.role)
            me.stash_roles.remove(role.name)
            self.played_roles.append(role.name)
            self.chain = []
            self.push_chain(actor, role.name, action.choice)
            what = f" {action.choice.text()}" if action.choice else ""
            return [f"{me.name} plays {role.name}{what}"] + respond_or_resolve(self)
        if kind == "claim":
            why = self.verify_claim_hands(actor)
            self.button = actor
            return [f"{me.name} claims the Button: {why}"]
        if kind == "end":
            if self.over_limits():
                self.phase = "cleanup"
                return [f"{me.name} ends the action step and must clean up"]
            return next_turn(self)
        return trash(self, me, action)


# ---------------------------------------------------------------- the steps of a turn

def draw_step(state: "State") -> list[str]:
    """Step 1: "Draw 2 poker cards AND 1 role card"; under Fast Draft the role draw is an
    offer of the passed role and the top card (or the top two)."""
    me = state.players[state.turn]
    drawn = state.draw_poker(DRAW_POKER)
    me.stash.extend(drawn)
    line = f"{me.name} draws {plural(len(drawn), 'poker card')}"
    if not state.rules["fast_draft"]:
        role = state.draw_role()
        if role is not None:
            me.stash_roles.append(role)
        state.phase = "action"
        return [line + (" and a role card" if role else "")]
    offer = [me.passed_role] if me.passed_role else []
    me.passed_role = None
    while len(offer) < 2:
        role = state.draw_role()
        if role is None:
            break
        offer.append(role)
    state.draft_options = offer
    state.phase = "draft" if offer else "action"
    return [line + f"; roles on offer: {', '.join(offer) or 'none'}"]


def keep(state: "State", name: str) -> list[str]:
    """Fast Draft: keep one role on offer, pass the other to the player on the left."""
    me = state.players[state.turn]
    state.draft_options.remove(name)
    me.stash_roles.append(name)
    lines = [f"{me.name} keeps {name}"]
    for other in state.draft_options:
        state.players[state.left_of(state.turn)].passed_role = other
        lines.append(f"{other} is passed to {state.players[state.left_of(state.turn)].name}")
    state.draft_options = []
    state.phase = "action"
    return lines


def pick(state: "State", actor: int, name: str) -> list[str]:
    """Advanced Draft: pick one; after the first round every hand passes left, after the
    second the leftovers are trashed and the role deck shuffled."""
    me = state.players[actor]
    me.draft.remove(name)
    me.stash_roles.append(name)
    lines = [f"{me.name} picks {name}"]
    if state.next_picker() is not None:
        return lines
    if state.draft_round == 1:
        hands = [p.draft for p in state.players]
        for i, p in enumerate(state.players):
            p.draft = hands[(i - 1) % len(state.players)]  # passed to the player on the left
        state.draft_round = 2
        return lines + ["the remaining role cards are passed to the left"]
    for p in state.players:
        state.role_trash.extend(p.draft)
        p.draft = []
    state.next_rng().shuffle(state.role_deck)
    state.phase = "start"
    state.turn = state.first
    return lines + ["the draft is over; the role deck is shuffled"]


def trash(state: "State", me: "Player", action: Action) -> list[str]:
    """Step 3: Clean Up, one card at a time; the turn passes once both zones are within."""
    if action.card is not None:
        zone = me.upcards if action.card in me.upcards else me.stash
        zone.remove(action.card)
        state.poker_trash.append(action.card)
    else:
        name = state.find_role_in(action.role, me.stash_roles)
        me.stash_roles.remove(name)
        state.role_trash.append(name)
    lines = [f"{me.name} trashes {action.card or action.role}"]
    return lines + (next_turn(state) if not state.over_limits() else [])


def next_turn(state: "State") -> list[str]:
    state.turn = state.left_of(state.turn)
    state.phase = "start"
    state.played_roles = []
    state.hand_won = False
    return [f"{state.players[state.turn].name}'s turn"]


def respond_or_resolve(state: "State") -> list[str]:
    if state.stoppers():
        state.phase = "respond"
        return []
    return resolve_chain(state)


def resolve_chain(state: "State") -> list[str]:
    """Each stop cancels the card below it; so the role at the bottom acts when the stops
    against it are even in number. Glossary, "STOP": "It still counts as being played,
    but has no effect." Every card of the chain is trashed."""
    chain, state.chain = state.chain, []
    base = chain[0]
    role = state.role_table.get(base.role)
    stopped = (len(chain) - 1) % 2 == 1
    if stopped:
        line = f"{role.name} is stopped and trashed with no effect"
    else:
        line = apply_role_effect(state, base.player, role, base.choice)
    state.role_trash.extend(e.role for e in chain)
    state.phase = "receive" if state.owed else "action"
    return [line]


# ---------------------------------------------------------------- role effects

def role_choices(state: "State", actor: int, role: Role) -> list[RoleChoice]:
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


def verify_role_choice(state: "State", actor: int, role: Role, choice: RoleChoice | None) -> None:
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


def _why_not(state: "State", actor: int, role: Role, choice: RoleChoice) -> str:
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


def apply_role_effect(state: "State", actor: int, role: Role, choice: RoleChoice | None) -> str:
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
    if role.effect == "draw-poker" and state.deck_order == table_draws.UNKNOWN:
        state.owed = role.n
        count = table_draws.expected(state, "receive")[0]
        if not count:
            state.owed = 0
            return f"{me.name} draws no card: the poker deck and its trash are empty"
        return (f"{me.name} draws {plural(count, 'poker card')}: "
                f"'{table_draws.template(state, actor, 'receive')}'")
    if role.effect == "draw-poker":
        drawn = state.draw_poker(role.n)
        me.stash.extend(drawn)
        return f"{me.name} draws {plural(len(drawn), 'poker card')}"
    if role.effect == "gain-chips":
        got = state.take_from_bank(actor, role.n)
        return f"{me.name} takes {plural(got, 'chip')} from the bank"
    if role.effect == "gain-per-bad-guy":
        bad = sum(1 for name in state.played_roles if state.role_table.get(name).bad_guy)
        got = state.take_from_bank(actor, role.n * bad)
        return f"{me.name} played {plural(bad, 'Bad Guy')} this turn and takes {plural(got, 'chip')} from the bank"
    return f"{role.name} has nothing to do"
