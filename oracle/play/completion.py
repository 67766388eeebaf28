"""What TAB offers at the table: the legal action lines now, the card names a chance line may
name (cards not seen elsewhere), the commands, the question kinds of the game and their
parameters. Plain functions of the session and the text before the cursor, so that they can
be tested without a terminal; ``oracle.play.prompt`` hands them to prompt_toolkit."""

from __future__ import annotations

from dataclasses import dataclass

from oracle.cards import Card
from oracle.registry import question_kinds

from .commands import COMMANDS, PREFIX
from .session import Session


@dataclass(frozen=True)
class Choice:
    """Replace the ``replaces`` characters before the cursor with ``text``."""

    text: str
    replaces: int
    meta: str = ""
    display: str = ""  # what the menu shows, when not the text (a card with its suit symbol)


def _commands(session: Session, text: str) -> list[Choice]:
    word, space, rest = text[len(PREFIX):].partition(" ")
    if not space:
        return [Choice(f"{PREFIX}{name}", len(text), what[:60]) for name, (_, what) in COMMANDS.items()
                if name.startswith(word.lower())]
    if word != "ask":
        return []
    kinds = question_kinds(session.game.slug)
    kind, space, params = rest.partition(" ")
    if not space:
        return [Choice(name, len(kind), q.summary[:60]) for name, q in sorted(kinds.items()) if name.startswith(kind)]
    if kind not in kinds:
        return []
    partial = "" if params.endswith(" ") or not params else params.split()[-1]
    if "=" in partial:
        return []
    given = {item.split("=", 1)[0] for item in params.split() if "=" in item}
    return [Choice(f"{name}=", len(partial), param.doc[:60]) for name, param in kinds[kind].params.items()
            if name.startswith(partial) and name not in given]


def _cards(session: Session, text: str) -> list[Choice] | None:
    """Card names for a chance line being typed (``Ben receives 2s 2``), or None when the
    text is no such line."""
    typed = " ".join(text.split())
    for slot in session.card_slots():
        prefix = slot.prefix.lower()
        if not (typed.lower() == prefix and text.endswith(" ") or typed.lower().startswith(prefix + " ")):
            continue
        words = typed[len(slot.prefix):].split()
        partial = "" if text.endswith(" ") else (words.pop() if words else "")
        if len(words) >= slot.count:
            return []
        named = {w.lower() for w in words}
        return [Choice(card, len(partial), display=Card.parse(card).pretty()) for card in slot.cards
                if card.lower() not in named and card.lower().startswith(partial.lower())]
    return None


def completions(session: Session, text: str) -> list[Choice]:
    """Everything TAB may offer for ``text``, the line up to the cursor."""
    if text.lstrip().startswith(PREFIX):
        return _commands(session, text.lstrip())
    cards = _cards(session, text)
    if cards is not None:
        return cards
    typed = " ".join(text.split()).lower()
    lines = list(session.moves().legal) + [slot.prefix + " " for slot in session.card_slots()]
    return [Choice(line, len(text)) for line in dict.fromkeys(lines) if line.lower().startswith(typed)]
