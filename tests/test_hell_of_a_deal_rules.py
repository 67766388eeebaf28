"""Hell of a Deal's pure rules: the showdown comparison, the tracks, chips, Curses, the count,
Boss and Favor data, and action text. Showdown hands are checked against a brute-force
enumeration written here, independent of ``oracle.eval.select``."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from oracle.cards import full_deck, parse_cards
from oracle.errors import FieldError, IllegalActionError, InvalidActionError
from oracle.eval import HELL_OF_A_DEAL, strength
from oracle.games.hell_of_a_deal import (
    BOSSES,
    Action,
    BossPlay,
    ChipBet,
    boss_from_mapping,
    boss_play,
    check_temptation_assignment,
    compare_with_default,
    find_boss,
    gain_curses,
    heal_temptation,
    healing_floor,
    apply_temptation,
    blackjack_total,
    player_outcome,
    settle_bets,
    team_lost_to_temptation,
    favor_from_mapping,
)
from oracle.games.hell_of_a_deal import STANDARD_BOSS_ORDER

H = HELL_OF_A_DEAL


def s(text: str) -> int:
    return strength(parse_cards(text), H)


def played(text: str) -> BossPlay:
    return BossPlay(s(text), False, "cards")


def printed(text: str) -> BossPlay:
    return BossPlay(s(text), True, "default")


# "The Higher Pair wins. K-K-4-4-2 beats Q-Q-J-J-10" and the two examples after it.
@pytest.mark.parametrize("player, boss", [
    ("Ks Kd 4c 4h 2s", "Qs Qd Jc Jh Ts"),
    ("Ks Kd 9c 9h 2s", "Kh Kc 4c 4h 2d"),
    ("Js Jd 9c 9h As", "Jh Jc 9d 9s Kd"),
])
def test_rulebook_tie_examples_win(player, boss):
    assert player_outcome(s(player), played(boss)) == "win"
    assert player_outcome(s(boss), played(player)) == "lose"


def test_same_hand_and_kicker_is_a_push():
    assert player_outcome(s("Js Jd 9c 9h As"), played("Jh Jc 9d 9s Ad")) == "push"


def test_default_hand_has_no_kicker_so_a_tie_pushes():
    # "If the Boss is using their default minimum hand, they have no Kicker cards listed."
    assert s("Qs Qd Tc Th As") > s("Q Q T T")  # plain strength: a present kicker wins
    assert player_outcome(s("Qs Qd Tc Th As"), printed("Q Q T T")) == "push"
    assert player_outcome(s("Qs Qd Tc Th"), printed("Q Q T T")) == "push"
    assert player_outcome(s("Qs Qd Jc Jh 2s"), printed("Q Q T T")) == "win"
    assert player_outcome(s("Ks Kd 2c 2h As"), printed("Q Q T T")) == "win"
    assert player_outcome(s("Qs Qd 9c 9h As"), printed("Q Q T T")) == "lose"
    assert player_outcome(s("Qs Qd Qc 2h 3s"), printed("Q Q T T")) == "win"


def test_compare_with_default_reads_only_listed_cards():
    assert compare_with_default(s("As Ad Kc 7h 2s"), s("A A K")) == 0
    assert compare_with_default(s("As Ad Qc 7h 2s"), s("A A K")) == -1
    assert compare_with_default(s("9s Th Jd Qc Ks"), s("T J Q K A")) == -1  # straights by top card


def brute_boss_cards(hole, board, max_used):
    best = None
    for k in range(1, max_used + 1):
        for mine in combinations(hole, k):
            for theirs in combinations(board, 5 - k):
                value = strength([*mine, *theirs], H)
                best = value if best is None else max(best, value)
    return best


def test_boss_best_hand_matches_brute_force():
    rng = random.Random(5)
    for name in ("Demona", "Nick Hauss"):
        boss = BOSSES[name].with_default_hand(tuple(parse_cards("T T 9 9")))
        for _ in range(40):
            cards = rng.sample(full_deck(), 5 + boss.hole_cards)
            hole, board = cards[: boss.hole_cards], cards[boss.hole_cards:]
            play = boss_play(boss, hole, board)
            cards_value = brute_boss_cards(hole, board, boss.max_hole_used)
            assert play.cards_strength == cards_value
            beats = compare_with_default(cards_value, s("T T 9 9")) > 0
            assert play.uses_default == (not beats)
            assert play.strength == (cards_value if beats else s("T T 9 9"))


def test_a_queen_does_not_improve_the_default_hand():
    boss = BOSSES["Demona"].with_default_hand(tuple(parse_cards("Q Q T T")))
    play = boss_play(boss, parse_cards("Qh 4d"), parse_cards("Qd Ts 8c 5h 2c"))
    assert play.uses_default and play.description == "Two Pair, Queens and Tens"


def test_boatman_uses_the_toll_card_among_two():
    boss = BOSSES["The Boatman"].with_default_hand(tuple(parse_cards("2 2")))
    play = boss_play(boss, parse_cards("9c 5d"), parse_cards("9d 9h Kc 7h 2s"), toll_cards=parse_cards("9s"))
    assert play.description == "Four Nines, King kicker"


def test_red_jack_over_21_plays_his_default():
    boss = BOSSES["Red Jack"].with_default_hand(tuple(parse_cards("T T")))
    play = boss_play(boss, parse_cards("Kc 6d 9s"), parse_cards("Ks Kh 4h 3c 2d"))
    assert play.uses_default and play.blackjack_total == 25
    play = boss_play(boss, parse_cards("Kc 6d As 2s"), parse_cards("Ks Kh 4h 3c 5d"))
    assert not play.uses_default and play.blackjack_total == 19  # 10+6+1+2


def test_blackjack_total_counts_aces_both_ways():
    assert blackjack_total(parse_cards("As Kd")) == 21
    assert blackjack_total(parse_cards("As Ad 9c")) == 21
    assert blackjack_total(parse_cards("Kh Qd 5s")) == 25


def test_flame_barriers_hold_healing():
    assert [healing_floor(v) for v in (0, 4, 5, 9, 10)] == [0, 0, 5, 5, 10]
    assert heal_temptation(7, 1) == 6
    assert heal_temptation(6, 3) == 5
    assert heal_temptation(5, 1) == 5
    assert heal_temptation(10, 2) == 10
    assert heal_temptation(4, 9) == 0


def test_temptation_at_ten_goes_to_others_as_assigned():
    levels = {"Anna": 9, "Ben": 8, "Cara": 0}
    assert apply_temptation(levels, "Anna", 3, {"Ben": 1, "Cara": 1}) == {"Anna": 10, "Ben": 9, "Cara": 1}
    with pytest.raises(IllegalActionError):
        apply_temptation(levels, "Anna", 3)
    with pytest.raises(IllegalActionError):
        apply_temptation(levels, "Anna", 3, {"Cara": 1})  # one left untaken
    with pytest.raises(IllegalActionError):
        check_temptation_assignment({"Anna": 10, "Ben": 8}, 3, {"Ben": 3})  # past 10
    with pytest.raises(IllegalActionError):
        check_temptation_assignment({"Anna": 10, "Ben": 8}, 1, {"Anna": 1})  # Anna has no room
    check_temptation_assignment({"Anna": 10, "Ben": 8}, 3, {"Ben": 2})  # all the room there is


def test_two_players_at_ten_lose():
    assert not team_lost_to_temptation({"Anna": 10, "Ben": 9})
    assert team_lost_to_temptation({"Anna": 10, "Ben": 10, "Cara": 0})


def test_curses_beyond_three_become_temptation():
    assert gain_curses(0, 0, 1) == (1, 0)
    assert gain_curses(2, 0, 2) == (1, 1)
    assert gain_curses(2, 1, 2) == (1, 2)


def test_chip_backs():
    bets = [ChipBet(chip="Earn a Soul"), ChipBet(chip="Heal"), ChipBet(chip="Devilish Offering"),
            ChipBet(chip="Draw a Favor"), ChipBet(chip="Reveal 2 Cards"), ChipBet(chip="Wild", acts_as="Earn a Soul")]
    assert settle_bets("lose", bets).to_json() == {"souls": 0, "temptation": 5, "curses": 3}
    assert settle_bets("win", bets).to_json() == {"souls": 2, "temptation": 0, "curses": 0}
    assert settle_bets("push", bets).to_json() == {"souls": 0, "temptation": 0, "curses": 0}


def test_boss_table_has_every_boss_of_the_rulebook():
    assert set(STANDARD_BOSS_ORDER) <= set(BOSSES)
    assert {"Jack Potts", "The Boatman", "Red Jack"} <= set(BOSSES)
    assert find_boss("Deadly Aloor").name == "Dedly Aloor"
    assert BOSSES["Nick Hauss"].soul_penalty == 4 and BOSSES["The Devil Himself"].soul_penalty == 4
    assert all(b.soul_penalty == 2 for b in BOSSES.values() if not b.big_table)


def test_designer_boss_from_settings():
    boss = boss_from_mapping({"name": "Card Shark", "hole_cards": 3, "max_hole_used": 3, "big_table": True,
                              "default_hand": "K K", "banned_ranks": ["7"], "tolls": 1})
    assert boss.soul_penalty == 4 and boss.tolls == 1 and boss.default_hand == tuple(parse_cards("K K"))
    with pytest.raises(FieldError) as err:
        boss_from_mapping({"name": "X", "hole_card": 3})
    assert err.value.path == ("hole_card",)


def test_designer_favor_from_settings():
    favor = favor_from_mapping({"name": "Deuces Wild", "effect": "wild_rank", "rank": "2", "price": "curse"})
    assert favor.rank.value == "2" and not favor.instant
    with pytest.raises(FieldError):
        favor_from_mapping({"name": "Bad", "effect": "teleport"})


@pytest.mark.parametrize("line", [
    "deal Anna 9h 9c 2d", "deal flop Qh 7c 2d", "Jack Potts reveals 5h 5d 9c",
    "Anna bets Earn a Soul", "Anna bets Heal on Ben", "Anna bets Wild as Earn a Soul",
    "Anna bets Reveal 2 Cards: 9h Kd", "Anna bets Devilish Offering: reveal Boss card Kh",
    "Anna bets Devilish Offering: look at 2, keep 1", "Anna bets Devilish Offering: swap 9h with Ben's Kd",
    "Anna bets Wild as Devilish Offering: take 7c from the discard pile", "Anna folds", "Anna is done",
    "Anna plays Up Your Sleeve", "Anna plays Soothing Touch on Ben",
    "Anna draws a card and suffers a Temptation", "Anna draws a card and Dedly Aloor draws too",
    "Anna suffers a Temptation", "Anna keeps 5h", "Anna draws Favor Double Down",
    "Anna pays 1 Soul in tolls", "Anna pays 2 Souls in tolls", "Anna rolls the Bones: Curse",
    "assign Temptation: Ben 1, Cara 1", "end round",
])
def test_action_text_round_trips(line):
    assert str(Action.parse(line)) == line


@pytest.mark.parametrize("line", ["Anna bets lots", "Anna bets Wild", "Anna bets Heal", "Anna rolls the Bones: 6", "hello"])
def test_unreadable_actions_raise(line):
    with pytest.raises(InvalidActionError):
        Action.parse(line)


# ---------------------------------------------------------------------------------------
# Review fixes: the engine on whole positions.

from oracle.games.hell_of_a_deal import apply_action, legal_actions, load_position  # noqa: E402
from oracle.registry import QuestionContext, question_kinds  # noqa: E402
from oracle.games.hell_of_a_deal import GAME  # noqa: E402

BIG = {"Nick Hauss": {"default_hand": "A A K K"}, "The Devil Himself": {"default_hand": "K K"},
       "Demona": {"default_hand": "A A"}}


def ask(position, kind, **params):
    rules = GAME.default_rules()
    ctx = QuestionContext(game=GAME, rules=rules, position=position,
                          state=load_position(position, rules), params=params)
    return question_kinds("hell-of-a-deal")[kind].handler(ctx).answer


def test_a_lone_player_at_ten_has_nobody_to_take_the_temptation():
    # "the Temptation must be suffered by another player": with nobody else there is no one,
    # and the round goes on (it used to wait for an assignment no line could express).
    assert apply_temptation({"Anna": 10}, "Anna", 2) == {"Anna": 10}
    state = load_position({"boss": "Demona", "bosses": BIG, "boss_deck": [], "phase": "preflop",
                           "boss_hole": "Ks Kd", "players": [{"name": "Anna", "hand": "2c 3c 4c", "temptation": 10}],
                           "history": ["Anna bets Wild as Earn a Soul"]}, {})
    assert state.assign_overflow == 0 and legal_actions(state) == ["Anna is done"]


def _showdown(boss, deck, winner=True):
    hand = "Qc Qh Qs" if winner else "9d 7c 6d"
    return {"boss": boss, "bosses": BIG, "boss_deck": deck, "phase": "showdown", "souls": 9,
            "board": "Qd Ts 8c 5h 2c", "boss_hole": "3h 4d 9s" if boss != "Demona" else "3h 4d",
            "players": [{"name": "Anna", "hand": hand, "bets": ["Earn a Soul"]}]}


def test_beating_the_devil_himself_wins_the_game():
    # "The players ALL win the game if at least one player wins their hand against The Devil Himself"
    state = apply_action(load_position(_showdown("The Devil Himself", ["Nick Hauss"]), {}), "end round")
    assert state.status == "won" and state.beaten_bosses == ["The Devil Himself"]


def test_beating_nick_hauss_never_wins_the_game():
    # "Having outraged your host by beating him, Nick ... transforms into the 6th Boss, The Devil Himself."
    state = load_position(_showdown("Nick Hauss", []), {})
    with pytest.raises(IllegalActionError, match="Boss deck is empty"):
        apply_action(state, "end round")
    state = apply_action(load_position(_showdown("Nick Hauss", ["The Devil Himself"]), {}), "end round")
    assert state.status == "going on" and state.boss.name == "The Devil Himself"


def test_an_empty_boss_deck_after_a_minion_is_no_loss():
    # The only losses are Temptation and Souls ("The team loses the game if either of the
    # following occurs"); a position without a next Boss cannot end its round.
    state = load_position(_showdown("Demona", []), {})
    with pytest.raises(IllegalActionError, match="Boss deck is empty"):
        apply_action(state, "end round")
    assert state.status == "going on"
    nobody = load_position(_showdown("Nick Hauss", [], winner=False), {})
    assert apply_action(nobody, "end round").boss.name == "Nick Hauss"  # faced again


def test_the_boss_must_use_a_hole_card_so_the_showdown_waits_for_them():
    # "The Boss's Hole card(s) (using 1 card is mandatory)": unknown hole cards are dealt first.
    position = {"boss": "Demona", "bosses": BIG, "boss_deck": [], "phase": "river", "board": "2c 3d 7h 9s Jc",
                "players": [{"name": "Anna", "hand": "As Ah 4c"}], "history": ["Anna bets Earn a Soul", "Anna is done"]}
    state = load_position(position, {})
    assert state.pending[0].kind == "deal_boss" and not state.results
    state = apply_action(state, "deal Boss Ks Kd")
    assert state.results["Anna"]["outcome"] == "push"  # Aces with kickers tie the default A-A
    with pytest.raises(FieldError) as err:
        load_position(_showdown("Demona", []) | {"boss_hole": None}, {})
    assert err.value.path == ("boss_hole",)


@pytest.mark.parametrize("change, path", [
    (lambda p: p["players"][0].update(folded="yes"), ("players", 0, "folded")),
    (lambda p: p["players"][0].update(bets="Earn a Soul"), ("players", 0, "bets")),
    (lambda p: p["players"][0].update(favors="Double Down"), ("players", 0, "favors")),
    (lambda p: p.update(boss_deck=5), ("boss_deck",)),
    (lambda p: p.update(boss_deck="Nick Hauss"), ("boss_deck",)),
    (lambda p: p.update(phase=["river"]), ("phase",)),
    (lambda p: p.update(boss=["Demona"]), ("boss",)),
    (lambda p: p.update(boss={"name": {"x": 1}, "default_hand": "A A"}), ("boss", "name")),
    (lambda p: p.update(offerings_used="look"), ("offerings_used",)),
    (lambda p: p.update(favors=[{"name": ["X"], "effect": "heal"}]), ("favors", 0, "name")),
    (lambda p: p.update(bosses={"Demona": {"default_hand": "A A", "hole_cards": 0}}), ("bosses", "Demona", "hole_cards")),
    (lambda p: p.update(board="Qd Ts 8c 5h Qc"), ("players", 0, "hand")),
    (lambda p: p["players"][0].update(hand=None), ("players", 0, "hand")),
])
def test_bad_position_fields_are_named(change, path):
    position = _showdown("Demona", [])
    change(position)
    with pytest.raises(FieldError) as err:
        load_position(position, {})
    assert err.value.path == path


@pytest.mark.parametrize("params, path", [
    ({"tolls": {"Anna": "x"}}, ("tolls", "Anna")),
    ({"tolls": {"Zed": 1}}, ("tolls", "Zed")),
    ({"bones": {"Anna": "Six"}}, ("bones", "Anna")),
    ({"assignment": {"Anna": -1}}, ("assignment", "Anna")),
    ({"favors_drawn": {"Anna": 3}}, ("favors_drawn", "Anna")),
])
def test_bad_showdown_params_are_named(params, path):
    with pytest.raises(FieldError) as err:
        ask(_showdown("Demona", []), "showdown", **params)
    assert err.value.path == path
