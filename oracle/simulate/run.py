"""Playing a simulation's games: in this process, or in batches on Dask distributed (the
local cluster or the scheduler ``oracle chart`` uses, through ``oracle.charts.run.connect``).

Games are independent and each is seeded from the run's seed and its own number, so the
results are the same whichever worker plays which batch, and in whatever order they finish;
they are put back in the order of the games.
"""

from __future__ import annotations

import uuid
from typing import Any, Callable, Sequence

from oracle.simulate.games import driver
from oracle.simulate.record import GameResult
from oracle.simulate.seeds import game_seed

Progress = Callable[[int, int], None]  # (games done, games in all)
# Games a Dask task plays: large enough that scheduling costs little, small enough that the
# progress moves and a lost worker loses little. A game whose players take seconds a game
# says so with a smaller ``BATCH`` of its own.
BATCH = 50


def batch_size(setups: Sequence[Any]) -> int:
    """Games a task: the game's own size, shared among the variants played."""
    size = getattr(driver(setups[0].game), "BATCH", BATCH)
    return max(1, size // len(setups))


def play_one(setup: Any, seed: int, index: int, *, keep_lines: bool = False, check: bool = False) -> GameResult:
    """Game ``index`` of the run seeded ``seed``."""
    return driver(setup.game).play_game(setup, index, game_seed(seed, index), keep_lines=keep_lines, check=check)


def play_batch(setups: Sequence[Any], seed: int, indices: Sequence[int], check: bool = False) -> list[list[GameResult]]:
    """The games ``indices`` under each of ``setups`` (the variants compared), variant by
    variant: what one Dask task runs."""
    return [[play_one(setup, seed, i, check=check) for i in indices] for setup in setups]


def batches(games: int, size: int) -> list[list[int]]:
    return [list(range(start, min(games, start + size))) for start in range(0, games, size)]


def run_games(setups: Sequence[Any], games: int, seed: int, *, workers: int | None = None,
              scheduler: str | None = None, connect_timeout: float = 10.0, batch: int | None = None,
              progress: Progress | None = None, check: bool = False, keep: Any = None) -> list[list[GameResult]]:
    """Every game under every setup: ``results[v][i]`` is game ``i`` under ``setups[v]``. In
    this process when ``workers`` is 1 and no ``scheduler`` is given, else on Dask. ``keep``
    (a ``batches.BatchStore``) gives the batches already played and keeps each new one."""
    parts = batches(games, batch or batch_size(setups))
    done: dict[int, list[list[GameResult]]] = keep.kept(parts) if keep is not None else {}

    def finished(number: int, results: list[list[GameResult]]) -> None:
        done[number] = results
        if keep is not None:
            keep.save(number, parts[number], results)
        if progress is not None:
            progress(sum(len(parts[k]) for k in done), games)

    if progress is not None:
        progress(sum(len(parts[k]) for k in done), games)
    todo = [number for number in range(len(parts)) if number not in done]
    if scheduler is None and workers == 1:
        for number in todo:
            finished(number, play_batch(setups, seed, parts[number], check))
    elif todo:
        _on_dask(setups, seed, {n: parts[n] for n in todo}, (scheduler, connect_timeout), workers, finished, check)
    return [[result for number in range(len(parts)) for result in done[number][v]] for v in range(len(setups))]


def _on_dask(setups: Sequence[Any], seed: int, parts: dict[int, list[int]], where: tuple[str | None, float],
             workers: int | None, finished: Callable[[int, list[list[GameResult]]], None], check: bool) -> None:
    from distributed import as_completed

    from oracle.charts.run import connect

    client, cluster = connect(where[0], workers, where[1])
    try:
        token = uuid.uuid4().hex[:8]
        futures = {client.submit(play_batch, list(setups), seed, indices, check,
                                 key=f"oracle-simulate-{token}-{number:06d}", pure=False): number
                   for number, indices in parts.items()}
        for future in as_completed(futures):
            finished(futures[future], future.result())
            future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
