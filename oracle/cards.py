"""Playing cards and their notation.

A card is ``Card.parse("9h")``; ``str(card)`` gives ``"9h"`` back. Ranks are ``2``-``9``,
``T`` (or ``10``), ``J``, ``Q``, ``K``, ``A``; suits ``s h d c`` in any case or ``♠ ♥ ♦ ♣``.
The suit may be left out (``9``: a nine of unknown suit), and the Joker is ``Jk``.

Every card also carries ``code``, a 32-bit integer laid out for the evaluator (see
``oracle.eval.tables``): the rank's prime in bits 0-5, the rank index in bits 8-11, the suit
bit in 12-15 (none for a suitless card or the Joker) and the rank bit in 16-28.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Sequence

from oracle.errors import CardParseError, InvalidHandError
from oracle.text import quote


class Rank(str, Enum):
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def number(self) -> int:
        """2 for a deuce up to 14 for an Ace: the number used in tie-breaks."""
        return _RANK_VALUE[self]

    @property
    def word(self) -> str:
        return _RANK_WORDS[self][0]

    @property
    def plural(self) -> str:
        return _RANK_WORDS[self][1]

    def __str__(self) -> str:
        return self.value


class Suit(str, Enum):
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.value


RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
_RANK_VALUE = {rank: index + 2 for index, rank in enumerate(RANKS)}
RANK_BY_VALUE = {value: rank for rank, value in _RANK_VALUE.items()}
RANK_BY_VALUE[1] = Rank.ACE  # the Ace played low in 5-4-3-2-A
_RANK_WORDS = {
    Rank.TWO: ("Two", "Twos"),
    Rank.THREE: ("Three", "Threes"),
    Rank.FOUR: ("Four", "Fours"),
    Rank.FIVE: ("Five", "Fives"),
    Rank.SIX: ("Six", "Sixes"),
    Rank.SEVEN: ("Seven", "Sevens"),
    Rank.EIGHT: ("Eight", "Eights"),
    Rank.NINE: ("Nine", "Nines"),
    Rank.TEN: ("Ten", "Tens"),
    Rank.JACK: ("Jack", "Jacks"),
    Rank.QUEEN: ("Queen", "Queens"),
    Rank.KING: ("King", "Kings"),
    Rank.ACE: ("Ace", "Aces"),
}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_FROM_TEXT = {s.value: s for s in SUITS} | {s.value.upper(): s for s in SUITS}
_SUIT_FROM_TEXT |= {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}
_SUIT_FROM_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_RANK_FROM_TEXT = {r.value: r for r in RANKS} | {r.value.lower(): r for r in RANKS} | {"10": Rank.TEN}
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_SUIT_BIT = {Suit.SPADES: 0x1000, Suit.HEARTS: 0x2000, Suit.DIAMONDS: 0x4000, Suit.CLUBS: 0x8000}


def _code(rank: Rank, suit: Suit | None) -> int:
    index = RANKS.index(rank)
    code = PRIMES[index] | (index << 8) | (1 << (16 + index))
    return code | _SUIT_BIT[suit] if suit is not None else code


# Every card's code, worked out once: a long card line makes a card a character.
_CODES = {(rank, suit): _code(rank, suit) for rank in RANKS for suit in (*SUITS, None)} | {(None, None): 0}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, the Joker, or a card whose suit was left out.

    ``rank`` is ``None`` only for the Joker. ``suit`` is ``None`` for the Joker and for
    suitless cards, which never make a flush."""

    rank: Rank | None
    suit: Suit | None = None
    code: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        code = _CODES.get((self.rank, self.suit))
        if code is None:
            if self.rank is None:
                raise CardParseError("the Joker has no suit")
            code = _code(self.rank, self.suit)  # raises for what is not a rank or a suit
        object.__setattr__(self, "code", code)

    @classmethod
    def parse(cls, text: str) -> "Card":
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardParseError(f"expected one card, got {len(cards)} in {quote(text)}")
        return cards[0]

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def value(self) -> int:
        """2-14 (Ace high); 0 for the Joker."""
        return 0 if self.rank is None else self.rank.number

    def __str__(self) -> str:
        if self.rank is None:
            return "Jk"
        return self.rank.value + (self.suit.value if self.suit else "")

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def pretty(self) -> str:
        """The card with a suit symbol: ``9♥``."""
        if self.rank is None:
            return "Jk"
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return rank + (self.suit.symbol if self.suit else "")


JOKER = Card(None)

# Tokens are separated by whitespace or commas; inside a token cards may run together.
_SEPARATORS = re.compile(r"[\s,]+")


def parse_cards(text: str) -> list[Card]:
    """Read cards written as ``"9h 9c 2s 2d Kh"``, ``"9,9,2,2,K"`` or ``"AsKd"``.

    Inside a run-together token the Joker must be written ``Jk`` or ``Joker``; ``JK`` there
    reads as a Jack and a King. A token that is ``Jk`` in any case is the Joker.
    Raises ``CardParseError`` naming the first bad token and its position (1-based
    character offset in ``text``); a long token or line is quoted by its start and length.
    Time is linear in the length of ``text``."""
    if not isinstance(text, str):
        raise CardParseError(f"expected cards as text, got {type(text).__name__}")
    cards: list[Card] = []
    for match in re.finditer(r"[^\s,]+", text):
        cards.extend(_parse_token(match.group(), match.start(), text))
    return cards


def _parse_token(token: str, start: int, text: str) -> list[Card]:
    if token.lower() in ("jk", "joker"):
        return [JOKER]
    # Read the token at index i, never copy its rest: a copy a card is quadratic.
    cards: list[Card] = []
    size = len(token)
    i = 0
    while i < size:
        if token[i:i + 5].lower() == "joker":
            cards.append(JOKER)
            i += 5
            continue
        if token.startswith("Jk", i) and not (i + 2 < size and token[i + 2] in _SUIT_FROM_TEXT):
            cards.append(JOKER)
            i += 2
            continue
        if token.startswith("10", i):
            rank, i = Rank.TEN, i + 2
        elif token[i] in _RANK_FROM_TEXT:
            rank, i = _RANK_FROM_TEXT[token[i]], i + 1
        else:
            bad = _bad_piece(token, i)
            raise CardParseError(f"unknown card {quote(bad)} at position {start + i + 1} in {quote(text)}" + _hint(bad))
        suit = None
        if i < size and token[i] in _SUIT_FROM_TEXT:
            suit = _SUIT_FROM_TEXT[token[i]]
            i += 1
        cards.append(Card(rank, suit))
    return cards


def _bad_piece(token: str, i: int) -> str:
    # Quote the whole token when the fault is at its start, else the card being read.
    return token if i == 0 else token[i - 1:]


def _hint(bad: str) -> str:
    if bad[:1] in ("1",) and not bad.startswith("10"):
        return " (ranks are 2-9, T or 10, J, Q, K, A)"
    if len(bad) >= 2 and bad[0] in _RANK_FROM_TEXT:
        return f" (suits are s h d c or ♠ ♥ ♦ ♣, not {bad[1]!r})"
    return " (ranks are 2-9, T or 10, J, Q, K, A; suits s h d c; the Joker is Jk)"


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    return " ".join(card.pretty() if pretty else str(card) for card in cards)


def full_deck(jokers: int = 0) -> list[Card]:
    """The 52 cards in rank-major order, then ``jokers`` Jokers."""
    return [Card(rank, suit) for rank in RANKS for suit in SUITS] + [JOKER] * jokers


def check_cards(
    cards: Sequence[Card],
    *,
    jokers_allowed: int = 0,
    minimum: int | None = None,
    maximum: int | None = None,
    what: str = "hand",
) -> None:
    """Raise ``InvalidHandError`` unless ``cards`` could be held together from one deck
    with ``jokers_allowed`` Jokers, and number between ``minimum`` and ``maximum``."""
    seen: set[Card] = set()
    per_rank: dict[Rank, int] = {}
    jokers = 0
    for card in cards:
        if card.rank is None:
            jokers += 1
            if jokers > jokers_allowed:
                if jokers_allowed == 0:
                    raise InvalidHandError(f"the Joker is not in this game's deck ({what})")
                raise InvalidHandError(f"the deck has only {jokers_allowed} Joker ({what})")
            continue
        if card.suit is not None:
            if card in seen:
                raise InvalidHandError(f"the same card {str(card)!r} appears twice ({what})")
            seen.add(card)
        per_rank[card.rank] = per_rank.get(card.rank, 0) + 1
        if per_rank[card.rank] > 4:
            raise InvalidHandError(
                f"more than four cards of rank {card.rank.value!r} ({what}): a deck has four"
            )
    if minimum is not None and len(cards) < minimum:
        raise InvalidHandError(f"too few cards ({what}): at least {minimum} needed, got {len(cards)}")
    if maximum is not None and len(cards) > maximum:
        raise InvalidHandError(f"too many cards ({what}): at most {maximum} allowed, got {len(cards)}")
