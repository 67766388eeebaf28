"""Auf Teufel komm raus: registration and question kinds (params and answer keys are
documented in docs/games/auf-teufel-komm-raus.md). The solver, ``oracle.solve.coal``, is
imported inside the handlers that use it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from oracle.errors import FieldError, IllegalActionError, InvalidActionError
from oracle.games.auf_teufel import (
    CHIP_UNIT, OPTIONS, RULEBOOK, SLUG, Action, RoundState, round_gain, settle_round,
)
from oracle.games.auf_teufel_position import POSITION_KEYS, load_position, read_int
from oracle.registry import Answer, GameInfo, Param, QuestionContext, register_game, register_question
from oracle.solve.coal import Oven

GAME = register_game(
    GameInfo(
        slug=SLUG,
        title="Auf Teufel komm raus",
        rulebook="auf-teufel-komm-raus.txt",
        ruleset="standard",
        options=OPTIONS,
        position_keys=POSITION_KEYS,
        load_position=load_position,
    )
)


# ---- question kinds ------------------------------------------------------------------------

OBJECTIVES = ("haul", "target", "chips")
RULE_PULL = RULEBOOK + "Phase 2: Pulling Coal From the Fire"
RULE_BET = RULEBOOK + "Phase 1: The Devil's Bet"
RULE_SETTLE = RULEBOOK + "Phase 3: Determine Winnings"

_OBJECTIVE_PARAMS = {
    "player": Param("whose turn to solve; default the player now pulling"),
    "objective": Param(
        "'haul' (largest expected haul), 'target' (highest chance to reach target) or "
        "'chips' (largest expected chip gain this round); default 'haul'"
    ),
    "target": Param(
        "for objective 'target': a number, 'bet' (the player's stake, the default) or "
        "'best-haul' (the best haul others pulled this round)"
    ),
}


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


def _player_param(ctx: QuestionContext, *, default_current: bool = True) -> int:
    state: RoundState = ctx.state
    name = ctx.params.get("player")
    if name is None:
        current = state.current()
        if current is None or not default_current:
            raise FieldError(("player",), "say which player: nobody is pulling now")
        return state.players.index(current)
    if not isinstance(name, str):
        raise FieldError(("player",), f"expected a player's name, got {name!r}")
    try:
        return state.index_of(name)
    except IllegalActionError as exc:
        raise FieldError(("player",), str(exc)) from None


def _objective(ctx: QuestionContext, index: int):
    """(name, resolved target or None, stop value, devil value) for the asked objective."""
    from oracle.solve.coal import haul_objective, target_objective

    state: RoundState = ctx.state
    objective = ctx.params.get("objective", "haul")
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise FieldError(("objective",), f"expected one of {', '.join(OBJECTIVES)}, got {objective!r}")
    if objective != "target" and ctx.params.get("target") is not None:
        raise FieldError(("target",), f"a target belongs to objective 'target', not {objective!r}")
    if objective == "haul":
        return objective, None, haul_objective, 0.0
    player = state.players[index]
    if objective == "target":
        target = ctx.params.get("target", "bet")
        if target == "bet":
            if not player.stake:
                raise FieldError(("target",), f"{player.name} has no bet to reach")
            target = player.stake
        elif target == "best-haul":
            target = max((p.haul for p in state.players if p is not player and p.done), default=0)
        elif isinstance(target, bool) or not isinstance(target, int):
            raise FieldError(("target",), f"expected a number, 'bet' or 'best-haul', got {target!r}")
        elif target < 0:
            raise FieldError(("target",), f"a haul is never negative: expected a target of 0 or more, got {target}")
        # A target beyond what the haul and the oven could make is kept: its chance is 0,
        # which the solver finds (every state's value is 0), and 'best' is then 'stop'.
        return objective, target, target_objective(target), 0.0
    cache: dict[tuple[int, int], float] = {}

    def chips(haul: int, pieces: int) -> float:
        key = (haul, pieces)
        if key not in cache:
            cache[key] = float(round_gain(state, index, haul, pieces))
        return cache[key]

    cost = state.pact_cost(player)
    devil = float(round_gain(state, index, 0, 0, paid=cost) - cost)
    return objective, None, chips, devil


def _turn_start(state: RoundState, index: int) -> Oven:
    current = state.current()
    player = state.players[index]
    if player.done:
        raise FieldError(("player",), f"{player.name} has already had their turn this round")
    return state.turn_start_oven() if current is player else state.oven


@register_question(SLUG, "game-status", summary="Phase, whose turn, oven, bets, hauls, pacts.")
def game_status(ctx: QuestionContext) -> Answer:
    state: RoundState = ctx.state
    out = status(state)
    who = out["current_player"]
    text = f"round {state.round_no}, {out['phase']} phase" + (f", {who} to pull" if who else "")
    return Answer(out, text, RULEBOOK + "A round is played in 4 phases")


@register_question(SLUG, "legal-moves", summary="Every action allowed now, pulls with their chance.")
def legal_moves(ctx: QuestionContext) -> Answer:
    state: RoundState = ctx.state
    moves = state.legal_actions()
    chance = {}
    if state.phase == "pull" and state.oven.pieces:
        n = state.oven.pieces
        for a in moves:
            if a.verb == "pulls":
                count = state.oven.devils if a.is_devil else state.oven.count(a.amount)
                chance[str(a)] = count / n
    rule = RULE_BET if state.phase == "bet" else RULE_PULL if state.phase == "pull" else RULE_SETTLE
    return Answer(
        {"phase": state.phase, "moves": [str(a) for a in moves], "pull_chances": chance},
        f"{len(moves)} legal actions in the {state.phase} phase",
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
    paid = []
    for k, line in enumerate(actions):
        try:
            action = Action.parse(line)
        except InvalidActionError as exc:
            raise FieldError(("actions", k), str(exc)) from None
        paid += state.do(action)
        applied.append(action)
    return Answer(
        {"applied": [str(a) for a in applied], "payments": [p.as_dict() for p in paid], "status": status(state)},
        f"applied {len(actions)} action(s); now the {state.phase} phase",
        RULE_PULL if state.phase != "bet" else RULE_BET,
    )


@register_question(SLUG, "settle-round", summary="Phases 3 and 4: every payment, totals, pawns, pacts.")
def settle_round_question(ctx: QuestionContext) -> Answer:
    out = settle_round(ctx.state)
    text = f"highest haul {out['highest_haul']}; " + ", ".join(
        f"{p['name']} {p['chips']} ({p['space']})" for p in out["players"]
    )
    if out["game_over"]:
        text += f"; game over, won by {' and '.join(out['winners'])}"
    return Answer(out, text, RULE_SETTLE)


@register_question(
    SLUG, "draw-or-stop", summary="The value of drawing and of stopping now, and the margin.", params=_OBJECTIVE_PARAMS
)
def draw_or_stop(ctx: QuestionContext) -> Answer:
    from oracle.solve.coal import one_step_rule_draws, solve_turn

    state: RoundState = ctx.state
    index = _player_param(ctx)
    if state.current() is not state.players[index]:
        raise FieldError(("player",), f"it is not {state.players[index].name}'s turn to pull")
    objective, target, stop_value, devil_value = _objective(ctx, index)
    player = state.players[index]
    solution = solve_turn(_turn_start(state, index), stop_value, devil_value)
    counts = state.oven.counts
    draw = solution.draw_value(counts)
    out: dict[str, Any] = {
        "player": player.name,
        "objective": objective,
        "target": target,
        "haul": player.haul,
        "pieces": player.pieces,
        "oven": state.oven.as_dict(),
    }
    if not player.pulled and draw is None:
        # The oven is empty before the turn's first piece: the turn ends with nothing.
        stop = float(solution.stop_here(counts))
        out |= {"stop": stop, "draw": None, "margin": None, "best": "stop", "forced": True}
        text = f"the oven is empty: {player.name} can only stop, worth {stop:.4f}"
        return Answer(out, text, RULE_PULL)
    if not player.pulled:
        out |= {"stop": None, "draw": draw, "margin": None, "best": "draw", "forced": True}
        text = f"{player.name} must turn over a first piece; the turn is worth {draw:.4f}"
        return Answer(out, text, RULE_PULL)
    stop = solution.stop_here(counts)
    best = "stop" if solution.should_stop(counts) else "draw"
    out |= {
        "stop": float(stop),
        "draw": None if draw is None else float(draw),
        "margin": None if draw is None else float(draw - stop),
        "best": best,
        "forced": False,
    }
    if objective == "haul":
        out["one_step_rule"] = {
            "value_left": state.oven.value,
            "devils_left": state.oven.devils,
            "draws": one_step_rule_draws(state.oven, player.haul),
        }
    text = f"{player.name} should {best}: stop {stop:.4f}" + (
        "" if draw is None else f", draw {draw:.4f} (margin {draw - stop:+.4f})"
    )
    return Answer(out, text, RULE_PULL)


PLOT_NOTE = "plots are written only by `oracle solve --output DIR`"


def _plot_param(ctx: QuestionContext) -> str | None:
    """The ``plot`` file name, checked whether or not anything will be written, so that a
    scenario that could not be plotted is reported by ``oracle check`` too."""
    from oracle.solve.coal_plot import check_plot_name

    name = ctx.params.get("plot")
    if name is None:
        return None
    try:
        return check_plot_name(name)
    except ValueError as exc:
        raise FieldError(("plot",), str(exc)) from None


@register_question(
    SLUG,
    "stop-policy",
    summary="The whole optimal policy for a turn as a threshold table, optionally plotted.",
    params=_OBJECTIVE_PARAMS
    | {
        "plot": Param(
            "a plain file name ending in .svg: the thresholds are drawn into it inside the folder "
            "given by `oracle solve --output DIR` (without that folder nothing is written)"
        )
    },
)
def stop_policy(ctx: QuestionContext) -> Answer:
    from oracle.solve.coal import one_step_rule_draws, one_step_threshold, solve_turn, threshold_table

    state: RoundState = ctx.state
    plot_name = _plot_param(ctx)
    index = _player_param(ctx)
    objective, target, stop_value, devil_value = _objective(ctx, index)
    oven = _turn_start(state, index)
    solution = solve_turn(oven, stop_value, devil_value)
    rows = threshold_table(solution)
    table = [
        {
            "pieces": r.pieces,
            "stop_from": r.stop_from,
            "draw_hauls": list(r.draw_hauls) if r.draw_hauls else None,
            "exceptions": len(r.exceptions),
            "exception_examples": [
                {"left": oven.with_counts(c).as_dict(), "haul": h} for c, h in r.exceptions[:3]
            ],
            "states": r.states,
        }
        for r in rows
    ]
    out: dict[str, Any] = {
        "player": state.players[index].name,
        "objective": objective,
        "target": target,
        "oven": oven.as_dict(),
        "value": float(solution.start_value),
        "thresholds": table,
    }
    if objective == "haul":
        threshold = one_step_threshold(oven)
        agrees = all(
            stop != one_step_rule_draws(oven.with_counts(c), solution.haul(c))
            for c, stop in solution.stops.items()
            if solution.pieces(c) > 0
        )
        out["one_step_rule"] = {
            "stop_from": None if threshold is None else float(threshold),
            "stop_from_exact": None if threshold is None else str(threshold),
            "agrees_with_dp": agrees,
        }
    note = ""
    if plot_name is not None:
        out["plot"] = None
        if ctx.output_dir is None:
            note = PLOT_NOTE
            out["plot_note"] = note
        else:
            from oracle.solve.coal_plot import write_threshold_svg

            if not Path(ctx.output_dir).is_dir():
                raise FieldError(
                    ("plot",), f"the output folder {str(ctx.output_dir)!r} does not exist or is not a folder (none is created)"
                )
            title = f"{out['player']}: stop-policy, objective {objective}" + (f" {target}" if target is not None else "")
            try:
                written = write_threshold_svg(ctx.output_dir, plot_name, rows, title=title, oven_text=str(oven))
            except OSError as exc:
                reason = exc.strerror or str(exc)
                raise FieldError(("plot",), f"cannot write {plot_name!r} in {str(ctx.output_dir)!r}: {reason}") from None
            out["plot"] = str(written)
    firm = [r for r in rows if r.stop_from is not None]
    text = f"turn worth {solution.start_value:.4f}; " + (
        f"after {firm[0].pieces} piece(s) stop from haul {firm[0].stop_from}" if firm else "never stop voluntarily"
    )
    if note:
        text += f"; no picture written: {note}"
    elif out.get("plot"):
        text += f"; picture written to {out['plot']}"
    return Answer(out, text, RULE_PULL)


def _read_policy(raw: Any, path: tuple):
    from oracle.solve.coal import TurnPolicy

    if raw is None or raw == "max-haul":
        return TurnPolicy("max-haul")
    if isinstance(raw, str):
        m = re.fullmatch(r"(target|threshold):\s*([0-9]+)", raw.strip())
        if m:
            return TurnPolicy(m[1], int(m[2]))
    raise FieldError(path, f"expected 'max-haul', 'target:N' or 'threshold:N', got {raw!r}")


# Caps on the work one question may ask for, so that a scenario file cannot hang a check.
MAX_STATES_LIMIT = 50_000_000
SAMPLES_LIMIT = 1_000_000


def _bounded(ctx: QuestionContext, name: str, default: int, limit: int) -> int:
    value = read_int(ctx.params.get(name, default), (name,), minimum=1)
    if value > limit:
        raise FieldError((name,), f"must be at most {limit:,}, got {value:,}")
    return value


@register_question(
    SLUG,
    "bet-advice",
    summary="The distribution of the round's highest haul and the bet with the best expected gain.",
    params={
        "player": Param("who is betting", required=True),
        "policy": Param("how every player pulls: 'max-haul' (default), 'target:N', 'threshold:N'"),
        "policies": Param("per player name, overriding 'policy'"),
        "other_bets": Param("known stakes of the others, {name: stake}; default those already placed"),
        "max_states": Param("above this much work the distribution is sampled (default 400000)"),
        "samples": Param("rounds sampled when it is (default 20000)"),
    },
)
def bet_advice(ctx: QuestionContext) -> Answer:
    from oracle.solve.coal import highest_haul_distribution

    state: RoundState = ctx.state
    index = _player_param(ctx, default_current=False)
    me = state.players[index]
    current = state.current()
    if current is not None and current.pulled:
        raise IllegalActionError(f"{current.name} is in the middle of a turn; ask between turns")
    if state.phase == "settle":
        raise IllegalActionError("every player has pulled: the highest haul is known")
    default = _read_policy(ctx.params.get("policy"), ("policy",))
    per_player = ctx.params.get("policies")
    if per_player is None:
        per_player = {}
    if not isinstance(per_player, Mapping):
        raise FieldError(("policies",), f"expected {{name: policy}}, got {per_player!r}")
    lower: dict[str, Any] = {}
    for name, raw_policy in per_player.items():
        if not isinstance(name, str):
            raise FieldError(("policies", name), f"expected a player's name, got {name!r}")
        try:
            who = state.players[state.index_of(name)].name.lower()
        except IllegalActionError as exc:
            raise FieldError(("policies", name), str(exc)) from None
        if who in lower:
            raise FieldError(("policies", name), f"{name} is given a policy twice")
        lower[who] = raw_policy
    order = [i for i in state.turn_order() if not state.players[i].done]
    policies = [
        _read_policy(lower[state.players[i].name.lower()], ("policies", state.players[i].name))
        if state.players[i].name.lower() in lower
        else default
        for i in order
    ]
    raw_bets = ctx.params.get("other_bets")
    if raw_bets is None:
        others = [p.stake or 0 for p in state.players if p is not me]
    elif isinstance(raw_bets, Mapping):
        others = []
        seen: set[int] = set()
        for k, v in raw_bets.items():
            if not isinstance(k, str):
                raise FieldError(("other_bets", k), f"expected a player's name, got {k!r}")
            try:
                who = state.index_of(k)
            except IllegalActionError as exc:
                raise FieldError(("other_bets", k), str(exc)) from None
            if who == index:
                raise FieldError(("other_bets", k), f"{me.name} is the player asking, not another")
            if who in seen:
                raise FieldError(("other_bets", k), f"{k} is given a stake twice")
            seen.add(who)
            stake = read_int(v, ("other_bets", k))
            if stake % CHIP_UNIT:
                raise FieldError(("other_bets", k), f"a stake is a multiple of {CHIP_UNIT}, not {stake}")
            if stake > state.players[who].chips:
                raise FieldError(
                    ("other_bets", k), f"{state.players[who].name} owns {state.players[who].chips} chips and cannot stake {stake}"
                )
            others.append(stake)
    else:
        raise FieldError(("other_bets",), "expected {name: stake}")
    max_other = max(others, default=0)
    dist = highest_haul_distribution(
        state.oven,
        policies,
        state.highest_haul(),
        max_states=_bounded(ctx, "max_states", 400_000, MAX_STATES_LIMIT),
        samples=_bounded(ctx, "samples", 20_000, SAMPLES_LIMIT),
    )
    hauls = sorted(dist.distribution)

    def chance_at_least(b: int) -> float:
        return sum(p for h, p in dist.distribution.items() if h >= b)

    def expected_gain(b: int) -> float:
        win = float(chance_at_least(b))
        return win * (2 * b if b >= max_other else b) - (1 - win) * b

    stake_now = me.stake
    candidates = [0] + list(range(CHIP_UNIT, me.chips + 1, CHIP_UNIT))
    gains = {b: expected_gain(b) for b in candidates}
    best = max(candidates, key=lambda b: (gains[b], -b))
    out = {
        "player": me.name,
        "method": dist.method,
        "samples": dist.samples,
        "policies": [f"{state.players[i].name}: {p}" for i, p in zip(order, policies)],
        "distribution": [{"haul": h, "probability": dist.distribution[h]} for h in hauls],
        "expected_highest_haul": sum(h * p for h, p in dist.distribution.items()),
        "other_bets_highest": max_other,
        "best_bet": best,
        "expected_gain": gains[best],
        "gains": {str(b): gains[b] for b in candidates},
    }
    if stake_now is not None:
        out["current_stake"] = stake_now
    text = f"{me.name} should " + (f"bet {best}" if best else "pass") + f": expected gain {gains[best]:+.2f} ({dist.method})"
    return Answer(out, text, RULE_BET)


# The same handlers by kind, for code that wants this game alone without loading the others.
HANDLERS = {
    "game-status": game_status,
    "legal-moves": legal_moves,
    "apply": apply_actions,
    "settle-round": settle_round_question,
    "draw-or-stop": draw_or_stop,
    "stop-policy": stop_policy,
    "bet-advice": bet_advice,
}
