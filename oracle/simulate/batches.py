"""A run that can be taken up again: with ``--output DIR``, each batch of games is kept in
``DIR/parts`` as it finishes (a JSON file, written whole or not at all), under a key made of
everything that decides its games (the setups, the seed, the number of games and the batch
size). The same command run again reads the batches kept under its key and plays only the
others; a file of another run, or one that does not read back, is played again. Once the
table and the page are written, the kept batches are removed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from oracle.charts.store import PARTS, keys_digest
from oracle.simulate.record import GameResult


def run_key(setups: Sequence[Any], games: int, seed: int, batch: int) -> str:
    """The digest of what decides a run's games, as a chart's partitions are keyed."""
    return keys_digest([[s.to_json() for s in setups], games, seed, batch])


class BatchStore:
    """The batches of one run kept in ``folder/parts``."""

    def __init__(self, folder: str | Path, key: str) -> None:
        self.folder, self.key = Path(folder) / PARTS, key
        self.resumed = 0  # games read back from kept batches rather than played

    def path(self, number: int) -> Path:
        return self.folder / f"batch-{number:06d}.json"

    def kept(self, parts: Sequence[Sequence[int]]) -> dict[int, list[list[GameResult]]]:
        """The batches of ``parts`` already played by this run, by number."""
        done = {}
        for number, indices in enumerate(parts):
            try:
                data = json.loads(self.path(number).read_text(encoding="utf-8"))
                if data["key"] != self.key or data["games"] != list(indices):
                    continue
                done[number] = [[GameResult.from_json(r) for r in variant] for variant in data["results"]]
                self.resumed += len(indices)
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return done

    def save(self, number: int, indices: Sequence[int], results: Sequence[Sequence[GameResult]]) -> None:
        from oracle.files import write_text
        from oracle.json_text import json_text

        self.folder.mkdir(exist_ok=True)
        write_text(self.path(number), json_text({"key": self.key, "games": list(indices),
                                                 "results": [[r.to_json() for r in v] for v in results]}),
                   links=False)

    def remove(self) -> None:
        """Every batch this run kept, and the folder when nothing else is in it."""
        if not self.folder.is_dir():
            return
        for path in self.folder.glob("batch-*.json"):
            try:
                ours = json.loads(path.read_text(encoding="utf-8")).get("key") == self.key
            except (OSError, ValueError, AttributeError):
                ours = False
            if ours:
                path.unlink(missing_ok=True)
        try:
            self.folder.rmdir()
        except OSError:
            pass
