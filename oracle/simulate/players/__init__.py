"""The players of a simulation, one module a game, each with three levels: ``random``
(uniform over its legal decisions), ``simple`` and ``strong`` (built on the game's solvers;
each module says how). A player decides only for its own seat; chance is never a player's.

``make_players(setup, seed)`` seats one player a seat, each with its own random stream."""

from __future__ import annotations

import importlib
from typing import Any

from oracle.simulate.seeds import player_rng

MODULES = {
    "auf-teufel-komm-raus": "oracle.simulate.players.auf_teufel",
    "diablo": "oracle.simulate.players.diablo",
    "drawing-dead": "oracle.simulate.players.drawing_dead",
    "hell-of-a-deal": "oracle.simulate.players.hell_of_a_deal",
}
CLASSES = {"random": "RandomPlayer", "simple": "SimplePlayer", "strong": "StrongPlayer"}


def make_players(setup: Any, seed: int) -> list[Any]:
    """One player a seat of ``setup``, of the level asked for it."""
    module = importlib.import_module(MODULES[setup.game])
    return [getattr(module, CLASSES[level])(seat, player_rng(seed, seat), setup.game, setup.rules)
            for seat, level in enumerate(setup.levels)]
