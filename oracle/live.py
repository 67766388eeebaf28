"""What a game gives a live table (``oracle play``): the value types its ``session`` module
returns.

Every game package has a ``session`` module with the same names, which ``oracle.play`` reads
through the package's face:

- ``SETUP``: the table options a fresh table of the game takes (``seats``, ``chips``,
  ``dealer``, ``boss``, ...), as ``SetupOption`` values;
- ``new_position(options)``: the scenario ``position:`` mapping of a fresh table, from the
  options given (a mapping of option name to value); a bad option raises ``SetupError``;
- ``status(state)``: a ``Status``: whose turn, the pot, what is awaited, in one line;
- ``moves(state)``: a ``Moves``: the legal action lines now, in words, and each action left out
  with the reason the engine gives;
- ``card_slots(state)``: the ``CardSlot`` values of the chance lines that name cards now, so
  that a prompt can complete card names;
- ``table_view(state)``: a ``TableView`` of the table for a person;
- ``next_position(state)``: the position the game goes on from once the position's own play is
  over (Auf Teufel komm raus: the next round), or ``None`` when the history simply goes on;
- ``settled(before, after)``: what one line settled, as an ``Outcome`` (who won what), from the
  table before the line and the table after it; ``None`` when it settled nothing;
- ``STATE_KIND``: the question kind whose answer is the whole table now.

``state`` is always the game's own table object, as its ``load_position`` built it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from oracle.errors import OracleError
from oracle.text import quote


class SetupError(OracleError):
    """A table option that cannot start a table: the message names the option."""


@dataclass(frozen=True)
class SetupOption:
    """One option of a fresh table: its name (the command line's ``--name``) and what it
    means in this game."""

    name: str
    doc: str


@dataclass(frozen=True)
class Outcome:
    """What the last line settled, said to the table without being asked: who won what (the
    pot and each payment, Souls and Temptation moved, the Button, the payouts). ``text`` is
    the sentence a person reads; ``facts`` the same as JSON-ready data, under the keys the
    game's page documents."""

    text: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"text": self.text, **dict(self.facts)}


@dataclass(frozen=True)
class Status:
    """One short line about the table (``text``), who is to act (``to_act``, for a prompt's
    toolbar; empty when nobody is), what the table waits for, in words (``awaiting``), and
    what the last line settled (``result``: an ``Outcome``, or None when that line settled
    nothing: a showdown, a hand's or a round's end settle something)."""

    text: str
    to_act: tuple[str, ...] = ()
    awaiting: str = ""
    over: bool = False
    result: Outcome | None = None

    def to_json(self) -> dict:
        return {"text": self.text, "to_act": list(self.to_act), "awaiting": self.awaiting, "over": self.over,
                "result": None if self.result is None else self.result.to_json()}


@dataclass(frozen=True)
class Moves:
    """The legal action lines now (``legal``, each one spelled out), the same in words
    (``summary``: ``bets 1-5``), the chance lines awaited (``waiting_for``, with ``<card>``
    where cards go) and the actions left out with the reason each is refused (``left_out``)."""

    to_act: tuple[str, ...]
    legal: tuple[str, ...]
    summary: tuple[str, ...]
    left_out: tuple[tuple[str, str], ...] = ()
    waiting_for: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {
            "to_act": list(self.to_act),
            "legal": list(self.legal),
            "summary": list(self.summary),
            "left_out": [{"action": line, "reason": reason} for line, reason in self.left_out],
            "waiting_for": list(self.waiting_for),
        }


@dataclass(frozen=True)
class CardSlot:
    """A chance line that names cards: its start (``"Ben receives"``), how many cards it names
    and the cards that may be named there (those not seen elsewhere); ``then``, what the line
    names after the cards, to be typed by the table (``" and <role>"``), or empty."""

    prefix: str
    count: int
    cards: tuple[str, ...]
    then: str = ""


@dataclass(frozen=True)
class TableView:
    """The table for a person: a title, one row a player under ``columns``, and notes (the
    pot, the board, the oven)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        return {"title": self.title, "columns": list(self.columns), "rows": [list(r) for r in self.rows],
                "notes": list(self.notes)}


def option_text(options: dict, name: str) -> str | None:
    """An option's value as text, or None when it was not given."""
    value = options.get(name)
    return None if value is None else str(value)


def seat_names(options: dict, least: int, most: int, game: str) -> list[str]:
    """``--seats "Anna Ben Carla"``: one word a player, each once, ``least`` to ``most``."""
    text = option_text(options, "seats")
    if text is None:
        raise SetupError(f"--seats: name the players, e.g. --seats \"Anna Ben Carla\" ({game}: {least} to {most})")
    names = text.replace(",", " ").split()
    if not least <= len(names) <= most:
        raise SetupError(f"--seats: {game} is for {least} to {most} players, not {len(names)} ({text!r})")
    twice = [n for i, n in enumerate(names) if n in names[:i]]
    if twice:
        raise SetupError(f"--seats: {twice[0]!r} is named twice")
    return names


def one_of(options: dict, name: str, names: list[str]) -> str | None:
    """A seat named by option ``name`` (``--dealer Dan``), checked against the seats."""
    from oracle.errors import did_you_mean

    value = option_text(options, name)
    if value is not None and value not in names:
        raise SetupError(f"--{name.replace('_', '-')}: {quote(value)} is not one of the seats "
                         f"({', '.join(names)}){did_you_mean(value, names, 'seats')}")
    return value


def whole_number(options: dict, name: str, least: int = 0) -> int | None:
    value = options.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SetupError(f"--{name}: a whole number of at least {least}, not {quote(value)}")
    return value


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 piece``, ``2 pieces``."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def summarize(lines: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Legal lines in fewer words, in their order: lines that differ only in a closing number
    become one (``Anna bets 10-200 (steps of 10)``, ``Anna pulls 50, 25 or 10``), and lines that share the part before a colon
    become one (``Anna bets Devilish Offering: ... (12 ways)``)."""
    import re

    groups: dict[str, list[str]] = {}
    for line in lines:
        head, colon, _ = line.partition(": ")
        number = re.fullmatch(r"(.*\D) (-?\d+)", line)
        key = f"{head}: …" if colon else (f"{number[1]} #" if number else line)
        groups.setdefault(key, []).append(line)
    out = []
    for key, members in groups.items():
        if len(members) == 1:
            out.append(members[0])
        elif key.endswith(" #"):
            out.append(f"{key[:-2]} {_numbers([int(m.rsplit(' ', 1)[1]) for m in members])}")
        else:
            out.append(f"{key} ({len(members)} ways)")
    return tuple(out)


def _numbers(numbers: list[int]) -> str:
    """``1-5``, ``10-200 (steps of 10)``, or ``50, 25 or 10`` when they are no even run."""
    ordered = sorted(numbers)
    steps = {b - a for a, b in zip(ordered, ordered[1:])}
    if len(ordered) > 2 and len(steps) == 1:
        step = steps.pop()
        return f"{ordered[0]}-{ordered[-1]}" + (f" (steps of {step})" if step != 1 else "")
    return ", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}"
