"""The sentences that lead Auf Teufel komm raus answers: who pays whom after a devil, what
an action line did, what each player may do, what the round paid out, and a turn's policy
as a person says it ("stop once the haul reaches 127"). Every number says what it is."""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import Any, Mapping, Sequence

from oracle.words import join, plural, signed

from ..actions import Action


def figure(x: float) -> str:
    """A value for an explanation: four decimals, or three significant digits for a value
    too small to show in four (a chance of 7.3e-10 is not printed as 0.0000)."""
    return f"{x:.4f}" if x == 0 or abs(x) >= 5e-5 else f"{x:.3g}"


def measure(objective: str, target: int | None) -> str:
    """What a turn's value is, for each objective."""
    return {"haul": "expected haul", "target": f"chance to reach {target}", "chips": "expected chip gain"}[objective]


def worth(objective: str, target: int | None, value: float) -> str:
    """``an expected haul of 58.3127``, ``a 50.0% chance to reach 60``."""
    if objective == "target":
        chance = f"{100 * value:.1f}%" if value == 0 or value >= 0.0005 else f"{figure(value)}"
        return f"a {chance} chance to reach {target}" if "%" in chance else f"a chance of {chance} to reach {target}"
    if objective == "chips":
        return f"an expected gain of {figure(value)} chips"
    return f"an expected haul of {figure(value)}"


# ---- payments --------------------------------------------------------------------------------


def payments_text(payments: Sequence[Mapping[str, Any]], chips: Mapping[str, int] | None = None) -> str:
    """``Anna pays Ben 50 and keeps 40; the bank pays Cara 50 and Dora 50`` for payments in
    order, one clause per payer in a row; ``chips`` (the totals now) adds what a paying
    player keeps, after their last payment."""
    groups: list[tuple[str, list[Mapping[str, Any]]]] = []
    for payment in payments:
        if groups and groups[-1][0] == payment["from"]:
            groups[-1][1].append(payment)
        else:
            groups.append((payment["from"], [payment]))
    last_group = {payer: k for k, (payer, _) in enumerate(groups)}
    clauses = []
    for k, (payer, paid) in enumerate(groups):
        who = "the bank" if payer == "bank" else payer
        clause = f"{who} pays " + join(
            f"{'the bank' if p['to'] == 'bank' else p['to']} {p['amount']}" for p in paid
        )
        if chips is not None and payer in chips and last_group[payer] == k:
            clause += f" and keeps {chips[payer]}"
        reasons = sorted({p.get("reason", "") for p in paid} - {""})
        if reasons and reasons != ["pact with the devil"]:
            clause += f" ({', '.join(reasons)})"
        clauses.append(clause)
    return "; ".join(clauses)


def _pacts(payments: Sequence[Mapping[str, Any]], chips: Mapping[str, int]) -> str:
    pacts = [p for p in payments if p.get("reason") == "pact with the devil"]
    return f"{payments_text(pacts, chips)} (pacts with the devil)" if pacts else ""


# ---- the table --------------------------------------------------------------------------------


def status_text(status: Mapping[str, Any]) -> str:
    """Round and phase, who acts, and what the devils of the round have cost so far."""
    players = status["players"]
    chips = {p["name"]: p["chips"] for p in players}
    text = f"round {status['round']}, {status['phase']} phase: "
    if status["phase"] == "bet":
        waiting = [p["name"] for p in players if p["stake"] is None]
        text += f"waiting for the bets of {join(waiting)}" if waiting else "the bets are in"
    elif status["phase"] == "pull":
        me = next(p for p in players if p["name"] == status["current_player"])
        text += f"{me['name']} to pull"
        if me["pieces"]:
            text += f" (a haul of {me['haul']} from {plural(me['pieces'], 'piece')} so far)"
    else:
        text += f"everyone has pulled; the highest haul is {status['highest_haul']} (settle-round pays it out)"
    devils = [p["name"] for p in players if p["devil"]]
    if devils:
        text += f"; {join(devils)} turned over a devil"
        pacts = _pacts(status["payments"], chips)
        text += f": {pacts}" if pacts else ", with nobody's pact to pay"
    return text


def action_text(action: Action, haul_before: int) -> str:
    if action.is_devil:
        lost = f": the haul of {haul_before} is lost" if haul_before else ", with no haul to lose"
        return f"{action.player} pulls a devil{lost}"
    if action.verb == "stops":
        return f"{action.player} stops with a haul of {haul_before}"
    return str(action)


def apply_text(done: Sequence[str], payments: Sequence[Mapping[str, Any]], status: Mapping[str, Any]) -> str:
    """What the applied lines did, what they cost, and where the round stands now."""
    chips = {p["name"]: p["chips"] for p in status["players"]}
    parts = ["; ".join(done) if done else "no action"]
    pacts = _pacts(payments, chips)
    if pacts:
        parts.append(pacts)
    now = status_text({**status, "players": [p | {"devil": False} for p in status["players"]]})
    return "; ".join(parts) + f"; now {now}"


def _stakes(stakes: list[int]) -> str:
    if len(stakes) > 4 and all(b - a == stakes[1] - stakes[0] for a, b in zip(stakes, stakes[1:])):
        return f"{stakes[0]} to {stakes[-1]} in steps of {stakes[1] - stakes[0]}"
    return join((str(s) for s in stakes), "or")


def moves_text(phase: str, moves: Sequence[Action], chances: Mapping[str, float]) -> str:
    """``Anna may pass or bet 10, 20 or 30``; ``Anna may pull (100: 4.2%, ..., devil: 18.8%)
    or stop``."""
    if not moves:
        return f"nothing may be done in the {phase} phase: the round is to be settled"
    by_player: dict[str, list[Action]] = {}
    for move in moves:
        by_player.setdefault(move.player, []).append(move)
    sentences = []
    for name, own in by_player.items():
        options = []
        if any(m.verb == "passes" for m in own):
            options.append("pass")
        stakes = [m.amount for m in own if m.verb == "bets"]
        if stakes:
            options.append(f"bet {_stakes(stakes)}")
        pulls = [m for m in own if m.verb == "pulls"]
        if pulls:
            odds = ", ".join(f"{'devil' if m.is_devil else m.amount}: {100 * chances.get(str(m), 0):.1f}%" for m in pulls)
            options.append(f"pull (the next piece is {odds})")
        if any(m.verb == "stops" for m in own):
            options.append("stop")
        sentences.append(f"{name} may {join(options, 'or')}")
    return "; ".join(sentences)


def settle_text(out: Mapping[str, Any]) -> str:
    """Phase 3 and 4 in a sentence: each bet and what it paid, the bonuses, each total with
    its pawn's space, and what comes next."""
    bets = [b for b in out["bets"] if b["stake"]]
    text = f"highest haul {out['highest_haul']}; "
    if bets:
        text += "bets: " + ", ".join(f"{b['player']}'s {b['stake']} {b['result']} ({signed(b['change'], 0)})" for b in bets)
    else:
        text += "nobody bet"
    bonuses = [f"{join(names)} {'each ' if len(names) > 1 else ''}50 for the {what}"
               for what, names in (("highest haul", out["bonuses"]["highest_haul"]),
                                   ("most pieces", out["bonuses"]["most_pieces"])) if names]
    text += "; bonuses: " + ", ".join(bonuses) if bonuses else "; no bonus"
    totals = []
    for p in out["players"]:
        pact = ", a pact with the devil" if p["pact"] else ""
        totals.append(f"{p['name']} {p['chips']} ({signed(p['change'], 0)}, pawn on {p['space']}{pact})")
    text += "; totals: " + ", ".join(totals)
    if out["game_over"]:
        text += f"; the game is over: {join(out['winners'])} {'wins' if len(out['winners']) == 1 else 'win'}"
    else:
        oven = "the oven goes on" if out["next_oven"] == "continue" else "the coal is reshuffled"
        text += f"; next round: {out['next_start_player']} starts and {oven}"
    return text


# ---- a turn's policy -------------------------------------------------------------------------


def _by_pieces(rows: Sequence[Mapping[str, Any]]) -> str:
    """'from 150 after 2 pieces, from 130 after 3 to 11 pieces' for rows with a stop_from;
    past four changes, the range of the thresholds (the table lists each)."""
    groups: list[list[Any]] = []
    for row in rows:
        if groups and groups[-1][2] == row["stop_from"] and groups[-1][1] == row["pieces"] - 1:
            groups[-1][1] = row["pieces"]
        else:
            groups.append([row["pieces"], row["pieces"], row["stop_from"]])
    if len(groups) > 4:
        hauls = [stop for _, _, stop in groups]
        return f"from {min(hauls)} to {max(hauls)} (the thresholds table lists each)"
    return ", ".join(f"from {stop} after {plural(a, 'piece') if a == b else f'{a} to {b} pieces'}"
                     for a, b, stop in groups)


def policy_text(player: str, objective: str, target: int | None, value: float,
                rows: Sequence[Mapping[str, Any]], one_step: Mapping[str, Any] | None,
                oven: Mapping[str, int]) -> str:
    """The policy as a person says it: one haul to stop at when the policy is a threshold
    over every state a turn reaches (and whether the one-step rule agrees), else the haul
    for each number of pieces. Standing before an empty oven is no choice, so it is not a
    stop."""
    numbered = sum(count for key, count in oven.items() if key != "devils")
    empty_at = numbered if not oven.get("devils") else None
    reached = [r for r in rows if r.get("reached", True)]
    draws = [r["draw_hauls"][1] for r in reached if r["draw_hauls"]]
    stops = [r for r in reached if r["stop_from"] is not None and r["pieces"] != empty_at]
    exceptions = sum(r["exceptions"] for r in reached)
    top_draw = max(draws, default=None)
    low_stop = min((r["stop_from"] for r in stops), default=None)
    tail = f"; the turn is worth {worth(objective, target, value)}"
    if not stops and not exceptions:
        return f"{player}: never stop by choice, draw until a devil or an empty oven ends the turn{tail}"
    if exceptions or low_stop is None or (top_draw is not None and top_draw >= low_stop):
        text = f"{player}: stop at a haul that depends on the pieces pulled, {_by_pieces(stops)}"
        if exceptions:
            text += f" ({plural(exceptions, 'state')} of those reached stop lower)"
        return text + tail
    threshold = one_step.get("stop_from_exact") if one_step else None
    if threshold is not None and one_step.get("agrees_with_dp"):
        exact = ceil(Fraction(threshold))
        if (top_draw is None or top_draw < exact) and exact <= low_stop:
            return f"{player}: stop once the haul reaches {exact} (the one-step rule agrees){tail}"
    above = f" (any haul above {top_draw} plays the same)" if top_draw is not None and top_draw + 1 < low_stop else ""
    return f"{player}: stop once the haul reaches {low_stop}{above}{tail}"


def draw_or_stop_text(name: str, out: Mapping[str, Any]) -> str:
    stop, draw = out["stop"], out["draw"]
    what = measure(out["objective"], out["target"])
    if out["forced"] and draw is None:
        return f"the oven is empty: {name} can only stop, with the {what} at {figure(stop)}"
    if out["forced"]:
        return f"{name} must turn over a first piece; the turn is worth {worth(out['objective'], out['target'], draw)}"
    if draw is None:
        return f"{name} should {out['best']}: the {what} is {figure(stop)} by stopping"
    return (f"{name} should {out['best']}: the {what} is {figure(draw)} by drawing and {figure(stop)} by stopping "
            f"(margin {'+' if draw >= stop else ''}{figure(draw - stop)})")
