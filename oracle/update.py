"""``oracle check --update``: actual answers written into a scenario file's ``expect`` blocks,
and nothing else touched.

The file is edited as text, never re-dumped: each value that fails is replaced at its exact
span in the file (PyYAML's node marks), so flow and block style, quotes, comments, blank lines
and line endings stay byte for byte wherever no value changes, and an unchanged file stays
byte-identical. What changes:

- an ``approx`` that no longer holds gets the actual number (its ``tol`` stays);
- a mapping is refreshed key by key (keys the answer lacks are left as written), and a list
  of the same length item by item; any other value that fails is replaced whole, in its own
  style (a flow value stays on its line, a block collection stays a block) and, for text, its
  own quotes;
- a question without ``expect`` gets the whole answer, as a new ``expect`` entry after its
  ``ask``.

Before anything is written the new text is read back and compared with the old: every
question keeps all it had except the ``expect`` it was given, and that ``expect`` now holds.
The file is then written through ``oracle.files`` (atomic, through symbolic links, keeping its
mode, owner and hard links).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from oracle.errors import OracleError
from oracle.expectations import find_differences, is_approx
from oracle.files import write_text

# (document number, question index) -> (question id, the answer to write)
Answers = Mapping[tuple[int, int], tuple[str, Any]]
WIDTH = 10**9  # PyYAML never folds a line this long: one value, one line
LINE_BREAKS = "\n\r\x85\u2028\u2029"


class UpdateError(OracleError):
    """A file ``--update`` cannot rewrite as asked (it is left unchanged)."""


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Style:
    """How the file writes what we add: its line ending and where a sequence's dashes sit
    under their key (0: at the key's column, 2: two columns in)."""

    newline: str = "\n"
    dash_offset: int = 2


def update_file(file: str, answers: Answers) -> bool:
    """Write ``answers`` into ``file``; True when its text changed. Raises ``UpdateError``
    (the file unchanged) or ``OutputError`` (it cannot be written)."""
    try:
        text = Path(file).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UpdateError(f"cannot update {file!r}: {getattr(exc, 'strerror', None) or exc}") from None
    new = update_text(text, answers, file)
    if new == text:
        return False
    write_text(file, new)
    return True


def update_text(text: str, answers: Answers, file: str = "<text>") -> str:
    """``text`` with ``answers`` written into their questions' ``expect`` blocks."""
    documents = _documents(text, file)
    style = _Style(newline="\r\n" if "\r\n" in text else "\n", dash_offset=_dash_offset(documents))
    edits: list[_Edit] = []
    for (document, index), (qid, answer) in sorted(answers.items()):
        question = _question_node(documents, document, index, qid, file)
        edits += _question_edits(text, question, answer, style)
    new = _apply(text, edits)
    _verify(text, new, answers, file)
    return new


def _documents(text: str, file: str) -> list[yaml.Node]:
    loader = yaml.SafeLoader(text)
    try:
        nodes = []
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                nodes.append(node)
        return nodes
    except yaml.YAMLError:
        raise UpdateError(f"cannot update {file!r}: it is no longer valid YAML") from None
    finally:
        loader.dispose()


def _entry(mapping: yaml.Node, key: str) -> tuple[yaml.Node, yaml.Node] | None:
    if isinstance(mapping, yaml.MappingNode):
        for key_node, value_node in mapping.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
                return key_node, value_node
    return None


def _question_node(documents: list[yaml.Node], document: int, index: int, qid: str, file: str) -> yaml.MappingNode:
    questions = _entry(documents[document], "questions") if document < len(documents) else None
    items = questions[1].value if questions and isinstance(questions[1], yaml.SequenceNode) else []
    node = items[index] if index < len(items) else None
    found = _entry(node, "id") if node is not None else None
    if found is None or found[1].value != qid:
        raise UpdateError(f"cannot update {file!r}: it changed while it was being checked (question {qid!r})")
    return node


def _dash_offset(documents: list[yaml.Node]) -> int:
    for document in documents:
        found = _entry(document, "questions")
        if found and isinstance(found[1], yaml.SequenceNode) and not found[1].flow_style:
            return max(0, found[1].start_mark.column - found[0].start_mark.column)
    return 2


def _question_edits(text: str, question: yaml.MappingNode, answer: Any, style: _Style) -> list[_Edit]:
    expect = _entry(question, "expect")
    if expect is not None:
        return _refresh(text, expect[1], yaml.SafeLoader("").construct_document(expect[1]), answer, style)
    key, value = _entry(question, "ask")  # the loader requires an ask
    if question.flow_style:
        return [_Edit(value.end_mark.index, value.end_mark.index, f", expect: {_flow(answer)}")]
    column = key.start_mark.column
    if _is_block(answer):
        body = style.newline.join(_block_lines(answer, column + 2, style))
        added = f"{' ' * column}expect:{style.newline}{body}"
    else:
        added = f"{' ' * column}expect: {_flow(answer)}"
    end = _content_end(text, value)
    line_end = text.find("\n", end)
    if line_end < 0:  # the last line has no line break
        return [_Edit(len(text), len(text), style.newline + added)]
    return [_Edit(line_end + 1, line_end + 1, added + style.newline)]


def _refresh(text: str, node: yaml.Node, expected: Any, actual: Any, style: _Style) -> list[_Edit]:
    """The edits that make ``node`` (holding ``expected``) hold ``actual``, keeping every
    part that holds already."""
    if not [d for d in find_differences(expected, actual) if not d.missing]:
        return []
    number = isinstance(actual, (int, float)) and not isinstance(actual, bool)
    if is_approx(expected) and number and _entry(node, "approx"):
        return [_replace(text, _entry(node, "approx")[1], actual, style)]
    if isinstance(expected, dict) and isinstance(actual, dict) and isinstance(node, yaml.MappingNode) and len(node.value) == len(expected):
        edits = []
        for (_, value_node), (key, value) in zip(node.value, expected.items()):
            if key in actual:
                edits += _refresh(text, value_node, value, actual[key], style)
        return edits
    if (
        isinstance(expected, list)
        and isinstance(actual, (list, tuple))
        and len(expected) == len(actual)
        and isinstance(node, yaml.SequenceNode)
    ):
        return [edit for n, e, a in zip(node.value, expected, actual) for edit in _refresh(text, n, e, a, style)]
    return [_replace(text, node, actual, style)]


def _replace(text: str, node: yaml.Node, value: Any, style: _Style) -> _Edit:
    start, end = node.start_mark.index, _content_end(text, node)
    block = isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style
    if block and isinstance(value, (dict, list, tuple)) and value:  # a block stays a block
        column = node.start_mark.column
        lines = _block_lines(value, column, style)
        return _Edit(start, end, style.newline.join([lines[0][column:], *lines[1:]]))
    quote = node.style if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"') else None
    return _Edit(start, end, _flow(value, quote))


def _content_end(text: str, node: yaml.Node) -> int:
    """Where the node's own text ends: a block collection's end mark lies at the next token
    (past comments and blank lines), a block scalar's past its line breaks."""
    if isinstance(node, yaml.ScalarNode):
        start, end = node.start_mark.index, node.end_mark.index
        return start + len(text[start:end].rstrip()) if node.style in ("|", ">") else end
    if node.flow_style or not node.value:
        return node.end_mark.index
    last = node.value[-1]
    return _content_end(text, last[1] if isinstance(node, yaml.MappingNode) else last)


def _apply(text: str, edits: list[_Edit]) -> str:
    out = text
    previous = len(text) + 1
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        if edit.end > previous:
            raise UpdateError("two updates overlap (please report it)")
        out = out[: edit.start] + edit.text + out[edit.end :]
        previous = edit.start
    return out


def _scalar(value: Any, quote: str | None = None, *, in_flow: bool = True) -> str:
    """One scalar as YAML text on one line: safe anywhere, flow collections included, or
    (``in_flow=False``) as a block mapping's value, where ``a, b`` needs no quotes."""
    if isinstance(value, str) and (quote == '"' or any(ch in value for ch in LINE_BREAKS)):
        quote = '"'
    elif not isinstance(value, str):
        quote = None
    dumped = _dump(value, quote, in_flow)
    if quote is None and dumped.startswith("'") and "'" in value:  # "Anna's" reads better than 'Anna''s'
        dumped = _dump(value, '"', in_flow)
    return dumped


def _dump(value: Any, quote: str | None, in_flow: bool = True) -> str:
    if in_flow:
        dumped = yaml.safe_dump([value], default_flow_style=True, default_style=quote, allow_unicode=True, width=WIDTH)
        return dumped.strip()[1:-1]
    dumped = yaml.safe_dump({"k": value}, default_style=quote, allow_unicode=True, width=WIDTH)
    return dumped.strip().split(": ", 1)[1]  # the value of "k: value"


def _flow(value: Any, quote: str | None = None) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return _scalar(value, quote)


def _is_block(value: Any) -> bool:
    """Mappings are written as blocks, lists of plain values on one line (as our files do)."""
    if isinstance(value, dict):
        return bool(value)
    return isinstance(value, (list, tuple)) and any(isinstance(v, (dict, list, tuple)) and v for v in value)


def _block_lines(value: Any, indent: int, style: _Style) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if not _is_block(item):
                text = _flow(item) if isinstance(item, (dict, list, tuple)) else _scalar(item, in_flow=False)
                lines.append(f"{pad}{_scalar(key)}: {text}")
                continue
            lines.append(f"{pad}{_scalar(key)}:")
            lines += _block_lines(item, indent + (style.dash_offset if isinstance(item, (list, tuple)) else 2), style)
        return lines
    for item in value:
        if _is_block(item):
            inner = _block_lines(item, indent + 2, style)
            lines += [f"{pad}- {inner[0][indent + 2:]}", *inner[1:]]
        else:
            lines.append(f"{pad}- {_flow(item)}")
    return lines


def _loaded_questions(text: str) -> list[tuple[dict, list]]:
    documents = [d for d in yaml.safe_load_all(text) if d is not None]
    return [(d, list(d.get("questions") or [])) for d in documents]


def _without_expect(question: Any) -> Any:
    return {k: v for k, v in question.items() if k != "expect"} if isinstance(question, dict) else question


def _verify(old: str, new: str, answers: Answers, file: str) -> None:
    """Read the new text back: everything is as before but the ``expect`` blocks written,
    and each of those holds its answer."""
    before = _loaded_questions(old)
    try:
        after = _loaded_questions(new)
    except yaml.YAMLError:
        after = []
    ok = len(before) == len(after)
    for number, ((old_doc, old_qs), (new_doc, new_qs)) in enumerate(zip(before, after)):
        ok = ok and {**old_doc, "questions": None} == {**new_doc, "questions": None} and len(old_qs) == len(new_qs)
        for index, (old_q, new_q) in enumerate(zip(old_qs, new_qs)):
            given = answers.get((number, index))
            if given is None:
                ok = ok and old_q == new_q
                continue
            holds = not [d for d in find_differences(new_q.get("expect"), given[1]) if not d.missing]
            ok = ok and _without_expect(old_q) == _without_expect(new_q) and holds
    if not ok:
        raise UpdateError(
            f"cannot update {file!r}: the new text would not hold the answers as written "
            "(please report it); the file is unchanged"
        )
