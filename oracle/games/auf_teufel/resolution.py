"""Auf Teufel komm raus: how a round is paid out. The pact payments a devil causes (Phase 2),
the bets and the two bonuses (Phase 3), the pawn's space and the next round's pacts
(Phase 4), and the preparation of the next round, as one record in ``settle_round``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from oracle.errors import IllegalActionError

from .rules import BONUS, PACT_PAYMENT, track_marks
from .state import Payment, Player, RoundState

# ---- Phase 2: a devil pays the pact-holders ------------------------------------------------


def pact_holders_owed(state: RoundState, puller: Player) -> list[Player]:
    """The pact-holders a devil's puller owes, in seating order from the puller's left: "If
    other players had played a 'Pact with the Devil' ... pay each of those players 50"."""
    n = len(state.players)
    at = state.players.index(puller)
    ordered = [state.players[(at + k) % n] for k in range(1, n)]
    return [p for p in ordered if p.pact]


def pact_cost(state: RoundState, puller: Player) -> int:
    """What ``puller`` would pay out of pocket for a devil now (the bank pays the rest):
    "pays out as many of the pact-holders in full as they can afford, in order"."""
    owed = len(pact_holders_owed(state, puller))
    available = puller.chips - (0 if state.rules["stake_pays_pact"] else (puller.stake or 0))
    return PACT_PAYMENT * min(owed, max(0, available) // PACT_PAYMENT)


def pay_pacts(state: RoundState, puller: Player) -> list[Payment]:
    """Pay every pact-holder ``puller`` owes, the puller first as far as they can, then the
    bank; the payments are recorded on the state and returned."""
    paid = []
    own = pact_cost(state, puller) // PACT_PAYMENT
    for k, holder in enumerate(pact_holders_owed(state, puller)):
        payer = puller.name if k < own else "bank"
        if k < own:
            puller.chips -= PACT_PAYMENT
        else:
            state.bank -= PACT_PAYMENT
        holder.chips += PACT_PAYMENT
        paid.append(Payment(payer, holder.name, PACT_PAYMENT, "pact with the devil"))
    state.payments.extend(paid)
    return paid


# ---- Phase 3: bets and bonuses -------------------------------------------------------------


def bet_result(stake: int, highest_haul: int, highest_bet: int) -> int:
    """Phase 3 for one bet: the chips it gains (negative: lost). "A player whose bet was higher
    than that highest coal amount loses their stake"; at or below it wins once the stake;
    "the player who wins with the highest bet placed this round ... wins two times"."""
    if stake <= 0:
        return 0
    if stake > highest_haul:
        return -stake
    return 2 * stake if stake == highest_bet else stake


def bonus_winners(amounts: list[int], ties: str) -> list[int]:
    """Who receives a 50 bonus for the largest of ``amounts``; nobody when nobody has any
    coal in front of them."""
    top = max(amounts, default=0)
    if top <= 0:
        return []
    winners = [i for i, a in enumerate(amounts) if a == top]
    return winners if len(winners) == 1 or ties == "each" else []


@dataclass(frozen=True)
class Settlement:
    highest_haul: int
    highest_bet: int
    payments: list[Payment]  # Phase 3 payments (Phase 2 pact payments are on the state)
    bet_lines: list[dict[str, Any]]
    haul_bonus: list[str]
    pieces_bonus: list[str]
    chips: list[int]
    bank: int


def settle(state: RoundState) -> Settlement:
    """Phase 3, bets checked "starting with the start player", then the two bonuses."""
    players = state.players
    highest = state.highest_haul()
    top_bet = max((p.stake or 0 for p in players), default=0)
    chips = [p.chips for p in players]
    bank = state.bank
    payments: list[Payment] = []
    lines = []
    for i in state.turn_order():
        p = players[i]
        # A lost bet never costs more than the player still owns: under ``stake_pays_pact``
        # part of the stake may have gone to pact-holders in Phase 2.
        announced = bet_result(p.stake or 0, highest, top_bet)
        gain = max(announced, -chips[i])
        result = "no bet" if not p.stake else ("lost" if announced < 0 else "won")
        if announced == 2 * (p.stake or 0) and announced > 0:
            result = "won double"
        if gain:
            chips[i] += gain
            bank -= gain
            payments.append(
                Payment("bank", p.name, gain, f"bet {result}")
                if gain > 0
                else Payment(p.name, "bank", -gain, "bet lost")
            )
        lines.append({"player": p.name, "stake": p.stake or 0, "result": result, "change": gain})
    ties = state.rules["bonus_ties"]
    haul_bonus = bonus_winners([p.haul for p in players], ties)
    pieces_bonus = bonus_winners([p.pieces for p in players], ties)
    for winners, reason in ((haul_bonus, "highest haul"), (pieces_bonus, "most pieces")):
        for i in winners:
            chips[i] += BONUS
            bank -= BONUS
            payments.append(Payment("bank", players[i].name, BONUS, reason))
    return Settlement(
        highest,
        top_bet,
        payments,
        lines,
        [players[i].name for i in haul_bonus],
        [players[i].name for i in pieces_bonus],
        chips,
        bank,
    )


def round_gain(state: RoundState, index: int, haul: int, pieces: int, *, paid: int = 0) -> int:
    """Chips ``index`` gains in Phase 3 if the round settled with their haul and pieces as
    given and everyone else's as pulled so far (players still to pull count as nothing).
    ``paid`` is what they would have paid pact-holders first (a lost bet costs at most what
    is left, as in ``settle``); it is not itself part of the gain."""
    players = state.players
    hauls = [p.haul if p.done else 0 for p in players]
    counts = [p.pieces if p.done else 0 for p in players]
    hauls[index], counts[index] = haul, pieces
    top_bet = max((p.stake or 0 for p in players), default=0)
    gain = bet_result(players[index].stake or 0, max(hauls), top_bet)
    gain = max(gain, -(players[index].chips - paid))
    ties = state.rules["bonus_ties"]
    gain += BONUS * (index in bonus_winners(hauls, ties))
    gain += BONUS * (index in bonus_winners(counts, ties))
    return gain


# ---- Phase 4: the pawn and the pacts -------------------------------------------------------


def track_space(total: int, marks: tuple[int, ...]) -> str:
    """Phase 4: the pawn's space for a chip total. The bottom space is '0-50' (taken here to
    run from 0 up to the first mark); a total equal to a mark stands on it."""
    if total < marks[0]:
        return f"0-{marks[0]}"
    for low, high in zip(marks, marks[1:]):
        if total == low:
            return str(low)
        if total < high:
            return f"{low}-{high}"
    return str(marks[-1]) if total == marks[-1] else f"{marks[-1]}+"


def space_rank(space: str, marks: tuple[int, ...]) -> int:
    spaces = [f"0-{marks[0]}"]
    for low, high in zip(marks, marks[1:]):
        spaces += [str(low), f"{low}-{high}"]
    spaces += [str(marks[-1]), f"{marks[-1]}+"]
    return spaces.index(space)


def pact_holders(totals: list[int], marks: tuple[int, ...]) -> list[bool]:
    """"Whoever stands alone in last place, OR whoever stands on the '0-50' space, makes a
    pact with the devil." Places are pawn spaces, since totals are private."""
    spaces = [track_space(t, marks) for t in totals]
    ranks = [space_rank(s, marks) for s in spaces]
    lowest = min(ranks, default=0)
    alone = ranks.count(lowest) == 1 and len(ranks) > 1
    return [r == 0 or (alone and r == lowest) for r in ranks]


def settle_round(state: RoundState) -> dict[str, Any]:
    """Phases 3 and 4 and the preparation of the next round, as one JSON-ready record."""
    if state.phase != "settle":
        waiting = state.current().name if state.phase == "pull" else "the bets"
        raise IllegalActionError(f"the round is not over: waiting for {waiting}")
    s = settle(state)
    marks = track_marks(state.rules)
    pacts = pact_holders(s.chips, marks)
    refill = state.oven.pieces >= state.rules["refill_minimum"]
    next_oven = state.oven if refill else state.coal_set
    n = len(state.players)
    over = any(c >= state.rules["goal"] for c in s.chips)
    top = max(s.chips)
    return {
        "highest_haul": s.highest_haul,
        "highest_bet": s.highest_bet,
        "double_paid": any(line["result"] == "won double" for line in s.bet_lines),
        "bets": s.bet_lines,
        "bonuses": {"highest_haul": s.haul_bonus, "most_pieces": s.pieces_bonus},
        "payments": [p.as_dict() | {"phase": 2} for p in state.payments]
        + [p.as_dict() | {"phase": 3} for p in s.payments],
        "players": [
            {
                "name": p.name,
                "chips": s.chips[i],
                "change": s.chips[i] - state.round_start_chips[i],
                "space": track_space(s.chips[i], marks),
                "pact": pacts[i],
            }
            for i, p in enumerate(state.players)
        ],
        "bank": s.bank,
        "pieces_left": state.oven.pieces,
        "next_oven": "continue" if refill else "reshuffle",
        "oven_next_round": next_oven.as_dict(),
        "next_start_player": state.players[(state.start + 1) % n].name,
        "game_over": over,
        "winners": [p.name for i, p in enumerate(state.players) if s.chips[i] == top] if over else [],
    }
