"""Auf Teufel komm raus: the legal moves of Phases 1 and 2 as verify / can / do.

``verify_action(state, action)`` raises ``IllegalActionError`` with the reason (one check per
phase: ``verify_bet``, ``verify_pull``), ``can_do`` answers yes or no, and ``do_action``
verifies, applies the action to the state in place and returns the payments it caused (a
devil's pact payments, from ``resolution``). Bets are simultaneous: every bet line comes
before the first pull, in any order; then the pulls follow in turn order.
"""

from __future__ import annotations

from oracle.errors import IllegalActionError

from .actions import Action
from .resolution import pay_pacts, settle_round
from .rules import CHIP_UNIT
from .state import Payment, Player, RoundState

# ---- Phase 1: the bet ----------------------------------------------------------------------


def _refuse_when_settled(state: RoundState, name: str, what: str) -> None:
    """Once every turn is over the round is settled: the game may be over (Phase 4)."""
    if state.phase != "settle":
        return
    settled = settle_round(state)
    if settled["game_over"]:
        raise IllegalActionError(f"the game is over (won by {' and '.join(settled['winners'])}): "
                                 f"{name} cannot {what}")
    raise IllegalActionError(f"round {state.round_no} is over and settled: {name} cannot {what} in it")


def verify_bet(state: RoundState, action: Action) -> Player:
    player = state.players[state.index_of(action.player)]
    _refuse_when_settled(state, player.name, "bet")
    if player.chips <= 0 and state.phase == "bet":
        raise IllegalActionError(
            f"{player.name} owns no betting chips: they cannot bet and pass automatically (Phase 1)"
        )
    if state.phase != "bet" or player.stake is not None:
        raise IllegalActionError(f"{player.name} cannot bet now: the bets are already placed")
    if action.verb == "passes":
        return player
    stake = action.amount
    if stake <= 0 or stake % CHIP_UNIT:
        raise IllegalActionError(f"a stake must be a positive multiple of {CHIP_UNIT}, not {stake}")
    if stake > player.chips:
        raise IllegalActionError(f"{player.name} owns {player.chips} chips and cannot stake {stake}")
    return player


# ---- Phase 2: pulling coal -----------------------------------------------------------------


def _verify_turn(state: RoundState, action: Action) -> Player:
    index = state.index_of(action.player)
    if state.phase == "bet":
        raise IllegalActionError(f"{state.players[index].name} cannot pull: not every bet is in")
    _refuse_when_settled(state, state.players[index].name, action.verb.removesuffix("s"))
    current = state.current()
    if current is None:
        raise IllegalActionError("every player has had their turn this round")
    if current is not state.players[index]:
        raise IllegalActionError(f"it is {current.name}'s turn, not {state.players[index].name}'s")
    return current


def verify_pull(state: RoundState, action: Action) -> Player:
    player = _verify_turn(state, action)
    if action.verb == "stops":
        # "The player whose turn it is turns over one coal piece": stopping comes after it,
        # unless the house rule first_pull lets a player end the turn with nothing.
        if not player.pulled and state.oven.pieces and state.rules["first_pull"] == "compulsory":
            raise IllegalActionError(
                f"{player.name} must turn over a piece first: a turn starts with one (rule first_pull: compulsory)"
            )
        return player
    if action.is_devil:
        if state.oven.devils == 0:
            raise IllegalActionError("no devil is left in the oven")
    elif state.oven.count(action.amount) == 0:
        raise IllegalActionError(f"no piece worth {action.amount} is left in the oven")
    return player


# ---- any action ----------------------------------------------------------------------------


def verify_action(state: RoundState, action: Action) -> Player:
    """Raise ``IllegalActionError`` with the reason unless ``action`` may be taken now;
    return the player who takes it."""
    if action.verb in ("bets", "passes"):
        return verify_bet(state, action)
    return verify_pull(state, action)


def can_do(state: RoundState, action: Action) -> bool:
    try:
        verify_action(state, action)
    except IllegalActionError:
        return False
    return True


def do_action(state: RoundState, action: Action) -> list[Payment]:
    """Verify and apply ``action`` in place; returns the payments it caused (pact payments)."""
    player = verify_action(state, action)
    state.history.append(action)
    if action.verb in ("bets", "passes"):
        player.stake = action.amount if action.verb == "bets" else 0
        return []
    if action.verb == "stops":
        _end_turn(state, player)
        return []
    if action.is_devil:
        # "Any coal that player had already revealed and collected this turn becomes worthless."
        state.oven = state.oven.without(None)
        player.haul, player.pieces, player.devil = 0, 0, True
        player.pulled = []
        paid = pay_pacts(state, player)
        _end_turn(state, player)
        return paid
    state.oven = state.oven.without(action.amount)
    player.pulled.append(action.amount)
    player.haul = sum(player.pulled)
    player.pieces = len(player.pulled)
    if state.oven.pieces == 0:
        _end_turn(state, player)  # nothing left to turn over: the haul stands
    return []


def _end_turn(state: RoundState, player: Player) -> None:
    player.done = True
    state.turn += 1
    while state.phase == "pull" and state.current().done:
        state.turn += 1
