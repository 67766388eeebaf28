"""Hell of a Deal at a live table (``oracle play hell-of-a-deal``): a fresh table from
``--seats``, ``--boss``, ``--boss-deck``, ``--default-hand`` and ``--dealer``; the status line
(the Boss, the round, the phase, the Souls, what is awaited); the legal moves with the reason
for each left out; the cards a deal may name (the engine deals nothing itself: every card
dealt is named, "deal Anna 9h 9c 2d"). The value types are ``oracle.live``'s."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.errors import OracleError
from oracle.live import CardSlot, Moves, Outcome, SetupError, SetupOption, Status, TableView, one_of, option_text
from oracle.live import seat_names
from oracle.live import summarize

from .moves import chance_template, legal_moves_report
from .round import awaiting
from .rules import BOSSES, STANDARD_BOSS_ORDER, Boss
from .rules.boss_readings import named, table_boss
from .rules.bosses import lookup_boss, parse_default_hand
from .rules.defaults import table_default_hands
from .state import HodState

# "4 neoprene Player mats", "4 sets of 7 Player chips" (Hell of a Deal: Contents).
MAX_PLAYERS = 4
SETUP = (
    SetupOption("seats", f"the players in clockwise order, 1 to {MAX_PLAYERS}"),
    SetupOption("boss", "the Boss faced first (default: Dedly Aloor, the top of the rulebook's Boss stack); a "
                        "card the rulebook does not print with the default hand on it: \"Grim Reaper (default: Q Q T T)\""),
    SetupOption("boss_deck", "the Bosses still to come, in order, separated by commas, a card the rulebook does "
                             "not print named as in --boss; The Big Table "
                             "(Nick Hauss, then The Devil Himself) follows them when they do not name it "
                             "(default: the rulebook's order after the first Boss)"),
    SetupOption("default_hand", "a Boss's default minimum hand, printed on the card: \"Dedly Aloor=Q Q T T\" "
                                "(default: the packaged hands, or those of --bosses)"),
    SetupOption("bosses", "a file of Boss names and default hands (\"Demona: Q Q T T\", one a line), "
                          "as oracle chart hod-preflop --bosses takes"),
    SetupOption("dealer", "who holds the Dealer Button (default: the last seat)"),
)
STATE_KIND = "apply"
# What a step other than a bet or a deal waits for, in the words of its action line.
CHANCE_WORDS = {
    "favor_draw": "'{who} draws Favor <the Favor drawn>'",
    "bones": "'{who} rolls the Bones: <Favor, Temptation or Curse>'",
}
STEP_WORDS = {
    "demona": "{who}: a heart on the board: '{who} suffers a Temptation' or '{who} folds'",
    "keep": "{who} keeps one of the two cards looked at ('{who} keeps <card>')",
    "favor_discard": "{who} holds four Favors: '{who} discards Favor <name>'",
    "toll": "{who} pays The Boatman: '{who} pays <n> Souls in tolls'",
}


def _default_hands(options: Mapping[str, Any]) -> dict[str, str]:
    hands: dict[str, str] = {}
    for item in options.get("default_hand") or ():
        name, sep, cards = str(item).partition("=")
        if not sep or not name.strip() or not cards.strip():
            raise SetupError(f"--default-hand: write the Boss and the cards, e.g. \"Dedly Aloor=Q Q T T\", not {item!r}")
        try:
            boss = table_boss(name.strip()).name
            if lookup_boss(boss) is None:
                raise OracleError(f"{boss} is not printed in the rulebook: his default hand is the one his reading "
                                  "gives in --boss or --boss-deck")
            parse_default_hand(cards.strip(), ("default_hand",))
        except OracleError as exc:
            raise SetupError(f"--default-hand {item!r}: {getattr(exc, 'message', exc)}") from None
        hands[boss] = cards.strip()
    return hands


def _split_names(text: str) -> list[str]:
    """The names of ``--boss-deck``, separated by commas outside a card's reading in brackets."""
    names, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth <= 0:
            names.append(text[start:i].strip())
            start, depth = i + 1, 0
    return [n for n in [*names, text[start:].strip()] if n]


def _named(text: str, option: str, known: dict[str, Boss]) -> Boss:
    try:
        boss = table_boss(text, known)
    except OracleError as exc:
        raise SetupError(f"--{option}: {exc}") from None
    known.setdefault(boss.name, boss)
    return boss


def _bosses_faced(options: Mapping[str, Any]) -> tuple[Boss, list[Boss] | None]:
    """The first Boss and the Bosses to come (None: the rulebook's order), each of the
    rulebook or a card it does not print, named with its reading."""
    known = dict(BOSSES)
    boss = _named(option_text(options, "boss") or STANDARD_BOSS_ORDER[0], "boss", known)
    text = option_text(options, "boss_deck")
    if text is None:
        return boss, None
    deck = [_named(name, "boss-deck", known) for name in _split_names(text)]
    # "Then you will move to The Big Table": Nick Hauss, then The Devil Himself, always follow
    # the Minions (Hell of a Deal, Cooperative Poker), so a deck that names them not still ends.
    big_table = list(STANDARD_BOSS_ORDER[-2:])
    after = big_table[big_table.index(boss.name) + 1:] if boss.name in big_table else big_table
    return boss, deck + [BOSSES[name] for name in after if name not in [b.name for b in deck]]


def new_position(options: Mapping[str, Any]) -> dict[str, Any]:
    names = seat_names(dict(options), 1, MAX_PLAYERS, "Hell of a Deal")
    boss, deck = _bosses_faced(options)
    # The rulebook prints no default hands: the packaged ones, then a --bosses file's, then
    # each --default-hand, the later winning.
    try:
        hands = table_default_hands(option_text(options, "bosses"), _default_hands(options))
    except SetupError:
        raise
    except OracleError as exc:
        raise SetupError(str(exc)) from None
    order = list(STANDARD_BOSS_ORDER)
    coming = [b.name for b in deck] if deck is not None else (
        order[order.index(boss.name) + 1:] if boss.name in order else [])
    # A card the rulebook does not print brings his default hand in his reading.
    unprinted = {b.name for b in [boss, *(deck or [])] if b.unmodelled}
    faced = [name for name in dict.fromkeys([boss.name, *coming]) if name not in unprinted]
    missing = [name for name in faced if name not in hands]
    if missing:
        raise SetupError(
            f"--default-hand: no default minimum hand known for {', '.join(missing)}; give the one on its card, "
            f"e.g. --default-hand \"{missing[0]}=Q Q T T\"")
    position: dict[str, Any] = {
        "players": [{"name": n} for n in names],
        "boss": named(boss),
        "bosses": {name: {"default_hand": hands[name]} for name in faced},
        "phase": "deal",
    }
    if deck is not None:
        position["boss_deck"] = [named(b) for b in deck]
    dealer = one_of(dict(options), "dealer", names)
    if dealer is not None:
        position["dealer"] = dealer
    return position


def _awaited(state: HodState) -> tuple[str, tuple[str, ...]]:
    wait = awaiting(state)
    by, step, who = wait["by"], wait["step"], wait.get("player")
    if by is None:
        return step, ()
    if by == "team":
        return f"the team assigns {wait['count']} Temptation over 10 ('assign Temptation: {state.names[0]} 1')", ()
    if step == "reveal":
        instants = "; ".join(f"{who} holds {', '.join(favors)}" for who, favors in wait["instants"].items())
        return f"the showdown: an Instant may be played now ({instants}), then 'reveal hands'", ()
    if by == "dealer":
        return "the showdown is settled: 'end round'", ()
    if by == "chance":
        template = chance_template(state)
        if template is not None:
            return f"'{template['template']}'", ()
        return CHANCE_WORDS.get(step, step.replace("_", " ")).format(who=who), ()
    if step == "bet":
        if state.bet_this_turn:
            return f"{who}: more chips or Favors if allowed, then '{who} is done'", (who,)
        return f"{who} to bet a chip or fold", (who,)
    return STEP_WORDS.get(step, f"{{who}}: {step.replace('_', ' ')}").format(who=who), (who,)


def status(state: HodState) -> Status:
    if state.status != "going on":
        return Status(f"game {state.status}: {state.reason}", awaiting="nothing: the game is over", over=True)
    awaited, to_act = _awaited(state)
    default = "" if state.boss.default_hand is None else \
        f" (default hand {' '.join(str(c) for c in state.boss.default_hand)})"
    text = (f"round {state.round_number} against {state.boss.name}{default}, {state.phase}: "
            f"{state.souls} Soul{'s' if state.souls != 1 else ''}; {awaited}")
    return Status(text, to_act=to_act, awaiting=awaited)


def moves(state: HodState) -> Moves:
    report = legal_moves_report(state)
    template = report["chance"]
    waiting = (template["template"],) if template else ()
    _, to_act = _awaited(state)
    return Moves(to_act=to_act, legal=tuple(report["legal"]), summary=summarize(report["legal"]),
                 left_out=tuple(report["illegal"].items()), waiting_for=waiting)


def card_slots(state: HodState) -> tuple[CardSlot, ...]:
    template = chance_template(state)
    if template is None:
        return ()
    prefix = template["template"].split(" <card>")[0]
    return (CardSlot(prefix, template["cards"], tuple(str(c) for c in state.stock())),)


def table_view(state: HodState) -> TableView:
    rows = []
    for i, p in enumerate(state.players):
        marks = [w for w, on in (("dealer", i == state.dealer), ("to act", p.name == state.to_act)) if on]
        hand = " ".join(str(c) for c in p.hand)
        rows.append((p.name, hand, str(p.temptation), f"{p.curses_active}+{p.curses_face_down}",
                     ", ".join(str(b) for b in p.bets), ", ".join(p.favors),
                     "folded" if p.folded else ", ".join(marks)))
    notes = [f"{state.souls} Souls in the pot", "board: " + (" ".join(str(c) for c in state.board) or "none")]
    if state.boss_hole:
        notes.append(f"{state.boss.name}'s hole cards: {len(state.boss_hole)}"
                     + (", shown " + " ".join(str(c) for c in state.boss_revealed) if state.boss_revealed else ""))
    if state.tolls:
        notes.append("tolls: " + " ".join(str(c) for c in state.tolls))
    if state.discard:
        notes.append("discard: " + " ".join(str(c) for c in state.discard))
    if state.boss_deck:
        notes.append("Bosses to come: " + ", ".join(state.boss_deck))
    return TableView(title=f"Hell of a Deal, round {state.round_number} against {state.boss.name}: {state.phase}",
                     columns=("player", "hand", "Temptation", "Curses", "bets", "Favors", ""),
                     rows=tuple(rows), notes=tuple(notes))


def next_position(state: HodState, position: Mapping[str, Any]) -> None:
    """The history runs on from round to round ('end round' sets up the next Boss)."""
    return None


def _settlement_words(settlement: Mapping[str, int]) -> str:
    words = (("souls", "Soul", "Souls"), ("temptation", "Temptation", "Temptation"), ("curses", "Curse", "Curses"))
    parts = [f"{'+' if n > 0 else ''}{n} {one if abs(n) == 1 else many}"
             for key, one, many in words if (n := settlement.get(key, 0))]
    return ", ".join(parts) or "nothing"


VERBS = {"win": "wins", "lose": "loses", "push": "pushes"}


def settled(before: HodState, after: HodState) -> Outcome | None:
    """The showdown against the Boss (each player's outcome, with the Souls, Temptation and
    Curses it brings: Hell of a Deal, Compare Hands and Settle the Bets) and the round's end
    (the Boss beaten or not, the next Boss, the game's end)."""
    if after.status != "going on" and before.status == "going on":
        return Outcome(f"game {after.status}: {after.reason}", {"event": "game_over", "status": after.status,
                                                               "reason": after.reason, "souls": after.souls})
    if after.results and after.results != before.results:
        each = [f"{name} {VERBS.get(r['outcome'], r['outcome'])}" + (f" ({r['reason']})" if r.get("reason") else "")
                + f": {_settlement_words(r.get('settlement') or {})}" for name, r in after.results.items()]
        text = f"showdown against {after.boss.name}: " + "; ".join(each)
        return Outcome(text, {"event": "showdown", "boss": after.boss.name, "results": after.results,
                              "souls": after.souls})
    if after.round_number > before.round_number:
        beaten = before.boss.name in after.beaten_bosses
        text = (f"round {before.round_number} is over: {before.boss.name} "
                f"{'is beaten' if beaten else 'is not beaten'}; {after.souls} Soul{'s' if after.souls != 1 else ''} "
                f"in the pot; next: round {after.round_number} against {after.boss.name}")
        return Outcome(text, {"event": "round_over", "boss": before.boss.name, "beaten": beaten,
                              "next_boss": after.boss.name, "souls": after.souls})
    return _unmodelled_favor(before, after) or _unmodelled_boss(before, after)


def _unmodelled_favor(before: HodState, after: HodState) -> Outcome | None:
    """A Favor the rulebook does not print, played: its Price is paid; what it does is not
    modelled, which the table is told once, here."""
    for old, new in zip(before.players, after.players):
        for name in new.favors_played[len(old.favors_played):]:
            favor = after.favors.get(name)
            if favor is not None and favor.effect == "unmodelled":
                price = {"temptation": "a Temptation", "curse": "a Curse for next hand"}.get(favor.price, "no Price")
                return Outcome(f"{new.name} plays {name} and pays {price}; what {name} does is not modelled, so the "
                               "answers from here on do not count it (apply its effect with the table's own lines)",
                               {"event": "favor_unmodelled", "player": new.name, "favor": name, "price": favor.price})
    return None


def _dealt(state: HodState) -> bool:
    return bool(state.boss_hole or state.board or state.tolls or any(p.hand or p.folded for p in state.players))


def _unmodelled_boss(before: HodState, after: HodState) -> Outcome | None:
    """A Boss card the rulebook does not print: the table is told once, as his round's cards
    are first dealt (or at the first line of a session that starts in his round), that his
    special rules are not modelled."""
    boss = after.boss
    if not boss.unmodelled or before.boss.name != boss.name or before.round_number != after.round_number:
        return None
    first_deal = not _dealt(before) and _dealt(after)
    first_line = not before.log and _dealt(before)
    if not (first_deal or first_line):
        return None
    hand = " ".join(str(c) for c in boss.default_hand or ())
    return Outcome(f"{boss.name} is not printed in the rulebook: he is played as its first four Bosses are, with the "
                   f"default hand on his card ({hand}), {boss.hole_cards} hole cards and {boss.soul_penalty} Souls "
                   "for each hand lost to him; what his card's own text does is not modelled, so the answers do not "
                   "count it",
                   {"event": "boss_unmodelled", "boss": boss.name, "default_hand": hand})
