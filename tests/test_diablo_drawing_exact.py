"""best-swap counted exactly against one opponent who draws ("Diablo: Playing a hand", 2. The
draw: "each player still in says how many cards they want to swap – 0, 1 or 2 – puts them
face down on a discard pile, and gets the same number of new cards from the dealer").

Checked against a plain walk written here over every deal of a small unseen deck (the
opponent's five, each discard the strategy makes with its chance read from the chart's file by
the chart's own lookup, the opponent's draw, the player's draw), against the sampler on the
full deck, and against the stand-pat count (a strategy that never draws)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import pytest

from oracle.cards import format_cards, full_deck, parse_cards
from oracle.charts.store import read_table
from oracle.charts.symmetry import canonical
from oracle.errors import FieldError
from oracle.eval import DIABLO, strength_of_codes
from oracle.games.diablo.drawing_opponents import _strategy
from oracle.solve.exact.draw import Opponent, best_swap
from oracle.solve.exact.draw_opponents import RENAMED, ChartStrategy

CHARTS = Path(__file__).resolve().parent.parent / "docs" / "charts"
HAND = parse_cards("9h 8c 7d 6s Kh")
# ten unseen cards, wild deuces among them: everything else is dead
POOL = parse_cards("Ah Kd Qs Jh Tc 9d 2c 2h 5s 7h")
DEAD = [c for c in full_deck() if c not in POOL and c not in HAND]


def drawing(drew=None):
    return [Opponent(name="o", known=(), unknown=5, draws=True, drew=drew)]


@pytest.fixture(scope="module")
def chart():
    # the strategy a question reads from this folder (kept once per process): shared with them
    return _strategy(str(CHARTS / "diablo-draw"))


@pytest.fixture(scope="module")
def equilibrium():
    return ChartStrategy(CHARTS / "diablo-equilibrium-1")


@lru_cache(maxsize=None)
def file_chances(folder: Path):
    """Each class's discards and chances, read from the chart's file (not the strategy's)."""
    name = "diablo-draw" if (folder / "diablo-draw.parquet").exists() else "diablo-equilibrium"
    if name == "diablo-draw":
        rows = read_table(folder / f"{name}.parquet", columns=["hand", "best_discard"]).to_pydict()
        return {hand: [(thrown, Fraction(1))] for hand, thrown in zip(rows["hand"], rows["best_discard"])}
    rows = read_table(folder / f"{name}.parquet", columns=["hand", "discards", "probabilities"]).to_pydict()
    # the chances are stored as floats (sevenths for this table): read back as the fractions they are
    return {hand: [(t, Fraction(p).limit_denominator(1000)) for t, p in zip(ts, ps)]
            for hand, ts, ps in zip(rows["hand"], rows["discards"], rows["probabilities"])}


@lru_cache(maxsize=None)
def throws(folder: Path, dealt) -> dict[frozenset, Fraction]:
    """The discards a hand makes, by the chart's rule: the class's discards, renamed by each of
    the 24 renamings of the suits that turn the class's hand into this one, equally often."""
    cards, _ = canonical(list(dealt))
    listed = file_chances(folder)[format_cards(cards)]
    codes = sorted(c.code for c in dealt)
    fits = [r for r in RENAMED if sorted(r[c.code] for c in cards) == codes]
    out: dict[frozenset, Fraction] = {}
    for thrown, chance in listed:
        for r in fits:
            key = frozenset(r[c.code] for c in parse_cards(thrown)) if thrown else frozenset()
            out[key] = out.get(key, Fraction(0)) + chance / len(fits)
    return out


def walk_every_deal(folder: Path, keep, drew) -> Fraction:
    """The equity of keeping ``keep``: every five of the pool for the opponent, each discard
    with its chance (only those of ``drew`` cards when given), every draw of the opponent and
    then of the player from what is left, each deal weighed by its chance; a tie is half."""
    strength = {}

    def ranked(cards):
        key = frozenset(cards)
        if key not in strength:
            strength[key] = strength_of_codes(list(cards), DIABLO)
        return strength[key]

    pool = [c.code for c in POOL]
    kept = [c.code for c in keep]
    won = total = Fraction(0)
    for dealt in combinations(POOL, 5):
        for thrown, chance in throws(folder, dealt).items():
            if drew is not None and len(thrown) != drew:
                continue
            held = [c.code for c in dealt if c.code not in thrown]
            rest = [c for c in pool if c not in {d.code for d in dealt}]
            draws = list(combinations(rest, len(thrown)))
            for drawn in draws:
                theirs = ranked(held + list(drawn))
                left = [c for c in rest if c not in drawn]
                mine = [ranked(kept + list(cards)) for cards in combinations(left, 5 - len(keep))]
                halves = sum(2 if ours > theirs else 1 if ours == theirs else 0 for ours in mine)
                weight = chance / len(draws)
                won += weight * Fraction(halves, 2 * len(mine))
                total += weight
    return won / total


@pytest.mark.parametrize("name, drew", [("diablo-draw", 1), ("diablo-draw", 2), ("diablo-draw", None),
                                        ("diablo-equilibrium-1", 2)])
def test_the_count_against_an_opponent_who_draws_agrees_with_walking_every_deal(name, drew, chart, equilibrium):
    strategy = chart if name == "diablo-draw" else equilibrium
    answer = best_swap(HAND, opponents=drawing(drew), dead=DEAD, strategy=strategy)
    assert answer["method"] == "exact" and answer["exact"] and answer["unseen"] == len(POOL)
    rows = {row["keep"]: row for row in answer["choices"]}
    for keep in ("9h 8c 7d 6s Kh", "9h 8c 7d 6s", "9h 8c Kh", "8c 7d 6s"):  # drawing 0, 1 and 2
        counted = Fraction(rows[keep]["exact"]["equity"])
        walked = walk_every_deal(CHARTS / name, parse_cards(keep), drew)
        assert abs(counted - walked) <= Fraction(1, 10**12), keep


def test_the_exact_figure_lies_within_the_samplers_interval_on_the_full_deck(chart):
    exact = best_swap(HAND, opponents=drawing(1), strategy=chart)
    sampled = best_swap(HAND, opponents=drawing(1), strategy=chart, exact_limit=0, samples=2000)
    assert exact["method"] == "exact" and sampled["method"] == "monte-carlo"
    counted = {row["keep"]: row["equity"] for row in exact["choices"]}
    for row in sampled["choices"]:
        low, high = row["ci95"]["equity"]
        # a 95 % interval widened to four standard errors: 16 choices, one seed
        spread = (high - low) / 2 * 4 / 1.96
        assert abs(counted[row["keep"]] - row["equity"]) <= spread + 1e-9, row["keep"]


@pytest.fixture(scope="module")
def never_draws():
    stands = ChartStrategy(CHARTS / "diablo-draw")
    stands._entries = [(i, "", weight) for i, _, weight in stands._entries]
    return stands


def test_a_strategy_that_never_draws_counts_as_standing_pat_fraction_for_fraction(never_draws):
    dead = DEAD[:17]  # 30 unseen cards
    pat = best_swap(HAND, opponents=[Opponent(name="o", known=(), unknown=5)], dead=dead)
    counted = best_swap(HAND, opponents=drawing(0), dead=dead, strategy=never_draws)
    assert pat["method"] == counted["method"] == "exact"
    assert [row["keep"] for row in pat["choices"]] == [row["keep"] for row in counted["choices"]]
    for a, b in zip(pat["choices"], counted["choices"]):
        assert {k: Fraction(v) for k, v in a["exact"].items()} == {k: Fraction(v) for k, v in b["exact"].items()}


def test_a_draw_the_strategy_never_makes_is_refused_naming_opponent_draws(never_draws):
    with pytest.raises(FieldError) as caught:
        best_swap(HAND, opponents=drawing(2), dead=DEAD[:17], strategy=never_draws)
    assert "opponent_draws" in str(caught.value) and "never draws 2" in str(caught.value)


UNSEEN_DRAW = f"""
game: diablo
name: unseen-draw
position:
  seats: [{{name: Anna, chips: 100}}, {{name: Ben, chips: 100}}, {{name: Carla, chips: 100}}]
  dealer: Anna
  hands: {{Anna: 9h 8c 7d 6s Kh}}
"""


def test_a_full_deck_count_over_the_time_an_exact_answer_may_take_is_sampled_and_says_so(chart):
    import oracle

    scenario = oracle.loads(UNSEEN_DRAW)[0]
    asked = scenario.ask("best-swap", player="Anna", opponents=["Ben"], opponent_model="chart",
                         opponent_chart=str(CHARTS / "diablo-draw"), samples=200)
    answer = asked.answer
    assert answer["method"] == "monte-carlo" and answer["bound"] == "time_limit"
    assert answer["estimated_exact_seconds"] > 8
    assert "sampled: the exact count was estimated at" in asked.explanation


def test_exact_seconds_sets_how_long_an_exact_count_may_take_before_the_answer_is_sampled():
    """best-swap's exact_seconds, as odds' in Hell of a Deal: 0 samples at once, and a value
    that is not a number of seconds is refused naming the field."""
    import oracle
    from oracle.errors import ScenarioError

    table = oracle.table("diablo", {"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carla"}],
                                    "hands": {"Anna": "9h 8c 7d 6s Kh", "Carla": "As Ad Ac 3h 3d"}})
    sampled = table.ask("best-swap", player="Anna", opponents=["Ben"], exact_seconds=0, samples=200).answer
    assert sampled["method"] == "monte-carlo" and sampled["bound"] == "time_limit"
    for bad in (-1, "long", True, 4000):
        with pytest.raises(ScenarioError, match="exact_seconds: must be a number of seconds from 0 to 3600"):
            table.ask("best-swap", player="Anna", opponents=["Ben"], exact_seconds=bad)
