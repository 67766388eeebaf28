"""The effects many Hell of a Deal actions share, played on a ``HodState``: Temptation
suffered (with its overflow over 10 waiting for the team), Curses gained (a fourth becomes a
Temptation), healing (Flame Barriers hold; none against Nick Hauss), cards joining a hand
(Red Jack's count checked) and the loss check. The rules themselves are ``rules.tracks``."""

from __future__ import annotations

from typing import Sequence

from oracle.cards import Card
from oracle.words import plural

from .rules import (
    blackjack_total,
    gain_curses,
    heal_temptation,
    healing_floor,
    players_at_max,
    split_temptation,
    team_lost_to_temptation,
    temptation_room,
)
from .state import HodState


def suffer(state: HodState, name: str, amount: int, why: str) -> None:
    """Temptation to ``name``; what passes 10 waits for the team's assignment ("the
    Temptation must be suffered by another player")."""
    if amount <= 0:
        return
    p = state.player(name)
    taken, overflow = split_temptation(p.temptation, amount)
    p.temptation += taken
    state.log.append(f"{name} suffers {amount} Temptation ({why})")
    if overflow and any(temptation_room(o.temptation) for o in state.players):
        # "the Temptation must be suffered by another player"; with nobody below 10 (a lone
        # player) there is no one to take it and nothing waits for an assignment.
        state.assign_overflow += overflow
    check_loss(state)


def gain_curse(state: HodState, name: str, count: int, why: str) -> None:
    p = state.player(name)
    p.curses_face_down, excess = gain_curses(p.curses_active, p.curses_face_down, count)
    state.log.append(f"{name} gains {plural(count, 'Curse')} ({why})")
    if excess:
        suffer(state, name, excess, "a Curse beyond three becomes a Temptation")


def heal(state: HodState, target: str, amount: int, why: str) -> str:
    p = state.player(target)
    if state.boss.no_healing:
        return f"no healing against {state.boss.name}: 'Players cannot heal Temptation.'"
    before = p.temptation
    p.temptation = heal_temptation(p.temptation, amount)
    if p.temptation == before:
        if healing_floor(before):
            return f"{target} stays at {before}: a Flame Barrier holds"
        return f"{target} stays at {before}: no Temptation to heal"
    state.log.append(f"{target} heals {before - p.temptation} ({why})")
    return f"{target} heals from {before} to {p.temptation}"


def add_to_hand(state: HodState, name: str, cards: Sequence[Card], revealed: bool = False) -> None:
    p = state.player(name)
    p.hand.extend(cards)
    if revealed or state.boss.player_cards_face_up:
        p.revealed.extend(cards)
    if state.boss.blackjack and cards:
        blackjack_check(state, name)


def blackjack_check(state: HodState, name: str) -> None:
    """Red Jack: "If at anytime your hand totals over 21, suffer a Temptation & draw a Curse.
    At exactly 21, you earn 1 Soul." Checked each time cards join the hand ("only when you add
    the kept card to your hand")."""
    total = blackjack_total(state.player(name).hand)
    if total > 21:
        suffer(state, name, 1, f"Red Jack: hand totals {total}")
        gain_curse(state, name, 1, f"Red Jack: hand totals {total}")
    elif total == 21:
        state.souls += 1
        state.log.append(f"{name} totals 21: the team earns a Soul")


def check_loss(state: HodState) -> None:
    if state.status != "going on":
        return
    if team_lost_to_temptation(state.levels()):
        at_max = players_at_max(state.levels())
        state.status, state.reason = "lost", (
            f"{' and '.join(at_max)} are at 10 Temptation: 'Two or more players reach the 10th "
            "space on the Temptation Track.'"
        )
