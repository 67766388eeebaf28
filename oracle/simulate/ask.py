"""A question kind asked of a table the simulation holds, straight through the game's own
handler: the same answer ``oracle solve`` gives for that position, without writing the
position out as a scenario and reading it back (a player asks at every decision)."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.registry import Answer, QuestionContext, find_game, question_kinds


def ask(game: str, state: Any, rules: Mapping[str, Any], kind: str, **params: Any) -> Answer:
    """The answer of question ``kind`` with ``params`` about ``state`` (the game's own table
    object) under ``rules``."""
    info = find_game(game)
    handler = question_kinds(info.slug)[kind].handler
    return handler(QuestionContext(game=info, rules=rules, position={}, state=state, params=params))
