"""Diablo at a live table (``oracle play diablo``): a fresh table from ``--seats``, ``--chips``
and ``--dealer``; the status line (the hand, the betting round, the pot, whose turn); the legal
moves with the reason for each kind of action left out; the cards a chance line may name
(a deal, the cards of a draw, a hand shown), which stay unknown until someone names them.
The value types are ``oracle.live``'s."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.cards import full_deck
from oracle.errors import IllegalActionError
from oracle.live import CardSlot, Moves, Outcome, SetupOption, Status, TableView, one_of, seat_names, whole_number
from oracle.words import join

from .actions import STOP_LINE, TABLE, Action
from .rules import DEFAULT_CHIPS, HAND_SIZE, MAX_SEATS, MIN_SEATS
from .state import TableState

SETUP = (
    SetupOption("seats", f"the players in clockwise order, {MIN_SEATS} to {MAX_SEATS}"),
    SetupOption("chips", f"each player's chips at the start (default {DEFAULT_CHIPS})"),
    SetupOption("dealer", "who deals the first hand (default: the first seat)"),
)
STATE_KIND = "apply"
DECK = tuple(full_deck())


def new_position(options: Mapping[str, Any]) -> dict[str, Any]:
    names = seat_names(dict(options), MIN_SEATS, MAX_SEATS, "Diablo")
    chips = whole_number(dict(options), "chips", 1)
    position: dict[str, Any] = {"seats": [{"name": n, "chips": DEFAULT_CHIPS if chips is None else chips}
                                          for n in names]}
    dealer = one_of(dict(options), "dealer", names)
    if dealer is not None:
        position["dealer"] = dealer
    return position


def _summary(game: TableState) -> list[str]:
    """The legal actions in words, amounts as ranges: ``checks``, ``bets 1-5``, ``calls 2``;
    the table's agreement to stop as its own line."""
    return [STOP_LINE if a["action"] == "agrees to stop" else
            a["action"] + (f" {a['min']}-{a['max']}" if "min" in a else "") + (f" {a['amount']}" if "amount" in a else "")
            for a in game.legal_summary()]


def _in_words(game: TableState) -> str:
    words = [w for w in _summary(game) if w != STOP_LINE]
    text = ", ".join(words)
    if STOP_LINE in _summary(game):
        text += ("; or " if text else "") + "the table may agree to stop"
    return text


def status(game: TableState) -> Status:
    if game.phase == "over":
        return Status(f"game over: {game.game_over_reason}", over=True, awaiting="nothing: the game is over")
    head = f"hand {game.hand_number}, {game.phase_name()}: pot {game.pot}"
    if game.diablo:
        head += " (a Diablo pot)"
    if game.opener is not None:
        head += f", opener {game.names[game.opener]}"
    if game.to_act is not None:
        who = game.names[game.to_act]
        awaiting = f"{who}: {_in_words(game)}"
        return Status(f"{head}; {awaiting}", to_act=(who,), awaiting=awaiting)
    waiting = game.waiting_for()
    awaiting = "waiting for " + " and ".join(waiting) if waiting else "the table: " + _in_words(game)
    return Status(f"{head}; {awaiting}", awaiting=awaiting)


def _candidates(game: TableState) -> list[Action]:
    """One action of each kind the player to act might try now, legal or not."""
    if game.to_act is None:
        return [Action(player=TABLE, kind="stop")]
    name = game.names[game.to_act]
    low, _ = game.rules.limits(game.betting_round)
    out = [Action(player=name, kind=k) for k in ("check", "call", "fold", "pat")]
    out += [Action(player=name, kind="bet", amount=low), Action(player=name, kind="raise", amount=game.current_bet + low),
            Action(player=name, kind="draw", amount=1), Action(player=name, kind="declare", category="pair")]
    return out + [Action(player=TABLE, kind="stop")]


def moves(game: TableState) -> Moves:
    legal = game.legal_actions()
    kinds = {a.kind for a in legal}
    left_out = []
    for action in _candidates(game):
        if action.kind in kinds:
            continue
        try:
            game.verify(action)
        except IllegalActionError as exc:
            left_out.append((str(action), str(exc)))
    to_act = () if game.to_act is None else (game.names[game.to_act],)
    summary = tuple(w if w == STOP_LINE else f"{to_act[0]} {w}" for w in _summary(game))
    return Moves(to_act=to_act, legal=tuple(str(a) for a in legal), summary=summary,
                 left_out=tuple(left_out), waiting_for=tuple(game.waiting_for()))


def card_slots(game: TableState) -> tuple[CardSlot, ...]:
    """The chance lines that may name cards now: a hand dealt (before anyone acts), the
    cards of a draw, a hand shown at the showdown. The cards offered are those not seen."""
    if game.phase == "over":
        return ()
    seen = set(game.known_cards())
    unseen = tuple(str(c) for c in DECK if c not in seen)
    slots = []
    for seat in range(game.n):
        if not game.dealt[seat]:
            continue
        name, hand = game.names[seat], game.hands[seat]
        unknown = any(c is None for c in hand)
        if game.actions_this_hand == 0 and all(c is None for c in hand):
            slots.append(CardSlot(f"{name} is dealt", HAND_SIZE, unseen))
        if game.pending[seat]:
            slots.append(CardSlot(f"{name} receives", game.pending[seat], unseen))
        if unknown and game.in_hand[seat] and game.phase in ("showdown", "declare"):
            own = tuple(str(c) for c in hand if c is not None)
            slots.append(CardSlot(f"{name} shows", HAND_SIZE, own + unseen))
    return tuple(slots)


def table_view(game: TableState) -> TableView:
    rows = []
    for seat, name in enumerate(game.names):
        marks = [word for word, on in (("dealer", seat == game.dealer), ("opener", seat == game.opener),
                                       ("to act", seat == game.to_act)) if on]
        if game.phase == "over" or not game.dealt[seat]:
            cards, state = "", "out" if not game.chips[seat] else ""
        else:
            cards = " ".join("??" if c is None else str(c) for c in game.hands[seat])
            state = "folded" if not game.in_hand[seat] else "in"
        put_in = str(game.contributed[seat]) if game.contributed and game.phase != "over" else "0"
        rows.append((name, str(game.chips[seat]), put_in, cards, state, ", ".join(marks)))
    notes = [f"pot {game.pot}" + (f" (carried {game.carried})" if game.carried else "")
             + (", a Diablo pot" if game.diablo else "")]
    if game.phase == "bet":
        notes.append(f"{game.phase_name()}: highest bet {game.current_bet}, raises {game.raises}")
    if game.discards:
        notes.append("discards: " + " ".join(str(c) for c in game.discards))
    return TableView(title=f"Diablo, hand {game.hand_number}: {game.phase_name()}",
                     columns=("player", "chips", "put in", "cards", "", ""), rows=tuple(rows), notes=tuple(notes))


def next_position(game: TableState, position: Mapping[str, Any]) -> None:
    """Diablo's history runs on from hand to hand: there is no new position to start."""
    return None


ENDINGS = {"showdown": "at the showdown", "last player standing": "as the last player standing",
           "everyone checked": "when everyone checked"}


def settled(before: TableState, after: TableState) -> Outcome | None:
    """A hand's end: who won the pot and with what, the Diablo rule's payment, the stacks, and
    the game's end ("Diablo: Playing a hand", 4. Showdown; The Diablo rule)."""
    if len(after.results) <= len(before.results):
        if after.phase == "over" and before.phase != "over":
            return Outcome(f"game over: {after.game_over_reason}", {"game_over": True,
                                                                    "game_over_reason": after.game_over_reason})
        return None
    result = after.results[-1]
    won = ", ".join(f"{name} {amount}" for name, amount in result.won.items() if amount)
    order = [*result.winners, *(n for n in result.hands if n not in result.winners)]
    shown = [f"{name}: {result.hands[name]['hand']}" for name in order if result.hands[name].get("hand")]
    text = f"hand {result.hand_number}: {join(result.winners) or 'nobody'} won the pot of {result.pot}"
    if len(result.won) > 1:
        text += f" ({won})"
    text += " " + ENDINGS.get(result.ending, result.ending)
    text += f" ({'; '.join(shown)})" if shown and result.ending == "showdown" else ""
    if result.liable:
        text += (f"; {result.opener} opened and lost: pays a new pot of {result.liability_paid}"
                 + (f" of the {result.liability_due} due" if result.liability_paid != result.liability_due else "")
                 + " (The Diablo rule)")
    stacks = dict(zip(after.names, after.chips))
    text += "; chips: " + ", ".join(f"{name} {chips}" for name, chips in stacks.items())
    if after.phase == "over":
        text += f"; game over: {after.game_over_reason}"
    facts = {"hand": result.to_json(), "stacks": stacks, "game_over": after.phase == "over",
             "game_over_reason": after.game_over_reason if after.phase == "over" else None}
    return Outcome(text, facts)
