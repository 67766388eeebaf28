"""Drawing Dead's legal actions now, and for each action left out, the reason.

``LegalMoves`` is a mixin of ``state.State``. ``legal_actions`` lists what the players to
act may do; ``candidate_actions`` every action line of the phase worth asking about, legal
or not (each stash card and role, each choice, the claim, every stop held at the table), and
``left_out`` the reason (the engine's ``verify`` message) for each candidate not legal, as
``legal-moves`` reports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.errors import IllegalActionError

from . import table_draws
from .actions import Action
from .engine import role_choices
from .rules import STASH_LIMIT, UPCARD_LIMIT

if TYPE_CHECKING:
    from .state import State


class LegalMoves:
    """``to_act``, ``legal_actions``, ``candidate_actions`` and ``left_out``."""

    def to_act(self: "State") -> list[str]:
        if self.phase == "over":
            return []
        if self.phase == "deal":
            return [p.name for p in self._seat_order(self.first) if not table_draws.dealt(p)]
        if self.phase == "advanced-draft":
            picker = self.next_picker()
            return [] if picker is None else [self.players[picker].name]
        if self.phase == "respond":
            return list(dict.fromkeys(self.players[i].name for i, _ in self.stoppers()))
        return [self.players[self.turn].name]

    def waiting_for(self: "State") -> list[str]:
        """The chance lines awaited, with ``<card>`` and ``<role>`` where a table names what
        it dealt or drew (only when the decks' order is unknown: otherwise the oracle draws)."""
        if self.deck_order != table_draws.UNKNOWN or self.phase == "over":
            return []
        if self.phase == "deal":
            return [table_draws.template(self, self.find_index(name), "dealt") for name in self.to_act()]
        if self.phase == "receive":
            return [table_draws.template(self, self.turn, "receive")]
        if self.phase == "start" and not self.must_win_hand():
            return [table_draws.template(self, self.turn, "draw")]
        return []

    def legal_actions(self: "State") -> list[Action]:
        """The legal lines that name no drawn card (those are ``waiting_for``)."""
        if self.phase in ("over", "deal", "receive"):
            return []
        if self.phase == "advanced-draft":
            i = self.next_picker()
            return [Action(kind="pick", player=self.players[i].name, role=r)
                    for r in dict.fromkeys(self.players[i].draft)]
        if self.phase == "respond":
            return [Action(kind="pass")] + [
                Action(kind="stop", player=self.players[i].name, role=r) for i, r in self.stoppers()]
        me = self.players[self.turn]
        if self.phase == "start":
            if not self.must_win_hand() and self.deck_order == table_draws.UNKNOWN:
                return []
            return [Action(kind="win" if self.must_win_hand() else "draw", player=me.name)]
        if self.phase == "draft":
            return [Action(kind="keep", player=me.name, role=r) for r in dict.fromkeys(self.draft_options)]
        if self.phase == "cleanup":
            moves = []
            if len(me.upcards) > UPCARD_LIMIT:
                moves += [Action(kind="trash", player=me.name, card=c) for c in me.upcards]
            if me.stash_size > STASH_LIMIT:
                moves += [Action(kind="trash", player=me.name, card=c) for c in me.stash]
                moves += [Action(kind="trash", player=me.name, role=r) for r in dict.fromkeys(me.stash_roles)]
            return moves
        moves = [Action(kind="play-card", player=me.name, card=c) for c in me.stash]
        for name in dict.fromkeys(me.stash_roles):
            role = self.role_table.get(name)
            if role.stops:  # a stop answers a role; with none pending there is nothing to stop
                continue
            choices = role_choices(self, self.turn, role) or [None]
            moves += [Action(kind="play-role", player=me.name, role=role.name, choice=c) for c in choices]
        if self.can(Action(kind="claim", player=me.name)):
            moves.append(Action(kind="claim", player=me.name))
        moves.append(Action(kind="end", player=me.name))
        return moves

    def candidate_actions(self: "State") -> list[Action]:
        """The action lines of this phase worth asking about, legal or not, in the order
        ``legal_actions`` lists the legal ones."""
        if self.phase in ("over", "deal", "receive"):
            return []
        if self.phase == "advanced-draft":
            return [Action(kind="pick", player=p.name, role=r) for p in self._seat_order(self.first)
                    for r in dict.fromkeys(p.draft)]
        if self.phase == "respond":
            return [Action(kind="pass")] + [
                Action(kind="stop", player=p.name, role=r) for p in self.players
                for r in dict.fromkeys(p.stash_roles) if self.role_table.get(r).stops]
        me = self.players[self.turn]
        if self.phase == "start":
            return [Action(kind="win", player=me.name)] + (
                [Action(kind="draw", player=me.name)] if self.deck_order != table_draws.UNKNOWN else [])
        if self.phase == "draft":
            return self.legal_actions()
        if self.phase == "cleanup":
            return ([Action(kind="trash", player=me.name, card=c) for c in me.upcards + me.stash]
                    + [Action(kind="trash", player=me.name, role=r) for r in dict.fromkeys(me.stash_roles)])
        moves = [Action(kind="play-card", player=me.name, card=c) for c in me.stash]
        for name in dict.fromkeys(me.stash_roles):
            role = self.role_table.get(name)
            choices = role_choices(self, self.turn, role) or [None]
            moves += [Action(kind="play-role", player=me.name, role=role.name, choice=c) for c in choices]
        return moves + [Action(kind="claim", player=me.name), Action(kind="end", player=me.name)]

    def left_out(self: "State") -> dict[str, str]:
        """Each candidate action that is not legal now, with the reason it is refused."""
        legal = set(self.legal_actions())
        reasons = {}
        for action in self.candidate_actions():
            if action in legal:
                continue
            try:
                self.verify(action)
            except IllegalActionError as exc:
                reasons[str(action)] = str(exc)
        return reasons

    def _seat_order(self: "State", start: int) -> list:
        return [self.players[(start + step) % len(self.players)] for step in range(len(self.players))]
