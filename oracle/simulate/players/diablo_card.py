"""The Diablo strategy card as the ``diablo-draw`` chart prints it (docs/charts.md: "The
strategy card"): its lines in order, each with the hold patterns it stands for. A simple
player follows it as a person at the table would: hold the first line the five cards fit,
with the card's tie-break. Copied from the chart computed over all 2,598,960 hands; a test
checks that it is the card the chart prints."""

from __future__ import annotations

ACCURACY = 0.8908070920675962  # the share of hands the card gives the best hold
MEAN_LOSS = 0.0009770207066724134  # the equity it loses a hand on average, in pots

# (the line as printed, the patterns it stands for)
LINES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ('four deuces', ('four deuces',)),
    ('stand pat: five of a kind with three deuces', ('stand pat: five of a kind with three deuces',)),
    ('stand pat: a royal flush with three deuces', ('stand pat: a royal flush with three deuces',)),
    ('three deuces and a card, Ace high', ('three deuces and a card, Ace high',)),
    ('stand pat: five of a kind with two deuces', ('stand pat: five of a kind with two deuces',)),
    ('stand pat: a royal flush with two deuces', ('stand pat: a royal flush with two deuces',)),
    ('stand pat: a straight flush with three deuces', ('stand pat: a straight flush with three deuces',)),
    ('stand pat: five of a kind with a deuce', ('stand pat: five of a kind with a deuce',)),
    ('stand pat: a royal flush with a deuce', ('stand pat: a royal flush with a deuce',)),
    ('stand pat: a straight flush with two deuces', ('stand pat: a straight flush with two deuces',)),
    ('four of a kind with three deuces', ('four of a kind with three deuces',)),
    ('stand pat: a royal flush', ('stand pat: a royal flush',)),
    ('stand pat: a straight flush with a deuce', ('stand pat: a straight flush with a deuce',)),
    ('stand pat: a straight flush', ('stand pat: a straight flush',)),
    ('four of a kind with two deuces', ('four of a kind with two deuces',)),
    ('four of a kind with a deuce', ('four of a kind with a deuce',)),
    ('stand pat: a flush with two deuces', ('stand pat: a flush with two deuces',)),
    ('four of a kind', ('four of a kind',)),
    ('stand pat: a full house with a deuce', ('stand pat: a full house with a deuce',)),
    ('stand pat: a flush with a deuce', ('stand pat: a flush with a deuce',)),
    ('stand pat: a straight with two deuces', ('stand pat: a straight with two deuces',)),
    ('four to a straight flush with two deuces, a high card', (
        'four to a straight flush with two deuces, a high card',
    )),
    ('four to a royal with two deuces', ('four to a royal with two deuces',)),
    ('stand pat: a full house', ('stand pat: a full house',)),
    ('three to a royal with two deuces', ('three to a royal with two deuces',)),
    ('four to a straight flush with two deuces, no high cards', (
        'four to a straight flush with two deuces, no high cards',
    )),
    ('two deuces and a card, 7 or 8 high', ('two deuces and a card, 7 high', 'two deuces and a card, 8 high')),
    ('three to a straight flush with two deuces, no high cards', (
        'three to a straight flush with two deuces, no high cards',
    )),
    ('stand pat: a flush', ('stand pat: a flush',)),
    ('stand pat: a straight with a deuce', ('stand pat: a straight with a deuce',)),
    ('stand pat: a straight', ('stand pat: a straight',)),
    ('three of a kind with a deuce', ('three of a kind with a deuce',)),
    ('four to a straight with a deuce, three high cards', ('four to a straight with a deuce, three high cards',)),
    ('four to a straight flush with a deuce, a high card', ('four to a straight flush with a deuce, a high card',)),
    ('three of a kind', ('three of a kind',)),
    ('four to a royal with a deuce', ('four to a royal with a deuce',)),
    ('a deuce and two unpaired cards, Ace high', ('a deuce and two unpaired cards, Ace high',)),
    ('four to a straight flush with a deuce, two high cards', (
        'four to a straight flush with a deuce, two high cards',
    )),
    ('four to a straight flush with a deuce, no high cards', (
        'four to a straight flush with a deuce, no high cards',
    )),
    ('a deuce and two unpaired cards, King high', ('a deuce and two unpaired cards, King high',)),
    ('three to a royal with a deuce', ('three to a royal with a deuce',)),
    ('a deuce and two unpaired cards, Queen, Jack, Ten, 9 or 8 high', (
        'a deuce and two unpaired cards, Queen high',
        'a deuce and two unpaired cards, Jack high',
        'a deuce and two unpaired cards, Ten high',
        'a deuce and two unpaired cards, 9 high',
        'a deuce and two unpaired cards, 8 high',
    )),
    ('two pair', ('two pair',)),
    ('a pair and a kicker', ('a pair and a kicker',)),
    ('four to a straight flush, two high cards', ('four to a straight flush, two high cards',)),
    ('four to a straight flush, three high cards', ('four to a straight flush, three high cards',)),
    ('four to an open straight, four high cards', ('four to an open straight, four high cards',)),
    ('four to a royal', ('four to a royal',)),
    ('three to a royal', ('three to a royal',)),
    ('four to an open straight, three high cards', ('four to an open straight, three high cards',)),
    ('three to a straight, three high cards', ('three to a straight, three high cards',)),
    ('three to a straight flush, two high cards', ('three to a straight flush, two high cards',)),
    ('four to a flush, two high cards', ('four to a flush, two high cards',)),
    ('four to a straight flush, a high card', ('four to a straight flush, a high card',)),
    ('four to an open straight, two high cards', ('four to an open straight, two high cards',)),
    ('three to a straight, two high cards', ('three to a straight, two high cards',)),
    ('three to a flush, two high cards', ('three to a flush, two high cards',)),
    ('four to a straight flush, no high cards', ('four to a straight flush, no high cards',)),
    ('three unpaired cards, Ace high', ('three unpaired cards, Ace high',)),
    ('three to a straight flush, a high card', ('three to a straight flush, a high card',)),
    ('four to an open straight, a high card', ('four to an open straight, a high card',)),
    ('four to a flush, a high card', ('four to a flush, a high card',)),
    ('three to a flush, a high card', ('three to a flush, a high card',)),
    ('three unpaired cards, King high', ('three unpaired cards, King high',)),
    ('four to a flush, no high cards', ('four to a flush, no high cards',)),
    ('three to a straight flush, no high cards', ('three to a straight flush, no high cards',)),
    ('three unpaired cards, Queen high', ('three unpaired cards, Queen high',)),
    ('three to a straight, a high card', ('three to a straight, a high card',)),
    ('three to a straight, no high cards', ('three to a straight, no high cards',)),
)
