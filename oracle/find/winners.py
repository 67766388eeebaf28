"""Expectations about who wins, stated to Z3 natively through the hands' whole strengths
(``oracle.solve.smt.strength``), so that a search for a tie or a loss prunes on the tie-breaks
instead of trying hands one by one:

- a ``compare`` question's ``winner`` (``first``, ``second``, ``tie``, or a relation over them:
  ``{in: [first, tie]}``) is ``strength(first) > strength(second)``, ``<`` or ``==``;
- a Diablo ``showdown``'s ``winners``: the main pot goes to every player still in whose hand
  is the best ("If all five are equal, the hands tie and share the pot", Diablo: Hand
  ranking), so the players named tie, and every other player still in has a weaker hand.

Only what certainly follows is stated: a showdown is stated only where the hands the position
gives are the hands shown (no draw, no card dealt or shown in the history, no declared hands)
and the players still in are those who did not fold. The engines still check every proposal.
"""

from __future__ import annotations

from typing import Any, Callable

from oracle.eval.rulesets import Ruleset
from oracle.find.hands import hand_spec
from oracle.find.holes import Document

WINNERS = ("first", "second", "tie")
# History lines after which the position's hands are no longer the hands shown.
_CARDS_CHANGE = frozenset({"draw", "discard", "receive", "show", "deal", "declare", "stop"})


def allowed(expected: Any, choices: tuple[str, ...]) -> list[str] | None:
    """The values of ``choices`` an expected value allows (one of them, or ``{in: [...]}``,
    ``{not_in: [...]}``), or None when it is none of those forms."""
    if isinstance(expected, str):
        return [expected] if expected in choices else None
    if isinstance(expected, dict) and len(expected) == 1:
        (key, listed), = expected.items()
        if key in ("in", "not_in") and isinstance(listed, list) and listed and all(w in choices for w in listed):
            return listed if key == "in" else [w for w in choices if w not in listed]
    return None


def compare_winner(question: dict, ruleset: Ruleset, cards_of: Callable[[str], list],
                   define: Callable[[Any], Any] | None = None) -> tuple[Any, str] | None:
    """A ``compare`` question's expected ``winner`` as a formula over the two hands' whole
    strengths, with its words; None where it states nothing natively."""
    import z3

    from oracle.solve.smt.strength import compare, strength_key

    ask, expect = question.get("ask"), question.get("expect")
    if not isinstance(ask, dict) or ask.get("kind") != "compare" or not isinstance(expect, dict):
        return None
    options = allowed(expect.get("winner"), WINNERS)
    if options is None or "first" not in ask or "second" not in ask:
        return None
    first = strength_key(cards_of("first"), ruleset, define=define)
    second = strength_key(cards_of("second"), ruleset, define=define)
    if first is None or second is None:
        return None
    relation = {"first": compare(first, ">", second), "second": compare(first, "<", second),
                "tie": compare(first, "==", second)}
    return z3.Or([relation[w] for w in options]), f"compare answers winner {' or '.join(options)} under {ruleset.title}"


def showdown_winners(doc: Document, question: dict, keys: dict,
                     strength_of: Callable[[str], Any]) -> tuple[Any, str] | None:
    """A Diablo ``showdown``'s expected ``winners`` as a formula over the hands' whole
    strengths, with its words; None where it states nothing natively."""
    import z3

    from oracle.solve.smt.strength import compare

    ask, expect = question.get("ask"), question.get("expect")
    if doc.game.slug != "diablo" or not isinstance(expect, dict):
        return None
    if not (ask == "showdown" or ask == {"kind": "showdown"}):
        return None
    winners = expect.get("winners")
    if not isinstance(winners, list) or not winners or not all(isinstance(w, str) for w in winners):
        return None
    still_in = _still_in(doc, keys)
    if still_in is None or not set(winners) <= set(still_in):
        return None
    strengths = {name: strength_of(name) for name in still_in}
    if any(term is None for term in strengths.values()):
        return None
    best = strengths[winners[0]]
    parts = [compare(strengths[w], "==", best) for w in winners[1:]]
    parts += [compare(strengths[p], "<", best) for p in still_in if p not in winners]
    return z3.And(parts) if parts else z3.BoolVal(True), f"showdown answers winners {', '.join(winners)}"


def _still_in(doc: Document, keys: dict) -> list[str] | None:
    """The players whose hands the position gives and who did not fold, where the history
    leaves those hands as they are shown; else None."""
    from oracle.errors import OracleError
    from oracle.games.diablo import Action

    rules = doc.game.default_rules() | (doc.data.get("rules") if isinstance(doc.data.get("rules"), dict) else {})
    if rules.get("declare_hand"):
        return None
    position = doc.data.get("position") if isinstance(doc.data.get("position"), dict) else {}
    history = position.get("history") or []
    if not isinstance(history, list):
        return None
    folded = set()
    for line in history:
        try:
            action = Action.parse(line) if isinstance(line, str) else None
        except (OracleError, ValueError):
            return None
        if action is None or action.kind in _CARDS_CHANGE:
            return None
        if action.kind == "fold":
            folded.add(action.player)
    seats = position.get("seats") if isinstance(position.get("seats"), list) else []
    names = []
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            return None
        chips = seat.get("chips")
        # "A player with no chips has dropped out and is not dealt in": a seat whose chips
        # are not known to be above 0 may not be in the hand at all.
        if chips is not None and not (isinstance(chips, int) and chips > 0):
            return None
        names.append(seat["name"])
    return [name for name in names if name not in folded and hand_spec(doc, name, keys) is not None]
