"""Numbers without an upper bound used to hang or crash the oracle (found by fuzzing):
each is now one error line naming its field, at once."""

import pytest
from click.testing import CliRunner

from oracle.cli import main

CASES = {
    "hod-souls": ('game: hell-of-a-deal\nposition:\n  boss: The Boatman\n  bosses: {The Boatman: {default_hand: J J}}\n  boss_deck: []\n  phase: showdown\n  souls: 1000000000000000000000000000000\n  tolls: 9s\n  board: 9d Kc 7h 4s 2d\n  boss_hole: 5c 6c\n  players:\n    - {name: Anna, hand: 9h Ks 3c, bets: [Earn a Soul]}\nquestions:\n  - {id: q, ask: legal-moves}\n', 'position.souls: souls must be a whole number 0..1000'),
    "auf-teufel-chips-legal-moves": ('game: auf-teufel-komm-raus\nposition:\n  players:\n    - {name: Anna, chips: 30}\n    - {name: Ben, chips: 1000000000000000000000000000000}\nquestions:\n  - {id: q, ask: legal-moves}\n', 'position.players[1].chips: must be at most 100,000'),
    "auf-teufel-chips-bet-advice": ('game: auf-teufel-komm-raus\nposition:\n  players:\n    - {name: Anna, chips: 1000000000000000000000000000000}\n    - {name: Ben, chips: 200}\n  oven: {50: 1, 25: 1, devils: 1}\nquestions:\n  - {id: q, ask: {kind: bet-advice, player: Anna}}\n', 'position.players[0].chips: must be at most 100,000'),
    "drawing-dead-role-copies": ('game: drawing-dead\nposition:\n  role_texts:\n    Banker: {effect: gain-chips, n: 3, copies: 1000000000000000000000000000000}\n  players:\n    - {name: Anna, chips: 5}\n    - {name: Ben, chips: 5}\n  turn: Anna\n  phase: action\n  button: Ben\n  pot: 20\nquestions:\n  - {id: q, ask: legal-moves}\n', 'position.role_texts.Banker.copies: copies must be a whole number from 1 to 100'),
    "drawing-dead-role-effect-type": ('game: drawing-dead\nposition:\n  role_texts:\n    Vandal: {effect: [Ah], copies: 1}\n  players:\n    - {name: Anna, chips: 5}\n    - {name: Ben, chips: 5}\n  turn: Anna\n  phase: action\n  button: Ben\n  pot: 20\nquestions:\n  - {id: q, ask: legal-moves}\n', 'position.role_texts.Vandal.effect: effect must be one of'),
    "hod-temptation-amount": ('game: hell-of-a-deal\nposition:\n  boss: Demona\n  bosses: {Demona: {default_hand: Q Q T T}}\n  boss_deck: []\n  phase: river\n  players:\n    - {name: Anna, hand: Ah Kd 4c, temptation: 10}\n    - {name: Ben, hand: 9s 9d 2c, temptation: 4}\n  board: Ac 9h 5d 5s Jc\n  boss_hole: Ks Qs\nquestions:\n  - {id: q, ask: {kind: temptation-assignment, events: [Anna suffers 1000000000000000000000000000000]}}\n', 'questions[0].ask.events[0]: an amount of Temptation is 0 to 100'),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_huge_numbers_are_refused_at_their_field(tmp_path, name):
    text, message = CASES[name]
    path = tmp_path / f"{name}.scenario.yaml"
    path.write_text(text)
    result = CliRunner().invoke(main, ["solve", str(path), "--json"])
    assert result.exit_code == 2
    assert message in result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
