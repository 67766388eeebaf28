"""The ``hod-preflop`` chart: for every three-card Hell of a Deal start up to suit symmetry and
each Boss named with his default hand, the exact chance to win, push and lose before the Flop.

The model is the odds solver's, through the game's own glue: a position with one player
holding the start before the Flop, the Boss's hole cards face down, is read by the game
(``load_position``), turned into the solver's problem (``odds_problem``) and counted exactly
(``oracle.solve.exact.holdem.compute_odds``): every board and every Boss hand from the 49
unseen cards. The player uses one or two of the three cards ("You must use one of your hole
cards and MAY use two"); the Boss plays the stronger of his default hand and his cards. Other
players' cards are unseen, hence exchangeable with the deck. ``compute`` is the one place the
chart calls the solver.

Bosses the pre-Flop odds cannot model are refused by name: Red Jack (blackjack draws), Jack
Potts (cards stacked on later streets) and The Boatman (his toll card, dealt after the
hands, and the Souls paid to use it).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from oracle.cards import format_cards, parse_cards
from oracle.errors import OracleError, Problem, ScenarioError

from . import html
from .kinds import ChartError, ChartKind, Params
from .symmetry import canonical, class_size, suit_classes

RULE = "Hell of a Deal: Showdown Phase (Compare Hands)"
MODEL = (
    "One player holds the three cards of the start, before the Flop; the Boss's hole cards are face "
    "down. Every Community board and every Boss hand from the 49 unseen cards is counted. The player "
    "makes the best hand with one or two of the three cards and the board; the Boss plays the stronger "
    "of his default hand and his best hand with his own cards (one or two, all three for Nick Hauss "
    "and The Devil Himself); matching the default hand on the cards it lists is a push. Favors, "
    "Offerings and other players' cards are left out: their cards are unseen, like the deck."
)
UNSUPPORTED = {
    "blackjack": "he draws to over 16 at the showdown under blackjack rules, which the odds do not model",
    "stack_reveals": "cards stacked on later streets are not modelled before the River",
    "tolls": "his toll card is dealt after the hands and using it costs Souls, which a pre-Flop chart cannot know",
}


def read_bosses(options: Sequence[str], file: str | None) -> dict[str, Any]:
    """The chart's Bosses from ``--boss NAME=CARDS`` options and a ``--bosses`` file (a YAML
    mapping of Boss name to default hand), in the order given, the options after the file."""
    entries: list[tuple[str, Any, Problem]] = []
    if file is not None:
        from oracle.scenario_yaml import read_documents

        documents = read_documents(file)
        data, lines = documents[0]
        if len(documents) != 1 or not isinstance(data, Mapping):
            raise ScenarioError([Problem((), "expected one mapping of Boss name to default hand, "
                                          "such as 'Demona: Q Q T T'", file, 1)])
        for name, hand in data.items():
            entries.append((str(name), hand, lines.problem((name,), "")))
    for text in options:
        name, sep, hand = text.partition("=")
        if not sep:
            raise ChartError(f"--boss takes NAME=CARDS, such as 'Demona=Q Q T T', not {text!r}")
        entries.append((name.strip(), hand, Problem(("--boss",), "")))
    if not entries:
        raise ChartError("name the Bosses and their default hands: --boss 'Demona=Q Q T T' or --bosses FILE")
    bosses: dict[str, str] = {}
    for name, hand, where in entries:
        boss_name, default = _check_boss(name, hand, where)
        bosses[boss_name] = default
    return {"bosses": [{"name": n, "default_hand": d} for n, d in bosses.items()]}


def _check_boss(name: str, hand: Any, where: Problem) -> tuple[str, str]:
    from oracle.games.hell_of_a_deal import boss_from_mapping, find_boss

    def fail(message: str) -> ScenarioError:
        return ScenarioError([Problem(where.path, message, where.file, where.line)])

    try:
        boss = boss_from_mapping({"name": name, "default_hand": hand}, where.path, base=find_boss(name))
    except OracleError as exc:
        raise fail(getattr(exc, "message", str(exc))) from None
    for setting, reason in UNSUPPORTED.items():
        if getattr(boss, setting):
            raise fail(f"no pre-Flop chart against {boss.name}: {reason}")
    return boss.name, format_cards(boss.default_hand)


def classes(params: Params) -> list[str]:
    return [format_cards(start) for start, _ in suit_classes(3)]


def keys(chosen: Sequence[str], params: Params) -> list[list[str]]:
    return [[start, boss["name"]] for start in chosen for boss in params["bosses"]]


def compute(key: Sequence[str], params: Params) -> dict[str, Any]:
    """One start against one Boss, counted exactly by the odds solver however long it takes."""
    from oracle.games.hell_of_a_deal import load_position, odds_problem
    from oracle.solve.exact.holdem import compute_odds

    start, boss = key
    default = next(b["default_hand"] for b in params["bosses"] if b["name"] == boss)
    position = {
        "boss": boss,
        "bosses": {boss: {"default_hand": default}},
        "boss_deck": [],
        "phase": "preflop",
        "players": [{"name": "Player", "hand": start}],
    }
    result = compute_odds(odds_problem(load_position(position, {})), method="exact")
    if not result.exact:
        raise ChartError(f"the odds solver gave no exact answer for {start} against {boss}")
    seat = result.seats[0]
    return {
        "start": start, "boss": boss, "default_hand": default, "weight": class_size(parse_cards(start)),
        "win": seat.win, "push": seat.push, "lose": seat.lose,
        "wins": seat.wins, "pushes": seat.pushes, "losses": seat.losses, "deals": result.deals,
    }


# The best and the worst starts listed beside each Boss's strip.
ENDS = 5


def columns(params: Params) -> list[tuple[str, str]]:
    return [("start", "string"), ("boss", "string"), ("default_hand", "string"), ("weight", "int64"),
            ("win", "float64"), ("push", "float64"), ("lose", "float64"), ("wins", "int64"),
            ("pushes", "int64"), ("losses", "int64"), ("deals", "int64")]


def _rows(table) -> list[dict[str, Any]]:
    return table.select(["start", "boss", "weight", "win", "push", "lose"]).to_pylist()


def summarize(table, params: Params) -> dict[str, Any]:
    rows = _rows(table)
    bosses = []
    for boss in params["bosses"]:
        mine = [r for r in rows if r["boss"] == boss["name"]]
        if not mine:
            continue
        hands = sum(r["weight"] for r in mine)
        beating = [r for r in mine if r["win"] > r["lose"]]
        bosses.append({
            "boss": boss["name"], "default_hand": boss["default_hand"], "starts": len(mine), "hands": hands,
            **{k: sum(r["weight"] * r[k] for r in mine) / hands for k in ("win", "push", "lose")},
            "starts_beating": len(beating), "hands_beating": sum(r["weight"] for r in beating),
        })
    return {"classes": len({r["start"] for r in rows}), "bosses": bosses}


def render(summary: Mapping[str, Any], table, meta: Mapping[str, Any]) -> str:
    rows = _rows(table)
    overview = html.table(
        ["Boss", "default hand", "win", "push", "lose", "starts that beat him", "deals with such a start"],
        [[b["boss"], b["default_hand"], html.percent(b["win"]), html.percent(b["push"]), html.percent(b["lose"]),
          f"{b['starts_beating']:,} of {b['starts']:,}", html.percent(b["hands_beating"] / b["hands"])]
         for b in summary["bosses"]])
    sections = [
        html.section("How to read it", html.paragraph(
            "For each Boss: the chance that a start wins, pushes or loses against him before the Flop, "
            "averaged over all deals (each start weighed by how many deals it is), and the starts that win "
            "more often than they lose. 'Deals with such a start' is the share of all three-card deals that "
            "are one of those starts. A start is named by one hand of its class: any renaming of the suits "
            "gives the same odds.")),
        html.section("Every Boss", overview),
    ]
    for b in summary["bosses"]:
        ranked = sorted((r for r in rows if r["boss"] == b["boss"]), key=lambda r: (-r["win"], r["lose"], r["start"]))
        sections.append(html.section(f"{b['boss']} (default hand {b['default_hand']})", _boss_body(b, ranked)))
    return html.page(KIND, summary, meta, MODEL, sections)


def _boss_body(boss: Mapping[str, Any], ranked: Sequence[Mapping[str, Any]]) -> str:
    """One Boss: every start as a bar, best first, the best and worst starts listed beside."""
    def name(r: Mapping[str, Any]) -> str:
        return html.card_symbols(r["start"])

    shown = list(ranked[:ENDS]) + list(ranked[-ENDS:] if len(ranked) > ENDS else [])
    aside = html.table(["", "start", "win", "lose"],
                       [["best" if i == 0 else "worst" if i == ENDS else "", html.cards(r["start"]),
                         html.percent(r["win"]), html.percent(r["lose"])] for i, r in enumerate(shown)], raw=(1,))
    rows_html = [[html.cards(r["start"]), html.percent(r["win"]), html.percent(r["push"]),
                  html.percent(r["lose"])] for r in ranked]
    return "\n".join([
        html.beside(html.stacked_strip([(r["win"], r["push"], r["lose"]) for r in ranked],
                                       ends=(name(ranked[0]), name(ranked[-1])) if ranked else ("", "")), aside),
        html.paragraph(f"{boss['starts_beating']:,} of {boss['starts']:,} starts win more often than they lose "
                       f"against {boss['boss']} (default hand {boss['default_hand']})."),
        html.details(f"all {boss['starts']:,} starts, best first",
                     html.table(["start", "win", "push", "lose"], rows_html, raw=(0,))),
    ])


def lookup(find: Callable[[Any], dict | None], query: str, params: Params,
           options: Mapping[str, Any], record: Mapping[str, Any] | None = None) -> dict[str, Any]:
    start = parse_cards(query)
    if len(start) != 3:
        raise ChartError(f"a Hell of a Deal start is three cards, got {len(start)} in {query!r}")
    cards, _ = canonical(start)
    names = [b["name"] for b in params["bosses"]]
    wanted = options.get("boss")
    if wanted:
        from oracle.games.hell_of_a_deal import find_boss

        name = find_boss(wanted).name
        if name not in names:
            raise ChartError(f"the chart has no entries against {name}; it covers {', '.join(names)}")
        names = [name]
    found = []
    for name in names:
        row = find([format_cards(cards), name])
        if row is None:
            raise ChartError(f"the chart has no entry for {format_cards(start)} against {name} (its class "
                             f"{format_cards(cards)} was not computed: the chart is a subset)")
        found.append({k: row[k] for k in ("boss", "default_hand", "win", "push", "lose", "wins", "pushes",
                                          "losses", "deals")})
    return {"start": format_cards(start), "class": format_cards(cards), "bosses": found, "rule": RULE}


KIND = ChartKind(
    slug="hod-preflop",
    title="Hell of a Deal: starts against each Boss",
    summary="the exact chance of every three-card start to win, push and lose against each Boss before the Flop",
    rule=RULE,
    unit="start",
    partition_size=4,
    classes=classes,
    keys=keys,
    compute=compute,
    columns=columns,
    summarize=summarize,
    render=render,
    lookup=lookup,
    key_columns=("start", "boss"),
)
