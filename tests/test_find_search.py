"""``oracle find``: the three outcomes, several witnesses, JSON, --output, and the language's
meaning (shared holes, native category pruning, number holes within the game's bounds)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from oracle.cards import parse_cards
from oracle.check import run_check
from oracle.cli import main
from oracle.eval import category_slug, strength
from oracle.find import FOUND, NONE, UNKNOWN, run_search

DIABLO_HEAD = """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "$a ? ? ? ?"}
"""
JSON_KEYS = {"file", "outcome", "method", "count", "found", "complete", "witnesses", "holes", "fields", "candidates", "rejected",
             "rejections", "elapsed", "time_limit", "written"}


def write(tmp_path, text, name="s.search.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_category_constraints_prune_natively_and_the_engine_agrees(tmp_path):
    path = write(tmp_path, DIABLO_HEAD.replace('"$a ? ? ? ?"', '"$a $b $c $d $e"') + """questions:
  - id: r
    ask: {kind: rank, cards: $a $b $c $d $e}
    expect: {category: straight_flush}
where:
  - not wild($a)
""")
    result = run_search(path, count=3, time_limit=30)
    assert result.outcome == FOUND and len(result.witnesses) == 3
    # The expectation is encoded natively: every candidate Z3 proposes already is one.
    assert result.candidates == 3 and not result.rejections
    hands = {tuple(str(result.witnesses[k].values[h]) for h in ("$a", "$b", "$c", "$d", "$e")) for k in range(3)}
    assert len(hands) == 3
    for hand in hands:
        assert category_slug(strength(parse_cards(" ".join(hand)), "diablo")) == "straight_flush"


def test_none_exists_by_exhaustive_enumeration_when_the_domain_is_small(tmp_path):
    """With no piece worth less than 0 the one-step rule is exact: over every oven the holes
    allow, the engine never disagrees, and the search says so after trying them all."""
    path = write(tmp_path, """game: auf-teufel-komm-raus
position:
  players: [{name: Anna, chips: 200}, {name: Ben, chips: 200}]
  coal_set: {50: 2, 10: 1, devils: 2}
  oven: {50: "?", 10: 1, devils: "?"}
  history: [Anna passes, Ben passes, Anna pulls 10]
questions:
  - id: disagree
    ask: {kind: draw-or-stop, objective: haul}
    expect: {best: draw, one_step_rule: {draws: false}}
""")
    result = run_search(path, time_limit=30)
    assert result.outcome == NONE
    assert result.candidates == 9  # 0-2 fifties times 0-2 devils
    assert result.method.startswith("exhaustive: every filling the constraints allow was checked by the engines")


def test_unknown_when_the_time_limit_comes_first(tmp_path):
    path = write(tmp_path, DIABLO_HEAD + """questions:
  - id: v
    ask: validate
    expect: {legal: false}
where:
  - rank($a) == A
""")
    result = CliRunner().invoke(main, ["find", path, "--time-limit", "1", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 3 and data["outcome"] == UNKNOWN and data["found"] == 0
    assert data["rejections"][0]["example"] == "legal: expected False, got True"
    assert data["method"].startswith("stopped by the time limit")


def test_json_keys_and_output_folder(tmp_path):
    path = write(tmp_path, DIABLO_HEAD + """questions:
  - id: r
    ask: {kind: rank, cards: $a Kd}
    expect: {category: pair}
where:
  - $a in [Kh, Ks, 2c]
""")
    out = tmp_path / "found"
    out.mkdir()
    result = CliRunner().invoke(main, ["find", path, "--count", "3", "--output", str(out), "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and set(data) == JSON_KEYS
    assert data["outcome"] == FOUND and data["found"] == 3
    assert sorted(w["holes"]["$a"] for w in data["witnesses"]) == ["2c", "Kh", "Ks"]
    assert data["fields"] == {"$a": "position.hands.Anna", "?1": "position.hands.Anna", "?2": "position.hands.Anna",
                              "?3": "position.hands.Anna", "?4": "position.hands.Anna"}
    names = sorted(p.name for p in out.iterdir())
    assert names == ["s-2.scenario.yaml", "s-3.scenario.yaml", "s.scenario.yaml"]
    assert run_check([str(p) for p in out.iterdir()]).failed == 0


def test_fewer_witnesses_than_asked_says_no_more_exist(tmp_path):
    path = write(tmp_path, DIABLO_HEAD + """questions:
  - id: r
    ask: {kind: rank, cards: $a Kd}
    expect: {category: pair}
where:
  - $a in [Kh, Ks]
""")
    result = CliRunner().invoke(main, ["find", path, "--count", "3"])
    assert result.exit_code == 1
    assert "found 2 witnesses" in result.stderr and "asked for 3: exhaustive" in result.stderr
    assert result.stdout.count("game: diablo") == 2


def test_the_printed_witness_is_a_scenario_file_oracle_check_passes(tmp_path):
    path = write(tmp_path, DIABLO_HEAD + """questions:
  - id: r
    ask: {kind: rank, cards: $a Kd}
    expect: {category: pair}
where:
  - rank($a) == K
""")
    result = CliRunner().invoke(main, ["find", path])
    assert result.exit_code == 0 and "found 1 witness" in result.stderr
    witness = tmp_path / "w.scenario.yaml"
    witness.write_text(result.stdout, encoding="utf-8")
    report = run_check([str(witness)])
    assert report.unreadable == [] and report.passed == 1, result.stdout


def test_a_named_hole_is_one_card_in_every_document(tmp_path):
    path = write(tmp_path, """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
questions:
  - id: r
    ask: {kind: rank, cards: $x $y Kd}
    expect: {category: three_of_a_kind}
---
game: drawing-dead
position:
  players: [{name: Anna}, {name: Ben}]
questions:
  - id: r
    ask: {kind: rank, cards: $x $y Kd}
    expect: {category: pair}
""")
    result = run_search(path, time_limit=30)
    assert result.outcome == FOUND
    text = result.witnesses[0].text
    x, y = (str(result.witnesses[0].values[k]) for k in ("$x", "$y"))
    assert text.count(f"cards: {x} {y} Kd") == 2  # the same cards in both documents
    assert category_slug(strength(parse_cards(f"{x} {y} Kd"), "diablo")) == "three_of_a_kind"
    assert category_slug(strength(parse_cards(f"{x} {y} Kd"), "drawing-dead")) == "pair"


def test_number_holes_stay_within_the_game_s_bounds(tmp_path):
    path = write(tmp_path, """game: drawing-dead
position:
  players: [{name: Anna, chips: $c}, {name: Ben, chips: 0}]
  pot: 0
questions:
  - id: v
    ask: validate
    expect: {legal: true}
where:
  - $c >= 38
""")
    result = run_search(path, count=5, time_limit=30)
    assert sorted(w.values["$c"] for w in result.witnesses) == [38, 39, 40]  # the box holds 40 chips
    assert result.outcome == FOUND and result.method.startswith("exhaustive")


def test_a_rejection_blocks_every_filling_the_failing_check_could_not_see(tmp_path):
    """The failing question reads $a only: each rejection blocks all fillings of the other
    question's five holes with it, so three candidates prove that none exists. (Its
    expectation names cards, so hands that merely rank alike are not blocked together, and
    nothing of it is stated to Z3.)"""
    path = write(tmp_path, """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
questions:
  - id: never
    ask: {kind: compare, first: $a Kd, second: Ah Kh Qh Jh 9h}
    expect: {first: {cards: [Kd]}}
  - id: other
    ask: {kind: rank, cards: "? ? ? ? ?"}
where:
  - rank($a) in [A, K]
""")
    result = run_search(path, time_limit=30)
    # As Ad Ks: Ac and Kc are As and Ks with spades and clubs renamed (no card of the file
    # names either), and the search tries one filling of each renaming.
    assert result.outcome == NONE and result.candidates == 3
    assert result.method.startswith("exhaustive") and "the suits s, c play alike" in result.method


def test_a_hell_of_a_deal_category_follows_the_selection_rule(tmp_path):
    """category(Anna) is her best hand of 1 or 2 hand cards with the board: Z3 proposes a full
    house so built, and the engine's best-hand agrees at once."""
    path = write(tmp_path, """game: hell-of-a-deal
position:
  boss: Dedly Aloor
  bosses: {Dedly Aloor: {default_hand: "7 7"}}
  boss_deck: []
  phase: showdown
  souls: 3
  board: "? ? ? ? ?"
  boss_hole: "? ?"
  players:
    - {name: Anna, hand: "? ? ?", bets: [Earn a Soul]}
questions:
  - id: best
    ask: {kind: best-hand, player: Anna}
    expect: {hand: {category: full_house}}
where:
  - category(Anna) == full_house
""")
    result = run_search(path, count=2, time_limit=60)
    assert result.outcome == FOUND and len(result.witnesses) == 2
    assert result.candidates == 2 and not result.rejections


def test_rank_and_compare_read_no_position_so_their_rejections_block_its_holes_too(tmp_path):
    path = write(tmp_path, """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  hands: {Anna: "? ? ? ? ?", Ben: "? ? ? ? ?"}
questions:
  - id: never
    ask: {kind: compare, first: $a Kd, second: Ah Kh Qh Jh 9h}
    expect: {first: {cards: [Kd]}}
where:
  - rank($a) in [A, K]
""")
    result = run_search(path, time_limit=30)
    assert result.outcome == NONE and result.candidates == 5


def test_hands_that_rank_alike_are_blocked_together(tmp_path):
    """No two natural cards make three of a kind: a rejected compare blocks every filling whose
    hand ranks the same (the same ranks, as many wild cards), so the proof takes one candidate
    per class of two-card hands, not one per hand."""
    path = write(tmp_path, """game: diablo
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
questions:
  - id: trips
    ask: {kind: compare, first: "$x $y", second: Ah Ad}
    expect: {first: {category: three_of_a_kind}}
where:
  - not wild($x) and not wild($y)
""")
    result = run_search(path, time_limit=60)
    assert result.outcome == NONE and result.method.startswith("exhaustive")
    assert result.candidates <= 12 * 13 // 2 + 12  # two ranks of the twelve natural ones, or a pair


def test_a_compare_winner_is_stated_to_z3_through_the_hands_strengths(tmp_path):
    """No two natural cards beat a pair of Aces: the expected winner is a comparison of the
    two hands' strength keys, so Z3 proves it before any candidate."""
    path = write(tmp_path, """game: diablo
questions:
  - id: beats
    ask: {kind: compare, first: "$x $y", second: Ah Ad}
    expect: {winner: first}
where:
  - not wild($x) and not wild($y)
""")
    result = run_search(path, time_limit=60)
    assert result.outcome == NONE and result.candidates == 0
    assert "compare answers winner first" in result.method and "strength key" in result.method
