"""JSON as the oracle writes it for people's terminals and tools: UTF-8 text kept readable
(``ensure_ascii=False``), except the characters that could mislead a terminal or a reader
even inside a JSON string: bidirectional controls (which reorder what is shown), the line and
paragraph separators (line breaks to some readers and to JavaScript before ES2019) and the C1
controls (``\\x9b`` starts an escape sequence on some terminals). Those are written as
``\\u`` escapes of four hex digits, which every JSON reader turns back into the same string."""

from __future__ import annotations

import json
import re
from typing import Any

# Bidi marks, embeddings, overrides and isolates; the separators; the C1 controls.
UNSAFE = re.compile("[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def json_text(data: Any, **options: Any) -> str:
    """``json.dumps(data)`` with the characters above escaped."""
    return UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", json.dumps(data, ensure_ascii=False, **options))
