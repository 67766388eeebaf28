"""Human output: fixed-width, colourless consoles, so what a person sees is pinned."""

from oracle.cards import parse_cards
from oracle.eval import evaluate
from oracle.render import make_console, rank_result
from oracle.render_pictures import PICTURES, outcome_bar


def capture(draw):
    console = make_console(width=100, color=False)
    with console.capture() as captured:
        draw(console)
    return captured.get()


def test_wild_cards_show_what_they_stand_for_with_suit_symbols():
    hand = evaluate(parse_cards("Ah Kh 7h 4h 2c"), "diablo")
    text = capture(lambda c: rank_result(c, hand, hand.ruleset.source))
    assert "Flush, Ace-King-Queen-Seven-Four" in text
    assert "A♥ K♥ 2♣→Q♥ 7♥ 4♥" in text


def test_outcome_bar_shapes_tell_win_push_and_lose_apart_without_colour():
    assert outcome_bar(0.5, 0.25, 0.25, width=8).plain == "████▒▒░░"
    assert outcome_bar(1.0, 0.0, 0.0, width=8).plain == "████████"


def test_odds_picture_has_a_bar_and_percentages_per_player():
    answer = {"method": "exact", "players": {"Anna": {"win": 0.75, "push": 0.0, "lose": 0.25, "expected_souls": 0.5}}}
    text = capture(lambda c: PICTURES["odds"].draw(c, "odds", answer, False))
    assert "Anna" in text and "75.0%" in text and "+0.500" in text and "win █  push ▒  lose ░" in text


def test_swap_picture_lists_every_discard_best_first():
    answer = {
        "method": "exact",
        "choices": [
            {"keep": "9h 9c 7c", "discard": "Kd 4s", "win": 0.04, "tie": 0.0, "lose": 0.96, "best": True,
             "categories": {"pair": 0.57, "three_of_a_kind": 0.23}},
            {"keep": "9h 9c Kd", "discard": "4s 7c", "win": 0.03, "tie": 0.0, "lose": 0.97,
             "categories": {"pair": 0.6}},
        ],
    }
    text = capture(lambda c: PICTURES["best-swap"].draw(c, "swap", answer, False))
    assert text.index("9♥ 9♣ 7♣") < text.index("9♥ 9♣ K♦")
    assert "pair 57% · trips 23%" in text


def test_the_kinds_with_a_picture_are_the_kinds_the_pictures_module_draws():
    from oracle.render import PICTURE_KINDS

    assert PICTURE_KINDS == set(PICTURES)
