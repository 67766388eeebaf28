"""Hell of a Deal's legal moves: the action lines worth trying at a step, the legal ones among
them (each checked with ``verify``), the reasons for the others, and chance steps described
and sampled for playouts."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from oracle.cards import format_cards
from oracle.errors import IllegalActionError

from .actions import BONES, Action
from .engine import verify
from .round import awaiting
from .rules import CHIPS, temptation_room
from .state import HodState, Pending

# ---------------------------------------------------------------------------------------
# Legal moves.


def candidate_actions(state: HodState) -> list[str]:
    """Action lines worth trying at this step (legal or not); chance steps with many
    outcomes give none (see ``chance_template``)."""
    wait = awaiting(state)
    if wait["by"] is None:
        return []
    if wait["by"] == "team":
        return [str(Action(kind="assign", assignment=a)) for a in _assignments(state)]
    if wait["step"] == "reveal":
        return ["reveal hands", *_favor_plays(state, wait["instants"])]
    if wait["by"] == "dealer":
        return ["end round"]
    if state.pending:
        return _pending_candidates(state, state.pending[0])
    name = state.to_act
    p = state.player(name)
    lines = [f"{name} folds", f"{name} is done"]
    others = [o.name for o in state.players]
    hidden = [c for c in p.hand if c not in p.revealed]
    for chip in CHIPS:
        for as_chip in ([None] if chip != "Wild" else [c for c in CHIPS if c != "Wild"]):
            effective = as_chip or chip
            base = dict(kind="bet", actor=name, chip=chip, acts_as=as_chip)
            if effective == "Heal":
                lines += [str(Action(**base, target=o)) for o in others]
            elif effective == "Reveal 2 Cards":
                need = min(2, len(hidden))
                lines += [str(Action(**base, cards=pair)) for pair in combinations(hidden, need)]
            elif effective == "Devilish Offering":
                lines += [str(Action(**base, offering="reveal", cards=(c,))) for c in state.boss_hole]
                lines.append(str(Action(**base, offering="look")))
                for o in state.players:
                    if o.name != name:
                        lines += [str(Action(**base, offering="swap", cards=(m,), target=o.name, other_cards=(t,)))
                                  for m in p.hand for t in o.hand]
                lines += [str(Action(**base, offering="discard", cards=(c,))) for c in state.discard]
            else:
                lines.append(str(Action(**base)))
    if state.boss.extra_draws:
        lines += [f"{name} draws a card and suffers a Temptation", f"{name} draws a card and Dedly Aloor draws too"]
    lines += _favor_plays(state, {holder.name: holder.favors for holder in state.players})
    return list(dict.fromkeys(lines))


def _favor_plays(state: HodState, held: dict[str, list[str]]) -> list[str]:
    """The lines that play each Favor ``held`` (by player), with each target it may name."""
    others = [o.name for o in state.players]
    lines = []
    for holder, favors in held.items():
        for fname in favors:
            favor = state.favors[fname]
            if favor.effect == "heal":
                lines += [f"{holder} plays {fname} on {o}" for o in others]
            elif favor.effect == "reveal_boss_card":
                lines += [f"{holder} plays {fname}: {c}" for c in state.boss_hole]
            else:
                lines.append(f"{holder} plays {fname}")
    return lines


def _assignments(state: HodState) -> list[tuple[tuple[str, int], ...]]:
    levels = state.levels()
    room = {n: temptation_room(v) for n, v in levels.items() if temptation_room(v) > 0}
    need = min(state.assign_overflow, sum(room.values()))
    out: list[tuple[tuple[str, int], ...]] = []

    def place(names: list[str], left: int, acc: list[tuple[str, int]]) -> None:
        if not names:
            if left == 0:
                out.append(tuple((n, c) for n, c in acc if c))
            return
        n = names[0]
        for c in range(min(left, room[n]), -1, -1):
            place(names[1:], left - c, acc + [(n, c)])

    place(list(room), need, [])
    return out




def _pending_candidates(state: HodState, item: Pending) -> list[str]:
    k = item.kind
    if k == "demona":
        return [f"{item.player} suffers a Temptation", f"{item.player} folds"]
    if k == "keep":
        return [f"{item.player} keeps {c}" for c in state.player(item.player).looked]
    if k == "favor_draw":
        return [f"{item.player} draws Favor {f}" for f in state.favors]
    if k == "favor_discard":
        return [f"{item.player} discards Favor {f}" for f in state.player(item.player).favors]
    if k == "toll":
        tolled = {c.rank for c in state.tolls}
        p = state.player(item.player)
        visible = sum(1 for c in (*p.hand, *state.community()) if c.rank in tolled)
        return [str(Action(kind="toll", actor=item.player, count=n))
                for n in range(0, min(max(state.souls, visible), 5) + 1)]  # a hand holds five cards
    if k == "bones":
        return [f"{item.player} rolls the Bones: {b}" for b in BONES]
    if item.count == 1:
        target = item.deal_target
        if target is not None:
            return [f"deal {target} {c}" for c in state.stock()]
    return []


def chance_template(state: HodState) -> dict[str, Any] | None:
    """For a chance step: what the action line looks like and how many cards it names."""
    if not state.pending or state.assign_overflow:
        return None
    item = state.pending[0]
    target = item.deal_target
    if target is not None:
        return {"template": f"deal {target} " + " ".join(["<card>"] * item.count), "cards": item.count}
    if item.kind == "stack":
        return {"template": "Jack Potts reveals " + " ".join(["<card>"] * item.count), "cards": item.count}
    return None


def sample_chance(state: HodState, rng: random.Random) -> str | None:
    """A random outcome for a chance step (for playouts)."""
    if not state.pending or state.assign_overflow:
        return None
    item = state.pending[0]
    template = chance_template(state)
    if template is not None:
        cards = rng.sample(state.stock(), template["cards"])
        return template["template"].split(" <card>")[0] + " " + format_cards(cards)
    if item.kind == "favor_draw":
        return f"{item.player} draws Favor {rng.choice(list(state.favors))}"
    if item.kind == "bones":
        return f"{item.player} rolls the Bones: {rng.choice(BONES)}"
    return None


def legal_actions(state: HodState) -> list[str]:
    legal = []
    for line in candidate_actions(state):
        try:
            verify(state, line)
        except IllegalActionError:
            continue
        legal.append(line)
    return legal


def legal_moves_report(state: HodState) -> dict[str, Any]:
    wait = awaiting(state)
    legal: list[str] = []
    illegal: dict[str, str] = {}
    for line in candidate_actions(state):
        try:
            verify(state, line)
            legal.append(line)
        except IllegalActionError as exc:
            illegal[line] = str(exc)
    return {"awaiting": {k: v for k, v in wait.items() if v is not None}, "legal": legal,
            "illegal": illegal, "chance": chance_template(state)}
