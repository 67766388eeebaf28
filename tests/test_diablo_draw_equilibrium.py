"""The draw as a game (``draw_equilibrium``): its compiled counts agree with a plain
enumeration written here, its model (opponents' hands counted over the whole deck) stays
close to the exact best-swap count, and fictitious play never leaves the average strategy
more exploitable than standing pat."""

from __future__ import annotations

import math
from pathlib import Path
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from oracle.cards import full_deck, parse_cards
from oracle.eval import strength
from oracle.eval.strength import category_slug
from oracle.solve.exact import draw_equilibrium as de
from oracle.solve.exact.draw import Opponent, best_swap
from oracle.solve.exact.draw_equilibrium_kernels import hold_values, opponent_distribution

DECK = sorted(full_deck(), key=lambda c: c.code)


@pytest.fixture(scope="module")
def t():
    return de.tables()


@pytest.fixture(scope="module")
def stand_pat(t):
    return opponent_distribution(t.hands, t.weights, np.zeros(len(t.hands), np.int64), t.binom, t.rank_of, t.places)


def test_standing_pat_every_five_card_hand_counts_once(t, stand_pat):
    assert stand_pat.sum() == pytest.approx(1.0, abs=1e-12)
    assert len(stand_pat) == t.places and (stand_pat > 0).all()
    # five of a kind with deuces wild: 672 of the 2,598,960 hands (the published count)
    five = sum(p for p, s in zip(stand_pat, t.strengths) if category_slug(int(s)) == "five_of_a_kind")
    assert five * math.comb(52, 5) == pytest.approx(672, abs=1e-6)


@pytest.mark.parametrize("index", [0, 7, 4_000, 77_777, 134_458])
def test_the_compiled_hold_values_agree_with_a_plain_enumeration(t, stand_pat, index):
    value = de.value_of_place(stand_pat, 2)
    out = np.empty((1, len(de.HOLDS)))
    hold_values(t.hands[index:index + 1], np.array(de.HOLDS), t.binom, t.rank_of, value, out)
    hand = [DECK[i] for i in t.hands[index]]
    rest = [c for c in DECK if c not in hand]
    for j, mask in enumerate(de.HOLDS):
        kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
        finals = [kept + list(extra) for extra in combinations(rest, 5 - len(kept))]
        places = np.searchsorted(t.strengths, [strength(f, "diablo") for f in finals])
        assert out[0, j] == pytest.approx(value[places].mean(), rel=1e-12)


def test_the_models_best_hold_against_one_opponent_who_stands_pat_costs_little_by_the_exact_count(t, stand_pat):
    """The model counts the opponent's hand over the whole deck, the exact best-swap over the
    47 cards the player does not hold: equities differ by up to a few hundredths of a pot (the
    player's cards are not in the opponent's hand), and the hold the model prefers is the
    exact best or within a few thousandths of it."""
    value = de.value_of_place(stand_pat, 1)
    for index in (3, 5_000, 60_000, 120_000):
        out = np.empty((1, len(de.HOLDS)))
        hold_values(t.hands[index:index + 1], np.array(de.HOLDS), t.binom, t.rank_of, value, out)
        hand = [DECK[i] for i in t.hands[index]]
        exact = {discard: float(Fraction(row["exact"]["equity"]))
                 for row in best_swap(hand, opponents=[Opponent(name="o", known=(), unknown=5)])["choices"]
                 for discard in row["equivalent"]}
        model = {" ".join(str(c) for i, c in enumerate(hand) if mask >> i & 1): out[0, j]
                 for j, mask in enumerate(de.HOLDS)}
        assert max(abs(model[d] - exact[d]) for d in exact) < 0.1
        assert max(exact.values()) - exact[max(model, key=model.get)] < 0.005


def test_fictitious_play_leaves_the_average_less_exploitable_than_standing_pat():
    result = de.solve(1, rounds=3, classes=slice(0, 400))
    assert len(result.exploitability) == 3
    assert result.exploitability[-1] < result.exploitability[0]
    assert np.allclose(result.mixture()[:400].sum(axis=1), 1.0)


def test_the_equilibrium_table_is_written_and_best_swap_draws_by_its_mixture(tmp_path, monkeypatch, t):
    """The command writes the table and its record; best-swap's opponents then draw by the
    table's mixture. (A few hundred classes stand in for the 134,459, to keep the test quick.)"""
    import json

    from click.testing import CliRunner

    from oracle.cli import main
    from oracle.solve.exact.draw_opponents import ChartStrategy

    few = de.Tables(t.index_of, t.strengths, t.binom, t.rank_of, t.places, t.hands[:300], t.weights[:300])
    monkeypatch.setattr(de, "tables", lambda: few)
    folder = tmp_path / "eq"
    result = CliRunner().invoke(main, ["chart", "diablo-equilibrium", "--rounds", "2", "--output", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["params"] == {"opponents": 1, "rounds": 2} and len(record["exploitability"]) == 2
    assert record["workers"] == 1  # run in the command's own process
    assert record["card"]["lines"] and 0 < record["card"]["accuracy"] <= 1
    page = (folder / "diablo-equilibrium.html").read_text(encoding="utf-8")
    assert "Strategy card" in page and f"{record['exploitability'][-1]:.5f}" in page
    strategy = ChartStrategy(folder)
    assert strategy.kind == "diablo-equilibrium" and strategy.record["exploitability"] == record["exploitability"]
    answer = best_swap(parse_cards("9h 8c 7d 6s Kh"), opponents=[Opponent(name="o", known=(), unknown=5, draws=True)],
                       strategy=strategy, samples=300)
    assert answer["method"] == "monte-carlo" and answer["samples_done"] == 300


def test_the_equilibrium_never_replaces_another_charts_record(tmp_path):
    import shutil

    from click.testing import CliRunner

    from oracle.cli import main

    folder = tmp_path / "draw"
    shutil.copytree(Path(__file__).resolve().parent.parent / "docs" / "charts" / "diablo-draw-sample", folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    result = CliRunner().invoke(main, ["chart", "diablo-equilibrium", "--rounds", "1", "--output", str(folder)])
    assert result.exit_code == 2 and "holds another chart (diablo-draw)" in result.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before


def test_a_lookup_in_the_shipped_equilibrium_gives_the_hands_holds_in_its_own_suits():
    from oracle.charts import lookup_chart

    folder = Path(__file__).resolve().parent.parent / "docs" / "charts" / "diablo-equilibrium-1"
    answer = lookup_chart(folder, "9c 8d 7h 6s Kc")
    assert answer["kind"] == "diablo-equilibrium" and answer["opponents"] == 1
    assert sum(h["chance"] for h in answer["holds"]) == pytest.approx(1.0)
    for hold in [*answer["holds"], answer["best_reply"]]:
        assert sorted((hold["keep"] + " " + hold["discard"]).split()) == sorted("9c 8d 7h 6s Kc".split())
    assert answer["best_reply"]["keep"] == "9c 8d 7h 6s"


def test_rounds_run_on_a_real_local_dask_cluster_equal_the_rounds_run_in_one_process():
    """The pieces of a round give the same figures, to the last bit, wherever they run: the
    opponents' distribution is summed in the pieces' order both ways. (The cluster's two
    workers are threads of this process, so that they share its hand tables rather than
    build them again: seconds each.)"""
    import logging

    from distributed import Client, LocalCluster

    from oracle.charts.equilibrium import OnDask

    here = de.solve(1, rounds=2, classes=slice(0, 300))
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0",
                           silence_logs=logging.CRITICAL)
    client = Client(cluster)
    try:
        there = de.solve(1, rounds=2, classes=slice(0, 300), runner=OnDask(client))
    finally:
        client.close()
        cluster.close()
    assert there.exploitability == here.exploitability
    assert (there.counts == here.counts).all() and (there.values == here.values).all()
