"""oracle simulate: whole games a second on one core, for each game and each level of player.

Each (game, level) plays one game first, untimed (numba's first compile, the Diablo solver's
deck tables, the odds kernels: once a process), then ``--games`` games in this process, one
after another, as ``oracle simulate --workers 1`` does. Printed: games a second (wall and
processor), actions a second, and how many games were cut off unfinished at ``--max-actions``.

    python bench/bench_simulate.py                      # every game and level
    python bench/bench_simulate.py --games 40 --only diablo
"""

from __future__ import annotations

import argparse
import time

from oracle.simulate import make_setup
from oracle.simulate.run import play_one

GAMES = ("auf-teufel-komm-raus", "diablo", "drawing-dead", "hell-of-a-deal")
LEVELS = ("random", "simple", "strong")
# Games timed, per level, when --games is not given: enough for a steady figure in a minute.
DEFAULT = {"random": 20, "simple": 20, "strong": 10}


def measure(game: str, level: str, games: int, max_actions: int, seed: int) -> dict:
    setup = make_setup(game, players=level, max_actions=max_actions)
    play_one(setup, seed + 1, 0)  # warm: compiled kernels, tables, imports
    wall, cpu = time.perf_counter(), time.process_time()
    results = [play_one(setup, seed, i) for i in range(games)]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    actions = sum(r.measures["actions"] for r in results)
    return {"game": game, "level": level, "seats": setup.seats, "games": games, "wall": wall, "cpu": cpu,
            "games_per_second": games / wall, "games_per_cpu_second": games / cpu, "actions_per_second": actions / wall,
            "unfinished": sum(1 for r in results if not r.finished)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games timed per game and level (default 20; 10 for strong)")
    parser.add_argument("--only", choices=GAMES, action="append", help="only this game (repeat for more)")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--max-actions", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':22} {'level':7} {'seats':>5} {'games':>5} {'games/s':>8} {'games/cpu-s':>11} "
          f"{'actions/s':>9} {'cut off':>7}")
    for game in args.only or GAMES:
        for level in args.levels:
            row = measure(game, level, args.games or DEFAULT[level], args.max_actions, args.seed)
            print(f"{game:22} {level:7} {row['seats']:5d} {row['games']:5d} {row['games_per_second']:8.2f} "
                  f"{row['games_per_cpu_second']:11.2f} {row['actions_per_second']:9.0f} {row['unfinished']:7d}",
                  flush=True)


if __name__ == "__main__":
    main()
