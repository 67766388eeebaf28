"""The sentences that lead Hell of a Deal answers: each player's result with what it earned
or cost, what may be done now, where the game stands. Every number says what it counts."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from oracle.words import join, plural

from ..round import describe_wait

# A legal action line's kind: the words before its details ("bets Heal on Ben" -> "bets Heal").
_DETAIL_MARKS = (": ", " on ", " as ", " with ")


def levels_text(levels: Mapping[str, int]) -> str:
    return "Temptation " + ", ".join(f"{name} {level}" for name, level in levels.items()) if levels else ""


def _changes(entry: Mapping[str, Any]) -> str:
    """What a result did to the player's tracks and the Souls: 'earns 2 Souls', '3 Temptation
    and 1 Curse'."""
    parts = []
    settlement = entry.get("settlement") or {}
    if settlement.get("souls"):
        parts.append(f"earns {plural(settlement['souls'], 'Soul')}")
    if entry.get("temptation_change"):
        parts.append(f"{entry['temptation_change']:+d} Temptation (now {entry.get('temptation')})")
    if entry.get("curses_change"):
        parts.append(f"{entry['curses_change']:+d} {'Curse' if abs(entry['curses_change']) == 1 else 'Curses'}")
    if entry.get("tolls_paid"):
        parts.append(f"pays {plural(entry['tolls_paid'], 'Soul')} in tolls")
    if "bones" in entry:
        parts.append("the Bones not rolled yet (each result under bones)")
    return join(parts)


OUTCOME_VERBS = {"win": "wins", "lose": "loses", "push": "pushes", "folded": "folded"}


def showdown_text(boss: str, description: str, why: str, players: Mapping[str, Mapping[str, Any]],
                  souls_before: int, souls_after: int, to_assign: int, status: str, reason: str) -> str:
    results = []
    for name, entry in players.items():
        outcome = entry.get("outcome")
        text = f"{name} {OUTCOME_VERBS.get(outcome, outcome)}"
        changes = _changes(entry)
        results.append(f"{text}: {changes}" if changes else text)
    souls = (f"the pot keeps {plural(souls_after, 'Soul')}" if souls_after == souls_before
             else f"the pot goes from {souls_before} to {plural(souls_after, 'Soul')}")
    text = f"{boss} plays {description} ({why}); {'; '.join(results)}; {souls}"
    if to_assign:
        text += f"; {to_assign} Temptation still to assign (a player at 10 cannot take it)"
    if status != "going on":
        text += f"; the team has {status} the game: {reason}"
    return text


def best_hand_text(name: str, hand: Mapping[str, Any] | None) -> str:
    if hand is None:
        return f"{name} has no legal hand"
    text = f"{name}'s best hand is {hand['description']} ({' '.join(hand['cards'])})"
    used = hand.get("from_private") or []
    text += f", with {plural(len(used), 'card')} from hand ({' '.join(used)})" if used else ", with no card from hand"
    return text


def by_tolls_text(name: str, options: Sequence[Mapping[str, Any]]) -> str:
    if not options:
        return f"{name} has no legal hand"
    return f"{name}'s best hand for each number of Souls paid: " + "; ".join(
        f"{plural(o['souls_paid'], 'Soul')}: {o['hand']['description']}" for o in options
    )


def _kind_of(line: str, who: str | None) -> str:
    rest = line[len(who) + 1:] if who and line.startswith(who + " ") else line
    cut = min((rest.find(mark) for mark in _DETAIL_MARKS if mark in rest), default=-1)
    return rest[:cut] if cut > 0 else rest


def moves_text(report: Mapping[str, Any]) -> str:
    """``Anna to bet or fold: folds, bets Earn a Soul, bets Heal (2 ways) ...``; a chance
    step says how many outcomes it has."""
    wait = report["awaiting"]
    legal = list(report["legal"])
    head = f"waiting for {describe_wait(wait)}"
    if not legal:
        return f"{head}: nothing may be done"
    chance = report.get("chance")
    if chance and len(legal) > 6:
        return f"{head}: {plural(len(legal), 'possible card')} ('{chance['template']}')"
    who = wait.get("player")
    kinds: dict[str, int] = {}
    for line in legal:
        kind = _kind_of(line, who)
        kinds[kind] = kinds.get(kind, 0) + 1
    if len(kinds) == 1 and len(legal) <= 6:
        return f"{head}: {join(legal, 'or')}"
    listed = [kind + (f" ({n} ways)" if n > 1 else "") for kind, n in kinds.items()]
    return f"{head}: {plural(len(legal), 'legal action')}: {join(listed, 'or')}"


def table_text(summary: Mapping[str, Any], effects: Sequence[str]) -> str:
    """The table after the history: what it did to the tracks, where the round stands."""
    text = ""
    if effects:
        shown = list(effects[-4:])
        earlier = len(effects) - len(shown)
        text = "the history " + ("did, last: " if earlier else "did: ") + "; ".join(shown)
        text += f" (and {plural(earlier, 'earlier effect')})" if earlier else ""
        text += "; now "
    text += f"facing {summary['boss']} in round {summary['round']}, {summary['phase']}: "
    text += f"waiting for {describe_wait(summary['awaiting'])}" if summary["status"] == "going on" else summary["reason"]
    text += f"; {plural(summary['souls'], 'Soul')} in the pot"
    levels = levels_text(summary["temptation"])
    text += f"; {levels}" if levels else ""
    if summary["results"]:
        text += "; last showdown: " + ", ".join(f"{n} {OUTCOME_VERBS.get(o, o)}" for n, o in summary["results"].items())
    return text


def status_text(answer: Mapping[str, Any]) -> str:
    state = {"going on": "the game goes on", "won": "the team has won", "lost": "the team has lost"}
    text = f"{state.get(answer['status'], answer['status'])}: {answer['reason']}"
    text += f"; {plural(answer['souls'], 'Soul')} in the pot"
    levels = levels_text(answer["temptation"])
    text += f"; {levels}" if levels else ""
    if answer["beaten"]:
        text += f"; beaten so far: {join(answer['beaten'])}"
    return text
