"""Which cards a search document's hands hold: the cards of a card text as hole keys and fixed
cards, each player's hand (Diablo's five cards, Drawing Dead's upcards, Hell of a Deal's hand
with the board under the selection rule), and which fields hold a hand (a set of cards whose
order does not matter) rather than a sequence (a board dealt street by street).

Both meanings of the ``where:`` language read hands from here: Z3's (``model``, over terms)
and numpy's (``vector``, over many fillings at once).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Union

from oracle.cards import Card, parse_cards
from oracle.errors import OracleError
from oracle.find.holes import HOLE, Document

# A hole's key (``$a``, ``?3``) or a card the file gives.
Item = Union[str, Card]
# The last key of a field that holds one hand: the order of its cards changes nothing.
HAND_KEYS = frozenset({"cards", "first", "second", "hole", "hand", "upcards", "stash", "boss_hole"})


def card_word(text: str) -> Card | None:
    """The one card a word names (``Ah``, ``Jk``), or None."""
    try:
        cards = parse_cards(text)
    except OracleError:
        return None
    if len(cards) == 1 and (cards[0].suit is not None or cards[0].is_joker):
        return cards[0]
    return None


def card_items(text: Any, doc: Document, path: tuple, keys: dict) -> list[Item]:
    """The cards of a card text (or a list of them), in order: hole keys and fixed cards."""
    if isinstance(text, list):
        return [c for k, item in enumerate(text) for c in card_items(item, doc, path + (k,), keys)]
    if not isinstance(text, str):
        return []
    out: list[Item] = []
    place = 0
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if token == "?":
            out.append(keys[(doc.number, path, place)])
            place += 1
        elif HOLE.fullmatch(token):
            out.append(token)
        else:
            card = card_word(token)
            if card is not None:
                out.append(card)
    return out


def players(doc: Document) -> list[str]:
    position = doc.data.get("position") or {}
    if doc.game.slug == "diablo":
        return [s.get("name") for s in position.get("seats") or [] if isinstance(s, dict)]
    return [p.get("name") if isinstance(p, dict) else p for p in position.get("players") or []]


@dataclass(frozen=True)
class HandSpec:
    """A player's hand: ``cards`` ranked as they are (their best five), or, with a ``board``,
    the best hand of 1 or 2 of ``cards`` with the board (Hell of a Deal: Deal Cards)."""

    cards: tuple[Item, ...]
    board: tuple[Item, ...] | None = None

    def keys(self) -> set[str]:
        return {item for item in (*self.cards, *(self.board or ())) if isinstance(item, str)}


def hand_spec(doc: Document, name: str, keys: dict) -> HandSpec | None:
    """The cards of ``name``'s hand, or None when the player holds none."""
    position = doc.data.get("position") or {}
    slug = doc.game.slug
    if slug == "diablo":
        hands = position.get("hands") if isinstance(position.get("hands"), dict) else {}
        cards = card_items(hands.get(name), doc, ("position", "hands", name), keys)
        return HandSpec(tuple(cards)) if cards else None
    for index, player in enumerate(position.get("players") or []):
        if not isinstance(player, dict) or player.get("name") != name:
            continue
        if slug == "drawing-dead":
            cards = card_items(player.get("upcards"), doc, ("position", "players", index, "upcards"), keys)
            return HandSpec(tuple(cards)) if cards else None
        if slug == "hell-of-a-deal":
            hand = card_items(player.get("hand"), doc, ("position", "players", index, "hand"), keys)
            board = card_items(position.get("board"), doc, ("position", "board"), keys)
            return HandSpec(tuple(hand), tuple(board)) if hand else None
    return None


def is_hand_field(path: tuple) -> bool:
    """Whether a field holds one hand (its cards a set) rather than cards in order."""
    if len(path) >= 3 and path[:2] == ("position", "hands"):
        return True
    return bool(path) and path[-1] in HAND_KEYS
