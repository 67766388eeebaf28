"""The Bosses' default minimum hands a table plays with when it names none: the packaged
``boss_defaults.yaml``, and files of the same format (one mapping of Boss name to hand, as
``oracle chart hod-preflop --bosses`` reads)."""

from __future__ import annotations

from importlib import resources
from typing import Any, Mapping

import yaml

from oracle.errors import OracleError

from .bosses import find_boss, parse_default_hand


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
    from oracle.scenario_yaml import read_documents

    documents = read_documents(path)
    if len(documents) != 1:
        raise BossFileError(f"--bosses {path}: expected one mapping of Boss name to default hand")
    return _hands(documents[0][0], f"--bosses {path}")
