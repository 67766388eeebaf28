"""The oracle's errors: one family of ``ValueError`` subclasses, each naming a kind of wrong.

The command line turns any of them into one line ``Error: ...`` and exit code 2, so every
message must make sense on its own: quote the bad text with ``!r`` and say where it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from oracle.text import bound_message


class OracleError(ValueError):
    """Base class: anything the user gave us that we cannot accept."""


class ArgumentError(OracleError, TypeError):
    """A Python caller's argument of the wrong kind (a number where text goes, ``None`` for a
    file): an ``OracleError`` like every refusal, and a ``TypeError`` for callers that catch
    that."""


class CardParseError(OracleError):
    """Text that is not a card at all (``'Xq'``, ``'11h'``)."""


class InvalidHandError(OracleError):
    """Cards that parse but cannot be held together: a duplicate, a fifth King, a Joker in a
    deck without one, too many or too few cards for the question."""


class RulesetError(OracleError):
    """An unknown game or ruleset name, or a rule option the game does not have."""


class InvalidActionError(OracleError):
    """An action line that does not parse (``'Anna bets lots'``)."""


class IllegalActionError(OracleError):
    """An action that parses but is not allowed in this position; the message says why."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located by a field path such as
    ``('questions', 2, 'ask', 'cards')`` and, once the loader knows it, a file and line."""

    path: tuple[str | int, ...]
    message: str
    file: str | None = None
    line: int | None = None

    def dotted_path(self) -> str:
        text = ""
        for part in self.path:
            text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
        return text or "(top level)"

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        # one line of a report stays short whatever input the message quotes
        return bound_message(f"{where}{self.dotted_path()}: {self.message}")


# A key longer than this is compared with no name (difflib's time grows with its length).
NEAREST_LONGEST = 200


def nearest(key: Any, valid: Sequence[Any], normalize: Callable[[str], str] | None = None) -> str | None:
    """The valid name closest to a mistyped ``key``, or None when none is close. With
    ``normalize`` (``str.lower``, say) the names are compared in that form and the valid
    name is returned as written."""
    import difflib  # only when a name is wrong: keeps start-up light

    if len(str(key)) > NEAREST_LONGEST:
        return None  # far longer than any name: nothing is close, and comparing it would take long
    if normalize is None:
        close = difflib.get_close_matches(str(key), [str(v) for v in valid], n=1, cutoff=0.6)
        return close[0] if close else None
    spellings = {normalize(str(v)): str(v) for v in valid}
    close = difflib.get_close_matches(normalize(str(key)), list(spellings), n=1, cutoff=0.6)
    return spellings[close[0]] if close else None


def did_you_mean(
    key: Any, valid: Sequence[Any], listing: str = "valid keys", normalize: Callable[[str], str] | None = None
) -> str:
    """``"; did you mean 'chips'?"``, or the valid names when none is close: the tail of every
    unknown-name message, so all of them read alike."""
    close = nearest(key, valid, normalize)
    if close is not None:
        return f"; did you mean {close!r}?"
    return f"; {listing}: {', '.join(map(str, valid))}" if valid else ""


class ScenarioError(OracleError):
    """A scenario file that cannot be used; ``problems`` lists every fault found, not just the
    first: each file's in the order of their lines (the files in the order first met; a
    problem without a line first), whatever order the readers found them in."""

    def __init__(self, problems: list[Problem]):
        files: dict[str | None, int] = {}
        for p in problems:
            files.setdefault(p.file, len(files))
        self.problems = sorted(problems, key=lambda p: (files[p.file], p.line or 0))
        super().__init__("\n".join(str(p) for p in self.problems))


class FieldError(OracleError):
    """One bad field, raised by game code while reading a position or a question's parameters.

    ``path`` is relative to the mapping the code was given; the scenario loader prefixes it
    with where that mapping sits in the file and adds the line number."""

    def __init__(self, path: tuple[str | int, ...] | list[str | int], message: str):
        self.path = tuple(path)
        self.message = message
        super().__init__(f"{Problem(self.path, message).dotted_path()}: {message}")


def raise_problems(problems: Sequence[Problem]) -> None:
    """Raise what a reader found: one problem as a ``FieldError``, several as one
    ``ScenarioError``; nothing when there are none."""
    if len(problems) == 1:
        raise FieldError(problems[0].path, problems[0].message)
    if problems:
        raise ScenarioError(list(problems))
