"""The ``diablo-draw`` chart: for every five-card Diablo hand up to suit symmetry, the best
discard against one opponent whose five cards are unknown, by exact equity, with the
runner-up and its margin; summarised as a ranked list of hold patterns.

The model is the best-swap solver's (``oracle.solve.exact.draw.best_swap``): the player may
swap 0, 1 or 2 cards ("Diablo: Playing a hand", the draw); the opponent's final hand is five
cards dealt from the rest of the deck; every draw and every opponent hand is enumerated
exactly, deuces wild, and a tie splits the pot (equity counts a win as 1 and a split pot as
its share). ``compute`` is the one place the chart calls the solver.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from oracle.cards import format_cards, parse_cards

from .kinds import ChartError, ChartKind, Params
from .card import TIE, TIE_BREAK, card_choice, strategy_card
from .patterns import hand_patterns, hold_pattern
from .symmetry import canonical, class_size, inverse, rename, suit_classes

RULE = "Diablo: Playing a hand (2. The draw)"
MODEL = (
    "Five cards dealt; you may swap 0, 1 or 2 of them, deuces wild. One opponent holds five "
    "cards dealt from the rest of the deck, unknown to you, and does not draw. For every legal "
    "discard, every replacement draw and every opponent hand is counted exactly; equity is "
    "the chance to win the pot, a split pot counting as its share. The best discard has the "
    "highest equity; the runner-up is the best discard that plays differently."
)


def classes(params: Params) -> list[str]:
    return [format_cards(hand) for hand, _ in suit_classes(5)]


def keys(chosen: Sequence[str], params: Params) -> list[str]:
    return list(chosen)


def compute(key: str, params: Params) -> dict[str, Any]:
    """One hand's entry, from the best-swap solver, exactly however long it takes."""
    from oracle.solve.exact.draw import MAX_EXACT_LIMIT, Opponent, best_swap

    hand = parse_cards(key)
    answer = best_swap(hand, opponents=(Opponent(name="opponent", known=(), unknown=5),),
                       exact_limit=MAX_EXACT_LIMIT, exact_seconds=math.inf, deck_tables=True)
    if not answer["exact"]:
        raise ChartError(f"the best-swap solver gave no exact answer for {key} ({answer['method']})")
    best, runner = answer["choices"][0], answer["choices"][1]
    equity, runner_equity = Fraction(best["exact"]["equity"]), Fraction(runner["exact"]["equity"])
    return {
        "hand": key,
        "weight": class_size(hand),
        "best_discard": best["discard"],
        "best_keep": best["keep"],
        "best_pattern": hold_pattern(parse_cards(best["keep"])),
        "win": float(Fraction(best["exact"]["win"])),
        "tie": float(Fraction(best["exact"]["tie"])),
        "lose": float(Fraction(best["exact"]["lose"])),
        "equity": float(equity),
        "equity_exact": str(equity),
        "runner_up_discard": runner["discard"],
        "runner_up_keep": runner["keep"],
        "runner_up_pattern": hold_pattern(parse_cards(runner["keep"])),
        "runner_up_equity": float(runner_equity),
        "margin": float(equity - runner_equity),
        "patterns": hand_patterns(hand),
        **every_hold(hand, answer["choices"]),
        "deals": best["deals"],
    }


def every_hold(hand, choices: Sequence[Mapping[str, Any]]) -> dict[str, list]:
    """Each of the hand's 16 legal holds (discard 0, 1 or 2) with its pattern and exact equity,
    best first: the solver groups discards that play alike, so each group's equity is given to
    each of its discards."""
    keeps, patterns, equities = [], [], []
    for choice in choices:
        equity = float(Fraction(choice["exact"]["equity"]))
        for discard in choice["equivalent"]:
            thrown = set(parse_cards(discard)) if discard else set()
            kept = [c for c in hand if c not in thrown]
            keeps.append(format_cards(kept))
            patterns.append(hold_pattern(kept))
            equities.append(equity)
    return {"holds": keeps, "hold_patterns": patterns, "hold_equities": equities}


def columns(params: Params) -> list[tuple[str, str]]:
    return [
        ("hand", "string"), ("weight", "int64"), ("best_discard", "string"), ("best_keep", "string"),
        ("best_pattern", "string"), ("win", "float64"), ("tie", "float64"), ("lose", "float64"),
        ("equity", "float64"), ("equity_exact", "string"), ("runner_up_discard", "string"),
        ("runner_up_keep", "string"), ("runner_up_pattern", "string"), ("runner_up_equity", "float64"),
        ("margin", "float64"), ("patterns", "list<string>"), ("holds", "list<string>"),
        ("hold_patterns", "list<string>"), ("hold_equities", "list<float64>"), ("deals", "int64"),
    ]


SUMMARY_COLUMNS = ("hand", "weight", "equity", "best_keep", "best_pattern", "runner_up_keep",
                   "runner_up_pattern", "margin", "holds", "hold_patterns", "hold_equities")
CLOSEST = 10


def summarize(table, params: Params) -> dict[str, Any]:
    rows = table.select(list(SUMMARY_COLUMNS)).to_pylist()
    hands = sum(r["weight"] for r in rows)
    card = strategy_card(rows) if rows else {"lines": [], "order": [], "accuracy": None, "mean_loss": None,
                                            "worst_loss": None, "worst_hand": None, "worst_hold": None}
    for line in card["lines"]:
        line["share"] = line["hands"] / hands
        for exception in line.get("exceptions", ()):
            exception["share"] = exception["hands"] / hands
    # the close calls: the smallest margins between holds that play differently (hands whose
    # holds all tie, such as four deuces, have no call to make)
    close = sorted((r for r in rows if r["margin"] > 0), key=lambda r: (r["margin"], r["hand"]))[:CLOSEST]
    return {
        "classes": len(rows),
        "hands": hands,
        "mean_equity": sum(r["weight"] * r["equity"] for r in rows) / hands if hands else None,
        "strategy": card["lines"],
        "accuracy": card["accuracy"],
        "mean_loss": card["mean_loss"],
        "worst_loss": card["worst_loss"],
        "worst_hand": card["worst_hand"],
        "worst_hold": card["worst_hold"],
        "worst_best_hold": next((r["best_keep"] for r in rows if r["hand"] == card["worst_hand"]), None),
        "tie_break": TIE_BREAK,
        "best_holds": best_holds(rows),
        "closest": [{k: r[k] for k in ("hand", "best_keep", "runner_up_keep", "margin")} for r in close],
    }


def best_holds(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each pattern that is some hand's best hold, with the hands it is best for and their
    mean equity, most hands first."""
    totals: dict[str, list[float]] = {}
    for row in rows:
        entry = totals.setdefault(row["best_pattern"], [0, 0.0])
        entry[0] += row["weight"]
        entry[1] += row["weight"] * row["equity"]
    hands = sum(t[0] for t in totals.values())
    return [{"pattern": p, "hands": int(t[0]), "share": t[0] / hands, "mean_equity": t[1] / t[0]}
            for p, t in sorted(totals.items(), key=lambda item: (-item[1][0], item[0]))]


def record(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The card, kept in the table's record so that a lookup shows the card's hold (and the
    exception it follows)."""
    def kept(line: Mapping[str, Any]) -> dict[str, Any]:
        return {"rank": line["rank"], "pattern": line["pattern"], "items": line["items"],
                "exceptions": [{k: e[k] for k in ("when", "hold", "text")} for e in line.get("exceptions", ())]}

    return {"card": {k: summary[k] for k in ("accuracy", "mean_loss", "worst_loss", "worst_hand", "tie_break")}
            | {"lines": [kept(line) for line in summary["strategy"]]}}


def render(summary: Mapping[str, Any], table, meta: Mapping[str, Any]) -> str:
    from .diablo_page import page

    return page(KIND, summary, meta, MODEL)


def lookup(find: Callable[[Any], dict | None], query: str, params: Params,
           options: Mapping[str, Any], record: Mapping[str, Any] | None = None) -> dict[str, Any]:
    hand = parse_cards(query)
    if len(hand) != 5:
        raise ChartError(f"a Diablo hand is five cards, got {len(hand)} in {query!r}")
    cards, renaming = canonical(hand)
    row = find(format_cards(cards))
    if row is None:
        raise ChartError(f"the chart has no entry for {format_cards(hand)} (its class {format_cards(cards)} "
                         "was not computed: the chart is a subset)")
    back = inverse(renaming)

    def dealt(text: str) -> str:
        return format_cards(rename(parse_cards(text), back)) if text else ""

    return {
        "hand": format_cards(hand),
        "class": row["hand"],
        "hands_in_class": row["weight"],
        "best": {"discard": dealt(row["best_discard"]), "keep": dealt(row["best_keep"]),
                 "pattern": row["best_pattern"], "win": row["win"], "tie": row["tie"],
                 "lose": row["lose"], "equity": row["equity"], "equity_exact": row["equity_exact"]},
        "runner_up": {"discard": dealt(row["runner_up_discard"]), "keep": dealt(row["runner_up_keep"]),
                      "pattern": row["runner_up_pattern"], "equity": row["runner_up_equity"]},
        "margin": row["margin"],
        "card": _card_answer(hand, row, (record or {}).get("card"), dealt),
        "rule": RULE,
    }


def _card_answer(hand, row: Mapping[str, Any], card: Mapping[str, Any] | None,
                 dealt: Callable[[str], str]) -> dict[str, Any] | None:
    """What the strategy card holds for the hand, and the card's figures; None for a chart of
    an older format (no card kept, no equity of every hold)."""
    if not card or row.get("holds") is None:
        return None
    i, line, exception = card_choice(row["holds"], row["hold_patterns"], row["hold_equities"], card["lines"])
    keep = dealt(row["holds"][i])
    kept = set(parse_cards(keep))
    loss = max(0.0, row["equity"] - row["hold_equities"][i])
    return {
        "keep": keep, "discard": format_cards([c for c in hand if c not in kept]),
        "pattern": row["hold_patterns"][i], "line": line["rank"], "line_text": line["pattern"],
        "exception": exception["text"] if exception else None,
        "equity": row["hold_equities"][i], "loss": loss, "best": loss <= TIE,
        "accuracy": card["accuracy"], "mean_loss": card["mean_loss"], "worst_loss": card["worst_loss"],
    }


KIND = ChartKind(
    slug="diablo-draw",
    title="Diablo: what to hold",
    summary="the best discard of every five-card hand against one unknown opponent, as a strategy card",
    rule=RULE,
    unit="hand",
    partition_size=20,
    classes=classes,
    keys=keys,
    compute=compute,
    columns=columns,
    summarize=summarize,
    render=render,
    lookup=lookup,
    key_columns=("hand",),
    format=2,
    record=record,
)
