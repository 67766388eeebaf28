"""Auf Teufel komm raus (Zoch, 2013): the round engine, settlement and question kinds.

A position is one round in progress: each player's chips at the start of the round, who
starts, what is in the oven, and the round's action lines so far (bets, pulls, stops). The
rulebook's four phases are the bet, the pulls, settlement and pawn placement; the last two
happen at once in ``settle_round`` once every player has had their turn.

The solver lives in ``oracle.solve.coal``; it is imported inside the question handlers only.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from oracle.errors import (
    FieldError,
    IllegalActionError,
    InvalidActionError,
    Problem,
    RulesetError,
    ScenarioError,
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
        "(by default the stake lies on the table and only the rest pays).",
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
    text = raw if isinstance(raw, str) else " ".join(map(str, raw))
    try:
        marks = tuple(int(part) for part in text.replace(",", " ").split())
    except ValueError:
        marks = ()
    if not marks or marks[0] <= 0 or any(a >= b for a, b in zip(marks, marks[1:])):
        raise RulesetError(f"track_marks must be ascending positive numbers, not {raw!r}")
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
        gain = bet_result(p.stake or 0, highest, top_bet)
        result = "no bet" if not p.stake else ("lost" if gain < 0 else "won")
        if gain == 2 * (p.stake or 0) and gain > 0:
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


# ---- loading a position --------------------------------------------------------------------


def _read_int(value: Any, path: tuple, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(path, f"expected a whole number, got {value!r}")
    if value < minimum:
        raise FieldError(path, f"must be at least {minimum}, got {value}")
    return value


def _read_oven(raw: Any, path: tuple) -> Oven:
    if not isinstance(raw, Mapping):
        raise FieldError(path, f"expected a mapping of piece value to count, got {raw!r}")
    numbered: dict[int, int] = {}
    devils = 0
    for key, count in raw.items():
        count = _read_int(count, path + (key,))
        if str(key).strip().lower() in ("devil", "devils"):
            devils = count
            continue
        try:
            value = int(str(key))
        except ValueError:
            raise FieldError(path + (key,), f"expected a piece value or 'devils', got {key!r}")
        numbered[value] = numbered.get(value, 0) + count
    return Oven.of(numbered, devils)


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> RoundState:
    rules = {**GAME.default_rules(), **dict(rules)}
    problems: list[Problem] = []
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise FieldError(("players",), "expected a list of at least 2 players")
    players: list[Player] = []
    explicit_pact: list[bool | None] = []
    for i, raw in enumerate(raw_players):
        if isinstance(raw, str):
            raw = {"name": raw}
        if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str):
            problems.append(Problem(("players", i), "expected {name: ..., chips: ...}"))
            continue
        try:
            chips = _read_int(raw.get("chips", rules["start_chips"]), ("players", i, "chips"))
            if chips % CHIP_UNIT:
                raise FieldError(("players", i, "chips"), f"chips come in tens, not {chips}")
        except FieldError as exc:
            problems.append(Problem(exc.path, exc.message))
            continue
        pact = raw.get("pact")
        if pact is not None and not isinstance(pact, bool):
            problems.append(Problem(("players", i, "pact"), f"expected true or false, got {pact!r}"))
        unknown = set(raw) - {"name", "chips", "pact"}
        if unknown:
            problems.append(Problem(("players", i), f"unknown keys {sorted(unknown)}"))
        explicit_pact.append(pact)
        players.append(Player(raw["name"], chips))
    if problems:
        raise ScenarioError(problems)
    names = [p.name.lower() for p in players]
    if len(set(names)) != len(names):
        raise FieldError(("players",), "two players share a name")
    derived = pact_holders([p.chips for p in players], track_marks(rules))
    for p, given, auto in zip(players, explicit_pact, derived):
        p.pact = auto if given is None else given
        if p.chips == 0:
            p.stake = 0  # "A player who currently owns no betting chips cannot bid."

    start_raw = position.get("start_player", 0)
    if isinstance(start_raw, str):
        matches = [i for i, n in enumerate(names) if n == start_raw.lower()]
        if not matches:
            raise FieldError(("start_player",), f"no player named {start_raw!r}")
        start = matches[0]
    else:
        start = _read_int(start_raw, ("start_player",))
        if start >= len(players):
            raise FieldError(("start_player",), f"only {len(players)} players")
    coal_set = _read_oven(position["coal_set"], ("coal_set",)) if "coal_set" in position else Oven.standard()
    oven = _read_oven(position["oven"], ("oven",)) if "oven" in position else coal_set
    for v, c in zip(oven.values, oven.counts):
        if c > coal_set.count(v):
            raise FieldError(("oven", v), f"{c} pieces worth {v}, but the game has {coal_set.count(v)}")
    if oven.devils > coal_set.devils:
        raise FieldError(("oven", "devils"), f"{oven.devils} devils, but the game has {coal_set.devils}")
    oven = Oven.of({v: oven.count(v) for v in coal_set.values}, oven.devils)
    total_chips = sum(v * c for v, c in STANDARD_CHIPS.items())
    bank = _read_int(position.get("bank", max(0, total_chips - sum(p.chips for p in players))), ("bank",))
    state = RoundState(
        players=players,
        start=start,
        oven=oven,
        coal_set=coal_set,
        bank=bank,
        round_no=_read_int(position.get("round", 1), ("round",), minimum=1),
        rules=rules,
        round_start_chips=[p.chips for p in players],
    )
    history = position.get("history", [])
    if not isinstance(history, list):
        raise FieldError(("history",), "expected a list of action lines")
    for k, line in enumerate(history):
        try:
            state.do(Action.parse(line))
        except (InvalidActionError, IllegalActionError) as exc:
            raise FieldError(("history", k), str(exc)) from None
    return state


GAME = register_game(
    GameInfo(
        slug=SLUG,
        title="Auf Teufel komm raus",
        rulebook="auf-teufel-komm-raus.txt",
        ruleset="standard",
        options=OPTIONS,
        position_keys=("players", "start_player", "oven", "coal_set", "bank", "round", "history"),
        load_position=load_position,
    )
)


# ---- question kinds ------------------------------------------------------------------------

OBJECTIVES = ("haul", "target", "chips")
RULE_PULL = RULEBOOK + "Phase 2: Pulling Coal From the Fire"
RULE_BET = RULEBOOK + "Phase 1: The Devil's Bet"
RULE_SETTLE = RULEBOOK + "Phase 3: Determine Winnings"

_OBJECTIVE_PARAMS = {
    "player": Param("whose turn to solve; default the player now pulling"),
    "objective": Param(
        "'haul' (largest expected haul), 'target' (highest chance to reach target) or "
        "'chips' (largest expected chip gain this round); default 'haul'"
    ),
    "target": Param(
        "for objective 'target': a number, 'bet' (the player's stake, the default) or "
        "'best-haul' (the best haul others pulled this round)"
    ),
}


def status(state: RoundState) -> dict[str, Any]:
    current = state.current()
    return {
        "round": state.round_no,
        "phase": state.phase,
        "start_player": state.players[state.start].name,
        "current_player": current.name if current else None,
        "oven": state.oven.as_dict(),
        "pieces_left": state.oven.pieces,
        "highest_haul": state.highest_haul(),
        "players": [
            {
                "name": p.name,
                "chips": p.chips,
                "public": p.pact,  # a pact-holder's total is shown openly
                "pact": p.pact,
                "stake": p.stake,
                "haul": p.haul,
                "pieces": p.pieces,
                "devil": p.devil,
                "done": p.done,
            }
            for p in state.players
        ],
        "bank": state.bank,
        "payments": [p.as_dict() for p in state.payments],
        "history": [str(a) for a in state.history],
    }


def _player_param(ctx: QuestionContext, *, default_current: bool = True) -> int:
    state: RoundState = ctx.state
    name = ctx.params.get("player")
    if name is None:
        current = state.current()
        if current is None or not default_current:
            raise FieldError(("player",), "say which player: nobody is pulling now")
        return state.players.index(current)
    try:
        return state.index_of(str(name))
    except IllegalActionError as exc:
        raise FieldError(("player",), str(exc)) from None


def round_gain(state: RoundState, index: int, haul: int, pieces: int) -> int:
    """Chips ``index`` gains in Phase 3 if the round settled with their haul and pieces as
    given and everyone else's as pulled so far (players still to pull count as nothing)."""
    players = state.players
    hauls = [p.haul if p.done else 0 for p in players]
    counts = [p.pieces if p.done else 0 for p in players]
    hauls[index], counts[index] = haul, pieces
    top_bet = max((p.stake or 0 for p in players), default=0)
    gain = bet_result(players[index].stake or 0, max(hauls), top_bet)
    ties = state.rules["bonus_ties"]
    gain += BONUS * (index in bonus_winners(hauls, ties))
    gain += BONUS * (index in bonus_winners(counts, ties))
    return gain


def _objective(ctx: QuestionContext, index: int):
    """(name, resolved target or None, stop value, devil value) for the asked objective."""
    from oracle.solve.coal import haul_objective, target_objective

    state: RoundState = ctx.state
    objective = ctx.params.get("objective", "haul")
    if objective not in OBJECTIVES:
        raise FieldError(("objective",), f"expected one of {', '.join(OBJECTIVES)}, got {objective!r}")
    if objective == "haul":
        return objective, None, haul_objective, 0.0
    player = state.players[index]
    if objective == "target":
        target = ctx.params.get("target", "bet")
        if target == "bet":
            if not player.stake:
                raise FieldError(("target",), f"{player.name} has no bet to reach")
            target = player.stake
        elif target == "best-haul":
            target = max((p.haul for p in state.players if p is not player and p.done), default=0)
        elif isinstance(target, bool) or not isinstance(target, int):
            raise FieldError(("target",), f"expected a number, 'bet' or 'best-haul', got {target!r}")
        return objective, target, target_objective(target), 0.0
    cache: dict[tuple[int, int], float] = {}

    def chips(haul: int, pieces: int) -> float:
        key = (haul, pieces)
        if key not in cache:
            cache[key] = float(round_gain(state, index, haul, pieces))
        return cache[key]

    devil = float(round_gain(state, index, 0, 0) - state.pact_cost(player))
    return objective, None, chips, devil


def _turn_start(state: RoundState, index: int) -> Oven:
    current = state.current()
    player = state.players[index]
    if player.done:
        raise FieldError(("player",), f"{player.name} has already had their turn this round")
    return state.turn_start_oven() if current is player else state.oven


@register_question(SLUG, "game-status", summary="Phase, whose turn, oven, bets, hauls, pacts.")
def game_status(ctx: QuestionContext) -> Answer:
    state: RoundState = ctx.state
    out = status(state)
    who = out["current_player"]
    text = f"round {state.round_no}, {out['phase']} phase" + (f", {who} to pull" if who else "")
    return Answer(out, text, RULEBOOK + "A round is played in 4 phases")


@register_question(SLUG, "legal-moves", summary="Every action allowed now, pulls with their chance.")
def legal_moves(ctx: QuestionContext) -> Answer:
    state: RoundState = ctx.state
    moves = state.legal_actions()
    chance = {}
    if state.phase == "pull" and state.oven.pieces:
        n = state.oven.pieces
        for a in moves:
            if a.verb == "pulls":
                count = state.oven.devils if a.is_devil else state.oven.count(a.amount)
                chance[str(a)] = count / n
    rule = RULE_BET if state.phase == "bet" else RULE_PULL if state.phase == "pull" else RULE_SETTLE
    return Answer(
        {"phase": state.phase, "moves": [str(a) for a in moves], "pull_chances": chance},
        f"{len(moves)} legal actions in the {state.phase} phase",
        rule,
    )


@register_question(
    SLUG,
    "apply",
    summary="Apply action lines to the position; the new status and any payments.",
    params={"actions": Param("a list of action lines, e.g. ['Anna pulls 25']", required=True)},
)
def apply_actions(ctx: QuestionContext) -> Answer:
    actions = ctx.params.get("actions")
    if isinstance(actions, str):
        actions = [actions]
    if not isinstance(actions, list):
        raise FieldError(("actions",), "expected a list of action lines")
    state: RoundState = ctx.state.copy()
    paid = []
    for k, line in enumerate(actions):
        try:
            action = Action.parse(line)
        except InvalidActionError as exc:
            raise FieldError(("actions", k), str(exc)) from None
        paid += state.do(action)
    return Answer(
        {"applied": [str(Action.parse(a)) for a in actions], "payments": [p.as_dict() for p in paid], "status": status(state)},
        f"applied {len(actions)} action(s); now the {state.phase} phase",
        RULE_PULL if state.phase != "bet" else RULE_BET,
    )


@register_question(SLUG, "settle-round", summary="Phases 3 and 4: every payment, totals, pawns, pacts.")
def settle_round_question(ctx: QuestionContext) -> Answer:
    out = settle_round(ctx.state)
    text = f"highest haul {out['highest_haul']}; " + ", ".join(
        f"{p['name']} {p['chips']} ({p['space']})" for p in out["players"]
    )
    if out["game_over"]:
        text += f"; game over, won by {' and '.join(out['winners'])}"
    return Answer(out, text, RULE_SETTLE)


@register_question(
    SLUG, "draw-or-stop", summary="The value of drawing and of stopping now, and the margin.", params=_OBJECTIVE_PARAMS
)
def draw_or_stop(ctx: QuestionContext) -> Answer:
    from oracle.solve.coal import one_step_rule_draws, solve_turn

    state: RoundState = ctx.state
    index = _player_param(ctx)
    if state.current() is not state.players[index]:
        raise FieldError(("player",), f"it is not {state.players[index].name}'s turn to pull")
    objective, target, stop_value, devil_value = _objective(ctx, index)
    player = state.players[index]
    solution = solve_turn(_turn_start(state, index), stop_value, devil_value)
    counts = state.oven.counts
    draw = solution.draw_value(counts)
    out: dict[str, Any] = {
        "player": player.name,
        "objective": objective,
        "target": target,
        "haul": player.haul,
        "pieces": player.pieces,
        "oven": state.oven.as_dict(),
    }
    if not player.pulled:
        out |= {"stop": None, "draw": draw, "margin": None, "best": "draw", "forced": True}
        text = f"{player.name} must turn over a first piece; the turn is worth {draw:.4f}"
        return Answer(out, text, RULE_PULL)
    stop = solution.stop_here(counts)
    best = "stop" if solution.should_stop(counts) else "draw"
    out |= {
        "stop": float(stop),
        "draw": None if draw is None else float(draw),
        "margin": None if draw is None else float(draw - stop),
        "best": best,
        "forced": False,
    }
    if objective == "haul":
        out["one_step_rule"] = {
            "value_left": state.oven.value,
            "devils_left": state.oven.devils,
            "draws": one_step_rule_draws(state.oven, player.haul),
        }
    text = f"{player.name} should {best}: stop {stop:.4f}" + (
        "" if draw is None else f", draw {draw:.4f} (margin {draw - stop:+.4f})"
    )
    return Answer(out, text, RULE_PULL)


@register_question(
    SLUG,
    "stop-policy",
    summary="The whole optimal policy for a turn as a threshold table, optionally plotted.",
    params=_OBJECTIVE_PARAMS | {"plot": Param("a file path: write the thresholds as an SVG image there")},
)
def stop_policy(ctx: QuestionContext) -> Answer:
    from oracle.solve.coal import one_step_rule_draws, one_step_threshold, solve_turn, threshold_table

    state: RoundState = ctx.state
    index = _player_param(ctx)
    objective, target, stop_value, devil_value = _objective(ctx, index)
    oven = _turn_start(state, index)
    solution = solve_turn(oven, stop_value, devil_value)
    rows = threshold_table(solution)
    table = [
        {
            "pieces": r.pieces,
            "stop_from": r.stop_from,
            "draw_hauls": list(r.draw_hauls) if r.draw_hauls else None,
            "exceptions": len(r.exceptions),
            "exception_examples": [
                {"left": oven.with_counts(c).as_dict(), "haul": h} for c, h in r.exceptions[:3]
            ],
            "states": r.states,
        }
        for r in rows
    ]
    out: dict[str, Any] = {
        "player": state.players[index].name,
        "objective": objective,
        "target": target,
        "oven": oven.as_dict(),
        "value": float(solution.start_value),
        "thresholds": table,
    }
    if objective == "haul":
        threshold = one_step_threshold(oven)
        agrees = all(
            stop != one_step_rule_draws(oven.with_counts(c), solution.haul(c))
            for c, stop in solution.stops.items()
            if solution.pieces(c) > 0
        )
        out["one_step_rule"] = {
            "stop_from": None if threshold is None else float(threshold),
            "stop_from_exact": None if threshold is None else str(threshold),
            "agrees_with_dp": agrees,
        }
    if ctx.params.get("plot"):
        from oracle.solve.coal_plot import write_threshold_svg

        title = f"{out['player']}: stop-policy, objective {objective}" + (f" {target}" if target is not None else "")
        out["plot"] = write_threshold_svg(str(ctx.params["plot"]), rows, title=title, oven_text=str(oven))
    firm = [r for r in rows if r.stop_from is not None]
    text = f"turn worth {solution.start_value:.4f}; " + (
        f"after {firm[0].pieces} piece(s) stop from haul {firm[0].stop_from}" if firm else "never stop voluntarily"
    )
    return Answer(out, text, RULE_PULL)


def _read_policy(raw: Any, path: tuple):
    from oracle.solve.coal import TurnPolicy

    if raw in (None, "max-haul"):
        return TurnPolicy("max-haul")
    if isinstance(raw, str) and ":" in raw:
        kind, _, amount = raw.partition(":")
        if kind in ("target", "threshold") and amount.strip().isdigit():
            return TurnPolicy(kind, int(amount))
    raise FieldError(path, f"expected 'max-haul', 'target:N' or 'threshold:N', got {raw!r}")


@register_question(
    SLUG,
    "bet-advice",
    summary="The distribution of the round's highest haul and the bet with the best expected gain.",
    params={
        "player": Param("who is betting", required=True),
        "policy": Param("how every player pulls: 'max-haul' (default), 'target:N', 'threshold:N'"),
        "policies": Param("per player name, overriding 'policy'"),
        "other_bets": Param("known stakes of the others, {name: stake}; default those already placed"),
        "max_states": Param("above this much work the distribution is sampled (default 400000)"),
        "samples": Param("rounds sampled when it is (default 20000)"),
    },
)
def bet_advice(ctx: QuestionContext) -> Answer:
    from oracle.solve.coal import highest_haul_distribution

    state: RoundState = ctx.state
    index = _player_param(ctx, default_current=False)
    me = state.players[index]
    current = state.current()
    if current is not None and current.pulled:
        raise IllegalActionError(f"{current.name} is in the middle of a turn; ask between turns")
    if state.phase == "settle":
        raise IllegalActionError("every player has pulled: the highest haul is known")
    default = _read_policy(ctx.params.get("policy"), ("policy",))
    per_player = ctx.params.get("policies") or {}
    if not isinstance(per_player, Mapping):
        raise FieldError(("policies",), "expected {name: policy}")
    for name in per_player:
        try:
            state.index_of(str(name))
        except IllegalActionError as exc:
            raise FieldError(("policies", name), str(exc)) from None
    lower = {str(k).lower(): v for k, v in per_player.items()}
    order = [i for i in state.turn_order() if not state.players[i].done]
    policies = [
        _read_policy(lower[state.players[i].name.lower()], ("policies", state.players[i].name))
        if state.players[i].name.lower() in lower
        else default
        for i in order
    ]
    raw_bets = ctx.params.get("other_bets")
    if raw_bets is None:
        others = [p.stake or 0 for p in state.players if p is not me]
    elif isinstance(raw_bets, Mapping):
        others = [_read_int(v, ("other_bets", k)) for k, v in raw_bets.items()]
    else:
        raise FieldError(("other_bets",), "expected {name: stake}")
    max_other = max(others, default=0)
    dist = highest_haul_distribution(
        state.oven,
        policies,
        state.highest_haul(),
        max_states=_read_int(ctx.params.get("max_states", 400_000), ("max_states",), minimum=1),
        samples=_read_int(ctx.params.get("samples", 20_000), ("samples",), minimum=1),
    )
    hauls = sorted(dist.distribution)

    def chance_at_least(b: int) -> float:
        return sum(p for h, p in dist.distribution.items() if h >= b)

    def expected_gain(b: int) -> float:
        win = chance_at_least(b)
        return win * (2 * b if b >= max_other else b) - (1 - win) * b

    stake_now = me.stake
    candidates = [0] + list(range(CHIP_UNIT, me.chips + 1, CHIP_UNIT))
    gains = {b: expected_gain(b) for b in candidates}
    best = max(candidates, key=lambda b: (gains[b], -b))
    out = {
        "player": me.name,
        "method": dist.method,
        "samples": dist.samples,
        "policies": [f"{state.players[i].name}: {p}" for i, p in zip(order, policies)],
        "distribution": [{"haul": h, "probability": dist.distribution[h]} for h in hauls],
        "expected_highest_haul": sum(h * p for h, p in dist.distribution.items()),
        "other_bets_highest": max_other,
        "best_bet": best,
        "expected_gain": gains[best],
        "gains": {str(b): gains[b] for b in candidates},
    }
    if stake_now is not None:
        out["current_stake"] = stake_now
    text = f"{me.name} should " + (f"bet {best}" if best else "pass") + f": expected gain {gains[best]:+.2f} ({dist.method})"
    return Answer(out, text, RULE_BET)


# The same handlers by kind, for code that wants this game alone without loading the others.
HANDLERS = {
    "game-status": game_status,
    "legal-moves": legal_moves,
    "apply": apply_actions,
    "settle-round": settle_round_question,
    "draw-or-stop": draw_or_stop,
    "stop-policy": stop_policy,
    "bet-advice": bet_advice,
}
