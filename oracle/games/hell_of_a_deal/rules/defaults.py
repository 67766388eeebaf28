"""The Bosses' default minimum hands a table plays with when it names none: the packaged
``boss_defaults.yaml``, and files of the same format (one mapping of Boss name to hand, as
``oracle chart hod-preflop --bosses`` reads).

One order holds wherever a table's hands come from (``table_default_hands``): the packaged
hands, a ``--bosses`` file's over them, and a hand the table writes itself over both
(``oracle play``'s ``--default-hand``; a position's own ``default_hand`` for ``oracle solve``
and ``oracle check``, ``with_default_hands``)."""

from __future__ import annotations

from importlib import resources
from typing import Any, Callable, Mapping

import yaml

from oracle.errors import OracleError

from .bosses import find_boss, lookup_boss, parse_default_hand
from .options import SLUG


class BossFileError(OracleError):
    """A Bosses file that cannot be read as Boss names and default hands."""


def _hands(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, Mapping) or not data:
        raise BossFileError(f"{where}: expected one mapping of Boss name to default hand, such as 'Demona: Q Q T T'")
    hands: dict[str, str] = {}
    for name, cards in data.items():
        try:
            boss = find_boss(str(name)).name
            parse_default_hand(cards, ("default_hand",))
        except OracleError as exc:
            raise BossFileError(f"{where}: {str(name)[:80]}: {getattr(exc, 'message', exc)}") from None
        hands[boss] = " ".join(str(cards).split())
    return hands


def packaged_default_hands() -> dict[str, str]:
    """Boss name -> default hand, as shipped with the oracle."""
    text = resources.files(__package__).joinpath("boss_defaults.yaml").read_text(encoding="utf-8")
    return _hands(yaml.safe_load(text), "the packaged Boss defaults")


def read_bosses_file(path: str) -> dict[str, str]:
    """Boss name -> default hand from a file a table gives (``--bosses FILE``), read with the
    bounds scenario files are read with."""
    from oracle.errors import ScenarioError
    from oracle.scenario_yaml import read_documents

    try:
        documents = read_documents(path)
    except ScenarioError as exc:
        raise BossFileError(f"--bosses {path}: " + "; ".join(p.message for p in exc.problems)) from None
    if len(documents) != 1:
        raise BossFileError(f"--bosses {path}: expected one mapping of Boss name to default hand")
    return _hands(documents[0][0], f"--bosses {path}")


def table_default_hands(file: str | None = None, given: Mapping[str, str] | None = None) -> dict[str, str]:
    """Boss name -> the default hand a table plays with: the packaged hands, those of the
    ``--bosses`` ``file`` over them, and ``given`` (hands the table names itself) over both."""
    hands = packaged_default_hands()
    if file is not None:
        hands.update(read_bosses_file(file))
    hands.update(given or {})
    return hands


def with_default_hands(position: Any, hands: Mapping[str, str]) -> Any:
    """A copy of a Hell of a Deal ``position`` whose ``bosses:`` gives each Boss of ``hands``
    the hand there, unless the position gives one itself (under ``bosses:`` in any spelling of
    his name, or in a ``boss:`` mapping, which the reader lays over ``bosses:``). A position
    or a ``bosses:`` field of the wrong shape is returned as it is, for its reader to refuse."""
    if not isinstance(position, Mapping) or not isinstance(position.get("bosses") or {}, Mapping):
        return position
    bosses = dict(position.get("bosses") or {})
    for name, hand in hands.items():
        key = next((k for k in bosses if lookup_boss(str(k)) is not None and lookup_boss(str(k)).name == name), None)
        if key is None:
            bosses[name] = {"default_hand": hand}
        elif isinstance(bosses[key], Mapping) and "default_hand" not in bosses[key]:
            bosses[key] = {**bosses[key], "default_hand": hand}
        elif bosses[key] is None:
            bosses[key] = {"default_hand": hand}
    return {**position, "bosses": bosses}


def position_defaults(file: str | None = None) -> Callable[[str, dict], dict]:
    """What ``oracle solve`` and ``oracle check`` fill into a scenario's position
    (``oracle.scenario.build_scenario``'s ``defaults``): each Hell of a Deal Boss's default
    hand the position leaves out, from the ``--bosses`` ``file``, else the packaged ones; the
    file is read (and a bad entry refused) at once."""
    hands = table_default_hands(file)

    def fill(game: str, position: dict) -> dict:
        return with_default_hands(position, hands) if game == SLUG else position

    return fill
