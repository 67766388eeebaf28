"""The odds solver's plain inputs and answers: the problem (``OddsProblem``: the board, the
players' ``SeatHand``s, what is known of the Boss's ``BossHand``, the dead cards), its checks
(``unseen_cards``), the Boss's default hand as a band of strengths, and the results
(``SeatOdds``, ``OddsResult`` with its joint outcomes). The counting is ``holdem``'s."""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.cards import Card, Rank, full_deck
from oracle.errors import FieldError
from oracle.eval import HELL_OF_A_DEAL, Ruleset
from oracle.eval.strength import BASE, decode


@dataclass(frozen=True, kw_only=True)
class SeatHand:
    """A player as the odds see them. ``souls_if_won`` counts the Earn a Soul chips in the
    Bet area (a Wild chip declared as one counts); ``toll_budget`` is how many tolled cards
    the player will pay a Soul each for (None: no tolls in force)."""

    name: str
    cards: tuple[Card, ...]
    folded: bool = False
    min_private: int = 1
    max_private: int = 2
    wild_ranks: frozenset[Rank] = frozenset()
    souls_if_won: int = 0
    toll_budget: int | None = None


@dataclass(frozen=True, kw_only=True)
class BossHand:
    """What is known of the Boss's hand. ``known`` holds his face-up cards (revealed hole
    cards and toll cards, which he "may use"); ``unknown`` is how many hole cards are still
    face down; ``max_used`` is how many of his own cards he may use (None: all)."""

    known: tuple[Card, ...] = ()
    unknown: int = 2
    max_used: int | None = 2
    default_hand: tuple[Card, ...] | None = None
    soul_penalty: int = 2
    # When his cards tie his default hand on its listed cards: "default" or "cards".
    tie_prefers: str = "default"


@dataclass(frozen=True, kw_only=True)
class OddsProblem:
    board: tuple[Card, ...]
    seats: tuple[SeatHand, ...]
    boss: BossHand
    dead: tuple[Card, ...] = ()
    board_size: int = 5
    banned_ranks: frozenset[Rank] = frozenset()
    bans_board_high_card: bool = False
    tolled_ranks: frozenset[Rank] = frozenset()
    ruleset: Ruleset = HELL_OF_A_DEAL


OUTCOMES = ("win", "push", "lose")


@dataclass(frozen=True, kw_only=True)
class SeatOdds:
    name: str
    win: float
    push: float
    lose: float
    expected_souls: float
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    folded: bool = False
    # Half-widths of the 95% intervals (Monte Carlo only).
    margin: float | None = None
    souls_margin: float | None = None
    # An enumeration stopped by the time limit: the lowest and highest each figure can be
    # whatever the deals not enumerated hold (win, push, lose, expected_souls).
    bounds: dict[str, tuple[float, float]] | None = None

    def to_json(self) -> dict:
        data = {
            "name": self.name,
            "win": round(self.win, 6),
            "push": round(self.push, 6),
            "lose": round(self.lose, 6),
            "expected_souls": round(self.expected_souls, 6),
            "wins": self.wins,
            "pushes": self.pushes,
            "losses": self.losses,
            "folded": self.folded,
        }
        if self.margin is not None:
            data["margin95"] = round(self.margin, 6)
            data["souls_margin95"] = round(self.souls_margin or 0.0, 6)
        if self.bounds is not None:
            data["bounds"] = {k: [round(lo, 6), round(hi, 6)] for k, (lo, hi) in self.bounds.items()}
        return data


@dataclass(frozen=True, kw_only=True)
class OddsResult:
    method: str  # "exact" or "monte-carlo"
    deals: int  # deals enumerated, or samples drawn
    seats: tuple[SeatOdds, ...]
    expected_team_souls: float
    unseen: int
    seed: int | None = None
    team_souls_margin: float | None = None
    notes: tuple[str, ...] = field(default=())
    # Whether every deal was counted (an enumeration that finished), and what stopped it.
    exact: bool = True
    bound_reached: str | None = None
    deals_total: int | None = None
    samples_requested: int | None = None
    # The deals (or samples) counted for each joint outcome of the players still in, by
    # ``joint_outcomes``: what the team's settlement as a whole depends on.
    joint: tuple[int, ...] = ()
    joint_names: tuple[str, ...] = ()

    def joint_outcomes(self) -> list[tuple[dict[str, str], int]]:
        """Each joint outcome counted at least once: ({player: win/push/lose}, count)."""
        out = []
        for index, count in enumerate(self.joint):
            if count:
                digits = [(index // 3 ** i) % 3 for i in range(len(self.joint_names))]
                out.append(({n: OUTCOMES[d] for n, d in zip(self.joint_names, digits)}, int(count)))
        return out

    def seat(self, name: str) -> SeatOdds:
        for s in self.seats:
            if s.name == name:
                return s
        raise KeyError(name)

    def to_json(self) -> dict:
        data = {
            "method": self.method,
            "exact": self.exact,
            "bound_reached": self.bound_reached,
            "deals": self.deals,
            "unseen_cards": self.unseen,
            "players": {s.name: s.to_json() for s in self.seats},
            "expected_team_souls": round(self.expected_team_souls, 6),
            "notes": list(self.notes),
        }
        if self.method == "monte-carlo":
            data["seed"] = self.seed
            data["samples"] = self.deals
            data["confidence"] = 0.95
            data["team_souls_margin95"] = round(self.team_souls_margin or 0.0, 6)
            data["samples_requested"] = self.samples_requested
        elif not self.exact:
            data["deals_total"] = self.deals_total
        return data


# ---------------------------------------------------------------------------------------
# The Boss's default hand as a band of strengths.


def default_band(default: int) -> tuple[int, int]:
    """(lowest, highest) strengths equal to a default hand on the cards it lists: the
    ``compare_with_default`` tie, as a range (its unlisted cards are trailing zeros)."""
    category, tiebreak = decode(default)
    high = category
    for digit in tiebreak:
        high = high * BASE + (digit if digit else BASE - 1)
    return default, high


# ---------------------------------------------------------------------------------------
# Checking the problem.


def unseen_cards(problem: OddsProblem) -> list[Card]:
    seen: dict[Card, str] = {}

    def see(cards, where):
        for i, card in enumerate(cards):
            if card.suit is None or card.rank is None:
                raise FieldError((where, i), f"{card} is not a card of the 52-card deck")
            if card in seen:
                raise FieldError((where, i), f"{card} appears twice ({seen[card]} and {where})")
            seen[card] = where

    see(problem.board, "board")
    for seat in problem.seats:
        see(seat.cards, seat.name)
    see(problem.boss.known, "boss")
    see(problem.dead, "discards")
    return [c for c in full_deck() if c not in seen]


def _check(problem: OddsProblem, unseen: list[Card]) -> None:
    to_come = problem.board_size - len(problem.board)
    if to_come < 0:
        raise FieldError(("board",), f"the board has {len(problem.board)} cards, more than {problem.board_size}")
    if to_come + problem.boss.unknown > len(unseen):
        raise FieldError(("board",), "not enough unseen cards to finish the deal")
    if problem.boss.unknown + len(problem.boss.known) == 0:
        raise FieldError(("boss",), "the Boss has no cards")
    if not problem.seats:
        raise FieldError(("players",), "no players")
