"""Drawing Dead ``legal-moves``: the legal actions now, and for every other action of the
phase the reason it is refused (issue 12, point 19). The independent check: in seeded
playouts every action listed as left out is refused by the engine with the reason given,
every legal one applies, and the two lists split the phase's candidate lines exactly."""

from __future__ import annotations

import random

import pytest

from oracle.errors import FieldError, IllegalActionError
from oracle.games.drawing_dead import GAME, load_position, new_game
from oracle.registry import QuestionContext, question_kinds


def _ask(state, **params):
    ctx = QuestionContext(game=GAME, rules=GAME.default_rules(), position={}, state=state, params=params)
    return question_kinds("drawing-dead")["legal-moves"].handler(ctx).answer


def _table(**extra):
    position = {"players": [{"name": "Anna", "chips": 3, "upcards": "2c", "stash": "3d",
                             "stash_roles": ["Sheriff", "Dirty Cheat"]},
                            {"name": "Ben", "chips": 5, "upcards": "Kd Ks", "stash_roles": ["Sheriff"]}],
                "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0} | extra
    return load_position(position, {})


def test_audit_19_legal_moves_give_the_reason_for_each_action_left_out():
    answer = _ask(_table())
    assert answer["moves"] == ["Anna plays 3d", "Anna plays Dirty Cheat taking Kd from Ben",
                               "Anna plays Dirty Cheat taking Ks from Ben", "Anna ends the turn"]
    assert answer["illegal"] == {
        "Anna plays Sheriff": "Anna has nothing to stop: Sheriff answers a role as it is played "
                              "('Anna stops with Sheriff')",
        "Anna claims the Button": "Anna's High Card, Two (2c) loses to Ben's Pair of Kings (Kd Ks): "
                                  "the Button needs a strictly better hand",
    }


def test_audit_19_a_stop_with_nothing_to_stop_is_not_offered_but_answers_a_role():
    """Glossary, STOP: "When you stop a ROLE CARD, cancel its ability"; Ace in the Hole!: "wait
    until your opponent has made all card related game play choices for that role"."""
    state = _table()
    assert "Anna plays Sheriff" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError, match="Anna has nothing to stop"):
        state.copy().do("Anna plays Sheriff")
    state.do("Anna plays Dirty Cheat taking Kd from Ben")
    answer = _ask(state)
    assert answer["phase"] == "respond" and answer["moves"] == ["all pass", "Ben stops with Sheriff"]
    assert answer["illegal"] == {"Anna stops with Sheriff": "Anna played Dirty Cheat and cannot stop it"}
    state.do("Ben stops with Sheriff")
    assert [str(a) for a in state.legal_actions()] == ["all pass", "Anna stops with Sheriff"]


def test_audit_19_a_stop_without_ace_in_the_hole_is_left_out_with_the_reason():
    state = load_position({
        "role_texts": {"Pickpocket": {"effect": "steal-upcard"}, "Deputy": {"effect": "stop", "copies": 2}},
        "players": [{"name": "Anna", "upcards": "Qs", "stash_roles": ["Pickpocket"]},
                    {"name": "Ben", "upcards": "Jk", "stash_roles": ["Deputy"]}],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}, {})
    state.do("Anna plays Pickpocket taking Jk from Ben")  # nobody may stop it: it resolves
    assert state.phase == "action" and state.players[0].upcards[-1].is_joker
    state = load_position({
        "role_texts": {"Pickpocket": {"effect": "steal-upcard"}, "Deputy": {"effect": "stop", "copies": 2},
                       "Sheriff": {"effect": "stop", "ace_in_the_hole": True}},
        "players": [{"name": "Anna", "upcards": "Qs", "stash_roles": ["Pickpocket"]},
                    {"name": "Ben", "upcards": "Jk", "stash_roles": ["Deputy", "Sheriff"]}],
        "turn": "Anna", "phase": "action", "button": "Ben", "pot": 0}, {})
    state.do("Anna plays Pickpocket taking Jk from Ben")
    answer = _ask(state)
    assert answer["moves"] == ["all pass", "Ben stops with Sheriff"]
    assert answer["illegal"] == {"Ben stops with Deputy": "Deputy is not an ACE IN THE HOLE, so Ben "
                                                          "cannot play it in an opponent's turn"}


def test_audit_19_the_other_start_and_cleanup_actions_say_why_not():
    start = _table(phase="start", button="Anna")
    assert _ask(start)["illegal"] == {"Anna draws": "Anna starts the turn with the Button and wins the hand first"}
    cleanup = load_position({"players": [{"name": "Anna", "upcards": "2c 3c 4c 5c 6c 7d", "stash": "8h"},
                                         {"name": "Ben"}], "turn": "Anna", "phase": "cleanup", "pot": 0}, {})
    answer = _ask(cleanup)
    assert len(answer["moves"]) == 6
    assert answer["illegal"] == {"Anna trashes 8h": "Anna has no more than 5 stash cards"}


def test_audit_19_one_action_is_checked_with_its_reason():
    answer = _ask(_table(), action="Anna plays Sheriff")
    assert answer["action"] == "Anna plays Sheriff" and answer["legal"] is False
    assert answer["reason"].startswith("Anna has nothing to stop")
    answer = _ask(_table(), action="Anna  plays 3d")
    assert answer["legal"] is True and answer["reason"] is None


@pytest.mark.parametrize("line,message", [
    (5, "must be an action line"),
    ("Anna frobs", "cannot read action"),
    ("Zed plays 3d", "there is no player named 'Zed'"),
])
def test_audit_19_a_bad_action_param_names_the_field(line, message):
    with pytest.raises(FieldError, match=message) as info:
        _ask(_table(), action=line)
    assert info.value.path == ("action",)


@pytest.mark.parametrize("seed,players,rules", [
    (21, 2, {}),
    (22, 3, {"box_chips": 60, "fast_draft": True}),
    (23, 3, {"box_chips": 55, "advanced_draft": True}),
])
def test_audit_19_legal_and_left_out_split_every_candidate_in_playouts(seed, players, rules):
    rng = random.Random(seed)
    state = new_game(["Anna", "Ben", "Carl"][:players], rules, seed=seed)
    phases = set()
    for _ in range(300):
        legal = state.legal_actions()
        if not legal:
            break
        phases.add(state.phase)
        candidates = [str(a) for a in state.candidate_actions()]
        left_out = state.left_out()
        assert set(map(str, legal)) | set(left_out) == set(candidates)
        assert not set(map(str, legal)) & set(left_out)
        for line, reason in left_out.items():
            with pytest.raises(IllegalActionError) as info:
                state.copy().do(line)
            assert str(info.value) == reason
        for action in legal:
            state.copy().do(action)
        weights = [1 if a.kind == "end" else 4 for a in legal]
        state.do(rng.choices(legal, weights)[0])
    assert {"start", "action", "respond", "cleanup"} <= phases
