"""``:save FILE``: the session as a scenario file that ``oracle check`` passes, so a dispute
settled at the table becomes a regression test.

One document for the table as it is now, first (with the questions asked now, or else the
game's state question, whose answer records the whole position reached), so that ``oracle play
FILE`` goes on from there; then one for each point of play where questions were asked, with the
history up to that point and each question's answer as its expectation. A game played in parts (Auf Teufel komm raus, a round a part) gets the same
for every part, each from its own start position. Questions asked about lines taken back since
(``:undo``) are left out: they are about a table that is no longer this one. An answer that a
time limit cut short is written without an expectation, since another run may get further.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from oracle.files import OutputError, write_text

from .session import Asked, Session


def cut_short(answer: Any) -> bool:
    """Whether a solver's answer says its time limit stopped it (``bound`` or
    ``bound_reached`` is ``"time_limit"`` anywhere in it)."""
    if isinstance(answer, dict):
        if answer.get("bound") == "time_limit" or answer.get("bound_reached") == "time_limit":
            return True
        return any(cut_short(v) for v in answer.values())
    if isinstance(answer, list):
        return any(cut_short(v) for v in answer)
    return False


def _questions(asked: list[Asked]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    counts: dict[str, int] = {}
    for item in asked:
        key = repr((item.kind, sorted(item.params.items())))
        if key in seen:
            continue
        seen.add(key)
        counts[item.kind] = counts.get(item.kind, 0) + 1
        question: dict[str, Any] = {
            "id": item.kind if counts[item.kind] == 1 else f"{item.kind}-{counts[item.kind]}",
            "ask": {"kind": item.kind, **item.params},
        }
        if not cut_short(item.answer.answer):
            question["expect"] = item.answer.answer
        question["rule"] = item.answer.rule
        out.append(question)
    return out


def documents(session: Session, name: str) -> list[dict[str, Any]]:
    """The scenario documents of the session: the table as it is now first (so that
    ``oracle play FILE`` goes on from where the session stopped), then the points where
    questions were asked, in the order of play."""
    out = []
    played_before = 0
    for index, part in enumerate(session.parts):
        lines = part.lines
        here = [a for a in session.asked if a.part == index and a.lines == lines[: len(a.lines)]]
        points = sorted({len(a.lines) for a in here} | {len(lines)})
        for point in points:
            asked = [a for a in here if len(a.lines) == point]
            scenario = part.scenarios[point]
            data = scenario.to_data(questions=False)
            data["name"] = name if played_before + point == session.lines_played else \
                f"{name} after {played_before + point} lines"
            data.pop("description", None)
            if not asked:
                answer = scenario.ask(session.module.STATE_KIND)
                asked = [Asked(index, lines[:point], session.module.STATE_KIND, {}, answer)]
            data["questions"] = _questions(asked)
            out.append(data)
        played_before += len(lines)
    return [out[-1], *out[:-1]]


class _Dumper(yaml.SafeDumper):
    """Writes a value met twice (best-swap's ``best`` is also a row of its ``choices``) out in
    full each time: scenario files refuse YAML anchors and aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dumps(documents: list[dict[str, Any]]) -> str:
    return "---\n".join(yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
                         for doc in documents)


def save(session: Session, path: str, name: str) -> int:
    """Write the session to ``path`` (through ``oracle.files``: never half a file, never over
    the file the session was read from); returns the number of scenario documents written.
    A file that exists is overwritten only if this session wrote it: another is refused, so a
    :save cannot replace someone's scenarios by mistake."""
    from oracle.files import check_target, quote_name

    inputs = [session.start.file] if Path(session.start.file).is_file() else []
    checked = check_target(path, inputs=inputs, links=False)  # a name too long, a link: one line
    target = Path(path)
    if checked.existing is not None and target.resolve() not in session.saved_to:
        raise OutputError(f"{quote_name(path)} exists already: :save writes a new file (or one this session "
                          "saved); choose another name")
    written = documents(session, name)
    write_text(path, dumps(written), inputs=inputs, links=False)
    session.saved_to.add(target.resolve())
    return len(written)
