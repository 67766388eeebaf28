"""best-swap against opponents who draw ("Diablo: Playing a hand", 2. The draw): an opponent
whose cards are unknown is dealt five, throws what the diablo-draw chart's best hold throws and
draws as many; when the table saw how many, only hands from which the chart draws that many
count. The sampler (what answers for two opponents who draw, or when the count does not fit
the time; ``exact_limit=0`` asks for it here) is checked against the exact stand-pat count (a
strategy that never draws must agree with it) and against a plain rejection sampler written
here, which deals from a shuffled deck and asks the chart's lookup for each hand. The exact
count for one opponent is checked in tests/test_diablo_drawing_exact.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import oracle
from oracle.cards import format_cards, full_deck, parse_cards
from oracle.errors import ScenarioError
from oracle.charts.store import read_table
from oracle.charts.symmetry import canonical, inverse, rename
from oracle.eval import DIABLO, strength_of_codes
from oracle.solve.exact.draw import Opponent, best_swap
from oracle.solve.exact.draw_opponents import ChartStrategy

CHART = Path(__file__).resolve().parent.parent / "docs" / "charts" / "diablo-draw"
HAND = parse_cards("9h 8c 7d 6s Kh")
SAMPLES = 4000


@pytest.fixture(scope="module")
def strategy():
    return ChartStrategy(CHART)


def by_keep(answer):
    return {row["keep"]: row for row in answer["choices"]}


def within(row, value, sigmas=4.0):
    """``value`` is within ``sigmas`` standard errors of the sampled row's equity."""
    low, high = row["ci95"]["equity"]
    return abs(row["equity"] - value) <= sigmas * (high - low) / (2 * 1.96) + 1e-9


def test_a_strategy_that_never_draws_agrees_with_the_exact_stand_pat_count(strategy):
    exact = by_keep(best_swap(HAND, opponents=[Opponent(name="o", known=(), unknown=5)]))
    stands = ChartStrategy(CHART)
    stands._entries = [(i, "", weight) for i, _, weight in stands._entries]
    sampled = by_keep(best_swap(HAND, opponents=[Opponent(name="o", known=(), unknown=5, draws=True)],
                                strategy=stands, samples=SAMPLES, exact_limit=0))
    assert sampled.keys() == exact.keys()
    for keep, row in sampled.items():
        assert within(row, exact[keep]["equity"]), keep


def plain_rejection_equity(keep: str, drew: int, deals: int, seed: int) -> float:
    """The equity of holding ``keep`` from HAND against one opponent who draws by the chart's
    best hold and was seen to draw ``drew``: deal from a shuffled deck, look the opponent's
    hand up in the chart by its class, keep the deal only if it draws ``drew``."""
    best = dict(zip(*read_table(CHART / "diablo-draw.parquet", columns=["hand", "best_discard"]).to_pydict().values()))
    rng = random.Random(seed)
    kept = parse_cards(keep)
    deck = [c for c in full_deck() if c not in HAND]
    total, counted = 0.0, 0
    while counted < deals:
        rng.shuffle(deck)
        theirs = deck[:5]
        cards, renaming = canonical(theirs)
        text = best[format_cards(cards)]
        thrown = rename(parse_cards(text), inverse(renaming)) if text else ()
        if len(thrown) != drew:
            continue
        rest = deck[5:]
        final = [c for c in theirs if c not in thrown] + rest[:len(thrown)]
        mine = kept + rest[len(thrown):len(thrown) + 5 - len(kept)]
        a, b = strength_of_codes([c.code for c in mine], DIABLO), strength_of_codes([c.code for c in final], DIABLO)
        total += 1.0 if a > b else 0.5 if a == b else 0.0
        counted += 1
    return total / counted


def test_an_opponent_seen_to_draw_two_agrees_with_a_plain_rejection_sampler(strategy):
    answer = best_swap(HAND, opponents=[Opponent(name="o", known=(), unknown=5, draws=True, drew=2)],
                       strategy=strategy, samples=SAMPLES, exact_limit=0)
    row = by_keep(answer)["9h 8c 7d 6s"]
    plain = plain_rejection_equity("9h 8c 7d 6s", 2, 4000, seed=3)
    # two samples of 4,000 deals: a standard error of at most 0.008 for their difference
    assert abs(row["equity"] - plain) < 4 * 0.5 * (2 / SAMPLES) ** 0.5
    assert answer["method"] == "monte-carlo" and answer["opponents"][0]["drew"] == 2


def test_against_opponents_who_draw_four_to_a_straight_gains_on_the_cards_three_card_hold(strategy):
    rows = by_keep(best_swap(HAND, opponents=[Opponent(name="o", known=(), unknown=5, draws=True)],
                             strategy=strategy, samples=SAMPLES, exact_limit=0))
    straight, three = rows["9h 8c 7d 6s"], rows["9h 8c Kh"]
    assert straight["ci95"]["equity"][0] > three["ci95"]["equity"][1]


SCENARIO = """
game: diablo
name: drawers
position:
  seats: [{name: Anna, chips: 100}, {name: Ben, chips: 100}, {name: Carla, chips: 100}, {name: Dan, chips: 100}]
  dealer: Anna
  hands: {Anna: 9h 8c 7d 6s Kh}
  history: [Ben checks, Carla checks, Dan checks, Anna bets 2, Ben calls, Carla calls, Dan folds, Ben draws 2,
            Carla stands pat]
"""


def test_a_seats_draw_is_read_from_the_history(strategy):
    scenario = oracle.loads(SCENARIO)[0]
    answer = scenario.ask("best-swap", player="Anna", opponents=["Ben", "Carla"], opponent_model="chart",
                          opponent_chart=str(CHART), samples=500).answer
    assert [(o["name"], o["draws"], o["drew"]) for o in answer["opponents"]] == [("Ben", True, 2), ("Carla", True, 0)]
    assert answer["opponent_model"] == "chart"


@pytest.mark.parametrize("params, field, words", [
    ({"opponent_model": "bluff"}, "opponent_model", "must be one of stand-pat, chart"),
    ({"opponent_model": "chart"}, "opponent_chart", "needs the folder of a diablo-draw chart"),
    ({"opponent_draws": [1]}, "opponent_draws", "give opponent_model: chart"),
    ({"opponent_model": "chart", "opponent_chart": "CHART", "opponent_draws": [1, 2, 0]}, "opponent_draws",
     "one entry per opponent (2)"),
    ({"opponent_model": "chart", "opponent_chart": "CHART", "opponent_draws": [3, None]}, "opponent_draws",
     "draws 0, 1 or 2 cards, not 3"),
    ({"opponent_model": "chart", "opponent_chart": "nowhere"}, "opponent_chart", "no chart"),
])
def test_a_model_the_oracle_cannot_use_is_refused_naming_the_field(params, field, words):
    params = {k: (str(CHART) if v == "CHART" else v) for k, v in params.items()}
    scenario = oracle.loads(SCENARIO)[0]
    with pytest.raises(oracle.OracleError) as caught:
        scenario.ask("best-swap", player="Anna", opponents=["unknown", "unknown"], **params)
    assert field in str(caught.value) and words in str(caught.value)


def test_a_relative_chart_folder_is_found_from_the_scenario_files_folder(tmp_path, monkeypatch):
    """A scenario file names its chart relative to itself, so `oracle check` finds it from
    any current folder; a position without a file reads it from the current folder."""
    import oracle

    folder = tmp_path / "designs" / "diablo"
    folder.mkdir(parents=True)
    path = folder / "t.scenario.yaml"
    path.write_text("game: diablo\nname: t\nposition:\n  seats: [{name: Anna}, {name: Ben}, {name: Carla}]\n"
                    "  hands: {Anna: 9h 8c 7d 6s Kh}\nquestions:\n  - id: q\n    ask: {kind: validate}\n")
    monkeypatch.chdir(tmp_path)
    [scenario] = oracle.load(path)
    with pytest.raises(ScenarioError) as found:
        scenario.ask("best-swap", player="Anna", opponents=["Ben"], opponent_model="chart",
                     opponent_chart="../charts/none")
    assert str(folder / ".." / "charts" / "none") in str(found.value)
    table = oracle.table("diablo", {"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carla"}],
                                    "hands": {"Anna": "9h 8c 7d 6s Kh"}})
    with pytest.raises(ScenarioError) as found:
        table.ask("best-swap", player="Anna", opponents=["Ben"], opponent_model="chart", opponent_chart="charts/none")
    assert "'charts/none'" in str(found.value)
