"""What one line typed at the table does: an action line is played; a line starting with ``:``
is a command (``:moves``, ``:ask``, ``:table``, ``:undo``, ``:redo``, ``:history``, ``:save``,
``:help``, ``:quit``). Each line gives one ``Reply``, which the prompt and the pipe show the
same way (``oracle.play.render``) or print as one JSON object (``Reply.to_json``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from oracle.errors import OracleError, ScenarioError, nearest
from oracle.registry import question_kinds
from oracle.scenario_yaml import read_value
from oracle.text import bound_message

from .saving import save
from .session import Session

PREFIX = ":"
# Each command, its arguments and what it does; ``:help`` prints this.
COMMANDS = {
    "moves": ("[all]", "the legal moves now (all: every line spelled out), and the reason for each kind "
                       "of move left out"),
    "ask": ("KIND [key=value ...]", "ask a question kind of the game (as oracle solve answers it); "
                                    "values are YAML: player=Anna, cards=\"9h 9c 2s 2d Kd\", opponents=[Ben]"),
    "table": ("", "the whole table: players, chips, cards, pot"),
    "undo": ("", "take the last action back"),
    "redo": ("", "play the last action taken back again"),
    "history": ("", "the action lines played so far"),
    "save": ("FILE", "write the position, the history and every question asked with its answer as a "
                     "scenario file (oracle check passes it)"),
    "help": ("", "this list"),
    "quit": ("", "leave the table (also Ctrl-D)"),
}
ALIASES = {"q": "quit", "exit": "quit", "h": "help", "?": "help", "m": "moves", "t": "table", "u": "undo"}
_PARAM = re.compile(r"""\s*([A-Za-z_][\w-]*)=("[^"]*"|'[^']*'|\[[^\]]*\]|\{[^}]*\}|\S+)""")


@dataclass
class Reply:
    """What a line did: ``kind`` is ``played``, ``refused`` or the command's name. ``data`` is
    its JSON; the other fields are what the human output shows."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    status: Any = None
    moves: Any = None
    answer: Any = None
    view: Any = None
    text: str = ""
    quit: bool = False
    every: bool = False  # :moves all: every legal line, not the summary

    def __post_init__(self) -> None:
        if self.error is not None:  # a refusal that quotes a huge line stays one short line
            self.error = "\n".join(bound_message(line) for line in self.error.split("\n")[:200])

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        if self.error is not None:
            return {"ok": False, "error": self.error}
        out: dict[str, Any] = {"ok": True, "command": self.kind} | self.data
        if self.status is not None:
            out["status"] = self.status.to_json()
        return out


def read_params(text: str) -> dict[str, Any]:
    """``key=value`` pairs; a value is read as YAML (a number, true/false, a list, a mapping),
    or kept as text when quoted or when YAML cannot read it."""
    params: dict[str, Any] = {}
    rest = text.strip()
    while rest:
        match = _PARAM.match(rest)
        if not match:
            raise OracleError(f"expected key=value, not {rest.split()[0]!r} (e.g. :ask odds player=Anna)")
        key, raw = match[1].replace("-", "_"), match[2]
        if raw[0] in "\"'":
            value: Any = raw[1:-1]
        else:
            try:
                value = read_value(raw)
            except yaml.YAMLError:
                value = raw
            except ScenarioError as exc:
                raise OracleError(f"{key}: " + "; ".join(dict.fromkeys(p.message for p in exc.problems))) from None
        params[key] = value
        rest = rest[match.end():].strip()
    return params


def _ask_message(exc: ScenarioError) -> str:
    """A question's problems without the scenario file's framing: ``player: ...``."""
    lines = []
    for problem in exc.problems:
        path = problem.path[3:] if problem.path[:3] == ("questions", 0, "ask") else problem.path
        where = ".".join(str(p) for p in path if p != "kind")
        lines.append(f"{where}: {problem.message}" if where else problem.message)
    return "; ".join(lines)


def ask(session: Session, text: str) -> Reply:
    kind, _, rest = text.strip().partition(" ")
    if not kind:
        kinds = ", ".join(sorted(question_kinds(session.game.slug)))
        return Reply("ask", error=f":ask needs a question kind: {kinds}")
    params = read_params(rest)
    try:
        answer = session.ask(kind, params)
    except ScenarioError as exc:
        return Reply("ask", error=f":ask {kind}: {_ask_message(exc)}")
    data = {"ask": {"kind": kind, **session.asked[-1].params}, "answer": answer.answer,
            "explanation": answer.explanation, "rule": answer.rule}
    return Reply("ask", data=data, answer=(kind, session.asked[-1].params, answer))


def _save(session: Session, argument: str) -> Reply:
    path = argument.strip()
    if not path:
        return Reply("save", error=":save needs a file name, e.g. :save dispute.scenario.yaml")
    name = Path(path).name.removesuffix(".yaml").removesuffix(".scenario") or "table"
    count = save(session, path, name)
    session.saved = len(session.asked)
    return Reply("save", data={"file": path, "documents": count},
                 text=f"saved {count} scenario{'s' if count != 1 else ''} to {path}; check it with: oracle check {path}")


def _step(session: Session, name: str) -> Reply:
    line = session.undo() if name == "undo" else session.redo()
    if line is None:
        return Reply(name, error="nothing to undo" if name == "undo" else "nothing to redo")
    word = "took back" if name == "undo" else "played again"
    return Reply(name, data={"action": line}, status=session.status(), text=f"{word}: {line}")


def command(session: Session, text: str) -> Reply:
    word, _, argument = text[len(PREFIX):].strip().partition(" ")
    name = ALIASES.get(word.lower(), word.lower())
    if name not in COMMANDS:
        close = nearest(name, list(COMMANDS))
        hint = f"; did you mean {PREFIX}{close}?" if close else ""
        return Reply("refused", error=f"unknown command {PREFIX}{word}{hint} ({PREFIX}help lists the commands)")
    if name == "ask":
        return ask(session, argument)
    if name == "save":
        return _save(session, argument)
    if argument.strip() and not (name == "moves" and argument.strip() == "all"):
        takes = " (or all)" if name == "moves" else ""
        return Reply(name, error=f"{PREFIX}{name} takes nothing after it{takes}, not {argument.strip()!r}")
    if name in ("undo", "redo"):
        return _step(session, name)
    if name == "moves":
        moves = session.moves()
        return Reply(name, data={"moves": moves.to_json()}, moves=moves, every=argument.strip() == "all")
    if name == "table":
        view = session.table_view()
        state = session.current.ask(session.module.STATE_KIND).answer
        return Reply(name, data={"table": view.to_json(), "state": state}, view=view, status=session.status())
    if name == "history":
        return Reply(name, data={"history": list(session.history)})
    if name == "quit":
        return Reply(name, quit=True)
    return Reply("help", data={"commands": [f"{PREFIX}{c} {args}".strip() for c, (args, _) in COMMANDS.items()]})


def handle(session: Session, text: str) -> Reply:
    """One line typed at the table."""
    line = text.strip()
    try:
        if line.startswith(PREFIX):
            return command(session, line)
        played = session.play(line)
    except OracleError as exc:
        return Reply("refused", error=str(exc))
    data = {"action": played.line, "new_round": played.new_part}
    return Reply("played", data=data, status=session.status(),
                 text="a new round begins" if played.new_part else "")
