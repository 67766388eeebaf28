"""One whole game of each game, from its setup to its end, played on the game's own engine:
each module plays a game (``play_game``), says what a game's length is (``LENGTH``) and which
numbers (``MEASURES``) and rules firing (``EVENTS``) it counts. Every action goes through the
engine's verify-then-apply face, never through a scenario's history, so a game of N actions
costs N steps.

``driver(slug)`` is the game's module, imported when asked for."""

from __future__ import annotations

import importlib
from types import ModuleType

MODULES = {
    "auf-teufel-komm-raus": "oracle.simulate.games.auf_teufel",
    "diablo": "oracle.simulate.games.diablo",
    "drawing-dead": "oracle.simulate.games.drawing_dead",
    "hell-of-a-deal": "oracle.simulate.games.hell_of_a_deal",
}


def driver(slug: str) -> ModuleType:
    return importlib.import_module(MODULES[slug])
