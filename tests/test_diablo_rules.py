"""Diablo's rules, one test per rule, on small hand-built tables."""

from __future__ import annotations

import pytest

from oracle.cards import parse_cards
from oracle.errors import FieldError, IllegalActionError, InvalidActionError, ScenarioError
from oracle.games.diablo import Action, DiabloGame, DiabloRules, declared_strength, hand_strength, load_position

LINES = ["Anna checks", "Anna bets 2", "Ben calls", "Carla raises to 8", "Dan folds", "Anna draws 1",
         "Ben discards 9h Kd", "Carla stands pat", "Anna declares four of a kind",
         "Anna is dealt Ah Jh 8h 5h 3c", "Ben receives 2s 2d", "Ben shows 9h 9c 2s 2d Kd",
         "Table agrees to stop", "Anna Maria bets 3"]


@pytest.mark.parametrize("line", LINES)
def test_action_lines_print_back_the_same(line):
    assert str(Action.parse(line)) == line


@pytest.mark.parametrize("line", ["Anna bets lots", "Anna draws 0", "Anna sings", "Anna declares a royal mess",
                                  "Ben discards 9x", "Anna calls 3", "Ben discards Jk"])
def test_unreadable_lines_are_invalid(line):
    with pytest.raises(InvalidActionError):
        Action.parse(line)


def table(chips=(50, 50, 50), dealer=2, **rules):
    return DiabloGame.new(names=("Anna", "Ben", "Carla")[:len(chips)] if len(chips) <= 3
                          else ("Anna", "Ben", "Carla", "Dan")[:len(chips)],
                          chips=list(chips), dealer=dealer, rules=DiabloRules(**rules))


def deal(game, **hands):
    for name, text in hands.items():
        game.do(f"{name} is dealt {text}")


def test_first_round_begins_left_of_the_dealer():
    assert table(dealer=2).to_act == 0
    assert table(dealer=0).to_act == 1


def test_second_round_begun_by_next_player_when_opener_folded():
    game = table(chips=(50, 50, 50, 50), dealer=3)
    for line in ["Anna bets 1", "Ben calls", "Carla calls", "Dan calls",
                 "Anna draws 1", "Ben draws 1", "Carla draws 1", "Dan draws 1"]:
        game.do(line)
    assert game.to_act == 0 and game.betting_round == 2  # the opener Anna begins
    game = table(chips=(50, 50, 50, 50), dealer=3)
    for line in ["Anna bets 1", "Ben raises to 2", "Carla calls", "Dan calls", "Anna folds",
                 "Ben draws 1", "Carla draws 1", "Dan draws 1"]:
        game.do(line)
    assert game.names[game.to_act] == "Ben"


def test_opener_who_folds_pays_the_new_pot():
    game = table()
    for line in ["Anna bets 3", "Ben raises to 6", "Carla folds", "Anna folds"]:
        game.do(line)
    result = game.results[-1]
    assert (result.opener, result.liable, result.liability_paid) == ("Anna", True, 12)
    assert game.diablo and game.pot == 12 and game.contributed == [0, 0, 0]


def test_no_antes_while_a_diablo_pot_runs():
    game = DiabloGame.new(names=("A", "B", "C"), chips=[10, 10, 10], pot=9, diablo=True)
    assert game.pot == 9 and game.chips == [10, 10, 10]


def test_ties_share_and_the_odd_chip_goes_left_of_the_dealer():
    game = table(chips=(50, 50, 50), dealer=0)  # Ben is left of the dealer Anna
    deal(game, Anna="Ac Kc Qd Jd 9h", Ben="Ah Ks Qs Js 9c", Carla="7c 7d 5h 3s Tc")
    for line in ["Ben checks", "Carla bets 2", "Anna calls", "Ben folds", "Carla stands pat", "Anna stands pat",
                 "Carla checks", "Anna checks"]:
        game.do(line)
    assert game.results[-1].won == {"Carla": 7}  # Carla's pair of sevens wins outright
    game = table(chips=(50, 50, 50), dealer=2)
    deal(game, Anna="Ac Kc Qd Jd 9h", Ben="Ah Ks Qs Js 9c", Carla="7c 6d 5h 3s Tc")
    for line in ["Anna bets 2", "Ben calls", "Carla folds", "Anna stands pat", "Ben stands pat",
                 "Anna checks", "Ben checks"]:
        game.do(line)
    assert game.results[-1].won == {"Anna": 4, "Ben": 3}


def test_all_in_player_wins_only_the_main_pot_and_the_opener_is_judged_on_it():
    game = table(chips=(3, 50, 50), dealer=2)
    deal(game, Anna="2c 2d 2h 2s Ah", Ben="Kc Kd 7h 6s 3c", Carla="Qh Jh 8c 5d 4s")
    for line in ["Anna checks", "Ben bets 5", "Carla calls", "Anna calls",
                 "Anna stands pat", "Ben stands pat", "Carla stands pat", "Ben bets 10", "Carla calls"]:
        game.do(line)
    result = game.results[-1]
    # Anna put in 1 + 2 (all in): the main pot is 3 x 3 = 9; the side pot 3 + 3 + 10 + 10 = 26.
    assert [(p.amount, p.winners) for p in result.pots] == [(9, ("Anna",)), (26, ("Ben",))]
    assert result.opener == "Ben" and result.liable and result.liability_due == 35
    assert game.chips[0] == 9 and game.total_chips() == 103


def test_a_round_ends_when_everyone_in_has_put_in_the_same():
    game = table()
    game.do("Anna bets 2")
    game.do("Ben calls")
    assert game.phase == "bet"
    game.do("Carla calls")
    assert game.phase == "draw"


def test_known_hand_must_name_its_discards():
    game = table()
    deal(game, Anna="As 7c 8d Jc 4h")
    for line in ["Anna bets 1", "Ben calls", "Carla calls"]:
        game.do(line)
    with pytest.raises(IllegalActionError, match="name the cards"):
        game.do("Anna draws 1")
    with pytest.raises(IllegalActionError, match="does not hold"):
        game.do("Anna discards Kd")
    with pytest.raises(IllegalActionError, match="at most 2"):
        game.do("Anna discards 7c 8d Jc")


def test_a_card_cannot_appear_twice():
    game = table()
    deal(game, Anna="As 7c 8d Jc 4h")
    with pytest.raises(IllegalActionError, match="already in Anna's hand"):
        game.do("Ben is dealt As 2c 3c 4c 5c")


def test_declared_hand_counts_as_named():
    trips = parse_cards("9h 9c 9d Ks 4c")
    assert declared_strength(trips, "three of a kind") == hand_strength(trips)
    assert declared_strength(trips, "two pair") < hand_strength(parse_cards("3h 3c 2d 4s 5c"))  # any real two pair
    assert declared_strength(trips, "full house") is None


def test_players_without_chips_drop_out_and_the_game_ends_with_one_left():
    game = table(chips=(2, 2, 0), dealer=0)
    assert game.dealt == [True, True, False]
    game.do("Ben bets 1")
    game.do("Anna folds")
    assert game.phase != "over"  # Ben 3, Anna 1: both still play
    assert game.total_chips() == 4


def test_stop_gives_back_the_antes_of_the_hand_not_played():
    game = table()
    game.do("Table agrees to stop")
    assert game.phase == "over" and game.chips == [50, 50, 50]
    with pytest.raises(IllegalActionError, match="over"):
        game.do("Anna checks")


def test_position_errors_name_the_field():
    seats = [{"name": n, "chips": 10} for n in ("Anna", "Ben", "Carla")]
    with pytest.raises(FieldError) as err:
        load_position({"seats": seats, "history": ["Ben bets 1", "Carla bets 9"]}, {})
    assert err.value.path == ("history", 1)
    with pytest.raises(FieldError) as err:
        load_position({"seats": seats, "dealer": "Zed"}, {})
    assert err.value.path == ("dealer",)
    with pytest.raises(FieldError) as err:
        load_position({"seats": seats, "hands": {"Anna": "As As 2c 3c 4c"}}, {})
    assert err.value.path == ("hands", "Anna")
    with pytest.raises(ScenarioError):
        load_position({"seats": seats[:2] + [{"name": "Anna", "chips": -1}]}, {})
    with pytest.raises(FieldError) as err:
        load_position({"seats": seats}, {"pot_cap": "big"})
    assert err.value.path == ("rules", "pot_cap")


def test_a_player_all_in_from_the_ante_did_not_check_so_the_hand_is_played_out():
    """"If everyone checks, the cards are thrown in": Anna, all in with her last chip, cannot
    check, so when Ben and Carla check the hand goes to the draw and the showdown instead of
    throwing away her last chip; nobody opened, so nobody is liable."""
    game = table(chips=(1, 20, 20), dealer=2)
    deal(game, Anna="As Ad Ah 7c 4d", Ben="Kd 9s 8h 6c 3d", Carla="Qh Jh 8c 5d 4s")
    for line in ["Ben checks", "Carla checks"]:
        game.do(line)
    assert game.phase == "draw" and game.names[game.to_act] == "Anna"
    for line in ["Anna stands pat", "Ben stands pat", "Carla stands pat", "Ben checks", "Carla checks"]:
        game.do(line)
    result = game.results[-1]
    assert result.ending == "showdown" and result.won == {"Anna": 3}
    assert (result.opener, result.liable) == (None, False)


def test_everyone_checking_still_throws_the_cards_in_when_nobody_is_all_in():
    game = table(chips=(20, 20, 20), dealer=2)
    for line in ["Anna checks", "Ben checks", "Carla checks"]:
        game.do(line)
    assert game.results[-1].ending == "everyone checked" and game.pot == 6


def _seven_player_bigger_draw(swap_last=None):
    from oracle.cards import full_deck

    deck = [str(c) for c in full_deck()]
    names = ("Anna", "Ben", "Carla", "Dan", "Eve", "Fay", "Gus")
    game = DiabloGame.new(names=names, chips=[50] * 7, dealer=0, rules=DiabloRules(bigger_draw=True))
    for k, name in enumerate(names):
        game.do(f"{name} is dealt {' '.join(deck[5 * k:5 * k + 5])}")
    game.do("Ben bets 1")
    for name in ("Carla", "Dan", "Eve", "Fay", "Gus", "Anna"):
        game.do(f"{name} calls")
    stock, pile = deck[35:], []
    for k, name in enumerate(names[1:] + names[:1]):
        thrown = deck[5 * names.index(name):5 * names.index(name) + 3]
        game.do(f"{name} discards {' '.join(thrown)}")
        drawn = [stock.pop(0) if stock else pile.pop(0) for _ in range(3)]
        if name == "Anna" and swap_last:
            drawn[-1] = swap_last(thrown, pile)
        pile += thrown
        game.do(f"{name} receives {' '.join(drawn)}")
    return game


def test_the_discards_are_reshuffled_when_the_stock_runs_out():
    """Seven players under the bigger draw: 35 cards dealt leave a stock of 17, and 21 are
    drawn; the last four come from the discards of the players who drew before."""
    game = _seven_player_bigger_draw()
    assert game.phase == "bet" and game.betting_round == 2
    known = game.known_cards()
    assert len(known) == len(set(known)) == 52
    with pytest.raises(IllegalActionError, match="own discard"):
        _seven_player_bigger_draw(swap_last=lambda thrown, pile: thrown[0])


def test_a_card_on_the_discard_pile_cannot_be_drawn_while_the_stock_lasts():
    game = table()
    deal(game, Anna="As 7c 8d Jc 4h")
    for line in ["Anna bets 1", "Ben calls", "Carla calls", "Anna discards 7c 8d"]:
        game.do(line)
    with pytest.raises(IllegalActionError, match="on the discard pile"):
        game.do("Anna receives 7c Kd")


def test_an_action_that_is_not_a_line_is_reported_on_its_field():
    seats = [{"name": n, "chips": 10} for n in ("Anna", "Ben", "Carla")]
    with pytest.raises(FieldError) as err:
        load_position({"seats": seats, "history": ["Ben bets 1", 5]}, {})
    assert err.value.path == ("history", 1)
    from oracle.games.diablo import GAME
    from oracle.registry import QuestionContext, question_kinds

    state = load_position({"seats": seats}, {})
    for kind, params, path in (("legal-moves", {"action": 5}, ("action",)),
                               ("showdown", {"hand": True}, ("hand",))):
        ctx = QuestionContext(game=GAME, rules=GAME.default_rules(), position={"seats": seats},
                              state=state, params=params)
        with pytest.raises(FieldError) as err:
            question_kinds("diablo")[kind].handler(ctx)
        assert err.value.path == path


# Issue 12, point 2: a show belongs to the showdown of the hand being played.
SEATS = [{"name": n, "chips": 20} for n in ("Anna", "Ben", "Carla")]
NINES_FULL = "Anna shows 9s 9h 9d 4c 4d"


def _refused_line(history):
    with pytest.raises(FieldError) as err:
        load_position({"seats": SEATS, "dealer": "Carla", "history": history}, {})
    return err.value


def test_audit_2_a_show_after_the_hand_has_settled_is_refused_with_its_line():
    # Anna took the pot as last player standing: hand 2 has begun, her cards are not these.
    error = _refused_line(["Anna bets 2", "Ben folds", "Carla folds", NINES_FULL])
    assert error.path == ("history", 3)
    assert error.message == (f"'{NINES_FULL}' is out of place: a hand is shown only at the showdown, "
                             "and this is the first betting round of hand 2")


@pytest.mark.parametrize("history,where", [
    (["Anna bets 2"], "first betting round of hand 1"),
    (["Anna bets 2", "Ben calls", "Carla calls"], "draw of hand 1"),
    (["Anna bets 2", "Ben calls", "Carla calls", "Anna stands pat", "Ben stands pat", "Carla stands pat",
      "Anna bets 4"], "second betting round of hand 1"),
])
def test_audit_2_a_show_before_the_showdown_is_refused(history, where):
    error = _refused_line([*history, NINES_FULL])
    assert error.path == ("history", len(history))
    assert error.message.endswith(f"this is the {where}")


def test_audit_2_the_same_show_at_the_showdown_settles_the_hand():
    history = ["Anna bets 2", "Ben calls", "Carla folds", "Anna stands pat", "Ben stands pat",
               "Anna checks", "Ben checks", NINES_FULL, "Ben shows Ah Kd Qc Jc 8s"]
    game = load_position({"seats": SEATS, "dealer": "Carla", "history": history}, {})
    result = game.results[-1]
    assert (result.ending, result.winners, result.won) == ("showdown", ("Anna",), {"Anna": 7})


# Issue 12, point 3: under jacks or better, an opening hand shown later is checked then.
def _to_showdown(draw, *more):
    """Anna opens blind (her cards unknown), Ben calls, Carla folds; Anna draws as given,
    Ben stands pat, both check: the showdown waits for the hands."""
    return ["Anna bets 2", "Ben calls", "Carla folds", draw, *more, "Ben stands pat", "Anna checks", "Ben checks"]


def _jacks(history):
    return load_position({"seats": SEATS, "dealer": "Carla", "history": history}, {"jacks_or_better": True})


def test_audit_3_an_opener_who_stood_pat_and_shows_less_than_jacks_is_refused():
    history = _to_showdown("Anna stands pat")
    with pytest.raises(FieldError) as err:
        _jacks([*history, "Anna shows 9s 9h 4d 7c Kc"])
    assert err.value.path == ("history", len(history))
    assert err.value.message == ("'Anna shows 9s 9h 4d 7c Kc' proves that Anna opened with Pair of Nines, "
                                 "King-Seven-Four kickers: jacks or better is needed to open")
    game = _jacks([*history, "Anna shows Js 2h 4d 7c Kc", "Ben shows 9s 9h 9d 4c 5d"])
    assert game.results[-1].winners == ("Ben",)


def test_audit_3_named_discards_and_the_cards_received_give_the_opening_hand():
    # Opened with 5c 6c 7h 9h Kd: the 2s 2d drawn make a straight, the hand opened was no pair.
    history = _to_showdown("Anna discards 9h Kd", "Anna receives 2s 2d")
    with pytest.raises(FieldError, match="opened with High Card"):
        _jacks([*history, "Anna shows 2s 2d 5c 6c 7h"])
    # Opened with 5c Kc 7h 9h Kd: a pair of Kings may open.
    game = _jacks([*history, "Anna shows 2s 2d 5c Kc 7h", "Ben shows 9s 9c 9d 4c 5d"])
    assert game.results[-1].winners == ("Anna",)


def test_audit_3_a_blind_draw_hides_the_opening_hand():
    history = _to_showdown("Anna draws 2")
    _jacks([*history, "Anna shows 3c 4d 5h 7s 8c", "Ben shows 9s 9h 9d 4c 5d"])


def test_audit_3_without_the_cards_drawn_every_split_of_the_show_is_tried():
    """Anna threw 9h Kd and drew two cards not given: she opened with those two and any three
    of the five she shows. The show is refused exactly when no such hand is at least a pair of
    Jacks, the weakest being J J 5 4 3 (a 2 is wild); checked against that brute force on
    random shows."""
    import random
    from itertools import combinations

    from oracle.cards import full_deck
    from oracle.eval import DIABLO, strength

    game = _jacks(_to_showdown("Anna discards 9h Kd"))
    weakest = strength(parse_cards("Jc Jd 5h 4s 3c"), DIABLO)
    thrown = parse_cards("9h Kd")
    deck = [c for c in full_deck() if c not in thrown]
    rng = random.Random(12)
    verdicts = set()
    for _ in range(300):
        shown = rng.sample(deck, 5)
        opens = any(strength([*kept, *thrown], DIABLO) >= weakest for kept in combinations(shown, 3))
        assert game.can(f"Anna shows {' '.join(map(str, shown))}") == opens, shown
        verdicts.add(opens)
    assert verdicts == {True, False}


# Issue 12, point 4: Anna bets 3, Ben raises to 6, Anna folds. Three antes of 1 make the pot
# 3 + 3 + 6 = 12 by the rulebook ("the pot - all the chips bet in that deal"); with the
# uncalled 3 of Ben's raise given back it is 3 + 3 + 3 = 9.
RAISE_UNCALLED = ["Anna bets 3", "Ben raises to 6", "Carla folds", "Anna folds"]


def _uncalled(history, **rules):
    return load_position({"seats": SEATS, "dealer": "Carla", "history": history}, rules)


def test_audit_4_by_default_the_opener_owes_every_chip_bet_in_the_deal():
    game = _uncalled(RAISE_UNCALLED)
    result = game.results[-1]
    assert (result.pot, result.won, result.returned) == (12, {"Ben": 12}, {})
    assert (result.liable, result.liability_due, result.liability_paid) == (True, 12, 12)
    # Anna: 20 - 1 - 3 - 12; Ben: 20 - 1 - 6 + 12; Carla: 20 - 1; the Diablo pot is 12.
    assert game.chips == [4, 25, 19] and game.pot == 12 and game.total_chips() == 60


def test_audit_4_return_uncalled_bet_gives_the_raise_back_before_the_opener_pays():
    game = _uncalled(RAISE_UNCALLED, return_uncalled_bet=True)
    result = game.results[-1]
    assert (result.pot, result.won, result.returned) == (9, {"Ben": 9}, {"Ben": 3})
    assert (result.liable, result.liability_due, result.liability_paid) == (True, 9, 9)
    # Anna: 20 - 1 - 3 - 9; Ben: 20 - 1 - 6 + 3 + 9; Carla: 20 - 1; the Diablo pot is 9.
    assert game.chips == [7, 25, 19] and game.pot == 9 and game.total_chips() == 60


def test_audit_4_return_uncalled_bet_gives_back_the_excess_over_an_all_in_call():
    """Carla calls Ben's bet of 4 all in with her last 2 chips and wins the showdown: Ben, the
    opener, owes the pot. By the rulebook it is 1 + 5 + 3 = 9, Ben's unmatched 2 included (a
    side pot only he could win); with the house rule those 2 go back first and he owes 7."""
    seats = [{"name": "Anna", "chips": 20}, {"name": "Ben", "chips": 20}, {"name": "Carla", "chips": 3}]
    position = {"seats": seats, "dealer": "Carla",
                "hands": {"Ben": "3c 4d 7h 8s Kc", "Carla": "Ah Ad 9c 6d 5s"},
                "history": ["Anna checks", "Ben bets 4", "Carla calls", "Anna folds",
                            "Ben stands pat", "Carla stands pat"]}
    for rules, pot, returned in (({}, 9, {}), ({"return_uncalled_bet": True}, 7, {"Ben": 2})):
        result = load_position(position, rules).results[-1]
        assert (result.ending, result.winners, result.opener) == ("showdown", ("Carla",), "Ben")
        assert (result.pot, result.returned, result.liability_due) == (pot, returned, pot)
        assert result.won == {"Carla": 7, **({"Ben": 2} if not returned else {})}
