"""Drawing Dead hands in the shared comparison (``oracle compare``, the ``compare`` question
kind): the deck has one Joker ("There is one Joker card in the deck", Drawing Dead: Joker's
Wild!), so, like any other card, it cannot be in both hands."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from oracle.cards import full_deck
from oracle.cli import main
from oracle.errors import FieldError, InvalidHandError
from oracle.ranking import compare_hands


def _run(*args):
    try:  # click 8.1 mixes standard error into the output unless told not to
        runner = CliRunner(mix_stderr=False)
    except TypeError:  # click 8.2+: always kept apart
        runner = CliRunner()
    return runner.invoke(main, list(args))


def test_audit_6_the_joker_in_both_hands_is_refused():
    with pytest.raises(InvalidHandError, match="the card 'Jk' is in both hands"):
        compare_hands("Jk", "Jk", "drawing-dead")
    with pytest.raises(InvalidHandError, match="'Jk' is in both hands"):
        compare_hands("As Ad Jk", "Kh Jk", "drawing-dead")
    result = _run("compare", "Jk", "Jk", "--game", "drawing-dead")
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2 and lines == ["Error: the card 'Jk' is in both hands"]
    assert "Traceback" not in result.output


def test_audit_6_the_joker_is_refused_as_every_other_card_is():
    """The independent check: each of the 53 cards, put in both hands, is refused the same way,
    and none of them is refused alone in one hand."""
    for card in full_deck(jokers=1):
        compare_hands(str(card), "2c" if str(card) != "2c" else "3c", "drawing-dead")
        with pytest.raises(InvalidHandError, match=f"the card '{card}' is in both hands"):
            compare_hands(str(card), str(card), "drawing-dead")


def test_audit_6_suitless_ranks_may_still_repeat_across_hands():
    """A what-if of ranks without suits is not one physical card, so it is still asked."""
    assert compare_hands("A A A A Jk", "Ah Kh Qh Jh Th", "drawing-dead").winner == "second"
    assert compare_hands("K K", "K K", "drawing-dead").winner == "tie"


def test_audit_6_the_compare_question_names_the_field():
    from oracle.games.drawing_dead import GAME
    from oracle.registry import QuestionContext, question_kinds

    ctx = QuestionContext(game=GAME, rules=GAME.default_rules(), position={}, state=None,
                          params={"first": "Jk Ah", "second": "Jk Kh"})
    with pytest.raises(FieldError, match="'Jk' is in both hands") as info:
        question_kinds("drawing-dead")["compare"].handler(ctx)
    assert info.value.path == ("second",)  # the second hand repeats a card of the first
