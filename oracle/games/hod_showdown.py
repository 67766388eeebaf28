"""Hell of a Deal's showdown on a table state: each player's best legal hand, the Boatman's
tolls, the Boss's play, and the resolution with its settlement ("Collect Penalties &
Rewards"). The comparisons themselves are pure rules in ``hod_rules``."""

from __future__ import annotations

from typing import Any

from oracle.errors import InvalidHandError
from oracle.eval import HELL_OF_A_DEAL, Ruleset
from oracle.eval.select import Selection, best_by_tolls, best_selection
from oracle.games.hod_rules import (
    BossPlay,
    blackjack_total,
    boss_play,
    pay_souls,
    player_limits,
    player_outcome,
    settle_bets,
)
from oracle.games.hod_state import HodState, Pending, PlayerState, gain_curse, suffer


# ---------------------------------------------------------------------------------------
# Hands.


def player_ruleset(p: PlayerState) -> Ruleset:
    return HELL_OF_A_DEAL.with_wild_ranks(frozenset(p.wild_ranks))


def player_selection(state: HodState, name: str, max_tolled: int | None = None) -> Selection | None:
    """The player's best hand under every restriction in force; ``max_tolled`` is the Souls
    paid to The Boatman (``None``: the Souls the player declared, or none). ``None`` when no
    legal hand can be made (every card tolled and no Soul paid)."""
    p = state.player(name)
    tolled = frozenset(c.rank for c in state.tolls)
    if state.boss.tolls:
        paid = max_tolled if max_tolled is not None else (p.tolls_paid or 0)
    else:
        paid = None
    limits = player_limits(state.boss, state.community(), extra_hand_cards=p.extra_hand_cards,
                           tolled_ranks=tolled, max_tolled=paid)
    try:
        return best_selection(p.hand, state.community(), player_ruleset(p), limits)
    except InvalidHandError:
        return None


def toll_options(state: HodState, name: str) -> list[Selection]:
    """Under The Boatman: the best hand for each number of Souls the pot can pay that
    strictly improves it ("If the Souls pot is empty, players may not use his ability")."""
    p = state.player(name)
    tolled = frozenset(c.rank for c in state.tolls)
    limits = player_limits(state.boss, state.community(), extra_hand_cards=p.extra_hand_cards,
                           tolled_ranks=tolled, max_tolled=0)
    try:
        return best_by_tolls(p.hand, state.community(), player_ruleset(p), limits, state.souls)
    except InvalidHandError:
        # No hand without paying: start from the first number of Souls that makes one.
        options: list[Selection] = []
        for paid in range(1, min(state.souls, 5) + 1):  # no hand uses more than five tolled cards
            sel = player_selection(state, name, paid)
            if sel is not None and (not options or sel.strength > options[-1].strength):
                options.append(sel)
        return options


def current_boss_play(state: HodState) -> BossPlay:
    return boss_play(state.boss, state.boss_hole, state.community(), HELL_OF_A_DEAL,
                     toll_cards=state.tolls, tie_prefers=state.rules.get("boss_tie_prefers", "default"))


def showdown_outcome(state: HodState, name: str, play: BossPlay | None = None) -> dict[str, Any]:
    """One player's result against the Boss: outcome, the hand played, and why."""
    p = state.player(name)
    play = play or current_boss_play(state)
    if p.folded:
        return {"outcome": "lose", "hand": None,
                "reason": "folded: 'A Folded hand is considered a Losing Hand'"}
    sel = player_selection(state, name)
    if sel is None:
        why = "no cards in hand" if not p.hand else "no legal hand: every card needs a toll"
        return {"outcome": "lose", "hand": None, "reason": why}
    outcome = player_outcome(sel.strength, play)
    mine = sel.hand.description
    if play.uses_default:
        why = {
            "win": f"{mine} beats the default hand {play.description}",
            "push": f"{mine} ties the default hand {play.description} on its listed cards: "
                    "'If the Boss is using their default minimum hand, they have no Kicker "
                    "cards listed. Ties are therefore considered a Push.'",
            "lose": f"{mine} loses to the default hand {play.description}",
        }[outcome]
    else:
        why = {
            "win": f"{mine} beats the Boss's {play.description}",
            "push": f"{mine} ties the Boss's {play.description}: a Push",
            "lose": f"{mine} loses to the Boss's {play.description}",
        }[outcome]
    return {"outcome": outcome, "hand": sel.to_json(), "reason": why}


# ---------------------------------------------------------------------------------------
# The showdown and its settlement.


def begin_showdown(state: HodState) -> None:
    """After the River: tolls declared in turn order (The Boatman), Red Jack draws, then the
    showdown resolves."""
    state.phase = "showdown-prep"
    state.to_act = None
    state.before_showdown = {"souls": state.souls,
                             "players": {p.name: (p.temptation, p.curses) for p in state.players}}
    if state.boss.tolls:
        for p in state.turn_order():
            if not p.folded and p.tolls_paid is None:
                state.pending.append(Pending("toll", p.name))


def resolve_showdown(state: HodState) -> None:
    # Red Jack: "deal cards to his hand until the total is over 16" (one card at a time).
    if not state.boss_hole:
        # A position that left the Boss's hole cards unknown: they are dealt now.
        state.pending.append(Pending("deal_boss", None, state.boss.hole_cards))
        return
    limit = state.boss.draws_while_at_most
    if limit is not None and blackjack_total(state.boss_hole) <= limit and state.stock():
        state.pending.append(Pending("boss_hit", None, 1))
        return
    play = current_boss_play(state)
    results: dict[str, dict[str, Any]] = {}
    order = state.turn_order()
    for p in order:
        results[p.name] = showdown_outcome(state, p.name, play)
        results[p.name]["tolls_paid"] = p.tolls_paid or 0
    # "Winning Hands ... Losing Hands ... Then, for each player who loses the hand, remove the
    # number of Souls listed on the Boss card" - rewards first, then penalties, then Souls.
    for p in order:
        r = results[p.name]
        s = settle_bets(r["outcome"], p.bets)
        r["settlement"] = s.to_json()
        state.souls += s.souls
    for p in order:
        r = results[p.name]
        if r["outcome"] == "lose":
            suffer(state, p.name, r["settlement"]["temptation"], "lost bets")
            if r["settlement"]["curses"]:
                gain_curse(state, p.name, r["settlement"]["curses"], "lost bets")
    losers = [p.name for p in order if results[p.name]["outcome"] == "lose"]
    owed = state.boss.soul_penalty * len(losers)
    state.souls, unpaid = pay_souls(state.souls, owed)
    state.results = results
    state.phase = "showdown"
    outcomes = ", ".join(f"{n} {r['outcome']}" for n, r in results.items())
    state.log.append(f"showdown: {outcomes}")
    if unpaid and state.boss.big_table and state.status == "going on":
        state.status, state.reason = "lost", (
            f"the team owes {owed} Souls to {state.boss.name} and has only {owed - unpaid}: "
            "'When facing NICK HAUSS or THE DEVIL HIMSELF, the team cannot pay a Soul they "
            "have lost.'"
        )
    for p in order:
        if p.folded:
            # "a folding player must roll the "Bones" die"
            state.pending.append(Pending("bones", p.name))
