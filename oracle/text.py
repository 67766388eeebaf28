"""Showing text that came from a user (a scenario's name, a card line) safely.

``escape`` keeps a terminal showing what is there: a control character (``\\r``, the escape
of ``\\x1b[2K``), a bidirectional mark (U+202E) or any other character that draws nothing is
shown as its Python escape, as ``repr`` and the JSON output do, so scenario text cannot move
the cursor, erase a line or reorder one. ``quote`` is ``repr`` for messages, cut to its
start when the text is long, with the length said.
"""

from __future__ import annotations

QUOTE_LIMIT = 60  # characters of a long input a message shows
MESSAGE_LIMIT = 1000  # characters of one line of a message, whatever input it quotes


def escape(text: object, *, newlines: bool = False) -> str:
    """``text`` with every character that is not printable (``str.isprintable``) written as
    its escape (``\\x1b``, ``\\r``, ``\\u202e``). With ``newlines`` a line break is kept, for
    text shown as a block (a table cell); a line of a report keeps none."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or (newlines and ch == "\n") else repr(ch)[1:-1] for ch in text
    )


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut when long: text longer than ``limit`` is its start quoted and its
    length (``'9h9h9h…' (200,000 characters)``); any other value's ``repr`` is cut at
    ``limit`` characters, with ``…``."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}… ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}…"


def bound_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """One line of a message at most ``limit`` characters long (about): a message that quotes a
    huge input whole keeps its start (what was wrong with what) and its end (the reason), and
    says how much was left out between them."""
    if len(text) <= limit:
        return text
    head, tail = limit * 3 // 5, limit * 3 // 10
    return f"{text[:head]} … ({len(text) - head - tail:,} characters left out) … {text[-tail:]}"
