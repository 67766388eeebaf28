"""Hell of a Deal's tracks as pure rules: the Temptation track with its Flame Barriers and
overflow, the Curses a player may hold, and the Souls pot. Nothing here holds state: the
engine (``effects``) and the solvers' glue apply these to a table."""

from __future__ import annotations

from typing import Mapping

from oracle.errors import IllegalActionError

# ---------------------------------------------------------------------------------------
# The Temptation track.

TEMPTATION_MAX = 10
# "The Temptation track has Flame Barrier thresholds at the 5th and 10th spaces that a healed
# token can never move back through."
FLAME_BARRIERS = (5, 10)


def healing_floor(level: int) -> int:
    """The lowest space healing can bring a token at ``level`` to: "a player passing into the
    5th space or the 10th can never move back below those thresholds"."""
    floor = 0
    for barrier in FLAME_BARRIERS:
        if level >= barrier:
            floor = barrier
    return floor


def heal_temptation(level: int, amount: int = 1) -> int:
    return max(healing_floor(level), level - amount)


def temptation_room(level: int) -> int:
    return max(0, TEMPTATION_MAX - level)


def split_temptation(level: int, amount: int) -> tuple[int, int]:
    """(Temptation the player takes, Temptation left over for others): "If you suffer
    Temptation and are already at 10, the Temptation must be suffered by another player."
    The player takes one at a time until reaching 10; the rest overflows."""
    taken = min(amount, temptation_room(level))
    return taken, amount - taken


def check_temptation_assignment(
    levels: Mapping[str, int], overflow: int, assignment: Mapping[str, int]
) -> None:
    """Raise ``IllegalActionError`` unless ``assignment`` (player -> Temptation) places the
    ``overflow`` legally: "The team may assign the Temptation to players however they wish,
    but all Temptation must be taken." A player at 10 can take none; no one passes 10. When
    the others together have less room than the overflow, every space must be filled (two
    players are then at 10 and the team has lost)."""
    total = 0
    for name, count in assignment.items():
        if name not in levels:
            raise IllegalActionError(f"{name!r} is not a player")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise IllegalActionError(f"{name!r} must take a whole number of Temptation, not {count!r}")
        room = temptation_room(levels[name])
        if count > room:
            raise IllegalActionError(
                f"{name} is at {levels[name]} and can take only {room} more Temptation, not {count}"
            )
        total += count
    room = sum(temptation_room(level) for level in levels.values())
    needed = min(overflow, room)
    if total != needed:
        raise IllegalActionError(
            f"{overflow} Temptation must be taken by players below 10; this assigns {total}"
            + (f" (the team has room for only {room})" if room < overflow else "")
        )


def apply_temptation(
    levels: Mapping[str, int],
    player: str,
    amount: int,
    assignment: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """New levels after ``player`` suffers ``amount`` Temptation, the overflow placed by
    ``assignment`` (checked). Raises ``IllegalActionError`` when an overflow needs an
    assignment that is missing or wrong."""
    new = dict(levels)
    taken, overflow = split_temptation(new[player], amount)
    new[player] += taken
    if overflow and not any(temptation_room(level) for level in new.values()):
        # Nobody is below 10 (a lone player): no one can take it, so none is assigned.
        overflow = 0
    if overflow:
        if assignment is None:
            raise IllegalActionError(
                f"{player} is at 10: {overflow} Temptation must be assigned to other players"
            )
        check_temptation_assignment(new, overflow, assignment)
        for name, count in assignment.items():
            new[name] += count
    elif assignment:
        raise IllegalActionError(f"{player} can take all {amount} Temptation; nothing to assign")
    return new


def players_at_max(levels: Mapping[str, int]) -> list[str]:
    return [name for name, level in levels.items() if level >= TEMPTATION_MAX]


def team_lost_to_temptation(levels: Mapping[str, int]) -> bool:
    """"Two or more players reach the 10th space on the Temptation Track." """
    return len(players_at_max(levels)) >= 2


# ---------------------------------------------------------------------------------------
# Curses and Souls.

MAX_CURSES = 3


def gain_curses(active: int, face_down: int, count: int) -> tuple[int, int]:
    """(face-down Curses after gaining ``count``, Temptation suffered instead): "A player may
    only ever have three Curse cards (active and/or facedown combined). If you already have
    three, and gain another - don't take the card. Instead, suffer a Temptation for each
    gained in excess." """
    room = max(0, MAX_CURSES - active - face_down)
    taken = min(room, count)
    return face_down + taken, count - taken


def pay_souls(pot: int, amount: int) -> tuple[int, int]:
    """(pot after paying, Souls that could not be paid). Against the first four Bosses the
    unpaid Souls carry "no further penalty"; against Nick Hauss or The Devil Himself any unpaid
    Soul loses the game (the caller decides which)."""
    paid = min(pot, amount)
    return pot - paid, amount - paid
