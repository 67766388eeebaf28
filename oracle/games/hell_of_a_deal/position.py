"""Reading a Hell of a Deal position (a scenario's ``position:`` mapping) into a ``HodState``:
the Bosses and Favors in play, the players' cards, tracks and bets, the board, the phase, and
the history replayed line by line. Every bad field raises ``FieldError`` with its path."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.cards import Card, Suit, format_cards, parse_cards
from oracle.errors import FieldError, OracleError, Problem, did_you_mean
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
    boss_suggestion,
    favor_from_mapping,
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


def _check_no_card_twice(state: HodState) -> None:
    """A card may be in one place only; the error names the field where it turns up again
    and the field (or the same field) that already holds it."""
    places: list[tuple[tuple, list[Card]]] = [
        (("boss_hole",), state.boss_hole), (("tolls",), state.tolls), (("board",), state.board),
    ]
    places += [(("stacks", str(spot)), [card]) for spot, card in state.stacks.items()]
    places += [(("discard",), state.discard)]
    places += [(("players", i, "hand"), p.hand) for i, p in enumerate(state.players)]
    seen: dict[Card, tuple] = {}
    for path, cards in places:
        for c in cards:
            if c in seen:
                where = "twice in" if seen[c] == path else "already in"
                where += " " + Problem(seen[c], "").dotted_path()
                raise FieldError(path, f"the card {c} is {where}: no card is in play twice")
            seen[c] = path


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


def _check_boss_cards(state: HodState, phase: str) -> None:
    """"Deal the Boss 2 cards facedown (unless otherwise stated on the Boss card's ability
    text)" and The Boatman's Toll card "After hands are dealt". Extra Boss cards come only
    from Dedly Aloor's draws (any number: the players' matching cards may be folded away) and
    Red Jack's draws at the showdown ("deal cards to his hand until the total is over 16"),
    which the engine adds to ``boss_hole``."""
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
    if state.tolls and not boss.tolls:
        raise FieldError(("tolls",), f"only a Boss who deals Toll cards (The Boatman) has them; "
                                     f"{boss.name} deals none")
    if len(state.tolls) > boss.tolls:
        raise FieldError(("tolls",), f"{boss.name} deals {plural(boss.tolls, 'Toll card')}, got {len(state.tolls)}")
    if phase != "deal" and len(state.tolls) < boss.tolls:
        raise FieldError(("tolls",), f"{boss.name} deals {plural(boss.tolls, 'Toll card')} after hands are dealt, "
                                     f"got {len(state.tolls)}: give them")


def _check_bets(state: HodState, phase: str, done_now: set[str]) -> None:
    """"choose one (and only one) unused chip" each betting phase, plus Demona's second chip
    after a heart on a street ("Players who don't Fold may bet TWO chips on their next bet")
    and the extra chips of Double Down-like Favors played this round. The chips a player has
    already bet beyond one a phase and Demona's are the Favors' extra chips used up."""
    for i, p in enumerate(state.players):
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
            raise FieldError(
                ("players", i, "bets"),
                f"{p.name} has {len(p.bets)} chips bet, but at most {base + p.extra_chips} by the {phase}: one "
                f"in each of the {plural(len(phases), 'betting phase')} finished ('choose one (and only one) unused "
                f"chip'){extras}",
            )
        p.extra_chips -= max(0, len(p.bets) - base)


def _check_hand_sizes(state: HodState, phase: str) -> None:
    """"Deal each player 3 cards facedown" (2 under Red Jack): after the deal a player still in
    holds at least that many (no action takes a card away: a Swap trades one for one). More
    only as far as this round's Favors played that draw cards, the Offerings used that add a
    card (each by a player who bet a Devilish Offering chip), or Dedly Aloor's draws (any
    number) explain. A folded player's hand is in the discard and is not checked."""
    dealt = state.boss.player_hand_cards
    if phase == "deal":
        return
    offerings = [o for o in CARD_OFFERINGS if o in state.offerings_used]
    from_offerings = 0
    for i, p in enumerate(state.players):
        if p.folded:
            continue  # "Fold: Discard your hand"
        path = ("players", i, "hand")
        if not p.hand:
            raise FieldError(path, f"{p.name} is still in the round at the {phase} and was dealt {dealt} "
                                   f"cards ('Deal each player {dealt} cards'): give them")
        if len(p.hand) < dealt:
            raise FieldError(path, f"{p.name} holds {plural(len(p.hand), 'card')}, but players are dealt {dealt} "
                                   f"('Deal each player {dealt} cards') and no card leaves a hand but by folding")
        if state.boss.extra_draws:
            continue
        drawn = sum(state.favors[f].amount for f in p.favors_played if state.favors[f].effect == "draw_cards")
        chips = sum(1 for b in p.bets if b.effective == "Devilish Offering")
        extra = len(p.hand) - dealt
        offered = max(0, extra - drawn)
        from_offerings += offered
        if offered > min(chips, len(offerings)) or from_offerings > len(offerings):
            raise FieldError(
                path,
                f"{p.name} holds {len(p.hand)} cards: dealt {dealt}, and the round explains at most "
                f"{drawn + min(chips, len(offerings) - (from_offerings - offered))} more (cards drawn by "
                f"Favors played: {drawn}; Offerings used that add a card ({', '.join(offerings) or 'none'}), "
                f"one each, by a Devilish Offering chip bet: {chips})",
            )


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> HodState:
    """The table a scenario's ``position:`` describes, its ``history`` replayed; every bad
    field raises ``FieldError`` with its path."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a position is a mapping")
    rules = {o.name: o.default for o in OPTIONS} | dict(rules or {})
    favors = _read_favors(position)
    bosses = _read_bosses(position)
    boss, raw_boss = _read_boss(position, bosses)
    boss_deck = _read_boss_deck(position, bosses, boss)
    for name in [boss.name, *boss_deck]:
        if bosses[name].default_hand is None:
            raise FieldError(
                ("bosses", name, "default_hand") if name != boss.name or not isinstance(raw_boss, Mapping)
                else ("boss", "default_hand"),
                f"{name}'s default minimum hand is not printed in our rulebook: give it "
                f"(bosses: {{{name}: {{default_hand: 'Q Q T T'}}}})",
            )
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise FieldError(("players",), "list the players in seat order (clockwise)")
    phase = position.get("phase", "deal")
    if not isinstance(phase, str) or phase not in BOARD_SIZE:
        raise FieldError(("phase",), f"phase is one of {', '.join(BOARD_SIZE)}, got {phase!r}")
    players: list[PlayerState] = []
    for i, data in enumerate(raw_players):
        players.append(_read_player(data, ("players", i), boss, favors, players))
    for p in players:
        for other in players:
            for fname in other.favors_played:
                if favors[fname].effect == "extra_chip":
                    p.extra_chips += favors[fname].amount
    state = HodState(players=players, boss=boss, rules=rules, bosses=bosses, favors=favors,
                     boss_deck=boss_deck)
    _read_table(position, state)
    _check_table(state, phase, position.get("to_act"))
    _start(state, phase, position.get("to_act"))
    return _replay(state, position.get("history") or [])


def _read_favors(position: Mapping[str, Any]) -> dict[str, Favor]:
    favors = dict(FAVORS)
    for i, data in enumerate(_list_field(position, "favors", ())):
        f = favor_from_mapping(data, ("favors", i))
        favors[f.name] = f
    return favors


def _read_bosses(position: Mapping[str, Any]) -> dict[str, Boss]:
    """The Bosses of the table: the rulebook's, with the settings a scenario gives under
    ``bosses:`` (by name)."""
    bosses = dict(BOSSES)
    extra = position.get("bosses") or {}
    if not isinstance(extra, Mapping):
        raise FieldError(("bosses",), "bosses maps a Boss name to its settings")
    for name, data in extra.items():
        path = ("bosses", name)
        if data is not None and not isinstance(data, Mapping):
            raise FieldError(path, f"a Boss's settings are a mapping such as {{default_hand: 'Q Q T T'}}, not {data!r}")
        data = dict(data or {})
        # A key naming a printed Boss in another spelling ("demona") keeps the printed name.
        known = lookup_boss(str(name), bosses)
        data.setdefault("name", known.name if known is not None else str(name))
        _put_boss(bosses, data, path, name_path=path)
    return bosses


def _read_boss(position: Mapping[str, Any], bosses: dict[str, Boss]) -> tuple[Boss, Any]:
    """The Boss faced (a name, or a mapping of settings), and the field as given."""
    raw_boss = position.get("boss")
    if raw_boss is None:
        raise FieldError(("boss",), "name the Boss faced ('boss: Demona')")
    if not isinstance(raw_boss, (str, Mapping)):
        raise FieldError(("boss",), f"the Boss is a name or a mapping of settings, not {raw_boss!r}")
    if isinstance(raw_boss, Mapping):
        return _put_boss(bosses, raw_boss, ("boss",)), raw_boss
    try:
        return find_boss(str(raw_boss), bosses), raw_boss
    except OracleError as exc:
        raise FieldError(("boss",), str(exc)) from exc


def _read_boss_deck(position: Mapping[str, Any], bosses: dict[str, Boss], boss: Boss) -> list[str]:
    deck_raw = position.get("boss_deck")
    if deck_raw is None:
        order = list(STANDARD_BOSS_ORDER)
        deck_raw = order[order.index(boss.name) + 1:] if boss.name in order else []
    elif not isinstance(deck_raw, list):
        raise FieldError(("boss_deck",), f"boss_deck is a list of Boss names, got {deck_raw!r}")
    boss_deck = []
    for i, name in enumerate(deck_raw):
        try:
            boss_deck.append(find_boss(str(name), bosses).name)
        except OracleError as exc:
            raise FieldError(("boss_deck", i), str(exc)) from exc
    for i, name in enumerate(boss_deck):
        # The deck holds the Bosses still to come; a Big Table Boss faced again ("the Boss
        # remains and must be faced again") stays the current Boss and is no deck card.
        if name == boss.name:
            raise FieldError(("boss_deck", i), f"{name} is the Boss faced now, so not still in the Boss deck")
        if name in boss_deck[:i]:
            raise FieldError(("boss_deck", i), f"{name} is in the Boss deck twice: each Boss card is in the stack once")
    return boss_deck


def _read_player(data: Any, path: tuple, boss: Boss, favors: dict[str, Favor],
                 seated: list[PlayerState]) -> PlayerState:
    if not isinstance(data, Mapping):
        raise FieldError(path, "a player is a mapping with a name")
    for key in data:
        if key not in _PLAYER_KEYS:
            raise FieldError((*path, key), f"unknown player field {key!r}; fields: {', '.join(_PLAYER_KEYS)}")
    name = str(data.get("name", ""))
    if not name or not name.replace("_", "").isalnum() or not name[0].isalpha() or name.lower() in RESERVED_NAMES:
        raise FieldError((*path, "name"), f"a player's name is one word of letters and digits, got {name!r}")
    if name in [p.name for p in seated]:
        raise FieldError((*path, "name"), f"two players are called {name!r}")
    p = PlayerState(name=name)
    p.hand = cards_field(data.get("hand"), (*path, "hand"))
    p.revealed = cards_field(data.get("revealed"), (*path, "revealed"))
    for c in p.revealed:
        if c not in p.hand:
            raise FieldError((*path, "revealed"), f"{c} is not in {name}'s hand")
    if boss.player_cards_face_up:
        p.revealed = list(p.hand)
    p.temptation = _int_field(data, "temptation", path, 0, 0, TEMPTATION_MAX)
    p.curses_active = _int_field(data, "curses", path, 0, 0, MAX_CURSES)
    p.curses_face_down = _int_field(data, "face_down_curses", path, 0, 0, MAX_CURSES)
    if p.curses > MAX_CURSES:
        raise FieldError((*path, "face_down_curses"), f"at most {MAX_CURSES} Curses, active and face-down together")
    p.folded = data.get("folded", False)
    if not isinstance(p.folded, bool):
        raise FieldError((*path, "folded"), f"folded must be true or false, got {p.folded!r}")
    p.bets = [_bet_field(b, (*path, "bets", j)) for j, b in enumerate(_list_field(data, "bets", path))]
    for chip, left in p.chips_left().items():
        if left < 0:
            raise FieldError((*path, "bets"), f"{name} has only {plural(CHIPS[chip].count, chip + ' chip')}")
    for key, target in (("favors", p.favors), ("played_favors", p.favors_played)):
        for j, fname in enumerate(_list_field(data, key, path)):
            try:
                target.append(find_favor(str(fname), favors).name)
            except OracleError as exc:
                raise FieldError((*path, key, j), str(exc)) from exc
    if len(p.favors) > MAX_FAVORS:
        raise FieldError((*path, "favors"), f"at most {MAX_FAVORS} Favors in hand")
    for fname in p.favors_played:
        # Favors already played this round: their lasting effects hold (price already paid).
        f = favors[fname]
        if f.effect == "extra_hand_card":
            p.extra_hand_cards += f.amount
        elif f.effect == "wild_rank":
            p.wild_ranks.add(f.rank)
    if "tolls_paid" in data:
        p.tolls_paid = _int_field(data, "tolls_paid", path, 0)
    return p


def _read_table(position: Mapping[str, Any], state: HodState) -> None:
    """The cards on the table, the Souls pot, the round, the dealer and the Offerings used."""
    players = state.players
    state.boss_hole = cards_field(position.get("boss_hole"), ("boss_hole",))
    state.boss_revealed = cards_field(position.get("boss_revealed"), ("boss_revealed",))
    state.tolls = cards_field(position.get("tolls"), ("tolls",))
    state.board = cards_field(position.get("board"), ("board",))
    state.discard = cards_field(position.get("discard"), ("discard",))
    stacks = position.get("stacks") or {}
    if not isinstance(stacks, Mapping):
        raise FieldError(("stacks",), "stacks maps a board card to the card stacked on it")
    for key, value in stacks.items():
        spot = cards_field(key, ("stacks", key))
        card = cards_field(value, ("stacks", key))
        if len(spot) != 1 or len(card) != 1 or spot[0] not in state.board or spot[0].rank != card[0].rank:
            raise FieldError(("stacks", key), "stack one card on a board card of the same value")
        state.stacks[spot[0]] = card[0]
    # The box holds 39 Souls in chips; a thousand leaves room for any count a table keeps.
    state.souls = _int_field(position, "souls", (), len(players), 0, 1000)
    state.round_number = _int_field(position, "round", (), 1, 1)
    dealer = position.get("dealer", players[-1].name)
    if dealer not in [p.name for p in players]:
        raise FieldError(("dealer",), f"the dealer is one of the players, not {dealer!r}")
    state.dealer = [p.name for p in players].index(dealer)
    used = _list_field(position, "offerings_used", ())
    for i, o in enumerate(used):
        if not isinstance(o, str) or o not in OFFERINGS:
            raise FieldError(("offerings_used", i), f"Offerings are {', '.join(OFFERINGS)}")
        state.offerings_used.add(o)


def _check_table(state: HodState, phase: str, to_act: Any) -> None:
    """What the table must make possible for the phase reached (see the game's page)."""
    _check_no_card_twice(state)
    if len(state.board) != BOARD_SIZE[phase]:
        raise FieldError(("board",), f"the {phase} has {BOARD_SIZE[phase]} board cards, got {len(state.board)}")
    for c in state.boss_revealed:
        if c not in state.boss_hole:
            raise FieldError(("boss_revealed",), f"{c} is not a Boss hole card")
    if phase == "deal" and (any(p.hand for p in state.players) or state.boss_hole or state.tolls):
        # A position is taken after the round's set-up (Boss revealed, Curses flipped).
        raise FieldError(("phase",), "at the deal no cards are dealt yet; use phase preflop")
    _check_boss_cards(state, phase)
    _check_bets(state, phase, _done_this_phase(state, phase, to_act))
    _check_hand_sizes(state, phase)
    check_loss(state)


def _start(state: HodState, phase: str, to_act: Any) -> None:
    """The step machine at the position's phase: the deal queued, the showdown begun, or the
    betting phase with its player to act."""
    if phase == "deal":
        queue_deal(state)
    elif phase == "showdown":
        # The showdown compares cards: the Boss's ("using 1 card is mandatory") and each
        # player's still in ("You must use one of your hole cards").
        if not state.boss_hole:
            raise FieldError(("boss_hole",), "at the showdown the Boss's hole cards are needed")
        for i, p in enumerate(state.players):
            if not p.folded and not p.hand:
                raise FieldError(("players", i, "hand"), f"at the showdown {p.name} (not folded) needs a hand")
        begin_showdown(state)
    else:
        start_betting(state, phase)
        if to_act is not None:
            if to_act not in [p.name for p in state.players if not p.folded]:
                raise FieldError(("to_act",), f"{to_act!r} is not a player still in the round")
            order = [p.name for p in state.turn_order()]
            state.turn_order_done = order[: order.index(to_act)]
            state.to_act = to_act
    advance(state)


def _replay(state: HodState, history: Any) -> HodState:
    if not isinstance(history, list):
        raise FieldError(("history",), "history is a list of action lines")
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
