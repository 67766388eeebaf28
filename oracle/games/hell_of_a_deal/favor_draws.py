"""Favor cards a table draws: the two the rulebook prints, any other by what its card reads,
and the one each player is dealt at setup.

"Deal each player one FAVOR card face down" (Hell of a Deal: Player Set Up): before anyone's
first bet of the first round, a player who holds no Favor yet may be dealt one
(``Anna draws Favor Up Your Sleeve``). The game has 35 Favors and the rulebook prints two; a
Favor it does not print is drawn with what the table reads on the card that the rules need,
"Instant" or not and its Price (``Anna draws Favor Lucky Break (Price: Curse)``): the session
charges that Price when it is played, and does not model its effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.errors import IllegalActionError, OracleError

from .rules.favors import FAVORS, Favor, favor_from_reading, favor_key, find_favor, reading_of

if TYPE_CHECKING:
    from .actions import Action
    from .state import HodState


def drawn_favor(state: "HodState", action: "Action") -> Favor:
    """The Favor a draw line names; raises ``IllegalActionError`` saying what is wrong."""
    try:
        known = find_favor(action.favor, state.favors)
    except OracleError as exc:
        known, problem = None, str(exc)
    if known is not None:
        if action.reading and known.effect != "unmodelled" and known.name in FAVORS:
            raise IllegalActionError(f"{known.name} is printed in the rulebook ({reading_of(known)}): "
                                     f"write '{action.actor} draws Favor {known.name}'")
        if action.reading and favor_key(reading_of(known)) != favor_key(reading_of(_read(action))):
            raise IllegalActionError(f"{known.name} was read earlier as ({reading_of(known)}), not ({action.reading})")
        return known
    if not action.reading:
        raise IllegalActionError(f"{problem}; a Favor the rulebook does not print is drawn with what its card "
                                 f"reads: '{action.actor} draws Favor {action.favor} (Instant; Price: Curse)'")
    if len(action.favor) > 60:
        raise IllegalActionError("a Favor's name is at most 60 characters")
    return _read(action)


def _read(action: "Action") -> Favor:
    try:
        return favor_from_reading(action.favor, action.reading or "")
    except OracleError as exc:
        raise IllegalActionError(str(exc)) from None


def take_favor(state: "HodState", player: str, action: "Action") -> None:
    """Put the drawn Favor in ``player``'s hand, learning an unprinted one."""
    favor = drawn_favor(state, action)
    if favor.name not in state.favors:
        state.favors = {**state.favors, favor.name: favor}  # the table is shared by copies
    state.player(player).favors.append(favor.name)


def setup_favor_open(state: "HodState", actor: str | None) -> bool:
    """Whether ``actor`` may now be dealt the setup Favor: the first round, before any bet,
    holding no Favor yet."""
    if state.round_number != 1 or actor is None:
        return False
    try:
        player = state.player(actor)
    except (IllegalActionError, OracleError, KeyError):
        return False
    return not player.favors and not player.favors_played and not any(p.bets or p.folded for p in state.players)
