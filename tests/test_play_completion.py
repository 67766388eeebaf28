"""What TAB offers at the table, as plain functions of the session: the legal lines now (and
only they), the cards not seen that a chance line may name, the commands, the question kinds
and their parameters."""

from __future__ import annotations

import oracle
from oracle.cards import full_deck
from oracle.play.completion import completions
from oracle.play.session import Session


def diablo(*lines: str) -> Session:
    seats = [{"name": n} for n in ("Anna", "Ben", "Carla", "Dan")]
    session = Session(oracle.table("diablo", {"seats": seats, "dealer": "Anna"}))
    for line in lines:
        session.play(line)
    return session


def offered(session: Session, text: str) -> list[str]:
    return [choice.text for choice in completions(session, text)]


def test_a_partial_action_completes_to_the_legal_lines_of_the_player_to_act_only():
    session = diablo()
    assert offered(session, "Ben ch") == ["Ben checks"]
    assert offered(session, "Ben b") == [f"Ben bets {n}" for n in range(1, 6)]
    assert offered(session, "ben B") == [f"Ben bets {n}" for n in range(1, 6)]  # any case
    # Not Carla's turn: only the chance line naming her cards, legal before anyone acts.
    assert offered(session, "Carla") == ["Carla is dealt "]
    assert offered(diablo("Ben checks"), "Carla is") == []
    assert offered(session, "Ben calls") == []  # nobody has bet


def test_every_line_offered_is_legal_and_every_legal_line_is_offered():
    session = diablo("Ben checks", "Carla bets 3")
    lines = [line for line in offered(session, "") if not line.endswith(" ")]
    assert set(lines) == set(session.moves().legal)
    for line in lines:
        session.current.apply(line)  # raises if not legal


def test_a_draw_offers_to_name_the_cards_received_from_those_not_seen():
    session = diablo("Anna is dealt Ah Jh 8h 5h 3c", "Ben checks", "Carla checks", "Dan checks", "Anna bets 2",
                     "Ben calls", "Carla calls", "Dan folds", "Ben draws 2")
    assert "Ben receives " in offered(session, "Ben r")
    twos = offered(session, "Ben receives 2")
    assert twos == ["2s", "2h", "2d", "2c"]
    assert offered(session, "Ben receives 2s ") == [str(c) for c in full_deck()
                                                    if str(c) not in ("2s", "Ah", "Jh", "8h", "5h", "3c")]
    assert offered(session, "Ben receives 2s 2d ") == []  # he drew two
    assert offered(session, "Ben receives 8") == ["8s", "8d", "8c"]  # 8h is Anna's
    displays = [c.display for c in completions(session, "Ben receives A")]
    assert displays == ["A♠", "A♦", "A♣"]


def test_a_showdown_offers_the_cards_a_hand_may_show():
    session = diablo("Ben checks", "Carla checks", "Dan checks", "Anna bets 2", "Ben calls", "Carla folds",
                     "Dan folds", "Ben draws 2", "Anna draws 1", "Anna bets 4", "Ben calls")
    assert offered(session, "Anna sh") == ["Anna shows "]
    assert offered(session, "Anna shows 9h 9c 2s 2d ") != []


def test_commands_question_kinds_and_their_parameters_complete():
    session = diablo()
    assert offered(session, ":u") == [":undo"]
    assert offered(session, ":") == [f":{name}" for name in
                                     ("moves", "ask", "table", "undo", "redo", "history", "save", "help", "quit")]
    assert offered(session, ":ask opener") == ["opener-liability"]
    assert offered(session, ":ask best-swap pl") == ["player="]
    assert "player=" not in offered(session, ":ask best-swap player=Ben ")
    assert "opponents=" in offered(session, ":ask best-swap player=Ben ")
    assert offered(session, ":ask nonsense x") == []
