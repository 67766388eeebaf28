"""A simulation's figures, JSON-ready: each seat's wins (a team's, for Hell of a Deal), each
measure's mean and each event's rate, all with 95% intervals (``stats``); and, for two variants
played on the same seeds, each figure's difference, paired game by game, and whether it is
clear of noise. The keys are documented in docs/simulate.md."""

from __future__ import annotations

from typing import Any, Sequence

from oracle.simulate.games import driver
from oracle.simulate.record import GameResult
from oracle.simulate.tracks import track_figures
from oracle.simulate.stats import Interval, mean_interval, paired_difference, paired_rate_difference, rate_interval, wilson


def _interval(found: Interval) -> dict[str, Any]:
    return found.to_json()


def seat_wins(setup: Any, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """Each seat's share of the finished games it won (a tie counts for every player in it)."""
    finished = [r for r in results if r.finished]
    out = []
    for seat, (name, level) in enumerate(zip(setup.names, setup.levels)):
        wins = sum(1 for r in finished if name in r.winners)
        out.append({"seat": seat + 1, "name": name, "player": level, "wins": wins,
                    "win_rate": _interval(wilson(wins, len(finished)))})
    return out


def measures(setup: Any, results: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    out = {}
    for measure in driver(setup.game).MEASURES:
        values = [r.measures[measure.name] for r in results]
        out[measure.name] = {"text": measure.text, "unit": measure.unit,
                             "min": min(values, default=None), "max": max(values, default=None),
                             "mean": _interval(mean_interval(values))}
    return out


def events(setup: Any, results: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    out = {}
    for event in driver(setup.game).events_of(setup):
        times = [r.events[event.name][0] for r in results]
        chances = [r.events[event.name][1] for r in results]
        out[event.name] = {"text": event.text, "per": event.per, "times": sum(times), "chances": sum(chances),
                           "rate": _interval(rate_interval(times, chances))}
    return out


def figures(setup: Any, results: Sequence[GameResult]) -> dict[str, Any]:
    """The figures of one variant's games."""
    finished = sum(1 for r in results if r.finished)
    module = driver(setup.game)
    return {
        "setup": setup.to_json(),
        "games": len(results),
        "finished": finished,
        "unfinished": len(results) - finished,
        "team": getattr(module, "TEAM", False),
        "length": module.LENGTH.name,
        "fair_share": 1 / setup.seats,
        "seats": seat_wins(setup, results),
        "measures": measures(setup, results),
        "events": events(setup, results),
        "track": track_figures(module.TRACK, setup, results),
    }


def _clear(found: Interval) -> dict[str, Any]:
    return _interval(found) | {"clear": found.clear}


def difference(first: Any, second: Any, a: Sequence[GameResult], b: Sequence[GameResult]) -> dict[str, Any]:
    """Each figure of ``second`` less the same figure of ``first``, paired by game (both lists
    in the same order of games, played on the same seeds)."""
    both = [(x, y) for x, y in zip(a, b) if x.finished and y.finished]
    seats = []
    for name in first.names:
        if name in second.names:
            found = paired_difference([float(name in y.winners) for _, y in both],
                                      [float(name in x.winners) for x, _ in both])
            seats.append({"name": name, "win_rate": _clear(found)})
    module = driver(first.game)
    measured = {m.name: _clear(paired_difference([y.measures[m.name] for y in b], [x.measures[m.name] for x in a]))
                for m in module.MEASURES}
    rates = {}
    shared = set(b[0].events) if b else set()
    for event in module.events_of(first):
        if event.name not in shared:  # a Boss only one variant's deck holds
            continue
        first_counts = ([x.events[event.name][0] for x in a], [x.events[event.name][1] for x in a])
        second_counts = ([y.events[event.name][0] for y in b], [y.events[event.name][1] for y in b])
        rates[event.name] = _clear(paired_rate_difference(second_counts, first_counts))
    return {"paired_games": len(a), "finished_in_both": len(both), "seats": seats, "measures": measured,
            "events": rates}
