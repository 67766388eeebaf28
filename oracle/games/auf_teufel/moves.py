"""Auf Teufel komm raus: the legal actions now (what ``legal-moves`` reports), with the chance
of each pull."""

from __future__ import annotations

from .actions import Action
from .rules import CHIP_UNIT
from .state import RoundState


def legal_actions(state: RoundState) -> list[Action]:
    """In the bet phase every undecided player's pass and each stake from 10 to their chips;
    in the pull phase each piece still in the oven, and stopping once a piece is turned over
    (before it too under ``first_pull: optional``, and when the oven is empty)."""
    phase = state.phase
    if phase == "bet":
        out = []
        for p in state.players:
            if p.stake is None:
                out.append(Action(p.name, "passes"))
                out += [Action(p.name, "bets", s) for s in range(CHIP_UNIT, p.chips + 1, CHIP_UNIT)]
        return out
    if phase == "pull":
        p = state.current()
        oven = state.oven
        out = [Action(p.name, "pulls", v) for v, c in zip(oven.values, oven.counts) if c]
        if oven.devils:
            out.append(Action(p.name, "pulls", None))
        if p.pulled or not oven.pieces or state.rules["first_pull"] == "optional":
            out.append(Action(p.name, "stops"))
        return out
    return []


def pull_chances(state: RoundState, moves: list[Action]) -> dict[str, float]:
    """Each pull line among ``moves`` with the chance of turning that piece over now."""
    chance: dict[str, float] = {}
    if state.phase == "pull" and state.oven.pieces:
        n = state.oven.pieces
        for a in moves:
            if a.verb == "pulls":
                count = state.oven.devils if a.is_devil else state.oven.count(a.amount)
                chance[str(a)] = count / n
    return chance
