"""``oracle simulate``: many whole games played by programmed players on the games' own
engines, and what they say about a game's balance.

Modules:

- ``setup``: what is played (the game, its seats and their players' levels, rule and table
  options, the limits of a game), checked as ``oracle play`` checks them; ``variant``, the
  setup ``--compare`` plays beside it (``changed_setup``: several changes at once);
- ``seeds``: each game's seed from the run's seed and its number, and its chance and player
  streams;
- ``games``: one module a game playing one whole game on the engine, with what it counts;
- ``players``: one module a game with its ``random``, ``simple`` and ``strong`` players;
- ``ask``: a question kind asked straight of a table (the solvers the players use);
- ``record``: a game's result, its measures and events;
- ``run``: the games played here or in batches on Dask;
- ``stats`` and ``figures``: the figures with their 95% intervals, and paired differences;
- ``store`` and ``page``: the Parquet table of every game and the HTML page (``--output``);
- ``save``: one game as a scenario file (``--save-game``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from oracle.simulate.record import GameResult
from oracle.simulate.setup import LEVELS, Setup, SimulateError, changed_setup, make_setup, read_change, variant

MAX_GAMES = 10_000_000

__all__ = ["LEVELS", "MAX_GAMES", "Setup", "SimulateError", "Simulation", "changed_setup", "make_setup", "read_change",
           "simulate", "variant"]


@dataclass
class Simulation:
    """A finished run: the variants played (the first as given, the second ``--compare``'s)
    and each one's games, in order."""

    setups: list[Setup]
    games: int
    seed: int
    results: list[list[GameResult]]
    seconds: float = 0.0
    where: str = "this process"
    outputs: dict[str, str] = field(default_factory=dict)
    kept: Any = None  # the ``batches.BatchStore`` the run kept its batches in (with an output folder)

    @property
    def played(self) -> int:
        """Games played by this run (the others were read back from a former run's batches)."""
        return self.games - (self.kept.resumed if self.kept is not None else 0)

    def to_json(self) -> dict[str, Any]:
        from oracle.simulate.figures import difference, figures

        out: dict[str, Any] = {
            "game": self.setups[0].game, "games": self.games, "seed": self.seed,
            "variants": [figures(s, r) for s, r in zip(self.setups, self.results)],
            "difference": None,
            "seconds": round(self.seconds, 3), "where": self.where,
            "games_per_second": round(self.played * len(self.setups) / self.seconds, 2) if self.seconds else None,
            "resumed": self.games - self.played,
        }
        if len(self.setups) == 2:
            out["difference"] = difference(self.setups[0], self.setups[1], *self.results)
        out.update(self.outputs)
        return out


def simulate(setups: Sequence[Setup], games: int, seed: int, *, workers: int | None = None,
             scheduler: str | None = None, connect_timeout: float = 10.0, progress=None,
             check: bool = False, batch: int | None = None, output: str | None = None) -> Simulation:
    """Play ``games`` games under each setup on the same seeds. ``workers=1`` without a
    scheduler plays them in this process; otherwise on Dask (a local cluster of ``workers``
    processes, one per core by default, or the cluster at ``scheduler``), ``batch`` games a
    task. With ``output`` (a folder), each batch is kept there as it finishes, and the batches
    a former run of the same games kept are read instead of played (``batches``)."""
    from oracle.simulate.batches import BatchStore, run_key
    from oracle.simulate.run import batch_size, run_games

    if not 1 <= games <= MAX_GAMES:
        raise SimulateError(f"--games: from 1 to {MAX_GAMES:,} games, not {games:,}")
    size = batch or batch_size(list(setups))
    keep = None if output is None else BatchStore(output, run_key(setups, games, seed, size))
    started = time.perf_counter()
    results = run_games(list(setups), games, seed, workers=workers, scheduler=scheduler,
                        connect_timeout=connect_timeout, progress=progress, check=check, batch=size, keep=keep)
    where = "this process" if scheduler is None and workers == 1 else (scheduler or "a local Dask cluster")
    return Simulation(list(setups), games, seed, results, time.perf_counter() - started, where, kept=keep)
