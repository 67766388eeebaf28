"""An answer's facts as a key/value list a person reads: every key of the answer, nested
mappings indented under their key, lists of records as small tables, cards with suit
symbols. Nothing is cut: a list long by nature (a history, a table of thresholds, per-card
counts) shows its first items and says how many more ``--full`` shows, and a hand shows its
description and cards, with its other fields (category, strength) under ``--full``. What was
shortened is collected in ``Facts.shortened`` for the closing note.

The list is data (``Fact`` lines and ``Grid`` tables with their depth); ``oracle.render``
prints it, wrapping a long value under itself on a terminal and writing each fact on one
line when the output is piped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from oracle.text import escape

LONG = 15  # a list or mapping of more entries than this is long: --full shows the rest
SHOWN = 10  # how many entries of a long one are shown without --full
INLINE = 64  # a flat mapping or a list of scalars is written on one line up to this many characters
GRID_COLUMNS = 7  # records with more fields than this are listed as blocks, not as a table



@dataclass
class Fact:
    """One line of the list: ``head`` (``"key: "``, ``"- "``) and the value's text."""

    depth: int
    head: str
    body: Text


@dataclass
class Grid:
    """Records (a list of flat mappings, or a mapping of them) shown as a table under ``head``."""

    depth: int
    head: str
    table: Table


@dataclass
class Facts:
    items: list[Fact | Grid] = field(default_factory=list)
    shortened: list[str] = field(default_factory=list)


def scalar_text(value: Any, *, full: bool = False) -> Text:
    """A scalar as a person reads it: cards with suit symbols, yes/no, ``none`` for null or
    empty text, a float to six significant digits (every digit with ``full``)."""
    from oracle.render import cards_text, looks_like_cards, plain

    if isinstance(value, str):
        cards = looks_like_cards(value)
        return cards_text(cards) if cards else plain(value) if value else Text("none", style="dim")
    if isinstance(value, bool) or value is None:
        return Text({True: "yes", False: "no", None: "none"}[value], style="" if value is not None else "dim")
    if isinstance(value, float):
        return Text(repr(value) if full else f"{value:.6g}")
    if isinstance(value, int):
        return Text(str(value))
    return plain(value)


def is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list, tuple))


def is_hand(value: Any) -> bool:
    """A ranked hand: as ``oracle rank --json`` gives it (also inside Hell of a Deal answers),
    or a Diablo seat's shown hand (``cards``, ``hand``, ``category``, ``folded``)."""
    return (isinstance(value, dict) and "cards" in value and "category" in value
            and isinstance(value.get("description", value.get("hand")), str))


def hand_text(hand: Mapping[str, Any]) -> Text:
    """``Three Aces: A♦ A♣ A♥``, with a wild card's stand-in (``Jk→T♠``) and, for a Hell of
    a Deal hand, the cards it takes from the hand and any banned or tolled card."""
    from oracle.render import plain

    out = plain(hand.get("description", hand.get("hand", "")), "bold")
    cards = hand.get("cards") or []
    if isinstance(cards, str):
        cards = cards.split()
    if cards:
        out.append(": ")
        out.append_text(_cards_with_wilds(cards, hand.get("wilds") or []))
    extras = []
    if hand.get("from_private"):
        extras.append(("from hand", hand["from_private"]))
    for key, label in (("banned", "banned"), ("tolled_used", "tolled")):
        if hand.get(key):
            extras.append((label, hand[key]))
    for label, listed in extras:
        out.append(f" ({label} ", style="dim")
        out.append_text(_cards_with_wilds(listed, []))
        out.append(")", style="dim")
    if hand.get("souls_paid"):
        out.append(f" ({hand['souls_paid']} Souls paid)" if hand["souls_paid"] != 1 else " (1 Soul paid)", style="dim")
    for note in hand.get("notes") or []:
        out.append(f" ({escape(note)})", style="dim")
    if hand.get("folded"):
        out.append(" (folded)", style="dim")
    return out


def _cards_with_wilds(cards: Sequence[Any], wilds: Sequence[Mapping[str, Any]]) -> Text:
    from oracle.render import card_text, looks_like_cards, plain

    stands = [(w.get("card"), w.get("as")) for w in wilds if isinstance(w, Mapping)]
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        parsed = looks_like_cards(str(card))
        if not parsed or len(parsed) != 1:
            out.append_text(plain(card))
            continue
        stand_for = None
        for k, (wild, as_card) in enumerate(stands):
            if wild == card:
                stand_for = looks_like_cards(str(as_card))
                stands.pop(k)
                break
        out.append_text(card_text(parsed[0], stand_for[0] if stand_for and len(stand_for) == 1 else None))
    return out


def _all_cards(values: Sequence[Any]) -> bool:
    from oracle.render import looks_like_cards

    return bool(values) and all(isinstance(v, str) and len(looks_like_cards(v) or ()) == 1 for v in values)


def _inline_list(values: Sequence[Any], full: bool) -> Text | None:
    """A list of scalars on one line, or None when it would be too long for one."""
    if _all_cards(values):
        return _cards_with_wilds(values, [])
    parts = [scalar_text(v, full=full) for v in values]
    if sum(p.cell_len + 2 for p in parts) > INLINE or any("," in p.plain for p in parts):
        return None
    return Text(", ").join(parts)


def _flow(mapping: Mapping[str, Any], full: bool) -> Text | None:
    """A flat mapping as ``{Ben: 26, Anna: 0}``, or None when it is not flat or too long."""
    parts = []
    for key, value in mapping.items():
        if isinstance(value, list) and all(is_scalar(v) for v in value):
            text = _inline_list(value, full) if value else Text("none")
            if text is None:
                return None
        elif is_scalar(value):
            text = scalar_text(value, full=full)
        else:
            return None
        if "," in text.plain:
            return None
        part = Text(f"{escape(key)}: ")
        part.append_text(text)
        parts.append(part)
    line = Text("{").append_text(Text(", ").join(parts)).append("}")
    return line if line.cell_len <= INLINE else None


def _record_columns(records: Sequence[Mapping[str, Any]]) -> list[str] | None:
    """The columns of a table of ``records``, or None when they are not flat records."""
    columns: list[str] = []
    for record in records:
        if not isinstance(record, dict) or not record or is_hand(record):
            return None
        for key, value in record.items():
            if not (is_scalar(value) or (isinstance(value, list) and all(is_scalar(v) for v in value))):
                return None
            if key not in columns:
                columns.append(key)
    return columns if len(columns) <= GRID_COLUMNS else None


def _cell(value: Any, full: bool) -> Text:
    if isinstance(value, list):
        return _inline_list(value, full) or Text(", ").join(scalar_text(v, full=full) for v in value)
    return scalar_text(value, full=full)


def _grid(rows: Sequence[tuple[str | None, Mapping[str, Any]]], columns: list[str], full: bool,
          more: int) -> Table:
    from oracle.render import plain

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="dim", padding=(0, 1))
    labelled = any(label is not None for label, _ in rows)
    if labelled:
        table.add_column("", overflow="fold")
    numeric = {c: all(isinstance(r.get(c), (int, float)) and not isinstance(r.get(c), bool)
                      for _, r in rows if c in r) for c in columns}
    for column in columns:
        table.add_column(escape(column), overflow="fold", justify="right" if numeric[column] else "left")
    for label, record in rows:
        cells = [_cell(record[c], full) if c in record else Text("") for c in columns]
        table.add_row(*([plain(label)] if labelled else []), *cells)
    if more:
        table.add_row(*([Text("")] if labelled else []), Text(f"… {more} more", style="dim"), *[""] * (len(columns) - 1))
    return table


class _Builder:
    def __init__(self, full: bool):
        self.full = full
        self.facts = Facts()
        self.hands_shortened = False

    def add(self, item: Fact | Grid) -> None:
        self.facts.items.append(item)

    def shorten(self, path: str, shown: int, total: int) -> None:
        self.facts.shortened.append(f"{path} ({shown} of {total} shown)")

    def entry(self, depth: int, key: str | None, value: Any, path: str) -> None:
        head = "- " if key is None else f"{escape(key)}: "
        if is_hand(value) and not self.full:
            self.hands_shortened = True
            self.add(Fact(depth, head, hand_text(value)))
        elif isinstance(value, dict):
            self.mapping(depth, head, value, path)
        elif isinstance(value, (list, tuple)):
            self.sequence(depth, head, list(value), path)
        else:
            self.add(Fact(depth, head, scalar_text(value, full=self.full)))

    def mapping(self, depth: int, head: str, value: dict, path: str) -> None:
        if not value:
            self.add(Fact(depth, head, Text("none", style="dim")))
            return
        flow = _flow(value, self.full)
        if flow is not None:
            self.add(Fact(depth, head, flow))
            return
        items = list(value.items())
        shown = items if self.full or len(items) <= LONG else items[:SHOWN]
        columns = _record_columns([v for _, v in shown])
        if columns is not None and len(columns) > 1:
            self.grid(depth, head, [(k, v) for k, v in shown], columns, len(items) - len(shown))
        else:
            self.block(depth, head, shown, path)
            if len(shown) < len(items):
                self.add(Fact(depth + 1, "", Text(f"… {len(items) - len(shown)} more", style="dim")))
        if len(shown) < len(items):
            self.shorten(path, len(shown), len(items))

    def sequence(self, depth: int, head: str, values: list, path: str) -> None:
        if not values:
            self.add(Fact(depth, head, Text("none", style="dim")))
            return
        shown = values if self.full or len(values) <= LONG else values[:SHOWN]
        more = len(values) - len(shown)
        if all(is_scalar(v) for v in values):
            inline = _inline_list(shown, self.full) if not more else None
            if inline is not None:
                self.add(Fact(depth, head, inline))
            else:
                self.add(Fact(depth, head.rstrip(), Text()))
                for v in shown:
                    self.add(Fact(depth + 1, "- ", scalar_text(v, full=self.full)))
        else:
            columns = _record_columns(shown)
            if columns is not None:
                self.grid(depth, head, [(None, v) for v in shown], columns, more)
            else:
                self.add(Fact(depth, head.rstrip(), Text()))
                for k, v in enumerate(shown):
                    self.item(depth + 1, v, f"{path}[{k}]")
        if more:
            if all(is_scalar(v) for v in values) or _record_columns(shown) is None:
                self.add(Fact(depth + 1, "", Text(f"… {more} more", style="dim")))
            self.shorten(path, len(shown), len(values))

    def item(self, depth: int, value: Any, path: str) -> None:
        """One entry of a list, YAML style: a mapping's first key on the line of its ``-``."""
        if isinstance(value, dict) and value and not (is_hand(value) and not self.full) \
                and _flow(value, self.full) is None:
            start = len(self.facts.items)
            self.block(depth, "", list(value.items()), path)
            first = self.facts.items[start]
            if isinstance(first, Fact) and first.depth == depth + 1:
                first.depth, first.head = depth, "- " + first.head
            else:
                self.facts.items.insert(start, Fact(depth, "-", Text()))
        else:
            self.entry(depth, None, value, path)

    def block(self, depth: int, head: str, items: list[tuple[Any, Any]], path: str) -> None:
        if head:
            self.add(Fact(depth, head.rstrip(), Text()))
        for key, value in items:
            self.entry(depth + 1, str(key), value, f"{path}.{key}" if path else str(key))

    def grid(self, depth: int, head: str, rows, columns: list[str], more: int) -> None:
        self.add(Grid(depth, head.rstrip(), _grid(rows, columns, self.full, more)))


def answer_facts(answer: Mapping[str, Any], *, full: bool = False, elsewhere: Mapping[str, str] | None = None) -> Facts:
    """Every top-level key of ``answer`` with its value. ``elsewhere`` maps a key a picture
    shows in full to the line that stands for it here (ignored with ``full``)."""
    builder = _Builder(full)
    for key, value in answer.items():
        if key == "bound_reached" and "bound" in answer and not full:
            builder.facts.shortened.append("bound_reached (the older name of bound)")
            continue
        if not full and elsewhere and key in elsewhere:
            builder.add(Fact(0, f"{escape(key)}: ", Text(elsewhere[key], style="dim")))
            continue
        builder.entry(0, str(key), value, str(key))
    if builder.hands_shortened:
        builder.facts.shortened.append("hands (description and cards shown; category, name and strength under --full)")
    return builder.facts
