"""What the game's loader refuses whatever the holes hold, found before any search.

Each document is loaded with its holes filled by a few arbitrary legal fillings (distinct
cards the position does not hold, dealt in the deck's order, in reverse and shuffled;
numbers at their bounds and between). A refusal is an error of the file only when no
filling can change it:

- every trial filling is refused with the same field and message;
- the field it names holds no hole, nor any field inside it, nor does a hole's field hold it
  (a refused history line is fixed when it does not parse at all, or, in Diablo, when it is
  a betting line or a stand-pat whose legality no card decides and the document leaves no
  number open);
- or the field is a card text with holes, the document leaves no number open, and the
  message names none of the trial cards: what the game counts there (how many cards a hand
  holds) is the same whatever they are.

Anything else is left to the search, where each filling is checked on its own.
"""

from __future__ import annotations

import random
import re
from typing import Any

from oracle.cards import Card, full_deck
from oracle.errors import OracleError, Problem
from oracle.find.holes import IN_TEXT, Document, Path_, SearchFile, is_hole, anonymous_keys, fill, searched_fields

HISTORY = ("position", "history")
# The Diablo lines whose legality no card decides: whose turn it is, the limits, the stacks.
CARDLESS_DIABLO_LINES = ("check", "call", "raise", "fold", "pat")


def fixed_problems(search: SearchFile) -> list[Problem]:
    """Every refusal no filling of the holes can change, in the order of the documents."""
    trials = trial_fillings(search)
    if not trials:
        return []
    found: list[Problem] = [p for doc in search.documents for p in unknown_players_expected(doc)]
    for doc in search.documents:
        fields = _hole_fields(doc)
        cards = {shown for values in trials for k, v in values.items() if search.holes[k].kind == "card"
                 for shown in (v, Card.parse(v).pretty())}
        candidates = [p for p in trial_load(search, doc, 0)[1] if _cannot_depend(doc, p, fields, cards)]
        for trial in range(1, len(trials)):
            if not candidates:
                break
            again = {(p.path, p.message) for p in trial_load(search, doc, trial)[1]}
            candidates = [p for p in candidates if (p.path, p.message) in again]
        found += candidates
    return found


def trial_load(search: SearchFile, doc: Document, trial: int) -> tuple[Any, list[Problem]]:
    """The document loaded with trial filling number ``trial`` (``build_scenario``'s scenario
    and problems), once for the search: what the game refuses here, and the table other
    checks read (``hod_outcomes``)."""
    if (doc.number, trial) not in search.loaded:
        from oracle.scenario import build_scenario

        values = trial_fillings(search)[trial]
        search.loaded[doc.number, trial] = build_scenario(fill(search, doc, values, anonymous_keys(search)),
                                                          doc.lines, doc.number)
    return search.loaded[doc.number, trial]


def trial_fillings(search: SearchFile) -> list[dict[str, Any]]:
    """A few legal fillings, the cards dealt to the holes from the deck in order, in reverse
    and shuffled; none when the deck is short of cards for the holes (the search says so).
    Made once for the search."""
    if "trials" not in search.loaded:
        search.loaded["trials"] = _trial_fillings(search)
    return search.loaded["trials"]


def _trial_fillings(search: SearchFile) -> list[dict[str, Any]]:
    held = {str(card) for doc in search.documents for card in doc.fixed_cards}
    deck = [str(card) for card in full_deck() if str(card) not in held]
    card_keys = [h.key for h in search.card_holes()]
    if len(card_keys) > len(deck):
        return []
    shuffled = list(deck)
    random.Random(len(deck)).shuffle(shuffled)
    trials = []
    for trial, order in enumerate((deck, deck[::-1], shuffled)):
        values: dict[str, Any] = dict(zip(card_keys, order))
        for hole in search.number_holes():
            low, high, step = hole.bounds or (0, None, 1)
            top = high if high is not None else low + 100 * step
            values[hole.key] = (low, top, low + (top - low) // step // 2 * step)[trial]
        trials.append(values)
    return trials


def _hole_fields(doc: Document) -> dict[Path_, str]:
    """The fields of the document holding a hole: ``"number"`` for a number field left open
    (as the search file is read), ``"card"`` for a card text with holes."""
    position = doc.data.get("position") or {}
    rules = doc.data.get("rules") or {}
    fields: dict[Path_, str] = {}
    for path, value in searched_fields(doc.data):
        if not isinstance(value, str) or not IN_TEXT.search(value):
            continue
        number = (doc.game.number_field and path[:1] == ("position",) and is_hole(value)
                  and doc.game.number_field(path[1:], position, rules) is not None)
        fields[path] = "number" if number else "card"
    return fields


def _cannot_depend(doc: Document, problem: Problem, fields: dict[Path_, str], cards: set[str]) -> bool:
    path = tuple(problem.path)
    if path[:1] != ("position",):
        return False  # rules and questions are read before, whatever the holes hold
    if not any(field[:len(path)] == path or path[:len(field)] == field for field in fields):
        return _history_fixed(doc, path, fields) if path[:2] == HISTORY else True
    if path not in fields or "number" in fields.values():
        return False
    return not any(re.search(rf"(?<![\w]){re.escape(card)}(?![\w])", problem.message) for card in cards)


def _history_fixed(doc: Document, path: Path_, fields: dict[Path_, str]) -> bool:
    """A history line refused whatever the holes hold: one that does not parse, or in Diablo
    (whose lines' legality reads no card) one refused while no number is left open."""
    history = (doc.data.get("position") or {}).get("history")
    line = history[path[2]] if len(path) > 2 and isinstance(history, list) and isinstance(path[2], int) \
        and path[2] < len(history) else None
    if not isinstance(line, str):
        return False
    from oracle.registry import game_package

    try:
        action = game_package(doc.game.slug).Action.parse(line)
    except OracleError:
        return True
    if doc.game.slug != "diablo" or "number" in fields.values():
        return False
    rules = {**doc.game.default_rules(), **(doc.data.get("rules") if isinstance(doc.data.get("rules"), dict) else {})}
    # Draws, discards, declarations, shows and (under Jacks or better) the opening bet read the cards.
    return action.kind in CARDLESS_DIABLO_LINES or (action.kind == "bet" and not rules.get("jacks_or_better"))


def unknown_players_expected(doc: Document) -> list[Problem]:
    """A showdown expected to answer for a name the position does not seat (a Hell of a Deal
    ``players`` entry, a Diablo winner): the answer names only seated players, so no filling
    can give it."""
    from oracle.find.hands import players

    if doc.game.slug not in ("hell-of-a-deal", "diablo"):
        return []
    seated = [name for name in players(doc) if isinstance(name, str)]
    problems = []
    for index, question in enumerate(doc.data.get("questions") or []):
        ask = question.get("ask") if isinstance(question, dict) else None
        expect = question.get("expect") if isinstance(question, dict) else None
        if not (ask == "showdown" or isinstance(ask, dict) and ask.get("kind") == "showdown") or not isinstance(expect, dict):
            continue
        if doc.game.slug == "hell-of-a-deal":
            named = [(("players", name), name) for name in expect.get("players") or {}] \
                if isinstance(expect.get("players"), dict) else []
        else:
            winners = expect.get("winners")
            named = [(("winners", k), name) for k, name in enumerate(winners) if isinstance(name, str)] \
                if isinstance(winners, list) else []
        for path, name in named:
            if name not in seated:
                problems.append(doc.lines.problem(("questions", index, "expect", *path),
                                                  f"no player {name!r} in this position: the showdown answers for "
                                                  f"{', '.join(seated) or 'no player'}"))
    return problems
