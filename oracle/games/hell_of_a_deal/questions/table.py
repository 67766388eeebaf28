"""Hell of a Deal's registration (``GAME``) and the question kinds the engine answers:
``showdown``, ``best-hand``, ``legal-moves``, ``apply`` and ``game-status`` (the solver kinds
are in ``questions.solvers``). Params and answer keys are documented in the game's page."""

from __future__ import annotations

from dataclasses import replace
from functools import wraps
from typing import Any, Callable, Mapping

from oracle.cards import format_cards
from oracle.errors import FieldError, OracleError
from oracle.registry import Answer, GameInfo, Param, QuestionContext, register_game, register_question
from oracle.text import quote
from oracle.words import plural

from ..actions import BONES, Action
from ..engine import apply_action
from ..moves import legal_moves_report
from ..position import ENTRY_KEYS, POSITION_KEYS, cards_field, field_size, load_position, number_field
from ..resolution import banned_ranks_for, current_boss_play, player_selection, toll_options
from ..round import awaiting, describe_wait
from ..rules import OPTIONS, SLUG, blackjack_total
from ..state import HodState, Pending, PlayerState
from .words import best_hand_text, by_tolls_text, moves_text, showdown_text, status_text, table_text

# ---------------------------------------------------------------------------------------
# Summaries and question kinds.


def player_summary(state: HodState, p: PlayerState) -> dict[str, Any]:
    return {
        "name": p.name,
        "hand": [str(c) for c in p.hand],
        "revealed": [str(c) for c in p.revealed],
        "temptation": p.temptation,
        "curses": p.curses_active,
        "face_down_curses": p.curses_face_down,
        "bets": [str(b) for b in p.bets],
        "folded": p.folded,
        "favors": list(p.favors),
    }


def state_summary(state: HodState) -> dict[str, Any]:
    return {
        "status": state.status,
        "reason": state.reason,
        "boss": state.boss.name,
        "boss_deck": list(state.boss_deck),
        "round": state.round_number,
        "phase": state.phase,
        "awaiting": {k: v for k, v in awaiting(state).items() if v is not None},
        "souls": state.souls,
        "board": [str(c) for c in state.board],
        "stacks": {str(k): str(v) for k, v in state.stacks.items()},
        "boss_hole": [str(c) for c in state.boss_hole],
        "tolls": [str(c) for c in state.tolls],
        "discard": [str(c) for c in state.discard],
        "offerings_used": sorted(state.offerings_used),
        "players": [player_summary(state, p) for p in state.players],
        "temptation": state.levels(),
        "results": {n: r["outcome"] for n, r in state.results.items()},
    }


GAME = register_game(GameInfo(
    slug=SLUG,
    title="Hell of a Deal",
    rulebook="hell-of-a-deal.txt",
    ruleset="hell-of-a-deal",
    options=OPTIONS,
    position_keys=POSITION_KEYS,
    load_position=load_position,
    number_field=number_field,
    entry_keys=ENTRY_KEYS,
    field_size=field_size,
))


def _state(ctx: QuestionContext) -> HodState:
    if ctx.state is None:
        return load_position(ctx.position, ctx.rules)
    return ctx.state


def designer_bosses(state: HodState) -> list[str]:
    """The Bosses faced now or still in the deck that are a scenario's own, not the rulebook's."""
    return [name for name in (state.boss.name, *state.boss_deck) if state.bosses[name].designer]


def unmodelled_bosses(state: HodState) -> list[str]:
    """The Bosses faced now or still in the deck that are cards the rulebook does not print,
    named by their reading: their special rules are not modelled."""
    return [name for name in (state.boss.name, *state.boss_deck) if state.bosses[name].unmodelled]


def hod_question(kind: str, *, summary: str, params: Mapping[str, Param] | None = None):
    """``register_question`` for this game. Every answer also says which Bosses in play are a
    scenario's own (``designer_bosses``): their abilities are the scenario's, not the rulebook's;
    and which are cards the rulebook does not print (``unmodelled_bosses``): their abilities are
    not modelled."""

    def decorate(handler: Callable[[QuestionContext], Answer]) -> Callable[[QuestionContext], Answer]:
        @wraps(handler)
        def answer(ctx: QuestionContext) -> Answer:
            state = _state(ctx)
            result = handler(replace(ctx, state=state))
            extra, notes = {}, []
            if designers := designer_bosses(state):
                extra["designer_bosses"] = designers
                notes.append(f"{' and '.join(designers)}: a Boss of the scenario's own (new: true), not from the "
                             "rulebook")
            if unprinted := unmodelled_bosses(state):
                extra["unmodelled_bosses"] = unprinted
                notes.append(f"{' and '.join(unprinted)}: not printed in the rulebook, read by the default hand on "
                             "the card; special rules not modelled")
            if not extra:
                return result
            return Answer(answer={**result.answer, **extra},
                          explanation=f"{result.explanation} ({'; '.join(notes)})", rule=result.rule)

        register_question(SLUG, kind, summary=summary, params=params)(answer)
        return answer

    return decorate


def mapping_shape(key: str, numbers: bool = False, choices: tuple[str, ...] = ()) -> Callable[[Any], list[tuple[tuple, str]]]:
    """The faults of a params mapping keyed by player name, whatever the table: with
    ``numbers`` each value a whole number >= 0, with ``choices`` one of them, else a name."""

    def faults(value: Any) -> list[tuple[tuple, str]]:
        if not isinstance(value, Mapping):
            return [((), f"{key} maps a player's name to a value")]
        found = []
        for name, item in value.items():
            if numbers and (not isinstance(item, int) or isinstance(item, bool) or item < 0):
                found.append(((name,), f"a whole number >= 0, got {item!r}"))
            elif choices and item not in choices:
                found.append(((name,), f"one of {', '.join(choices)}, got {item!r}"))
            elif not numbers and not choices and not isinstance(item, str):
                found.append(((name,), f"a name, got {item!r}"))
        return found

    return faults


def _param_mapping(ctx: QuestionContext, key: str, state: HodState | None = None,
                   numbers: bool = False, choices: tuple[str, ...] = ()) -> dict[str, Any]:
    """A params mapping keyed by player name; with ``state`` each key must be a player, and
    each value as ``mapping_shape`` says."""
    value = ctx.params.get(key) or {}
    faults = mapping_shape(key, numbers, choices)(value)
    if faults:
        inside, message = faults[0]
        raise FieldError((key, *inside), message)
    for name in value:
        if state is not None and name not in state.names:
            raise FieldError((key, name), f"{name!r} is not a player ({', '.join(state.names)})")
    return dict(value)


@hod_question("showdown", summary="Each player's result against the Boss, with Souls, Temptation and Curses",
                   params={
                       "tolls": Param("player -> Souls paid to The Boatman (default: none)",
                                      shape=mapping_shape("tolls", numbers=True)),
                       "boss_draws": Param("Red Jack's showdown draws, in order"),
                       "bones": Param("player -> Bones result (Favor, Temptation, Curse); unset: all three listed",
                                      shape=mapping_shape("bones", choices=BONES)),
                       "favors_drawn": Param("player -> Favor drawn on a Bones 'Favor'", shape=mapping_shape("favors_drawn")),
                       "assignment": Param("player -> Temptation taken for a player at 10",
                                           shape=mapping_shape("assignment", numbers=True)),
                   })
def showdown_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    tolls = _param_mapping(ctx, "tolls", state, numbers=True)
    bones = _param_mapping(ctx, "bones", state, choices=BONES)
    drawn = _param_mapping(ctx, "favors_drawn", state)
    assignment = _param_mapping(ctx, "assignment", state, numbers=True)
    draws = cards_field(ctx.params.get("boss_draws"), ("boss_draws",))
    if state.phase not in ("showdown-prep", "showdown"):
        raise FieldError(("kind",), f"the round is at the {state.phase}: the showdown comes after the River")
    s, skipped_bones = _play_showdown(state, tolls, bones, drawn, assignment, draws)
    if s.phase != "showdown":
        raise FieldError(("kind",), f"the showdown cannot resolve yet: waiting for {describe_wait(awaiting(s))}")
    play = current_boss_play(s)
    players = {p.name: _showdown_entry(s, p, p.name in skipped_bones) for p in s.players}
    before = s.before_showdown
    answer = {
        "boss": play.to_json(s.boss),
        "players": players,
        "souls_before": before["souls"],
        "souls_after": s.souls,
        "temptation_to_assign": s.assign_overflow,
        "status": s.status,
        "reason": s.reason,
    }
    text = showdown_text(s.boss.name, play.description, play.reason, players, before["souls"], s.souls,
                         s.assign_overflow, s.status, s.reason)
    return Answer(answer=answer, explanation=text, rule="Hell of a Deal: Showdown Phase; Collect Penalties & Rewards")


def _play_showdown(state: HodState, tolls: dict, bones: dict, drawn: dict, assignment: dict,
                   draws: list) -> tuple[HodState, list[str]]:
    """The showdown played out with the question's tolls, draws, Bones and assignment; the
    Bones of a player the question leaves unrolled are skipped (and listed)."""
    s = state
    skipped_bones: list[str] = []
    assignment_left = dict(assignment)
    given = len(draws)
    while s.status == "going on":
        wait = awaiting(s)
        if wait["by"] == "team":
            if not assignment_left:
                break
            line = "assign Temptation: " + ", ".join(f"{n} {c}" for n, c in assignment_left.items())
            assignment_left = {}
        elif s.pending:
            item = s.pending[0]
            if item.kind == "toll":
                line = str(Action(kind="toll", actor=item.player, count=int(tolls.get(item.player, 0))))
            elif item.kind == "boss_hit":
                if not draws:
                    raise FieldError(("boss_draws",), _draws_wanted(s, given))
                line = f"deal Boss {draws.pop(0)}"
            elif item.kind == "bones" and item.player not in bones:
                skipped_bones.append(item.player)
                s = s.copy()
                s.pending.pop(0)
                continue
            elif item.kind == "bones":
                line = f"{item.player} rolls the Bones: {bones[item.player]}"
            elif item.kind == "reveal":  # the question plays no Instant at the showdown
                line = "reveal hands"
            elif item.kind == "favor_draw" and item.player in drawn:
                line = f"{item.player} draws Favor {drawn[item.player]}"
            else:
                break
        else:
            break
        try:
            s = apply_action(s, line)
        except OracleError as exc:
            param = {"toll": "tolls", "bones": "bones", "favor_draw": "favors_drawn",
                     "boss_hit": "boss_draws"}.get(s.pending[0].kind if s.pending else "", "assignment")
            raise FieldError((param,), f"{quote(line)}: {exc}") from exc
    return s, skipped_bones


def _draws_wanted(s: HodState, given: int) -> str:
    """Why the showdown waits for another of the Boss's draws: none given, or too few."""
    limit = s.boss.draws_while_at_most
    total = blackjack_total(s.boss_hole)
    rule = f"he draws one card at a time while his total is {limit} or less ('deal cards to his hand until the total is over 16')"
    if not given:
        return f"{s.boss.name}'s cards {format_cards(s.boss_hole)} total {total}: {rule}; give boss_draws"
    return (f"{s.boss.name}'s cards total {total} after the {plural(given, 'card')} in boss_draws: {rule}; "
            f"give more cards in boss_draws")


def _showdown_entry(s: HodState, p: PlayerState, bones_unrolled: bool) -> dict[str, Any]:
    """One player's showdown result with the changes to their tracks; with the Bones unrolled,
    what each of the three results would add."""
    b_temptation, b_curses = s.before_showdown["players"][p.name]
    r = dict(s.results.get(p.name, {}))
    r["temptation_change"] = p.temptation - b_temptation
    r["curses_change"] = p.curses - b_curses
    r["temptation"] = p.temptation
    r["face_down_curses"] = p.curses_face_down
    if bones_unrolled:
        r["bones"] = {}
        for outcome in BONES:
            t = s.copy()
            t.pending.insert(0, Pending("bones", p.name))
            t = apply_action(t, f"{p.name} rolls the Bones: {outcome}")
            t2 = t.player(p.name)
            r["bones"][outcome] = {
                "temptation_change": t2.temptation - b_temptation,
                "curses_change": t2.curses - b_curses,
                "temptation_to_assign": t.assign_overflow,
                "favor_drawn": outcome == "Favor",
            }
    return r


@hod_question("best-hand", summary="A player's best hand under every restriction in force",
                   params={"player": Param("the player's name", required=True)})
def best_hand_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    name = ctx.params.get("player")
    if name not in state.names:
        raise FieldError(("player",), f"{name!r} is not a player ({', '.join(state.names)})")
    p = state.player(name)
    banned = sorted(r.value for r in banned_ranks_for(state.boss, state.community()))
    answer: dict[str, Any] = {"player": name, "banned_values": banned,
                              "max_hand_cards": 2 + p.extra_hand_cards,
                              "wild_values": sorted(r.value for r in p.wild_ranks)}
    if state.boss.tolls:
        options = toll_options(state, name)
        answer["tolled_values"] = sorted({c.rank.value for c in state.tolls})
        answer["by_tolls"] = [{"souls_paid": len(s.tolled_used), "hand": s.to_json()} for s in options]
        sel = options[0] if options else None
        answer["hand"] = None if sel is None else sel.to_json()
        text = by_tolls_text(name, answer["by_tolls"])
    else:
        sel = player_selection(state, name)
        answer["hand"] = None if sel is None else sel.to_json()
        text = best_hand_text(name, answer["hand"])
    return Answer(answer=answer, explanation=text, rule="Hell of a Deal: Showdown Phase, Reveal Player Hands")


@hod_question("legal-moves", summary="What may be done at this step, and why everything else may not")
def legal_moves_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    report = legal_moves_report(state)
    return Answer(answer=report, explanation=moves_text(report), rule="Hell of a Deal: Betting")


@hod_question("apply", summary="The position after its history, with the last showdown's results")
def apply_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    summary = state_summary(state)
    return Answer(answer=summary, explanation=table_text(summary, _effects(state.log)),
                  rule="Hell of a Deal: Playing the Game")


def _effects(log: list[str]) -> list[str]:
    """What the history did besides its own action lines: Temptation, Curses, heals, a
    showdown (the log holds both; an entry that reads as an action line is an action)."""
    effects = []
    for entry in log:
        try:
            Action.parse(entry)
        except OracleError:
            effects.append(entry)
    return effects


@hod_question("game-status", summary="Won, lost or going on, with the reason")
def game_status_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    reason = state.reason or f"facing {state.boss.name}, {state.phase}"
    answer = {"status": state.status, "reason": reason, "boss": state.boss.name, "souls": state.souls,
              "temptation": state.levels(), "beaten": list(state.beaten_bosses)}
    return Answer(answer=answer, explanation=status_text(answer),
                  rule="Hell of a Deal: Winning the Game; Losing the Game")
