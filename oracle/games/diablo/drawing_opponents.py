"""best-swap's model of the opponents' draw, read from the question: ``opponent_model``
(``stand-pat``: every unknown hand is final, as dealt; ``chart``: an opponent whose cards are
unknown draws by the strategy in ``opponent_chart``: a ``diablo-draw`` chart's best holds or a
``diablo-equilibrium`` table's mixture) and
``opponent_draws`` (how many cards the table saw each opponent draw; a seat's count is read
from the position when the question does not give it)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from oracle.errors import FieldError
from oracle.text import quote

MODELS = ("stand-pat", "chart")


def opponents_who_draw(game, params, opponents: list, path=None) -> tuple[list, Any]:
    """``opponents`` (``draw.Opponent``) with the model applied, and the strategy they draw
    by (None under ``stand-pat``). ``path`` finds the chart's folder from its name (the
    question context's: from the scenario file's folder)."""
    model = params.get("opponent_model", "stand-pat")
    if model not in MODELS:
        raise FieldError(("opponent_model",), f"must be one of {', '.join(MODELS)}, not {quote(model)}")
    draws = params.get("opponent_draws")
    if model == "stand-pat":
        for key in ("opponent_chart", "opponent_draws"):
            if params.get(key) is not None:
                raise FieldError((key,), "is for opponents who draw: give opponent_model: chart")
        return opponents, None
    chart = params.get("opponent_chart")
    if not isinstance(chart, str):
        raise FieldError(("opponent_chart",), "opponent_model: chart needs the folder of a diablo-draw chart or a "
                                              "diablo-equilibrium table (made by 'oracle chart diablo-draw' or "
                                              "'oracle chart diablo-equilibrium')")
    if draws is not None and (not isinstance(draws, list) or len(draws) != len(opponents)):
        raise FieldError(("opponent_draws",), f"must be a list with one entry per opponent ({len(opponents)}): "
                                              "the cards it drew, or null when not seen")
    updated = []
    for k, opponent in enumerate(opponents):
        seen = draws[k] if draws is not None else _seat_drew(game, opponent.name)
        if seen is not None and (isinstance(seen, bool) or seen not in (0, 1, 2)):
            raise FieldError(("opponent_draws", k), f"an opponent draws 0, 1 or 2 cards, not {quote(seen)}")
        if opponent.known:
            if draws is not None and seen is not None:
                raise FieldError(("opponent_draws", k), f"{opponent.name}'s cards are known: their hand as known "
                                                         "is compared, whatever they drew")
            updated.append(opponent)
            continue
        updated.append(replace(opponent, draws=True, drew=seen))
    return updated, _strategy(str(path(chart)) if path is not None else chart)


def _strategy(chart: str):
    """The strategy in ``chart``, read once per process while its files stay the same (the
    exact count builds a table of every hand from it, seconds a strategy)."""
    from pathlib import Path

    folder = Path(chart)
    try:
        stamp = tuple(sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in folder.iterdir())) \
            if folder.is_dir() else (folder.stat().st_mtime_ns, folder.stat().st_size)
    except OSError:
        stamp = None  # ChartStrategy names what is missing
    return _read_strategy(chart, str(folder.resolve()) if stamp is not None else None, stamp)


@lru_cache(maxsize=2)  # a strategy with its table of every hand holds about 100 MB
def _read_strategy(chart: str, where: str | None, stamp):
    """``where`` and ``stamp`` only key the cache: the same files under the same name."""
    from oracle.solve.exact.draw_opponents import ChartStrategy

    return ChartStrategy(chart)


def _seat_drew(game, name: str) -> int | None:
    """How many cards a seat drew this hand, as the position's history says (None before)."""
    if name not in game.names or not game.drawn:
        return None
    return game.drawn[game.names.index(name)]
