"""Drawing Dead's legal actions now: who is to act and every action they may take.

``LegalMoves`` is a mixin of ``state.State``; every action it lists passes the engine's
``verify``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .engine import role_choices
from .rules import STASH_LIMIT, UPCARD_LIMIT

if TYPE_CHECKING:
    from .state import State


class LegalMoves:
    """``to_act`` and ``legal_actions``."""

    def to_act(self: "State") -> list[str]:
        if self.phase == "over":
            return []
        if self.phase == "advanced-draft":
            picker = self.next_picker()
            return [] if picker is None else [self.players[picker].name]
        if self.phase == "respond":
            return list(dict.fromkeys(self.players[i].name for i, _ in self.stoppers()))
        return [self.players[self.turn].name]

    def legal_actions(self: "State") -> list[Action]:
        if self.phase == "over":
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
            choices = role_choices(self, self.turn, role) or [None]
            moves += [Action(kind="play-role", player=me.name, role=role.name, choice=c) for c in choices]
        if self.can(Action(kind="claim", player=me.name)):
            moves.append(Action(kind="claim", player=me.name))
        moves.append(Action(kind="end", player=me.name))
        return moves
