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


# ---------------------------------------------------------------------------------------
# Point 17: Bosses.


def demona_showdown(**changes) -> dict:
    position = {"boss": "Demona", "bosses": {"Demona": {"default_hand": "Q Q T T"}}, "boss_deck": [],
                "phase": "showdown", "souls": 2, "board": "Qs Js 4h 3c 2d", "boss_hole": "Kc 6d",
                "players": [{"name": "Anna", "hand": "Kh Kd 9c", "bets": ["Earn a Soul"]}]}
    position.update(changes)
    return position


def test_audit_17_a_mistyped_boss_under_bosses_is_refused_with_did_you_mean():
    position = demona_showdown(bosses={"Demona": {"default_hand": "Q Q T T"}, "Demonna": {"default_hand": "A A"}})
    with pytest.raises(FieldError) as info:
        hod.load_position(position, {})
    assert info.value.path == ("bosses", "Demonna")
    assert "not a Boss of the rulebook; did you mean 'Demona'?" in info.value.message
    assert "new: true" in info.value.message


@pytest.mark.parametrize("changes,path,words", [
    ({"boss": "Demonna"}, ("boss",), "did you mean 'Demona'?"),
    ({"boss": {"name": "Eeenie Meanie", "default_hand": "A A"}}, ("boss", "name"), "did you mean 'Eenie Meanie'?"),
    ({"boss_deck": ["Nik Hauss"]}, ("boss_deck", 0), "did you mean 'Nick Hauss'?"),
    ({"bosses": {"Demona": {"new": True, "default_hand": "Q Q T T"}}}, ("bosses", "Demona", "new"),
     "Demona is a Boss of the rulebook"),
    ({"bosses": {"Demona": {"default_hand": "Q Q T T"}, "Grim": {"new": "yes"}}}, ("bosses", "Grim", "new"),
     "true or false"),
])
def test_audit_17_boss_names_are_rulebook_bosses_or_declared_new(changes, path, words):
    with pytest.raises(FieldError) as info:
        hod.load_position(demona_showdown(**changes), {})
    assert info.value.path == path and words in info.value.message, info.value


def test_audit_17_a_declared_new_boss_is_played_and_named_in_every_answer():
    position = demona_showdown(boss="Grim", bosses={"Grim": {"new": True, "default_hand": "A A"}})
    state = hod.load_position(position, {})
    assert state.boss.designer and not hod.BOSSES["Demona"].designer
    for kind in ("game-status", "showdown", "legal-moves"):
        result = ask(position, {"kind": kind})
        assert result.answer["designer_bosses"] == ["Grim"]
        assert "Grim: a Boss of the scenario's own (new: true), not from the rulebook" in result.explanation
    # A rulebook Boss is never named so.
    assert "designer_bosses" not in ask(demona_showdown(), {"kind": "game-status"}).answer
    # His play is the engine's: Anna's Kings lose to his printed Aces.
    assert ask(position, {"kind": "showdown"}).answer["players"]["Anna"]["outcome"] == "lose"


def run_cli(*args):
    from click.testing import CliRunner

    from oracle.cli import main

    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("args,words", [
    (["--game", "hell-of-a-deal", "--hole", "Ah Kd", "--boss", "eenie-meanie", "--toll", "9s", "--souls", "1"],
     "a toll card goes only with a Boss who deals them (The Boatman); Eenie Meanie deals none"),
    (["--hole", "Ah Kd", "--boss", "eenie-meanie", "--toll", "9s"], "Eenie Meanie deals none"),
    (["9 9 2 2 K", "--board", "Ks Qd 3c"], "--board (the community cards) and the other Hell of a Deal options belong to --game hell-of-a-deal"),
    (["9 9 2 2 K", "--game", "diablo", "--board", "Ks Qd 3c"], "give --game hell-of-a-deal"),
    (["--game", "hell-of-a-deal", "--hole", "Ah Kd", "--board", "Ks Qd 3c", "--souls", "2"],
     "--souls is the Souls in the pot to pay The Boatman's tolls: give --toll"),
    (["--game", "hell-of-a-deal", "--hole", "Ah Kd", "--boss", "demonna"], "did you mean 'Demona'?"),
])
def test_audit_17_rank_refuses_flags_that_would_be_ignored_or_mixed(args, words):
    result = run_cli("rank", *args)
    assert result.exit_code == 2 and words in result.output, result.output
    assert "Traceback" not in result.output


def test_audit_17_the_boatmans_toll_still_ranks():
    result = run_cli("rank", "--game", "hell-of-a-deal", "--hole", "9h Kd", "--board", "9s 9c 4d",
                     "--boss", "the-boatman", "--toll", "9d", "--souls", "1", "--json")
    assert result.exit_code == 0, result.output
    import json

    data = json.loads(result.output)
    # "The cost of a Soul is a per card payment": the one Soul lets one tolled Nine count.
    assert [entry["souls_paid"] for entry in data["by_souls_paid"]] == [0, 1]
    assert data["souls_paid"] == 1 and data["tolled_used"]


# ---------------------------------------------------------------------------------------
# Points 13 and 14: odds has a cap on samples and honours its time limit.


def preflop() -> dict:
    """Before the Flop, both Boss cards face down: far too many deals to enumerate."""
    return {"boss": "Demona", "bosses": {"Demona": {"default_hand": "Q Q T T"}}, "boss_deck": [],
            "phase": "preflop", "players": [{"name": "Anna", "hand": "Ah Kd 4c"}]}


def flop(boss: str = "Miss Fortune", hole: int = 2) -> dict:
    return {"boss": boss, "bosses": {boss: {"default_hand": "J J"}}, "boss_deck": [], "phase": "flop",
            "players": [{"name": "Anna", "hand": "Qh Qs 7d", "bets": ["Earn a Soul"]}], "board": "Qd 8c 3s"}


def test_audit_13_samples_past_the_cap_are_refused_with_the_field_named():
    # The request: 100,000,000 samples before the Flop.
    for samples in (100_000_000, 10_000_001, 0, 2.5):
        with pytest.raises(FieldError) as info:
            ask(preflop(), {"kind": "odds", "samples": samples})
        assert info.value.path == ("samples",) and "10,000,000" in info.value.message


@pytest.mark.parametrize("key,value", [("time_limit", float("nan")), ("time_limit", float("inf")),
                                       ("time_limit", 0), ("exact_seconds", float("nan")),
                                       ("exact_seconds", float("inf")), ("seed", 2**64)])
def test_audit_14_odds_refuses_numbers_that_are_not_finite_with_the_field_named(key, value):
    with pytest.raises(FieldError) as info:
        ask(preflop(), {"kind": "odds", key: value})
    assert info.value.path == (key,)


def test_audit_13_a_huge_request_stops_at_the_time_limit_with_an_honest_interval():
    import math
    import time

    started = time.monotonic()
    answer = ask(flop(), {"kind": "odds", "method": "monte-carlo", "samples": 10_000_000, "time_limit": 1.5}).answer
    took = time.monotonic() - started
    assert took < 1.5 + 1.0, took  # one chunk past the budget at most
    assert answer["exact"] is False and answer["bound_reached"] == "time_limit"
    assert answer["samples_requested"] == 10_000_000
    drawn = answer["samples"]
    assert 0 < drawn < 10_000_000 and drawn == answer["deals"]
    anna = answer["players"]["Anna"]
    assert anna["wins"] + anna["pushes"] + anna["losses"] == drawn
    # The interval is the one of the samples drawn, and it holds the exact value (enumerated
    # below, without a time limit).
    margin = max(1.959963984540054 * math.sqrt(p * (1 - p) / drawn) for p in (anna["win"], anna["push"], anna["lose"]))
    assert anna["margin95"] == pytest.approx(margin, abs=1e-6)
    exact = ask(flop(), {"kind": "odds", "method": "exact"}).answer["players"]["Anna"]
    assert abs(exact["win"] - anna["win"]) <= 2 * anna["margin95"] + 1e-9


def test_audit_13_sampling_before_the_flop_answers_within_the_time_limit():
    import time

    started = time.monotonic()
    answer = ask(preflop(), {"kind": "odds", "samples": 10_000_000, "time_limit": 1}).answer
    assert time.monotonic() - started < 2.5
    assert answer["method"] == "monte-carlo" and answer["exact"] is False and answer["samples"] < 10_000_000


def test_audit_14_an_enumeration_cut_short_gives_bounds_that_hold_the_exact_answer():
    # Nick Hauss's three hole cards on the Flop, 46 cards unseen: C(46, 2) = 1,035 runouts x
    # C(44, 3) = 13,244 hands, enumerated in blocks; a 0.05 s budget stops it after the first.
    position = flop("Nick Hauss")
    cut = ask(position, {"kind": "odds", "method": "exact", "time_limit": 0.05}).answer
    assert cut["exact"] is False and cut["bound_reached"] == "time_limit"
    assert cut["deals"] < cut["deals_total"] == 1_035 * 13_244
    full = ask(position, {"kind": "odds", "method": "exact"}).answer
    assert full["exact"] is True and full["deals"] == 1_035 * 13_244
    bounds, exact = cut["players"]["Anna"]["bounds"], full["players"]["Anna"]
    for key in ("win", "push", "lose", "expected_souls"):
        low, high = bounds[key]
        assert low - 1e-6 <= exact[key] <= high + 1e-6, (key, bounds[key], exact[key])


# ---------------------------------------------------------------------------------------
# Point 12: the Temptation assignment, its Z3 explanation included, keeps its time limit.


def temptation_table() -> dict:
    return scenario("solver-temptation.scenario.yaml", "temptation-over-ten-is-placed")["position"]


@pytest.mark.parametrize("limit,cli", [(3, None), (30, 2)])
def test_audit_12_sixty_events_and_sixty_heals_answer_within_the_time_limit(limit, cli):
    import time

    params = {"kind": "temptation-assignment", "events": ["everyone suffers 1"] * 60, "heals": 60,
              "time_limit": limit}
    started = time.monotonic()
    result = ask(temptation_table(), params, time_limit=cli)
    took = time.monotonic() - started
    assert took <= min(limit, cli or limit) + 0.2, took
    answer = result.answer
    # Independently: Anna is at 10, so the others must take all 180 Temptation, and Ben (4)
    # and Cara (6) have at most 6 + 4 spaces below 10 plus what heals can give back above the
    # Flame Barriers (Ben down to 0: 4, Cara down to 5: 1): 15 < 180.
    assert answer["status"] == "infeasible" and answer["feasible"] is False
    facts = {"Anna is at 10", "Ben is at 4", "Cara is at 6"} | {
        f"event {i + 1}: {name} suffers 1" for i, name in enumerate(["Anna", "Ben", "Cara"] * 60)}
    assert set(answer["reasons"]) <= facts
    if answer["bound_reached"] == "time_limit":
        assert answer["notes"] and "time limit" in result.explanation


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -1, 0, "3"])
def test_audit_12_time_limit_nan_and_infinity_are_refused_with_the_field_named(value):
    with pytest.raises(FieldError) as info:
        ask(temptation_table(), {"kind": "temptation-assignment", "events": ["Anna suffers 2"], "time_limit": value})
    assert info.value.path == ("time_limit",)


def test_audit_12_counts_are_bounded():
    with pytest.raises(FieldError) as info:
        ask(temptation_table(), {"kind": "temptation-assignment", "events": ["everyone suffers 1"] * 334})
    assert info.value.path == ("events",)
    for heals, path in ((201, ("heals",)), ([1] * 201, ("heals",)), ([11], ("heals", 0))):
        with pytest.raises(FieldError) as info:
            ask(temptation_table(), {"kind": "temptation-assignment", "events": ["Anna suffers 2"], "heals": heals})
        assert info.value.path == path


def test_audit_12_a_small_infeasible_case_still_gets_its_smallest_explanation():
    # Anna 10, Ben 9, Cara 9 and 3 to place: the rooms (0 + 1 + 1) cannot hold it.
    position = dict(temptation_table())
    position["players"] = [dict(p, temptation=t) for p, t in zip(position["players"], (10, 9, 9))]
    answer = ask(position, {"kind": "temptation-assignment", "events": ["Anna suffers 3"], "time_limit": 5}).answer
    assert answer["status"] == "infeasible" and answer["bound_reached"] is None
    assert set(answer["reasons"]) == {"Anna is at 10", "Ben is at 9", "Cara is at 9", "event 1: Anna suffers 3"}
