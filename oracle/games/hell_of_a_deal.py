"""Hell of a Deal: the round engine, the showdown against every Boss, and the question kinds.

A cooperative Texas Hold'em against a deck of Bosses (rulebook: hell-of-a-deal.txt). Data live
next door: Bosses in ``hod_bosses`` (``Boss``, ``BOSSES``), Favors in ``hod_favors``
(``Favor``, ``FAVORS``), and the pure rules in ``hod_rules`` (chips, the Temptation track,
Curses, Souls, the showdown comparison); action lines in ``hod_actions``. Everything a solver
needs is re-exported here under stable names:

    Boss, BOSSES, find_boss, boss_from_mapping, STANDARD_BOSS_ORDER
    Favor, FAVORS, find_favor, favor_from_mapping
    CHIPS, ChipBet, settle_bets
    TEMPTATION_MAX, FLAME_BARRIERS, healing_floor, heal_temptation, temptation_room,
    split_temptation, check_temptation_assignment, apply_temptation, team_lost_to_temptation
    MAX_CURSES, gain_curses, pay_souls, blackjack_total
    compare_with_default, default_strength, banned_ranks_for, player_limits,
    BossPlay, boss_play, player_outcome
    player_selection(state, name, max_tolled=None), toll_options(state, name),
    showdown_outcome(state, name, ...)
    HodState, load_position, Action, legal_actions, candidate_actions, verify, apply_action

The engine is a step machine in the OpenSpiel manner. At each step one thing is awaited:
a chance event (a deal, a Bones roll, a Favor drawn; the action names the cards or the
result), a player's decision (a bet, a fold, a Favor, Demona's choice, a toll), or a team
decision (where Temptation over 10 goes). ``candidate_actions`` lists the action lines that
make sense to try at this step, ``verify`` raises ``IllegalActionError`` with the reason, and
``apply_action`` verifies and applies on a copy. What the engine cannot do: Curse cards'
effects (not printed in our rulebook: a Curse is only counted), Favor cards as swap or reveal
objects, and table talk.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Mapping, Sequence

from oracle.cards import Card, Rank, Suit, check_cards, format_cards, full_deck, parse_cards
from oracle.errors import (
    FieldError,
    IllegalActionError,
    InvalidHandError,
    OracleError,
)
from oracle.eval import HELL_OF_A_DEAL, Ruleset
from oracle.eval.select import Selection, best_by_tolls, best_selection
from oracle.games.hod_actions import (
    BONES,
    OFFERING_NAMES,
    OFFERINGS,
    RESERVED_NAMES,
    Action,
    parse_action,
)
from oracle.games.hod_bosses import (
    BOSSES,
    STANDARD_BOSS_ORDER,
    Boss,
    boss_from_mapping,
    find_boss,
)
from oracle.games.hod_favors import FAVORS, Favor, favor_from_mapping, find_favor
from oracle.games.hod_rules import (
    CHIPS,
    FLAME_BARRIERS,
    MAX_CURSES,
    TEMPTATION_MAX,
    BossPlay,
    ChipBet,
    apply_temptation,
    banned_ranks_for,
    blackjack_total,
    boss_play,
    check_temptation_assignment,
    compare_with_default,
    default_strength,
    find_chip,
    gain_curses,
    heal_temptation,
    healing_floor,
    pay_souls,
    player_limits,
    player_outcome,
    players_at_max,
    settle_bets,
    split_temptation,
    team_lost_to_temptation,
    temptation_room,
)
from oracle.registry import (
    Answer,
    GameInfo,
    Param,
    QuestionContext,
    RuleOption,
    register_game,
    register_question,
)

__all__ = [
    "Boss", "BOSSES", "find_boss", "boss_from_mapping", "STANDARD_BOSS_ORDER",
    "Favor", "FAVORS", "find_favor", "favor_from_mapping",
    "CHIPS", "ChipBet", "settle_bets", "TEMPTATION_MAX", "FLAME_BARRIERS", "healing_floor",
    "heal_temptation", "temptation_room", "split_temptation", "check_temptation_assignment",
    "apply_temptation", "team_lost_to_temptation", "MAX_CURSES", "gain_curses", "pay_souls",
    "blackjack_total", "compare_with_default", "default_strength", "banned_ranks_for",
    "player_limits", "BossPlay", "boss_play", "player_outcome", "player_selection",
    "showdown_outcome", "toll_options", "HodState", "load_position", "Action", "legal_actions",
    "candidate_actions", "verify", "apply_action",
]

SLUG = "hell-of-a-deal"
STREETS = ("flop", "turn", "river")
STREET_CARDS = {"flop": 3, "turn": 1, "river": 1}
PHASES = ("deal", "preflop", "flop", "turn", "river", "showdown", "over")
BOARD_SIZE = {"deal": 0, "preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}
MAX_FAVORS = 3

OPTIONS = (
    RuleOption("boss_tie_prefers", "default",
               "when the Boss's cards tie his default hand on its listed cards, which he plays",
               choices=("default", "cards")),
    RuleOption("demona_per_heart", False,
               "Demona's ability triggers once per heart dealt, not once per street with a heart"),
)

# ---------------------------------------------------------------------------------------
# State.


@dataclass
class PlayerState:
    name: str
    hand: list[Card] = field(default_factory=list)
    revealed: list[Card] = field(default_factory=list)
    temptation: int = 0
    bets: list[ChipBet] = field(default_factory=list)
    folded: bool = False
    curses_active: int = 0
    curses_face_down: int = 0
    favors: list[str] = field(default_factory=list)
    favors_played: list[str] = field(default_factory=list)
    extra_hand_cards: int = 0
    wild_ranks: set[Rank] = field(default_factory=set)
    extra_chips: int = 0  # Double Down: chips that may be bet over the one per turn
    double_bet: bool = False  # Demona: may bet two chips on the next bet
    looked: list[Card] = field(default_factory=list)  # "Look at 2 Cards, Keep 1"
    tolls_paid: int | None = None

    def chips_left(self) -> dict[str, int]:
        left = {name: chip.count for name, chip in CHIPS.items()}
        for bet in self.bets:
            left[bet.chip] -= 1
        return left

    @property
    def curses(self) -> int:
        return self.curses_active + self.curses_face_down


@dataclass
class Pending:
    """One awaited step: ``kind`` is deal_player, deal_boss, deal_toll, deal_street,
    stack, demona, keep, favor_draw, favor_discard, toll, boss_hit, bones."""

    kind: str
    player: str | None = None
    count: int = 0
    street: str | None = None


@dataclass
class HodState:
    players: list[PlayerState]
    boss: Boss
    rules: dict[str, Any]
    bosses: dict[str, Boss]
    favors: dict[str, Favor]
    boss_deck: list[str] = field(default_factory=list)
    boss_hole: list[Card] = field(default_factory=list)
    boss_revealed: list[Card] = field(default_factory=list)
    tolls: list[Card] = field(default_factory=list)
    board: list[Card] = field(default_factory=list)
    stacks: dict[Card, Card] = field(default_factory=dict)
    discard: list[Card] = field(default_factory=list)
    souls: int = 0
    dealer: int = 0
    phase: str = "deal"
    to_act: str | None = None
    bet_this_turn: int = 0
    turn_order_done: list[str] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    assign_overflow: int = 0
    offerings_used: set[str] = field(default_factory=set)
    round_number: int = 1
    status: str = "going on"
    reason: str = ""
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    beaten_bosses: list[str] = field(default_factory=list)
    before_showdown: dict[str, Any] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    rng_seed: int | None = None

    # -- lookups --------------------------------------------------------------------
    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise IllegalActionError(f"{name!r} is not a player (players: {', '.join(self.names)})")

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def turn_order(self) -> list[PlayerState]:
        """"play begins with the player to the left of the Dealer Button, then proceeds
        clockwise" (seats are listed clockwise)."""
        n = len(self.players)
        return [self.players[(self.dealer + 1 + i) % n] for i in range(n)]

    def community(self) -> list[Card]:
        """Board cards and Jack Potts's stacked cards ("Added cards are legal Community
        cards")."""
        return [*self.board, *self.stacks.values()]

    def levels(self) -> dict[str, int]:
        return {p.name: p.temptation for p in self.players}

    def seen_cards(self) -> list[Card]:
        cards = [*self.boss_hole, *self.tolls, *self.board, *self.stacks.values(), *self.discard]
        for p in self.players:
            cards.extend(p.hand)
            cards.extend(p.looked)
        return cards

    def stock(self) -> list[Card]:
        seen = set(self.seen_cards())
        return [c for c in full_deck() if c not in seen]

    def copy(self) -> "HodState":
        """A copy sharing only immutable parts (cards, Bosses, Favors, rules)."""
        players = [
            replace(p, hand=list(p.hand), revealed=list(p.revealed), bets=list(p.bets),
                    favors=list(p.favors), favors_played=list(p.favors_played),
                    wild_ranks=set(p.wild_ranks), looked=list(p.looked))
            for p in self.players
        ]
        return replace(
            self, players=players, boss_deck=list(self.boss_deck), boss_hole=list(self.boss_hole),
            boss_revealed=list(self.boss_revealed), tolls=list(self.tolls), board=list(self.board),
            stacks=dict(self.stacks), discard=list(self.discard), turn_order_done=list(self.turn_order_done),
            pending=[replace(i) for i in self.pending], offerings_used=set(self.offerings_used),
            results=copy.deepcopy(self.results), beaten_bosses=list(self.beaten_bosses),
            before_showdown=copy.deepcopy(self.before_showdown), log=list(self.log),
        )


# ---------------------------------------------------------------------------------------
# Effects shared by many actions: Temptation, Curses, Souls, cards into a hand.


def suffer(state: HodState, name: str, amount: int, why: str) -> None:
    """Temptation to ``name``; what passes 10 waits for the team's assignment ("the
    Temptation must be suffered by another player")."""
    if amount <= 0:
        return
    p = state.player(name)
    taken, overflow = split_temptation(p.temptation, amount)
    p.temptation += taken
    state.log.append(f"{name} suffers {amount} Temptation ({why})")
    if overflow:
        state.assign_overflow += overflow
    check_loss(state)


def gain_curse(state: HodState, name: str, count: int, why: str) -> None:
    p = state.player(name)
    p.curses_face_down, excess = gain_curses(p.curses_active, p.curses_face_down, count)
    state.log.append(f"{name} gains {count} Curse(s) ({why})")
    if excess:
        suffer(state, name, excess, "a Curse beyond three becomes a Temptation")


def heal(state: HodState, target: str, amount: int, why: str) -> str:
    p = state.player(target)
    if state.boss.no_healing:
        return f"no healing against {state.boss.name}: 'Players cannot heal Temptation.'"
    before = p.temptation
    p.temptation = heal_temptation(p.temptation, amount)
    if p.temptation == before:
        return f"{target} stays at {before}: a Flame Barrier holds"
    state.log.append(f"{target} heals {before - p.temptation} ({why})")
    return f"{target} heals from {before} to {p.temptation}"


def add_to_hand(state: HodState, name: str, cards: Sequence[Card], revealed: bool = False) -> None:
    p = state.player(name)
    p.hand.extend(cards)
    if revealed or state.boss.player_cards_face_up:
        p.revealed.extend(cards)
    if state.boss.blackjack and cards:
        blackjack_check(state, name)


def blackjack_check(state: HodState, name: str) -> None:
    """Red Jack: "If at anytime your hand totals over 21, suffer a Temptation & draw a Curse.
    At exactly 21, you earn 1 Soul." Checked each time cards join the hand ("only when you add
    the kept card to your hand")."""
    total = blackjack_total(state.player(name).hand)
    if total > 21:
        suffer(state, name, 1, f"Red Jack: hand totals {total}")
        gain_curse(state, name, 1, f"Red Jack: hand totals {total}")
    elif total == 21:
        state.souls += 1
        state.log.append(f"{name} totals 21: the team earns a Soul")


def check_loss(state: HodState) -> None:
    if state.status != "going on":
        return
    if team_lost_to_temptation(state.levels()):
        at_max = players_at_max(state.levels())
        state.status, state.reason = "lost", (
            f"{' and '.join(at_max)} are at 10 Temptation: 'Two or more players reach the 10th "
            "space on the Temptation Track.'"
        )


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
        for paid in range(1, state.souls + 1):
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
        return {"outcome": "lose", "hand": None, "reason": "no legal hand: every card needs a toll"}
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
# What is awaited.


def awaiting(state: HodState) -> dict[str, Any]:
    """Who or what acts next: ``{"by": "team"|"chance"|"player"|"dealer"|None, ...}``."""
    if state.status != "going on":
        return {"by": None, "step": "game over"}
    if state.assign_overflow:
        return {"by": "team", "step": "assign Temptation", "count": state.assign_overflow}
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


def actor_of(state: HodState) -> str | None:
    return awaiting(state).get("player")


# ---------------------------------------------------------------------------------------
# Verifying actions: one function per kind, each raising with the reason.


def verify(state: HodState, action: Action | str) -> Action:
    """Raise ``IllegalActionError`` (or ``InvalidActionError`` for text that does not parse)
    unless ``action`` may be taken now; return the parsed action."""
    if isinstance(action, str):
        action = parse_action(action)
    if state.status != "going on":
        raise IllegalActionError(f"the game is over ({state.status}): {state.reason}")
    wait = awaiting(state)
    if wait["by"] == "team":
        if action.kind != "assign":
            raise IllegalActionError(
                f"{state.assign_overflow} Temptation over 10 must first be assigned "
                "('assign Temptation: Ben 1')"
            )
        check_temptation_assignment(state.levels(), state.assign_overflow, dict(action.assignment))
        names = [n for n, _ in action.assignment]
        if len(set(names)) != len(names):
            raise IllegalActionError("name each player once in the assignment")
        return action
    if action.kind == "assign":
        raise IllegalActionError("no Temptation is waiting to be assigned")
    if action.kind == "play" and wait["by"] == "player" and wait["step"] == "bet":
        _verify_play(state, action)
        return action
    if wait["by"] == "dealer":
        if action.kind != "end":
            raise IllegalActionError("the showdown is over: the next step is 'end round'")
        return action
    if action.kind == "end":
        raise IllegalActionError(f"the round is not over: waiting for {_describe_wait(wait)}")
    if state.pending:
        _verify_pending(state, state.pending[0], action)
        return action
    if wait["step"] == "bet":
        _verify_turn(state, action)
        return action
    raise IllegalActionError(f"nothing can be done now ({state.phase})")


def _describe_wait(wait: Mapping[str, Any]) -> str:
    who = wait.get("player")
    return f"{wait['step']}" + (f" ({who})" if who else "")


def _check_unseen(state: HodState, cards: Sequence[Card], what: str) -> None:
    try:
        check_cards(list(cards), what=what)
    except InvalidHandError as exc:
        raise IllegalActionError(str(exc)) from exc
    seen = set(state.seen_cards())
    for c in cards:
        if c.suit is None:
            raise IllegalActionError(f"deal a card with its suit, not {str(c)!r}")
        if c in seen:
            raise IllegalActionError(f"{c} is not in the deck: it has already been seen")


def _verify_pending(state: HodState, item: Pending, action: Action) -> None:
    k = item.kind
    expected = {
        "deal_player": "deal", "deal_boss": "deal", "deal_toll": "deal", "deal_street": "deal",
        "boss_hit": "deal", "stack": "stack", "demona": ("demona", "fold"), "keep": "keep",
        "favor_draw": "favor_draw", "favor_discard": "favor_discard", "toll": "toll",
        "bones": "bones",
    }[k]
    kinds = expected if isinstance(expected, tuple) else (expected,)
    if action.kind not in kinds:
        raise IllegalActionError(f"waiting for {_pending_text(state, item)}, not {str(action)!r}")
    if action.actor is not None and action.actor != item.player:
        raise IllegalActionError(f"waiting for {_pending_text(state, item)}: it is not {action.actor}'s step")
    if k in ("deal_player", "deal_boss", "deal_toll", "deal_street", "boss_hit", "stack"):
        target = {"deal_player": item.player, "deal_boss": "Boss", "boss_hit": "Boss",
                  "deal_toll": "toll", "deal_street": item.street, "stack": None}[k]
        if k != "stack" and action.target != target:
            raise IllegalActionError(f"waiting for {_pending_text(state, item)}, not a deal to {action.target}")
        if len(action.cards) != item.count:
            raise IllegalActionError(f"{_pending_text(state, item)} takes {item.count} card(s), not {len(action.cards)}")
        _check_unseen(state, action.cards, "deal")
    elif k == "demona":
        if action.kind == "fold" and state.boss.no_folding:
            raise IllegalActionError(f"{state.boss.name}: 'You may not Fold.'")
    elif k == "keep":
        p = state.player(item.player)
        if len(action.cards) != 1 or action.cards[0] not in p.looked:
            raise IllegalActionError(f"{item.player} keeps one of {format_cards(p.looked)}")
    elif k == "favor_draw":
        try:
            find_favor(action.favor, state.favors)
        except OracleError as exc:
            raise IllegalActionError(str(exc)) from exc
    elif k == "favor_discard":
        p = state.player(item.player)
        if action.favor not in p.favors:
            raise IllegalActionError(f"{item.player} holds {', '.join(p.favors)}, not {action.favor!r}")
    elif k == "toll":
        allowed = [len(s.tolled_used) for s in toll_options(state, item.player)]
        if action.count not in allowed:
            raise IllegalActionError(
                f"{item.player} may pay {', '.join(map(str, allowed)) or 'no'} Soul(s): each pays "
                f"for one tolled card used, with {state.souls} Soul(s) in the pot ('The cost of a "
                "Soul is a per card payment. If the Souls pot is empty, players may not use his "
                "ability.'); paying for nothing better is not offered"
            )
    elif k == "bones":
        if action.outcome not in BONES:
            raise IllegalActionError(f"the Bones show {', '.join(BONES)}")


def _pending_text(state: HodState, item: Pending) -> str:
    k = item.kind
    if k == "deal_player":
        return f"deal {item.player} {item.count} card(s)"
    if k in ("deal_boss", "boss_hit"):
        return f"deal Boss {item.count} card(s)"
    if k == "deal_toll":
        return "deal the toll card"
    if k == "deal_street":
        return f"deal the {item.street}"
    if k == "stack":
        return "Jack Potts's 3 revealed cards"
    if k == "demona":
        return f"{item.player}: suffer a Temptation or fold (Demona)"
    if k == "keep":
        return f"{item.player} keeps one of the two cards looked at"
    if k == "favor_draw":
        return f"{item.player} draws a Favor"
    if k == "favor_discard":
        return f"{item.player} discards a Favor down to three"
    if k == "toll":
        return f"{item.player} declares the Souls paid in tolls"
    if k == "bones":
        return f"{item.player} rolls the Bones"
    return k


def _verify_turn(state: HodState, action: Action) -> None:
    name = state.to_act
    if action.kind not in ("bet", "fold", "done", "dedly", "play"):
        raise IllegalActionError(f"it is {name}'s turn to bet or fold, not {str(action)!r}")
    if action.actor != name:
        raise IllegalActionError(f"it is {name}'s turn, not {action.actor}'s")
    p = state.player(name)
    if action.kind == "fold":
        if state.bet_this_turn:
            raise IllegalActionError(f"{name} has bet this phase and is in: 'Players must simply Bet one chip or Fold'")
        if state.boss.no_folding:
            raise IllegalActionError(f"{state.boss.name}: 'You may not Fold.'")
        return
    if action.kind == "done":
        if not state.bet_this_turn:
            raise IllegalActionError(
                f"{name} must bet one chip or fold: 'You may not \"Check,\" delaying the bet'"
            )
        return
    if action.kind == "dedly":
        if not state.boss.extra_draws:
            raise IllegalActionError(f"only against Dedly Aloor may players draw extra cards, not against {state.boss.name}")
        check_spare_cards(state, 1 if action.dedly_pay else 2)
        return
    if action.kind == "bet":
        _verify_bet(state, p, action)


def check_spare_cards(state: HodState, count: int) -> None:
    """Extra draws may not take the cards the board still needs (the rulebook never runs the
    deck out; we keep the streets dealable)."""
    needed = sum(STREET_CARDS[s] for s in STREETS[len([x for x in STREETS if BOARD_SIZE[x] <= len(state.board)]):])
    needed += sum(i.count for i in state.pending if i.kind.startswith("deal"))
    if len(state.stock()) - needed < count:
        raise IllegalActionError(
            f"the deck has {len(state.stock())} cards and {needed} are needed for the board: no card to draw"
        )


def _bets_allowed(state: HodState, p: PlayerState) -> int:
    """Chips the player may still bet this turn: one, a second after Demona's heart ("Players
    who don't Fold may bet TWO chips on their next bet"), plus Double Down's extra chips."""
    allowed = 1 + (1 if p.double_bet else 0) + p.extra_chips
    return allowed - state.bet_this_turn


def _verify_bet(state: HodState, p: PlayerState, action: Action) -> None:
    if _bets_allowed(state, p) <= 0:
        raise IllegalActionError(
            f"{p.name} has bet this turn: 'choose one (and only one) unused chip'"
            + (" (Demona's second chip and Double Down's extra chip are used)" if state.bet_this_turn > 1 else "")
        )
    left = p.chips_left()
    if left.get(action.chip, 0) <= 0:
        raise IllegalActionError(f"{p.name}'s {action.chip} chip is already in the Bet area this round")
    if action.chip == "Wild":
        if not action.acts_as or action.acts_as == "Wild":
            raise IllegalActionError("declare the Wild chip as another chip: 'Wild as Earn a Soul'")
    elif action.acts_as:
        raise IllegalActionError("only the Wild chip is declared as another chip")
    effective = action.acts_as or action.chip
    if effective == "Heal":
        state.player(action.target)  # raises for an unknown name
    elif effective == "Reveal 2 Cards":
        hidden = [c for c in p.hand if c not in p.revealed]
        need = min(2, len(hidden))
        if len(action.cards) != need or len(set(action.cards)) != need:
            raise IllegalActionError(f"{p.name} reveals {need} of their face-down cards")
        for c in action.cards:
            if c not in hidden:
                raise IllegalActionError(f"{c} is not a face-down card in {p.name}'s hand")
    elif effective == "Devilish Offering":
        _verify_offering(state, p, action)


def _verify_offering(state: HodState, p: PlayerState, action: Action) -> None:
    if action.offering in state.offerings_used:
        raise IllegalActionError(
            f"the Offering '{OFFERING_NAMES[action.offering]}' is used this round: 'You may only "
            "utilize Offerings that have not been previously used this round.'"
        )
    if action.offering == "reveal":
        card = action.cards[0] if len(action.cards) == 1 else None
        if card not in state.boss_hole or card in state.boss_revealed:
            raise IllegalActionError("choose one of the Boss's face-down hole cards")
    elif action.offering == "look":
        check_spare_cards(state, 2)
    elif action.offering == "swap":
        other = state.player(action.target)
        if other.name == p.name or other.folded:
            raise IllegalActionError("swap with another player who is still in the round")
        if len(action.cards) != 1 or action.cards[0] not in p.hand:
            raise IllegalActionError(f"{p.name} swaps a card from their own hand")
        if len(action.other_cards) != 1 or action.other_cards[0] not in other.hand:
            raise IllegalActionError(f"{other.name} gives a card from their own hand")
    elif action.offering == "discard":
        if len(action.cards) != 1 or action.cards[0] not in state.discard:
            raise IllegalActionError(f"the discard pile holds {format_cards(state.discard) or 'nothing'}")


def _verify_play(state: HodState, action: Action) -> None:
    p = state.player(action.actor)
    try:
        favor = find_favor(action.favor, state.favors)
    except OracleError as exc:
        raise IllegalActionError(str(exc)) from exc
    if favor.name not in p.favors:
        raise IllegalActionError(f"{p.name} does not hold the Favor {favor.name}")
    if p.folded:
        raise IllegalActionError(f"{p.name} has folded")
    if not favor.instant:
        if state.to_act != p.name:
            raise IllegalActionError(f"{favor.name} is not Instant: it is played on {p.name}'s own turn")
        if not state.bet_this_turn:
            raise IllegalActionError("'You may not play a Favor card without Betting first'")
    if favor.effect == "heal":
        if action.target is None:
            raise IllegalActionError(f"say whom {favor.name} heals ('... on Ben')")
        state.player(action.target)
    elif action.target is not None:
        raise IllegalActionError(f"{favor.name} names no player")
    if favor.effect == "reveal_boss_card":
        if len(action.cards) != 1 or action.cards[0] not in state.boss_hole or action.cards[0] in state.boss_revealed:
            raise IllegalActionError("name one of the Boss's face-down hole cards")
    elif action.cards:
        raise IllegalActionError(f"{favor.name} names no card")
    if favor.effect == "draw_cards":
        check_spare_cards(state, favor.amount)


# ---------------------------------------------------------------------------------------
# Applying actions.


def apply_action(state: HodState, action: Action | str) -> HodState:
    """A new state with ``action`` applied (the argument is not changed)."""
    action = verify(state, action)
    new = state.copy()
    _do(new, action)
    new.log.append(str(action))
    advance(new)
    check_loss(new)
    return new


def _do(state: HodState, action: Action) -> None:
    k = action.kind
    if k == "assign":
        for name, count in action.assignment:
            state.player(name).temptation += count
        state.assign_overflow = 0
        check_loss(state)
        return
    if k == "end":
        end_round(state)
        return
    if k == "play":
        _do_play(state, action)
        return
    if state.pending:
        item = state.pending.pop(0)
        _do_pending(state, item, action)
        return
    p = state.player(action.actor)
    if k == "fold":
        fold(state, p)
        finish_turn(state)
    elif k == "done":
        p.double_bet = False
        finish_turn(state)
    elif k == "dedly":
        # "If they do not suffer 1 Temptation, DEDLY ALOOR draws an additional card as well."
        if action.dedly_pay:
            suffer(state, p.name, 1, "Dedly Aloor: an extra card")
        state.pending[:0] = [Pending("deal_player", p.name, 1)] + (
            [] if action.dedly_pay else [Pending("deal_boss", None, 1)]
        )
    elif k == "bet":
        _do_bet(state, p, action)


def fold(state: HodState, p: PlayerState) -> None:
    """"Fold: Discard your hand & Roll the Bones." The roll waits for the showdown."""
    p.folded = True
    state.discard.extend(p.hand)
    p.hand.clear()
    p.revealed.clear()
    p.double_bet = False


def _do_bet(state: HodState, p: PlayerState, action: Action) -> None:
    bet = ChipBet(chip=action.chip, acts_as=action.acts_as)
    p.bets.append(bet)
    state.bet_this_turn += 1
    if state.bet_this_turn > 1 + (1 if p.double_bet else 0):
        p.extra_chips -= 1
    if action.chip == "Wild":
        # "there is an upfront cost of 1 Temptation to use the chip"
        suffer(state, p.name, CHIPS["Wild"].temptation_up_front, "the Wild chip's up-front cost")
    effective = bet.effective
    if effective == "Heal":
        heal(state, action.target, 1, f"{p.name}'s Heal chip")
    elif effective == "Draw a Favor":
        state.pending.insert(0, Pending("favor_draw", p.name))
    elif effective == "Reveal 2 Cards":
        p.revealed.extend(action.cards)
    elif effective == "Devilish Offering":
        state.offerings_used.add(action.offering)
        if action.offering == "reveal":
            state.boss_revealed.append(action.cards[0])
        elif action.offering == "look":
            state.pending.insert(0, Pending("deal_player", p.name, 2, street="look"))
        elif action.offering == "swap":
            other = state.player(action.target)
            mine, theirs = action.cards[0], action.other_cards[0]
            p.hand.remove(mine)
            other.hand.remove(theirs)
            mine_up, theirs_up = mine in p.revealed, theirs in other.revealed
            if mine_up:
                p.revealed.remove(mine)
            if theirs_up:
                other.revealed.remove(theirs)
            add_to_hand(state, other.name, [mine], revealed=mine_up)
            add_to_hand(state, p.name, [theirs], revealed=theirs_up)
        elif action.offering == "discard":
            # "place it onto the Revealed area on your player mat. The card is part of your hand."
            state.discard.remove(action.cards[0])
            add_to_hand(state, p.name, [action.cards[0]], revealed=True)


def _do_play(state: HodState, action: Action) -> None:
    p = state.player(action.actor)
    favor = find_favor(action.favor, state.favors)
    p.favors.remove(favor.name)
    p.favors_played.append(favor.name)
    if favor.price == "temptation":
        suffer(state, p.name, favor.price_amount, f"the price of {favor.name}")
    elif favor.price == "curse":
        gain_curse(state, p.name, favor.price_amount, f"the price of {favor.name}")
    if state.boss.curse_per_favor:
        gain_curse(state, p.name, 1, f"{state.boss.name}: 'If you play a Favor, draw a Curse'")
    if favor.effect == "extra_hand_card":
        p.extra_hand_cards += favor.amount
    elif favor.effect == "extra_chip":
        for other in state.players:
            other.extra_chips += favor.amount
    elif favor.effect == "wild_rank":
        p.wild_ranks.add(favor.rank)
    elif favor.effect == "heal":
        heal(state, action.target, favor.amount, favor.name)
    elif favor.effect == "draw_cards":
        state.pending.insert(0, Pending("deal_player", p.name, favor.amount))
    elif favor.effect == "reveal_boss_card":
        state.boss_revealed.append(action.cards[0])


def _do_pending(state: HodState, item: Pending, action: Action) -> None:
    k = item.kind
    if k == "deal_player":
        if item.street == "look":
            state.player(item.player).looked = list(action.cards)
            state.pending.insert(0, Pending("keep", item.player))
        else:
            add_to_hand(state, item.player, action.cards)
    elif k in ("deal_boss", "boss_hit"):
        state.boss_hole.extend(action.cards)
    elif k == "deal_toll":
        state.tolls.extend(action.cards)
    elif k == "deal_street":
        state.board.extend(action.cards)
        after_street(state, item.street, list(action.cards))
    elif k == "stack":
        stack_reveals(state, list(action.cards))
    elif k == "demona":
        p = state.player(item.player)
        if action.kind == "fold":
            fold(state, p)
            state.pending = [i for i in state.pending if not (i.kind == "demona" and i.player == p.name)]
        else:
            suffer(state, p.name, 1, "Demona's heart")
            p.double_bet = True
    elif k == "keep":
        p = state.player(item.player)
        kept = action.cards[0]
        state.discard.extend(c for c in p.looked if c != kept)
        p.looked = []
        add_to_hand(state, p.name, [kept])
    elif k == "favor_draw":
        p = state.player(item.player)
        p.favors.append(find_favor(action.favor, state.favors).name)
        if len(p.favors) > MAX_FAVORS:
            # "If you draw a Favor when already at the maximum, immediately choose any of your
            # Favors and discard until you have no more than three."
            state.pending.insert(0, Pending("favor_discard", p.name))
    elif k == "favor_discard":
        state.player(item.player).favors.remove(action.favor)
    elif k == "toll":
        p = state.player(item.player)
        p.tolls_paid = action.count
        state.souls -= action.count
    elif k == "bones":
        if action.outcome == "Favor":
            state.pending.insert(0, Pending("favor_draw", item.player))
        elif action.outcome == "Temptation":
            suffer(state, item.player, 1, "the Bones")
        else:
            gain_curse(state, item.player, 1, "the Bones")


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


def end_round(state: HodState) -> None:
    """Cleanup, then the next round's set-up (the Boss, Curses flipped, cards dealt)."""
    won_any = any(r["outcome"] == "win" for r in state.results.values())
    boss = state.boss
    if boss.big_table and not won_any:
        next_name = boss.name  # "the Boss remains and must be faced again in the next round"
    else:
        if won_any:
            state.beaten_bosses.append(boss.name)
        if boss.big_table and not state.boss_deck:
            state.status, state.reason = "won", (
                f"a player beat {boss.name} and the team has not lost: 'The players ALL win the "
                "game if at least one player wins their hand against The Devil Himself, without "
                "the team losing.'"
            )
            state.phase = "over"
            return
        if not state.boss_deck:
            state.status, state.reason = "lost", "the Boss deck is empty and no final Boss was beaten"
            state.phase = "over"
            return
        next_name = state.boss_deck.pop(0)
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


# ---------------------------------------------------------------------------------------
# Legal moves.


def candidate_actions(state: HodState) -> list[str]:
    """Action lines worth trying at this step (legal or not); chance steps with many
    outcomes give none (see ``chance_template``)."""
    wait = awaiting(state)
    if wait["by"] is None:
        return []
    if wait["by"] == "team":
        return [str(Action(kind="assign", assignment=a)) for a in _assignments(state)]
    if wait["by"] == "dealer":
        return ["end round"]
    if state.pending:
        return _pending_candidates(state, state.pending[0])
    name = state.to_act
    p = state.player(name)
    lines = [f"{name} folds", f"{name} is done"]
    others = [o.name for o in state.players]
    hidden = [c for c in p.hand if c not in p.revealed]
    for chip in CHIPS:
        for as_chip in ([None] if chip != "Wild" else [c for c in CHIPS if c != "Wild"]):
            effective = as_chip or chip
            base = dict(kind="bet", actor=name, chip=chip, acts_as=as_chip)
            if effective == "Heal":
                lines += [str(Action(**base, target=o)) for o in others]
            elif effective == "Reveal 2 Cards":
                need = min(2, len(hidden))
                lines += [str(Action(**base, cards=pair)) for pair in combinations(hidden, need)]
            elif effective == "Devilish Offering":
                lines += [str(Action(**base, offering="reveal", cards=(c,))) for c in state.boss_hole]
                lines.append(str(Action(**base, offering="look")))
                for o in state.players:
                    if o.name != name:
                        lines += [str(Action(**base, offering="swap", cards=(m,), target=o.name, other_cards=(t,)))
                                  for m in p.hand for t in o.hand]
                lines += [str(Action(**base, offering="discard", cards=(c,))) for c in state.discard]
            else:
                lines.append(str(Action(**base)))
    if state.boss.extra_draws:
        lines += [f"{name} draws a card and suffers a Temptation", f"{name} draws a card and Dedly Aloor draws too"]
    for holder in state.players:
        for fname in holder.favors:
            favor = state.favors[fname]
            if favor.effect == "heal":
                lines += [f"{holder.name} plays {fname} on {o}" for o in others]
            elif favor.effect == "reveal_boss_card":
                lines += [f"{holder.name} plays {fname}: {c}" for c in state.boss_hole]
            else:
                lines.append(f"{holder.name} plays {fname}")
    return list(dict.fromkeys(lines))


def _assignments(state: HodState) -> list[tuple[tuple[str, int], ...]]:
    levels = state.levels()
    room = {n: temptation_room(v) for n, v in levels.items() if temptation_room(v) > 0}
    need = min(state.assign_overflow, sum(room.values()))
    out: list[tuple[tuple[str, int], ...]] = []

    def place(names: list[str], left: int, acc: list[tuple[str, int]]) -> None:
        if not names:
            if left == 0:
                out.append(tuple((n, c) for n, c in acc if c))
            return
        n = names[0]
        for c in range(min(left, room[n]), -1, -1):
            place(names[1:], left - c, acc + [(n, c)])

    place(list(room), need, [])
    return out


CHANCE_LIST_LIMIT = 60


def _pending_candidates(state: HodState, item: Pending) -> list[str]:
    k = item.kind
    if k == "demona":
        return [f"{item.player} suffers a Temptation", f"{item.player} folds"]
    if k == "keep":
        return [f"{item.player} keeps {c}" for c in state.player(item.player).looked]
    if k == "favor_draw":
        return [f"{item.player} draws Favor {f}" for f in state.favors]
    if k == "favor_discard":
        return [f"{item.player} discards Favor {f}" for f in state.player(item.player).favors]
    if k == "toll":
        tolled = {c.rank for c in state.tolls}
        p = state.player(item.player)
        visible = sum(1 for c in (*p.hand, *state.community()) if c.rank in tolled)
        return [str(Action(kind="toll", actor=item.player, count=n))
                for n in range(0, max(state.souls, min(visible, 5)) + 1)]
    if k == "bones":
        return [f"{item.player} rolls the Bones: {b}" for b in BONES]
    if item.count == 1:
        target = {"deal_player": item.player, "deal_boss": "Boss", "boss_hit": "Boss",
                  "deal_toll": "toll", "deal_street": item.street}.get(k)
        if target is not None:
            return [f"deal {target} {c}" for c in state.stock()]
    return []


def chance_template(state: HodState) -> dict[str, Any] | None:
    """For a chance step: what the action line looks like and how many cards it names."""
    if not state.pending or state.assign_overflow:
        return None
    item = state.pending[0]
    target = {"deal_player": item.player, "deal_boss": "Boss", "boss_hit": "Boss",
              "deal_toll": "toll", "deal_street": item.street}.get(item.kind)
    if target is not None:
        return {"template": f"deal {target} " + " ".join(["<card>"] * item.count), "cards": item.count}
    if item.kind == "stack":
        return {"template": "Jack Potts reveals " + " ".join(["<card>"] * item.count), "cards": item.count}
    return None


def sample_chance(state: HodState, rng: random.Random) -> str | None:
    """A random outcome for a chance step (for playouts)."""
    if not state.pending or state.assign_overflow:
        return None
    item = state.pending[0]
    template = chance_template(state)
    if template is not None:
        cards = rng.sample(state.stock(), template["cards"])
        return template["template"].split(" <card>")[0] + " " + format_cards(cards)
    if item.kind == "favor_draw":
        return f"{item.player} draws Favor {rng.choice(list(state.favors))}"
    if item.kind == "bones":
        return f"{item.player} rolls the Bones: {rng.choice(BONES)}"
    return None


def legal_actions(state: HodState) -> list[str]:
    legal = []
    for line in candidate_actions(state):
        try:
            verify(state, line)
        except IllegalActionError:
            continue
        legal.append(line)
    return legal


def legal_moves_report(state: HodState) -> dict[str, Any]:
    wait = awaiting(state)
    legal: list[str] = []
    illegal: dict[str, str] = {}
    for line in candidate_actions(state):
        try:
            verify(state, line)
            legal.append(line)
        except IllegalActionError as exc:
            illegal[line] = str(exc)
    return {"awaiting": {k: v for k, v in wait.items() if v is not None}, "legal": legal,
            "illegal": illegal, "chance": chance_template(state)}


# ---------------------------------------------------------------------------------------
# Loading a position.

_PLAYER_KEYS = ("name", "hand", "revealed", "temptation", "bets", "folded", "curses",
                "face_down_curses", "favors", "played_favors", "tolls_paid")


def _cards_field(value: Any, path: tuple) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        value = " ".join(str(v) for v in value)
    try:
        cards = parse_cards(str(value))
    except OracleError as exc:
        raise FieldError(path, str(exc)) from exc
    for c in cards:
        if c.suit is None:
            raise FieldError(path, f"give every dealt card with its suit, not {str(c)!r}")
    return cards


def _int_field(data: Mapping, key: str, path: tuple, default: int, low: int = 0, high: int | None = None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise FieldError((*path, key), f"{key} must be a whole number {bound}, got {value!r}")
    return value


def _bet_field(text: Any, path: tuple) -> ChipBet:
    parts = str(text).split(" as ")
    chip = find_chip(parts[0])
    acts = find_chip(parts[1]) if len(parts) == 2 else None
    if chip is None or (len(parts) == 2 and acts is None) or len(parts) > 2:
        raise FieldError(path, f"unknown chip {text!r}; chips: {', '.join(CHIPS)} ('Wild as Heal')")
    if (chip.name == "Wild") != (acts is not None) or (acts is not None and acts.name == "Wild"):
        raise FieldError(path, "only the Wild chip is declared as another chip ('Wild as Earn a Soul')")
    return ChipBet(chip=chip.name, acts_as=acts.name if acts else None)


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> HodState:
    if not isinstance(position, Mapping):
        raise FieldError((), "a position is a mapping")
    rules = {o.name: o.default for o in OPTIONS} | dict(rules or {})
    favors = dict(FAVORS)
    for i, data in enumerate(position.get("favors") or []):
        f = favor_from_mapping(data, ("favors", i))
        favors[f.name] = f
    bosses = dict(BOSSES)
    extra = position.get("bosses") or {}
    if not isinstance(extra, Mapping):
        raise FieldError(("bosses",), "bosses maps a Boss name to its settings")
    for name, data in extra.items():
        path = ("bosses", name)
        data = dict(data or {})
        data.setdefault("name", name)
        try:
            base = find_boss(str(data["name"]), bosses)
        except OracleError:
            base = None
        boss = boss_from_mapping(data, path, base)
        if base is not None:
            bosses.pop(base.name)
        bosses[boss.name] = boss
    raw_boss = position.get("boss")
    if raw_boss is None:
        raise FieldError(("boss",), "name the Boss faced ('boss: Demona')")
    if isinstance(raw_boss, Mapping):
        try:
            base = find_boss(str(raw_boss.get("name", "")), bosses)
        except OracleError:
            base = None
        boss = boss_from_mapping(raw_boss, ("boss",), base)
        if base is not None:
            bosses.pop(base.name)
        bosses[boss.name] = boss
    else:
        try:
            boss = find_boss(str(raw_boss), bosses)
        except OracleError as exc:
            raise FieldError(("boss",), str(exc)) from exc
    deck_raw = position.get("boss_deck")
    if deck_raw is None:
        order = list(STANDARD_BOSS_ORDER)
        deck_raw = order[order.index(boss.name) + 1:] if boss.name in order else []
    boss_deck = []
    for i, name in enumerate(deck_raw):
        try:
            boss_deck.append(find_boss(str(name), bosses).name)
        except OracleError as exc:
            raise FieldError(("boss_deck", i), str(exc)) from exc
    for name in [boss.name, *boss_deck]:
        if bosses[name].default_hand is None:
            raise FieldError(
                ("bosses", name, "default_hand") if name != boss.name or not isinstance(raw_boss, Mapping)
                else ("boss", "default_hand"),
                f"{name}'s default minimum hand is not printed in our rulebook: give it "
                f"(bosses: {{{name}: {{default_hand: 'Q Q T T'}}}})",
            )
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise FieldError(("players",), "list the players in seat order (clockwise)")
    phase = position.get("phase", "deal")
    if phase not in BOARD_SIZE:
        raise FieldError(("phase",), f"phase is one of {', '.join(BOARD_SIZE)}, got {phase!r}")
    players: list[PlayerState] = []
    for i, data in enumerate(raw_players):
        path = ("players", i)
        if not isinstance(data, Mapping):
            raise FieldError(path, "a player is a mapping with a name")
        for key in data:
            if key not in _PLAYER_KEYS:
                raise FieldError((*path, key), f"unknown player field {key!r}; fields: {', '.join(_PLAYER_KEYS)}")
        name = str(data.get("name", ""))
        if not name or not name.replace("_", "").isalnum() or not name[0].isalpha() or name.lower() in RESERVED_NAMES:
            raise FieldError((*path, "name"), f"a player's name is one word of letters and digits, got {name!r}")
        if name in [p.name for p in players]:
            raise FieldError((*path, "name"), f"two players are called {name!r}")
        p = PlayerState(name=name)
        p.hand = _cards_field(data.get("hand"), (*path, "hand"))
        p.revealed = _cards_field(data.get("revealed"), (*path, "revealed"))
        for c in p.revealed:
            if c not in p.hand:
                raise FieldError((*path, "revealed"), f"{c} is not in {name}'s hand")
        if boss.player_cards_face_up:
            p.revealed = list(p.hand)
        p.temptation = _int_field(data, "temptation", path, 0, 0, TEMPTATION_MAX)
        p.curses_active = _int_field(data, "curses", path, 0, 0, MAX_CURSES)
        p.curses_face_down = _int_field(data, "face_down_curses", path, 0, 0, MAX_CURSES)
        if p.curses > MAX_CURSES:
            raise FieldError((*path, "face_down_curses"), f"at most {MAX_CURSES} Curses, active and face-down together")
        p.folded = bool(data.get("folded", False))
        p.bets = [_bet_field(b, (*path, "bets", j)) for j, b in enumerate(data.get("bets") or [])]
        for chip, left in p.chips_left().items():
            if left < 0:
                raise FieldError((*path, "bets"), f"{name} has only {CHIPS[chip].count} {chip} chip(s)")
        for key, target in (("favors", p.favors), ("played_favors", p.favors_played)):
            for j, fname in enumerate(data.get(key) or []):
                try:
                    target.append(find_favor(str(fname), favors).name)
                except OracleError as exc:
                    raise FieldError((*path, key, j), str(exc)) from exc
        if len(p.favors) > MAX_FAVORS:
            raise FieldError((*path, "favors"), f"at most {MAX_FAVORS} Favors in hand")
        for fname in p.favors_played:
            # Favors already played this round: their lasting effects hold (price already paid).
            f = favors[fname]
            if f.effect == "extra_hand_card":
                p.extra_hand_cards += f.amount
            elif f.effect == "wild_rank":
                p.wild_ranks.add(f.rank)
        if "tolls_paid" in data:
            p.tolls_paid = _int_field(data, "tolls_paid", path, 0)
        players.append(p)
    for p in players:
        for other in players:
            for fname in other.favors_played:
                if favors[fname].effect == "extra_chip":
                    p.extra_chips += favors[fname].amount
    state = HodState(players=players, boss=boss, rules=rules, bosses=bosses, favors=favors,
                     boss_deck=boss_deck)
    state.boss_hole = _cards_field(position.get("boss_hole"), ("boss_hole",))
    state.boss_revealed = _cards_field(position.get("boss_revealed"), ("boss_revealed",))
    state.tolls = _cards_field(position.get("tolls"), ("tolls",))
    state.board = _cards_field(position.get("board"), ("board",))
    state.discard = _cards_field(position.get("discard"), ("discard",))
    stacks = position.get("stacks") or {}
    if not isinstance(stacks, Mapping):
        raise FieldError(("stacks",), "stacks maps a board card to the card stacked on it")
    for key, value in stacks.items():
        spot = _cards_field(key, ("stacks", key))
        card = _cards_field(value, ("stacks", key))
        if len(spot) != 1 or len(card) != 1 or spot[0] not in state.board or spot[0].rank != card[0].rank:
            raise FieldError(("stacks", key), "stack one card on a board card of the same value")
        state.stacks[spot[0]] = card[0]
    state.souls = _int_field(position, "souls", (), len(players))
    state.round_number = _int_field(position, "round", (), 1, 1)
    dealer = position.get("dealer", players[-1].name)
    if dealer not in [p.name for p in players]:
        raise FieldError(("dealer",), f"the dealer is one of the players, not {dealer!r}")
    state.dealer = [p.name for p in players].index(dealer)
    used = position.get("offerings_used") or []
    for i, o in enumerate(used):
        if o not in OFFERINGS:
            raise FieldError(("offerings_used", i), f"Offerings are {', '.join(OFFERINGS)}")
        state.offerings_used.add(o)
    try:
        check_cards(state.seen_cards(), what="position")
    except InvalidHandError as exc:
        raise FieldError(("players",), str(exc)) from exc
    if len(state.board) != BOARD_SIZE[phase]:
        raise FieldError(("board",), f"the {phase} has {BOARD_SIZE[phase]} board cards, got {len(state.board)}")
    for c in state.boss_revealed:
        if c not in state.boss_hole:
            raise FieldError(("boss_revealed",), f"{c} is not a Boss hole card")
    status = team_lost_to_temptation(state.levels())
    if status:
        check_loss(state)
    if phase == "deal":
        # A position is taken after the round's set-up (Boss revealed, Curses flipped).
        if any(p.hand for p in players) or state.boss_hole:
            raise FieldError(("phase",), "at the deal no cards are dealt yet; use phase preflop")
        queue_deal(state)
    elif phase == "showdown":
        begin_showdown(state)
    else:
        start_betting(state, phase)
        to_act = position.get("to_act")
        if to_act is not None:
            if to_act not in [p.name for p in players if not p.folded]:
                raise FieldError(("to_act",), f"{to_act!r} is not a player still in the round")
            order = [p.name for p in state.turn_order()]
            state.turn_order_done = order[: order.index(to_act)]
            state.to_act = to_act
    advance(state)
    history = position.get("history") or []
    if not isinstance(history, list):
        raise FieldError(("history",), "history is a list of action lines")
    for i, line in enumerate(history):
        try:
            state = apply_action(state, str(line))
        except OracleError as exc:
            raise FieldError(("history", i), f"{line!r}: {exc}") from exc
    return state


# ---------------------------------------------------------------------------------------
# Summaries and question kinds.


def player_summary(state: HodState, p: PlayerState) -> dict[str, Any]:
    return {
        "name": p.name,
        "hand": [str(c) for c in p.hand],
        "revealed": [str(c) for c in p.revealed],
        "temptation": p.temptation,
        "curses": p.curses_active,
        "face_down_curses": p.curses_face_down,
        "bets": [str(b) for b in p.bets],
        "folded": p.folded,
        "favors": list(p.favors),
    }


def state_summary(state: HodState) -> dict[str, Any]:
    return {
        "status": state.status,
        "reason": state.reason,
        "boss": state.boss.name,
        "boss_deck": list(state.boss_deck),
        "round": state.round_number,
        "phase": state.phase,
        "awaiting": {k: v for k, v in awaiting(state).items() if v is not None},
        "souls": state.souls,
        "board": [str(c) for c in state.board],
        "stacks": {str(k): str(v) for k, v in state.stacks.items()},
        "boss_hole": [str(c) for c in state.boss_hole],
        "tolls": [str(c) for c in state.tolls],
        "discard": [str(c) for c in state.discard],
        "offerings_used": sorted(state.offerings_used),
        "players": [player_summary(state, p) for p in state.players],
        "temptation": state.levels(),
        "results": {n: r["outcome"] for n, r in state.results.items()},
    }


GAME = register_game(GameInfo(
    slug=SLUG,
    title="Hell of a Deal",
    rulebook="hell-of-a-deal.txt",
    ruleset="hell-of-a-deal",
    options=OPTIONS,
    position_keys=("players", "boss", "bosses", "boss_deck", "boss_hole", "boss_revealed",
                   "tolls", "board", "stacks", "discard", "souls", "dealer", "phase", "to_act",
                   "round", "offerings_used", "favors", "history"),
    load_position=load_position,
))


def _state(ctx: QuestionContext) -> HodState:
    if ctx.state is None:
        return load_position(ctx.position, ctx.rules)
    return ctx.state


def _param_mapping(ctx: QuestionContext, key: str) -> dict[str, Any]:
    value = ctx.params.get(key) or {}
    if not isinstance(value, Mapping):
        raise FieldError((key,), f"{key} maps a player's name to a value")
    return dict(value)


@register_question(SLUG, "showdown", summary="Each player's result against the Boss, with Souls, Temptation and Curses",
                   params={
                       "tolls": Param("player -> Souls paid to The Boatman (default: none)"),
                       "boss_draws": Param("Red Jack's showdown draws, in order"),
                       "bones": Param("player -> Bones result (Favor, Temptation, Curse); unset: all three listed"),
                       "favors_drawn": Param("player -> Favor drawn on a Bones 'Favor'"),
                       "assignment": Param("player -> Temptation taken for a player at 10"),
                   })
def showdown_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    tolls = _param_mapping(ctx, "tolls")
    bones = _param_mapping(ctx, "bones")
    drawn = _param_mapping(ctx, "favors_drawn")
    assignment = _param_mapping(ctx, "assignment")
    draws = _cards_field(ctx.params.get("boss_draws"), ("boss_draws",))
    if state.phase not in ("showdown-prep", "showdown"):
        raise FieldError(("kind",), f"the round is at the {state.phase}: the showdown comes after the River")
    s = state
    skipped_bones: list[str] = []
    assignment_left = dict(assignment)
    while s.status == "going on":
        wait = awaiting(s)
        if wait["by"] == "team":
            if not assignment_left:
                break
            line = "assign Temptation: " + ", ".join(f"{n} {c}" for n, c in assignment_left.items())
            assignment_left = {}
        elif s.pending:
            item = s.pending[0]
            if item.kind == "toll":
                line = str(Action(kind="toll", actor=item.player, count=int(tolls.get(item.player, 0))))
            elif item.kind == "boss_hit":
                if not draws:
                    raise FieldError(("boss_draws",), f"{s.boss.name} draws to over 16: give boss_draws")
                line = f"deal Boss {draws.pop(0)}"
            elif item.kind == "bones" and item.player not in bones:
                skipped_bones.append(item.player)
                s = s.copy()
                s.pending.pop(0)
                continue
            elif item.kind == "bones":
                line = f"{item.player} rolls the Bones: {bones[item.player]}"
            elif item.kind == "favor_draw" and item.player in drawn:
                line = f"{item.player} draws Favor {drawn[item.player]}"
            else:
                break
        else:
            break
        try:
            s = apply_action(s, line)
        except OracleError as exc:
            raise FieldError(("params",), f"{line!r}: {exc}") from exc
    if s.phase != "showdown":
        raise FieldError(("kind",), f"the showdown cannot resolve yet: waiting for {_describe_wait(awaiting(s))}")
    before = s.before_showdown
    play = current_boss_play(s)
    players = {}
    for p in s.players:
        b_temptation, b_curses = before["players"][p.name]
        r = dict(s.results.get(p.name, {}))
        r["temptation_change"] = p.temptation - b_temptation
        r["curses_change"] = p.curses - b_curses
        r["temptation"] = p.temptation
        r["face_down_curses"] = p.curses_face_down
        if p.name in skipped_bones:
            r["bones"] = {}
            for outcome in BONES:
                t = s.copy()
                t.pending.insert(0, Pending("bones", p.name))
                t = apply_action(t, f"{p.name} rolls the Bones: {outcome}")
                t2 = t.player(p.name)
                r["bones"][outcome] = {
                    "temptation_change": t2.temptation - b_temptation,
                    "curses_change": t2.curses - b_curses,
                    "temptation_to_assign": t.assign_overflow,
                    "favor_drawn": outcome == "Favor",
                }
        players[p.name] = r
    answer = {
        "boss": play.to_json(s.boss),
        "players": players,
        "souls_before": before["souls"],
        "souls_after": s.souls,
        "temptation_to_assign": s.assign_overflow,
        "status": s.status,
        "reason": s.reason,
    }
    line = "; ".join(f"{n}: {r.get('outcome')}" for n, r in players.items())
    return Answer(answer=answer, explanation=f"{s.boss.name} plays {play.description} ({play.reason}); {line}",
                  rule="Hell of a Deal: Showdown Phase; Collect Penalties & Rewards")


@register_question(SLUG, "best-hand", summary="A player's best hand under every restriction in force",
                   params={"player": Param("the player's name", required=True)})
def best_hand_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    name = ctx.params.get("player")
    if name not in state.names:
        raise FieldError(("player",), f"{name!r} is not a player ({', '.join(state.names)})")
    p = state.player(name)
    banned = sorted(r.value for r in banned_ranks_for(state.boss, state.community()))
    answer: dict[str, Any] = {"player": name, "banned_values": banned,
                              "max_hand_cards": 2 + p.extra_hand_cards,
                              "wild_values": sorted(r.value for r in p.wild_ranks)}
    if state.boss.tolls:
        options = toll_options(state, name)
        answer["tolled_values"] = sorted({c.rank.value for c in state.tolls})
        answer["by_tolls"] = [{"souls_paid": len(s.tolled_used), "hand": s.to_json()} for s in options]
        sel = options[0] if options else None
        answer["hand"] = None if sel is None else sel.to_json()
        text = "; ".join(f"{len(s.tolled_used)} Soul(s): {s.hand.description}" for s in options)
    else:
        sel = player_selection(state, name)
        answer["hand"] = None if sel is None else sel.to_json()
        text = sel.hand.description if sel else "no legal hand"
    return Answer(answer=answer, explanation=f"{name}: {text}",
                  rule="Hell of a Deal: Showdown Phase, Reveal Player Hands")


@register_question(SLUG, "legal-moves", summary="What may be done at this step, and why everything else may not")
def legal_moves_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    report = legal_moves_report(state)
    wait = report["awaiting"]
    return Answer(answer=report, explanation=f"{len(report['legal'])} legal action(s) for {_describe_wait(wait)}",
                  rule="Hell of a Deal: Betting")


@register_question(SLUG, "apply", summary="The position after its history, with the last showdown's results")
def apply_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    summary = state_summary(state)
    return Answer(answer=summary, explanation=f"{state.boss.name}, {state.phase}: {state.status}",
                  rule="Hell of a Deal: Playing the Game")


@register_question(SLUG, "game-status", summary="Won, lost or going on, with the reason")
def game_status_question(ctx: QuestionContext) -> Answer:
    state = _state(ctx)
    reason = state.reason or f"facing {state.boss.name}, {state.phase}"
    answer = {"status": state.status, "reason": reason, "boss": state.boss.name, "souls": state.souls,
              "temptation": state.levels(), "beaten": list(state.beaten_bosses)}
    return Answer(answer=answer, explanation=f"{state.status}: {reason}",
                  rule="Hell of a Deal: Winning the Game; Losing the Game")
