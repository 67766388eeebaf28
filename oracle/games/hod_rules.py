"""Hell of a Deal rules as pure functions: chips, the Temptation track, Curses, Souls, the
blackjack count and the showdown. The round engine (``hod_state``, ``hod_round``,
``hod_engine``, ``hod_showdown``) and the solvers (``oracle.solve.hod_*``) both call these;
nothing here holds state.

Public API (names are stable):

- Chips: ``CHIPS``, ``CHIP_NAMES``, ``Chip``, ``find_chip``, ``ChipBet``, ``settle_bets``.
- Temptation track: ``TEMPTATION_MAX``, ``FLAME_BARRIERS``, ``healing_floor``,
  ``heal_temptation``, ``temptation_room``, ``split_temptation``,
  ``check_temptation_assignment``, ``apply_temptation``, ``players_at_max``,
  ``team_lost_to_temptation``.
- Curses: ``MAX_CURSES``, ``gain_curses``.
- Souls: ``pay_souls``.
- Red Jack: ``blackjack_total``.
- Showdown: ``default_strength``, ``compare_with_default``, ``banned_ranks_for``,
  ``player_limits``, ``BossPlay``, ``boss_play``, ``player_outcome``, ``Outcome``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from oracle.cards import Card, Rank
from oracle.errors import IllegalActionError
from oracle.eval import HELL_OF_A_DEAL, Ruleset, describe, strength
from oracle.eval.select import Limits, Selection, best_selection
from oracle.eval.strength import decode
from oracle.games.hod_bosses import Boss

# ---------------------------------------------------------------------------------------
# Chips: "The benefit of each chip is printed on the front. The punishment for losing a Bet
# is printed on the back of the chip."


@dataclass(frozen=True, kw_only=True)
class Chip:
    name: str
    count: int = 1
    souls_if_won: int = 0
    temptation_if_lost: int = 0
    curses_if_lost: int = 0
    temptation_up_front: int = 0
    back: str = ""


CHIPS: dict[str, Chip] = {
    c.name: c
    for c in (
        Chip(name="Earn a Soul", count=2, souls_if_won=1, temptation_if_lost=1,
             back="Suffer 1 Temptation"),
        Chip(name="Heal", temptation_if_lost=2, back="personally suffer 2 Temptation"),
        Chip(name="Devilish Offering", temptation_if_lost=2, back="suffer 2 Temptation"),
        Chip(name="Draw a Favor", curses_if_lost=1, back="gain a face-down Curse card"),
        Chip(name="Reveal 2 Cards", curses_if_lost=1, back="gain a face-down Curse card"),
        Chip(name="Wild", curses_if_lost=1, temptation_up_front=1,
             back="gain a face-down Curse card"),
    )
}
CHIP_NAMES = tuple(CHIPS)
WILD = "Wild"


def chip_key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


_CHIP_ALIASES = {
    "soul": "Earn a Soul",
    "earnsoul": "Earn a Soul",
    "healanyplayerstemptation": "Heal",
    "healaplayerstemptation": "Heal",
    "offering": "Devilish Offering",
    "favor": "Draw a Favor",
    "reveal": "Reveal 2 Cards",
    "revealtwocards": "Reveal 2 Cards",
}


_CHIP_BY_KEY = {chip_key(name): chip for name, chip in CHIPS.items()}
_CHIP_BY_KEY |= {key: CHIPS[name] for key, name in _CHIP_ALIASES.items()}


def find_chip(text: str) -> Chip | None:
    return _CHIP_BY_KEY.get(chip_key(text))


@dataclass(frozen=True, kw_only=True)
class ChipBet:
    """A chip in a Bet area. ``acts_as`` is what a Wild chip was declared as ("When you place
    the chip into your Bet area, declare which chip you intend to use")."""

    chip: str
    acts_as: str | None = None

    @property
    def effective(self) -> str:
        return self.acts_as or self.chip

    def __str__(self) -> str:
        return f"{self.chip} as {self.acts_as}" if self.acts_as else self.chip


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
# The Temptation track.

TEMPTATION_MAX = 10
# "The Temptation track has Flame Barrier thresholds at the 5th and 10th spaces that a healed
# token can never move back through."
FLAME_BARRIERS = (5, 10)


def healing_floor(level: int) -> int:
    """The lowest space healing can bring a token at ``level`` to: "a player passing into the
    5th space or the 10th can never move back below those thresholds"."""
    floor = 0
    for barrier in FLAME_BARRIERS:
        if level >= barrier:
            floor = barrier
    return floor


def heal_temptation(level: int, amount: int = 1) -> int:
    return max(healing_floor(level), level - amount)


def temptation_room(level: int) -> int:
    return max(0, TEMPTATION_MAX - level)


def split_temptation(level: int, amount: int) -> tuple[int, int]:
    """(Temptation the player takes, Temptation left over for others): "If you suffer
    Temptation and are already at 10, the Temptation must be suffered by another player."
    The player takes one at a time until reaching 10; the rest overflows."""
    taken = min(amount, temptation_room(level))
    return taken, amount - taken


def check_temptation_assignment(
    levels: Mapping[str, int], overflow: int, assignment: Mapping[str, int]
) -> None:
    """Raise ``IllegalActionError`` unless ``assignment`` (player -> Temptation) places the
    ``overflow`` legally: "The team may assign the Temptation to players however they wish,
    but all Temptation must be taken." A player at 10 can take none; no one passes 10. When
    the others together have less room than the overflow, every space must be filled (two
    players are then at 10 and the team has lost)."""
    total = 0
    for name, count in assignment.items():
        if name not in levels:
            raise IllegalActionError(f"{name!r} is not a player")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise IllegalActionError(f"{name!r} must take a whole number of Temptation, not {count!r}")
        room = temptation_room(levels[name])
        if count > room:
            raise IllegalActionError(
                f"{name} is at {levels[name]} and can take only {room} more Temptation, not {count}"
            )
        total += count
    room = sum(temptation_room(level) for level in levels.values())
    needed = min(overflow, room)
    if total != needed:
        raise IllegalActionError(
            f"{overflow} Temptation must be taken by players below 10; this assigns {total}"
            + (f" (the team has room for only {room})" if room < overflow else "")
        )


def apply_temptation(
    levels: Mapping[str, int],
    player: str,
    amount: int,
    assignment: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """New levels after ``player`` suffers ``amount`` Temptation, the overflow placed by
    ``assignment`` (checked). Raises ``IllegalActionError`` when an overflow needs an
    assignment that is missing or wrong."""
    new = dict(levels)
    taken, overflow = split_temptation(new[player], amount)
    new[player] += taken
    if overflow and not any(temptation_room(level) for level in new.values()):
        # Nobody is below 10 (a lone player): no one can take it, so none is assigned.
        overflow = 0
    if overflow:
        if assignment is None:
            raise IllegalActionError(
                f"{player} is at 10: {overflow} Temptation must be assigned to other players"
            )
        check_temptation_assignment(new, overflow, assignment)
        for name, count in assignment.items():
            new[name] += count
    elif assignment:
        raise IllegalActionError(f"{player} can take all {amount} Temptation; nothing to assign")
    return new


def players_at_max(levels: Mapping[str, int]) -> list[str]:
    return [name for name, level in levels.items() if level >= TEMPTATION_MAX]


def team_lost_to_temptation(levels: Mapping[str, int]) -> bool:
    """"Two or more players reach the 10th space on the Temptation Track." """
    return len(players_at_max(levels)) >= 2


# ---------------------------------------------------------------------------------------
# Curses and Souls.

MAX_CURSES = 3


def gain_curses(active: int, face_down: int, count: int) -> tuple[int, int]:
    """(face-down Curses after gaining ``count``, Temptation suffered instead): "A player may
    only ever have three Curse cards (active and/or facedown combined). If you already have
    three, and gain another - don't take the card. Instead, suffer a Temptation for each
    gained in excess." """
    room = max(0, MAX_CURSES - active - face_down)
    taken = min(room, count)
    return face_down + taken, count - taken


def pay_souls(pot: int, amount: int) -> tuple[int, int]:
    """(pot after paying, Souls that could not be paid). Against the first four Bosses the
    unpaid Souls carry "no further penalty"; against Nick Hauss or The Devil Himself any unpaid
    Soul loses the game (the caller decides which)."""
    paid = min(pot, amount)
    return pot - paid, amount - paid


# ---------------------------------------------------------------------------------------
# Red Jack's count.

def blackjack_value(card: Card) -> int:
    """"An Ace can be counted as "11" or "1". Face cards are counted as "10"." """
    if card.rank is Rank.ACE:
        return 11
    return min(card.value, 10)


def blackjack_total(cards: Sequence[Card]) -> int:
    """The best blackjack total: Aces count 11 while that keeps the total at 21 or less."""
    total = sum(blackjack_value(c) for c in cards)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    while total > 21 and aces:
        total -= 10
        aces -= 1
    return total


# ---------------------------------------------------------------------------------------
# The showdown.

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
