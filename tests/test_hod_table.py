"""Hell of a Deal at a real table: the Bosses' default hands a table plays with when it names
none, from a file, or from the command line; a Boss deck that lets the game end."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oracle.games.hell_of_a_deal.rules.defaults import BossFileError, packaged_default_hands, read_bosses_file
from oracle.live import SetupError
from oracle.play import Session, starting_table

ROOT = Path(__file__).parents[1]


def table(**options):
    start, _ = starting_table("hell-of-a-deal", {"seats": "Anna Ben", **options}, {}, None)
    return Session(start)


def test_a_table_starts_without_default_hands_and_says_which_one_is_in_force():
    session = table()
    assert "round 1 against Dedly Aloor (default hand Q Q T T)" in session.status().text
    bosses = session.current.to_data()["position"]["bosses"]
    assert bosses["Nick Hauss"]["default_hand"] == "A A K K" and len(bosses) == 6


def test_the_packaged_default_hands_are_the_ones_the_shipped_charts_were_computed_with():
    shipped = yaml.safe_load((ROOT / "docs" / "charts" / "boss-defaults.yaml").read_text())
    assert packaged_default_hands() == {name: " ".join(hand.split()) for name, hand in shipped.items()}


def test_a_bosses_file_sets_default_hands_and_a_default_hand_option_wins_over_it(tmp_path):
    file = tmp_path / "bosses.yaml"
    file.write_text("Demona: Q Q J J\nEenie Meanie: K K\n")
    session = table(boss="Demona", boss_deck="Eenie Meanie", bosses=str(file),
                    default_hand=("Eenie Meanie=A A",))
    bosses = session.current.to_data()["position"]["bosses"]
    assert bosses == {"Demona": {"default_hand": "Q Q J J"}, "Eenie Meanie": {"default_hand": "A A"},
                      "Nick Hauss": {"default_hand": "A A K K"}, "The Devil Himself": {"default_hand": "A A A"}}
    assert "(default hand Q Q J J)" in session.status().text


@pytest.mark.parametrize("text,message", [
    ("Demona: Z Z\n", "Demona: unknown card 'Z'"),
    ("Demonna: Q Q\n", "Demonna"),
    ("- Demona\n", "expected one mapping of Boss name to default hand"),
])
def test_a_bad_bosses_file_is_refused_naming_the_boss_and_the_file(tmp_path, text, message):
    file = tmp_path / "bosses.yaml"
    file.write_text(text)
    with pytest.raises(BossFileError, match="--bosses") as refused:
        read_bosses_file(str(file))
    assert message in str(refused.value)


def test_the_big_table_follows_a_boss_deck_that_does_not_name_it_so_the_game_can_end():
    """"Then you will move to The Big Table" (Cooperative Poker): --boss-deck "" is no game
    without an end."""
    assert table(boss_deck="").state.boss_deck == ["Nick Hauss", "The Devil Himself"]
    assert table(boss="Demona", boss_deck="Miss Fortune").state.boss_deck == \
        ["Miss Fortune", "Nick Hauss", "The Devil Himself"]
    assert table(boss="Nick Hauss", boss_deck="").state.boss_deck == ["The Devil Himself"]
    assert table(boss="The Devil Himself", boss_deck="").state.boss_deck == []


def test_audit_9_toll_payment_cut_short_says_so_at_the_top_of_its_answer():
    from oracle.scenario import load_file

    scenario = load_file(str(ROOT / "scenarios" / "hell-of-a-deal" / "solver-tolls.scenario.yaml"))[0]
    whole = scenario.ask("toll-payment")
    assert (whole.answer["exact"], whole.answer["complete"], whole.answer["bound"]) == (True, True, None)
    cut = scenario.ask("toll-payment", time_limit=0.001)
    assert (cut.answer["exact"], cut.answer["complete"], cut.answer["bound"]) == (False, False, "time_limit")
    assert list(cut.answer)[:3] == ["exact", "complete", "bound"]
