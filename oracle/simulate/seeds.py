"""Where every simulated game's chance comes from: game ``i`` of a run with seed ``S`` has a
seed of its own, derived from ``(S, i)`` alone, so the same seed gives the same games in any
order, on one process or on many workers, and two variants of a rule compared on the same
seed play the same deals as far as their rules let them (common random numbers).

Each game splits its seed further into independent streams: one for chance (cards dealt,
coal drawn) and one for each seat's player, so a player who decides differently under a
changed rule does not shift the cards that come next.
"""

from __future__ import annotations

import hashlib
import random


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: 63 bits of SHA-256."""
    digest = hashlib.sha256(f"oracle simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def chance_rng(seed: int) -> random.Random:
    """The stream of a game's chance steps."""
    return random.Random(f"chance:{seed}")


def player_rng(seed: int, seat: int) -> random.Random:
    """The stream of one seat's player (a random player's choices, a solver's sampling)."""
    return random.Random(f"player:{seed}:{seat}")
