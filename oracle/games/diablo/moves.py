"""Diablo's legal moves now: every legal action of the player to act, spelled out one by one
(``legal_actions``) and with amounts as ranges (``legal_summary``), as ``legal-moves``
reports them. Each candidate is kept only if the engine's ``can`` allows it; the reason an
action is illegal is the engine's ``verify_*`` message."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from oracle.errors import IllegalActionError

from .actions import TABLE, Action
from .rules import DECLARABLE
from .state import TableState


class LegalMoves(TableState):
    """Legal-action lists; they read the table and change nothing."""

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act, amounts spelled out one by one."""
        if self.to_act is None:
            return [Action(player=TABLE, kind="stop")] if self._stop_ok() else []
        seat, name = self.to_act, self.names[self.to_act]
        out: list[Action] = []
        if self.phase == "bet":
            out += [Action(player=name, kind=k) for k in ("check", "call", "fold")]
            low, high = self.rules.limits(self.betting_round)
            out += [Action(player=name, kind="bet", amount=a) for a in range(low, high + 1)]
            out += [Action(player=name, kind="raise", amount=self.current_bet + a) for a in range(low, high + 1)]
        elif self.phase == "draw":
            out.append(Action(player=name, kind="pat"))
            hand = self.hands[seat]
            if any(c is None for c in hand):
                out += [Action(player=name, kind="draw", amount=k) for k in range(1, self.max_draw(seat) + 1)]
            else:
                for k in range(1, 5):
                    out += [Action(player=name, kind="discard", cards=tuple(sub)) for sub in combinations(hand, k)]
        elif self.phase == "declare":
            out += [Action(player=name, kind="declare", category=c) for c in DECLARABLE]
        out = [a for a in out if self.can(a)]
        if self._stop_ok():
            out.append(Action(player=TABLE, kind="stop"))
        return out

    def _stop_ok(self) -> bool:
        try:
            self.verify_stop()
        except IllegalActionError:
            return False
        return True

    def legal_summary(self) -> list[dict[str, Any]]:
        """The legal actions with bets and raises as ranges: ``{"action": "bets", "min": 1,
        "max": 5}``; ``{"action": "calls", "amount": 2}``; draws with the number of cards."""
        actions = self.legal_actions()
        out: list[dict[str, Any]] = []
        for kind, word in (("check", "checks"), ("call", "calls"), ("bet", "bets"),
                           ("raise", "raises to"), ("fold", "folds"), ("pat", "stands pat"),
                           ("draw", "draws"), ("discard", "discards"), ("declare", "declares"),
                           ("stop", "agrees to stop")):
            mine = [a for a in actions if a.kind == kind]
            if not mine:
                continue
            entry: dict[str, Any] = {"action": word}
            if kind in ("bet", "raise", "draw"):
                entry["min"] = min(a.amount for a in mine)
                entry["max"] = max(a.amount for a in mine)
            elif kind == "call":
                seat = self.to_act
                entry["amount"] = min(self.current_bet - self.round_bets[seat], self.chips[seat])
            elif kind == "discard":
                entry["min"] = min(len(a.cards) for a in mine)
                entry["max"] = max(len(a.cards) for a in mine)
                entry["choices"] = len(mine)
            elif kind == "declare":
                entry["hands"] = [a.category for a in mine]
            entry["example"] = str(mine[0])
            out.append(entry)
        return out
