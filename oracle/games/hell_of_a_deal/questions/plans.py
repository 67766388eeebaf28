"""Choices with a price or a pick: The Boatman's tolls, "Look at 2 Cards, Keep 1" and "Draw a
card from the Discard pile", each answered with the odds of ``oracle.solve.exact.holdem`` on
the table's state.

The Boatman: "Players can't use cards matching a Toll card's value in their scoring hand
unless they pay a Soul ... The cost of a Soul is a per card payment. If the Souls pot is
empty, players may not use his ability." Tolls are paid at the showdown (the engine's
``toll`` step), when the board is complete but before the Boss reveals, so a player's hand
for each number of Souls is fixed (``best_by_tolls``) and only the Boss's cards are unknown.

Offerings: "Look at the top 2 cards from the main deck ... Place one into your hand and
discard the other face-up to the discard pile." and "choose a card from the Discard pile and
place it onto the Revealed area on your player mat. The card is part of your hand."
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import Any, Sequence

from oracle.cards import Card
from oracle.errors import FieldError
from oracle.solve.exact.holdem import OddsResult, compute_odds

from ..resolution import toll_options
from ..state import HodState
from .problems import odds_problem, single_seat


def _odds_json(result: OddsResult, name: str) -> dict[str, Any]:
    seat = result.seat(name).to_json()
    seat.pop("name")
    seat["method"] = result.method
    seat["deals"] = result.deals
    return seat


# ---------------------------------------------------------------------------------------
# The Boatman.


def toll_payment(state: HodState, *, players: Sequence[str] | None = None, boss_cards: str = "revealed",
                 odds_options: dict | None = None, view: str = "table", progress=None) -> dict[str, Any]:
    """For every player still in: the hand and odds for each number of Souls that improves the
    hand, the fewest Souls to win and to push (when the Boss's hand is known: for sure; else
    the fewest that give the best expected Souls), and the team's best plan within the pot.
    ``view`` is "table" or the one player advised (their own knowledge, as in ``odds``);
    ``progress(done, total)`` is called after each option is scored."""
    odds_options = odds_options or {}
    if not state.boss.tolls or not state.tolls:
        raise FieldError(("kind",), f"{state.boss.name} takes no tolls: toll-payment needs The Boatman's toll card")
    if len(state.board) < 5:
        raise FieldError(("board",), "tolls are paid at the showdown: the River must be out")
    base = odds_problem(state, view=view, boss_cards=boss_cards)
    names = [p.name for p in state.players if not p.folded] if players is None else list(players)
    for i, name in enumerate(names):
        if name not in state.names:
            raise FieldError(("players", i), f"{name!r} is not a player")
        if state.player(name).folded:
            raise FieldError(("players", i), f"{name} has folded")
        if view != "table" and name != view:
            raise FieldError(("players", i), f"with view {view!r} only {view}'s tolls can be advised")
    selections = {name: toll_options(state, name) for name in names}
    total = sum(len(v) for v in selections.values())
    done = 0
    report: dict[str, Any] = {}
    for name in names:
        p = state.player(name)
        options = []
        for sel in selections[name]:
            paid = len(sel.tolled_used)
            problem = single_seat(base, name, tuple(p.hand), toll_budget=paid)
            result = compute_odds(problem, **odds_options)
            odds = _odds_json(result, name)
            odds["expected_souls_after_tolls"] = round(result.seat(name).expected_souls - paid, 6)
            options.append({"souls": paid, "pays_for": [str(c) for c in sel.tolled_used],
                            "hand": sel.hand.description, "cards": [str(c) for c in sel.hand.cards],
                            "odds": odds})
            done += 1
            if progress is not None:
                progress(done, total)
        known = bool(options) and options[0]["odds"]["deals"] == 1
        entry: dict[str, Any] = {"options": options, "boss_known": known}
        if known:
            entry["fewest_to_win"] = next((o["souls"] for o in options if o["odds"]["win"] == 1), None)
            entry["fewest_to_push_or_win"] = next(
                (o["souls"] for o in options if o["odds"]["lose"] == 0), None)
        if options:
            best = max(options, key=lambda o: (o["odds"]["expected_souls_after_tolls"], -o["souls"]))
            entry["best"] = best["souls"]
        report[name] = entry
    report_team = team_toll_plan(report, state.souls)
    return {"players": report, "team": report_team, "pot": state.souls}


def team_toll_plan(report: dict[str, Any], pot: int) -> dict[str, Any]:
    """One option per player with the Souls paid within the pot, maximising the team's
    expected Souls after tolls, then paying the fewest; every combination is tried."""
    names = [n for n, e in report.items() if e["options"]]
    best = None
    for combo in product(*(report[n]["options"] for n in names)):
        paid = sum(o["souls"] for o in combo)
        if paid > pot:
            continue
        value = sum(o["odds"]["expected_souls_after_tolls"] for o in combo)
        key = (round(value, 9), -paid)
        if best is None or key > best[0]:
            best = (key, combo)
    if best is None:
        return {"pay": {}, "souls": 0, "expected_souls": 0.0}
    (value, neg_paid), combo = best
    return {"pay": {n: o["souls"] for n, o in zip(names, combo)}, "souls": -neg_paid,
            "expected_souls": round(value, 6)}


# ---------------------------------------------------------------------------------------
# Offerings.


def offering_choice(state: HodState, *, player: str, offering: str, cards: Sequence[Card] | None = None,
                    boss_cards: str = "revealed", odds_options: dict | None = None, view: str = "table",
                    progress=None) -> dict[str, Any]:
    """The odds for each card the Offering lets ``player`` take; ``view`` is "table" or the
    player's own name (their own knowledge, as in ``odds``); ``progress(done, total)`` is
    called after each card is scored."""
    odds_options = odds_options or {}
    if player not in state.names:
        raise FieldError(("player",), f"{player!r} is not a player ({', '.join(state.names)})")
    if view not in ("table", player):
        raise FieldError(("view",), f"view is 'table' or {player!r}, not {view!r}")
    p = state.player(player)
    if p.folded:
        raise FieldError(("player",), f"{player} has folded: a folded hand is discarded")
    base = odds_problem(state, view=view, boss_cards=boss_cards)
    if offering == "look":
        looked = list(cards) if cards else list(p.looked)
        if len(looked) != 2:
            raise FieldError(("cards",), "give the 2 cards looked at ('cards: 9h Kd')")
        if looked[0] == looked[1]:
            raise FieldError(("cards",), f"the 2 cards looked at are different cards, not {looked[0]} twice")
        # Every card the position lists, the Boss's face-down ones too: the top of the deck
        # is none of them.
        for c in looked:
            if c.rank is None or c.suit is None:
                raise FieldError(("cards",), f"{c} is not a card of the 52-card deck")
            if c in state.seen_cards() and c not in p.looked:
                raise FieldError(("cards",), f"{c} is already seen elsewhere in the position")
        candidates = [(c, [o for o in looked if o != c]) for c in looked]
        removed: list[Card] = []
    elif offering == "discard":
        if not state.discard:
            raise FieldError(("offering",), "the discard pile is empty")
        candidates = [(c, []) for c in state.discard]
        removed = []
    else:
        raise FieldError(("offering",), f"offering is 'look' or 'discard', not {offering!r}")
    options = []
    for card, discarded in candidates:
        hand = (*p.hand, card)
        problem = single_seat(base, player, hand, moved_to_dead=discarded,
                              removed_from_dead=[card, *removed])
        # A looked-at card is not in the dead list of ``base`` (it is in ``p.looked``).
        problem = replace(problem, dead=tuple(c for c in problem.dead if c != card))
        result = compute_odds(problem, **odds_options)
        options.append({"take": str(card), "discard": [str(c) for c in discarded],
                        "odds": _odds_json(result, player)})
        if progress is not None:
            progress(len(options), len(candidates))
    best = max(options, key=lambda o: (o["odds"]["expected_souls"], o["odds"]["win"]))
    return {"player": player, "offering": offering, "options": options, "take": best["take"]}
