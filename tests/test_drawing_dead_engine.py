"""Drawing Dead's turn engine: seeded random playouts keep every invariant, and the pieces
of the turn follow the rulebook lines they are named after."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from oracle.cards import full_deck, parse_cards
from oracle.errors import FieldError, IllegalActionError, InvalidActionError
from oracle.games.drawing_dead import Action, RoleChoice, State, load_position, new_game, summary


def _invariants(state: State, box: int) -> None:
    assert state.chips_total() == box
    assert min([p.chips for p in state.players] + [state.pot, state.bank]) >= 0
    cards = state.poker_cards()
    assert len(cards) == 53 and Counter(cards) == Counter(full_deck(jokers=1))
    assert Counter(state.role_cards()) == Counter(state.role_table.deck())


def _candidates(state: State, rng: random.Random) -> list[Action]:
    """Actions that parse, for any player and any card, most of them illegal now."""
    names = [p.name for p in state.players]
    deck = full_deck(jokers=1)
    roles = [r.name for r in state.role_table.roles]
    out = [Action(kind="pass")]
    for _ in range(5):
        who = rng.choice(names)
        card = rng.choice(deck)
        role = rng.choice(roles)
        out += [
            Action(kind=rng.choice(["draw", "claim", "end", "win"]), player=who),
            Action(kind="play-card", player=who, card=card),
            Action(kind="trash", player=who, card=card),
            Action(kind="trash", player=who, role=role),
            Action(kind=rng.choice(["keep", "pick", "stop"]), player=who, role=role),
            Action(kind="play-role", player=who, role=role),
            Action(kind="play-role", player=who, role=role, choice=RoleChoice(
                word=rng.choice(["taking", "trashing"]), card=card, owner=rng.choice(names))),
            Action(kind="play-role", player=who, role=role, choice=RoleChoice(
                word="swapping", card=card, give=rng.choice(deck))),
        ]
    return out


@pytest.mark.parametrize("seed,players,rules", [
    (1, 2, {}),
    (2, 3, {"box_chips": 60}),
    (3, 4, {"box_chips": 70, "fast_draft": True}),
    (4, 3, {"box_chips": 55, "advanced_draft": True, "fast_draft": True}),
    (5, 2, {"button_after_win": "winner-keeps", "pot_at_start": False}),
])
def test_seeded_random_turns_keep_chips_cards_and_legality(seed, players, rules):
    rng = random.Random(seed)
    names = ["Anna", "Ben", "Carl", "Dora"][:players]
    state = new_game(names, rules, seed=seed)
    box = state.rules["box_chips"]
    hands_won = 0
    for _ in range(450):
        _invariants(state, box)
        legal = state.legal_actions()
        if not legal:
            assert state.phase == "over"
            break
        texts = {str(a) for a in legal}
        assert len(texts) == len(legal), "a legal action is listed twice"
        for action in legal:
            assert Action.parse(str(action)) == action
            trial = state.copy()
            trial.do(action)
            _invariants(trial, box)
        for action in _candidates(state, rng):
            if str(action) not in texts:
                with pytest.raises(IllegalActionError):
                    state.copy().do(action)
        # Prefer playing on over ending the turn, so hands get built and claimed.
        weights = [1 if a.kind == "end" else 4 for a in legal]
        choice = rng.choices(legal, weights)[0]
        hands_won += choice.kind == "win"
        state.do(choice)
    assert hands_won >= 1


def test_action_text_round_trips():
    for line in ["Anna draws", "Anna plays 9h", "Anna plays Jk", "Anna plays Baron Von Doom",
                 "Anna plays Dirty Cheat taking Jk from Ben", "Ben stops with Sheriff", "all pass",
                 "Anna plays Magic Man swapping 3c for Kd", "Anna claims the Button",
                 "Anna ends the turn", "Anna trashes Ts", "Anna trashes Duke", "Anna keeps Duke",
                 "Anna picks Magic Man", "Anna wins the hand",
                 "Anna plays Vandal trashing 9h from Ben"]:
        assert str(Action.parse(line)) == line


@pytest.mark.parametrize("line", ["Anna", "Anna bets 2", "Anna plays 1x", "Anna plays Dirty Cheat taking Zz from Ben", ""])
def test_unreadable_actions_are_invalid_not_illegal(line):
    with pytest.raises(InvalidActionError):
        Action.parse(line)


def _state(**extra) -> State:
    position = {"players": [{"name": "Anna", "chips": 2, "stash": "9h 9d 9c"},
                            {"name": "Ben", "chips": 10, "upcards": "Ks"}],
                "turn": "Anna", "phase": "action", "button": "Ben", "pot": 5} | extra
    return load_position(position, {})


def test_bet_one_chip_each_then_free_at_zero():
    state = _state()
    for card in ("9h", "9d", "9c"):
        state.do(f"Anna plays {card}")
    assert state.players[0].chips == 0 and state.pot == 7 and state.bank == 23


def test_other_player_cannot_act_in_the_action_step():
    state = _state()
    with pytest.raises(IllegalActionError, match="it is Anna's turn"):
        state.do("Ben plays Ks")


def test_empty_deck_is_reshuffled_from_its_trash():
    rest = [c for c in full_deck(jokers=1) if c not in set(parse_cards("9h 9d 9c Ks"))]
    state = _state(poker_deck="", poker_trash=" ".join(map(str, rest)), phase="start", button=None)
    state.do("Anna draws")
    assert len(state.players[0].stash) == 5 and len(state.poker_deck) == len(rest) - 2
    assert state.poker_trash == []


def test_the_draw_step_takes_two_poker_cards_and_a_role():
    state = _state(phase="start", button=None)
    before = list(state.poker_deck[:2]), state.role_deck[0]
    state.do("Anna draws")
    assert state.players[0].stash[-2:] == before[0] and state.players[0].stash_roles == [before[1]]
    assert state.phase == "action"


def test_a_card_placed_twice_is_refused():
    with pytest.raises(FieldError, match="twice"):
        _state(poker_trash="9h")


def test_chips_beyond_the_box_are_refused():
    with pytest.raises(FieldError) as info:
        _state(pot=30)
    assert info.value.path == ("pot",)


def test_a_wrong_bank_is_refused_with_the_right_figure():
    with pytest.raises(FieldError, match="must hold 23"):
        _state(bank=10)


def test_three_players_need_a_bigger_box():
    with pytest.raises(FieldError, match="box_chips") as info:
        new_game(["Anna", "Ben", "Carl"])
    assert info.value.path == ("rules", "box_chips")


def test_setup_deals_fifteen_chips_two_cards_one_role_and_fills_the_pot():
    state = new_game(["Anna", "Ben"], seed=9)
    assert [p.chips for p in state.players] == [15, 15] and state.pot == 5 and state.bank == 5
    assert all(len(p.stash) == 2 and len(p.stash_roles) == 1 for p in state.players)
    assert state.phase == "start" and state.button is None


def test_history_is_applied_and_a_bad_line_is_located():
    with pytest.raises(FieldError) as info:
        _state(history=["Anna plays 9h", "Anna plays 2c"])
    assert info.value.path == ("history", 1)


def test_dealt_position_plays_from_the_seed():
    a = load_position({"players": [{"name": "Anna"}, {"name": "Ben"}], "deal": True, "seed": 4}, {})
    b = new_game(["Anna", "Ben"], seed=4)
    assert summary(a) == summary(b)


@pytest.mark.parametrize("extra,path", [
    ({"hand_won": "no"}, ("hand_won",)),
    ({"history": "Anna plays 9h"}, ("history",)),
    ({"phase": "draft", "draft_options": ["Duke"]}, ("phase",)),
])
def test_bad_position_fields_name_the_field(extra, path):
    with pytest.raises(FieldError) as info:
        _state(**extra)
    assert info.value.path == path


def test_a_dealt_position_refuses_placed_chips():
    with pytest.raises(FieldError) as info:
        load_position({"players": [{"name": "Anna", "chips": 3}, {"name": "Ben"}], "deal": True}, {})
    assert info.value.path == ("players", 0, "chips")


def test_a_target_below_one_is_refused():
    with pytest.raises(FieldError, match="target") as info:
        new_game(["Anna", "Ben"], {"target": 0})
    assert info.value.path == ("rules", "target")


def _ask(kind, params, state=None):
    from oracle.registry import QuestionContext, question_kinds
    from oracle.games.drawing_dead import GAME
    state = state or _state()
    ctx = QuestionContext(game=GAME, rules=GAME.default_rules(), position={}, state=state, params=params)
    return question_kinds("drawing-dead")[kind].handler(ctx).answer


@pytest.mark.parametrize("kind,params,path", [
    ("can-claim", {"hand": 123}, ("hand",)),
    ("can-claim", {"holder_hand": {"a": 1}}, ("holder_hand",)),
    ("can-claim", {"hand": "A K"}, ("hand",)),
    ("apply", {"actions": ["Anna plays 9h", 5]}, ("actions", 1)),
    ("apply", {"action": "Anna frobs"}, ("action",)),
    ("cleanup", {"limit": "x"}, ("limit",)),
    ("cheapest-claim", {"player": "Zed"}, ("player",)),
])
def test_bad_question_params_name_the_param(kind, params, path):
    with pytest.raises(FieldError) as info:
        _ask(kind, params)
    assert info.value.path == path


def test_apply_takes_one_action_line():
    assert _ask("apply", {"action": "Anna plays 9h"})["chips"]["Anna"] == 1


@pytest.mark.parametrize("kind,params,path", [
    ("cheapest-claim", {"time_limit": float("nan")}, ("time_limit",)),
    ("cheapest-claim", {"time_limit": float("inf")}, ("time_limit",)),
    ("cheapest-claim", {"time_limit": 0}, ("time_limit",)),
    ("cheapest-claim", {"time_limit": "soon"}, ("time_limit",)),
    ("cleanup", {"time_limit": -1}, ("time_limit",)),
    ("cleanup", {"limit": 1001}, ("limit",)),
    ("cleanup", {"limit": 0}, ("limit",)),
])
def test_audit_14_time_limits_and_counts_are_bounded_with_the_field_named(kind, params, path):
    with pytest.raises(FieldError) as info:
        _ask(kind, params)
    assert info.value.path == path


def test_audit_14_cleanup_out_of_time_says_so():
    import time
    from oracle.budget import Budget
    from oracle.games.drawing_dead import cleanup_choices
    upcards = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"  # C(13, 5) = 1287 ways to keep five
    state = load_position({"players": [{"name": "Anna", "upcards": upcards}, {"name": "Ben"}],
                           "turn": "Anna", "phase": "cleanup", "pot": 0}, {})
    whole = cleanup_choices(state, 0, 3)
    assert whole["exact"] is True and whole["bound_reached"] is None and whole["best_choices"] == 1
    assert whole["keep"] == ["Tc", "Jc", "Qc", "Kc", "Ac"]
    cut = cleanup_choices(state, 0, 3, Budget(seconds=1e-9, started=time.monotonic() - 1))
    assert cut["exact"] is False and cut["bound_reached"] == "time_limit" and len(cut["choices"]) == 3
