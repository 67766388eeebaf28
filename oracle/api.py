"""The oracle as a Python library, for a bot, a notebook or a web service.

Everything the command line answers can be asked here, with the same checks and the same
answers: rank and compare hands under a game's rules, load scenario files, build a table
position in Python, apply action lines to it and ask it any question kind of its game. Bad
input raises a subclass of ``oracle.OracleError`` (itself a ``ValueError``) whose message names
the bad card, field or action. ``docs/api.md`` has examples, run by the test suite.
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

from oracle.cards import Card
from oracle.eval import HandRank
from oracle.ranking import Comparison, HellOfADealRanking, compare_hands, rank_hand, rank_hell_of_a_deal
from oracle.scenario import Scenario, from_data, load_file
from oracle.scenario import loads as _loads

HELL_OF_A_DEAL_ONLY = ("hole", "board", "boss", "toll", "souls", "up_your_sleeve", "for_boss")


def rank(
    cards: str | Sequence[Card] | None = None,
    game: str = "standard",
    *,
    hole: str | None = None,
    board: str = "",
    boss: str | None = None,
    toll: str = "",
    souls: int | None = None,
    up_your_sleeve: bool = False,
    for_boss: bool = False,
) -> HandRank | HellOfADealRanking:
    """A hand ranked under a game's rules (``standard``, ``diablo``, ``drawing-dead`` or
    ``hell-of-a-deal``). For Hell of a Deal, give ``hole`` and ``board`` instead of ``cards``
    to get the best legal hand under the selection rule (and a Boss's restrictions)."""
    if hole is not None:
        return rank_hell_of_a_deal(
            hole, board, boss=boss, toll=toll, souls=souls, up_your_sleeve=up_your_sleeve, for_boss=for_boss
        )
    given = [name for name, value in (("board", board), ("boss", boss), ("toll", toll), ("souls", souls),
                                      ("up_your_sleeve", up_your_sleeve), ("for_boss", for_boss)) if value]
    if given:
        from oracle.errors import InvalidHandError

        raise InvalidHandError(f"{given[0]} goes with Hell of a Deal's hole cards: give hole=... as well")
    if cards is None:
        from oracle.errors import InvalidHandError

        raise InvalidHandError("give the cards to rank")
    return rank_hand(cards, game)


def compare(first: str | Sequence[Card], second: str | Sequence[Card], game: str = "standard") -> Comparison:
    """Which of two hands wins under a game's rules: ``.winner`` is ``"first"``,
    ``"second"`` or ``"tie"``."""
    return compare_hands(first, second, game)


def load(path: str | os.PathLike) -> list[Scenario]:
    """Every scenario in a scenario file, each ready to ``.ask`` and ``.apply``."""
    return load_file(path)


def loads(text: str) -> list[Scenario]:
    """Every scenario in YAML text (the format of scenario files)."""
    return _loads(text)


def table(
    game: str,
    position: Mapping[str, Any] | None = None,
    *,
    rules: Mapping[str, Any] | None = None,
    name: str = "table",
) -> Scenario:
    """A position built in Python: ``position`` holds what a scenario file's ``position:``
    holds (its keys are documented on the game's page), ``rules`` the rule options."""
    data: dict[str, Any] = {"game": game, "name": name, "position": dict(position or {})}
    if rules:
        data["rules"] = dict(rules)
    return from_data(data)
