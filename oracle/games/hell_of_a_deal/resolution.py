"""How a Hell of a Deal round ends and is paid out: the Boss's play (his default minimum hand or
his cards), each player's best legal hand (bans, tolls, Up Your Sleeve), the comparison, and the
showdown with its settlement ("Collect Penalties & Rewards": Souls won, the chips' backs, the
Boss's Soul penalty, the Bones queued for folded players)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from oracle.cards import Card, Rank
from oracle.errors import IllegalActionError, InvalidHandError
from oracle.eval import HELL_OF_A_DEAL, Ruleset, describe, strength
from oracle.eval.select import Limits, Selection, best_by_tolls, best_selection
from oracle.eval.strength import decode

from .effects import gain_curse, suffer
from .rules import CHIPS, Boss, ChipBet, blackjack_total, pay_souls
from .state import HodState, Pending, PlayerState

# ---------------------------------------------------------------------------------------
# The Boss's hand against a player's.

Outcome = str  # "win", "push" or "lose"


def default_strength(boss: Boss, ruleset: Ruleset = HELL_OF_A_DEAL) -> int | None:
    if boss.default_hand is None:
        return None
    return strength(list(boss.default_hand), ruleset)


def compare_with_default(hand_strength: int, default: int) -> int:
    """1, 0 or -1: a hand against a Boss's default minimum hand, on the cards it lists only.

    Rulebook, "Compare Hands": "If the Boss is using their default minimum hand, they have no
    Kicker cards listed. Ties are therefore considered a Push." So the category and the
    tie-break values the default hand lists decide; a kicker it does not list is ignored."""
    category, tiebreak = decode(hand_strength)
    default_category, default_tiebreak = decode(default)
    if category != default_category:
        return 1 if category > default_category else -1
    for mine, theirs in zip(tiebreak, default_tiebreak):
        if theirs == 0:
            continue  # a card the default hand does not list
        if mine != theirs:
            return 1 if mine > theirs else -1
    return 0


def banned_ranks_for(boss: Boss, board: Sequence[Card]) -> frozenset[Rank]:
    """Values players may not use: the Boss's fixed bans, and under Eenie Meanie "The current
    High Card of the Community board, as well as any cards of matching value ... (Treat Aces
    as High cards)"."""
    banned = set(boss.banned_ranks)
    if boss.bans_board_high_card:
        ranked = [c for c in board if c.rank is not None]
        if ranked:
            banned.add(max(ranked, key=lambda c: c.value).rank)
    return frozenset(banned)


def player_limits(
    boss: Boss,
    board: Sequence[Card],
    *,
    extra_hand_cards: int = 0,
    tolled_ranks: frozenset[Rank] = frozenset(),
    max_tolled: int | None = None,
) -> Limits:
    """The selection rule for a player: "You must use one of your hole cards and MAY use two",
    one more per Up Your Sleeve; the Boss's banned values; The Boatman's tolls."""
    return Limits(
        min_private=1,
        max_private=2 + extra_hand_cards,
        banned_ranks=banned_ranks_for(boss, board),
        tolled_ranks=tolled_ranks if max_tolled is not None else frozenset(),
        max_tolled=max_tolled,
    )


@dataclass(frozen=True)
class BossPlay:
    """The hand the Boss plays: his default minimum hand or his cards, and why."""

    strength: int
    uses_default: bool
    reason: str
    selection: Selection | None = None
    cards_strength: int | None = None
    default_strength: int | None = None
    blackjack_total: int | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def description(self) -> str:
        return describe(self.strength).description

    def to_json(self, boss: Boss) -> dict:
        data = {
            "uses": "default" if self.uses_default else "cards",
            "strength": self.strength,
            "description": self.description,
            "reason": self.reason,
            "default_hand": None if boss.default_hand is None else [str(c) for c in boss.default_hand],
            "cards_hand": None if self.selection is None else self.selection.to_json(),
        }
        if self.blackjack_total is not None:
            data["blackjack_total"] = self.blackjack_total
        return data


def boss_play(
    boss: Boss,
    hole: Sequence[Card],
    board: Sequence[Card],
    ruleset: Ruleset = HELL_OF_A_DEAL,
    *,
    toll_cards: Sequence[Card] = (),
    tie_prefers: str = "default",
) -> BossPlay:
    """"The Boss will choose the stronger of the two hands ... The default minimum hand printed
    on the card -- Or -- The best 5-card hand possible with their dealt hole cards plus
    Community cards", using at least one hole card ("using 1 card is mandatory"), at most
    ``boss.max_hole_used`` (all of them when ``None``). The Boatman's toll cards join his own
    cards ("THE BOATMAN may use the Toll card"). Red Jack over 21 "must use his default hand".

    The two hands are compared on the default hand's listed cards; when they tie there,
    ``tie_prefers`` says which he plays (``"default"``: his cards replace the printed hand only
    when they beat it)."""
    own = [*hole, *toll_cards]
    default = default_strength(boss, ruleset)
    total = blackjack_total(hole) if boss.blackjack else None
    if total is not None and total > 21:
        if default is None:
            raise IllegalActionError(f"{boss.name} is over 21 and has no default hand given")
        return BossPlay(default, True, f"the Boss's cards total {total}, over 21: the default hand must be used",
                        None, None, default, total)
    high = len(own) if boss.max_hole_used is None else min(boss.max_hole_used, len(own))
    selection = best_selection(own, board, ruleset, Limits(min_private=1, max_private=max(1, high)))
    cards = selection.strength
    if default is None:
        return BossPlay(cards, False, "no default hand given: the Boss plays the cards", selection, cards,
                        None, total)
    versus = compare_with_default(cards, default)
    if versus > 0 or (versus == 0 and tie_prefers == "cards"):
        why = "the Boss's cards beat the default hand" if versus > 0 else "the Boss's cards tie the default hand"
        return BossPlay(cards, False, why, selection, cards, default, total)
    why = "the default hand beats the Boss's cards" if versus < 0 else "the Boss's cards only tie the default hand"
    return BossPlay(default, True, why, selection, cards, default, total)


def player_outcome(hand_strength: int, play: BossPlay) -> Outcome:
    """"Players with weaker hands lose ... Players with stronger hands win ... If still tied,
    the result is a Push." Against the default hand only its listed cards count."""
    if play.uses_default:
        versus = compare_with_default(hand_strength, play.strength)
    else:
        versus = (hand_strength > play.strength) - (hand_strength < play.strength)
    return {1: "win", 0: "push", -1: "lose"}[versus]


# ---------------------------------------------------------------------------------------
# Rewards and penalties.


@dataclass(frozen=True)
class Settlement:
    souls: int = 0
    temptation: int = 0
    curses: int = 0

    def to_json(self) -> dict:
        return {"souls": self.souls, "temptation": self.temptation, "curses": self.curses}


def settle_bets(outcome: str, bets: Iterable[ChipBet]) -> Settlement:
    """What a player's Bet area yields. Winning: "collects 1 Soul for every Earn a Soul chip
    they wagered" (a Wild declared as Earn a Soul is one). Losing: "flip all chips in your Bet
    area over. Take the penalties listed for each chip you bet" (the back of the chip itself:
    a Wild chip's back is a Curse whatever it was declared as). A push: "They do not collect
    rewards, nor do they take any penalties." """
    souls = temptation = curses = 0
    for bet in bets:
        if outcome == "win":
            souls += CHIPS[bet.effective].souls_if_won
        elif outcome == "lose":
            temptation += CHIPS[bet.chip].temptation_if_lost
            curses += CHIPS[bet.chip].curses_if_lost
    return Settlement(souls, temptation, curses)


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
    if instants_held(state) and state.rules.get("instants_at_showdown", True):
        # An Instant "can be played at any time" (Hell of a Deal: Draw a Favor chip): the hands
        # are revealed when the table says so, after any Instant its holders play.
        state.pending.append(Pending("reveal"))


def instants_held(state: HodState) -> dict[str, list[str]]:
    """The Instant Favors each player still in the round holds."""
    held = {p.name: [f for f in p.favors if state.favors[f].instant] for p in state.turn_order() if not p.folded}
    return {name: favors for name, favors in held.items() if favors}


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
