"""Hell of a Deal's round as a step machine: what is awaited, the betting order, the streets
and their Boss abilities (Demona, Jack Potts), the automatic moves to the next street and the
showdown, and the end of a round with the next one's set-up."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.cards import Card, Suit

from .resolution import begin_showdown, instants_held, resolve_showdown
from .rules import STREET_CARDS, STREETS
from .state import HodState, Pending

# ---------------------------------------------------------------------------------------
# What is awaited.


def awaiting(state: HodState) -> dict[str, Any]:
    """Who or what acts next: ``{"by": "team"|"chance"|"player"|"dealer"|None, ...}``."""
    if state.status != "going on":
        return {"by": None, "step": "game over"}
    if state.assign_overflow:
        return {"by": "team", "step": "assign Temptation", "count": state.assign_overflow}
    if state.pending and state.pending[0].kind == "reveal":
        return {"by": "dealer", "step": "reveal", "instants": instants_held(state)}
    if state.pending:
        item = state.pending[0]
        chance = item.kind in ("deal_player", "deal_boss", "deal_toll", "deal_street", "stack",
                               "favor_draw", "boss_hit", "bones")
        return {"by": "chance" if chance else "player", "step": item.kind, "player": item.player,
                "count": item.count, "street": item.street}
    if state.phase in ("preflop", *STREETS) and state.to_act:
        return {"by": "player", "step": "bet", "player": state.to_act}
    if state.phase == "showdown":
        return {"by": "dealer", "step": "end round"}
    return {"by": None, "step": state.phase}


def describe_wait(wait: Mapping[str, Any]) -> str:
    """What is awaited, in words: ``Anna to bet or fold``, ``the Boss's next card``."""
    who, count, step = wait.get("player"), wait.get("count"), wait["step"]
    cards = f"{count} card{'s' if count != 1 else ''}" if isinstance(count, int) else "the cards"
    words = {
        "bet": f"{who} to act in the betting",
        "assign Temptation": f"the team to assign {count} Temptation (a player at 10 cannot take more)",
        "deal_player": f"{cards} dealt to {who}",
        "deal_boss": f"the Boss's {cards}",
        "deal_toll": "the Toll card",
        "deal_street": f"the {wait.get('street') or 'next street'}",
        "stack": f"Jack Potts's {cards} revealed",
        "favor_draw": f"{who}'s Favor card drawn",
        "boss_hit": "the Boss's next card (he draws while his total is 16 or less)",
        "bones": f"{who}'s roll of the Bones",
        "toll": f"{who} to pay Souls for tolled cards",
        "demona": f"{who} to suffer a Temptation or fold (a heart came to the board)",
        "favor_discard": f"{who} to discard a Favor (three at most)",
        "keep": f"{who} to keep one of the two cards looked at",
        "reveal": "the hands revealed ('reveal hands'), after any Instant Favor played at the showdown",
        "end round": "the dealer to end the round",
        "game over": "nothing: the game is over",
    }.get(step)
    return words or (f"{step}" + (f" ({who})" if who else ""))


# ---------------------------------------------------------------------------------------
# The streets and the betting order.


def after_street(state: HodState, street: str, cards: list[Card]) -> None:
    """Jack Potts reveals after each street; Demona taxes a heart "placed into the Flop, Turn,
    or River" (the dealt cards; for a designer Boss with both abilities, after the reveal)."""
    if state.boss.heart_tax:
        demona_check(state, cards)
    if state.boss.stack_reveals:
        needed = sum(STREET_CARDS[s] for s in STREETS[STREETS.index(street) + 1:])
        count = min(state.boss.stack_reveals, len(state.stock()) - needed)
        if count > 0:
            state.pending.insert(0, Pending("stack", None, count))


def demona_check(state: HodState, cards: list[Card]) -> None:
    hearts = sum(1 for c in cards if c.suit is Suit.HEARTS)
    if not hearts:
        return
    times = hearts if state.rules.get("demona_per_heart") else 1
    items = [Pending("demona", p.name) for _ in range(times) for p in state.turn_order() if not p.folded]
    state.pending[:0] = items


def stack_reveals(state: HodState, cards: list[Card]) -> None:
    """Jack Potts: "Any cards matching the value of a Community card are stacked onto the
    matching card (Max 1). Discard the rest." Revealed cards are stacked in the order given,
    each on the first board card of its value that holds no stack yet."""
    for card in cards:
        spot = next((b for b in state.board if b.rank == card.rank and b not in state.stacks), None)
        if spot is None:
            state.discard.append(card)
        else:
            state.stacks[spot] = card


def finish_turn(state: HodState) -> None:
    state.turn_order_done.append(state.to_act)
    state.bet_this_turn = 0
    state.to_act = next_to_act(state)


def next_to_act(state: HodState) -> str | None:
    for p in state.turn_order():
        if p.name not in state.turn_order_done and not p.folded:
            return p.name
    return None


def start_betting(state: HodState, phase: str) -> None:
    state.phase = phase
    state.turn_order_done = []
    state.bet_this_turn = 0
    state.to_act = next_to_act(state)


def advance(state: HodState) -> None:
    """Automatic transitions once nothing is awaited: the next street, the showdown."""
    if state.pending and state.pending[0].kind == "reveal" and not instants_held(state):
        state.pending.pop(0)  # the last Instant was played: nothing is left to wait for
    while state.status == "going on" and not state.assign_overflow and not state.pending:
        if state.phase == "deal":
            start_betting(state, "preflop")
        elif state.phase in ("preflop", *STREETS):
            if state.to_act is None or state.player(state.to_act).folded:
                state.to_act = next_to_act(state)
            if state.to_act is not None:
                return
            if state.phase == "river" or all(p.folded for p in state.players):
                begin_showdown(state)
                continue
            street = STREETS[(STREETS.index(state.phase) + 1) if state.phase != "preflop" else 0]
            start_betting(state, street)
            state.to_act = None
            state.pending.append(Pending("deal_street", None, STREET_CARDS[street], street))
        elif state.phase == "showdown-prep":
            resolve_showdown(state)
        else:
            return


# ---------------------------------------------------------------------------------------
# The end of a round and the next one's set-up.


NICK_HAUSS = "Nick Hauss"
THE_DEVIL = "The Devil Himself"


def is_final_boss(state: HodState) -> bool:
    """Beating this Boss wins the game: The Devil Himself ("The players ALL win the game if at
    least one player wins their hand against The Devil Himself"), or a designer's Big Table
    Boss at the bottom of the deck. Never Nick Hauss: "Having outraged your host by beating
    him, Nick ... transforms into the 6th Boss, The Devil Himself"."""
    boss = state.boss
    if boss.name == THE_DEVIL:
        return True
    return boss.big_table and boss.name != NICK_HAUSS and not state.boss_deck


def next_boss_problem(state: HodState) -> str | None:
    """Why the round cannot end (no Boss to face next), or ``None``."""
    won_any = any(r["outcome"] == "win" for r in state.results.values())
    if state.boss.big_table and (not won_any or is_final_boss(state)):
        return None  # faced again, or the game is won
    if not state.boss_deck:
        return (f"the Boss deck is empty: no Boss follows {state.boss.name} (list the Bosses still "
                "to come in boss_deck; the rulebook's deck always ends with Nick Hauss and The "
                "Devil Himself)")
    return None


def end_round(state: HodState) -> None:
    """Cleanup, then the next round's set-up (the Boss, Curses flipped, cards dealt)."""
    won_any = any(r["outcome"] == "win" for r in state.results.values())
    boss = state.boss
    if boss.big_table and not won_any:
        next_name = boss.name  # "the Boss remains and must be faced again in the next round"
    else:
        if won_any:
            state.beaten_bosses.append(boss.name)
        if won_any and is_final_boss(state):
            state.status, state.reason = "won", (
                f"a player beat {boss.name} and the team has not lost: 'The players ALL win the "
                "game if at least one player wins their hand against The Devil Himself, without "
                "the team losing.'"
            )
            state.phase = "over"
            return
        next_name = state.boss_deck.pop(0)  # verify refuses 'end round' with an empty deck
    # Cleanup: Offerings ready, active Curses discarded, chips back, button passes.
    state.offerings_used = set()
    for p in state.players:
        p.curses_active = 0
        p.bets = []
        p.hand, p.revealed, p.looked = [], [], []
        p.folded = False
        p.favors_played = []
        p.extra_hand_cards, p.wild_ranks, p.extra_chips = 0, set(), 0
        p.double_bet = False
        p.tolls_paid = None
    state.dealer = (state.dealer + 1) % len(state.players)
    state.board, state.stacks, state.discard = [], {}, []
    state.boss_hole, state.boss_revealed, state.tolls = [], [], []
    state.results = {}
    state.round_number += 1
    state.boss = state.bosses[next_name]
    start_round(state)


def start_round(state: HodState) -> None:
    """"Resolve Curses (if any) - Skip this step for the 1st Boss." Face-down Curses turn
    active; The Devil Himself has Favors discarded; the deal is queued."""
    if state.round_number > 1:
        for p in state.players:
            p.curses_active += p.curses_face_down
            p.curses_face_down = 0
    if state.boss.discard_favors:
        for p in state.players:
            p.favors = []
    queue_deal(state)


def queue_deal(state: HodState) -> None:
    """"Deal each player 3 cards facedown ... Deal the Boss 2 cards facedown (unless otherwise
    stated)"; The Boatman's toll card "After hands are dealt"."""
    state.phase = "deal"
    state.to_act = None
    for p in state.turn_order():
        state.pending.append(Pending("deal_player", p.name, state.boss.player_hand_cards))
    state.pending.append(Pending("deal_boss", None, state.boss.hole_cards))
    if state.boss.tolls:
        state.pending.append(Pending("deal_toll", None, state.boss.tolls))
