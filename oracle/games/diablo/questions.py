"""Diablo's registration and question kinds: legal-moves, apply, showdown, opener-liability
and best-swap. Each handler reads the table ``load_position`` built (the table after the
position's history) and answers with JSON-ready data; best-swap turns the table into the
plain input of the draw solver (``oracle.solve.exact.draw``)."""

from __future__ import annotations

from typing import Any

from oracle.cards import Card, check_cards, parse_cards
from oracle.errors import CardParseError, FieldError, IllegalActionError, InvalidActionError, InvalidHandError
from oracle.errors import did_you_mean as suggest, nearest
from oracle.eval.strength import CATEGORY_SLUGS
from oracle.registry import TIME_LIMIT, Answer, GameInfo, Param, QuestionContext, register_game, register_question
from oracle.words import join, plural
# The draw solver is imported by best-swap alone, so other questions start quicker.

from .actions import Action
from .drawing_opponents import opponents_who_draw
from .position import ENTRY_KEYS, POSITION_KEYS, field_size, load_position, number_field
from .rules import OPTIONS, DiabloRules


def _ranking(rules):
    return DiabloRules.from_mapping(rules).ruleset


GAME = register_game(GameInfo(
    slug="diablo",
    title="Diablo",
    rulebook="diablo.txt",
    ruleset="diablo",
    options=OPTIONS,
    position_keys=POSITION_KEYS,
    load_position=load_position,
    number_field=number_field,
    entry_keys=ENTRY_KEYS,
    field_size=field_size,
    ruleset_for=_ranking,
))

RULE_BETTING = "Diablo: Betting in short; Playing a hand"
RULE_DIABLO = "Diablo: The Diablo rule"


def _state(ctx: QuestionContext):
    if ctx.state is None:
        raise FieldError(("position",), "this question needs a Diablo position")
    return ctx.state


def _example_line(game) -> str:
    who = game.names[game.to_act] if game.to_act is not None else game.names[0]
    return f"{who} bets 2"


def _read_action(game, line: Any) -> Action:
    """The ``action`` parameter as an action line of this table: text that parses and names a
    seat (or the table). Anything else is a bad parameter, not an illegal move."""
    if not isinstance(line, str):
        raise FieldError(("action",), f"must be an action line such as {_example_line(game)!r}, got {line!r}")
    try:
        action = Action.parse(line)
    except InvalidActionError as exc:
        raise FieldError(("action",), f"must be an action line such as {_example_line(game)!r}: {exc}") from None
    if action.kind != "stop" and action.player not in game.names:
        close = nearest(action.player, game.names)
        raise FieldError(("action",), f"there is no player named {action.player!r} at this table "
                                      f"({', '.join(game.names)})" + (f"; did you mean {close!r}?" if close else ""))
    return action


@register_question("diablo", "legal-moves",
                   summary="Every legal action of the player to act, with amounts; or why one action is illegal",
                   params={"action": Param("an action line to check, e.g. 'Carla raises to 20'")})
def legal_moves(ctx: QuestionContext) -> Answer:
    game = _state(ctx)
    answer: dict[str, Any] = {
        "to_act": None if game.to_act is None else game.names[game.to_act],
        "phase": game.phase,
        "actions": game.legal_summary(),
        "lines": [str(a) for a in game.legal_actions()],
        "waiting_for": game.waiting_for(),
    }
    line = ctx.params.get("action")
    if line is not None:
        _read_action(game, line)
        try:
            game.copy().do(line)
            answer.update(action=line, legal=True, reason=None)
        except IllegalActionError as exc:
            answer.update(action=line, legal=False, reason=str(exc))
        explanation = f"{line!r} is " + ("legal" if answer["legal"] else f"illegal: {answer['reason']}")
    else:
        explanation = _moves_text(answer["to_act"], game.phase_name(), answer["actions"], answer["waiting_for"])
    return Answer(answer=answer, explanation=explanation, rule=RULE_BETTING)


def _range(low: int, high: int, unit: str = "") -> str:
    if low == high:
        return plural(low, unit) if unit else str(low)
    return f"{low} to {high}" + (f" {unit}s" if unit else "")


def _moves_text(who: str | None, phase: str, actions: list[dict[str, Any]], waiting: list[str]) -> str:
    """``Carla to act in the first betting round: checks, bets 1 to 5 or folds``."""
    if who is None:
        if waiting:
            return f"nobody is to act: the {phase} waits for the lines {join(repr(w) for w in waiting)}"
        return f"nobody is to act ({phase})"
    items = []
    for entry in actions:
        word = entry["action"]
        if word == "discards":
            word += f" {_range(entry['min'], entry['max'], 'card')}"
        elif "min" in entry:
            word += f" {_range(entry['min'], entry['max'])}"
        elif "amount" in entry:
            word += f" {entry['amount']}"
        elif "hands" in entry:
            word += " " + join((h.replace("_", " ") for h in entry["hands"]), "or")
        items.append(word)
    return f"{who} to act in the {phase}: {join(items, 'or')}"


@register_question("diablo", "apply",
                   summary="Play the position's history and report the table: pot, stacks, who acts, the opener")
def apply(ctx: QuestionContext) -> Answer:
    game = _state(ctx)
    answer = game.to_json()
    answer["last_hand"] = game.results[-1].to_json() if game.results else None
    played = len(ctx.position.get("history") or [])
    text = f"after the {plural(played, 'action')} of the history"
    if game.results:
        text += f", hand {game.results[-1].hand_number} ended: {_showdown_text(game.results[-1])}; now"
    else:
        text += ":"
    return Answer(answer=answer, explanation=f"{text} {_table_text(answer)}", rule=RULE_BETTING)


def _table_text(table: dict[str, Any]) -> str:
    """Where the table stands: the hand and its round, the pot and who is to act, the stacks."""
    stacks = ", ".join(f"{name} {chips}" for name, chips in table["stacks"].items())
    if table["game_over"]:
        return f"the game is over ({table['game_over_reason']}); chips: {stacks}"
    pot = f"the pot holds {table['pot']}"
    if table["diablo_pot"]:
        pot += f" (a Diablo pot{' paid by ' + table['diablo_paid_by'] if table['diablo_paid_by'] else ''}, no antes)"
    who = f"{table['to_act']} to act" if table["to_act"] else "nobody to act"
    opener = f", {table['opener']} opened" if table["opener"] else ""
    return f"hand {table['hand_number']}, {table['phase_name']}: {pot}, {who}{opener}; chips: {stacks}"


def _showdown_text(result) -> str:
    """How a hand ended and what the Diablo rule makes of it."""
    if result.ending == "everyone checked":
        text = f"everyone checked: the cards are thrown in and the pot of {result.pot} stays"
    else:
        won = dict(result.to_json()["won"])
        winners = list(result.winners)
        if len(winners) == 1:
            text = f"{winners[0]} wins the pot of {result.pot}"
        else:
            text = f"{join(winners)} share the pot of {result.pot} ({', '.join(f'{n} {c}' for n, c in won.items())})"
        hands = result.to_json()["hands"]
        if result.ending == "showdown":
            best = hands.get(winners[0], {}).get("hand") if winners else None
            beaten = [f"{n}'s {h['hand']}" + (f" (declared {h['declared'].replace('_', ' ')})" if h.get("declared") else "")
                      for n, h in hands.items() if n not in winners and not h.get("folded") and h.get("hand")]
            text += f" with {best}" if best else ""
            text += f", over {join(beaten)}" if beaten else ""
        else:
            text += f" ({result.ending}: everyone else folded)"
    if result.opener is not None and result.liable:
        short = f" of the {result.liability_due} due (all {result.opener} has)" if result.liability_paid < result.liability_due else ""
        text += f"; {result.opener} opened and did not win, so pays {result.liability_paid}{short} into a new pot"
    elif result.opener is not None and result.opener_won:
        text += f"; {result.opener} opened and won: all is well"
    return text


def _result(ctx: QuestionContext):
    game = _state(ctx)
    number = ctx.params.get("hand")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise FieldError(("hand",), f"must be a whole number (the hand's number; 1 = the position's deal), "
                                    f"got {number!r}")
    if number is not None and number < 1:
        raise FieldError(("hand",), f"must be 1 or more (1 = the position's deal), got {number}")
    if number is None:
        if not game.results:
            raise FieldError(("hand",), "no hand has ended yet in this position's history")
        return game, game.results[-1]
    for result in game.results:
        if result.hand_number == number:
            return game, result
    raise FieldError(("hand",), f"hand {number!r} has not ended in this history "
                                f"(ended: {[r.hand_number for r in game.results]})")


@register_question("diablo", "showdown",
                   summary="Who won the last hand played (or hand N) and how the pot was split",
                   params={"hand": Param("the hand's number (1 = the position's deal); default the last ended")})
def showdown(ctx: QuestionContext) -> Answer:
    _, result = _result(ctx)
    return Answer(answer=result.to_json(), explanation=_showdown_text(result), rule="Diablo: Playing a hand (Showdown)")


@register_question("diablo", "opener-liability",
                   summary="Who opened the last hand, whether they are liable, the amount, the new pot and who antes next",
                   params={"hand": Param("the hand's number; default the last ended")})
def opener_liability(ctx: QuestionContext) -> Answer:
    game, result = _result(ctx)
    answer = {
        "hand_number": result.hand_number,
        "opener": result.opener,
        "opener_won": result.opener_won,
        "liable": result.liable,
        "amount": result.liability_due,
        "paid": result.liability_paid,
        "short": result.liability_paid < result.liability_due,
        "new_pot": result.new_pot,
        "diablo_running": result.diablo_running,
        "pot_won": result.pot,
        "uncalled_returned": dict(result.returned),
        "winners": list(result.winners),
        "next_dealer": result.next_dealer,
        "next_first_to_act": result.next_first_to_act,
        "next_antes": list(result.next_antes),
        "diablo_rule": game.rules.diablo_rule,
        "return_uncalled_bet": game.rules.return_uncalled_bet,
    }
    if result.opener is None:
        explanation = "nobody opened: " + ("the pot stays" if result.ending == "everyone checked" else "no liability")
    elif result.liable:
        due = (f"{result.liability_paid} of the {result.liability_due} due (all {result.opener} has)"
               if result.liability_paid < result.liability_due else f"the {result.liability_paid} due")
        explanation = (f"{result.opener} opened and did not win: {result.opener} pays {due} into a new pot; the next "
                       f"hand is played for it without antes, {result.next_dealer} deals and "
                       f"{result.next_first_to_act} speaks first")
    else:
        explanation = f"{result.opener} opened and " + ("won or shared: all is well" if result.opener_won
                                                        else "lost, but the Diablo rule is off")
    return Answer(answer=answer, explanation=explanation, rule=RULE_DIABLO)


def _cards(value: Any, path: tuple) -> list[Card]:
    if not isinstance(value, str):
        raise FieldError(path, f"cards are written as text such as '9h 9c 2s 2d Kd', got {value!r}")
    try:
        cards = parse_cards(value)
    except CardParseError as exc:
        raise FieldError(path, str(exc)) from None
    if any(c.suit is None or c.rank is None for c in cards):
        raise FieldError(path, "Diablo's cards need a rank and a suit (no Joker)")
    return cards


def _read_player(game, params) -> tuple[int, list[Card]]:
    """``player`` and their five cards: ``cards`` if given, else their known hand."""
    player = params.get("player")
    if not isinstance(player, str):
        raise FieldError(("player",), f"must be a seat's name ({', '.join(game.names)}), got {player!r}")
    if player not in game.names:
        close = nearest(player, game.names)
        raise FieldError(("player",), f"{player!r} is not one of the seats ({', '.join(game.names)})"
                                      + (f"; did you mean {close!r}?" if close else ""))
    seat = game.names.index(player)
    if params.get("cards") is not None:
        hand = _cards(params["cards"], ("cards",))
    else:
        hand = list(game.hands[seat]) if game.hands and game.hands[seat] else []
        if len(hand) != 5 or any(c is None for c in hand):
            raise FieldError(("player",), f"{player}'s five cards are not known: give them under 'cards'")
    try:
        check_cards(hand, minimum=5, maximum=5, what=f"{player}'s cards")
    except InvalidHandError as exc:
        raise FieldError(("cards",), str(exc)) from None
    return seat, hand


def _read_opponent(game, seat: int, k: int, item: Any, named: set[int]):
    from oracle.solve.exact.draw import Opponent

    """One entry of ``opponents``: ``unknown``, a seat (its known cards; ``named`` collects
    the seats listed) or five cards as text."""
    player = game.names[seat]
    if not isinstance(item, str):
        raise FieldError(("opponents", k), f"an opponent is a seat's name, five cards as text or 'unknown', "
                                           f"got {item!r}")
    if item == "unknown":
        return Opponent(name=f"unknown {k + 1}", known=(), unknown=5)
    if item in game.names:
        other = game.names.index(item)
        if item == player:
            raise FieldError(("opponents", k), f"{player} cannot be their own opponent")
        if other in named:
            raise FieldError(("opponents", k), f"{item} is listed twice")
        if not game.dealt[other]:
            raise FieldError(("opponents", k), f"{item} has no chips and is not dealt in")
        named.add(other)
        cards = [c for c in game.hands[other] if c is not None]
        return Opponent(name=item, known=tuple(cards), unknown=5 - len(cards))
    try:
        cards = _cards(item, ("opponents", k))
    except FieldError as exc:
        # Not cards: perhaps a seat's name mistyped ("Bne").
        close = nearest(item, list(game.names) + ["unknown"])
        if close is None:
            raise
        raise FieldError(exc.path, f"{exc.message}; did you mean {close!r}?") from None
    if len(cards) != 5:
        raise FieldError(("opponents", k), f"an opponent's hand is five cards, got {len(cards)}")
    return Opponent(name=f"opponent {k + 1}", known=tuple(cards), unknown=0)


def _read_opponents(game, seat: int, listed: Any) -> tuple[list, set[int]]:
    if listed is None:
        listed = []
    if not isinstance(listed, list):
        raise FieldError(("opponents",), f"must be a list of seat names, five-card texts or 'unknown', got {listed!r}")
    named: set[int] = set()
    return [_read_opponent(game, seat, k, item, named) for k, item in enumerate(listed)], named


def _read_dead(game, params, seat: int, hand: list[Card], opponents: list,
               named: set[int]) -> list[Card]:
    """``dead`` and the cards the position shows elsewhere: the other known hands and the
    discards are out of the deck too."""
    dead = _cards(params["dead"], ("dead",)) if params.get("dead") is not None else []
    for i in range(game.n):
        if i != seat and i not in named and game.hands:
            dead += [c for c in game.hands[i] if c is not None]
    dead += [c for c in game.discards]
    everything = list(hand) + dead + [c for o in opponents for c in o.known]
    try:
        check_cards(everything, what="the hand, the opponents' cards and the dead cards together")
    except InvalidHandError as exc:
        raise FieldError(("opponents",) if opponents else ("dead",), str(exc)) from None
    if len(set(everything)) + sum(o.unknown for o in opponents) + 4 > 52:
        raise FieldError(("opponents",), "not enough unseen cards to deal these hands and draw")
    return dead


def _number(value: int) -> str:
    """A whole number for a message; one too long to print whole (Python refuses to turn an
    int of over 4300 digits into text) is named by its size."""
    return f"{value:,}" if value.bit_length() <= 64 else f"a number of about {int(value.bit_length() * 0.30103)} digits"


# The most a question may allow an exact count (``exact_seconds``): an hour.
MOST_EXACT_SECONDS = 3600.0


def _read_settings(params) -> dict[str, Any]:
    """``samples``, ``seed``, ``exact_limit``, ``target`` and ``exact_seconds``, checked."""
    from oracle.solve.exact.draw import DEFAULT_SAMPLES, EXACT_LIMIT, EXACT_SECONDS, MAX_EXACT_LIMIT, MAX_SAMPLES

    settings: dict[str, Any] = {}
    for key, default, least, most in (("samples", DEFAULT_SAMPLES, 1, MAX_SAMPLES), ("seed", 1, 0, None),
                                      ("exact_limit", EXACT_LIMIT, 0, MAX_EXACT_LIMIT)):
        value = params.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise FieldError((key,), f"must be a whole number {least} or more, got {value!r}")
        if value < least:
            raise FieldError((key,), f"must be a whole number {least} or more, got {_number(value)}")
        if most is not None and value > most:
            raise FieldError((key,), f"must be at most {most:,}, got {_number(value)}")
        settings[key] = value
    target = params.get("target")
    if target is not None and (not isinstance(target, str) or target not in CATEGORY_SLUGS):
        hint = suggest(target, CATEGORY_SLUGS) if isinstance(target, str) else ""
        raise FieldError(("target",), f"unknown hand {target!r}; one of {', '.join(CATEGORY_SLUGS)}"
                                      + (hint if "did you mean" in hint else ""))
    settings["target"] = target
    seconds = params.get("exact_seconds", EXACT_SECONDS)
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds <= MOST_EXACT_SECONDS:
        raise FieldError(("exact_seconds",), f"must be a number of seconds from 0 to {MOST_EXACT_SECONDS:g}, "
                                             f"got {seconds!r}")
    settings["exact_seconds"] = float(seconds)
    return settings


@register_question("diablo", "best-swap",
                   summary="Every legal discard of a player's five cards with the exact odds of each final hand "
                           "and, against opponents, of winning",
                   params={
                       "player": Param("the seat whose cards are swapped", required=True),
                       "cards": Param("the five cards, if not the player's known hand in the position"),
                       "opponents": Param("list: a seat name (its known cards; unknown ones dealt from the deck), "
                                          "five cards as text, or 'unknown' for a hand dealt from the deck"),
                       "dead": Param("cards known to be out of the deck, besides those in the position"),
                       "samples": Param("Monte Carlo deals per choice when exact is too slow "
                                         "(default 20000, at most 1000000)"),
                       "seed": Param("Monte Carlo seed (default 1)"),
                       "exact_limit": Param("most deals an exact answer may cover (default and most 10**17); "
                                             "exact also needs an estimated time under exact_seconds and within "
                                             "80% of the time limit"),
                       "exact_seconds": Param("the longest an exact count may be estimated to take before the "
                                              "answer is sampled (default 8; at most 3600)"),
                       "target": Param("with no opponents, sort by the chance of at least this hand (a category slug)"),
                       "opponent_model": Param("stand-pat (default: unknown hands are final as dealt) or chart "
                                               "(an opponent whose cards are unknown draws by the strategy in "
                                               "opponent_chart; counted exactly for one such opponent when the "
                                               "count fits the time, else sampled)"),
                       "opponent_chart": Param("with opponent_model chart: the folder of a diablo-draw chart "
                                               "(its best holds) or of a diablo-equilibrium table (its mixture)"),
                       "opponent_draws": Param("with opponent_model chart: list, the cards each opponent was seen to "
                                               "draw (0, 1, 2 or null); a seat's count defaults to the position's"),
                       "time_limit": TIME_LIMIT,
                   })
def best_swap_question(ctx: QuestionContext) -> Answer:
    from oracle.solve.exact.draw import DEFAULT_SECONDS, best_swap

    budget = ctx.budget(DEFAULT_SECONDS)
    game = _state(ctx)
    if game.rules.wild_may_copy:
        raise FieldError((), "best-swap ranks hands by the rulebook, where a 2 may not "
                               "copy a held card: ask it without the house rule wild_may_copy")
    params = ctx.params
    seat, hand = _read_player(game, params)
    player = game.names[seat]
    opponents, named = _read_opponents(game, seat, params.get("opponents"))
    opponents, strategy = opponents_who_draw(game, params, opponents, ctx.path)
    dead = _read_dead(game, params, seat, hand, opponents, named)
    settings = _read_settings(params)
    answer = best_swap(hand, opponents=opponents, dead=dead, bigger_draw=game.rules.bigger_draw,
                       budget=budget, strategy=strategy, **settings)
    answer["opponent_model"] = params.get("opponent_model", "stand-pat")
    answer["player"] = player
    answer["time_limit"] = budget.seconds
    best = answer["best"]
    if best is None:
        answer["best_action"] = None
        explanation = f"the time limit of {budget.seconds:g} s ran out before any choice was evaluated"
        return Answer(answer=answer, explanation=explanation, rule="Diablo: Playing a hand (The draw)")
    action = f"{player} stands pat" if not best["discard"] else f"{player} discards {best['discard']}"
    answer["best_action"] = action
    explanation = _swap_text(player, best, answer, len(opponents))
    if answer["unevaluated"]:
        explanation += (f"; the time limit of {budget.seconds:g} s ran out with "
                        f"{plural(len(answer['unevaluated']), 'choice')} not evaluated")
    elif answer.get("samples_done", answer.get("samples")) != answer.get("samples"):
        explanation += (f"; the time limit of {budget.seconds:g} s ran out after "
                        f"{answer['samples_done']:,} of {answer['samples']:,} deals a choice")
    elif answer["method"] == "monte-carlo" and answer["bound"] == "time_limit":
        explanation += (f"; sampled: the exact count was estimated at {answer['estimated_exact_seconds']:g} s, "
                        f"more than an exact answer may take within a limit of {budget.seconds:g} s")
    return Answer(answer=answer, explanation=explanation, rule="Diablo: Playing a hand (The draw)")


def _swap_text(player: str, best: dict[str, Any], answer: dict[str, Any], opponents: int) -> str:
    """``Ben should discard Kd 4s and keep 9h 9c 7c: equity 0.0418 against 1 opponent``."""
    do = f"stand pat with {best['keep']}" if not best["discard"] else f"discard {best['discard']} and keep {best['keep'] or 'nothing'}"
    if opponents:
        drawing = " drawing by the chart" if answer.get("opponent_model") == "chart" else ""
        figure = (f"equity {best['equity']:.4f} against {plural(opponents, 'opponent')}{drawing} "
                  f"(win {100 * best['win']:.1f}%, tie {100 * best['tie']:.1f}%)")
    elif answer["sort_by"].startswith("at_least_"):
        target = answer["sort_by"][len("at_least_"):].replace("_", " ")
        figure = f"a {100 * best['at_least_target']:.2f}% chance of {target} or better"
    else:
        figure = f"an expected hand category of {best['expected_category']:.3f} (0 high card, 1 pair, 2 two pair, 3 trips)"
    if answer["method"] == "monte-carlo" and "samples_done" in answer:
        method = f"monte-carlo, {answer['samples_done']:,} deals a choice"
    else:
        method = f"{answer['method']}, {plural(answer['deals'], 'deal')}"
    return (f"{player} should {do}: {figure} ({method}); {plural(answer['choices_total'], 'discard')}, "
            f"{answer['groups']} different in effect")
