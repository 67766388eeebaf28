"""Hell of a Deal's solver question kinds: odds, temptation-assignment, team-swap,
toll-payment and offering-choice, registered when the package is imported. Light to import:
numpy, ortools and z3 are imported inside the solvers.

A question may carry a progress callback: if the question context has an attribute
``progress`` (a callable ``(done, total)``), long computations report through it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from oracle.budget import LONGEST, Budget
from oracle.cards import parse_cards
from oracle.errors import FieldError, OracleError, did_you_mean
from oracle.registry import TIME_LIMIT, Answer, Param, QuestionContext
from oracle.words import plural

from ..position import load_position
from .settlement import read_objective
from .table import hod_question

_ODDS_PARAMS = {
    "view": Param("'table' (every listed card but the Boss's face-down ones; default) or a player's name"),
    "player": Param("a player's name: the odds as that player sees them (the same as view: NAME)"),
    "boss_cards": Param("'revealed' (default: only his face-up hole cards are known) or 'all'"),
    "method": Param("'auto' (default), 'exact' or 'monte-carlo'"),
    "samples": Param("Monte Carlo sample size (default 200000, at most 10000000)"),
    "seed": Param("Monte Carlo seed (default 0)"),
    "exact_seconds": Param("largest estimated time for exact enumeration before sampling (default 10)"),
    "time_limit": TIME_LIMIT,
}
OBJECTIVE = Param("the measures plans are compared on, in order (default [game, souls, temptation, curses]: "
                  "avoid losing the game, then the most Souls, the least Temptation, the fewest Curses)")
# Each solver question's own time limit when it gives none, in seconds: a normal question
# takes a few seconds at most (see the performance page).
ODDS_SECONDS = 60.0
TEMPTATION_SECONDS = 10.0
# The largest seed numpy's generator is given: any 64-bit number.
MAX_SEED = 2**64 - 1
# The most Temptation events (after "everyone" is spread over the players) and heals a
# question may list: a game holds far fewer, and the model grows with their product.
MAX_EVENTS = 1_000
MAX_HEALS = 200


def _state(ctx: QuestionContext):
    if ctx.state is not None:
        return ctx.state
    return load_position(ctx.position, ctx.rules)


def _progress(ctx: QuestionContext):
    return getattr(ctx, "progress", None)


def _int_param(ctx: QuestionContext, key: str, default: int, low: int = 0, high: int | None = None) -> int:
    value = ctx.params.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"from {low:,} to {high:,}" if high is not None else f">= {low}"
        raise FieldError((key,), f"{key} must be a whole number {bound}, got {value!r}")
    return value


def _bool_param(ctx: QuestionContext, key: str, default: bool) -> bool:
    value = ctx.params.get(key, default)
    if not isinstance(value, bool):
        raise FieldError((key,), f"{key} is true or false, not {value!r}")
    return value


def _view(ctx: QuestionContext, state, allowed: list[str] | None) -> str:
    """The ``view`` param: 'table' or a player's name (one of ``allowed``; None: any player)."""
    view = ctx.params.get("view", "table")
    if view == "table":
        return view
    if not isinstance(view, str) or view not in state.names:
        raise FieldError(("view",), f"view is 'table' or a player's name, not {view!r}")
    if allowed is not None and view not in allowed:
        raise FieldError(("view",), f"view must be 'table' or {' or '.join(allowed) or 'no player'} here, not {view!r}")
    return view


def _odds_options(ctx: QuestionContext, budget: Budget) -> dict[str, Any]:
    """The odds params as ``compute_odds`` takes them, each checked and bounded, with the
    question's budget."""
    from oracle.solve.exact.holdem import DEFAULT_SAMPLES, MAX_SAMPLES

    options: dict[str, Any] = {
        "method": str(ctx.params.get("method", "auto")),
        "samples": _int_param(ctx, "samples", DEFAULT_SAMPLES, 1, MAX_SAMPLES),
        "seed": _int_param(ctx, "seed", 0, 0, MAX_SEED),
        "progress": _progress(ctx),
        "budget": budget,
    }
    seconds = ctx.params.get("exact_seconds", 10.0)
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds <= LONGEST:
        raise FieldError(("exact_seconds",), f"exact_seconds must be a number of seconds from 0 to {LONGEST:g}, "
                                             f"got {seconds!r}")
    options["exact_seconds"] = float(seconds)
    return options


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# ---------------------------------------------------------------------------------------
# odds


def _odds_view(ctx: QuestionContext, names: Sequence[str]) -> str:
    """Whose knowledge the odds are computed from: ``player: NAME`` is ``view: NAME``."""
    view, player = ctx.params.get("view"), ctx.params.get("player")
    if player is None:
        return str("table" if view is None else view)
    if player not in names:
        raise FieldError(("player",), f"no player {player!r} at this table{did_you_mean(player, names, 'players')}")
    if view is not None and view != player:
        raise FieldError(("player",), f"player {player!r} and view {view!r} disagree: give one of them")
    return player


@hod_question("odds", summary="Exact odds to win, push and lose against the Boss, and expected Souls",
                   params=_ODDS_PARAMS)
def odds_question(ctx: QuestionContext) -> Answer:
    from oracle.solve.exact.holdem import compute_odds

    from .problems import odds_problem

    budget = ctx.budget(ODDS_SECONDS)
    state = _state(ctx)
    options = _odds_options(ctx, budget)
    problem = odds_problem(state, view=_odds_view(ctx, state.names),
                           boss_cards=str(ctx.params.get("boss_cards", "revealed")))
    result = compute_odds(problem, **options)
    answer = result.to_json()
    answer["boss"] = state.boss.name
    parts = [f"{s.name} {_pct(s.win)} win / {_pct(s.push)} push / {_pct(s.lose)} lose"
             for s in result.seats if not s.folded]
    if result.exact:
        how = f"over {plural(result.deals, 'deal')} exactly"
    elif result.method == "exact":
        how = f"over {result.deals:,} of the {plural(result.deals_total, 'deal')}, enumerated before the time limit (bounds given)"
    else:
        how = f"by {result.deals:,} seeded samples" + (" (stopped at the time limit)" if result.bound_reached else "")
    return Answer(answer=answer,
                  explanation=f"Against {state.boss.name}, {how}: " + "; ".join(parts)
                  + f"; the team expects {answer['expected_team_souls']:+.3f} Souls",
                  rule="Hell of a Deal: Showdown Phase, Compare Hands")


# ---------------------------------------------------------------------------------------
# temptation-assignment


def _events(ctx: QuestionContext, state) -> list:
    from oracle.solve.cpsat.temptation import Suffering

    raw = ctx.params.get("events")
    if raw is None:
        if state.assign_overflow:
            at_max = [p.name for p in state.players if p.temptation >= 10]
            return [Suffering(player=at_max[0], amount=state.assign_overflow)]
        raise FieldError(("events",), "list the Temptation to place ('events: [Anna suffers 2]')")
    if not isinstance(raw, list):
        raise FieldError(("events",), "events is a list of 'NAME suffers N'")
    events = []
    for i, item in enumerate(raw):
        if isinstance(item, Mapping):
            amount = item.get("amount")
            if "player" not in item or not isinstance(amount, int) or isinstance(amount, bool):
                raise FieldError(("events", i), "an event is {player: NAME, amount: N} with N a whole number")
            events.append(Suffering(player=str(item["player"]), amount=amount))
        else:
            try:
                events.append(Suffering.parse(str(item)))
            except FieldError as exc:
                raise FieldError(("events", i), exc.message) from exc
        if not 0 <= events[-1].amount <= 100:  # four players hold at most 40 on the track
            raise FieldError(("events", i), f"an amount of Temptation is 0 to 100, not {events[-1].amount}")
        if events[-1].player == "everyone":
            amount = events.pop().amount
            events.extend(Suffering(player=n, amount=amount) for n in state.names)
        if len(events) > MAX_EVENTS:
            raise FieldError(("events",), f"at most {MAX_EVENTS:,} events (each 'everyone' counts once a player)")
    return events


def _heals(ctx: QuestionContext) -> tuple[int, ...]:
    raw = ctx.params.get("heals", [])
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= MAX_HEALS:
            raise FieldError(("heals",), f"heals is a count from 0 to {MAX_HEALS} or a list of amounts, not {raw!r}")
        return (1,) * raw
    if not isinstance(raw, list):
        raise FieldError(("heals",), "heals is a count of 1-space heals or a list of amounts")
    if len(raw) > MAX_HEALS:
        raise FieldError(("heals",), f"at most {MAX_HEALS} heals, not {len(raw)}")
    for i, a in enumerate(raw):
        if not isinstance(a, int) or isinstance(a, bool) or not 1 <= a <= 10:
            raise FieldError(("heals", i), f"a heal moves a token back 1 to 10 spaces, not {a!r}")
    return tuple(raw)


@hod_question("temptation-assignment",
                   summary="Place Temptation (and use heals) so that no second player reaches 10",
                   params={
                       "events": Param("Temptation to suffer, in order: ['Anna suffers 2', 'everyone suffers 1'] "
                                       "(default: the Temptation over 10 the position waits to assign)"),
                       "heals": Param("heals the team can still use first: a count of 1-space heals or a list of amounts"),
                       "levels": Param("player -> Temptation, overriding the position"),
                       "time_limit": TIME_LIMIT,
                   })
def temptation_question(ctx: QuestionContext) -> Answer:
    from oracle.solve.cpsat.temptation import TemptationProblem, solve

    budget = ctx.budget(TEMPTATION_SECONDS)
    state = _state(ctx)
    levels = dict(state.levels())
    override = ctx.params.get("levels") or {}
    if not isinstance(override, Mapping):
        raise FieldError(("levels",), "levels maps a player's name to a Temptation level")
    for name, level in override.items():
        if name not in levels:
            raise FieldError(("levels", name), f"{name!r} is not a player")
        levels[name] = level
    problem = TemptationProblem(levels=tuple(levels.items()), events=tuple(_events(ctx, state)),
                                heals=_heals(ctx), no_healing=state.boss.no_healing)
    result = solve(problem, time_limit=budget.seconds or TEMPTATION_SECONDS, budget=budget)
    answer: dict[str, Any] = {"status": result.status, "feasible": result.status in ("optimal", "feasible"),
                              "bound_reached": result.bound_reached}
    if result.notes:
        answer["notes"] = list(result.notes)
    rule = "Hell of a Deal: Temptation"
    if result.plan is not None:
        answer.update(result.plan.to_json())
        answer["barriers_crossed"] = result.barriers_crossed
        answer["min_room"] = result.min_room
        answer["heal_spent"] = result.heal_spent
        text = f"{result.status}: " + _placement_text(answer)
    elif result.status == "infeasible":
        answer["reasons"] = list(result.reasons)
        text = "no placement keeps the team alive: two players must reach 10"
        if result.reasons:
            text += ", because " + "; ".join(result.reasons)
        if result.notes:
            text += " (" + "; ".join(result.notes) + ")"
        rule = "Hell of a Deal: Temptation; Losing the Game"
    else:
        text = "unknown: " + "; ".join(result.notes)
    return Answer(answer=answer, explanation=text, rule=rule)


# ---------------------------------------------------------------------------------------
# team-swap


def _placement_text(answer: Mapping[str, Any]) -> str:
    """``heal Cara 1, then Cara takes 3: Temptation Anna 10, Ben 9, Cara 9; ...``."""
    heals = [f"heal {h['target']} {h['amount']}" for h in answer.get("heals") or []]
    takes = [f"{name} takes {amount}" for event in answer.get("events") or [] for name, amount in event.items()]
    steps = (", ".join(heals) + ", then " if heals else "") + (", ".join(takes) or "nothing to place")
    final = ", ".join(f"{n} {lv}" for n, lv in answer["final_levels"].items())
    crossed = answer["barriers_crossed"]
    barriers = "no Flame Barrier crossed" if not crossed else f"{plural(crossed, 'Flame Barrier')} crossed"
    return (f"{steps}: Temptation {final}; {barriers}; the nearest player to 10 is "
            f"{answer['min_room']} below it")


def _names(ctx: QuestionContext, key: str, state, default: list[str]) -> list[str]:
    raw = ctx.params.get(key)
    if raw is None:
        return default
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list):
        raise FieldError((key,), f"{key} is a player's name or a list of names")
    for i, n in enumerate(items):
        if n not in state.names:
            raise FieldError((key, i), f"{n!r} is not a player ({', '.join(state.names)})")
    return [str(n) for n in items]


@hod_question("team-swap",
                   summary="The card swaps among willing players that do the team the most good",
                   params={
                       "by": Param("who may bet the Devilish Offering (default: every player still in with one to bet)"),
                       "willing": Param("who is willing to swap (default: every player still in)"),
                       "max_swaps": Param("how many swaps (default 1: 'Offerings that have not been previously used this round')"),
                       "only_revealed": Param("the partner's card must be face up (default false)"),
                       "objective": OBJECTIVE,
                       **{k: v for k, v in _ODDS_PARAMS.items() if k not in ("view", "player")},
                       "view": Param("only 'table' (the default): the swap is planned on every listed hand"),
                   })
def team_swap_question(ctx: QuestionContext) -> Answer:
    from oracle.solve.cpsat.team_swap import candidate_swaps, hands_after

    from .plans import team_swap_plan
    from .problems import odds_problem

    budget = ctx.budget(ODDS_SECONDS)
    state = _state(ctx)
    objective = read_objective(ctx.params.get("objective"))
    if "swap" in state.offerings_used:
        raise FieldError(("kind",), "the Offering 'Swap a card with a Player' is already used this round")
    live = [p.name for p in state.players if not p.folded]

    def can_offer(name: str) -> bool:
        left = state.player(name).chips_left()
        return left.get("Devilish Offering", 0) > 0 or left.get("Wild", 0) > 0

    by = _names(ctx, "by", state, [n for n in live if can_offer(n)])
    willing = _names(ctx, "willing", state, live)
    for key, names in (("by", by), ("willing", willing)):
        for n in names:
            if state.player(n).folded:
                raise FieldError((key,), f"{n} has folded: a folded hand is discarded")
    # Each swap is between two players and each player is in one at most.
    max_swaps = _int_param(ctx, "max_swaps", 1, 0, max(1, len(state.players) // 2))
    only_revealed = _bool_param(ctx, "only_revealed", False)
    # The swap is planned on every listed hand (the team's puzzle): a single player's view
    # would leave the partner's hidden cards unknown, which the model does not cover.
    _view(ctx, state, [])
    options = _odds_options(ctx, budget)
    options.pop("progress")
    base = odds_problem(state, boss_cards=str(ctx.params.get("boss_cards", "revealed")))
    hands = {n: tuple(state.player(n).hand) for n in live}
    public = {n: tuple(state.player(n).revealed) for n in live} if only_revealed else None
    candidates = candidate_swaps(hands, by, willing, public)
    plan = team_swap_plan(state, base, hands, candidates, max_swaps=max_swaps, objective=objective,
                          odds_options=options, budget=budget, progress=_progress(ctx))
    odds_for = plan.pop("odds_for")
    after = hands_after(hands, plan["swaps"])
    players = {n: {"hand": [str(c) for c in after[n]], "before": _brief(odds_for(n, hands[n])),
                   "after": _brief(odds_for(n, after[n]))} for n in live}
    known = bool(live) and all(odds_for(n, hands[n]).wins + odds_for(n, hands[n]).pushes
                               + odds_for(n, hands[n]).losses == 1 for n in live)
    answer: dict[str, Any] = {**plan, "swaps": [s.to_json() for s in plan["swaps"]], "boss_known": known,
                              "candidates": len(candidates), "players": players, "objective": list(objective)}
    if known:
        answer["winners_before"] = sum(1 for n in live if players[n]["before"]["win"] == 1)
        answer["winners_after"] = sum(1 for n in live if players[n]["after"]["win"] == 1)
        goal = f"winners {answer['winners_before']} → {answer['winners_after']}"
    else:
        answer["expected_souls_before"] = round(sum(odds_for(n, hands[n]).expected_souls for n in live), 6)
        answer["expected_souls_after"] = round(sum(odds_for(n, after[n]).expected_souls for n in live), 6)
        goal = f"expected Souls {answer['expected_souls_before']:+.3f} → {answer['expected_souls_after']:+.3f}"
    what = "; ".join(str(s) for s in plan["swaps"]) or "no swap helps"
    return Answer(answer=answer, explanation=f"{what} ({goal}; {_settled(plan['settlement_after'])})",
                  rule="Hell of a Deal: Devilish Offering chip, Swap a card with a Player")


def _brief(odds) -> dict[str, float]:
    return {"win": round(odds.win, 6), "push": round(odds.push, 6), "lose": round(odds.lose, 6),
            "expected_souls": round(odds.expected_souls, 6)}


def _settled(measures: Mapping[str, float] | None) -> str:
    """The expected settlement of a plan, each measure named."""
    if not measures:
        return "the settlement is not weighed"
    return (f"expected settlement: game lost {100 * measures['game_lost']:.1f}% of the time, Souls "
            f"{measures['souls']:+.3f}, Temptation {measures['temptation']:+.3f}, Curses {measures['curses']:+.3f}")


# ---------------------------------------------------------------------------------------
# toll-payment


@hod_question("toll-payment",
                   summary="Under The Boatman, the fewest Souls to pay, and for which cards, to win or push",
                   params={"players": Param("the players to advise (default: every player still in)"),
                           "objective": OBJECTIVE,
                           **{k: v for k, v in _ODDS_PARAMS.items() if k not in ("view", "player")},
                           "view": Param("'table' (default) or the name of the one player to advise, "
                                         "with only what that player knows")})
def toll_question(ctx: QuestionContext) -> Answer:
    from .plans import toll_payment

    state = _state(ctx)
    players = ctx.params.get("players")
    if players is not None:
        players = _names(ctx, "players", state, [])
    view = _view(ctx, state, None)
    if view != "table":
        if players is None:
            players = [view]
        elif players != [view]:
            raise FieldError(("players",), f"with view {view!r} only {view}'s tolls can be advised")
    options = _odds_options(ctx, ctx.budget(ODDS_SECONDS))
    progress = options.pop("progress")
    report = toll_payment(state, players=players, boss_cards=str(ctx.params.get("boss_cards", "revealed")),
                          odds_options=options, view=view, progress=progress,
                          objective=read_objective(ctx.params.get("objective")))
    parts = []
    for name, entry in report["players"].items():
        if entry["boss_known"]:
            win = entry.get("fewest_to_win")
            parts.append(f"{name} wins by paying {plural(win, 'Soul')}" if win is not None else f"{name} cannot win")
    team = report["team"]
    pay = ", ".join(f"{name} {plural(count, 'Soul')}" for name, count in team["pay"].items())
    text = (f"the team pays {team['souls']} of the {plural(report['pot'], 'Soul')} in the pot ({pay})"
            + (f"; {'; '.join(parts)}" if parts else "") + f"; {_settled(team['settlement'])}")
    return Answer(answer=report, explanation=text, rule="Hell of a Deal: The Boatman")


# ---------------------------------------------------------------------------------------
# offering-choice


@hod_question("offering-choice",
                   summary="'Look at 2 Cards, Keep 1' or 'Draw a card from the Discard pile': the card to take",
                   params={"player": Param("who uses the Offering", required=True),
                           "offering": Param("'look' or 'discard'", required=True),
                           "cards": Param("for 'look': the 2 cards seen (default: the player's looked-at cards)"),
                           "objective": OBJECTIVE,
                           **{k: v for k, v in _ODDS_PARAMS.items() if k not in ("view", "player")},
                           "view": Param("'table' (default) or the player's own name: only what that player knows")})
def offering_question(ctx: QuestionContext) -> Answer:
    from .plans import offering_choice

    state = _state(ctx)
    cards = None
    if ctx.params.get("cards") is not None:
        raw = ctx.params["cards"]
        try:
            cards = parse_cards(" ".join(map(str, raw)) if isinstance(raw, list) else str(raw))
        except OracleError as exc:
            raise FieldError(("cards",), str(exc)) from exc
    player = ctx.params.get("player")
    if not isinstance(player, str) or player not in state.names:
        raise FieldError(("player",), f"{player!r} is not a player ({', '.join(state.names)})")
    view = _view(ctx, state, [player])
    options = _odds_options(ctx, ctx.budget(ODDS_SECONDS))
    progress = options.pop("progress")
    report = offering_choice(state, player=player, offering=str(ctx.params.get("offering")),
                             cards=cards, boss_cards=str(ctx.params.get("boss_cards", "revealed")),
                             odds_options=options, view=view, progress=progress,
                             objective=read_objective(ctx.params.get("objective")))
    best = next(o for o in report["options"] if o["take"] == report["take"])
    text = (f"{report['player']} takes {report['take']}: {_pct(best['odds']['win'])} to win, "
            f"{_settled(best['settlement'])}")
    name = {"look": "Look at 2 Cards, Keep 1", "discard": "Draw a card from the Discard pile"}[report["offering"]]
    return Answer(answer=report, explanation=text, rule=f"Hell of a Deal: Devilish Offering, {name}")
