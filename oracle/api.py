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
    _check_cards(cards, "cards", optional=True)
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
    _check_cards(first, "first")
    _check_cards(second, "second")
    return compare_hands(first, second, game)


def load(path: str | os.PathLike, *, bosses: str | os.PathLike | None = None) -> list[Scenario]:
    """Every scenario in a scenario file, each ready to ``.ask`` and ``.apply``. Only a
    regular file is read: a FIFO or a device is refused at once (it could block for ever).
    Hell of a Deal Bosses the position gives no default hand take the packaged ones, or those
    of the ``bosses`` file (as ``oracle solve --bosses``)."""
    import stat

    from oracle.errors import ArgumentError, ScenarioError
    from oracle.text import quote

    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(f"load: path is a file name (text or a path), not {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str) or len(name) > 4096:
        raise ArgumentError(f"load: path is a file name of at most 4,096 characters, not {quote(name)}")
    try:
        mode = os.stat(name).st_mode
    except OSError:
        mode = None  # the loader names what is wrong (no such file, a name too long, ...)
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        from oracle.errors import Problem

        raise ScenarioError([Problem((), "is not a regular file (a FIFO, a socket or a device is not read)", name)])
    if bosses is not None and not isinstance(bosses, (str, os.PathLike)):
        raise ArgumentError(f"load: bosses is a file name (text or a path), not {type(bosses).__name__}")
    from oracle.games.hell_of_a_deal import position_defaults

    return load_file(name, position_defaults(None if bosses is None else os.fspath(bosses)))


def loads(text: str) -> list[Scenario]:
    """Every scenario in YAML text (the format of scenario files)."""
    from oracle.errors import ArgumentError

    if not isinstance(text, str):
        raise ArgumentError(f"loads: text is YAML text (str), not {type(text).__name__}")
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
    from oracle.errors import ArgumentError

    for label, value in (("position", position), ("rules", rules)):
        if value is not None and not isinstance(value, Mapping):
            raise ArgumentError(f"table: {label} is a mapping (a dict), not {type(value).__name__}")
    data: dict[str, Any] = {"game": game, "name": name, "position": dict(position or {})}
    if rules:
        data["rules"] = dict(rules)
    return from_data(data)


def _check_cards(value: Any, label: str, optional: bool = False) -> None:
    """Cards are text (``"9h 9c"``) or a sequence of ``Card``; anything else is refused by
    name before it reaches the parser."""
    from oracle.errors import ArgumentError

    if value is None and optional or isinstance(value, str):
        return
    if isinstance(value, Sequence) and all(isinstance(card, Card) for card in value):
        return
    kind = type(value).__name__ if not isinstance(value, Sequence) else "a sequence holding " + ", ".join(
        dict.fromkeys(type(card).__name__ for card in value if not isinstance(card, Card)))
    raise ArgumentError(f"{label}: cards are text such as '9h 9c 2s' or a sequence of Card, not {kind}")
