"""The one table a server shows: ``oracle play``'s session, shared by every phone at the table.

Lines are applied one after the other under a lock, each exactly once, in the order they
reached the server; after each change the session is written to its file (so a server killed
mid-hand starts again where it was) and everyone watching is sent the new table.
"""

from __future__ import annotations

import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from oracle.cards import Card
from oracle.errors import OracleError
from oracle.play.commands import Reply, handle
from oracle.play.saving import documents, dumps
from oracle.play.session import Session
from oracle.registry import question_kinds

# The first line of every file a server writes: a file without it is a user's, never written over.
MARK = "# A table kept by oracle serve: `oracle serve FILE` goes on from here.\n"
# The commands a page may send; the others (:save, :quit, :help...) are the page's own buttons.
PAGE_COMMANDS = ("undo", "redo", "ask", "moves", "table", "history")


class SaveFileError(OracleError):
    """The file a server would keep its table in is someone else's."""


def kept_by_a_server(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as stream:
            return stream.readline() == MARK
    except (OSError, UnicodeDecodeError):
        return False


def check_save_file(path: Path) -> None:
    """A server writes its table only to a new file or to one a server wrote."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise SaveFileError(f"--save: {path} is not a plain file; choose another name")
    if path.exists() and not kept_by_a_server(path):
        raise SaveFileError(f"--save: {path} exists and was not written by oracle serve; "
                            "choose another file for the table to be kept in")


def card_json(name: str) -> dict[str, str]:
    card = Card.parse(name)
    return {"name": name, "pretty": card.pretty(), "suit": card.suit.value if card.suit else ""}


@dataclass
class Sent:
    """What one line sent from a page did: the reply (its JSON, as ``oracle play --json``
    prints it) and, for an answer, the answer as ``oracle solve`` shows it."""

    reply: Reply
    shown: str = ""
    pictures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {**self.reply.to_json(), "shown": self.shown, "pictures": self.pictures}


def pictures_in(value: Any, folder: Path) -> list[str]:
    """The names of the files in ``folder`` that an answer names (a plot it drew)."""
    if isinstance(value, dict):
        return [name for item in value.values() for name in pictures_in(item, folder)]
    if isinstance(value, list):
        return [name for item in value for name in pictures_in(item, folder)]
    if isinstance(value, str) and value.startswith(str(folder)):
        path = Path(value)
        if path.parent == folder and path.is_file():
            return [path.name]
    return []


class SharedTable:
    """``session`` behind a lock; ``version`` counts the changes."""

    def __init__(self, session: Session, save_to: Path | None, name: str = "table") -> None:
        self.session = session
        self.save_to = save_to
        self.name = name
        self.version = 0
        self.lock = threading.Lock()
        # Pictures the questions draw (a stop policy's plot) go to a folder of the server's own.
        self._pictures = tempfile.TemporaryDirectory(prefix="oracle-serve-")
        self.pictures = Path(self._pictures.name)
        session.output_dir = self.pictures
        if save_to is not None:
            check_save_file(save_to)
            self._save()

    # ------------------------------------------------------------------ reading
    def file_text(self) -> str:
        """The session as a scenario file (what the page's save button downloads)."""
        with self.lock:
            return dumps(documents(self.session, self.name))

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            return self._snapshot()

    def _snapshot(self) -> dict[str, Any]:
        session = self.session
        status = session.status()
        kinds = question_kinds(session.game.slug)
        return {
            "version": self.version,
            "game": {"slug": session.game.slug, "title": session.game.title},
            "status": status.to_json(),
            "table": session.table_view().to_json(),
            "moves": session.moves().to_json(),
            "slots": [{"prefix": slot.prefix, "count": slot.count, "cards": [card_json(c) for c in slot.cards],
                       "then": slot.then}
                      for slot in session.card_slots()],
            "history": list(session.history),
            "can_undo": len(session.parts[-1].scenarios) > 1,
            "can_redo": bool(session.undone),
            "questions": [{"kind": name, "summary": kind.summary,
                           "params": [{"name": p, "doc": param.doc} for p, param in kind.params.items()]}
                          for name, kind in sorted(kinds.items())],
        }

    # ------------------------------------------------------------------ changing
    def send(self, text: str, show: Callable[[Reply, Any], str] | None = None) -> tuple[Sent, bool]:
        """Apply one line (an action or one of ``PAGE_COMMANDS``); returns what it did and
        whether the table changed. A refused line changes nothing."""
        line = " ".join(text.split())
        if line.startswith(":"):
            word = line[1:].split(" ", 1)[0].lower()
            if word not in PAGE_COMMANDS:
                return Sent(Reply("refused", error=f":{word} is not sent from the page "
                                                      f"(it takes {', '.join(':' + c for c in PAGE_COMMANDS)})")), False
        with self.lock:
            before = (self.session.history, len(self.session.undone), len(self.session.asked))
            reply = handle(self.session, line)
            changed = (self.session.history, len(self.session.undone), len(self.session.asked)) != before
            if changed:
                self.version += 1
                if self.save_to is not None:
                    self._save()
            shown = show(reply, self.session.current) if show is not None and reply.ok else ""
        drawn = pictures_in(reply.data.get("answer"), self.pictures) if reply.ok else []
        return Sent(reply, shown, drawn), changed

    def _save(self) -> None:
        from oracle.files import write_text

        write_text(self.save_to, MARK + dumps(documents(self.session, self.name)))
