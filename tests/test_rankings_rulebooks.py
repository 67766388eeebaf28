"""The rulebooks' own examples of hand ranking, one test each."""

from oracle.cards import parse_cards
from oracle.eval import compare, evaluate
from oracle.eval.select import Limits, best_selection


def rank(text, game="standard"):
    return evaluate(parse_cards(text), game)


def test_diablo_ben_shows_four_nines_and_beats_annas_flush():
    # Diablo, "The Diablo rule", example: "Ben shows 9 9 2 2 K - four nines - and beats
    # Anna's flush."
    ben = rank("9c 9d 2s 2h Kc", "diablo")
    assert ben.category == "four_of_a_kind"
    assert ben.description == "Four Nines, King kicker"
    assert compare(parse_cards("9c 9d 2s 2h Kc"), parse_cards("Ah Jh 8h 6h 3h"), "diablo") == 1


def test_diablo_deuce_cannot_be_a_second_ace_of_hearts_in_a_flush():
    # Diablo, "Hand ranking": "with a natural A♥ in a heart flush, a 2 cannot be a second A♥".
    hand = rank("Ah Kh 7h 4h 2c", "diablo")
    assert hand.category == "flush"
    assert hand.description == "Flush, Ace-King-Queen-Seven-Four"
    assert [str(w.stands_for) for w in hand.wilds] == ["Qh"]


def test_diablo_four_deuces_and_a_king_are_five_kings_and_beat_a_royal_flush():
    hand = rank("2s 2h 2d 2c Kh", "diablo")
    assert hand.category == "five_of_a_kind"
    assert hand.description == "Five Kings"
    assert compare(parse_cards("2s 2h 2d 2c Kh"), parse_cards("As Ks Qs Js Ts"), "diablo") == 1


def test_nine_nine_two_two_king_is_two_pair_in_standard_poker():
    assert rank("9 9 2 2 K").description == "Two Pair, Nines and Twos, King kicker"


def test_drawing_dead_four_aces_and_joker_is_four_aces_king_kicker():
    # Drawing Dead FAQ: "Neither five of a kind, nor a six-card straight would count."
    hand = rank("As Ah Ad Ac Jk", "drawing-dead")
    assert hand.category == "four_of_a_kind"
    assert hand.description == "Four Aces, King kicker"


def test_drawing_dead_four_aces_and_joker_loses_to_a_royal_flush():
    assert compare(parse_cards("As Ah Ad Ac Jk"), parse_cards("Ks Kh Kd Kc Qs"), "drawing-dead") == 1
    assert compare(parse_cards("As Ah Ad Ac Jk"), parse_cards("Ah Kh Qh Jh Th"), "drawing-dead") == -1


def test_hell_of_a_deal_higher_pair_wins():
    # Hell of a Deal, "Compare Hands": "K-K-4-4-2 beats Q-Q-J-J-10".
    assert compare(parse_cards("Ks Kh 4d 4c 2s"), parse_cards("Qs Qh Jd Jc Ts"), "hell-of-a-deal") == 1


def test_hell_of_a_deal_higher_lower_pair_wins():
    # "K-K-9-9-2 beats K-K-4-4-2".
    assert compare(parse_cards("Ks Kh 9d 9c 2s"), parse_cards("Kd Kc 4d 4c 2h"), "hell-of-a-deal") == 1


def test_hell_of_a_deal_kicker_breaks_two_pair_tie():
    # "J-J-9-9-A beats J-J-9-9-K".
    assert compare(parse_cards("Js Jh 9d 9c As"), parse_cards("Jd Jc 9s 9h Ks"), "hell-of-a-deal") == 1


def test_hell_of_a_deal_three_sevens_in_hand_make_only_two_pair():
    # Hell of a Deal, "Deal Cards": "you cannot use all three cards in your final scoring
    # hand. You must use one of your hole cards and MAY use two".
    hole, board = parse_cards("7h 7d 7c"), parse_cards("Ks Kd 2c 3h 9s")
    player = best_selection(hole, board, "hell-of-a-deal", Limits(min_private=1, max_private=2))
    assert player.hand.category == "two_pair"
    assert player.hand.description == "Two Pair, Kings and Sevens, Nine kicker"


def test_hell_of_a_deal_up_your_sleeve_makes_the_full_house():
    # Favor "Up Your Sleeve": "You may use a third card from your hand".
    hole, board = parse_cards("7h 7d 7c"), parse_cards("Ks Kd 2c 3h 9s")
    player = best_selection(hole, board, "hell-of-a-deal", Limits(min_private=1, max_private=3))
    assert player.hand.description == "Full House, Sevens over Kings"


def test_partial_hand_kicker_present_beats_kicker_missing():
    assert compare(parse_cards("7s 7h K 9 4"), parse_cards("7d 7c K"), "standard") == 1


def test_ace_plays_low_only_in_the_wheel():
    assert rank("5h 4d 3c 2s Ah").description == "Straight, Five high"
    assert rank("Ah 2d 3c 4s 6h").category == "high_card"
    assert rank("Qh Kd Ac 2s 3h").category == "high_card"


def test_suitless_cards_never_make_a_flush():
    assert rank("A K 9 7 3").category == "high_card"


def test_no_cards_rank_below_any_card():
    # Drawing Dead: a player with no upcards can still hold or challenge for the Button.
    from oracle.eval import strength

    assert strength([], "drawing-dead") == 0 < strength(parse_cards("2c"), "drawing-dead")
