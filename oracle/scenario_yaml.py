"""Reading scenario YAML: documents with a line for every field, and nothing unsafe.

The text is read with PyYAML's safe loader (no object construction); files over 1 MiB are
refused (at most that much is read, so a device or a pipe cannot fill the memory); anchors and
aliases are refused; every number must be finite and written with at most 4,300 digits; and a
scalar PyYAML cannot convert is reported at its field, like every other problem.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

import yaml

from oracle.errors import Problem, ScenarioError
from oracle.text import quote

MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 32
# Python converts no longer integer to or from text (sys.int_info.default_max_str_digits):
# a longer one could not even be quoted in a message.
MAX_INT_DIGITS = 4300
MAX_KEY_CHARS = 200

Path_ = tuple[str | int, ...]


class LineMap:
    """Field path -> line number in the file, from PyYAML's composed nodes."""

    def __init__(self, file: str, base: Path_ = ()):
        self.file = file
        self.lines: dict[Path_, int] = {}
        self.base = base

    def line_of(self, path: Path_) -> int | None:
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), None)

    def problem(self, path: Path_, message: str) -> Problem:
        return Problem(tuple(path), message, self.file, self.line_of(path))


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], problems: list[tuple[Path_, str, int]]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            if len(key) > MAX_KEY_CHARS:
                # Every message names its field by its path: a longer key would fill the line.
                message = f"a key has at most {MAX_KEY_CHARS} characters, not {quote(key)}"
                problems.append((path, message, key_node.start_mark.line + 1))
                continue
            if key in seen:
                problems.append((path + (key,), f"key {quote(key)} appears twice", key_node.start_mark.line + 1))
            seen.add(key)
            lines[path + (key,)] = key_node.start_mark.line + 1
            _walk(value_node, path + (key,), lines, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[path + (index,)] = item.start_mark.line + 1
            _walk(item, path + (index,), lines, problems)


@dataclass(frozen=True)
class Unreadable:
    """A scalar the loader could not turn into a value (a date that does not exist, an
    integer of 5,000 digits, ``.nan``): it stands in the data where the value would, so that
    the problem is reported at its field with every other one."""

    text: str
    message: str
    line: int


class _ScenarioLoader(yaml.SafeLoader):
    """PyYAML's safe loader, except that a scalar it cannot convert becomes ``Unreadable``
    instead of an exception without a place (PyYAML raises ValueError, KeyError or
    AttributeError for ``2001-02-30``, ``!!bool maybe`` or ``!!int abc``)."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if isinstance(node, yaml.ScalarNode):
            try:
                return super().construct_object(node, deep)
            except (ValueError, TypeError, KeyError, AttributeError, OverflowError):
                kind = node.tag.rsplit(":", 1)[-1]
                return self.unreadable(node, f"{quote(node.value)} is not a valid YAML {kind}")
        return super().construct_object(node, deep)

    def unreadable(self, node: yaml.ScalarNode, message: str) -> Unreadable:
        return Unreadable(node.value, message, node.start_mark.line + 1)

    def construct_whole_number(self, node: yaml.ScalarNode) -> Any:
        # Count the digits before converting: Python refuses to convert more than 4,300,
        # and base 60 (1:30:00) takes time quadratic in the length.
        written = node.value.lstrip("+-").replace("_", "").replace(":", "")
        if written[:2].lower() in ("0b", "0o", "0x"):
            written = written[2:]
        if len(written) > MAX_INT_DIGITS:
            return self.unreadable(node, f"an integer of {len(written):,} digits; at most {MAX_INT_DIGITS:,} are allowed")
        value = self.construct_yaml_int(node)
        if abs(value) >= _TOO_LARGE:  # 0x and 0o write more than a digit per digit
            return self.unreadable(node, f"an integer of more than {MAX_INT_DIGITS:,} digits; at most {MAX_INT_DIGITS:,} are allowed")
        return value

    def construct_finite_number(self, node: yaml.ScalarNode) -> Any:
        value = self.construct_yaml_float(node)
        if not math.isfinite(value):
            return self.unreadable(node, f"must be a finite number, not {node.value}")
        return value


_TOO_LARGE = 10**MAX_INT_DIGITS
_ScenarioLoader.add_constructor("tag:yaml.org,2002:int", _ScenarioLoader.construct_whole_number)
_ScenarioLoader.add_constructor("tag:yaml.org,2002:float", _ScenarioLoader.construct_finite_number)


def _load_all(text: str) -> list[tuple[yaml.Node, Any]]:
    """Every document of ``text`` as its node (for lines) and its data, in one pass."""
    loader = _ScenarioLoader(text)
    try:
        loaded = []
        while loader.check_node():
            node = loader.get_node()
            loaded.append((node, loader.construct_document(node)))
        return loaded
    finally:
        loader.dispose()


def _unreadable_problems(data: Any, lines: "LineMap", path: Path_ = ()) -> list[Problem]:
    """A problem for each ``Unreadable`` in ``data``, at its field and line."""
    if isinstance(data, Unreadable):
        return [Problem(path, data.message, lines.file, data.line)]
    found: list[Problem] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, Unreadable):
                if len(key.text) <= MAX_KEY_CHARS:  # a longer key is refused as such (see _walk)
                    found.append(Problem(path, f"key {quote(key.text)}: {key.message}", lines.file, key.line))
                continue
            found += _unreadable_problems(value, lines, path + (key,))
    elif isinstance(data, (list, tuple, set)):
        for index, item in enumerate(data):
            found += _unreadable_problems(item, lines, path + (index,))
    return found


def _read_bounded(path: str | os.PathLike, file: str) -> bytes:
    """The file's bytes, reading no more than the limit and one byte: a pipe or a device
    has no size to check first, and ``/dev/zero`` never ends."""
    with open(path, "rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError([Problem((), "holds more than 1 MiB; scenario files are limited to 1 MiB", file)])
    return raw


def read_documents(path: str | os.PathLike) -> list[tuple[Any, LineMap]]:
    """The YAML documents of a file with a line map each; raises ``ScenarioError``."""
    file = str(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise ScenarioError([Problem((), f"file is {size:,} bytes; scenario files are limited to 1 MiB", file)])
        raw = _read_bounded(path, file)
    except FileNotFoundError:
        raise ScenarioError([Problem((), "no such file", file)]) from None
    except IsADirectoryError:
        raise ScenarioError([Problem((), "is a folder, not a file", file)]) from None
    except OSError as exc:
        raise ScenarioError([Problem((), f"cannot be read ({exc.strerror})", file)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError([Problem((), f"is not UTF-8 text (byte {exc.start})", file)]) from None
    return read_text(text, file)


def _check_events(text: str, file: str, what: str = "scenario files") -> None:
    """Refuse, before anything is built, what could make loading unbounded: nesting deeper
    than ``MAX_DEPTH``, anchors and aliases (an alias bomb expands to gigabytes)."""
    problems: list[Problem] = []
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                # Stop here: PyYAML slows down sharply with depth, and no scenario nests this deep.
                raise ScenarioError([Problem((), f"nested more than {MAX_DEPTH} levels deep", file, line)])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        if isinstance(event, yaml.AliasEvent):
            problems.append(Problem((), f"YAML aliases (*name) are not allowed in {what}", file, line))
        elif getattr(event, "anchor", None):
            problems.append(Problem((), f"YAML anchors (&name) are not allowed in {what}", file, line))
    if problems:
        raise ScenarioError(problems)


def read_value(text: str) -> Any:
    """One YAML value typed at the table (an ``:ask`` parameter), bounded as scenario files
    are: at most 1 MiB, ``MAX_DEPTH`` levels, no anchors or aliases, finite numbers. Raises
    ``ScenarioError`` for those, ``yaml.YAMLError`` for text that is not YAML."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ScenarioError([Problem((), "a value is limited to 1 MiB")])
    _check_events(text, "", "parameters")
    loaded = _load_all(text)
    data = loaded[0][1] if loaded else None
    if isinstance(data, Unreadable):
        raise ScenarioError([Problem((), data.message)])
    return data


def read_text(text: str, file: str = "<text>") -> list[tuple[Any, LineMap]]:
    """The YAML documents of ``text`` with a line map each, ``file`` naming it in messages;
    raises ``ScenarioError``."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ScenarioError([Problem((), "text is over 1 MiB; scenarios are limited to 1 MiB", file)])
    try:
        _check_events(text, file)
        loaded = _load_all(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ScenarioError([Problem((), f"not valid YAML: {reason}", file, line)]) from None
    except RecursionError:
        raise ScenarioError([Problem((), "nested too deeply", file)]) from None
    documents = []
    value_problems: list[Problem] = []
    for node, data in loaded:
        if node is None:
            continue
        lines = LineMap(file)
        dupes: list[tuple[Path_, str, int]] = []
        _walk(node, (), lines.lines, dupes)
        value_problems += [Problem(p, m, file, line) for p, m, line in dupes]
        value_problems += _unreadable_problems(data, lines)
        documents.append((data, lines))
    if value_problems:
        raise ScenarioError(sorted(value_problems, key=lambda p: p.line or 0))
    if not documents:
        raise ScenarioError([Problem((), "holds no scenario (the file is empty)", file)])
    return documents
