"""What the games give a search: Diablo's house rule wild_may_copy (the ruleset's own field,
reachable from a scenario), each game's number fields with their bounds, and the pytest plugin
leaving search files alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.api import loads
from oracle.errors import ScenarioError
from oracle.registry import find_game

ROOT = Path(__file__).resolve().parent.parent

TABLE = """game: diablo
rules: {wild_may_copy: %s}
position:
  seats: [{name: Anna}, {name: Ben}, {name: Carla}]
  dealer: Carla
  hands: {Anna: Ah 9h 7h 4h 2c, Ben: Ad Kd Jd 8d 3d, Carla: Ks Qc Js 5c 3c}
  history: [Anna bets 1, Ben calls, Carla folds, Anna stands pat, Ben stands pat, Anna checks, Ben checks]
"""


@pytest.mark.parametrize("copy, winner, anna", [("false", "Ben", "Flush, Ace-King-Nine-Seven-Four"),
                                                ("true", "Anna", "Flush, Ace-Ace-Nine-Seven-Four")])
def test_a_wild_may_not_copy_a_held_card_unless_the_house_rule_says_so(copy, winner, anna):
    """Diablo, Hand ranking: "It may not copy a card you already hold (with a natural A♥ in a
    heart flush, a 2 cannot be a second A♥)"."""
    game = loads(TABLE % copy)[0]
    assert game.ask("showdown").answer["winners"] == [winner]
    assert game.ask("rank", cards="Ah 9h 7h 4h 2c").answer["description"] == anna
    verdict = game.ask("compare", first="Ah 9h 7h 4h 2c", second="Ad Kd Jd 8d 3d").answer["winner"]
    assert verdict == ("first" if winner == "Anna" else "second")


def test_best_swap_refuses_the_house_rule_it_does_not_rank_by():
    game = loads(TABLE % "true")[0]
    with pytest.raises(ScenarioError, match="best-swap ranks hands by the rulebook"):
        game.ask("best-swap", player="Anna")


def test_the_house_rule_must_be_true_or_false():
    with pytest.raises(ScenarioError, match="rules.wild_may_copy: must be true or false"):
        loads(TABLE % "'yes'")


@pytest.mark.parametrize(
    "game, path, position, rules, bounds",
    [
        ("diablo", ("seats", 0, "chips"), {}, {}, (0, None, 1)),
        ("diablo", ("hands", "Anna"), {}, {}, None),
        ("drawing-dead", ("players", 1, "chips"), {}, {"box_chips": 60}, (0, 60, 1)),
        ("hell-of-a-deal", ("souls",), {}, {}, (0, 1000, 1)),
        ("hell-of-a-deal", ("players", 0, "temptation"), {}, {}, (0, 10, 1)),
        ("auf-teufel-komm-raus", ("oven", 100), {}, {}, (0, 2, 1)),
        ("auf-teufel-komm-raus", ("oven", "devils"), {}, {}, (0, 9, 1)),
        ("auf-teufel-komm-raus", ("oven", -100), {"coal_set": {-100: 3}}, {}, (0, 3, 1)),
        ("auf-teufel-komm-raus", ("players", 0, "chips"), {}, {}, (0, 100_000, 10)),
    ],
)
def test_each_game_declares_the_number_fields_a_search_may_open(game, path, position, rules, bounds):
    assert find_game(game).number_field(path, position, rules) == bounds


def test_the_pytest_plugin_leaves_search_files_alone():
    """A search has holes; the witness beside it is the scenario (collected as any other)."""
    from oracle.pytest_plugin import pytest_collect_file

    assert pytest_collect_file(None, ROOT / "scenarios" / "find" / "diablo-wild-copy.search.yaml") is None
