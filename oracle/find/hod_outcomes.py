"""Hell of a Deal showdown outcomes, as what they imply of the hands, stated to Z3 so that a
search for a push (or a win, or a loss) against the Boss proposes hands that can give it.

A ``showdown`` question's expected ``players.NAME.outcome`` (``win``, ``push``, ``lose``, or
``{in: [...]}``) is settled by the engine on the hands' whole strengths (Hell of a Deal:
Showdown Phase, Compare Hands): the Boss plays the stronger of his default minimum hand and
his cards (one to ``max_hole_used`` of his hole and toll cards, with the board), and each
player's best legal hand wins, pushes or loses against the Boss's cards, or against the
default hand on the cards it lists only ("they have no Kicker cards listed. Ties are
therefore considered a Push"); a folded hand loses.

Z3 knows a hand under the selection rule by its head: its category and its first tie-break
(``selection.selection_main``), which decide before the rest, of the best hand the Boss's
restrictions leave legal (his banned values, The Boatman's tolls as far as the Souls paid;
a hand with no legal selection has no head and loses). A win needs the player's head at
least the Boss's, a push the same head, a loss at most; the Boss plays his cards only when
their head is at least the default hand's, and the default only when it is at most. Only
these necessary conditions are stated, so no filling the engine accepts is lost, and the
engines check every proposal.

They are stated where a question expects some outcome of a player (``when_stated`` says
when: at once for a push where no Boss's restriction applies, else once the search has gone
on a while), and only where every trial filling of the document (``fixed``) loads one table
of this kind: a showdown of known cards with no history, the Boss's hole cards given, no
Boss who draws or counts to 21, no wild card in a player's hand (Up Your Sleeve's third hand
card is counted).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from oracle.find.winners import allowed
from oracle.solve.smt.selection import Restriction

OUTCOMES = ("win", "push", "lose")
Head = tuple[Any, Any]  # a hand's category (its place in ``categories.ORDER``) and first tie-break


def expected_outcomes(question: dict) -> dict[str, list[str]] | None:
    """The outcomes a showdown question expects: player -> the outcomes allowed; None where
    the question is not one this module states (a question that also draws for Red Jack or
    rolls the Bones, whose answers the outcomes do not decide, is left alone)."""
    ask, expect = question.get("ask"), question.get("expect")
    if not (ask == "showdown" or isinstance(ask, dict) and ask.get("kind") == "showdown" and set(ask) <= {"kind", "tolls"}):
        return None
    players = expect.get("players") if isinstance(expect, dict) else None
    if not isinstance(players, dict):
        return None
    wanted = {}
    for name, entry in players.items():
        options = allowed(entry.get("outcome"), OUTCOMES) if isinstance(entry, dict) else None
        if options is not None:
            wanted[name] = options
    return wanted or None


def _table(states: Sequence[Any]) -> dict[str, Any] | None:
    """What decides outcomes at the tables the trial fillings load, when it is one table of
    the kind stated here; else None."""
    from oracle.cards import RANKS

    tables = []
    for state in states:
        boss = state.boss
        if state.phase not in ("showdown-prep", "showdown") or not state.boss_hole or boss.blackjack \
                or boss.draws_while_at_most is not None or state.stacks:
            return None
        if any(item.kind not in ("toll", "reveal") for item in state.pending):  # the question pays tolls only
            return None
        if any(p.wild_ranks for p in state.players):
            return None
        tables.append({
            "boss": boss, "folded": {p.name: p.folded for p in state.players},
            # "You must use one of your hole cards and MAY use two", one more per Up Your Sleeve
            "most": {p.name: 2 + p.extra_hand_cards for p in state.players},
            "own": len(state.boss_hole) + len(state.tolls),  # "THE BOATMAN may use the Toll card"
            "banned": frozenset(RANKS.index(r) for r in boss.banned_ranks), "bans_board_high": boss.bans_board_high_card,
            "tolls": bool(boss.tolls), "paid": {p.name: p.tolls_paid or 0 for p in state.players},
            "to_pay": frozenset(item.player for item in state.pending if item.kind == "toll"),
        })
    return tables[0] if tables and all(t == tables[0] for t in tables) else None


def restriction_of(table: dict[str, Any], name: str, question: dict) -> Restriction | None:
    """The Boss's restriction on ``name``'s hand in this showdown: his bans, and under The
    Boatman the Souls paid (the question's ``tolls`` for a player still to declare them, else
    those declared); None where the question's payment is not a number."""
    paid = None
    if table["tolls"]:
        paid = table["paid"][name]
        if name in table["to_pay"]:
            ask = question.get("ask")
            tolls = (ask.get("tolls") if isinstance(ask, dict) else None) or {}
            paid = tolls.get(name, 0) if isinstance(tolls, dict) else None
            if not isinstance(paid, int) or isinstance(paid, bool) or paid < 0:
                return None
    return Restriction(table["banned"], table["bans_board_high"], paid)


def states_of(search: Any, doc: Any) -> list[Any]:
    """The document's table under each trial filling (loaded once, ``fixed.trial_load``);
    empty when any is refused."""
    from oracle.find.fixed import trial_fillings, trial_load

    position = doc.data.get("position") if isinstance(doc.data.get("position"), dict) else {}
    if position.get("history"):
        return []
    states = []
    for trial in range(len(trial_fillings(search))):
        scenario, problems = trial_load(search, doc, trial)
        if problems or scenario is None:
            return []
        states.append(scenario.state)
    return states


def at_least(first: Head, second: Head) -> Any:
    """``first``'s category and first tie-break at least ``second``'s, in that order."""
    import z3

    return z3.Or(first[0] > second[0], z3.And(first[0] == second[0], first[1] >= second[1]))


def outcome_implied(options: list[str], player: Head | None, boss: Head, default: Head | None, plays_default: Any) -> Any:
    """What the player's outcome being one of ``options`` implies: ``player`` is None for a
    folded hand; ``plays_default`` is true when the Boss plays his default hand ``default``."""
    import z3

    if player is None:
        return z3.BoolVal("lose" in options)

    def against(other: Head) -> dict[str, Any]:
        return {"win": at_least(player, other), "lose": at_least(other, player),
                "push": z3.And(player[0] == other[0], player[1] == other[1])}

    cards = against(boss)
    if default is None:
        return z3.Or([cards[o] for o in options])
    listed = against(default)
    return z3.Or([z3.If(plays_default, listed[o], cards[o]) for o in options])


def _stated(search: Any, doc: Any, question: dict) -> tuple[dict[str, list[str]], dict[str, Any] | None]:
    """The outcomes stated (player -> those allowed; a player allowed all three is left out)
    and the table they are stated at; no table where nothing is stated."""
    if doc.game.slug != "hell-of-a-deal":
        return {}, None
    options = {name: wanted for name, wanted in (expected_outcomes(question) or {}).items()
               if set(wanted) != set(OUTCOMES)}
    if not options:
        return options, None
    table = _table(states_of(search, doc))
    if table is None or not set(options) <= set(table["folded"]):
        return options, None
    return options, table


def when_stated(search: Any, doc: Any, question: dict) -> str | None:
    """When a showdown question's outcomes are stated to Z3: ``"now"``, with the model, for a
    push at a table with no ban, toll or third hand card, where Z3 proposes few pushes of its
    own and the terms pay for themselves; ``"late"`` for the rest, once a search has gone on a
    while (a win or a loss comes often among the hands Z3 proposes, and a Boss's restrictions
    or Up Your Sleeve make the terms costlier: an easy search is over before they would be
    built); None: never."""
    options, table = _stated(search, doc, question)
    if table is None:
        return None
    restricted = table["banned"] or table["bans_board_high"] or table["tolls"] or set(table["most"].values()) != {2}
    return "now" if any(wanted == ["push"] for wanted in options.values()) and not restricted else "late"


def showdown_outcomes(search: Any, doc: Any, question: dict, head_of: Callable[[str, Restriction, int], Head | None],
                      boss_head: Callable[[int], Head]) -> tuple[Any, str] | None:
    """A showdown question's expected outcomes as what they imply (one formula), with its
    words; None where it states nothing. ``head_of(name, restriction, most)`` gives a player's
    category place and first tie-break under the Boss's restriction, with ``most`` cards of
    the hand at most, ``boss_head(most)`` the
    Boss's cards' (his hole cards and toll cards) with ``most`` of them at most."""
    import z3

    from oracle.eval import HELL_OF_A_DEAL
    from oracle.eval.strength import category_slug, decode
    from oracle.games.hell_of_a_deal import default_strength
    from oracle.solve.smt.categories import ORDER

    options, table = _stated(search, doc, question)
    if table is None:
        return None
    boss = table["boss"]
    high = table["own"] if boss.max_hole_used is None else min(boss.max_hole_used, table["own"])
    cards = boss_head(max(1, high))
    value = default_strength(boss, HELL_OF_A_DEAL)
    default = None
    parts = []
    plays_default = z3.Bool(f"plays default#{doc.number}.{question.get('id')}")
    if value is not None:
        default = (z3.IntVal(ORDER.index(category_slug(value))), z3.IntVal(decode(value)[1][0] - 2))
        parts += [z3.Implies(plays_default, at_least(default, cards)), z3.Implies(z3.Not(plays_default),
                                                                                  at_least(cards, default))]
    for name, wanted in options.items():
        rule = restriction_of(table, name, question)
        if rule is None:
            return None
        head = None if table["folded"][name] else head_of(name, rule, table["most"][name])
        if head is None and not table["folded"][name]:
            return None
        parts.append(outcome_implied(wanted, head, cards, default, plays_default))
    words = ", ".join(f"{name} {' or '.join(wanted)}" for name, wanted in options.items())
    return z3.And(parts), f"showdown answers {words} against {boss.name} (what it implies of the hands)"
