"""``--save-game I FILE``: one simulated game as a scenario file that ``oracle check`` replays
and passes, the way ``oracle play``'s ``:save`` writes a session.

The game is played again from its seed (the same game: its seed is derived from the run's
seed and its number), keeping its action lines. Each part of it (each round of Auf Teufel
komm raus, the whole game for the others) is one scenario document: the start position, the
lines as its history, and the game's state question with the answer reached as its
expectation. So the file proves that every line was legal where it was played, and pins the
end the simulation reached.
"""

from __future__ import annotations

import copy
from typing import Any

from oracle.simulate.record import GameResult

# The first line of every file --save-game writes: only such a file is ever replaced.
SAVE_HEADER = "# Played by oracle simulate --save-game: "


def documents(setup: Any, result: GameResult, seed: int) -> list[dict[str, Any]]:
    """The scenario documents of a game played with its lines kept."""
    from oracle.play.session import game_session
    from oracle.scenario import from_data

    kind = game_session(setup.game).STATE_KIND
    parts = result.parts or []
    out = []
    for number, (position, lines) in enumerate(parts, start=1):
        name = f"simulated game {result.index} of seed {seed}"
        if len(parts) > 1:
            name += f", part {number} of {len(parts)}"
        data: dict[str, Any] = {"game": setup.game, "name": name,
                                "description": f"oracle simulate {setup.game} --seed {seed}: game {result.index}, "
                                               f"players {' '.join(setup.levels)}"}
        if setup.given_rules:
            data["rules"] = dict(setup.given_rules)
        data["position"] = copy.deepcopy(position) | {"history": list(lines)}
        answer = from_data(data, "<simulated game>").ask(kind)
        data["questions"] = [{"id": kind, "ask": {"kind": kind}, "expect": answer.answer, "rule": answer.rule}]
        out.append(data)
    return out


def check_save_target(path: str) -> None:
    """``path`` can take a saved game: a new file, or one ``--save-game`` wrote (its first line
    says so); a file of someone else's is never replaced, nor written through a link."""
    from oracle.files import check_target, refuse_a_file_not_written_by

    check_target(path, links=False)
    refuse_a_file_not_written_by(path, SAVE_HEADER, "oracle simulate", "move it, or choose another name")


def save_game(setup: Any, seed: int, index: int, path: str) -> int:
    """Play game ``index`` again with its lines kept and write it to ``path`` (never half a
    file, never through a link, never over a file ``--save-game`` did not write); returns the
    number of scenario documents written."""
    from oracle.files import write_text
    from oracle.play.saving import dumps
    from oracle.simulate.run import play_one

    result = play_one(setup, seed, index, keep_lines=True)
    written = documents(setup, result, seed)
    check_save_target(path)
    write_text(path, f"{SAVE_HEADER}game {index} of seed {seed}\n" + dumps(written), links=False)
    return len(written)
