"""Hell of a Deal showdown outcomes as ``oracle find`` states them to Z3 (``find.hod_outcomes``):
what an outcome implies of the hands' categories and first tie-breaks must hold of every
showdown the engine settles, so that no filling the engines accept is pruned. Checked on
deals from a short deck (five values), where pushes, ties and the default hand's listed
cards come up often."""

from __future__ import annotations

import random

import pytest
import z3

from oracle.budget import Budget
from oracle.cards import SUITS, Card
from oracle.eval.strength import category_slug, decode
from oracle.find.hod_outcomes import at_least, outcome_implied
from oracle.find.search import verify_documents
from oracle.scenario_yaml import LineMap
from oracle.solve.smt.categories import ORDER

SHORT_DECK = [f"{rank}{suit}" for rank in ("8", "9", "T", "J", "Q") for suit in SUITS]

# (name, the Boss and his table, the Boss's hole cards)
TABLES = [
    ("default-pair-of-nines", "boss: Dedly Aloor\n  bosses: {Dedly Aloor: {default_hand: '9 9'}}", 2, "default"),
    ("three-card-boss", "boss: Nick Hauss\n  bosses: {Nick Hauss: {default_hand: 'Q Q J J'}}", 3, "default"),
    ("boss-prefers-his-cards-on-a-tie", "boss: Miss Fortune\n  bosses: {Miss Fortune: {default_hand: 'T T'}}", 2,
     "cards"),
]


def head(strength: int) -> tuple:
    """A strength's category place and first tie-break, as the search's terms give them."""
    return z3.IntVal(ORDER.index(category_slug(strength))), z3.IntVal(decode(strength)[1][0] - 2)


def showdown(boss: str, prefers: str, cards: list[str], hole: int) -> dict:
    board, boss_hole, anna, ben = cards[:5], cards[5:5 + hole], cards[5 + hole:8 + hole], cards[8 + hole:]
    data = {"game": "hell-of-a-deal", "name": "s", "rules": {"boss_tie_prefers": prefers},
            "position": {"boss_deck": [], "phase": "showdown", "souls": 3, "board": " ".join(board),
                         "boss_hole": " ".join(boss_hole),
                         "players": [{"name": "Anna", "hand": " ".join(anna), "bets": ["Earn a Soul"]},
                                     {"name": "Ben", "hand": " ".join(ben), "bets": ["Earn a Soul"]}]},
            "questions": [{"id": "s", "ask": "showdown"}]}
    import yaml

    data["position"].update(yaml.safe_load(boss.replace("\n  ", "\n")))
    answers: dict = {}
    assert verify_documents([(data, LineMap("t.yaml"))], Budget(60), answers) is None
    return answers["s"]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t[0])
def test_what_a_showdown_outcome_implies_holds_of_the_engines_showdowns(table):
    """Hell of a Deal: Compare Hands: "Players with weaker hands lose ... Players with stronger
    hands win ... If still tied, the result is a Push"; against the default minimum hand "they
    have no Kicker cards listed. Ties are therefore considered a Push"."""
    name, boss, hole, prefers = table
    rng = random.Random(name)
    seen = set()
    for _ in range(40):
        answer = showdown(boss, prefers, rng.sample(SHORT_DECK, 11 + hole), hole)
        play = answer["boss"]
        cards = head(play["cards_hand"]["strength"])
        default = head(play["strength"]) if play["uses"] == "default" else None
        if default is None:  # the default hand's own strength: the engine plays the cards
            from oracle.eval import HELL_OF_A_DEAL, strength

            default = head(strength([Card.parse(v) for v in play["default_hand"]], HELL_OF_A_DEAL))
        uses_default = z3.BoolVal(play["uses"] == "default")
        boss_rule = z3.If(uses_default, at_least(default, cards), at_least(cards, default))
        assert z3.is_true(z3.simplify(boss_rule)), play
        for player, result in answer["players"].items():
            implied = outcome_implied([result["outcome"]], head(result["hand"]["strength"]), cards, default,
                                      uses_default)
            assert z3.is_true(z3.simplify(implied)), (player, result["outcome"], result["hand"], play)
            seen.add(result["outcome"])
    assert seen == {"win", "push", "lose"}
