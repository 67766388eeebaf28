"""Drawing Dead's registration and question kinds (params and answer keys are documented in
docs/games/drawing-dead.md), and the glue from the state to their answers."""

from __future__ import annotations

import heapq
from itertools import combinations
from typing import Any

from oracle.budget import Budget
from oracle.cards import Card, check_cards, format_cards, parse_cards
from oracle.errors import (
    CardParseError, FieldError, IllegalActionError, InvalidActionError, InvalidHandError, nearest,
)
from oracle.registry import TIME_LIMIT, Answer, GameInfo, Param, QuestionContext, register_game, register_question
from oracle.words import join, plural

from .actions import Action
from .claims import CLAIM_SECONDS, cheapest_claim
from .position import ENTRY_KEYS, POSITION_KEYS, load_position, number_field
from .rules import OPTIONS, STASH_LIMIT, UPCARD_LIMIT, hand_json, hand_strength
from .state import State

# The cleanup question lists at most this many keep-choices, and ranks for at most this long
# by default (a normal clean up has a few dozen ways to keep five).
MOST_CHOICES = 1000
CLEANUP_SECONDS = 10.0

# ---------------------------------------------------------------- answers

def summary(state: State) -> dict[str, Any]:
    name = lambda i: None if i is None else state.players[i].name  # noqa: E731
    return {
        "turn": name(state.turn),
        "phase": state.phase,
        "button": name(state.button),
        "pot": state.pot,
        "bank": state.bank,
        "chips": {p.name: p.chips for p in state.players},
        "upcards": {p.name: format_cards(p.upcards) for p in state.players},
        "stash": {p.name: format_cards(p.stash) for p in state.players},
        "stash_roles": {p.name: list(p.stash_roles) for p in state.players},
        "hands": {p.name: hand_json(p.upcards) for p in state.players},
        "played_roles": list(state.played_roles),
        "pending": [{"player": name(e.player), "role": e.role} for e in state.chain],
        "passed": {p.name: p.passed_role for p in state.players},
        "draft_options": list(state.draft_options),
        "draft": {p.name: list(p.draft) for p in state.players},
        "role_trash": list(state.role_trash),
        "poker_trash": format_cards(state.poker_trash),
        "to_act": state.to_act(),
        "winner": name(state.winner),
        "hand_won": state.hand_won,
        "deck_order": state.deck_order,
        "waiting_for": state.waiting_for(),
    }


def cleanup_choices(state: State, index: int, limit: int, budget: Budget | None = None) -> dict[str, Any]:
    """Which upcards to keep at clean up: every way of keeping 5, strongest hand first (ties
    in table order); only the ``limit`` strongest are kept while ranking. A ``budget`` that
    runs out ends the ranking: the answer then covers the ways ranked so far."""
    me = state.players[index]
    excess_up = max(0, len(me.upcards) - UPCARD_LIMIT)
    excess_stash = max(0, me.stash_size - STASH_LIMIT)
    top: list[tuple[int, int, tuple]] = []  # (strength, -order, keep): a heap of the best
    best, best_count, bound = None, 0, None
    for order, keep in enumerate(combinations(me.upcards, min(len(me.upcards), UPCARD_LIMIT))):
        if order & 1023 == 1023 and budget is not None and budget.expired():
            bound = "time_limit"
            break
        value = hand_strength(list(keep))
        if best is None or value > best:
            best, best_count = value, 0
        best_count += value == best
        item = (value, -order, keep)
        if len(top) < limit:
            heapq.heappush(top, item)
        elif item > top[0]:
            heapq.heapreplace(top, item)
    ranked = sorted(top, reverse=True)
    choices = [{"keep": [str(c) for c in keep], "trash": [str(c) for c in me.upcards if c not in keep],
                "hand": hand_json(list(keep)), "strength": value} for value, _, keep in ranked]
    first = choices[0] if choices else {"keep": [], "trash": [], "hand": None, "strength": -1}
    return {"player": me.name, "upcards_to_trash": excess_up, "stash_to_trash": excess_stash,
            "keep": first["keep"], "trash": first["trash"], "hand": first["hand"],
            "best_choices": best_count, "choices": choices,
            "stash": format_cards(me.stash), "stash_roles": list(me.stash_roles),
            "exact": bound is None, "bound_reached": bound}


# ---------------------------------------------------------------- registration

GAME = register_game(GameInfo(
    slug="drawing-dead", title="Drawing Dead", rulebook="drawing-dead.txt", ruleset="drawing-dead",
    options=OPTIONS, position_keys=POSITION_KEYS, load_position=load_position,
    number_field=number_field, entry_keys=ENTRY_KEYS))

_PLAYER = {"player": Param("the player asked about (default: the player whose turn it is)")}


def _player(ctx: QuestionContext) -> int:
    name = ctx.params.get("player")
    if name is None:
        return ctx.state.turn
    index = ctx.state.find_index(str(name))
    if index is None:
        raise FieldError(("player",), f"no player named {name!r}")
    return index


@register_question(
    "drawing-dead", "can-claim",
    params=_PLAYER | {
        "hand": Param("what-if upcards for the player instead of the position's"),
        "holder_hand": Param("what-if upcards for the Button holder (someone must hold it)"),
    },
    summary="May this player claim the Button now: both hands and the verdict")
def ask_can_claim(ctx: QuestionContext) -> Answer:
    state, index = ctx.state, _player(ctx)
    what_if = "hand" in ctx.params or "holder_hand" in ctx.params
    if what_if:
        state = state.copy()
        for key, who in (("hand", index), ("holder_hand", state.button)):
            if key not in ctx.params:
                continue
            if who is None:
                raise FieldError((key,), "nobody holds the Button in this position")
            state.players[who].upcards = _what_if_hand(ctx.params[key], key)
    me = state.players[index]
    try:
        why, beats = state.verify_claim_hands(index), True
    except IllegalActionError as exc:
        why, beats = str(exc), False
    verdict = beats
    if beats and not what_if and (state.phase != "action" or state.turn != index):
        verdict = False
        why = (f"{why}, but the Button is claimed in one's own action step and it is "
               f"{state.players[state.turn].name}'s {state.phase} phase")
    holder = None if state.button is None else state.players[state.button]
    answer = {"player": me.name, "can_claim": verdict, "beats_holder": beats,
              "hand": hand_json(me.upcards), "holder": holder and holder.name,
              "holder_hand": holder and hand_json(holder.upcards), "reason": why}
    return Answer(answer=answer, explanation=f"{'Yes' if verdict else 'No'}: {why}",
                  rule="Drawing Dead: Claim the BUTTON")


def _what_if_hand(text: Any, key: str) -> list[Card]:
    """A hypothetical hand is checked alone (one deck, one Joker); two of them may share
    cards, since the question is only how they rank."""
    if isinstance(text, list) and all(isinstance(c, str) for c in text):
        text = " ".join(text)
    if not isinstance(text, str):
        raise FieldError((key,), "expected cards as text, such as 'As Ad Jk'")
    try:
        cards = parse_cards(text)
        check_cards(cards, jokers_allowed=1, what=key)
    except (CardParseError, InvalidHandError) as exc:
        raise FieldError((key,), str(exc)) from None
    for card in cards:
        if not card.is_joker and card.suit is None:
            raise FieldError((key,), f"{card} needs a suit: upcards are real cards")
    return cards


@register_question("drawing-dead", "cheapest-claim", params=_PLAYER | {"time_limit": TIME_LIMIT},
                   summary="The fewest chips (and which stash cards) to take the Button this turn")
def ask_cheapest_claim(ctx: QuestionContext) -> Answer:
    answer = cheapest_claim(ctx.state, _player(ctx), ctx.budget(CLAIM_SECONDS))
    return Answer(answer=answer, explanation=answer["reason"],
                  rule="Drawing Dead: Play a Poker Card; Claim the BUTTON")


@register_question("drawing-dead", "cleanup",
                   params=_PLAYER | {"limit": Param(f"how many keep-choices to list (default 10, at most {MOST_CHOICES})"),
                                     "time_limit": TIME_LIMIT},
                   summary="Which upcards to keep at clean up, strongest first")
def ask_cleanup(ctx: QuestionContext) -> Answer:
    limit = ctx.params.get("limit", 10)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MOST_CHOICES:
        raise FieldError(("limit",), f"expected a whole number from 1 to {MOST_CHOICES}, not {limit!r}")
    index = _player(ctx)
    answer = cleanup_choices(ctx.state, index, limit, ctx.budget(CLEANUP_SECONDS))
    stash = answer["stash_to_trash"]
    text = (f"{answer['player']} keeps {' '.join(answer['keep']) or 'no upcard'} "
            f"({answer['hand']['description'] if answer['hand'] else 'no hand'}) and trashes "
            f"{' '.join(answer['trash']) or 'no upcard'}; "
            + (f"{plural(stash, 'stash card')} to trash too" if stash else "no stash card to trash"))
    if answer["best_choices"] > 1:
        text += f"; {answer['best_choices']} ways of keeping make the same best hand"
    if not answer["exact"]:
        text += " (the time limit ended the ranking: the best of the ways ranked so far)"
    return Answer(answer=answer, explanation=text, rule="Drawing Dead: Step 3: Clean Up")


@register_question("drawing-dead", "legal-moves",
                   params={"action": Param("an action line to check, e.g. 'Anna claims the Button'")},
                   summary="Every action allowed now, and why each other action of the phase is not")
def ask_legal_moves(ctx: QuestionContext) -> Answer:
    state = ctx.state
    moves = [str(a) for a in state.legal_actions()]
    answer = {"phase": state.phase, "to_act": state.to_act(), "moves": moves, "count": len(moves),
              "illegal": state.left_out(), "waiting_for": state.waiting_for()}
    explanation = _moves_text(state.phase, moves, answer["illegal"])
    if "action" in ctx.params:
        line = ctx.params["action"]
        action = _read_action(state, line)
        try:
            state.verify(action)
            answer |= {"action": line, "legal": True, "reason": None}
        except IllegalActionError as exc:
            answer |= {"action": line, "legal": False, "reason": str(exc)}
        explanation = f"{line!r} is " + ("legal" if answer["legal"] else f"illegal: {answer['reason']}")
    return Answer(answer=answer, explanation=explanation, rule="Drawing Dead: On Your Turn")


def _moves_text(phase: str, moves: list[str], illegal: dict[str, str]) -> str:
    """The legal moves of the phase, each named (grouped by what they do past eight), and how
    many others of the phase are not allowed (each with its reason in ``illegal``)."""
    if len(moves) <= 8:
        listed = join((repr(m) for m in moves), "or")
    else:
        kinds: dict[str, int] = {}
        for move in moves:
            kind = " ".join(move.split()[:2])
            kinds[kind] = kinds.get(kind, 0) + 1
        listed = join((f"'{kind} …' ({n} ways)" if n > 1 else repr(kind) for kind, n in kinds.items()), "or")
    text = f"{plural(len(moves), 'legal move')} in the {phase} phase: {listed}"
    if illegal:
        text += f"; {plural(len(illegal), 'other move')} of the phase {'is' if len(illegal) == 1 else 'are'} not allowed (see illegal)"
    return text


def _read_action(state: State, line: Any) -> Action:
    """The ``action`` parameter: a line that parses and names a player at this table (or
    'all pass'). Anything else is a bad parameter, not an illegal move."""
    example = f"{state.players[state.turn].name} ends the turn"
    if not isinstance(line, str):
        raise FieldError(("action",), f"must be an action line such as {example!r}, not {line!r}")
    try:
        action = Action.parse(line)
    except InvalidActionError as exc:
        raise FieldError(("action",), str(exc)) from None
    if action.player is not None and state.find_index(action.player) is None:
        names = [p.name for p in state.players]
        close = nearest(action.player, names)
        raise FieldError(("action",), f"there is no player named {action.player!r} at this table "
                                      f"({', '.join(names)})" + (f"; did you mean {close!r}?" if close else ""))
    return action


@register_question("drawing-dead", "apply",
                   params={"actions": Param("action lines to apply in order"),
                           "action": Param("one action line (instead of 'actions')")},
                   summary="Apply actions and show the position after them, or why one is illegal")
def ask_apply(ctx: QuestionContext) -> Answer:
    if "actions" in ctx.params and "action" in ctx.params:
        raise FieldError(("action",), "give 'actions' or 'action', not both")
    key = "action" if "action" in ctx.params else "actions"
    lines = ctx.params.get(key, [])
    if isinstance(lines, str):
        lines = [lines]
    if not isinstance(lines, list):
        raise FieldError((key,), "expected a list of action lines")
    state = ctx.state.copy()
    records: list[str] = []
    for i, line in enumerate(lines):
        try:
            action = Action.parse(line)
        except InvalidActionError as exc:
            raise FieldError((key,) if key == "action" else (key, i), str(exc)) from None
        try:
            records += state.do(action)
        except IllegalActionError as exc:
            answer = {"legal": False, "applied": i, "failed": line, "reason": str(exc),
                      "records": records} | summary(state)
            done = f"{'; '.join(records)}; then " if records else ""
            return Answer(answer=answer, explanation=f"{done}{line!r} is illegal: {exc}", rule="Drawing Dead: On Your Turn")
    answer = {"legal": True, "applied": len(lines), "records": records} | summary(state)
    return Answer(answer=answer, explanation="; ".join(records) or "no action given: the position is unchanged",
                  rule="Drawing Dead: On Your Turn")


@register_question("drawing-dead", "hand-end",
                   summary="If the hand ends now: who takes the pot, the bank's 5, whether the game is over")
def ask_hand_end(ctx: QuestionContext) -> Answer:
    state = ctx.state
    me = state.players[state.turn]
    if not state.must_win_hand():
        holder = "nobody holds the Button" if state.button is None else \
            f"{state.players[state.button].name} holds the Button"
        why = f"the hand ends when a turn starts with the Button; it is {me.name}'s {state.phase} phase and {holder}"
        answer = {"hand_ends": False, "reason": why, "pot": state.pot, "bank": state.bank}
        return Answer(answer=answer, explanation=why, rule="Drawing Dead: Winning Hands")
    after = state.copy()
    pot = state.pot
    after.win_hand()
    leaders = [p.name for p in after.players if p.chips == max(q.chips for q in after.players)]
    over = after.phase == "over"
    answer = {"hand_ends": True, "hand_winner": me.name, "pot_taken": pot,
              "chips": {p.name: p.chips for p in after.players},
              "game_over": over, "game_winner": after.players[after.winner].name if over else None,
              "leaders": leaders, "tied_at_top": len(leaders) > 1
              and max(p.chips for p in after.players) >= state.rules["target"],
              "bank_added": 0 if over else after.pot, "pot_after": after.pot, "bank_after": after.bank,
              "button_after": None if after.button is None else after.players[after.button].name}
    if over:
        why = f"{me.name} takes the pot of {pot} and wins the game with {after.players[after.winner].chips} chips"
    elif answer["tied_at_top"]:
        why = (f"{me.name} takes the pot of {pot}; {join(leaders)} are tied at the top with "
               f"{state.rules['target']} chips or more: play on")
    else:
        why = (f"{me.name} takes the pot of {pot}; nobody has won yet; the bank adds {plural(after.pot, 'chip')} "
               "to the pot")
    return Answer(answer=answer, explanation=why, rule="Drawing Dead: When You Win a Hand; Winning the Game")
