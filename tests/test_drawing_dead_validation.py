"""Reading a Drawing Dead position: every refusal names the field at fault (a path relative
to the position, or ``("rules", option)`` for a rule option), fields are read with strict
types, and fields that must agree with the phase are checked. The check against something
independent: every position the turn engine reaches in seeded playouts, written back out,
loads again unchanged, so no consistency rule refuses a reachable position."""

from __future__ import annotations

import random

import pytest

from oracle.cards import format_cards
from oracle.errors import FieldError, OracleError, ScenarioError
from oracle.games.drawing_dead import GAME, POSITION_KEYS, State, load_position, new_game, summary
from oracle.scenario import load_file


def _position(**extra) -> dict:
    return {"players": [{"name": "Anna", "chips": 10, "stash": "9h 9d", "upcards": "Kh"},
                        {"name": "Ben", "chips": 10, "upcards": "Ks"}],
            "turn": "Anna", "phase": "action", "button": "Ben", "pot": 10} | extra


def _refusal(position, rules=None) -> list[tuple[tuple, str]]:
    """Every (path, message) load_position refuses ``position`` with."""
    with pytest.raises((FieldError, ScenarioError)) as info:
        load_position(position, rules or {})
    if isinstance(info.value, ScenarioError):
        return [(p.path, p.message) for p in info.value.problems]
    return [(info.value.path, info.value.message)]


def _paths(position, rules=None) -> list[tuple]:
    return [path for path, _ in _refusal(position, rules)]


# ---------------------------------------------------------------- the game's end and the phase

def test_a_game_with_a_winner_is_over():
    problems = _refusal(_position(winner="Anna"))
    assert problems == [(("winner",), "a game with a winner is over: set phase: over, or leave winner out "
                                      "(the phase is action)")]


def test_a_finished_game_needs_its_winner_with_40_and_the_most_chips():
    players = [{"name": "Anna", "chips": 30}, {"name": "Ben", "chips": 10}]
    assert _paths({"players": players, "phase": "over"}) == [("winner",)]
    assert _paths({"players": players, "phase": "over", "winner": "Anna"}) == [("winner",)]  # 30 < 40
    rich = [{"name": "Anna", "chips": 40}, {"name": "Ben", "chips": 0}]
    assert load_position({"players": rich, "phase": "over", "winner": "Anna"}, {}).to_act() == []


def test_roles_are_on_offer_only_in_the_fast_draft_step():
    rules = {"fast_draft": True}
    assert _paths(_position(draft_options=["Duke"]), rules) == [("draft_options",)]
    assert _paths(_position(phase="draft", draft_options=["Duke", "Duke", "Sheriff"]), rules) == [("draft_options",)]
    assert _paths(_position(phase="draft"), rules) == [("draft_options",)]
    assert _paths(_position(phase="draft", draft_options=["Duke"])) == [("phase",)]


def test_a_role_is_passed_only_under_fast_draft_and_waits_for_the_receivers_draw():
    pos = _position()
    pos["players"][1]["passed_role"] = "Duke"
    assert _paths(pos) == [("players", 1, "passed_role")]
    assert load_position(pos, {"fast_draft": True}).players[1].passed_role == "Duke"
    pos = _position()
    pos["players"][0]["passed_role"] = "Duke"  # Anna's own: offered in her draw step already
    assert _paths(pos, {"fast_draft": True}) == [("players", 0, "passed_role")]
    assert load_position(pos | {"phase": "start"}, {"fast_draft": True}).phase == "start"


def test_roles_played_this_turn_are_listed_only_after_the_draw():
    assert _paths(_position(phase="start", played_roles=["Duke"])) == [("played_roles",)]
    assert load_position(_position(played_roles=["Duke"]), {}).played_roles == ["Duke"]


def test_a_hand_won_this_turn_trashed_every_upcard_and_freed_the_button():
    pos = _position(phase="start", hand_won=True)
    assert sorted(_paths(pos)) == [("button",), ("players", 0, "upcards"), ("players", 1, "upcards")]
    players = [{"name": "Anna", "chips": 20}, {"name": "Ben", "chips": 10}]
    assert load_position({"players": players, "phase": "start", "hand_won": True}, {}).hand_won is True
    keeps = {"button_after_win": "winner-keeps"}
    assert _paths({"players": players, "phase": "start", "hand_won": True}, keeps) == [("button",)]
    assert load_position({"players": players, "phase": "start", "hand_won": True, "button": "Anna"}, keeps).button == 0


def test_the_clean_up_phase_needs_a_zone_over_its_limit():
    assert _paths(_position(phase="cleanup")) == [("phase",)]


# ---------------------------------------------------------------- the Advanced Draft

def _draft_position(**extra) -> dict:
    return {"players": [{"name": "Anna", "draft": ["Sheriff", "Duke", "Magic Man"]},
                        {"name": "Ben", "draft": ["Dirty Cheat", "Baron Von Doom", "Duke"]},
                        {"name": "Carl", "draft": ["Sheriff", "Duke", "Magic Man"]}],
            "phase": "advanced-draft", "first": "Ben"} | extra


ADVANCED = {"advanced_draft": True, "box_chips": 60}


def test_advanced_draft_picks_go_in_seat_order_from_the_first_player():
    state = load_position(_draft_position(), ADVANCED)
    assert state.turn == 1 and state.to_act() == ["Ben"]
    pos = _draft_position()
    pos["players"][2]["stash_roles"] = [pos["players"][2]["draft"].pop()]  # Carl picked before Ben
    assert _paths(pos, ADVANCED) == [("players", 2, "draft")]
    pos["players"][1]["stash_roles"] = [pos["players"][1]["draft"].pop()]  # now Ben has too
    assert load_position(pos, ADVANCED).to_act() == ["Anna"]


def test_advanced_draft_hands_hold_three_then_two_cards():
    pos = _draft_position()
    pos["players"][0]["draft"] = ["Sheriff"]
    assert _paths(pos, ADVANCED) == [("players", 0, "draft")]
    assert _paths(_draft_position(draft_round=2), ADVANCED) == [("players", 1, "draft"), ("players", 2, "draft"),
                                                                ("players", 0, "draft")]


def test_a_draft_round_everybody_picked_in_is_over():
    pos = _draft_position()
    for p in pos["players"]:
        p["stash_roles"] = [p["draft"].pop()]
    assert _paths(pos, ADVANCED) == [("draft_round",)]


def test_the_advanced_draft_phase_needs_its_rule_and_comes_before_the_first_turn():
    assert _paths(_draft_position(), {"box_chips": 60}) == [("phase",)]
    assert _paths(_draft_position(turn="Anna"), ADVANCED) == [("turn",)]
    assert _paths(_draft_position(button="Anna"), ADVANCED) == [("button",)]
    assert _paths(_draft_position(hand_won=True), ADVANCED) == [("hand_won",)]


def test_draft_cards_are_held_only_during_the_advanced_draft():
    pos = _position()
    pos["players"][1]["draft"] = ["Duke"]
    assert _paths(pos, {"advanced_draft": True}) == [("players", 1, "draft")]


def test_the_advanced_draft_has_two_rounds():
    assert _paths(_position(draft_round=3)) == [("draft_round",)]
    assert _paths(_position(draft_round=2)) == [("draft_round",)]
    assert load_position(_position(draft_round=2), {"advanced_draft": True}).draft_round == 2


# ---------------------------------------------------------------- every card once

def test_a_card_in_two_zones_is_named_at_the_second_copys_field():
    pos = _position()
    pos["players"][1]["upcards"] = "Kh"
    [(path, message)] = _refusal(pos)
    assert path == ("players", 1, "upcards")
    assert message.startswith("card Kh is also in players[0].upcards")
    pos = _position()
    pos["players"][0]["stash"] = "9h Ks"
    assert _refusal(pos)[0][0] == ("players", 1, "upcards")  # Ben's Ks comes after Anna's stash
    assert "card Ks is also in players[0].stash" in _refusal(pos)[0][1]


def test_a_card_twice_in_one_field_and_in_a_trash_pile_is_named_there():
    pos = _position()
    pos["players"][0]["stash"] = "9h 9h"
    assert _refusal(pos) == [(("players", 0, "stash"), "card 9h is also earlier in the same field "
                                                       "(the same card '9h' appears twice)")]
    [(path, message)] = _refusal(_position(poker_trash="Jk Ks"))
    assert path == ("poker_trash",) and message.startswith("card Ks is also in players[1].upcards")


def test_every_card_placed_twice_is_listed_at_once():
    pos = _position(poker_trash="9d Ks")
    assert _paths(pos) == [("poker_trash",), ("poker_trash",)]


def test_a_role_card_beyond_its_copies_is_named_at_its_own_field():
    pos = _position(role_trash=["Duke", "Duke", "Duke"])
    pos["players"][1]["stash_roles"] = ["Sheriff", "Duke"]
    [(path, message)] = _refusal(pos)
    assert path == ("role_trash", 2)  # the players are listed first: the fourth Duke is here
    assert message == "one Duke too many: the game has 3, already placed in players[1].stash_roles, role_trash"
    pos["players"][1]["passed_role"] = "Duke"  # a fifth: both extra copies are in role_trash
    assert _paths(pos, {"fast_draft": True}) == [("role_trash", 1), ("role_trash", 2)]


# ---------------------------------------------------------------- unknown keys

def test_unknown_top_level_keys_are_the_loaders_and_reported_once(tmp_path):
    assert GAME.position_keys == POSITION_KEYS  # the loader's check covers every top-level key
    assert load_position(_position(buton="Ben"), {}).button == 1  # not the game's to report
    path = tmp_path / "s.scenario.yaml"
    path.write_text("game: drawing-dead\nposition:\n  players: [{name: Anna}, {name: Ben}]\n"
                    "  buton: Ben\nquestions:\n  - {id: q, ask: legal-moves}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    assert [str(p) for p in info.value.problems] == [
        f"{path}:4: position.buton: unknown key 'buton'; did you mean 'button'?"]


def test_unknown_player_keys_suggest_the_nearest():
    pos = _position()
    pos["players"][1]["chps"] = 3
    assert _refusal(pos) == [(("players", 1, "chps"), "unknown player key 'chps'; did you mean 'chips'?")]
    dealt = {"players": [{"name": "Anna"}, {"name": "Ben", "upcrads": "9h"}], "deal": True}
    assert _refusal(dealt) == [(("players", 1, "upcrads"), "unknown player key 'upcrads'; did you mean 'upcards'?")]
    assert _paths({"players": [{"name": "Anna"}, {"name": "Ben", "chips": 3}], "deal": True}) == [("players", 1, "chips")]


def test_unknown_role_text_fields_suggest_the_nearest():
    texts = {"Pickpocket": {"effect": "steal-upcard", "copis": 2}, "Deputy": {"effect": "stop"}}
    assert _refusal({"players": [{"name": "Anna"}, {"name": "Ben"}], "role_texts": texts}) == [
        (("role_texts", "Pickpocket", "copis"), "unknown field of a role 'copis'; did you mean 'copies'?")]


# ---------------------------------------------------------------- rule options

@pytest.mark.parametrize("rules,option,words", [
    ({"target": 0}, "target", "at least 1"),
    ({"target": -5}, "target", "at least 1"),
    ({"target": 41}, "target", "never be reached"),
    ({"box_chips": 29}, "box_chips", "2 players need 30 chips"),
    ({"fast_draft": "no"}, "fast_draft", "true or false"),
    ({"target": True}, "target", "whole number"),
    ({"button_after_win": "loser"}, "button_after_win", "must be one of"),
    ({"targt": 30}, "targt", "did you mean 'target'?"),
])
def test_rule_option_ranges_are_refused_at_the_rules_option(rules, option, words):
    [(path, message)] = _refusal(_position(), rules)
    assert path == ("rules", option) and words in message
    with pytest.raises(FieldError) as info:
        new_game(["Anna", "Ben"], rules)
    assert info.value.path == ("rules", option)


def test_three_players_in_the_default_box_are_refused_at_box_chips():
    pos = {"players": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl"}], "deal": True}
    assert _paths(pos) == [("rules", "box_chips")]
    assert len(load_position(pos, {"box_chips": 45}).players) == 3


def test_a_rule_option_range_lands_on_the_rules_line(tmp_path):
    path = tmp_path / "s.scenario.yaml"
    path.write_text("game: drawing-dead\nrules: {target: 0}\nposition:\n  players: [{name: Anna}, {name: Ben}]\n"
                    "questions:\n  - {id: q, ask: legal-moves}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    assert [str(p) for p in info.value.problems] == [f"{path}:2: rules.target: target must be at least 1, not 0"]


# ---------------------------------------------------------------- strict types

@pytest.mark.parametrize("extra,path", [
    ({"hand_won": "no"}, ("hand_won",)),
    ({"deal": "no"}, ("deal",)),
    ({"seed": True}, ("seed",)),
    ({"pot": "3"}, ("pot",)),
    ({"turn": 1}, ("turn",)),
    ({"button": True}, ("button",)),
    ({"phase": ["action"]}, ("phase",)),
    ({"history": False}, ("history",)),
    ({"history": ["Anna plays 9h", 7]}, ("history", 1)),
    ({"poker_trash": 5}, ("poker_trash",)),
    ({"poker_trash": ["2c", 3]}, ("poker_trash", 1)),
    ({"role_trash": 5}, ("role_trash",)),
    ({"role_trash": ["Duke", {"a": 1}]}, ("role_trash", 1)),
    ({"played_roles": [True]}, ("played_roles", 0)),
    ({"draft_round": 1.5}, ("draft_round",)),
])
def test_position_fields_are_read_with_strict_types(extra, path):
    assert _paths(_position(**extra)) == [path]


@pytest.mark.parametrize("key,value", [("chips", True), ("stash", 98), ("stash_roles", False),
                                       ("upcards", {"Kh": 1}), ("name", 5), ("passed_role", 1)])
def test_player_fields_are_read_with_strict_types(key, value):
    pos = _position()
    pos["players"][0][key] = value
    assert _paths(pos, {"fast_draft": True})[0][:3] == ("players", 0, key)


def test_a_player_that_is_not_a_mapping_is_named():
    assert _paths({"players": [{"name": "Anna"}, "Ben"]}) == [("players", 1)]


def test_players_holding_more_than_the_box_are_named_at_the_chips():
    pos = _position()
    pos["players"][1]["chips"] = 31
    assert _paths(pos) == [("players", 1, "chips")]


# ---------------------------------------------------------------- reachable positions load

def _write_position(state: State) -> dict:
    """A position mapping for ``state``, written with every field given."""
    name = lambda i: None if i is None else state.players[i].name  # noqa: E731
    players = [{"name": p.name, "chips": p.chips, "stash": format_cards(p.stash),
                "upcards": format_cards(p.upcards), "stash_roles": list(p.stash_roles),
                "draft": list(p.draft), **({"passed_role": p.passed_role} if p.passed_role else {})}
               for p in state.players]
    return {"players": players, "turn": name(state.turn), "phase": state.phase, "button": name(state.button),
            "pot": state.pot, "bank": state.bank, "poker_deck": format_cards(state.poker_deck),
            "poker_trash": format_cards(state.poker_trash), "role_deck": list(state.role_deck),
            "role_trash": list(state.role_trash), "played_roles": list(state.played_roles),
            "draft_options": list(state.draft_options), "draft_round": state.draft_round,
            "first": name(state.first), "winner": name(state.winner), "hand_won": state.hand_won,
            "seed": state.seed}


@pytest.mark.parametrize("seed,players,rules", [
    (11, 2, {}),
    (12, 3, {"box_chips": 50, "target": 25}),
    (13, 3, {"box_chips": 55, "advanced_draft": True, "fast_draft": True}),
    (14, 2, {"button_after_win": "winner-keeps", "pot_at_start": False, "target": 30}),
])
def test_every_position_the_engine_reaches_loads_back_unchanged(seed, players, rules):
    rng = random.Random(seed)
    state = new_game(["Anna", "Ben", "Carl"][:players], rules, seed=seed)
    loaded = 0
    for _ in range(400):
        if state.phase != "respond":  # a pending role is reached only through history
            position = _write_position(state)
            assert set(position) <= set(POSITION_KEYS)
            try:
                again = load_position(position, rules)
            except OracleError as exc:
                pytest.fail(f"a reachable {state.phase} position is refused: {exc}")
            assert summary(again) == summary(state)
            assert again.poker_deck == state.poker_deck and again.role_deck == state.role_deck
            loaded += 1
        legal = state.legal_actions()
        if not legal:
            break
        weights = [1 if a.kind == "end" else 4 for a in legal]
        state.do(rng.choices(legal, weights)[0])
    assert loaded > 50
