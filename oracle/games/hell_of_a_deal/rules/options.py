"""Hell of a Deal's declared facts: the game's slug, its rule options (``OPTIONS``, each
documented with its default in the game's page) and the round's fixed numbers (the streets and
how many cards each deals, the board's size at each phase)."""

from __future__ import annotations

from oracle.registry import RuleOption

SLUG = "hell-of-a-deal"
# "Pre-flop ... The Flop: 3 Community cards ... The Turn: A 4th ... The River: The 5th".
STREETS = ("flop", "turn", "river")
STREET_CARDS = {"flop": 3, "turn": 1, "river": 1}
BOARD_SIZE = {"deal": 0, "preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}

OPTIONS = (
    RuleOption("boss_tie_prefers", "default",
               "when the Boss's cards tie his default hand on its listed cards, which he plays",
               choices=("default", "cards")),
    RuleOption("demona_per_heart", False,
               "Demona's ability triggers once per heart dealt, not once per street with a heart"),
    RuleOption("instants_at_showdown", True,
               "the showdown waits for 'reveal hands' while a player still in holds an Instant Favor, "
               "so it can be played there; off, the showdown follows the last bet at once"),
)
