"""The questions ``oracle rank`` and ``oracle compare`` answer, as a library.

The command line and the scenario question kinds ``rank`` and ``compare`` both call these,
so a hand is read, checked and ranked the same way everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from oracle.cards import Card, Rank, check_cards, parse_cards
from oracle.errors import FieldError, InvalidHandError
from oracle.eval import RULESETS, HandRank, Ruleset, evaluate, find_ruleset
from oracle.eval.select import Limits, Selection, best_by_tolls, best_selection
from oracle.text import quote

# A hand to rank has one card at least. Seven is the most any of our games puts in one hand
# (hole cards and board); Drawing Dead upcards may pile up mid-turn, so it allows ten.
MAX_CARDS = 7
MAX_CARDS_BY_GAME = {"drawing-dead": 10}


def read_hand(text: str | Sequence[Card], ruleset: Ruleset, what: str = "hand") -> list[Card]:
    cards = parse_cards(text) if isinstance(text, str) else list(text)
    check_cards(
        cards,
        jokers_allowed=ruleset.jokers,
        minimum=1,
        maximum=MAX_CARDS_BY_GAME.get(ruleset.name, MAX_CARDS),
        what=what,
    )
    return cards


def rank_hand(text: str | Sequence[Card], game: str | Ruleset = "standard") -> HandRank:
    ruleset = find_ruleset(game)
    return evaluate(read_hand(text, ruleset), ruleset)


def rulings_that_differ(cards: Sequence[Card], hand: HandRank) -> list[tuple[Ruleset, HandRank]]:
    """Every other game whose rulebook ranks these cards differently (another category or
    description), for players who are not sure which rules they play."""
    differing = []
    for ruleset in RULESETS.values():
        if ruleset.name == hand.ruleset.name:
            continue
        if any(card.is_joker for card in cards) and ruleset.jokers == 0:
            continue
        other = evaluate(cards, ruleset)
        if other.description != hand.description:
            differing.append((ruleset, other))
    return differing


@dataclass(frozen=True)
class Comparison:
    first: HandRank
    second: HandRank

    @property
    def winner(self) -> str:
        a, b = self.first.strength, self.second.strength
        return "first" if a > b else "second" if b > a else "tie"

    def to_json(self) -> dict:
        return {"winner": self.winner, "first": self.first.to_json(), "second": self.second.to_json()}


def compare_hands(first: str | Sequence[Card], second: str | Sequence[Card], game: str | Ruleset = "standard") -> Comparison:
    ruleset = find_ruleset(game)
    a = read_hand(first, ruleset, "first hand")
    b = read_hand(second, ruleset, "second hand")
    # No one card can be in both hands: a card with a suit, or the Joker (a deck has one).
    # Suitless ranks and rank counts are not checked across the hands, so a rulebook's
    # what-if (Drawing Dead's "A A A A Jk" against a royal flush) can be asked.
    shared = sorted({str(c) for c in a if c.suit is not None or c.is_joker} & {str(c) for c in b})
    if shared:
        raise InvalidHandError(f"the card {shared[0]!r} is in both hands")
    return Comparison(evaluate(a, ruleset), evaluate(b, ruleset))


def split_versus(line: str) -> tuple[str, str]:
    """``"9 9 2 2 K vs Ah Kh Qh Jh 9h"`` -> the two hands (for ``oracle compare -``)."""
    parts = [p.strip() for p in line.replace(" VS ", " vs ").split(" vs ")]
    if len(parts) != 2 or not all(parts):
        raise InvalidHandError(f"expected two hands joined by ' vs ', got {quote(line)}")
    return parts[0], parts[1]


@dataclass(frozen=True)
class HellOfADealRanking:
    """``oracle rank --game hell-of-a-deal``: the best legal hand (or, under The Boatman, one
    per number of Souls paid) and the rule that limited it."""

    selections: tuple[Selection, ...]
    for_boss: bool
    boss: str | None
    souls: int | None
    rule: str

    @property
    def best(self) -> Selection:
        return self.selections[-1]

    def to_json(self) -> dict:
        data = self.best.to_json()
        data.update({"for_boss": self.for_boss, "boss": self.boss, "rule": self.rule})
        if self.souls is not None:
            data["by_souls_paid"] = [
                {"souls_paid": len(s.tolled_used), **s.to_json()} for s in self.selections
            ]
        return data


PLAYER_RULE = (
    'Hell of a Deal, "Deal Cards": "You must use one of your hole cards and MAY use two in '
    'conjunction with the Community cards."'
)
# With Up Your Sleeve the "MAY use two" no longer limits the hand: the Favor lifts it to three.
UP_YOUR_SLEEVE_RULE = (
    'Hell of a Deal, "Deal Cards": "You must use one of your hole cards"; Up Your Sleeve '
    '(Hell of a Deal, "Draw a Favor chip"): "You may use a third card from your hand in your '
    'final scoring hand."'
)
BOSS_RULE = (
    'Hell of a Deal, "Reveal the Boss\'s Hand": "The Boss\'s Hole card(s) (using 1 card is '
    'mandatory) plus the best possible Community cards".'
)


def rank_hell_of_a_deal(
    hole: str,
    board: str = "",
    *,
    boss: str | None = None,
    toll: str = "",
    souls: int | None = None,
    up_your_sleeve: bool = False,
    for_boss: bool = False,
) -> HellOfADealRanking:
    ruleset = find_ruleset("hell-of-a-deal")
    hole_cards = parse_cards(hole)
    board_cards = parse_cards(board) if board else []
    toll_cards = parse_cards(toll) if toll else []
    check_cards(hole_cards, minimum=1, maximum=6, what="hole cards")
    check_cards(board_cards, maximum=10, what="board")
    check_cards([*hole_cards, *board_cards, *toll_cards], what="hole cards, board and tolls together")
    the_boss = None
    if boss:
        # Only a named Boss needs the game (his data and restrictions): plain ranking stays light.
        from oracle.games.hell_of_a_deal import banned_ranks_for, find_boss

        the_boss = find_boss(boss)
    if toll_cards and the_boss is not None and not the_boss.tolls:
        # "THE BOATMAN ... deal 1 face-up "Toll" card": no other Boss deals one.
        raise FieldError(("toll",), f"a toll card goes only with a Boss who deals them (The Boatman); "
                                    f"{the_boss.name} deals none")
    if toll_cards and souls is None:
        raise InvalidHandError("--toll needs --souls: how many Souls the pot holds")
    if souls is not None and not toll_cards:
        raise FieldError(("souls",), "the Souls in the pot pay The Boatman's tolls: give the toll cards with them")
    if for_boss:
        high = 2
        if the_boss is not None:
            high = len(hole_cards) + len(toll_cards) if the_boss.max_hole_used is None else the_boss.max_hole_used
        private = [*hole_cards, *toll_cards]
        limits = Limits(min_private=1, max_private=high)
        selection = best_selection(private, board_cards, ruleset, limits)
        return HellOfADealRanking((selection,), True, the_boss.name if the_boss else None, None, BOSS_RULE)
    banned: frozenset[Rank] = frozenset()
    rule = UP_YOUR_SLEEVE_RULE if up_your_sleeve else PLAYER_RULE
    if the_boss is not None:
        banned = banned_ranks_for(the_boss, board_cards)
        if banned:
            rule += ' Eenie Meanie: "The current High Card of the Community board, as well as any cards of matching value, cannot be used by players."'
    tolled = frozenset(c.rank for c in toll_cards if c.rank is not None)
    limits = Limits(
        min_private=1,
        max_private=3 if up_your_sleeve else 2,
        banned_ranks=banned,
        tolled_ranks=tolled,
        max_tolled=souls if toll_cards else None,
    )
    if toll_cards:
        rule += ' The Boatman: "Players can\'t use cards matching a Toll card\'s value in their scoring hand unless they pay a Soul."'
        selections = best_by_tolls(hole_cards, board_cards, ruleset, limits, souls or 0)
        return HellOfADealRanking(tuple(selections), False, the_boss.name if the_boss else None, souls, rule)
    selection = best_selection(hole_cards, board_cards, ruleset, limits)
    return HellOfADealRanking((selection,), False, the_boss.name if the_boss else None, None, rule)
