"""Auf Teufel komm raus (Zoch, 2013): the round engine and settlement.

A position is one round in progress: each player's chips at the start of the round, who
starts, what is in the oven, and the round's action lines so far (bets, pulls, stops). The
rulebook's four phases are the bet, the pulls, settlement and pawn placement; the last two
happen at once in ``settle_round`` once every player has had their turn.

Reading a position is ``auf_teufel_position``; registration and the question kinds are
``auf_teufel_questions``. The solver lives in ``oracle.solve.coal``; the question handlers
import its solving functions when they run.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from oracle.errors import IllegalActionError, InvalidActionError, RulesetError
from oracle.registry import RuleOption
from oracle.solve.coal import Oven

SLUG = "auf-teufel-komm-raus"
RULEBOOK = "Auf Teufel komm raus: "

# Published components (see docs/games/auf-teufel-komm-raus.md).
STANDARD_CHIPS = {10: 16, 20: 16, 50: 8, 100: 12, 200: 8, 500: 6, 1000: 4}
CHIP_UNIT = 10  # the smallest chip: every stake and every total is a multiple of it
PACT_PAYMENT = 50
BONUS = 50

DEFAULT_TRACK = "50 100 150 200 250 300 400 500 600 700 800 1000 1200 1400 1600"

OPTIONS = (
    RuleOption(
        "refill_minimum",
        12,
        "Pieces (devils included) that must remain in the oven for the next round to go on "
        "with them; with fewer, all pieces are reshuffled. Stands for 'still overhang the "
        "inner rim of the oven'.",
    ),
    RuleOption(
        "track_marks",
        DEFAULT_TRACK,
        "The marked numbers of the scoring track above its bottom space, ascending, as text "
        "('50 100 200 ...'). A total equal to a mark stands on it; one between two marks on "
        "the space between; one below the first mark on the bottom space '0-<first mark>'.",
    ),
    RuleOption(
        "bonus_ties",
        "each",
        "When several players tie for the highest haul or the most pieces: 'each' of them "
        "receives the 50, or 'none' does.",
        choices=("each", "none"),
    ),
    RuleOption(
        "stake_pays_pact",
        False,
        "Whether the chips staked in Phase 1 may be used to pay pact-holders in Phase 2 "
        "(by default the stake lies on the table and only the rest pays). When they may, "
        "the bet stands as announced, but a lost bet costs only what is left of the stake.",
    ),
    RuleOption("goal", 1600, "The game ends after a round in which someone holds at least this."),
    RuleOption("start_chips", 200, "Chips of a player whose position gives none."),
)

# ---- actions -------------------------------------------------------------------------------

_ACTION = re.compile(
    r"^\s*(?P<name>\S(?:.*?\S)?)\s+(?:(?P<bets>bets)\s+(?P<stake>\d+)|(?P<passes>passes)"
    r"|(?P<pulls>pulls)\s+(?P<piece>devil|\d+)|(?P<stops>stops))\s*$"
)


@dataclass(frozen=True)
class Action:
    """One action line: ``Anna bets 50``, ``Anna passes``, ``Anna pulls 25``,
    ``Anna pulls devil``, ``Anna stops``. ``amount`` is the stake or the piece's value,
    ``None`` for a devil."""

    player: str
    verb: str  # bets | passes | pulls | stops
    amount: int | None = None

    @classmethod
    def parse(cls, text: str) -> "Action":
        m = _ACTION.match(text) if isinstance(text, str) else None
        if not m:
            raise InvalidActionError(
                f"cannot read action {text!r}; expected e.g. 'Anna bets 50', 'Anna passes', "
                "'Anna pulls 25', 'Anna pulls devil' or 'Anna stops'"
            )
        name = m["name"]
        if m["bets"]:
            return cls(name, "bets", int(m["stake"]))
        if m["pulls"]:
            return cls(name, "pulls", None if m["piece"] == "devil" else int(m["piece"]))
        return cls(name, "passes" if m["passes"] else "stops")

    @property
    def is_devil(self) -> bool:
        return self.verb == "pulls" and self.amount is None

    def __str__(self) -> str:
        if self.verb == "bets":
            return f"{self.player} bets {self.amount}"
        if self.verb == "pulls":
            return f"{self.player} pulls {'devil' if self.amount is None else self.amount}"
        return f"{self.player} {self.verb}"


@dataclass(frozen=True)
class Payment:
    payer: str  # a player's name or "bank"
    payee: str
    amount: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


# ---- the state -----------------------------------------------------------------------------


@dataclass
class Player:
    name: str
    chips: int  # everything the player owns, the stake on the table included
    pact: bool = False
    stake: int | None = None  # None: not yet bet; 0: passed
    haul: int = 0
    pieces: int = 0
    pulled: list[int] = field(default_factory=list)  # this turn's numbered pieces
    devil: bool = False
    done: bool = False


@dataclass
class RoundState:
    players: list[Player]
    start: int
    oven: Oven
    coal_set: Oven  # every piece of the game, for the reshuffle
    bank: int
    round_no: int
    rules: Mapping[str, Any]
    round_start_chips: list[int]
    turn: int = 0  # index into turn_order() of the current puller
    payments: list[Payment] = field(default_factory=list)
    history: list[Action] = field(default_factory=list)

    # -- whose turn and which phase --

    def turn_order(self) -> list[int]:
        """The start player, then around the table to the left (the list order)."""
        n = len(self.players)
        return [(self.start + k) % n for k in range(n)]

    @property
    def phase(self) -> str:
        if any(p.stake is None for p in self.players):
            return "bet"
        if self.turn < len(self.players):
            return "pull"
        return "settle"

    def current(self) -> Player | None:
        return self.players[self.turn_order()[self.turn]] if self.phase == "pull" else None

    def index_of(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name.lower() == name.lower():
                return i
        raise IllegalActionError(f"no player named {name!r} at this table")

    def highest_haul(self) -> int:
        return max((p.haul for p in self.players), default=0)

    def turn_start_oven(self) -> Oven:
        """The oven as it was when the current turn began."""
        player = self.current()
        oven = self.oven
        for value in player.pulled if player else []:
            i = oven.values.index(value)
            counts = list(oven.counts)
            counts[i] += 1
            oven = oven.with_counts(tuple(counts))
        return oven

    def copy(self) -> "RoundState":
        return copy.deepcopy(self)

    # -- Phase 1: the bet --

    def verify_bet(self, action: Action) -> Player:
        player = self.players[self.index_of(action.player)]
        if player.chips <= 0 and self.phase == "bet":
            raise IllegalActionError(
                f"{player.name} owns no betting chips: they cannot bet and pass automatically (Phase 1)"
            )
        if self.phase != "bet" or player.stake is not None:
            raise IllegalActionError(f"{player.name} cannot bet now: the bets are already placed")
        if action.verb == "passes":
            return player
        stake = action.amount
        if stake <= 0 or stake % CHIP_UNIT:
            raise IllegalActionError(
                f"a stake must be a positive multiple of {CHIP_UNIT}, not {stake}"
            )
        if stake > player.chips:
            raise IllegalActionError(
                f"{player.name} owns {player.chips} chips and cannot stake {stake}"
            )
        return player

    # -- Phase 2: pulling coal --

    def verify_pull(self, action: Action) -> Player:
        player = self._verify_turn(action)
        if action.verb == "stops":
            if not player.pulled and self.oven.pieces:
                raise IllegalActionError(
                    f"{player.name} must turn over a piece first: a turn starts with one"
                )
            return player
        if action.is_devil:
            if self.oven.devils == 0:
                raise IllegalActionError("no devil is left in the oven")
        elif self.oven.count(action.amount) == 0:
            raise IllegalActionError(f"no piece worth {action.amount} is left in the oven")
        return player

    def _verify_turn(self, action: Action) -> Player:
        index = self.index_of(action.player)
        if self.phase == "bet":
            raise IllegalActionError(f"{self.players[index].name} cannot pull: not every bet is in")
        current = self.current()
        if current is None:
            raise IllegalActionError("every player has had their turn this round")
        if current is not self.players[index]:
            raise IllegalActionError(
                f"it is {current.name}'s turn, not {self.players[index].name}'s"
            )
        return current

    def verify(self, action: Action) -> Player:
        if action.verb in ("bets", "passes"):
            return self.verify_bet(action)
        return self.verify_pull(action)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def do(self, action: Action) -> list[Payment]:
        """Verify and apply ``action``; returns the payments it caused (pact payments)."""
        player = self.verify(action)
        self.history.append(action)
        if action.verb in ("bets", "passes"):
            player.stake = action.amount if action.verb == "bets" else 0
            return []
        if action.verb == "stops":
            self._end_turn(player)
            return []
        if action.is_devil:
            self.oven = self.oven.without(None)
            player.haul, player.pieces, player.devil = 0, 0, True
            player.pulled = []
            paid = self._pay_pacts(player)
            self._end_turn(player)
            return paid
        self.oven = self.oven.without(action.amount)
        player.pulled.append(action.amount)
        player.haul = sum(player.pulled)
        player.pieces = len(player.pulled)
        if self.oven.pieces == 0:
            self._end_turn(player)  # nothing left to turn over: the haul stands
        return []

    def _end_turn(self, player: Player) -> None:
        player.done = True
        self.turn += 1
        while self.phase == "pull" and self.current().done:
            self.turn += 1

    def pact_holders_for(self, puller: Player) -> list[Player]:
        """The pact-holders a devil's puller owes, in seating order from the puller's left."""
        n = len(self.players)
        at = self.players.index(puller)
        ordered = [self.players[(at + k) % n] for k in range(1, n)]
        return [p for p in ordered if p.pact]

    def pact_cost(self, puller: Player) -> int:
        """What ``puller`` would pay out of pocket for a devil now (the bank pays the rest):
        "pays out as many of the pact-holders in full as they can afford, in order"."""
        owed = len(self.pact_holders_for(puller))
        available = puller.chips - (0 if self.rules["stake_pays_pact"] else (puller.stake or 0))
        return PACT_PAYMENT * min(owed, max(0, available) // PACT_PAYMENT)

    def _pay_pacts(self, puller: Player) -> list[Payment]:
        paid = []
        own = self.pact_cost(puller) // PACT_PAYMENT
        for k, holder in enumerate(self.pact_holders_for(puller)):
            payer = puller.name if k < own else "bank"
            if k < own:
                puller.chips -= PACT_PAYMENT
            else:
                self.bank -= PACT_PAYMENT
            holder.chips += PACT_PAYMENT
            paid.append(Payment(payer, holder.name, PACT_PAYMENT, "pact with the devil"))
        self.payments.extend(paid)
        return paid

    # -- legal actions --

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "bet":
            out = []
            for p in self.players:
                if p.stake is None:
                    out.append(Action(p.name, "passes"))
                    out += [Action(p.name, "bets", s) for s in range(CHIP_UNIT, p.chips + 1, CHIP_UNIT)]
            return out
        if phase == "pull":
            p = self.current()
            out = [Action(p.name, "pulls", v) for v, c in zip(self.oven.values, self.oven.counts) if c]
            if self.oven.devils:
                out.append(Action(p.name, "pulls", None))
            if p.pulled or not self.oven.pieces:
                out.append(Action(p.name, "stops"))
            return out
        return []


# ---- Phases 3 and 4: settlement and the pawn ---------------------------------------------


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


def track_marks(rules: Mapping[str, Any]) -> tuple[int, ...]:
    """The ``track_marks`` option read into ascending whole numbers."""
    raw = rules["track_marks"]
    marks: tuple[int, ...] = ()
    if isinstance(raw, str):
        parts = raw.replace(",", " ").split()
        if all(re.fullmatch(r"[0-9]+", part) for part in parts):
            marks = tuple(int(part) for part in parts)
    elif isinstance(raw, (list, tuple)) and all(isinstance(m, int) and not isinstance(m, bool) for m in raw):
        marks = tuple(raw)
    if not marks or marks[0] <= 0 or any(a >= b for a, b in zip(marks, marks[1:])):
        raise RulesetError(
            f"track_marks must be ascending positive whole numbers such as '50 100 150', not {raw!r}"
        )
    return marks


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
    goal = state.rules["goal"]
    over = any(c >= goal for c in s.chips)
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
