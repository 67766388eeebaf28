"""Reading a Hell of a Deal position (a scenario's ``position:`` mapping) into a ``HodState``:
the Bosses and Favors in play, the players' cards, tracks and bets, the board, the phase, and
the history replayed line by line.

Every bad field of the position is named at its path, all at once: one as a ``FieldError``,
several as one ``ScenarioError`` (as Diablo, Auf Teufel and Drawing Dead report theirs). A bad
field is read as empty or as its default, and a check that reads it is skipped (a hand that
does not parse is neither counted nor searched for a card given twice), so that one mistake is
reported once. The history is replayed after, up to its first bad line."""

from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

from oracle.cards import Card, Suit, format_cards, parse_cards
from oracle.errors import FieldError, OracleError, Problem, did_you_mean, raise_problems
from oracle.words import plural

from .actions import OFFERINGS, RESERVED_NAMES
from .effects import check_loss
from .engine import apply_action
from .resolution import begin_showdown
from .round import advance, queue_deal, start_betting
from .rules import (
    BOARD_SIZE,
    BOSSES,
    CHIPS,
    FAVORS,
    MAX_CURSES,
    MAX_FAVORS,
    OPTIONS,
    STANDARD_BOSS_ORDER,
    TEMPTATION_MAX,
    Boss,
    ChipBet,
    Favor,
    blackjack_total,
    boss_from_mapping,
    boss_key,
    boss_suggestion,
    favor_from_mapping,
    favor_key,
    find_boss,
    find_chip,
    find_favor,
    lookup_boss,
)
from .state import HodState, PlayerState

# The keys a scenario's ``position:`` may have (the loader flags any other, with the nearest).
POSITION_KEYS = ("players", "boss", "bosses", "boss_deck", "boss_hole", "boss_revealed",
                 "tolls", "board", "stacks", "discard", "souls", "dealer", "phase", "to_act",
                 "round", "offerings_used", "favors", "history")
_PLAYER_KEYS = ("name", "hand", "revealed", "temptation", "bets", "folded", "curses",
                "face_down_curses", "favors", "played_favors", "tolls_paid")

T = TypeVar("T")


def _collect(problems: list[Problem], default: T, read: Callable[..., T], *args: Any) -> T:
    """``read(*args)``; when it raises ``FieldError``, that problem goes to ``problems`` and
    ``default`` stands in for the field."""
    try:
        return read(*args)
    except FieldError as exc:
        problems.append(Problem(exc.path, exc.message))
        return default


def _found(problems: list[Problem], *paths: tuple) -> bool:
    """Whether a problem was found at one of ``paths``, inside it, or at the entry holding it
    (a player who is not a mapping): a check that reads such a field is skipped, so that one
    mistake is reported once."""
    return any(p.path[: len(path)] == path or path[: len(p.path)] == p.path for p in problems for path in paths)


def cards_field(value: Any, path: tuple) -> list[Card]:
    """Cards given as text or a list, each with its suit ("dealt"); ``FieldError`` at ``path``."""
    if value is None:
        return []
    items = list(value) if isinstance(value, (list, tuple)) else [value]
    for item in items:
        if not isinstance(item, str):
            raise FieldError(path, f"cards are text such as '9h Td', got {value!r}")
    value = " ".join(items)
    try:
        cards = parse_cards(str(value))
    except OracleError as exc:
        raise FieldError(path, str(exc)) from exc
    for c in cards:
        if c.suit is None:
            raise FieldError(path, f"give every dealt card with its suit, not {str(c)!r}")
    return cards


def _int_field(data: Mapping, key: str, path: tuple, default: int, low: int = 0, high: int | None = None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise FieldError((*path, key), f"{key} must be a whole number {bound}, got {value!r}")
    return value


def _list_field(data: Mapping, key: str, path: tuple) -> list:
    """A list field (absent or null: empty); a string or a mapping is refused by name."""
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError((*path, key), f"{key} is a list, got {value!r}")
    return value


def _bet_field(text: Any, path: tuple) -> ChipBet:
    parts = str(text).split(" as ")
    chip = find_chip(parts[0])
    acts = find_chip(parts[1]) if len(parts) == 2 else None
    if chip is None or (len(parts) == 2 and acts is None) or len(parts) > 2:
        wrong = parts[0] if chip is None or len(parts) > 2 else parts[1]
        hint = did_you_mean(wrong, list(CHIPS), "chips", str.lower)
        raise FieldError(path, f"unknown chip {text!r}{hint} ('Wild as Heal' for the Wild chip)")
    if (chip.name == "Wild") != (acts is not None) or (acts is not None and acts.name == "Wild"):
        raise FieldError(path, "only the Wild chip is declared as another chip ('Wild as Earn a Soul')")
    return ChipBet(chip=chip.name, acts_as=acts.name if acts else None)


def _put_boss(bosses: dict[str, Boss], data: Mapping[str, Any], path: tuple,
              name_path: tuple | None = None) -> Boss:
    """A Boss given by its settings into ``bosses``: named after a Boss of the table, only the
    settings given change (the entry is replaced). Any other name is a typo unless the mapping
    declares a Boss of the scenario's own with ``new: true`` ("Got more ideas on fun bosses?");
    ``new: true`` on a rulebook Boss is refused too, so neither can be taken for the other."""
    name = data.get("name", "")
    new = data.get("new", False)
    if not isinstance(new, bool):
        raise FieldError((*path, "new"), f"new must be true or false, got {new!r}")
    base = lookup_boss(str(name), bosses) if isinstance(name, str) and name.strip() else None
    if new and base is not None and not base.designer:
        raise FieldError((*path, "new"), f"{base.name} is a Boss of the rulebook: leave out 'new: true' "
                                         "to change his settings")
    if not new and base is None and isinstance(name, str) and name.strip():
        raise FieldError(name_path or (*path, "name"),
                         f"{name!r} is not a Boss of the rulebook{boss_suggestion(name)}; a Boss of "
                         "the scenario's own is declared with 'new: true' among its settings")
    boss = boss_from_mapping(data, path, base)
    if base is not None:
        bosses.pop(base.name)
    bosses[boss.name] = boss
    return boss


def _check_no_card_twice(state: HodState, problems: list[Problem]) -> None:
    """A card may be in one place only; the problem names the field where it turns up again
    and the field (or the same field) that already holds it, once a field. A field that did
    not parse holds no cards here, so it is not searched."""
    places: list[tuple[tuple, list[Card]]] = [
        (("boss_hole",), state.boss_hole), (("tolls",), state.tolls), (("board",), state.board),
    ]
    places += [(("stacks", str(spot)), [card]) for spot, card in state.stacks.items()]
    places += [(("discard",), state.discard)]
    places += [(("players", i, "hand"), p.hand) for i, p in enumerate(state.players)]
    seen: dict[Card, tuple] = {}
    for path, cards in places:
        reported = False
        for c in cards:
            if c in seen and not reported:
                where = "twice in" if seen[c] == path else "already in"
                where += " " + Problem(seen[c], "").dotted_path()
                problems.append(Problem(path, f"the card {c} is {where}: no card is in play twice"))
                reported = True
            seen.setdefault(c, path)


# ---------------------------------------------------------------------------------------
# Counts: the cards dealt and the chips bet must be possible for the phase reached.

BETTING_PHASES = ("preflop", "flop", "turn", "river")
# Betting phases every player still in has finished when a position's phase begins.
PHASES_FINISHED = {"deal": 0, "preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 4}
STREET_ON_BOARD = {"flop": slice(0, 3), "turn": slice(3, 4), "river": slice(4, 5)}
# The Devilish Offerings that put a card into the user's hand.
CARD_OFFERINGS = ("look", "discard")


def _done_this_phase(state: HodState, phase: str, to_act: Any) -> set[str]:
    """Players who have already had their turn in the current betting phase: those before
    ``to_act`` in turn order (nobody when ``to_act`` is not given or not a player; the phase
    code names a bad ``to_act``)."""
    if phase not in BETTING_PHASES:
        return set()
    order = [p.name for p in state.turn_order()]
    if to_act not in order:
        return set()
    return set(order[: order.index(to_act)])


def _check_boss_hole(state: HodState, phase: str) -> None:
    """"Deal the Boss 2 cards facedown (unless otherwise stated on the Boss card's ability
    text)". Extra Boss cards come only from Dedly Aloor's draws (any number: the players'
    matching cards may be folded away) and Red Jack's draws at the showdown ("deal cards to his
    hand until the total is over 16"), which the engine adds to ``boss_hole``."""
    boss, hole, dealt = state.boss, state.boss_hole, state.boss.hole_cards
    if 0 < len(hole) < dealt:
        raise FieldError(("boss_hole",), f"{boss.name} is dealt {dealt} hole cards, got {len(hole)}: "
                                         "give them all, or none while they are unknown")
    if len(hole) > dealt and not boss.extra_draws:
        limit = boss.draws_while_at_most
        if limit is None:
            raise FieldError(("boss_hole",), f"{boss.name} is dealt {dealt} hole cards ('Deal the Boss 2 cards "
                                             f"facedown (unless otherwise stated on the Boss card's ability "
                                             f"text)'), got {len(hole)}")
        if phase != "showdown":
            raise FieldError(("boss_hole",), f"{boss.name} is dealt {dealt} hole cards, got {len(hole)}: he "
                                             "draws more only after he reveals at the showdown")
        for k in range(dealt, len(hole)):
            total = blackjack_total(hole[:k])
            if total > limit:
                raise FieldError(("boss_hole",), f"{boss.name} stops drawing once his total is over {limit}: "
                                                 f"{format_cards(hole[:k])} total {total}, so "
                                                 f"{format_cards(hole[k:])} was not drawn")


def _check_tolls(state: HodState, phase: str) -> None:
    """The Boatman's Toll card, dealt "After hands are dealt"."""
    boss = state.boss
    if state.tolls and not boss.tolls:
        raise FieldError(("tolls",), f"only a Boss who deals Toll cards (The Boatman) has them; "
                                     f"{boss.name} deals none")
    if len(state.tolls) > boss.tolls:
        raise FieldError(("tolls",), f"{boss.name} deals {plural(boss.tolls, 'Toll card')}, got {len(state.tolls)}")
    if phase != "deal" and len(state.tolls) < boss.tolls:
        raise FieldError(("tolls",), f"{boss.name} deals {plural(boss.tolls, 'Toll card')} after hands are dealt, "
                                     f"got {len(state.tolls)}: give them")


def _check_bets(state: HodState, phase: str, done_now: set[str], problems: list[Problem]) -> None:
    """"choose one (and only one) unused chip" each betting phase, plus Demona's second chip
    after a heart on a street ("Players who don't Fold may bet TWO chips on their next bet")
    and the extra chips of Double Down-like Favors played this round. The chips a player has
    already bet beyond one a phase and Demona's are the Favors' extra chips used up. A player
    whose bets did not read is not checked."""
    for i, p in enumerate(state.players):
        if _found(problems, ("players", i, "bets")):
            continue
        phases = BETTING_PHASES[: PHASES_FINISHED[phase] + (1 if p.name in done_now else 0)]
        hearts = [s for s in phases if s in STREET_ON_BOARD and state.boss.heart_tax
                  and any(c.suit is Suit.HEARTS for c in state.board[STREET_ON_BOARD[s]])]
        base = len(phases) + len(hearts)
        if len(p.bets) > base + p.extra_chips:
            extras = ""
            if hearts:
                extras += f", one more after {state.boss.name}'s heart on the {' and '.join(hearts)}"
            if p.extra_chips:
                extras += f", {p.extra_chips} extra from Favors played (Double Down)"
            problems.append(Problem(
                ("players", i, "bets"),
                f"{p.name} has {len(p.bets)} chips bet, but at most {base + p.extra_chips} by the {phase}: one "
                f"in each of the {plural(len(phases), 'betting phase')} finished ('choose one (and only one) unused "
                f"chip'){extras}",
            ))
            continue
        p.extra_chips -= max(0, len(p.bets) - base)


def _check_hand_sizes(state: HodState, phase: str, problems: list[Problem]) -> None:
    """"Deal each player 3 cards facedown" (2 under Red Jack): after the deal a player still in
    holds at least that many (no action takes a card away: a Swap trades one for one). More
    only as far as this round's Favors played that draw cards, the Offerings used that add a
    card (each by a player who bet a Devilish Offering chip), or Dedly Aloor's draws (any
    number) explain. A folded player's hand is in the discard and is not checked, nor a hand
    that did not read (nor one whose bets or Favors played did not: they explain its cards)."""
    dealt = state.boss.player_hand_cards
    if phase == "deal":
        return
    offerings = [o for o in CARD_OFFERINGS if o in state.offerings_used]
    from_offerings = 0
    for i, p in enumerate(state.players):
        if p.folded:
            continue  # "Fold: Discard your hand"
        path = ("players", i, "hand")
        if _found(problems, path, ("players", i, "bets"), ("players", i, "played_favors"), ("players", i, "folded")):
            continue
        if not p.hand:
            problems.append(Problem(path, f"{p.name} is still in the round at the {phase} and was dealt {dealt} "
                                   f"cards ('Deal each player {dealt} cards'): give them"))
            continue
        if len(p.hand) < dealt:
            problems.append(Problem(path, f"{p.name} holds {plural(len(p.hand), 'card')}, but players are dealt "
                                          f"{dealt} ('Deal each player {dealt} cards') and no card leaves a hand "
                                          "but by folding"))
            continue
        if state.boss.extra_draws:
            continue
        drawn = sum(state.favors[f].amount for f in p.favors_played if state.favors[f].effect == "draw_cards")
        chips = sum(1 for b in p.bets if b.effective == "Devilish Offering")
        extra = len(p.hand) - dealt
        offered = max(0, extra - drawn)
        from_offerings += offered
        if offered > min(chips, len(offerings)) or from_offerings > len(offerings):
            problems.append(Problem(
                path,
                f"{p.name} holds {len(p.hand)} cards: dealt {dealt}, and the round explains at most "
                f"{drawn + min(chips, len(offerings) - (from_offerings - offered))} more (cards drawn by "
                f"Favors played: {drawn}; Offerings used that add a card ({', '.join(offerings) or 'none'}), "
                f"one each, by a Devilish Offering chip bet: {chips})",
            ))
            from_offerings -= offered  # so the players after are not blamed for this hand's cards


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> HodState:
    """The table a scenario's ``position:`` describes, its ``history`` replayed. Every bad
    field of the position is reported at once, each at its path (one ``FieldError``, several
    one ``ScenarioError``); a check that reads a field already found bad is skipped."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a position is a mapping")
    rules = {o.name: o.default for o in OPTIONS} | dict(rules or {})
    problems: list[Problem] = []
    favors, unread_favors = _read_favors(position, problems)
    bosses, unread_bosses = _read_bosses(position, problems)
    boss, raw_boss = _read_boss(position, bosses, unread_bosses, problems)
    boss_deck = _read_boss_deck(position, bosses, boss, unread_bosses, problems)
    for name in ([boss.name] if boss is not None else []) + boss_deck:
        if bosses[name].default_hand is None and boss_key(name) not in unread_bosses:
            problems.append(Problem(
                ("bosses", name, "default_hand") if boss is None or name != boss.name
                or not isinstance(raw_boss, Mapping) else ("boss", "default_hand"),
                f"{name}'s default minimum hand is not printed in our rulebook: give it "
                f"(bosses: {{{name}: {{default_hand: 'Q Q T T'}}}})",
            ))
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        problems.append(Problem(("players",), "list the players in seat order (clockwise)"))
        raw_players = []
    phase = position.get("phase", "deal")
    if not isinstance(phase, str) or phase not in BOARD_SIZE:
        problems.append(Problem(("phase",), f"phase is one of {', '.join(BOARD_SIZE)}, got {phase!r}"))
    players: list[PlayerState] = []
    for i, data in enumerate(raw_players):
        players.append(_read_player(data, ("players", i), boss, favors, unread_favors, players, problems))
    for p in players:
        for other in players:
            for fname in other.favors_played:
                if favors[fname].effect == "extra_chip":
                    p.extra_chips += favors[fname].amount
    table = _read_table(position, players, problems)
    history = position.get("history") or []
    if not isinstance(history, list):
        problems.append(Problem(("history",), "history is a list of action lines"))
    if boss is None or not players:
        raise_problems(problems)  # the checks below read the Boss's settings and the players
    state = HodState(players=players, boss=boss, rules=rules, bosses=bosses, favors=favors,
                     boss_deck=boss_deck, **table)
    _check_table(state, phase, position.get("to_act"), problems)
    raise_problems(problems)
    _start(state, phase, position.get("to_act"))
    # The history stops at its first bad line: each line is played on the table the lines
    # before it left, so the lines after a bad one cannot be checked.
    return _replay(state, history)


def _read_favors(position: Mapping[str, Any], problems: list[Problem]) -> tuple[dict[str, Favor], set[str]]:
    """The Favors of the table: the rulebook's and the scenario's own under ``favors:``; and
    the names (``favor_key``) of those that did not read, which a player may name without
    being told they are unknown."""
    favors = dict(FAVORS)
    unread: set[str] = set()
    for i, data in enumerate(_collect(problems, [], _list_field, position, "favors", ())):
        try:
            f = favor_from_mapping(data, ("favors", i))
        except FieldError as exc:
            problems.append(Problem(exc.path, exc.message))
            if isinstance(data, Mapping) and isinstance(data.get("name"), str):
                unread.add(favor_key(data["name"]))
            continue
        favors[f.name] = f
    return favors, unread


def _read_bosses(position: Mapping[str, Any], problems: list[Problem]) -> tuple[dict[str, Boss], set[str]]:
    """The Bosses of the table: the rulebook's, with the settings a scenario gives under
    ``bosses:`` (by name); and the names (``boss_key``) of those whose settings did not read,
    which ``boss`` and ``boss_deck`` may name without being told they are unknown."""
    bosses = dict(BOSSES)
    unread: set[str] = set()
    extra = position.get("bosses") or {}
    if not isinstance(extra, Mapping):
        problems.append(Problem(("bosses",), "bosses maps a Boss name to its settings"))
        return bosses, unread
    for name, data in extra.items():
        path = ("bosses", name)
        if data is not None and not isinstance(data, Mapping):
            problems.append(Problem(path, f"a Boss's settings are a mapping such as {{default_hand: 'Q Q T T'}}, "
                                          f"not {data!r}"))
            unread.add(boss_key(str(name)))
            continue
        data = dict(data or {})
        # A key naming a printed Boss in another spelling ("demona") keeps the printed name.
        known = lookup_boss(str(name), bosses)
        data.setdefault("name", known.name if known is not None else str(name))
        try:
            _put_boss(bosses, data, path, name_path=path)
        except FieldError as exc:
            problems.append(Problem(exc.path, exc.message))
            unread |= {boss_key(str(name)), boss_key(str(data["name"]))}
    return bosses, unread


def _read_boss(position: Mapping[str, Any], bosses: dict[str, Boss], unread: set[str],
               problems: list[Problem]) -> tuple[Boss | None, Any]:
    """The Boss faced (a name, or a mapping of settings), and the field as given; None when
    he cannot be read (a Boss whose settings did not read is not called unknown)."""
    raw_boss = position.get("boss")
    if raw_boss is None:
        problems.append(Problem(("boss",), "name the Boss faced ('boss: Demona')"))
        return None, raw_boss
    if not isinstance(raw_boss, (str, Mapping)):
        problems.append(Problem(("boss",), f"the Boss is a name or a mapping of settings, not {raw_boss!r}"))
        return None, raw_boss
    if isinstance(raw_boss, Mapping):
        return _collect(problems, None, _put_boss, bosses, raw_boss, ("boss",)), raw_boss
    try:
        return find_boss(str(raw_boss), bosses), raw_boss
    except OracleError as exc:
        if boss_key(str(raw_boss)) not in unread:
            problems.append(Problem(("boss",), str(exc)))
        return None, raw_boss


def _read_boss_deck(position: Mapping[str, Any], bosses: dict[str, Boss], boss: Boss | None,
                    unread: set[str], problems: list[Problem]) -> list[str]:
    deck_raw = position.get("boss_deck")
    if deck_raw is None:
        order = list(STANDARD_BOSS_ORDER)
        deck_raw = order[order.index(boss.name) + 1:] if boss is not None and boss.name in order else []
    elif not isinstance(deck_raw, list):
        problems.append(Problem(("boss_deck",), f"boss_deck is a list of Boss names, got {deck_raw!r}"))
        return []
    deck: list[tuple[int, str]] = []
    for i, name in enumerate(deck_raw):
        try:
            deck.append((i, find_boss(str(name), bosses).name))
        except OracleError as exc:
            if boss_key(str(name)) not in unread:
                problems.append(Problem(("boss_deck", i), str(exc)))
    for k, (i, name) in enumerate(deck):
        # The deck holds the Bosses still to come; a Big Table Boss faced again ("the Boss
        # remains and must be faced again") stays the current Boss and is no deck card.
        if boss is not None and name == boss.name:
            problems.append(Problem(("boss_deck", i), f"{name} is the Boss faced now, so not still in the Boss deck"))
        elif name in [n for _, n in deck[:k]]:
            problems.append(Problem(("boss_deck", i), f"{name} is in the Boss deck twice: each Boss card is in the "
                                                      "stack once"))
    return [name for _, name in deck]


def _read_player(data: Any, path: tuple, boss: Boss | None, favors: dict[str, Favor], unread_favors: set[str],
                 seated: list[PlayerState], problems: list[Problem]) -> PlayerState:
    """One seat, every bad field to ``problems``; a field that did not read is left empty or at
    its default (an entry that is no mapping is a player without a name), so that the seats
    keep their places."""
    if not isinstance(data, Mapping):
        problems.append(Problem(path, "a player is a mapping with a name"))
        return PlayerState(name="")
    for key in data:
        if key not in _PLAYER_KEYS:
            problems.append(Problem((*path, key), f"unknown player field {key!r}; fields: {', '.join(_PLAYER_KEYS)}"))
    name = str(data.get("name", ""))
    if not name or not name.replace("_", "").isalnum() or not name[0].isalpha() or name.lower() in RESERVED_NAMES:
        problems.append(Problem((*path, "name"), f"a player's name is one word of letters and digits, got {name!r}"))
    elif name in [p.name for p in seated]:
        problems.append(Problem((*path, "name"), f"two players are called {name!r}"))
    p = PlayerState(name=name)
    p.hand = _collect(problems, [], cards_field, data.get("hand"), (*path, "hand"))
    p.revealed = _collect(problems, [], cards_field, data.get("revealed"), (*path, "revealed"))
    if not _found(problems, (*path, "hand"), (*path, "revealed")):
        for c in p.revealed:
            if c not in p.hand:
                problems.append(Problem((*path, "revealed"), f"{c} is not in {name}'s hand"))
                break
    if boss is not None and boss.player_cards_face_up:
        p.revealed = list(p.hand)
    p.temptation = _collect(problems, 0, _int_field, data, "temptation", path, 0, 0, TEMPTATION_MAX)
    p.curses_active = _collect(problems, 0, _int_field, data, "curses", path, 0, 0, MAX_CURSES)
    p.curses_face_down = _collect(problems, 0, _int_field, data, "face_down_curses", path, 0, 0, MAX_CURSES)
    if p.curses > MAX_CURSES:
        problems.append(Problem((*path, "face_down_curses"), f"at most {MAX_CURSES} Curses, active and face-down "
                                                             "together"))
    p.folded = data.get("folded", False)
    if not isinstance(p.folded, bool):
        problems.append(Problem((*path, "folded"), f"folded must be true or false, got {p.folded!r}"))
        p.folded = False
    for j, text in enumerate(_collect(problems, [], _list_field, data, "bets", path)):
        bet = _collect(problems, None, _bet_field, text, (*path, "bets", j))
        if bet is not None:
            p.bets.append(bet)
    if not _found(problems, (*path, "bets")):
        for chip, left in p.chips_left().items():
            if left < 0:
                problems.append(Problem((*path, "bets"), f"{name} has only {plural(CHIPS[chip].count, chip + ' chip')}"))
                break
    for key, target in (("favors", p.favors), ("played_favors", p.favors_played)):
        for j, fname in enumerate(_collect(problems, [], _list_field, data, key, path)):
            try:
                target.append(find_favor(str(fname), favors).name)
            except OracleError as exc:
                if favor_key(str(fname)) not in unread_favors:
                    problems.append(Problem((*path, key, j), str(exc)))
    if len(p.favors) > MAX_FAVORS:
        problems.append(Problem((*path, "favors"), f"at most {MAX_FAVORS} Favors in hand"))
    for fname in p.favors_played:
        # Favors already played this round: their lasting effects hold (price already paid).
        f = favors[fname]
        if f.effect == "extra_hand_card":
            p.extra_hand_cards += f.amount
        elif f.effect == "wild_rank":
            p.wild_ranks.add(f.rank)
    if "tolls_paid" in data:
        p.tolls_paid = _collect(problems, None, _int_field, data, "tolls_paid", path, 0)
    return p


def _read_table(position: Mapping[str, Any], players: list[PlayerState], problems: list[Problem]) -> dict[str, Any]:
    """The cards on the table, the Souls pot, the round, the dealer and the Offerings used, as
    ``HodState`` fields; every bad one to ``problems``, read as empty or its default."""
    table: dict[str, Any] = {
        key: _collect(problems, [], cards_field, position.get(key), (key,))
        for key in ("boss_hole", "boss_revealed", "tolls", "board", "discard")
    }
    table["stacks"] = {}
    stacks = position.get("stacks") or {}
    if not isinstance(stacks, Mapping):
        problems.append(Problem(("stacks",), "stacks maps a board card to the card stacked on it"))
        stacks = {}
    for key, value in stacks.items():
        try:
            spot = cards_field(key, ("stacks", key))
            card = cards_field(value, ("stacks", key))
        except FieldError as exc:
            problems.append(Problem(exc.path, exc.message))
            continue
        # A board that did not read is not searched for the spot.
        off_board = len(spot) == 1 and spot[0] not in table["board"] and not _found(problems, ("board",))
        if len(spot) != 1 or len(card) != 1 or off_board or spot[0].rank != card[0].rank:
            problems.append(Problem(("stacks", key), "stack one card on a board card of the same value"))
            continue
        table["stacks"][spot[0]] = card[0]
    # The box holds 39 Souls in chips; a thousand leaves room for any count a table keeps.
    table["souls"] = _collect(problems, len(players), _int_field, position, "souls", (), len(players), 0, 1000)
    table["round_number"] = _collect(problems, 1, _int_field, position, "round", (), 1, 1)
    names = [p.name for p in players]
    dealer = position.get("dealer", names[-1] if names else None)
    # A seat whose name did not read may be the dealer meant: then the dealer is not checked.
    unnamed = any(p.path[:1] == ("players",) and (len(p.path) == 2 or p.path[2] == "name") for p in problems)
    if names and dealer not in names and not unnamed:
        problems.append(Problem(("dealer",), f"the dealer is one of the players, not {dealer!r}"))
    table["dealer"] = names.index(dealer) if dealer in names else max(len(names) - 1, 0)
    table["offerings_used"] = set()
    for i, o in enumerate(_collect(problems, [], _list_field, position, "offerings_used", ())):
        if not isinstance(o, str) or o not in OFFERINGS:
            problems.append(Problem(("offerings_used", i), f"Offerings are {', '.join(OFFERINGS)}"))
            continue
        table["offerings_used"].add(o)
    return table


def _check_table(state: HodState, phase: Any, to_act: Any, problems: list[Problem]) -> None:
    """What the table must make possible for the phase reached (see the game's page); each
    check is skipped when a field it reads did not read (the phase among them)."""
    _check_no_card_twice(state, problems)
    if not _found(problems, ("boss_revealed",), ("boss_hole",)):
        for c in state.boss_revealed:
            if c not in state.boss_hole:
                problems.append(Problem(("boss_revealed",), f"{c} is not a Boss hole card"))
                break
    if _found(problems, ("phase",)):
        return
    if not _found(problems, ("board",)) and len(state.board) != BOARD_SIZE[phase]:
        problems.append(Problem(("board",), f"the {phase} has {BOARD_SIZE[phase]} board cards, got {len(state.board)}"))
    if phase == "deal" and (any(p.hand for p in state.players) or state.boss_hole or state.tolls):
        # A position is taken after the round's set-up (Boss revealed, Curses flipped).
        problems.append(Problem(("phase",), "at the deal no cards are dealt yet; use phase preflop"))
        return
    if not _found(problems, ("boss_hole",)):
        _collect(problems, None, _check_boss_hole, state, phase)
    if not _found(problems, ("tolls",)):
        _collect(problems, None, _check_tolls, state, phase)
    if phase == "showdown" and not state.boss_hole and not _found(problems, ("boss_hole",)):
        # The showdown compares cards: the Boss's ("using 1 card is mandatory").
        problems.append(Problem(("boss_hole",), "at the showdown the Boss's hole cards are needed"))
    if phase in BETTING_PHASES and to_act is not None and to_act not in [p.name for p in state.players if not p.folded]:
        problems.append(Problem(("to_act",), f"{to_act!r} is not a player still in the round"))
    # The chips a player may have bet depend on the turn order, the board's hearts (Demona)
    # and every Favor played (Double Down): none of them may be unread.
    n = len(state.players)
    if not _found(problems, ("dealer",), ("to_act",), ("board",), *[("players", i, "played_favors") for i in range(n)]):
        _check_bets(state, phase, _done_this_phase(state, phase, to_act), problems)
    if not _found(problems, ("offerings_used",)):
        _check_hand_sizes(state, phase, problems)
    check_loss(state)


def _start(state: HodState, phase: str, to_act: Any) -> None:
    """The step machine at the position's phase (checked by ``_check_table``): the deal
    queued, the showdown begun, or the betting phase with its player to act."""
    if phase == "deal":
        queue_deal(state)
    elif phase == "showdown":
        # The showdown compares cards: each player's still in ("You must use one of your hole
        # cards").
        for i, p in enumerate(state.players):
            if not p.folded and not p.hand:
                raise FieldError(("players", i, "hand"), f"at the showdown {p.name} (not folded) needs a hand")
        begin_showdown(state)
    else:
        start_betting(state, phase)
        if to_act is not None:
            order = [p.name for p in state.turn_order()]
            state.turn_order_done = order[: order.index(to_act)]
            state.to_act = to_act
    advance(state)


def _replay(state: HodState, history: list) -> HodState:
    for i, line in enumerate(history):
        try:
            state = apply_action(state, str(line))
        except OracleError as exc:
            raise FieldError(("history", i), f"{line!r}: {exc}") from exc
    return state


def number_field(path: tuple, position: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[int, int | None, int] | None:
    """A whole-number field a search (``oracle find``) may leave open, as (least, most, step),
    or None: the Souls in the pot (at most 1,000, as a position reads them) and a player's
    Temptation (0 to the track's 10th space)."""
    if path == ("souls",):
        return (0, 1000, 1)
    if len(path) == 3 and path[0] == "players" and path[2] == "temptation":
        return (0, TEMPTATION_MAX, 1)
    return None
