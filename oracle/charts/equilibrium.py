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
MODEL = ("Every player draws by one strategy; each opponent's final hand is counted over the whole deck "
         "(independent of the other players' cards); fictitious play from standing pat")


class OnDask:
    """A round's pieces on a Dask cluster, gathered in order (``draw_equilibrium.solve``'s
    runner). Each worker builds the hand tables once, on its first piece."""

    def __init__(self, client):
        self.client = client

    def map(self, function, jobs: list[tuple]) -> list:
        futures = [self.client.submit(function, *job, pure=False) for job in jobs]
        return self.client.gather(futures)


def run_equilibrium(opponents: int, rounds: int, output: Path,
                    progress: Callable[[int, int], None] | None = None, *, scheduler: str | None = None,
                    workers: int | None = None, connect_timeout: float = 10.0) -> dict[str, Any]:
    """Solve, write the table and the record into ``output``, and return the record. The
    rounds run in this process, or on Dask: a local cluster of ``workers`` processes (more than
    one) or the cluster at ``scheduler``."""
    from oracle.cards import format_cards, full_deck
    from oracle.charts.patterns import hold_pattern
    from oracle.charts.symmetry import suit_classes
    from oracle.files import write_text
    from oracle.solve.exact.draw_equilibrium import HOLDS, solve, tables

    output = Path(output)
    store.refuse_foreign_files(output, SLUG)
    manifest = store.read_manifest(output) if output.is_dir() else None
    if manifest is not None and manifest.get("kind") != SLUG:
        raise ChartError(f"{str(output)!r} holds another chart ({manifest.get('kind')}): its record is never "
                         "replaced; give another --output folder")
    store.prepare_folder(output, parts=False)
    started = time.perf_counter()
    if scheduler is None and (workers or 1) == 1:
        result, on_workers = solve(opponents, rounds, progress), 1
    else:
        from .run import connect

        client, cluster = connect(scheduler, workers, connect_timeout)
        try:
            on_workers = len(client.nthreads())
            result = solve(opponents, rounds, progress, runner=OnDask(client))
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    t = tables()
    deck = sorted(full_deck(), key=lambda card: t.index_of[card.code])  # the cards by their number 0..51
    mixture = result.mixture()
    rows, card_rows = [], []
    for c, ((shown, weight), hand) in enumerate(zip(suit_classes(5), t.hands)):
        cards = [deck[i] for i in hand]  # the places HOLDS' masks count
        thrown = [format_cards([card for i, card in enumerate(cards) if mask >> i & 1]) for mask in HOLDS]
        used = [j for j in range(len(HOLDS)) if mixture[c, j] > 0]
        rows.append({"hand": format_cards(shown), "weight": int(weight),
                     "discards": [thrown[j] for j in used], "probabilities": [float(mixture[c, j]) for j in used],
                     "best_reply": thrown[int(result.best[c])],
                     "best_reply_equity": float(result.values[c, result.best[c]])})
        kept = [[card for i, card in enumerate(cards) if not mask >> i & 1] for mask in HOLDS]
        card_rows.append({"hand": format_cards(shown), "weight": int(weight), "holds": [format_cards(k) for k in kept],
                          "hold_patterns": [hold_pattern(k) for k in kept],
                          "hold_equities": [float(v) for v in result.values[c]]})
    summary = card_summary(card_rows)
    record = {"kind": SLUG, "format": 1, "oracle": __version__, "params": {"opponents": opponents, "rounds": rounds},
              "classes": len(rows), "classes_total": len(rows), "unit": "hand", "symmetry": True, "model": MODEL,
              "exploitability": result.exploitability, "seconds": round(time.perf_counter() - started, 1),
              "workers": on_workers,
              "card": {k: summary[k] for k in ("accuracy", "mean_loss", "worst_loss", "worst_hand", "tie_break")}
              | {"lines": [{k: line[k] for k in ("rank", "pattern", "items", "hands", "followed", "loss", "exceptions")}
                           for line in summary["strategy"]]}}
    store.write_table(output / f"{SLUG}.parquet", store.table_of(rows, COLUMNS), record)
    write_text(output / f"{SLUG}.html", render(summary, record), links=False)
    store.write_manifest(output, {k: record[k] for k in ("kind", "format", "params", "classes", "classes_total")})
    return record | {"table": str(output / f"{SLUG}.parquet"), "page": str(output / f"{SLUG}.html")}


def card_summary(card_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The strategy card of the best replies to the average strategy (each hold's equity
    against it), as the diablo-draw page shows a card."""
    from .card import strategy_card

    card = strategy_card(card_rows)
    hands = sum(row["weight"] for row in card_rows)
    for line in card["lines"]:
        line["share"] = line["hands"] / hands
        for exception in line["exceptions"]:
            exception["share"] = exception["hands"] / hands
    worst = next((row for row in card_rows if row["hand"] == card["worst_hand"]), None)
    best = worst["holds"][max(range(len(worst["holds"])), key=worst["hold_equities"].__getitem__)] if worst else None
    return {"strategy": card["lines"], "hands": hands, "accuracy": card["accuracy"], "mean_loss": card["mean_loss"],
            "worst_loss": card["worst_loss"], "worst_hand": card["worst_hand"], "worst_hold": card["worst_hold"],
            "worst_best_hold": best, "tie_break": card["tie_break"]}


class _Kind:
    slug = SLUG
    title = "Diablo: what to hold when everyone draws"
    summary = "the draw as a game: every hand's hold when every player draws by one strategy"
    rule = "Diablo: Playing a hand (2. The draw)"


def render(summary: dict[str, Any], record: dict[str, Any]) -> str:
    from . import html
    from .diablo_page import card_section

    n = record["params"]["opponents"]
    gains = [[str(i), f"{gain:.5f}"] for i, gain in enumerate(record["exploitability"], start=1)]
    how = html.section("How to read it", "\n".join([
        html.paragraph(f"Against {n} opponent{'s' if n != 1 else ''} who draw{'' if n != 1 else 's'}. Every hand "
                       "first took its best hold against opponents who stand pat; then, each round, its best hold "
                       "against the average of the rounds' strategies. The table's discards and chances are that "
                       "average. Exploitability: what a player gains over a fair share "
                       f"(1/{n + 1} of a pot) by the best reply to the strategy played so far, after each round."),
        html.table(["after round", "exploitability (pots a hand)"], gains),
        html.paragraph("The card below orders the hold patterns so that following it gives the best reply to the "
                       "average as often as possible; its figures are in the model's equities."),
    ]))
    return html.page(_Kind, summary, record, MODEL + ".", [how, card_section(summary)])


def lookup(table_path: Path, query: str) -> dict[str, Any]:
    """The table's entry for five cards: the average strategy's holds with their chances, and
    the best reply to it, suits named as dealt."""
    from oracle.cards import format_cards, parse_cards
    from oracle.charts.symmetry import canonical, inverse, rename

    hand = parse_cards(query)
    if len(hand) != 5:
        raise ChartError(f"a Diablo hand is five cards, got {len(hand)} in {query!r}")
    cards, renaming = canonical(hand)
    rows = store.read_table(table_path, filters=[("hand", "=", format_cards(cards))]).to_pylist()
    if not rows:
        raise ChartError(f"the table has no entry for {format_cards(hand)}")
    row, back = rows[0], inverse(renaming)
    meta, _ = store.read_metadata(table_path)

    def hold(thrown: str) -> dict[str, str]:
        out = set(rename(parse_cards(thrown), back)) if thrown else set()
        return {"discard": format_cards([c for c in hand if c in out]),
                "keep": format_cards([c for c in hand if c not in out])}

    return {"kind": SLUG, "hand": format_cards(hand), "class": row["hand"], "hands_in_class": row["weight"],
            "opponents": meta["params"]["opponents"],
            "holds": sorted(({**hold(d), "chance": p} for d, p in zip(row["discards"], row["probabilities"])),
                            key=lambda h: -h["chance"]),
            "best_reply": {**hold(row["best_reply"]), "equity": row["best_reply_equity"]},
            "exploitability": meta["exploitability"][-1], "rule": _Kind.rule}
