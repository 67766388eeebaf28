"""A live table's session: a start position and the action lines applied to it, with undo and
redo, the questions asked along the way, and the scenario documents that ``:save`` writes.

Every line is checked as a scenario file's history is: the session's position after a line is
``scenario.apply(line)`` of the position before it (``oracle.scenario.Scenario.apply``), so a
refused line leaves the session as it was and its reason is the engine's. A game whose
position is one round (Auf Teufel komm raus) goes on from the next round's position once a
round is over: each such round is a *part* of the session, with its own start position.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from oracle.errors import IllegalActionError
from oracle.registry import Answer, game_package, question_kinds
from oracle.scenario import Scenario, from_data
from oracle.text import quote


def game_session(slug: str):
    """The game's ``session`` module (see ``oracle.live``), through its package's face."""
    return game_package(slug).session


@dataclass
class Part:
    """One stretch of play from one start position: the position after each line, the
    start first (``scenarios[0]``)."""

    scenarios: list[Scenario]

    @property
    def lines(self) -> tuple[str, ...]:
        return self.scenarios[-1].history[len(self.scenarios[0].history):]


@dataclass(frozen=True)
class Asked:
    """A question asked during the session, where it was asked (the part and the lines of it
    played then) and its answer."""

    part: int
    lines: tuple[str, ...]
    kind: str
    params: dict[str, Any]
    answer: Answer


@dataclass(frozen=True)
class Played:
    """What a line did: the line as applied, and whether it began a new part (a new round)."""

    line: str
    new_part: bool = False


def normal_line(text: str) -> str:
    return " ".join(text.split())


def _apply(scenario: Scenario, line: str) -> Scenario:
    """``scenario.apply(line)``; a refusal that already names the line (as Hell of a Deal's
    history does) names it once."""
    try:
        return scenario.apply(line)
    except IllegalActionError as exc:
        quoted = f"{quote(line)}: "
        message = str(exc)
        if message.startswith(quoted + quoted):
            raise IllegalActionError(message[len(quoted):]) from None
        raise


@dataclass
class Session:
    """The table. ``start`` is the position with its history as the session's first lines
    (a file's history can be undone like any other line)."""

    start: Scenario
    parts: list[Part] = field(default_factory=list)
    undone: list[str] = field(default_factory=list)
    asked: list[Asked] = field(default_factory=list)
    time_limit: float | None = None
    saved: int = 0  # how many of the questions asked the last :save wrote
    saved_to: set = field(default_factory=set)  # the files :save wrote, which it may write again
    output_dir: Any = None  # the folder questions may draw pictures into (oracle serve's); None: none drawn

    @property
    def unsaved(self) -> int:
        """Questions asked since the last ``:save``."""
        return len(self.asked) - self.saved

    def __post_init__(self) -> None:
        self.game = self.start.game
        self.module = game_session(self.game.slug)
        if not self.parts:
            history = self.start.history
            data = self.start.to_data(questions=False)
            data["position"].pop("history", None)
            first = from_data(data, self.start.file)
            self.parts = [Part([first])]
            for line in history:
                self.play(line)

    # ------------------------------------------------------------------ the table now
    @property
    def current(self) -> Scenario:
        return self.parts[-1].scenarios[-1]

    @property
    def state(self) -> Any:
        return self.current.state

    @property
    def history(self) -> tuple[str, ...]:
        """Every line played in the session, round after round."""
        return tuple(line for part in self.parts for line in part.lines)

    @property
    def lines_played(self) -> int:
        return len(self.history)

    def status(self):
        """The status line, with what the last line settled (``Status.result``): the game's
        ``settled(before, after)`` compares the table before that line with the table now."""
        status = self.module.status(self.state)
        before = self.before_last_line()
        settled = getattr(self.module, "settled", None)
        if before is None or settled is None:
            return status
        outcome = settled(before, self.state)
        return status if outcome is None else replace(status, result=outcome)

    def before_last_line(self) -> Any:
        """The table before the last line played (None when no line was played)."""
        part = self.parts[-1]
        if len(part.scenarios) > 1:
            return part.scenarios[-2].state
        if len(self.parts) > 1:  # the line began this part: the table before it is the last one's end
            return self.parts[-2].scenarios[-1].state
        return None

    def upcoming(self) -> Scenario | None:
        """The next part's start, once this part's play is over and the game goes on (Auf
        Teufel komm raus: the next round); else None."""
        following = self.module.next_position(self.state, self.current.position)
        if following is None:
            return None
        data = {"game": self.game.slug, "name": self.current.name, "position": following}
        rules = self.current.to_data(questions=False).get("rules")
        if rules:
            data["rules"] = rules
        return from_data(data, self.current.file)

    def moves(self):
        """The legal moves now: those of the next round once this one is over."""
        return self.module.moves((self.upcoming() or self.current).state)

    def card_slots(self):
        return self.module.card_slots((self.upcoming() or self.current).state)

    def table_view(self):
        return self.module.table_view(self.state)

    # ------------------------------------------------------------------ playing
    def play(self, text: str) -> Played:
        """Apply one action line; an illegal one raises ``IllegalActionError`` with the reason
        and changes nothing."""
        line = normal_line(text)
        if not line:
            raise IllegalActionError("an empty line is no action")
        start = self.upcoming()
        if start is not None:
            self.parts.append(Part([start, _apply(start, line)]))
            self.undone.clear()
            return Played(line, new_part=True)
        self.parts[-1].scenarios.append(_apply(self.current, line))
        self.undone.clear()
        return Played(line)

    def undo(self) -> str | None:
        """Take the last line back (None when there is none); ``redo`` plays it again."""
        part = self.parts[-1]
        if len(part.scenarios) == 1:
            return None
        line = part.lines[-1]
        part.scenarios.pop()
        if len(part.scenarios) == 1 and len(self.parts) > 1:
            self.parts.pop()  # the line began this part: back to the end of the one before
        self.undone.append(line)
        return line

    def redo(self) -> str | None:
        if not self.undone:
            return None
        line = self.undone.pop()
        kept = list(self.undone)
        self.play(line)
        self.undone = kept
        return line

    # ------------------------------------------------------------------ questions
    def ask(self, kind: str, params: Mapping[str, Any]) -> Answer:
        """Ask a question kind of the position now, as a scenario's ``ask`` would; the session's
        time limit bounds a question that takes one. The question is kept for ``:save``."""
        params = dict(params)
        known = question_kinds(self.game.slug).get(kind)
        if self.time_limit is not None and known is not None and "time_limit" in known.params:
            params.setdefault("time_limit", self.time_limit)
        answer = self.current.ask(kind, output_dir=self.output_dir, **params)
        self.asked.append(Asked(len(self.parts) - 1, self.parts[-1].lines, kind, params, answer))
        return answer
