"""The exceptions of the Diablo strategy card as the ``diablo-draw`` chart prints them (its lines
are in ``diablo_card``): per line, by its number on the card, the exceptions in the order a
player reads them, each (its condition, the line held instead when it holds). Copied from the
chart computed over all 2,598,960 hands; a test checks that they are the card's.

A condition names what the line would keep and throw ("throw>=13": it would throw a King or
higher; "low<=9": the lowest card it keeps is a 9 or lower), two joined by "&", or "fits:"
and another line the hand also fits; ``oracle.charts.card_exceptions`` reads them.
"""

from __future__ import annotations

EXCEPTIONS: dict[int, tuple[tuple[str, str], ...]] = {
    4: (
        ('also', 'stand pat: a royal flush with three deuces'),
        ('also', 'stand pat: five of a kind with three deuces'),
        ('throw<14', 'stand pat: a straight flush with three deuces'),
        ('throw>=10', 'four of a kind with three deuces'),
    ),
    7: (
        ('also', 'stand pat: five of a kind with two deuces'),
    ),
    10: (
        ('also', 'two deuces and two unpaired cards, two of them Queen or higher'),
    ),
    14: (
        ('fits:three to a straight flush with a deuce, no gap&low<=5',
         'four to a straight flush with two deuces, 8 high'),
        ('fits:three to a straight flush with a deuce, no gap&low<=5',
         'four to a straight flush with two deuces, 7 high'),
        ('low<=4', 'three to a royal with two deuces'),
    ),
    15: (
        ('fits:three to a straight with a deuce, no gap', 'four to a straight flush with two deuces, a high card'),
        ('also', 'stand pat: a royal flush with two deuces'),
    ),
    18: (
        ('fits:three to a straight with a deuce, 9 high&low<=12', 'three to a straight flush with two deuces, 7 high'),
        ('fits:three to a straight flush with two deuces, 7 high&low<=12',
         'four to a straight flush with two deuces, a high card'),
        ('fits:three to a straight with a deuce, no gap&low<=12', 'two deuces and two unpaired cards, 8 high'),
        ('fits:three to a straight flush with two deuces, 8 high&low<=13',
         'four to a straight flush with two deuces, a high card'),
        ('fits:three to a straight flush with a deuce, no high cards, three gaps',
         'three to a royal with two deuces, Queen high'),
        ('fits:three to a straight flush with a deuce, no gap&low<=12',
         'four to a straight flush with two deuces, 5 high'),
        ('fits:three to a straight flush with a deuce, two gaps&throw<7', 'three to a royal with two deuces'),
        ('throw>=11&a-kept-suit', 'two deuces and two unpaired cards, Ace high'),
        ('throw>=9&a-kept-suit', 'two deuces and two unpaired cards, Queen high'),
        ('fits:three to a straight flush with a deuce, no high cards, three gaps&low<=12',
         'three to a straight flush with two deuces, no high cards'),
        ('fits:three to a straight with a deuce, no gap&low<=12', 'two deuces and two unpaired cards, 7 high'),
        ('throw>=6&low<=12', 'four to a straight flush with two deuces, no high cards'),
        ('fits:three to a straight with a deuce, a high card&low<=11',
         'three to a straight flush with two deuces, 7 high'),
        ('throw>=10&low<=13', 'three of a kind and a kicker with two deuces'),
        ('fits:three to a straight with a deuce, a high card&low<=11',
         'three to a straight flush with two deuces, 8 high'),
        ('low<=13', 'four to a straight flush with two deuces, a high card'),
        ('low<=13&near2', 'three of a kind and a kicker with two deuces'),
    ),
    19: (
        ('fits:three to a straight with a deuce, 6 high', 'four to a straight flush with two deuces, no high cards'),
        ('fits:a deuce and two unpaired cards, 7 high', 'two deuces and two unpaired cards, 8 high'),
        ('fits:three to a straight with a deuce, one gap', 'three to a straight flush with two deuces, 7 high'),
        ('throw>=7', 'two deuces and two unpaired cards, 9 high'),
    ),
    24: (
        ('fits:three to a straight with a deuce, two high cards, three gaps&throw>=8',
         'four to a flush with a deuce, Ace high'),
        ('fits:three to a straight with a deuce, Jack high&throw>=8', 'four to a flush with a deuce, two high cards'),
        ('fits:three to a straight with a deuce, two high cards, no gap&low<=10',
         'a deuce and three unpaired cards, two of them Queen or higher'),
        ('fits:three to a straight with a deuce, two high cards, two gaps', 'three to a royal with a deuce, Ace high'),
        ('fits:three to a straight with a deuce, two high cards, three gaps',
         'three to a royal with a deuce, Ace high'),
    ),
    25: (
        ('also', 'a deuce and two unpaired cards, two of them Queen or higher'),
    ),
    28: (
        ('fits:three to a straight flush, no gap&throw>=6', 'four to a straight flush with a deuce, no high cards'),
        ('low<=9', 'four to a flush with a deuce, Ace high'),
        ('no-kept-suit', 'three to a flush with a deuce, Ace high'),
        ('fits:three unpaired cards, 8 high&throw>=6', 'three to a straight with a deuce, a high card, three gaps'),
        ('fits:three to a straight with a deuce, a high card, one gap&low<=6',
         'three to a straight with a deuce, a high card, two gaps'),
        ('fits:three to a straight flush with a deuce, no high cards&near1', 'four to a flush with a deuce, Ace high'),
        ('fits:four to an open straight with a deuce, no high cards&throw>=7', 'three to a flush with a deuce'),
        ('low<=9', 'four to a flush with a deuce, Ace high'),
        ('fits:three to a straight with a deuce, Ace high&low<=9', 'three to a flush with a deuce, Ace high'),
        ('fits:three to a straight flush with a deuce, no high cards&low<=7',
         'three to a straight with a deuce, a high card, three gaps'),
        ('low<=9', 'four to a flush with a deuce, Ace high'),
        ('low<=9', 'three to a straight flush with a deuce, a high card'),
    ),
    29: (
        ('low<=6', 'three to a straight with a deuce, two high cards, two gaps'),
    ),
    34: (
        ('fits:three to a straight, no gap&throw>=5', 'four to an open straight with a deuce, no high cards'),
        ('fits:three to a straight flush with a deuce, 7 high&low<=4',
         'three to a straight flush with a deuce, 8 high'),
        ('fits:three to a straight flush with a deuce, 6 high&low<=3',
         'three to a straight flush with a deuce, 7 high'),
        ('fits:three to a straight flush, two gaps', 'a deuce and two unpaired cards, King high'),
    ),
    35: (
        ('low<=10', 'three to a straight flush with a deuce, King high'),
        ('fits:three to a straight, no gap&throw>=6', 'four to an open straight with a deuce, no high cards'),
        ('low<=8', 'four to a flush with a deuce, a high card'),
        ('low<=8', 'three to a flush with a deuce, King high'),
    ),
    36: (
        ('fits:three to a straight flush with a deuce, 7 high&low<=4',
         'three to a straight flush with a deuce, one gap'),
        ('fits:a deuce and two unpaired cards, 5 high', 'three to a flush with a deuce, Queen high'),
        ('fits:a deuce and two unpaired cards, 5 high', 'three to a straight flush with a deuce, a high card'),
        ('fits:three to a straight, two gaps&throw<13', 'a deuce and two unpaired cards, 9 high'),
        ('fits:three to a straight, one gap&throw<13', 'a deuce and two unpaired cards, 7 high'),
    ),
    37: (
        ('throw>=9', 'four to an open straight with a deuce, two high cards'),
    ),
    38: (
        ('fits:three to a straight with a deuce, 8 high&throw<6', 'three to a straight flush with a deuce, one gap'),
        ('also', 'three to a straight flush with a deuce, no high cards, no gap'),
        ('fits:three to a straight, a high card, one gap', 'three to a straight flush with a deuce, a high card'),
        ('fits:three to a straight, one gap', 'three to a straight with a deuce, two high cards'),
    ),
    39: (
        ('fits:three to a straight, two high cards&low<=10', 'three to a straight flush with a deuce, no gap'),
    ),
    40: (
        ('fits:three to a straight, one gap&no-kept-suit', 'three to a straight flush with a deuce, a high card'),
        ('fits:three to a straight flush with a deuce, no gap&throw<6',
         'three to a straight flush with a deuce, 6 high'),
        ('throw<7', 'three to a straight flush with a deuce, a high card'),
        ('fits:three to a straight flush with a deuce, one gap&low<=8',
         'three to a straight flush with a deuce, 7 high'),
        ('fits:three to a straight with a deuce, 6 high&throw>=6', 'three to a straight flush with a deuce, one gap'),
        ('fits:three to a straight, no gap&throw>=6', 'four to an open straight with a deuce, no high cards'),
        ('fits:three to a straight with a deuce, no gap&throw<13',
         'three to a straight flush with a deuce, a high card, three gaps'),
        ('fits:three to a straight with a deuce, 7 high&near1', 'three to a straight with a deuce, no gap'),
        ('throw<6&low<=7', 'three to a flush with a deuce'),
        ('fits:three to a straight, no gap&throw>=6', 'four to an open straight with a deuce, no high cards'),
        ('throw>=5&near2', 'three to a straight flush with a deuce, no gap'),
    ),
    41: (
        ('fits:three to a straight with a deuce, three gaps&throw<4',
         'three to a straight flush with a deuce, one gap'),
        ('fits:three to a straight with a deuce, no high cards, two gaps&low<=7',
         'three to a straight flush with a deuce, one gap'),
        ('low<=7', 'three to a straight flush with a deuce, no gap'),
        ('fits:three to a straight with a deuce, a high card, two gaps',
         'three to a straight flush with a deuce, a high card'),
        ('low<=7', 'three to a straight with a deuce, no gap'),
    ),
    42: (
        ('near2', 'three to a straight flush with a deuce, no gap'),
        ('fits:three to a straight, one gap', 'a deuce and two unpaired cards, 7 high'),
        ('fits:three to a straight with a deuce, a high card, three gaps&a-kept-suit',
         'three to a straight flush with a deuce, one gap'),
    ),
    43: (
        ('fits:three to a straight, no gap', 'four to an open straight with a deuce, no high cards'),
        ('throw>=5&low<=7', 'three to a straight with a deuce, no gap'),
    ),
    45: (
        ('fits:a deuce and two unpaired cards, 5 high&kept-suit', 'a deuce and two unpaired cards, 6 high'),
        ('throw>=6', 'a deuce and two unpaired cards, 7 high'),
    ),
    46: (
        ('fits:three to a straight with a deuce, 6 high&throw<4', 'three to a straight flush with a deuce, one gap'),
        ('fits:three to a straight with a deuce, one gap&low<=6', 'a deuce and two unpaired cards, 7 high'),
        ('low<=6', 'a deuce and two unpaired cards, 9 high'),
    ),
    47: (
        ('fits:three to a straight flush with a deuce, 7 high', 'three to a straight flush with a deuce, one gap'),
        ('fits:three to a straight with a deuce, three gaps&throw<5', 'a deuce and two unpaired cards, 5 high'),
        ('fits:three to a straight with a deuce, three gaps&low<=6',
         'three to a straight flush with a deuce, no high cards'),
        ('fits:three to a straight with a deuce, 9 high&near1', 'three to a straight with a deuce, no gap'),
    ),
    48: (
        ('fits:three to a straight with a deuce, 5 high&throw<7',
         'three to a straight flush with a deuce, no high cards'),
        ('fits:three to a straight, a high card&low<=5', 'three to a straight with a deuce, no gap'),
        ('fits:three to a straight, no gap', 'four to an open straight with a deuce, 8 high'),
        ('throw>=6&low<=5', 'a pair and a kicker with a deuce'),
    ),
    49: (
        ('fits:three to a straight, two gaps&low<=5', 'three to a straight with a deuce, no gap'),
        ('low<=5', 'three to a straight flush with a deuce, no gap'),
        ('low<=5', 'a pair and a kicker with a deuce'),
    ),
    50: (
        ('fits:three to a straight with a deuce, a high card&throw<5',
         'three to a straight flush with a deuce, two gaps'),
        ('fits:three to a straight with a deuce, 4 high', 'three to a straight flush with a deuce, no gap'),
        ('throw>=5&throw<7', 'a deuce and two unpaired cards, 7 high'),
        ('fits:three to a straight with a deuce, a high card, three gaps&throw>=5',
         'three to a straight with a deuce, no high cards'),
    ),
    51: (
        ('near1', 'three to a straight flush with a deuce, 5 high'),
        ('no-kept-suit', 'three to a straight flush with a deuce, no high cards'),
        ('fits:three to a straight with a deuce, one gap&low<=4', 'three to a flush with a deuce, Jack high'),
        ('low<=4', 'three to a straight with a deuce, a high card'),
    ),
    52: (
        ('also', 'a deuce and two unpaired cards, 5 high'),
    ),
    53: (
        ('also', 'three to a flush with a deuce, Jack high'),
    ),
    55: (
        ('throw>=12&low<=4', 'three to a royal, Ace high'),
        ('throw>=13&low<=4', 'three to a straight, no gap'),
        ('fits:four to an inside straight, Jack high&throw<9', 'a pair and a kicker below the pair'),
        ('fits:four to an open straight, Queen high', 'a pair and a kicker below the pair'),
        ('fits:four to an open straight, two high cards&throw<13', 'a pair and a kicker below the pair'),
        ('fits:four to an inside straight, four high cards', 'a pair and a kicker'),
        ('fits:three to a straight, a high card, one gap&low<=3', 'a pair and a kicker above the pair'),
        ('throw>=13&low<=3', 'three to a straight, three high cards'),
        ('fits:three to a straight, two high cards, one gap&throw<9', 'a pair and a kicker below the pair'),
        ('throw>=10&low<=10', 'a pair and a kicker'),
        ('fits:three to a straight, two high cards, no gap&throw<10', 'a pair and a kicker below the pair'),
        ('fits:three to a straight, three high cards, no gap&throw<12', 'a pair and a kicker below the pair'),
    ),
    59: (
        ('also', 'three to a royal, King high'),
    ),
    61: (
        ('fits:three to a flush, Ten high', 'three unpaired cards, two of them Queen or higher'),
        ('throw>=12&throw<13', 'four to a flush, three high cards'),
        ('throw<13&low<=5', 'three to a royal'),
        ('throw>=12&near1', 'three unpaired cards, Ace high'),
    ),
    62: (
        ('throw>=13&low<=10', 'three unpaired cards, Ace high'),
    ),
    63: (
        ('fits:three to a straight, a high card&throw>=6', 'four to a flush, two high cards'),
        ('fits:four to a flush, a high card', 'three to a straight, King high'),
        ('fits:three unpaired cards, Queen high&low<=9', 'four to a flush, King high'),
        ('low<=9', 'three to a flush, two high cards'),
    ),
    64: (
        ('throw>=6', 'four to a flush, two high cards'),
    ),
    65: (
        ('throw<7&no-kept-suit', 'three to a straight flush, two high cards'),
        ('also', 'three to a royal'),
    ),
    66: (
        ('fits:three to a flush, two high cards&throw>=8', 'three to a flush, Ace high'),
    ),
    67: (
        ('near1', 'three to a straight flush, a high card'),
        ('throw>=11&low<=3', 'three unpaired cards, Ace high'),
    ),
    72: (
        ('throw>=11&low<=5', 'three to a straight, one gap'),
        ('throw<8&low<=4', 'three to a straight flush, Queen high'),
    ),
    73: (
        ('also', 'three to a straight flush, no gap'),
    ),
    76: (
        ('fits:three to a straight, a high card, no gap', 'three to a flush, King high'),
        ('also', 'three to a straight flush, a high card, no gap'),
        ('also', 'three to a flush, two high cards'),
    ),
    77: (
        ('low<=4&no-kept-suit', 'four to an open straight, 7 high'),
        ('throw<13&low<=4', 'four to a flush, no high cards'),
        ('throw<13&low<=4', 'four to a flush, a high card'),
        ('low<=4', 'three unpaired cards, King high'),
    ),
    80: (
        ('fits:three to a straight, two gaps', 'four to a flush, Jack high'),
        ('low<=8', 'three to a straight flush, Jack high'),
    ),
    82: (
        ('fits:three to a straight flush, one gap&low<=7', 'three to a straight flush, 8 high'),
        ('fits:three to a straight flush, one gap&throw>=6', 'three to a straight flush, 9 high'),
        ('also', 'four to an open straight, 9 high'),
    ),
    83: (
        ('also', 'three to a straight, Queen high'),
    ),
    90: (
        ('low<=3&high2', 'three unpaired cards, Queen high'),
        ('fits:three unpaired cards, 7 high&low<=3', 'three to a straight, no gap'),
        ('low<=4', 'four to a flush, no high cards'),
    ),
    91: (
        ('fits:four to an inside straight, a high card', 'three to a flush, a high card'),
        ('throw<7', 'three to a straight, no gap'),
    ),
    94: (
        ('fits:three to a straight, 7 high', 'three to a straight flush, 9 high'),
        ('fits:three to a straight, no high cards, one gap', 'three unpaired cards, Jack high'),
        ('fits:three unpaired cards, 8 high', 'three to a straight, no gap'),
    ),
    95: (
        ('also', 'four to a flush, no high cards'),
        ('high2', 'no pair, three cards'),
        ('fits:three unpaired cards, 7 high&throw>=9', 'three to a straight flush, 9 high'),
        ('fits:three unpaired cards, 9 high&throw>=11', 'three to a straight, a high card'),
        ('fits:three unpaired cards, 5 high', 'three to a straight flush, two gaps'),
        ('fits:three unpaired cards, 7 high&throw>=7', 'three to a straight, no gap'),
    ),
    96: (
        ('fits:three to a flush, 8 high&throw>=5', 'three to a straight, 8 high'),
        ('fits:three to a straight, one gap', 'three to a straight, Queen high'),
        ('fits:four to an inside straight, 9 high&throw<13', 'three to a straight, no gap'),
        ('throw>=5&low<=6', 'three unpaired cards, 7 high'),
        ('throw>=6&low<=7', 'three unpaired cards, 9 high'),
        ('fits:three to a straight, two gaps&throw>=6', 'three to a straight, no gap'),
    ),
    97: (
        ('fits:three to a straight, Jack high&low<=4', 'three to a straight, no gap'),
        ('fits:three to a straight, a high card&low<=3', 'three to a straight, no gap'),
        ('throw>=9&low<=3', 'three to a straight, a high card'),
    ),
    98: (
        ('throw>=5', 'three unpaired cards, 7 high'),
    ),
    99: (
        ('low<=6', 'three to a flush, no high cards'),
        ('low<=5', 'three unpaired cards, 6 high'),
        ('throw>=5&low<=6', 'three unpaired cards, 8 high'),
        ('fits:four to an inside straight, no high cards&low<=6', 'three to a straight, no high cards'),
        ('throw>=5', 'three to a straight, no gap'),
    ),
    100: (
        ('low<=5', 'three to a flush, 9 high'),
        ('fits:three unpaired cards, 9 high&low<=5', 'three unpaired cards, 6 high'),
        ('low<=3', 'no pair, three cards'),
        ('low<=5', 'three to a flush, 9 high'),
        ('fits:three unpaired cards, 9 high&near1', 'three unpaired cards, 7 high'),
    ),
}
