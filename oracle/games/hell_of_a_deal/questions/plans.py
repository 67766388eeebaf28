"""Choices with a price or a pick, each scored on the whole settlement (``settlement``): The
Boatman's tolls, "Look at 2 Cards, Keep 1" and "Draw a card from the Discard pile", with the
odds of ``oracle.solve.exact.holdem`` on the table's state.

The Boatman: "Players can't use cards matching a Toll card's value in their scoring hand
unless they pay a Soul ... The cost of a Soul is a per card payment. If the Souls pot is
empty, players may not use his ability." Tolls are paid at the showdown (the engine's
``toll`` step), when the board is complete but before the Boss reveals, so a player's hand
for each number of Souls is fixed (``toll_options``) and only the Boss's cards are unknown.

Offerings: "Look at the top 2 cards from the main deck ... Place one into your hand and
discard the other face-up to the discard pile." and "choose a card from the Discard pile and
place it onto the Revealed area on your player mat. The card is part of your hand."
"""

from __future__ import annotations

from itertools import product
from typing import Any, Sequence

from oracle.budget import Budget
from oracle.cards import Card
from oracle.errors import FieldError
from oracle.solve.exact.holdem import OddsResult, compute_odds

from ..resolution import toll_options
from ..state import HodState
from .problems import odds_problem, single_seat, with_seats
from .settlement import DEFAULT_OBJECTIVE, Measures, expected

# The most team toll plans weighed (one option a player): four players with six options each
# are 1,296; each is one showdown's odds with the River out (a few milliseconds).
MAX_TOLL_PLANS = 2_000


def odds_json(result: OddsResult, name: str) -> dict[str, Any]:
    seat = result.seat(name).to_json()
    seat.pop("name")
    seat["method"] = result.method
    seat["deals"] = result.deals
    return seat


def _out_of_time(budget: Budget, what: str) -> dict[str, Any]:
    return {"complete": False, "bound_reached": "time_limit",
            "notes": [f"time limit reached: {what}"]}


# ---------------------------------------------------------------------------------------
# The Boatman.


def toll_payment(state: HodState, *, players: Sequence[str] | None = None, boss_cards: str = "revealed",
                 odds_options: dict | None = None, view: str = "table", progress=None,
                 objective: Sequence[str] = DEFAULT_OBJECTIVE) -> dict[str, Any]:
    """For every player advised: the hand, odds and own settlement for each number of Souls
    that improves the hand, the fewest Souls to win and to push (the Boss's hand known), and
    the team's plan (one option a player, within the pot) that is best on the whole
    settlement in ``objective``'s order, then pays the fewest Souls; every plan is listed with
    its measures. ``view`` is "table" or the one player advised (their own knowledge, as in
    ``odds``); ``progress(done, total)`` is called after each option is scored."""
    odds_options = dict(odds_options or {})
    budget = odds_options.get("budget") or Budget()
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
    exact, cut_short = True, None
    for name in names:
        options = []
        for sel in selections[name]:
            paid = len(sel.tolled_used)
            result = compute_odds(single_seat(base, name, tuple(state.player(name).hand), toll_budget=paid),
                                  **odds_options)
            exact = exact and result.exact
            cut_short = cut_short or result.bound_reached
            odds = odds_json(result, name)
            odds["expected_souls_after_tolls"] = round(result.seat(name).expected_souls - paid, 6)
            own = expected(state, result.joint_outcomes(), {name: paid})
            options.append({"souls": paid, "pays_for": [str(c) for c in sel.tolled_used],
                            "hand": sel.hand.description, "cards": [str(c) for c in sel.hand.cards],
                            "odds": odds, "settlement": own.to_json(), "_measures": own})
            done += 1
            if progress is not None:
                progress(done, total)
        report[name] = _toll_entry(options, objective)
    team = team_toll_plan(state, base, report, objective, odds_options, budget)
    for entry in report.values():
        for option in entry["options"]:
            option.pop("_measures")
    # What limited the answer, at its top as every kind says it: an option's odds cut short by
    # the time limit, or the team's plans not all weighed.
    bound = cut_short or team.get("bound_reached")
    return {"exact": exact and bound is None, "complete": bound is None and team.get("complete", True),
            "bound_reached": bound, "players": report, "team": team, "pot": state.souls,
            "objective": list(objective)}


def _toll_entry(options: list[dict[str, Any]], objective: Sequence[str]) -> dict[str, Any]:
    known = bool(options) and options[0]["odds"]["deals"] == 1
    entry: dict[str, Any] = {"options": options, "boss_known": known}
    if known:
        entry["fewest_to_win"] = next((o["souls"] for o in options if o["odds"]["win"] == 1), None)
        entry["fewest_to_push_or_win"] = next((o["souls"] for o in options if o["odds"]["lose"] == 0), None)
    if options:
        # The player's own settlement alone (the others' results left out), then fewest Souls.
        best = min(options, key=lambda o: (o["_measures"].key(objective), o["souls"]))
        entry["best"] = best["souls"]
    return entry


def team_toll_plan(state: HodState, base, report: dict[str, Any], objective: Sequence[str],
                   odds_options: dict, budget: Budget) -> dict[str, Any]:
    """Every combination of one option per player whose Souls fit in the pot, each scored on
    the whole settlement from the joint odds of all the players advised together."""
    names = [n for n, e in report.items() if e["options"]]
    combos = [c for c in product(*(report[n]["options"] for n in names))
              if sum(o["souls"] for o in c) <= state.souls]
    if len(combos) > MAX_TOLL_PLANS:
        raise FieldError(("players",), f"{len(combos):,} team plans to weigh, more than {MAX_TOLL_PLANS:,}: "
                                       "advise fewer players at once")
    plans: list[tuple[tuple, dict[str, int], Measures]] = []
    extra: dict[str, Any] = {"complete": True, "bound_reached": None}
    for combo in combos:
        if plans and budget.expired():
            extra = _out_of_time(budget, f"{len(plans)} of {len(combos)} team plans weighed")
            break
        pay = {n: o["souls"] for n, o in zip(names, combo)}
        result = compute_odds(with_seats(base, tolls=pay), **odds_options)
        measures = expected(state, result.joint_outcomes(), pay)
        plans.append(((measures.key(objective), sum(pay.values())), pay, measures))
    if not plans:
        return {"pay": {}, "souls": 0, "settlement": None, "plans": [], **extra}
    plans.sort(key=lambda p: p[0])
    _, pay, measures = plans[0]
    listed = [{"pay": p, "souls": sum(p.values()), "settlement": m.to_json()} for _, p, m in plans]
    return {"pay": pay, "souls": sum(pay.values()), "settlement": measures.to_json(),
            "expected_souls": round(measures.souls, 6), "plans": listed, **extra}


# ---------------------------------------------------------------------------------------
# Offerings.


def offering_choice(state: HodState, *, player: str, offering: str, cards: Sequence[Card] | None = None,
                    boss_cards: str = "revealed", odds_options: dict | None = None, view: str = "table",
                    progress=None, objective: Sequence[str] = DEFAULT_OBJECTIVE) -> dict[str, Any]:
    """For each card the Offering lets ``player`` take: the player's odds and the whole
    settlement (every player the view sees); ``take`` is the best card in ``objective``'s
    order, then the best chance to win. ``view`` is "table" or the player's own name (their
    own knowledge, as in ``odds``); ``progress(done, total)`` is called after each card."""
    odds_options = dict(odds_options or {})
    budget = odds_options.get("budget") or Budget()
    if player not in state.names:
        raise FieldError(("player",), f"{player!r} is not a player ({', '.join(state.names)})")
    if view not in ("table", player):
        raise FieldError(("view",), f"view is 'table' or {player!r}, not {view!r}")
    p = state.player(player)
    if p.folded:
        raise FieldError(("player",), f"{player} has folded: a folded hand is discarded")
    base = odds_problem(state, view=view, boss_cards=boss_cards)
    candidates = _offering_candidates(state, player, offering, cards)
    options = []
    extra: dict[str, Any] = {"complete": True, "bound_reached": None}
    for card, discarded in candidates:
        if options and budget.expired():
            extra = _out_of_time(budget, f"{len(options)} of {len(candidates)} cards weighed")
            break
        problem = with_seats(base, {player: (*p.hand, card)}, moved_to_dead=discarded, removed_from_dead=[card])
        result = compute_odds(problem, **odds_options)
        measures = expected(state, result.joint_outcomes())
        options.append({"take": str(card), "discard": [str(c) for c in discarded],
                        "odds": odds_json(result, player), "settlement": measures.to_json(),
                        "_key": (measures.key(objective), -result.seat(player).win)})
        if progress is not None:
            progress(len(options), len(candidates))
    best = min(options, key=lambda o: o["_key"])
    for option in options:
        option.pop("_key")
    return {"player": player, "offering": offering, "options": options, "take": best["take"],
            "objective": list(objective), **extra}


def _offering_candidates(state: HodState, player: str, offering: str,
                         cards: Sequence[Card] | None) -> list[tuple[Card, list[Card]]]:
    """(card taken, cards discarded with it) for each choice the Offering gives."""
    p = state.player(player)
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
        return [(c, [o for o in looked if o != c]) for c in looked]
    if offering == "discard":
        if not state.discard:
            raise FieldError(("offering",), "the discard pile is empty")
        return [(c, []) for c in state.discard]
    raise FieldError(("offering",), f"offering is 'look' or 'discard', not {offering!r}")


# ---------------------------------------------------------------------------------------
# Card swaps.

# Expectations become whole numbers for CP-SAT in billionths.
SCALE = 10**9
# The most plans an answer lists (best first); ``plans_weighed`` says how many there were.
PLANS_LISTED = 20


def _scaled(measures: Measures, objective: Sequence[str]) -> tuple[int, ...]:
    """The measures as whole numbers, each larger-is-better, in ``objective``'s order."""
    signed = {"game": -measures.game_lost, "souls": measures.souls, "temptation": -measures.temptation,
              "curses": -measures.curses}
    return tuple(round(signed[m] * SCALE) for m in objective)


def _sum(parts: Sequence[Measures]) -> Measures:
    return Measures(*(sum(getattr(m, f) for m in parts) for f in ("game_lost", "souls", "temptation", "curses")))


def team_swap_plan(state: HodState, base, hands: dict, candidates: list, *, max_swaps: int,
                   objective: Sequence[str], odds_options: dict, budget: Budget, progress=None) -> dict[str, Any]:
    """The swaps best on the whole settlement in ``objective``'s order, then fewest. When the
    settlement is the sum of each player's own part (``additive``: the game cannot be lost and
    the pot cannot run dry, or only Temptation and Curses count) CP-SAT chooses among every
    set of swaps on the players' values; otherwise every set is weighed on the joint odds of
    the whole table, until the time limit."""
    from oracle.solve.cpsat.team_swap import hands_after, solve_swaps, swap_sets

    from .settlement import additive, player_measures

    seats: dict[tuple[str, tuple[Card, ...]], Any] = {}

    def odds_for(name: str, hand: tuple[Card, ...]):
        if (name, hand) not in seats:
            seats[(name, hand)] = compute_odds(single_seat(base, name, hand), **odds_options).seat(name)
        return seats[(name, hand)]

    def own(name: str, hand: tuple[Card, ...]) -> Measures:
        o = odds_for(name, hand)
        return player_measures(state, name, o.win, o.push, o.lose)

    folded = [player_measures(state, p.name, 0.0, 0.0, 1.0) for p in state.players if p.folded]

    def summed(after: dict) -> Measures:
        return _sum([*(own(n, h) for n, h in after.items()), *folded])

    if additive(state) or set(objective) <= {"temptation", "curses"}:
        plan = solve_swaps(hands, candidates, lambda n, h: _scaled(own(n, h), objective), max_swaps=max_swaps,
                           progress=progress, budget=budget)
        # Listed: every plan whose values are known (the time limit may have stopped the table).
        known = [c for c in candidates if all(item in seats for item in hands_after(hands, [c]).items())]
        weighed = [((), summed(hands))] + [((c,), summed(hands_after(hands, [c]))) for c in known]
        if len(plan.swaps) > 1:
            weighed.append((plan.swaps, summed(hands_after(hands, plan.swaps))))
        return _swap_answer(plan.swaps, plan.status, "cp-sat", weighed, objective, odds_for,
                            {"complete": plan.status != "unknown",
                             "bound_reached": None if plan.status == "optimal" else "time_limit"})
    weighed = []
    sets = list(swap_sets(candidates, max_swaps))
    extra: dict[str, Any] = {"complete": True, "bound_reached": None}
    for chosen in sets:
        if weighed and budget.expired():
            extra = _out_of_time(budget, f"{len(weighed)} of {len(sets)} sets of swaps weighed")
            break
        result = compute_odds(with_seats(base, hands_after(hands, chosen)), **odds_options)
        weighed.append((chosen, expected(state, result.joint_outcomes())))
        if progress is not None:
            progress(len(weighed), len(sets))
    best = min(weighed, key=lambda w: (w[1].key(objective), len(w[0])))
    status = "optimal" if extra["complete"] else "feasible"
    return _swap_answer(best[0], status, "enumeration", weighed, objective, odds_for, extra)


def _swap_answer(swaps, status: str, method: str, weighed, objective, odds_for, extra) -> dict[str, Any]:
    ranked = sorted(weighed, key=lambda w: (w[1].key(objective), len(w[0])))
    by_swaps = {tuple(w[0]): w[1] for w in weighed}
    return {"swaps": tuple(swaps), "status": status, "method": method,
            "settlement_before": by_swaps[()].to_json(),
            "settlement_after": by_swaps[tuple(swaps)].to_json() if tuple(swaps) in by_swaps else None,
            "plans": [{"swaps": [str(s) for s in w[0]], "settlement": w[1].to_json()} for w in ranked[:PLANS_LISTED]],
            "plans_weighed": len(weighed), "odds_for": odds_for, **extra}
