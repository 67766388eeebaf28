"""Reading a Hell of a Deal position (a scenario's ``position:`` mapping) into a ``HodState``:
the Bosses and Favors in play, the players' cards, tracks and bets, the board, the phase, and
the history replayed line by line.

Every bad field of the position is named at its path, all at once: one as a ``FieldError``,
several as one ``ScenarioError`` (as Diablo, Auf Teufel and Drawing Dead report theirs). A bad
field is read as empty or as its default, and a check that reads it is skipped (a hand that
does not parse is neither counted nor searched for a card given twice), so that one mistake is
reported once. The history is replayed after, up to its first bad line."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.cards import Card, parse_cards
from oracle.errors import FieldError, OracleError, Problem, did_you_mean, raise_problems
from oracle.text import quote
from oracle.words import plural

from ..actions import OFFERINGS, RESERVED_NAMES
from ..engine import apply_action
from ..resolution import begin_showdown
from ..round import advance, queue_deal, start_betting
from ..rules import (
    BOARD_SIZE,
    BOSS_KEYS,
    BOSSES,
    CHIPS,
    FAVOR_KEYS,
    FAVORS,
    MAX_CURSES,
    MAX_FAVORS,
    OPTIONS,
    STANDARD_BOSS_ORDER,
    TEMPTATION_MAX,
    Boss,
    ChipBet,
    Favor,
    boss_from_mapping,
    boss_key,
    boss_suggestion,
    favor_from_mapping,
    favor_key,
    find_chip,
    find_favor,
    lookup_boss,
)
from ..rules.boss_readings import split_reading, table_boss
from ..state import HodState, PlayerState
from .checks import check_table, collect, found

# The keys a scenario's ``position:`` may have (the loader flags any other, with the nearest).
POSITION_KEYS = ("players", "boss", "bosses", "boss_deck", "boss_hole", "boss_revealed",
                 "tolls", "board", "stacks", "discard", "souls", "dealer", "phase", "to_act",
                 "round", "offerings_used", "favors", "history")
_PLAYER_KEYS = ("name", "hand", "revealed", "temptation", "bets", "folded", "curses",
                "face_down_curses", "favors", "played_favors", "tolls_paid")
# The keys of each entry of a field (``GameInfo.entry_keys``): a player, a Favor of the
# scenario's own, a Boss's settings by name.
ENTRY_KEYS = {"players": _PLAYER_KEYS, "favors": FAVOR_KEYS, "bosses": BOSS_KEYS}

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
    # Each Boss once, and none whose settings did not read (all of them when ``bosses:`` did not).
    settings_read = not any(p.path == ("bosses",) for p in problems)
    for name in dict.fromkeys(([boss.name] if boss is not None else []) + boss_deck):
        if bosses[name].default_hand is None and boss_key(name) not in unread_bosses and settings_read:
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
    check_table(state, phase, position.get("to_act"), problems)
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
    for i, data in enumerate(collect(problems, [], _list_field, position, "favors", ())):
        f = collect(problems, None, favor_from_mapping, data, ("favors", i))
        if f is None:
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
        if collect(problems, None, _put_boss, bosses, data, path, path) is None:
            unread |= {boss_key(str(name)), boss_key(str(data["name"]))}
    return bosses, unread


def _read_boss(position: Mapping[str, Any], bosses: dict[str, Boss], unread: set[str],
               problems: list[Problem]) -> tuple[Boss | None, Any]:
    """The Boss faced (a name, or a mapping of settings), and the field as given; None when
    he cannot be read. A Boss whose settings under ``bosses:`` did not read is None too, with
    no problem of his own: he is not called unknown, nor checked by settings not his."""
    raw_boss = position.get("boss")
    if raw_boss is None:
        problems.append(Problem(("boss",), "name the Boss faced ('boss: Demona')"))
        return None, raw_boss
    if not isinstance(raw_boss, (str, Mapping)):
        problems.append(Problem(("boss",), f"the Boss is a name or a mapping of settings, not {raw_boss!r}"))
        return None, raw_boss
    if isinstance(raw_boss, Mapping):
        return collect(problems, None, _put_boss, bosses, raw_boss, ("boss",)), raw_boss
    if boss_key(split_reading(str(raw_boss))[0]) in unread:
        return None, raw_boss
    try:
        boss = _named_boss(str(raw_boss), bosses)
    except OracleError as exc:
        problems.append(Problem(("boss",), str(exc)))
        return None, raw_boss
    return (None if boss_key(boss.name) in unread else boss), raw_boss


def _named_boss(text: str, bosses: dict[str, Boss]) -> Boss:
    """A Boss named in ``boss`` or ``boss_deck``: by name, or a card the rulebook does not
    print by name and reading ("Grim Reaper (default: Q Q T T)"), then one of the table's."""
    boss = table_boss(text, bosses)
    bosses.setdefault(boss.name, boss)
    return boss


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
            deck.append((i, _named_boss(str(name), bosses).name))
        except OracleError as exc:
            if boss_key(split_reading(str(name))[0]) not in unread:
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
    p.hand = collect(problems, [], cards_field, data.get("hand"), (*path, "hand"))
    p.revealed = collect(problems, [], cards_field, data.get("revealed"), (*path, "revealed"))
    if not found(problems, (*path, "hand"), (*path, "revealed")):
        for c in p.revealed:
            if c not in p.hand:
                problems.append(Problem((*path, "revealed"), f"{c} is not in {name}'s hand"))
                break
    if boss is not None and boss.player_cards_face_up:
        p.revealed = list(p.hand)
    p.temptation = collect(problems, 0, _int_field, data, "temptation", path, 0, 0, TEMPTATION_MAX)
    p.curses_active = collect(problems, 0, _int_field, data, "curses", path, 0, 0, MAX_CURSES)
    p.curses_face_down = collect(problems, 0, _int_field, data, "face_down_curses", path, 0, 0, MAX_CURSES)
    if p.curses > MAX_CURSES:
        problems.append(Problem((*path, "face_down_curses"), f"at most {MAX_CURSES} Curses, active and face-down "
                                                             "together"))
    p.folded = data.get("folded", False)
    if not isinstance(p.folded, bool):
        problems.append(Problem((*path, "folded"), f"folded must be true or false, got {p.folded!r}"))
        p.folded = False
    for j, text in enumerate(collect(problems, [], _list_field, data, "bets", path)):
        bet = collect(problems, None, _bet_field, text, (*path, "bets", j))
        if bet is not None:
            p.bets.append(bet)
    if not found(problems, (*path, "bets")):
        for chip, left in p.chips_left().items():
            if left < 0:
                problems.append(Problem((*path, "bets"), f"{name} has only {plural(CHIPS[chip].count, chip + ' chip')}"))
                break
    for key, target in (("favors", p.favors), ("played_favors", p.favors_played)):
        for j, fname in enumerate(collect(problems, [], _list_field, data, key, path)):
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
        p.tolls_paid = collect(problems, None, _int_field, data, "tolls_paid", path, 0)
    return p


def _read_table(position: Mapping[str, Any], players: list[PlayerState], problems: list[Problem]) -> dict[str, Any]:
    """The cards on the table, the Souls pot, the round, the dealer and the Offerings used, as
    ``HodState`` fields; every bad one to ``problems``, read as empty or its default."""
    table: dict[str, Any] = {
        key: collect(problems, [], cards_field, position.get(key), (key,))
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
        off_board = len(spot) == 1 and spot[0] not in table["board"] and not found(problems, ("board",))
        if len(spot) != 1 or len(card) != 1 or off_board or spot[0].rank != card[0].rank:
            problems.append(Problem(("stacks", key), "stack one card on a board card of the same value"))
            continue
        table["stacks"][spot[0]] = card[0]
    # The box holds 39 Souls in chips; a thousand leaves room for any count a table keeps.
    table["souls"] = collect(problems, len(players), _int_field, position, "souls", (), len(players), 0, 1000)
    table["round_number"] = collect(problems, 1, _int_field, position, "round", (), 1, 1)
    names = [p.name for p in players]
    dealer = position.get("dealer", names[-1] if names else None)
    # A seat whose name did not read may be the dealer meant: then the dealer is not checked.
    unnamed = any(p.path[:1] == ("players",) and (len(p.path) == 2 or p.path[2:3] == ("name",)) for p in problems)
    if names and dealer not in names and not unnamed:
        problems.append(Problem(("dealer",), f"the dealer is one of the players, not {dealer!r}"))
    table["dealer"] = names.index(dealer) if dealer in names else max(len(names) - 1, 0)
    table["offerings_used"] = set()
    for i, o in enumerate(collect(problems, [], _list_field, position, "offerings_used", ())):
        if not isinstance(o, str) or o not in OFFERINGS:
            problems.append(Problem(("offerings_used", i), f"Offerings are {', '.join(OFFERINGS)}"))
            continue
        table["offerings_used"].add(o)
    return table


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
            raise FieldError(("history", i), f"{quote(line)}: {exc}") from exc
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


def field_size(path: tuple, position: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[int, int | None, str] | None:
    """How many items a field holds whatever they are (``GameInfo.field_size``): the board at
    the phase given (3 cards at the flop, 5 from the river on) and the players (one or more)."""
    phase = position.get("phase")
    if path == ("board",) and isinstance(phase, str) and phase in BOARD_SIZE:
        return (BOARD_SIZE[phase], BOARD_SIZE[phase], f"the {phase} has {BOARD_SIZE[phase]} board cards")
    if path == ("players",):
        return (1, None, "a table has at least one player")
    return None
