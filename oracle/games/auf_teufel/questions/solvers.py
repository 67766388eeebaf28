"""Auf Teufel komm raus solver question kinds: ``draw-or-stop``, ``stop-policy`` and
``bet-advice``, and the glue that turns a round into the solvers' plain input (an oven, an
objective as functions, turn policies). The solvers (``oracle.solve.dp.coal`` for a turn,
``oracle.solve.exact.highest_haul`` for a round) and the picture writer, ``oracle.plots``,
are imported inside the handlers that use them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Mapping

from oracle.errors import FieldError, IllegalActionError
from oracle.budget import Budget
from oracle.registry import TIME_LIMIT, Answer, Param, QuestionContext, register_question
from oracle.solve.dp.coal import Oven

from ..position import read_int
from ..resolution import pact_cost, round_gain
from ..rules import CHIP_UNIT, RULE_BET, RULE_PULL, SLUG
from ..state import RoundState
from .words import draw_or_stop_text, figure as _figure, policy_text

OBJECTIVES = ("haul", "target", "chips")

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


def _target(ctx: QuestionContext, index: int) -> int:
    state: RoundState = ctx.state
    player = state.players[index]
    target = ctx.params.get("target", "bet")
    if target == "bet":
        if not player.stake:
            raise FieldError(("target",), f"{player.name} has no bet to reach")
        return player.stake
    if target == "best-haul":
        return max((p.haul for p in state.players if p is not player and p.done), default=0)
    if isinstance(target, bool) or not isinstance(target, int):
        raise FieldError(("target",), f"expected a number, 'bet' or 'best-haul', got {target!r}")
    if target < 0:
        raise FieldError(("target",), f"a haul is never negative: expected a target of 0 or more, got {target}")
    # A target beyond what the haul and the oven could make is kept: its chance is 0,
    # which the solver finds (every state's value is 0), and 'best' is then 'stop'.
    return target


def _objective(ctx: QuestionContext, index: int):
    """(name, resolved target or None, stop value, devil value) for the asked objective."""
    from oracle.solve.dp.coal import haul_objective, target_objective

    state: RoundState = ctx.state
    objective = ctx.params.get("objective", "haul")
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise FieldError(("objective",), f"expected one of {', '.join(OBJECTIVES)}, got {objective!r}")
    if objective != "target" and ctx.params.get("target") is not None:
        raise FieldError(("target",), f"a target belongs to objective 'target', not {objective!r}")
    if objective == "haul":
        return objective, None, haul_objective, 0.0
    if objective == "target":
        target = _target(ctx, index)
        return objective, target, target_objective(target), 0.0
    return (objective, None, *chips_objective(state, index))


def chips_objective(state: RoundState, index: int) -> tuple[Callable[[int, int], float], float]:
    """Objective (c) for player ``index`` as the solver's input: (the chips they gain in Phase 3
    if they stop with a haul and pieces, what a devil then costs them). Exact for the last
    puller; players still to pull count as pulling nothing."""
    cache: dict[tuple[int, int], float] = {}

    def chips(haul: int, pieces: int) -> float:
        key = (haul, pieces)
        if key not in cache:
            cache[key] = float(round_gain(state, index, haul, pieces))
        return cache[key]

    cost = pact_cost(state, state.players[index])
    devil = float(round_gain(state, index, 0, 0, paid=cost) - cost)
    return chips, devil


def _must_draw_first(state: RoundState) -> bool:
    """Rule ``first_pull``: whether a turn starts by turning over a piece (the rulebook's
    "the player whose turn it is turns over one coal piece")."""
    return state.rules["first_pull"] == "compulsory"


def _turn_start(state: RoundState, index: int) -> Oven:
    current = state.current()
    player = state.players[index]
    if player.done:
        raise FieldError(("player",), f"{player.name} has already had their turn this round")
    return state.turn_start_oven() if current is player else state.oven


# ---- time budgets -------------------------------------------------------------------------

# Default time limits (seconds) when a question gives none: a turn of the full oven takes about
# a second (a few on a loaded machine), a round's distribution a few seconds.
TURN_SECONDS = 30.0
ROUND_SECONDS = 60.0
TIME_NOTE = "the time limit was reached"


def _limits(budget: Budget, bound: str | None) -> dict[str, Any]:
    """The keys every solver answer carries: whether it is exact, and if not, the bound that
    stopped it (``time_limit``, or ``max_states`` for sampling)."""
    return {"exact": bound is None, "bound": bound, "time_limit": budget.seconds}


def _out_of_time(budget: Budget) -> str:
    return f"no answer within the time limit of {budget.seconds:g} s"


# ---- draw-or-stop --------------------------------------------------------------------------


@register_question(
    SLUG,
    "draw-or-stop",
    summary="The value of drawing and of stopping now, and the margin.",
    params=_OBJECTIVE_PARAMS | {"time_limit": TIME_LIMIT},
)
def draw_or_stop(ctx: QuestionContext) -> Answer:
    from oracle.solve.dp.coal import OutOfTime, solve_turn

    budget = ctx.budget(TURN_SECONDS)
    state: RoundState = ctx.state
    index = _player_param(ctx)
    if state.current() is not state.players[index]:
        raise FieldError(("player",), f"it is not {state.players[index].name}'s turn to pull")
    objective, target, stop_value, devil_value = _objective(ctx, index)
    player = state.players[index]
    must_draw_first = _must_draw_first(state)
    out: dict[str, Any] = {
        "player": player.name,
        "objective": objective,
        "target": target,
        "haul": player.haul,
        "pieces": player.pieces,
        "oven": state.oven.as_dict(),
    }
    # Before the first piece there is nothing to choose (unless the oven is empty, or the
    # house rule first_pull makes the first piece optional).
    forced = not player.pulled and (must_draw_first or not state.oven.pieces)
    try:
        solution = solve_turn(_turn_start(state, index), stop_value, devil_value, must_draw_first=must_draw_first, budget=budget)
    except OutOfTime:
        stop = None if forced and state.oven.pieces else float(stop_value(player.haul, player.pieces))
        out |= {"stop": stop, "draw": None, "margin": None, "best": None, "forced": forced}
        known = "" if stop is None else f"; stopping is worth {_figure(stop)}, drawing is unknown"
        return Answer(out | _limits(budget, "time_limit"), _out_of_time(budget) + known, RULE_PULL)
    out |= _draw_or_stop_values(state, player, solution, objective, forced)
    return Answer(out | _limits(budget, None), draw_or_stop_text(player.name, out), RULE_PULL)


def _draw_or_stop_values(state: RoundState, player, solution, objective: str, forced: bool) -> dict[str, Any]:
    from oracle.solve.dp.coal import one_step_rule_draws

    counts = state.oven.counts
    draw = solution.draw_value(counts)
    if forced and draw is None:
        # The oven is empty before the turn's first piece: the turn ends with nothing.
        return {"stop": float(solution.stop_here(counts)), "draw": None, "margin": None, "best": "stop", "forced": True}
    if forced:
        return {"stop": None, "draw": draw, "margin": None, "best": "draw", "forced": True}
    stop = solution.stop_here(counts)
    out: dict[str, Any] = {
        "stop": float(stop),
        "draw": None if draw is None else float(draw),
        "margin": None if draw is None else float(draw - stop),
        "best": "stop" if solution.should_stop(counts) else "draw",
        "forced": False,
    }
    if objective == "haul":
        out["one_step_rule"] = {
            "value_left": state.oven.value,
            "devils_left": state.oven.devils,
            "draws": one_step_rule_draws(state.oven, player.haul),
        }
    return out


# ---- stop-policy ---------------------------------------------------------------------------

PLOT_NOTE = "plots are written only by `oracle solve --output DIR`"


def _plot_param(ctx: QuestionContext) -> str | None:
    """The ``plot`` file name, checked whether or not anything will be written, so that a
    scenario that could not be plotted is reported by ``oracle check`` too."""
    from oracle.plots import check_plot_name

    name = ctx.params.get("plot")
    if name is None:
        return None
    try:
        return check_plot_name(name)
    except ValueError as exc:
        raise FieldError(("plot",), str(exc)) from None


def _threshold_rows_json(rows, oven: Oven) -> list[dict[str, Any]]:
    return [
        {
            "pieces": r.pieces,
            "stop_from": r.stop_from,
            "draw_hauls": list(r.draw_hauls) if r.draw_hauls else None,
            "exceptions": len(r.exceptions),
            "exception_examples": [{"left": oven.with_counts(c).as_dict(), "haul": h} for c, h in r.exceptions[:3]],
            "states": r.states,
            "reached": r.reached,
        }
        for r in rows
    ]


def _one_step_rule_json(solution, oven: Oven, budget: Budget) -> dict[str, Any]:
    from oracle.solve.dp.coal import check_time, one_step_rule_draws, one_step_threshold

    threshold = one_step_threshold(oven)
    agrees = True
    for done, (c, stop) in enumerate(solution.stops.items()):
        check_time(budget, done, 4096)
        if solution.pieces(c) > 0 and stop == one_step_rule_draws(oven.with_counts(c), solution.haul(c)):
            agrees = False
            break
    return {
        "stop_from": None if threshold is None else float(threshold),
        "stop_from_exact": None if threshold is None else str(threshold),
        "agrees_with_dp": agrees,
    }


def _write_plot(ctx: QuestionContext, plot_name: str, rows, title: str, oven: Oven) -> str:
    from oracle.plots import write_threshold_svg

    if not Path(ctx.output_dir).is_dir():
        raise FieldError(
            ("plot",), f"the output folder {str(ctx.output_dir)!r} does not exist or is not a folder (none is created)"
        )
    try:
        written = write_threshold_svg(ctx.output_dir, plot_name, rows, title=title, oven_text=str(oven))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise FieldError(("plot",), f"cannot write {plot_name!r} in {str(ctx.output_dir)!r}: {reason}") from None
    return str(written)


@register_question(
    SLUG,
    "stop-policy",
    summary="The whole optimal policy for a turn as a threshold table, optionally plotted.",
    params=_OBJECTIVE_PARAMS
    | {
        "plot": Param(
            "a plain file name ending in .svg: the thresholds are drawn into it inside the folder "
            "given by `oracle solve --output DIR` (without that folder nothing is written)"
        ),
        "time_limit": TIME_LIMIT,
    },
)
def stop_policy(ctx: QuestionContext) -> Answer:
    from oracle.solve.dp.coal import OutOfTime, solve_turn, threshold_table

    budget = ctx.budget(TURN_SECONDS)
    state: RoundState = ctx.state
    plot_name = _plot_param(ctx)
    index = _player_param(ctx)
    objective, target, stop_value, devil_value = _objective(ctx, index)
    oven = _turn_start(state, index)
    must_draw_first = _must_draw_first(state)
    out: dict[str, Any] = {
        "player": state.players[index].name,
        "objective": objective,
        "target": target,
        "oven": oven.as_dict(),
        "value": None,
        "thresholds": None,
    }
    try:
        solution = solve_turn(oven, stop_value, devil_value, must_draw_first=must_draw_first, budget=budget)
        out["value"] = float(solution.start_value)
        rows = threshold_table(solution, include_start=not must_draw_first, budget=budget)
        if objective == "haul":
            out["one_step_rule"] = _one_step_rule_json(solution, oven, budget)
    except OutOfTime:
        # What is known (the turn's value, if the DP finished) stays; the table does not.
        out["thresholds"] = None
        out.pop("one_step_rule", None)
        if plot_name is not None:
            out |= {"plot": None, "plot_note": f"not drawn: {TIME_NOTE}"}
        known = "" if out["value"] is None else f"; the turn is worth {_figure(out['value'])}, its policy is unknown"
        return Answer(out | _limits(budget, "time_limit"), _out_of_time(budget) + known, RULE_PULL)
    out["thresholds"] = _threshold_rows_json(rows, oven)
    note = ""
    if plot_name is not None:
        out["plot"] = None
        if ctx.output_dir is None:
            note = PLOT_NOTE
            out["plot_note"] = note
        else:
            title = f"{out['player']}: stop-policy, objective {objective}" + (f" {target}" if target is not None else "")
            out["plot"] = _write_plot(ctx, plot_name, rows, title, oven)
    text = policy_text(out["player"], objective, target, float(solution.start_value), out["thresholds"],
                       out.get("one_step_rule"), out["oven"])
    if note:
        text += f"; no picture written: {note}"
    elif out.get("plot"):
        text += f"; picture written to {out['plot']}"
    return Answer(out | _limits(budget, None), text, RULE_PULL)


# ---- bet-advice ----------------------------------------------------------------------------


def _read_policy(raw: Any, path: tuple):
    from oracle.solve.exact.highest_haul import TurnPolicy

    if raw is None or raw == "max-haul":
        return TurnPolicy("max-haul")
    if isinstance(raw, str):
        m = re.fullmatch(r"(target|threshold):\s*([0-9]+)", raw.strip())
        if m:
            return TurnPolicy(m[1], int(m[2]))
    raise FieldError(path, f"expected 'max-haul', 'target:N' or 'threshold:N', got {raw!r}")


def _bounded(ctx: QuestionContext, name: str, default: int, limit: int) -> int:
    value = read_int(ctx.params.get(name, default), (name,), minimum=1)
    if value > limit:
        raise FieldError((name,), f"must be at most {limit:,}, got {value:,}")
    return value


def _policies(ctx: QuestionContext) -> tuple[list[int], list[Any]]:
    """(the players still to pull in turn order, the policy each follows)."""
    state: RoundState = ctx.state
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
    policies = []
    for i in order:
        name = state.players[i].name
        policies.append(_read_policy(lower[name.lower()], ("policies", name)) if name.lower() in lower else default)
    return order, policies


def _other_bets(ctx: QuestionContext, index: int) -> list[int]:
    """The other players' stakes: given by ``other_bets`` or those already placed."""
    state: RoundState = ctx.state
    me = state.players[index]
    raw_bets = ctx.params.get("other_bets")
    if raw_bets is None:
        return [p.stake or 0 for p in state.players if p is not me]
    if not isinstance(raw_bets, Mapping):
        raise FieldError(("other_bets",), "expected {name: stake}")
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
        owner = state.players[who]
        if stake > owner.chips:
            raise FieldError(("other_bets", k), f"{owner.name} owns {owner.chips} chips and cannot stake {stake}")
        others.append(stake)
    return others


def _gains(distribution: Mapping[int, float], chips: int, max_other: int) -> dict[int, float]:
    """Stake -> expected gain: ``P(H >= b) * (2b if b >= the others' highest bet else b) -
    P(H < b) * b``, for a pass (0) and every stake the player can make."""

    def expected_gain(b: int) -> float:
        win = float(sum(p for h, p in distribution.items() if h >= b))
        return win * (2 * b if b >= max_other else b) - (1 - win) * b

    candidates = [0] + list(range(CHIP_UNIT, chips + 1, CHIP_UNIT))
    return {b: expected_gain(b) for b in candidates}


def best_bet(gains: Mapping[int, float]) -> int:
    """The stake with the largest expected gain; among stakes whose gains differ by no more
    than rounding, the smallest (a pass before a bet). A gain of stake b is a sum of chances
    times at most 2b, so its rounding is relative to b: two gains count as equal within
    ``ROUNDING * (b + b')``, never within a fixed amount that would hide a real gain."""
    from oracle.solve.dp.coal import ROUNDING

    top = max(gains, key=lambda b: gains[b])
    return min(b for b in gains if gains[top] - gains[b] <= ROUNDING * (top + b))


@register_question(
    SLUG,
    "bet-advice",
    summary="The distribution of the round's highest haul and the bet with the best expected gain.",
    params={
        "player": Param("who is betting", required=True),
        "policy": Param("how every player pulls: 'max-haul' (default), 'target:N', 'threshold:N'"),
        "policies": Param("per player name, overriding 'policy'"),
        "other_bets": Param("known stakes of the others, {name: stake}; default those already placed"),
        "max_states": Param("above this much work the distribution is sampled (default 400000, at most 50000000)"),
        "samples": Param("rounds sampled when it is (default 20000, at most 1000000)"),
        "time_limit": TIME_LIMIT,
    },
)
def bet_advice(ctx: QuestionContext) -> Answer:
    from oracle.solve.exact.highest_haul import MAX_STATES_LIMIT, SAMPLES_LIMIT, highest_haul_distribution

    budget = ctx.budget(ROUND_SECONDS)
    state: RoundState = ctx.state
    index = _player_param(ctx, default_current=False)
    me = state.players[index]
    current = state.current()
    if current is not None and current.pulled:
        raise IllegalActionError(f"{current.name} is in the middle of a turn; ask between turns")
    if state.phase == "settle":
        raise IllegalActionError("every player has pulled: the highest haul is known")
    order, policies = _policies(ctx)
    max_other = max(_other_bets(ctx, index), default=0)
    dist = highest_haul_distribution(
        state.oven,
        policies,
        # The best haul pulled so far; None before anyone has pulled (a haul may be below 0
        # when a scenario invents pieces worth less than 0).
        max((p.haul for p in state.players if p.done), default=None),
        max_states=_bounded(ctx, "max_states", 400_000, MAX_STATES_LIMIT),
        samples=_bounded(ctx, "samples", 20_000, SAMPLES_LIMIT),
        must_draw_first=_must_draw_first(state),
        budget=budget,
    )
    out: dict[str, Any] = {
        "player": me.name,
        "method": dist.method,
        "samples": dist.samples,
        "policies": [f"{state.players[i].name}: {p}" for i, p in zip(order, policies)],
        "distribution": [{"haul": h, "probability": dist.distribution[h]} for h in sorted(dist.distribution)],
        "expected_highest_haul": None,
        "other_bets_highest": max_other,
        "best_bet": None,
        "expected_gain": None,
        "gains": {},
    }
    if me.stake is not None:
        out["current_stake"] = me.stake
    limits = _limits(budget, dist.bound)
    if not dist.distribution:  # not one round could be sampled in time
        return Answer(out | limits, _out_of_time(budget) + ": not one round could be sampled", RULE_BET)
    gains = _gains(dist.distribution, me.chips, max_other)
    best = best_bet(gains)
    out |= {
        "expected_highest_haul": sum(h * p for h, p in dist.distribution.items()),
        "best_bet": best,
        "expected_gain": gains[best],
        "gains": {str(b): gains[b] for b in gains},
    }
    text = (f"{me.name} should " + (f"bet {best}" if best else "pass") + f": an expected gain of "
            f"{gains[best]:+.2f} chips, with the round's highest haul {out['expected_highest_haul']:.1f} on average")
    if max_other:
        text += f" and the others' highest bet {max_other}"
    text += f" ({dist.method}"
    text += f", {dist.samples:,} rounds sampled" if dist.method == "monte-carlo" else ""
    text += f"; {TIME_NOTE})" if dist.bound == "time_limit" else ")"
    return Answer(out | limits, text, RULE_BET)
