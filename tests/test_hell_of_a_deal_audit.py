"""Issue 12's findings for Hell of a Deal, each example kept as a regression test named after
its point (``test_audit_<N>_...``), each answer checked against something independent: a brute
force written here, the engine's own showdown, or the rulebook's example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from oracle.errors import FieldError
from oracle.games import hell_of_a_deal as hod
from oracle.registry import QuestionContext, find_game, question_kinds

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios" / "hell-of-a-deal"


def scenario(file: str, name: str) -> dict:
    for doc in yaml.safe_load_all((SCENARIOS / file).read_text()):
        if doc["name"] == name:
            return doc
    raise KeyError(name)


def ask(position: dict, params: dict, rules: dict | None = None, time_limit: float | None = None):
    """The answer to one question on ``position`` (the question kind is ``params["kind"]``)."""
    game = find_game("hell-of-a-deal")
    rules = game.default_rules() | (rules or {})
    params = dict(params)
    kind = params.pop("kind")
    state = hod.load_position(position, rules)
    ctx = QuestionContext(game=game, rules=rules, position=position, state=state, params=params,
                          time_limit=time_limit)
    return question_kinds("hell-of-a-deal")[kind].handler(ctx)


# ---------------------------------------------------------------------------------------
# Point 18: the game's text.


def doc_action_lines() -> list[str]:
    page = (ROOT / "docs" / "games" / "hell-of-a-deal.md").read_text(encoding="utf-8")
    section = page.split("### Action lines", 1)[1]
    block = section.split("```", 2)[1]
    return [line.strip() for line in block.strip().splitlines() if line.strip()]


def test_audit_18_every_action_line_in_the_game_page_parses_and_round_trips():
    lines = doc_action_lines()
    assert "Anna suffers a Temptation" in lines and len(lines) >= 30
    for line in lines:
        assert str(hod.parse_action(line)) == line


def test_audit_18_every_action_line_in_the_actions_docstring_parses():
    from oracle.games.hell_of_a_deal import actions

    forms = actions.__doc__.split("Forms", 1)[1].split("\n\n", 1)[1]
    for row in forms.strip().splitlines():
        row = row.split("(", 1)[0]  # a note in parentheses ends the row
        for line in re.split(r"\s{2,}", row.strip()):
            if line:
                assert str(hod.parse_action(line)) == line


def red_jack(hole: str) -> dict:
    position = scenario("bosses.scenario.yaml", "red-jack-busts")["position"]
    return dict(position, boss_hole=hole)


def test_audit_18_red_jack_with_too_few_draws_says_more_are_needed():
    # 5 + 6 = 11, and a Two makes 13: "deal cards to his hand until the total is over 16".
    with pytest.raises(FieldError) as info:
        ask(red_jack("5c 6d"), {"kind": "showdown", "boss_draws": "2s"})
    assert info.value.path == ("boss_draws",)
    assert "total 13 after the 1 card(s) in boss_draws" in info.value.message
    assert "give more" in info.value.message
    with pytest.raises(FieldError) as info:
        ask(red_jack("5c 6d"), {"kind": "showdown"})
    assert "5c 6d total 11" in info.value.message and "give boss_draws" in info.value.message
    # Enough draws: 11 + 2 + 5 = 18 is over 16, so he stops and plays his cards.
    answer = ask(red_jack("5c 6d"), {"kind": "showdown", "boss_draws": "2s 5s"}).answer
    assert answer["boss"]["blackjack_total"] == 18
