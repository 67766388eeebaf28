"""The thirteen example searches of ``scenarios/find/``: each finishes within 60 s with the answer
it was written for (the six about who wins within 20 s), and what it finds passes ``oracle check`` (the witnesses committed beside
them are checked by CI as every scenario is)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from oracle.check import run_check
from oracle.find import FOUND, NONE, run_search

FOLDER = Path(__file__).resolve().parent.parent / "scenarios" / "find"
LIMIT = 60.0

FOUND_BY_SEARCH = [
    "diablo-wild-copy",
    "hod-eenie-meanie",
    "hod-boatman-toll",
    "drawing-dead-four-cards",
    "auf-teufel-one-step",
    "drawing-dead-joker-ties",
    "diablo-three-way-split",
    "hod-toll-changes-the-outcome",
    "drawing-dead-seven-upcards-tie",
    "hod-two-players-tie-and-push",
    "hod-eenie-meanie-three-pushes",
]
# Answered within this through the strength key and the suit symmetry (the 2-core machine of
# docs/performance.md takes 2-5 s); within 60 s they ended unknown without them (the seven
# upcards' tie without the key of the best five). The margin is
# for a loaded machine running the suite.
WHO_WINS_LIMIT = 20.0


def test_thirteen_searches_are_shipped():
    searches = sorted(p.name for p in FOLDER.glob("*.search.yaml"))
    assert len(searches) == 13
    for name in FOUND_BY_SEARCH:
        assert (FOLDER / f"{name}.scenario.yaml").exists(), f"{name}: its witness is committed beside it"


@pytest.mark.parametrize("name", FOUND_BY_SEARCH)
def test_example_search_finds_a_witness_oracle_check_passes(name, tmp_path):
    started = time.monotonic()
    who_wins = ("drawing-dead-joker-ties", "diablo-three-way-split", "drawing-dead-seven-upcards-tie",
                "hod-two-players-tie-and-push", "hod-eenie-meanie-three-pushes")
    limit = WHO_WINS_LIMIT if name in who_wins else LIMIT
    result = run_search(str(FOLDER / f"{name}.search.yaml"), time_limit=limit)
    assert time.monotonic() - started <= limit
    assert result.outcome == FOUND and len(result.witnesses) == 1
    witness = tmp_path / f"{name}.scenario.yaml"
    witness.write_text(result.witnesses[0].text, encoding="utf-8")
    report = run_check([str(witness)])
    assert report.exit_code == 0 and report.failed == 0 and report.passed >= 1


def test_five_of_a_kind_without_a_deuce_is_proved_not_to_exist():
    started = time.monotonic()
    result = run_search(str(FOLDER / "diablo-five-without-a-deuce.search.yaml"), time_limit=LIMIT)
    assert time.monotonic() - started <= LIMIT
    assert result.outcome == NONE and result.candidates == 0
    assert result.method.startswith("z3: unsatisfiable before any candidate")
    assert "five_of_a_kind" in result.method


def test_a_hand_with_one_deuce_never_loses_to_sevens_proved_by_the_strength_key():
    """One wild deuce makes at least a pair, and a pair no better than Sevens-Six-Five-Three
    leaves the natural cards within 3 to 7, which the deuce makes a straight (brute force
    over all 493,640 such hands: bench/bench_find_truth.py)."""
    result = run_search(str(FOLDER / "diablo-one-deuce-loses-to-sevens.search.yaml"), time_limit=WHO_WINS_LIMIT)
    assert result.outcome == NONE and result.candidates == 0
    assert "compare answers winner second" in result.method and "strength key" in result.method


def test_committed_witnesses_pass_oracle_check():
    report = run_check([str(p) for p in sorted(FOLDER.glob("*.scenario.yaml"))])
    assert report.exit_code == 0 and report.failed == 0 and report.passed >= 9
