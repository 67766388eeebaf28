"""Auf Teufel komm raus at a live table (``oracle play auf-teufel-komm-raus``): a fresh table
from ``--seats``, ``--chips``, ``--start`` and ``--oven``; the status line (the round, the
phase, whose pull and haul, the oven); the legal moves with the reason for each left out; and
the next round's position once a round is settled (a position is one round: Phases 3 and 4
settle it, "The new start player is the player to the left of the current start player").
The value types are ``oracle.live``'s."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.errors import IllegalActionError
from oracle.live import CardSlot, Moves, Outcome, SetupError, SetupOption, Status, TableView, one_of, option_text
from oracle.live import plural, seat_names, summarize, whole_number

from .actions import Action
from .engine import verify_action
from .moves import legal_actions
from .resolution import settle_round
from .rules import CHIP_UNIT
from .state import RoundState

MAX_PLAYERS = 10
SETUP = (
    SetupOption("seats", f"the players in turn order, 2 to {MAX_PLAYERS}"),
    SetupOption("chips", "each player's betting chips at the start (default: the rule start_chips, 200)"),
    SetupOption("start", "the start player of the first round (default: the first seat)"),
    SetupOption("oven", "the coal pieces, as value:count pairs and devils:count, e.g. "
                        "\"100:2 75:3 50:7 25:9 20:9 10:9 devils:9\" (default: the game's 48 pieces)"),
)
STATE_KIND = "game-status"


def _oven(text: str) -> dict[str, int]:
    oven: dict[str, int] = {}
    for item in text.replace(",", " ").split():
        value, sep, count = item.partition(":")
        if not sep or not count.isdigit() or not value:
            raise SetupError(f"--oven: write each kind of piece as value:count or devils:count, not {item!r}")
        oven[value] = oven.get(value, 0) + int(count)
    if not oven:
        raise SetupError("--oven: give the pieces, e.g. \"50:2 devils:1\"")
    return oven


def new_position(options: Mapping[str, Any]) -> dict[str, Any]:
    names = seat_names(dict(options), 2, MAX_PLAYERS, "Auf Teufel komm raus")
    chips = whole_number(dict(options), "chips", 0)
    if chips is not None and chips % CHIP_UNIT:
        raise SetupError(f"--chips: chips come in tens, not {chips}")
    position: dict[str, Any] = {"players": [{"name": n} if chips is None else {"name": n, "chips": chips}
                                            for n in names]}
    start = one_of(dict(options), "start", names)
    if start is not None:
        position["start_player"] = start
    oven = option_text(options, "oven")
    if oven is not None:
        position["oven"] = position["coal_set"] = _oven(oven)
    return position


def status(state: RoundState) -> Status:
    head = f"round {state.round_no}"
    if state.phase == "bet":
        waiting = tuple(p.name for p in state.players if p.stake is None)
        awaiting = f"the bets of {', '.join(waiting)} (a stake in tens, or passes)"
        return Status(f"{head}, bets: {awaiting}", to_act=waiting, awaiting=awaiting)
    oven = state.oven
    in_oven = f"oven {plural(oven.pieces, 'piece')} ({plural(oven.devils, 'devil')})"
    if state.phase == "pull":
        p = state.current()
        awaiting = f"{p.name} to pull" + (f" or stop (haul {p.haul}, {plural(p.pieces, 'piece')})" if p.pulled else "")
        return Status(f"{head}, pulls: {awaiting}; highest haul {state.highest_haul()}; {in_oven}",
                      to_act=(p.name,), awaiting=awaiting)
    settled = settle_round(state)
    if settled["game_over"]:
        awaiting = "nothing: the game is over, won by " + " and ".join(settled["winners"])
        return Status(f"{head} is over: highest haul {settled['highest_haul']}; {awaiting}", awaiting=awaiting, over=True)
    awaiting = f"the next round's bets ({settled['next_start_player']} starts)"
    return Status(f"{head} is over: highest haul {settled['highest_haul']}; {awaiting}", awaiting=awaiting)


def _candidates(state: RoundState) -> list[Action]:
    out = []
    for p in state.players:
        out += [Action(p.name, "passes"), Action(p.name, "bets", CHIP_UNIT), Action(p.name, "stops")]
    values = [v for v, c in zip(state.oven.values, state.oven.counts) if c]
    out += [Action(p.name, "pulls", v) for p in state.players for v in values[:1]]
    return out


def moves(state: RoundState) -> Moves:
    legal = legal_actions(state)
    names = {str(a) for a in legal}
    left_out = []
    for action in _candidates(state):
        if str(action) in names:
            continue
        try:
            verify_action(state, action)
        except IllegalActionError as exc:
            left_out.append((str(action), str(exc)))
    lines = tuple(str(a) for a in legal)
    return Moves(to_act=status(state).to_act, legal=lines, summary=summarize(lines), left_out=tuple(left_out))


def card_slots(state: RoundState) -> tuple[CardSlot, ...]:
    """None: coal pieces are named by their value in the pull line itself."""
    return ()


def table_view(state: RoundState) -> TableView:
    rows = []
    order = state.turn_order()
    current = state.current()
    for i, p in enumerate(state.players):
        stake = "" if p.stake is None else ("passed" if p.stake == 0 else str(p.stake))
        turn = "pulling" if p is current else ("done" if p.done else "")
        rows.append((p.name, str(p.chips), "yes" if p.pact else "", stake, str(p.haul), str(p.pieces),
                     "devil" if p.devil else turn, "start" if i == order[0] else ""))
    oven = state.oven.as_dict()
    notes = ["oven: " + ", ".join(f"{k} x{v}" for k, v in oven.items() if v), f"bank {state.bank}"]
    notes += [f"paid: {p.payer} to {p.payee} {p.amount} ({p.reason})" for p in state.payments]
    return TableView(title=f"Auf Teufel komm raus, round {state.round_no}: {state.phase}",
                     columns=("player", "chips", "pact", "stake", "haul", "pieces", "turn", ""),
                     rows=tuple(rows), notes=tuple(notes))


def next_position(state: RoundState, position: Mapping[str, Any]) -> dict[str, Any] | None:
    """The next round's position once this one is over and the game goes on: each player's
    chips after Phases 3 and 4, the next start player, the oven ("continue playing with only
    these remaining pieces", or all of them reshuffled) and the bank. ``position`` is the
    round's own position, whose coal set carries over."""
    if state.phase != "settle":
        return None
    settled = settle_round(state)
    if settled["game_over"]:
        return None
    following: dict[str, Any] = {
        "players": [{"name": p["name"], "chips": p["chips"]} for p in settled["players"]],
        "start_player": settled["next_start_player"],
        "oven": settled["oven_next_round"],
        "bank": settled["bank"],
        "round": state.round_no + 1,
    }
    if position.get("coal_set") is not None:
        following["coal_set"] = position["coal_set"]
    return following


def settled(before: RoundState, after: RoundState) -> Outcome | None:
    """A devil turned over (the turn's haul is lost: Phase 2), and the round's settlement once
    every turn is over (Phases 3 and 4: the bets, the bonuses, the totals, what comes next)."""
    if after.phase == "settle" and before.phase != "settle":
        from .questions.words import settle_text

        out = settle_round(after)
        return Outcome(f"round {after.round_no} is over: {settle_text(out)}", {"event": "round_settled", **out})
    devils = [p.name for p, q in zip(after.players, before.players) if p.devil and not q.devil]
    if devils:
        return Outcome(f"{devils[0]} turned over a devil: the haul of this turn is lost",
                       {"event": "devil", "player": devils[0]})
    return None
