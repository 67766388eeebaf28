"""Auf Teufel komm raus question kinds that read or play the table: ``game-status``,
``legal-moves``, ``apply`` and ``settle-round``."""

from __future__ import annotations

from typing import Any

from oracle.errors import FieldError, InvalidActionError
from oracle.registry import Answer, Param, QuestionContext, register_question

from ..actions import Action
from ..engine import do_action
from ..moves import legal_actions, pull_chances
from ..resolution import settle_round
from ..rules import RULE_BET, RULE_PULL, RULE_ROUND, RULE_SETTLE, SLUG
from ..state import RoundState
from .words import action_text, apply_text, moves_text, settle_text, status_text


def status(state: RoundState) -> dict[str, Any]:
    current = state.current()
    return {
        "round": state.round_no,
        "phase": state.phase,
        "start_player": state.players[state.start].name,
        "current_player": current.name if current else None,
        "oven": state.oven.as_dict(),
        "pieces_left": state.oven.pieces,
        "highest_haul": state.highest_haul(),
        "players": [
            {
                "name": p.name,
                "chips": p.chips,
                "public": p.pact,  # a pact-holder's total is shown openly
                "pact": p.pact,
                "stake": p.stake,
                "haul": p.haul,
                "pieces": p.pieces,
                "devil": p.devil,
                "done": p.done,
            }
            for p in state.players
        ],
        "bank": state.bank,
        "payments": [p.as_dict() for p in state.payments],
        "history": [str(a) for a in state.history],
    }


@register_question(SLUG, "game-status", summary="Phase, whose turn, oven, bets, hauls, pacts.")
def game_status(ctx: QuestionContext) -> Answer:
    state: RoundState = ctx.state
    out = status(state)
    return Answer(out, status_text(out), RULE_ROUND)


@register_question(SLUG, "legal-moves", summary="Every action allowed now, pulls with their chance.")
def legal_moves(ctx: QuestionContext) -> Answer:
    state: RoundState = ctx.state
    moves = legal_actions(state)
    rule = RULE_BET if state.phase == "bet" else RULE_PULL if state.phase == "pull" else RULE_SETTLE
    chances = pull_chances(state, moves)
    return Answer(
        {"phase": state.phase, "moves": [str(a) for a in moves], "pull_chances": chances},
        moves_text(state.phase, moves, chances),
        rule,
    )


@register_question(
    SLUG,
    "apply",
    summary="Apply action lines to the position; the new status and any payments.",
    params={"actions": Param("a list of action lines, e.g. ['Anna pulls 25']", required=True)},
)
def apply_actions(ctx: QuestionContext) -> Answer:
    actions = ctx.params.get("actions")
    if isinstance(actions, str):
        actions = [actions]
    if not isinstance(actions, list):
        raise FieldError(("actions",), "expected a list of action lines")
    state: RoundState = ctx.state.copy()
    applied: list[Action] = []
    done: list[str] = []
    paid = []
    for k, line in enumerate(actions):
        try:
            action = Action.parse(line)
        except InvalidActionError as exc:
            raise FieldError(("actions", k), str(exc)) from None
        current = state.current()
        haul_before = current.haul if current is not None else 0
        paid += do_action(state, action)
        applied.append(action)
        done.append(action_text(action, haul_before))
    out = {"applied": [str(a) for a in applied], "payments": [p.as_dict() for p in paid], "status": status(state)}
    return Answer(out, apply_text(done, out["payments"], out["status"]), RULE_PULL if state.phase != "bet" else RULE_BET)


@register_question(SLUG, "settle-round", summary="Phases 3 and 4: every payment, totals, pawns, pacts.")
def settle_round_question(ctx: QuestionContext) -> Answer:
    out = settle_round(ctx.state)
    return Answer(out, settle_text(out), RULE_SETTLE)
