"""Bosses a table names: the rulebook's by name, and a Boss card the rulebook does not print by
name and what the table reads on the card.

The game has 14 Boss cards ("14 BOSS cards (10 Minions, 1 Nick Hauss, 3 The Devil Himself)",
Hell of a Deal: Contents) and the rulebook prints nine. What its Boss rules need of a card is
the default minimum hand ("Printed in the middle of the card is the BOSS's minimum hand",
Hell of a Deal: Reveal the Boss), so a card it does not print is named with that hand:
``Grim Reaper (default: Q Q T T)``. The rest is the rulebook's for the first four Bosses, the
Minions: 2 hole cards ("Deal the Boss 2 cards facedown", Hell of a Deal: Deal Cards), one or two
of them used, 2 Souls a losing hand ("The initial 4 Bosses are a loss of 2 Souls", Hell of a
Deal: Losing Hands). His own rules text is not modelled (``Boss.unmodelled``).
"""

from __future__ import annotations

import difflib
from typing import Mapping

from oracle.errors import FieldError, OracleError

from .bosses import BOSSES, Boss, boss_key, boss_suggestion, lookup_boss, parse_default_hand

MAX_NAME = 60
# A name this close to a rulebook Boss's, given with a reading, is taken for a misspelling.
MISSPELLING = 0.8
HAND_WORDS = ("default", "default hand", "default minimum hand", "minimum hand")


def split_reading(text: str) -> tuple[str, str | None]:
    """``"Grim Reaper (default: Q Q T T)"`` -> ``("Grim Reaper", "default: Q Q T T")``; a
    name without a reading -> ``(name, None)``."""
    text = " ".join(str(text).split())
    if text.endswith(")") and "(" in text:
        name, _, rest = text.partition("(")
        return name.strip(), rest[:-1].strip()
    return text, None


def reading_of(boss: Boss) -> str:
    """What the card reads, as a table writes it: ``default: Q Q T T``."""
    return "default: " + " ".join(str(c) for c in boss.default_hand or ())


def named(boss: Boss) -> str:
    """The Boss as a table names him: the rulebook's by name, another with his reading."""
    return f"{boss.name} ({reading_of(boss)})" if boss.unmodelled else boss.name


def boss_from_reading(name: str, reading: str) -> Boss:
    """A Boss card the rulebook does not print, from its default minimum hand as the table
    reads it (``default: Q Q T T``); raises ``OracleError`` saying what cannot be read."""
    hand = None
    for part in (p.strip() for p in reading.split(";")):
        word, sep, value = part.partition(":")
        if not sep or word.strip().lower() not in HAND_WORDS or not value.strip() or hand is not None:
            raise OracleError(f"{name}: cannot read {part!r} on the card: write the default minimum hand "
                              "printed in its middle, once, as '(default: Q Q T T)'")
        try:
            hand = parse_default_hand(value.strip(), ("default_hand",))
        except FieldError as exc:
            raise OracleError(f"{name}: {exc.message}") from None
    if hand is None:
        raise OracleError(f"{name}: write the default minimum hand printed on the card, '(default: Q Q T T)'")
    return Boss(name=name, default_hand=hand, unmodelled=True,
                ability=f"({reading_of(Boss(name=name, default_hand=hand))}) a Boss card the rulebook does "
                        "not print: his special rules are not modelled")


def _misspelled(name: str) -> str | None:
    """The rulebook Boss ``name`` is a near spelling of, if any."""
    spellings = {boss_key(n): boss.name for boss in BOSSES.values() for n in (boss.name, *boss.aliases)}
    close = difflib.get_close_matches(boss_key(name), list(spellings), n=1, cutoff=MISSPELLING)
    return spellings[close[0]] if close else None


def table_boss(text: str, bosses: Mapping[str, Boss] | None = None) -> Boss:
    """The Boss a table names: one of ``bosses`` (the rulebook's by default) by his name, or a
    card the rulebook does not print by name and reading (``Grim Reaper (default: Q Q T T)``).
    A reading is refused for a Boss known by name and for a near spelling of a rulebook Boss
    (a misspelling, with the name meant); a card named twice must read the same."""
    bosses = BOSSES if bosses is None else bosses
    name, reading = split_reading(text)
    known = lookup_boss(name, bosses) if name else None
    if reading is None and "(" not in name:
        if known is not None:
            return known
        hint = "" if _misspelled(name) else (
            f"; a Boss card the rulebook does not print is named with the default minimum hand on it: "
            f"'{name[:MAX_NAME]} (default: Q Q T T)'")
        raise OracleError(f"unknown Boss {name!r}{boss_suggestion(name, bosses)}{hint}")
    if not name or reading is None or "(" in name or len(name) > MAX_NAME:
        raise OracleError(f"name the Boss, at most {MAX_NAME} characters, then what his card reads in brackets: "
                          f"'Grim Reaper (default: Q Q T T)', not {text!r}")
    if known is not None and not known.unmodelled:
        whose = "a Boss of the scenario's own" if known.designer else "printed in the rulebook"
        raise OracleError(f"{known.name} is {whose}: write '{known.name}', without a reading")
    meant = _misspelled(name)
    if meant is not None:
        raise OracleError(f"{name!r} is not a Boss of the rulebook; did you mean {meant!r}?")
    boss = boss_from_reading(name, reading)
    if known is not None:
        if known.default_hand != boss.default_hand:
            raise OracleError(f"{known.name} was read earlier as ({reading_of(known)}), not ({reading_of(boss)})")
        return known
    return boss
