"""Numbers and lists in the sentences a person reads: "1 chip", "2 chips", "Anna, Ben and
Cara". Every answer's explanation and every message that counts something goes through
here, so a count is never written "1 chip(s)"."""

from __future__ import annotations

from typing import Iterable


def number(count: int | float) -> str:
    """A count as text, with thousands grouped (``1,000,000``); a float that is a whole
    number is written without its ``.0``."""
    if isinstance(count, float) and count.is_integer():
        count = int(count)
    return f"{count:,}" if isinstance(count, int) else f"{count:g}"


def plural(count: int | float, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the plural unless the count is one: ``plural(1, "chip")`` is
    ``"1 chip"``, ``plural(0, "chip")`` ``"0 chips"``; ``many`` is an irregular plural."""
    return f"{number(count)} {word if count == 1 else (many or word + 's')}"


def noun(count: int | float, word: str, many: str | None = None) -> str:
    """``word`` alone, in the plural unless ``count`` is one (for "3 of the 5 *cards*")."""
    return word if count == 1 else (many or word + "s")


def join(items: Iterable[object], last: str = "and") -> str:
    """``"Anna"``, ``"Anna and Ben"``, ``"Anna, Ben and Cara"`` (``last`` may be ``"or"``)."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def signed(value: float, digits: int = 2) -> str:
    """A change with its sign: ``+100``, ``-5``, ``+0.5``, ``0``."""
    text = f"{value:+.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:+.0f}"
    return "0" if text in ("+0", "-0") else text
