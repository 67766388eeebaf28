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

from . import html
from .kinds import ChartError, ChartKind, Params
from .patterns import hand_patterns, hold_pattern, strategy_card
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
                   "runner_up_pattern", "margin", "patterns")


def summarize(table, params: Params) -> dict[str, Any]:
    rows = table.select(list(SUMMARY_COLUMNS)).to_pylist()
    card = strategy_card(rows)
    hands = card["hands"]
    mean = sum(r["weight"] * r["equity"] for r in rows) / hands if hands else None
    return {
        "classes": len(rows),
        "hands": hands,
        "mean_equity": mean,
        "strategy": card["lines"],
        "accuracy": card["accuracy"],
        "closest": [
            {k: r[k] for k in ("hand", "best_keep", "runner_up_keep", "margin")}
            for r in sorted(rows, key=lambda r: (r["margin"], r["hand"]))[:10]
        ],
    }


def render(summary: Mapping[str, Any], table, meta: Mapping[str, Any]) -> str:
    lines = summary["strategy"]
    card_rows = [
        [str(line["rank"]), line["pattern"], f"{line['hands']:,}", html.percent(line["share"]),
         f"{line['mean_equity']:.4f}"]
        for line in lines
    ]
    sections = [
        html.section("How to read it", html.paragraph(
            "Hold the highest pattern on the list that your five cards contain. Patterns are ranked "
            "by the mean equity of the hands whose best hold they are; 'hands' counts dealt hands "
            "(every class weighed by its size). Following the card gives the best hold's pattern for "
            f"{html.percent(summary['accuracy'])} of the hands charted; for the exact best hold of any "
            "hand, ask the chart: oracle chart lookup \"2h 9c 9d Kh 4s\".")),
        html.section("Strategy card", html.table(["#", "hold", "hands", "share", "mean equity"], card_rows)),
        html.section("Share of hands by best hold", html.bar_chart(
            [(line["pattern"], line["share"]) for line in lines], value_text=html.percent)),
        html.section("Closest calls", html.table(
            ["hand", "best hold", "runner-up", "margin"],
            [[html.cards(r["hand"]), html.cards(r["best_keep"]), html.cards(r["runner_up_keep"]), f"{r['margin']:.6f}"]
             for r in summary["closest"]], raw=(0, 1, 2))),
    ]
    return html.page(KIND, summary, meta, MODEL, sections)


def lookup(find: Callable[[Any], dict | None], query: str, params: Params,
           options: Mapping[str, Any]) -> dict[str, Any]:
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
        "rule": RULE,
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
)
