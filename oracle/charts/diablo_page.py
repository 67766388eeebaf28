"""The ``diablo-draw`` chart's page: the strategy card in order with what following it costs,
the best holds by share, and the closest calls."""

from __future__ import annotations

from typing import Any, Mapping

from . import html


def share(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.2f}%"


def pots(value: float | None) -> str:
    return "—" if value is None else f"{value:.5f}"


def figures_text(summary: Mapping[str, Any]) -> str:
    return (f"Following the card gives the exact best hold for {share(summary['accuracy'])} of the "
            f"{summary['hands']:,} hands charted. Where it does not, the card's hold wins less: over all hands "
            f"following it costs {pots(summary['mean_loss'])} of a pot a hand on average (the equity of the best "
            f"hold less the equity of the card's hold), and {pots(summary['worst_loss'])} of a pot on the hand "
            "where it costs most.")


def card_rows(lines) -> list[list[str]]:
    """The card's table: each line, then its exceptions in the order a player reads them
    (numbered 12a, 12b, ...)."""
    rows = []
    for line in lines:
        rows.append([str(line["rank"]), line["pattern"], f"{line['hands']:,}", share(line["share"]),
                     share(line["followed"] / line["hands"]) if line["hands"] else "—", pots(line["loss"])])
        for letter, exception in zip(_letters(), line.get("exceptions", ())):
            rows.append([f"{line['rank']}{letter}", f"except: {exception['text']}", f"{exception['hands']:,}",
                         share(exception.get("share")),
                         share(exception["followed"] / exception["hands"]) if exception["hands"] else "—",
                         pots(exception.get("loss"))])
    return rows


def _letters():
    """a, b, ..., z, aa, ab, ..."""
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    yield from alphabet
    for first in alphabet:
        for second in alphabet:
            yield first + second


def length_text(lines) -> str:
    exceptions = sum(len(line.get("exceptions", ())) for line in lines)
    with_some = sum(1 for line in lines if line.get("exceptions"))
    if not exceptions:
        return f"The card has {len(lines)} line{'' if len(lines) == 1 else 's'}."
    return (f"The card has {len(lines)} lines and {exceptions} exceptions, on {with_some} of the lines.")


def card_section(summary: Mapping[str, Any]) -> str:
    lines = summary["strategy"]
    worst = ""
    if summary.get("worst_hand"):
        worst = html.table(["the hand it costs most", "the card holds", "the best hold", "loss (pots)"], [[
            html.cards(summary["worst_hand"]), html.cards(summary["worst_hold"] or ""),
            html.cards(summary.get("worst_best_hold") or ""), pots(summary["worst_loss"])]], raw=(0, 1, 2))
    return html.section("Strategy card", "\n".join([
        html.paragraph("Hold the highest line your five cards contain; a line below is never reached by "
                       "a hand that contains a line above it. Then read the line's exceptions in order (12a, "
                       "12b, ...): the first whose condition holds, and whose other line your hand also fits, "
                       "says what to hold instead; its conditions speak of the cards the line itself would "
                       f"keep and throw. Tie-break: {summary['tie_break']}. " + length_text(lines)),
        html.table(["#", "hold", "hands it decides", "share", "best hold for", "loss (pots a hand)"],
                   card_rows(lines)),
        html.paragraph("'Hands it decides' counts the dealt hands whose highest line it is (every hand up to suit "
                       "symmetry weighed by its class's size), for an exception the hands it changes the hold of; "
                       "'best hold for' is the share of those for which the card's hold is the exact best; 'loss' "
                       "is their part of the card's mean loss (a line's figures count its exceptions' hands)."),
        html.paragraph(figures_text(summary)),
        worst,
    ]))


def page(kind, summary: Mapping[str, Any], meta: Mapping[str, Any], model: str) -> str:
    best = summary["best_holds"]
    sections = [
        html.section("How to read it", html.paragraph(
            "The strategy card lists hold patterns in order. Look down it and hold the first line your five "
            "cards contain, unless one of the line's exceptions applies. The order, and then the exceptions, "
            "were searched over every hand of the chart so that following the card gives the exact best hold "
            "as often as possible and loses as little equity as possible. "
            + figures_text(summary) + " For the exact best hold of any hand, and the card's hold beside it, ask "
            "the chart: oracle chart lookup \"9h 8c 7d 6s Kh\".")),
        card_section(summary),
        html.section("Share of hands by best hold", "\n".join([
            html.paragraph("How often each pattern is the exact best hold, over all hands charted."),
            html.bar_chart([(b["pattern"], b["share"]) for b in best], value_text=html.percent)])),
        html.section("Closest calls", "\n".join([
            html.paragraph("The hands whose best hold beats the best hold that plays differently by the "
                           "smallest margin (hands whose holds all tie, such as four deuces, make no call)."),
            html.table(["hand", "best hold", "runner-up", "margin (pots)"],
                       [[html.cards(r["hand"]), html.cards(r["best_keep"]), html.cards(r["runner_up_keep"]),
                         f"{r['margin']:.7f}"] for r in summary["closest"]], raw=(0, 1, 2))])),
    ]
    return html.page(kind, summary, meta, model, sections)
