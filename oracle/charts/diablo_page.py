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


def card_section(summary: Mapping[str, Any]) -> str:
    lines = summary["strategy"]
    rows = [[str(line["rank"]), line["pattern"], f"{line['hands']:,}", share(line["share"]),
             share(line["followed"] / line["hands"]) if line["hands"] else "—", pots(line["loss"])]
            for line in lines]
    worst = ""
    if summary.get("worst_hand"):
        worst = html.table(["the hand it costs most", "the card holds", "the best hold", "loss (pots)"], [[
            html.cards(summary["worst_hand"]), html.cards(summary["worst_hold"] or ""),
            html.cards(summary.get("worst_best_hold") or ""), pots(summary["worst_loss"])]], raw=(0, 1, 2))
    return html.section("Strategy card", "\n".join([
        html.paragraph("Hold the highest line your five cards contain; a line below is never reached by "
                       f"a hand that contains a line above it. Tie-break: {summary['tie_break']}."),
        html.table(["#", "hold", "hands it decides", "share", "best hold for", "loss (pots a hand)"], rows),
        html.paragraph("'Hands it decides' counts the dealt hands whose highest line it is (every hand up to suit "
                       "symmetry weighed by its class's size); 'best hold for' is the share of those for which the "
                       "line's hold is the exact best; 'loss' is the line's part of the card's mean loss."),
        html.paragraph(figures_text(summary)),
        worst,
    ]))


def page(kind, summary: Mapping[str, Any], meta: Mapping[str, Any], model: str) -> str:
    best = summary["best_holds"]
    sections = [
        html.section("How to read it", html.paragraph(
            "The strategy card lists hold patterns in order. Look down it and hold the first line your five "
            "cards contain. The order was searched over every hand of the chart so that following it gives the "
            "exact best hold as often as possible and loses as little equity as possible. "
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
