"""``oracle chart diablo-equilibrium``: the draw's equilibrium (``draw_equilibrium``) written
as a strategy table, the folder best-swap's ``opponent_model: equilibrium`` reads.

The table has one row per hand class: ``hand`` (the class's hand, as in ``diablo-draw``),
``weight``, ``discards`` and ``probabilities`` (the mixture: each discard the average strategy
makes from the hand, with its chance; ``""`` is standing pat), ``best_reply`` (the discard
that answers the mixture best) and ``best_reply_equity``. Its record: the model, the number
of ``opponents``, the ``rounds`` and the ``exploitability`` after each round.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from oracle import __version__

from . import store
from .kinds import ChartError

SLUG = "diablo-equilibrium"
COLUMNS = [("hand", "string"), ("weight", "int64"), ("discards", "list<string>"),
           ("probabilities", "list<float64>"), ("best_reply", "string"), ("best_reply_equity", "float64")]
MODEL = ("every player draws by one strategy; each opponent's final hand is counted over the whole deck "
         "(independent of the other players' cards); fictitious play from standing pat")


def run_equilibrium(opponents: int, rounds: int, output: Path,
                    progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Solve, write the table and the record into ``output``, and return the record."""
    from oracle.cards import format_cards, full_deck
    from oracle.charts.symmetry import suit_classes
    from oracle.solve.exact.draw_equilibrium import HOLDS, solve, tables

    output = Path(output)
    store.refuse_foreign_files(output, SLUG)
    if output.exists() and not output.is_dir():
        raise ChartError(f"the output {str(output)!r} is a file, not a folder")
    if not output.parent.is_dir():
        raise ChartError(f"the folder {str(output.parent)!r} does not exist (the output folder's parent must)")
    output.mkdir(exist_ok=True)
    started = time.perf_counter()
    result = solve(opponents, rounds, progress)
    t = tables()
    deck = sorted(t.index_of, key=t.index_of.get)  # card codes by their number 0..51
    by_code = {card.code: card for card in full_deck()}
    mixture = result.mixture()
    rows = []
    for c, ((shown, weight), hand) in enumerate(zip(suit_classes(5), t.hands)):
        cards = [by_code[deck[i]] for i in hand]  # the places HOLDS' masks count
        thrown = [format_cards([card for i, card in enumerate(cards) if mask >> i & 1]) for mask in HOLDS]
        used = [j for j in range(len(HOLDS)) if mixture[c, j] > 0]
        rows.append({"hand": format_cards(shown), "weight": int(weight),
                     "discards": [thrown[j] for j in used], "probabilities": [float(mixture[c, j]) for j in used],
                     "best_reply": thrown[int(result.best[c])],
                     "best_reply_equity": float(result.values[c, result.best[c]])})
    record = {"kind": SLUG, "format": 1, "oracle": __version__, "params": {"opponents": opponents, "rounds": rounds},
              "classes": len(rows), "classes_total": len(rows), "model": MODEL,
              "exploitability": result.exploitability, "seconds": round(time.perf_counter() - started, 1)}
    store.write_table(output / f"{SLUG}.parquet", store.table_of(rows, COLUMNS), record)
    store.write_manifest(output, {k: record[k] for k in ("kind", "format", "params", "classes", "classes_total")})
    return record | {"table": str(output / f"{SLUG}.parquet")}
