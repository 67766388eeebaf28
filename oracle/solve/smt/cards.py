"""Playing cards as Z3 terms: the card domain the position searches reason over.

A card is two integer terms: ``rank``, 0 for a deuce up to 12 for an Ace (the index in
``oracle.cards.RANKS``) and 13 for the Joker, and ``suit``, 0-3 in the order of
``oracle.cards.SUITS`` (the Joker's suit is 0). Its ``index`` ``4 * rank + suit`` names one
card of the deck, so "no card twice" is ``Distinct`` over the indices. Which cards are wild is
read from a ``Ruleset`` (its ``wild_ranks`` and ``joker_wild``), never written here.

Z3 is imported inside the functions; importing this module costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from oracle.cards import RANKS, SUITS, Card
from oracle.eval.rulesets import Ruleset

JOKER_RANK = len(RANKS)  # 13
ACE_RANK = len(RANKS) - 1  # 12


@dataclass(frozen=True)
class CardTerm:
    """One card as Z3 integer terms (a variable or a constant)."""

    rank: Any
    suit: Any
    name: str = ""

    @property
    def index(self) -> Any:
        return self.rank * 4 + self.suit


def card_variable(name: str) -> CardTerm:
    import z3

    return CardTerm(z3.Int(f"{name}.rank"), z3.Int(f"{name}.suit"), name)


def card_constant(card: Card) -> CardTerm:
    """A known card. Suitless cards have no place in a search: every card has its suit."""
    import z3

    if card.is_joker:
        return CardTerm(z3.IntVal(JOKER_RANK), z3.IntVal(0), "Jk")
    if card.suit is None:
        raise ValueError(f"a card in a search needs its suit, not {str(card)!r}")
    return CardTerm(z3.IntVal(RANKS.index(card.rank)), z3.IntVal(SUITS.index(card.suit)), str(card))


def in_deck(card: CardTerm, jokers: int) -> Any:
    """The card is one of the deck's: a rank and a suit, or the Joker where the deck has one."""
    import z3

    plain = z3.And(card.rank >= 0, card.rank <= ACE_RANK, card.suit >= 0, card.suit <= 3)
    if jokers <= 0:
        return plain
    return z3.Or(plain, z3.And(card.rank == JOKER_RANK, card.suit == 0))


def all_different(cards: Sequence[CardTerm]) -> Any:
    """No card twice (our decks hold at most one Joker, whose index is its own)."""
    import z3

    if len(cards) < 2:
        return z3.BoolVal(True)
    return z3.Distinct(*[c.index for c in cards])


def is_wild(card: CardTerm, ruleset: Ruleset) -> Any:
    import z3

    options = [card.rank == RANKS.index(rank) for rank in sorted(ruleset.wild_ranks, key=RANKS.index)]
    if ruleset.joker_wild:
        options.append(card.rank == JOKER_RANK)
    return z3.Or(options) if options else z3.BoolVal(False)


def is_joker(card: CardTerm) -> Any:
    return card.rank == JOKER_RANK


def card_from_model(model: Any, card: CardTerm) -> Card:
    """The card a Z3 model gives ``card``."""
    rank = model.eval(card.rank, model_completion=True).as_long()
    suit = model.eval(card.suit, model_completion=True).as_long()
    if rank == JOKER_RANK:
        return Card(None)
    return Card(RANKS[rank], SUITS[suit])


def equals_card(term: CardTerm, card: Card) -> Any:
    import z3

    known = card_constant(card)
    return z3.And(term.rank == known.rank, term.suit == known.suit)


def one_of(term: CardTerm, cards: Iterable[Card]) -> Any:
    import z3

    return z3.Or([equals_card(term, card) for card in cards])
