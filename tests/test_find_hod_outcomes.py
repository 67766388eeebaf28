"""Hell of a Deal showdown outcomes as ``oracle find`` states them to Z3 (``find.hod_outcomes``):
what an outcome implies of the hands' categories and first tie-breaks must hold of every
showdown the engine settles, so that no filling the engines accept is pruned. Checked on
deals from a short deck (five values), where pushes, ties and the default hand's listed
cards come up often."""

from __future__ import annotations

import random
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
import z3

from oracle.budget import Budget
from oracle.cards import SUITS, Card
from oracle.eval.strength import category_slug, decode
from oracle.find.hod_outcomes import at_least, outcome_implied
from oracle.find.search import verify_documents
from oracle.scenario_yaml import LineMap
from oracle.solve.smt.categories import ORDER
from test_find_winners import HOD_PUSH

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


# The push test's table, the question's parameters open (The Boatman's tolls paid)
RESTRICTED = HOD_PUSH.replace("ask: showdown", "ask: {ask}").replace("{outcome}", "push").replace("{hand}", "? ? ?")

# (Boss, his toll cards, the question, the cards in the order of the ?: board, the Boss's hole
# cards, his toll card, Anna's hand; which hand the restriction changes): pushes the engine
# settles where it does. "Up Your Sleeve": Anna played it, a third card of hers counts.
PUSHES = [
    ("Eenie Meanie", "", "showdown", "Js Jh Th Tc Qd 9s 9c 9h 9d Qc", "Anna"),
    ("Eenie Meanie", "", "showdown", "Td 9d Qs Ts Tc 9s 9h Qd Qc 9c", "Anna"),
    ("The Boatman", '\n  tolls: "?"', "{kind: showdown, tolls: {Anna: 0}}", "9s 9c Jd 8h Qd Jh Qs 8d Tc Js Qh", "Anna"),
    ("The Boatman", '\n  tolls: "?"', "{kind: showdown, tolls: {Anna: 1}}", "Ts Td 9s 8c Jc Qs Jd 9c 9d Qc Th", "Anna"),
    ("The Boatman", '\n  tolls: "?"', "{kind: showdown, tolls: {Anna: 1}}", "Th Jd Js Tc 8d 8h Qc 9d Qh 9s Qd", "Boss"),
    ("The Boatman", '\n  tolls: "?"', "{kind: showdown, tolls: {Anna: 1}}", "9h 8h Ts 8s Tc Jh 9d Qs Qh Jd Qc", "Boss"),
    ("Up Your Sleeve", "", "showdown", "8s Qd 9d Qs Td 8d Jd Js Ts 9s", "Anna"),  # two Queen-high straight flushes
]


@lru_cache(maxsize=None)
def search_model(text: str):
    from oracle.find.holes import read_search
    from oracle.find.model import build_model

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.search.yaml"
        path.write_text(text, encoding="utf-8")
        model = build_model(read_search(str(path)))
        model.state_later()  # a Boss's restrictions: stated once a search has gone on a while
        return model


def head_of(value: int) -> tuple[int, int]:
    category, digits = decode(value)
    return ORDER.index(category_slug(value)), digits[0]


@pytest.mark.parametrize("deal", PUSHES, ids=lambda d: f"{d[0]}-{d[3].replace(' ', '')}")
@pytest.mark.xdist_group("pushes-under-restrictions")  # one worker builds each table's model once
def test_a_push_under_a_bosss_restriction_is_never_pruned(deal):
    """Eenie Meanie's ban and The Boatman's tolls change Anna's hand before it meets the
    Boss's, Up Your Sleeve lets a third card of hers count, and The Boatman may use his toll
    card (Hell of a Deal: Eenie Meanie; The Boatman; Favors):
    a push the engine settles, where the restriction changes the hands' heads, is a filling
    the search's statement of the push admits."""
    from oracle.cards import RANKS
    from oracle.eval import HELL_OF_A_DEAL
    from oracle.eval.select import Limits, best_selection
    boss, tolls, ask, dealt, changed = deal
    text = RESTRICTED.format(boss="Dedly Aloor" if boss == "Up Your Sleeve" else boss, tolls=tolls, ask=ask)
    if boss == "Up Your Sleeve":
        text = text.replace("bets: [Earn a Soul]}", "bets: [Earn a Soul], played_favors: [Up Your Sleeve]}")
    cards = dealt.split()
    filled = text
    for card in cards:
        filled = filled.replace("?", card, 1)
    data = yaml.safe_load(filled)
    data["questions"][0].pop("expect")
    answers: dict = {}
    assert verify_documents([(data, LineMap("t.yaml"))], Budget(60), answers) is None
    answer = answers["s"]
    assert answer["players"]["Anna"]["outcome"] == "push"
    board, boss_hole, own = [Card.parse(c) for c in cards[:5]], [Card.parse(c) for c in cards[5:7]], cards[-3:]
    if changed == "Anna":  # her best hand with no restriction has another head
        free = best_selection([Card.parse(c) for c in own], board, HELL_OF_A_DEAL, Limits(1, 2)).strength
        assert head_of(free) != head_of(answer["players"]["Anna"]["hand"]["strength"])
    else:  # the Boss's cards without his toll card have another head, and he plays them
        alone = best_selection(boss_hole, board, HELL_OF_A_DEAL, Limits(1, 2)).strength
        assert answer["boss"]["uses"] == "cards" and head_of(alone) != head_of(answer["boss"]["strength"])
    model = search_model(text)
    assert [g.what for g in model.guarded].count("expect") == 1
    keys = [f"?{i}" for i in range(1, len(cards) + 1)]  # numbered in the order they appear
    fixed = [x for key, card in zip(keys, cards) for x in (
        model.cards[key].rank == RANKS.index(Card.parse(card).rank),
        model.cards[key].suit == SUITS.index(Card.parse(card).suit))]
    assert model.solver.check(*model.literals("domain", "expect"), *fixed) == z3.sat
