"""Entries of the shipped charts (docs/charts/) checked against ``oracle solve`` asked the same
position as a scenario, the way a user would ask it: the coal DP's stop-policy for ovens of
the Auf Teufel chart; best-swap for Diablo hands and the pre-Flop odds for Hell of a Deal
starts of the full charts (and of a subset), dealt with other suits, so that the chart's suit
symmetry is checked too. Where ``oracle solve`` answers exactly the figures must be equal;
where it samples, the chart's exact figure must lie within 3.29 standard errors of the
sample's (its 95% interval widened to 99.9%: several figures are checked at once)."""

from __future__ import annotations

import functools
import json
import random
from fractions import Fraction
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.cards import SUITS, format_cards, parse_cards
from oracle.charts import lookup_chart
from oracle.charts.store import read_table
from oracle.charts.symmetry import rename

DOCS = Path(__file__).resolve().parent.parent / "docs" / "charts"
WIDEN = 3.2905 / 1.95996  # a 95% half-width to a 99.9% one


def solve(tmp_path: Path, scenario: str) -> list[dict]:
    path = tmp_path / "spot.scenario.yaml"
    path.write_text(scenario)
    done = subprocess.run([sys.executable, "-m", "oracle.cli", "solve", str(path), "--json"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return [item["answer"] for item in json.loads(done.stdout)["answers"]]


def some_renaming(seed: int) -> dict:
    return dict(zip(SUITS, random.Random(seed).sample(SUITS, 4)))


# Ovens of a few thousand in-turn states each, so the dynamic program answers in a moment (the
# full oven's 127 is checked by the coal solver's own tests and by the lookup test).
OVENS = [
    "2x100, 2x75, 3x50, 4x25, 3x20, 4x10, 9 devils",
    "1x100, 2x50, 3x25, 2x10, 3 devils",
    "2x75, 1x50, 4x20, 5x10, 6 devils",
]


@pytest.mark.parametrize("oven", OVENS)
def test_auf_teufel_chart_entries_agree_with_the_stop_policy_oracle_solve_gives(oven, tmp_path):
    entry = lookup_chart(DOCS / "auf-teufel-policy", oven)
    counts = {int(part.split("x")[1]): int(part.split("x")[0]) for part in oven.split(", ") if "x" in part}
    devils = int(oven.rsplit(", ", 1)[1].split()[0])
    oven_yaml = "{" + ", ".join(f"{v}: {c}" for v, c in counts.items()) + f", devils: {devils}" + "}"
    targets = [item["target"] for item in entry["target"]]
    asks = "\n".join(["  - {id: haul, ask: {kind: stop-policy, objective: haul}}"]
                     + [f"  - {{id: t{t}, ask: {{kind: stop-policy, objective: target, target: {t}}}}}" for t in targets])
    answers = solve(tmp_path, f"""game: auf-teufel-komm-raus
name: spot-check
position:
  players: [{{name: Anna, chips: 200}}, {{name: Ben, chips: 200}}]
  oven: {oven_yaml}
  history: [Anna passes, Ben passes]
questions:
{asks}
""")
    haul, *reach = answers
    threshold = entry["haul"]["stop_from"]
    assert haul["one_step_rule"]["stop_from"] == pytest.approx(threshold, rel=1e-12)
    assert haul["one_step_rule"]["agrees_with_dp"] is True
    for row in haul["thresholds"]:  # the DP draws below the chart's threshold and stops from it
        if row["stop_from"] is not None:
            assert row["stop_from"] >= threshold
        if row["draw_hauls"]:
            assert row["draw_hauls"][1] < threshold
    for answer, item in zip(reach, entry["target"]):
        assert answer["value"] == pytest.approx(item["reach"], rel=1e-6, abs=1e-9)


DIABLO_COLUMNS = ["hand", "weight", "equity", "equity_exact", "runner_up_equity", "margin", "win", "tie", "lose"]


@functools.lru_cache(maxsize=1)
def diablo_table():
    """The full Diablo chart's figures, without its per-hold lists (read once: they are most of
    the file)."""
    return read_table(DOCS / "diablo-draw" / "diablo-draw.parquet", columns=DIABLO_COLUMNS)


def test_the_diablo_chart_holds_every_hand_once_by_its_class():
    import numpy as np

    table = diablo_table()
    column = {name: table.column(name).to_numpy() for name in DIABLO_COLUMNS}
    assert table.num_rows == 134_459 and len(set(column["hand"])) == 134_459
    assert int(column["weight"].sum()) == 2_598_960  # C(52, 5): every dealt hand
    assert (column["equity"] >= column["runner_up_equity"]).all()
    assert np.allclose(column["margin"], column["equity"] - column["runner_up_equity"], rtol=1e-6, atol=1e-12)
    assert (abs(column["win"] + column["tie"] + column["lose"] - 1) < 1e-9).all()
    exact = np.array([float(Fraction(text)) for text in column["equity_exact"]])
    assert (abs(exact - column["equity"]) <= 1e-15).all()


# Entries of the full chart (one at random and the closest call of all) re-asked of best-swap,
# which counts each hand on its own (the chart used the whole deck's tables).
def _diablo_entries_to_check() -> list[dict]:
    rows = diablo_table().to_pylist()
    return random.Random(5).sample(rows, 1) + sorted(rows, key=lambda r: (r["margin"], r["hand"]))[:1]


@pytest.mark.parametrize("number", range(2))
def test_diablo_chart_entries_agree_with_best_swap_against_an_unknown_opponent(number, tmp_path):
    row = _diablo_entries_to_check()[number]
    dealt = rename(parse_cards(row["hand"]), some_renaming(7 + number))
    entry = lookup_chart(DOCS / "diablo-draw", format_cards(dealt))
    assert entry["class"] == row["hand"]
    (answer,) = solve(tmp_path, f"""game: diablo
name: spot-check
position:
  seats: [{{name: Anna, chips: 100}}, {{name: Ben, chips: 100}}, {{name: Carla, chips: 100}}]
  dealer: Anna
  hands: {{Ben: {format_cards(dealt)}}}
questions:
  - {{id: swap, ask: {{kind: best-swap, player: Ben, opponents: [unknown]}}}}
""")
    assert answer["exact"], "best-swap counts one unknown opponent exactly"
    by_discard = {frozenset(d.split()): choice for choice in answer["choices"] for d in choice["equivalent"]}
    for hold, equity in ((entry["best"], row["equity"]), (entry["runner_up"], row["runner_up_equity"])):
        choice = by_discard[frozenset(hold["discard"].split())]
        assert float(Fraction(choice["exact"]["equity"])) == pytest.approx(equity, abs=1e-12)
    assert frozenset(entry["best"]["discard"].split()) in {frozenset(d.split()) for d in answer["best"]["equivalent"]}
    assert answer["best"]["exact"]["equity"] == row["equity_exact"]


def hod_rows(folder: str) -> list[dict]:
    return read_table(DOCS / folder / "hod-preflop.parquet").to_pylist()


def test_the_hell_of_a_deal_chart_holds_every_start_once_for_each_boss():
    rows = hod_rows("hod-preflop")
    bosses = {r["boss"] for r in rows}
    assert len(rows) == 1_755 * len(bosses) and len({(r["start"], r["boss"]) for r in rows}) == len(rows)
    for boss in bosses:
        assert sum(r["weight"] for r in rows if r["boss"] == boss) == 22_100  # C(52, 3): every start
    assert all(r["wins"] + r["pushes"] + r["losses"] == r["deals"] for r in rows)


def test_the_hell_of_a_deal_chart_faces_the_shipped_bosses_with_their_default_hands():
    import yaml

    defaults = yaml.safe_load((DOCS / "boss-defaults.yaml").read_text(encoding="utf-8"))
    faced = {(r["boss"], r["default_hand"]) for r in hod_rows("hod-preflop")}
    assert faced == {(boss, format_cards(parse_default(hand))) for boss, hand in defaults.items()}


def parse_default(hand: str):
    from oracle.games.hell_of_a_deal.rules.bosses import parse_default_hand

    return parse_default_hand(hand, ("default_hand",))


def _three_card_boss_rows(folder: str) -> list[dict]:
    """One entry against each Boss who uses his three hole cards together, if the chart has him."""
    rows = sorted(hod_rows(folder), key=lambda r: (r["start"], r["boss"]))
    return [random.Random(5).choice([r for r in rows if r["boss"] == boss])
            for boss in ("Nick Hauss", "The Devil Himself") if any(r["boss"] == boss for r in rows)]


@pytest.mark.parametrize("folder", ["hod-preflop", "hod-preflop-sample"])
def test_hell_of_a_deal_chart_entries_agree_with_the_pre_flop_odds(folder, tmp_path):
    rows = sorted(hod_rows(folder), key=lambda r: (r["start"], r["boss"]))
    rows = random.Random(11).sample(rows, 1)
    for row in rows + _three_card_boss_rows(folder):
        dealt = rename(parse_cards(row["start"]), some_renaming(3))
        entry = lookup_chart(DOCS / folder, format_cards(dealt), {"boss": row["boss"]})
        (odds,) = entry["bosses"]
        (answer,) = solve(tmp_path, f"""game: hell-of-a-deal
name: spot-check
position:
  boss: {row["boss"]}
  bosses: {{{row["boss"]}: {{default_hand: "{row["default_hand"]}"}}}}
  boss_deck: []
  phase: preflop
  players: [{{name: Anna, hand: "{format_cards(dealt)}"}}]
questions:
  - {{id: odds, ask: {{kind: odds}}}}
""")
        seat = answer["players"]["Anna"]
        for key in ("win", "push", "lose"):
            if answer["exact"]:
                assert seat[key] == pytest.approx(odds[key], abs=1e-6)
            else:
                assert abs(seat[key] - odds[key]) <= seat["margin95"] * WIDEN + 1e-9
        if answer["exact"]:
            assert (seat["wins"], seat["pushes"], seat["losses"]) == (odds["wins"], odds["pushes"], odds["losses"])
