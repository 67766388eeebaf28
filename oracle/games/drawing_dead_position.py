"""Drawing Dead setup and positions: dealing a new game, and reading a scenario's position
(format in docs/games/drawing-dead.md) into a ``drawing_dead.State``."""

from __future__ import annotations

import re
from typing import Any, Mapping

from oracle.cards import Card, check_cards, full_deck, parse_cards
from oracle.errors import CardParseError, FieldError, IllegalActionError, InvalidActionError, InvalidHandError
from oracle.games.drawing_dead import (
    ADVANCED_DRAFT_DEAL, OPTIONS, START_CHIPS, START_POKER, START_ROLES, Player, State,
    game_winner,
)
from oracle.games.drawing_dead_actions import Action
from oracle.games.drawing_dead_roles import DEFAULT_ROLES, RoleTable, load_role_table

NAME = re.compile(r"^[A-Za-z0-9_'.-]+$")
# A pending role ("respond") is reached only through the history.
LOADABLE_PHASES = ("advanced-draft", "start", "draft", "action", "cleanup", "over")


def _check_rules(rules: Mapping[str, Any], players: int) -> dict[str, Any]:
    merged = {o.name: o.default for o in OPTIONS} | dict(rules)
    if not isinstance(merged["target"], int) or merged["target"] < 1:
        raise FieldError((), f"rules: target must be at least 1, not {merged['target']!r}")
    if START_CHIPS * players > merged["box_chips"]:
        raise FieldError(("players",), f"{players} players need {START_CHIPS * players} chips but "
                         f"the box holds {merged['box_chips']}; set rules: box_chips")
    return merged


def new_game(names: list[str], rules: Mapping[str, Any] | None = None, *, seed: int = 0,
             roles: RoleTable = DEFAULT_ROLES) -> State:
    """Set up a game: the high card picks the first player, then each player gets 15 chips,
    2 poker cards and 1 role card (3 to draft under Advanced Draft)."""
    if len(names) < 2:
        raise FieldError(("players",), "Drawing Dead needs at least 2 players")
    merged = _check_rules(rules or {}, len(names))
    state = State(rules=merged, role_table=roles, players=[Player(name=n, chips=START_CHIPS) for n in names],
                  turn=0, phase="start", button=None, pot=0,
                  bank=merged["box_chips"] - START_CHIPS * len(names),
                  poker_deck=full_deck(jokers=1), role_deck=roles.deck(), seed=seed)
    state.first = state.turn = first_player(state)
    state.next_rng().shuffle(state.poker_deck)
    state.next_rng().shuffle(state.role_deck)
    deal = ADVANCED_DRAFT_DEAL if merged["advanced_draft"] else START_ROLES
    for p in state.players:
        p.stash = state.draw_poker(START_POKER)
        dealt = [state.draw_role() for _ in range(deal)]
        dealt = [r for r in dealt if r is not None]
        if merged["advanced_draft"]:
            p.draft = dealt
        else:
            p.stash_roles = dealt
    if merged["advanced_draft"]:
        state.phase = "advanced-draft"
    if merged["pot_at_start"]:
        state.refill_pot()
    return state


def first_player(state: State) -> int:
    """"Deal each player 1 face-up poker card. High card goes first!" Suits do not rank; the
    Joker is the highest card; tied players are dealt again. The cards go back to the deck,
    which is then shuffled."""
    deck = full_deck(jokers=1)
    state.next_rng().shuffle(deck)
    contenders = list(range(len(state.players)))
    while len(contenders) > 1 and deck:
        dealt = {i: deck.pop() for i in contenders}
        top = max(15 if c.is_joker else c.value for c in dealt.values())
        contenders = [i for i in contenders if (15 if dealt[i].is_joker else dealt[i].value) == top]
    return contenders[0]


POSITION_KEYS = ("players", "turn", "phase", "button", "pot", "bank", "poker_deck", "poker_trash",
                 "role_deck", "role_trash", "role_texts", "played_roles", "draft_options",
                 "draft_round", "first", "winner", "hand_won", "seed", "deal", "history")
PLAYER_KEYS = ("name", "chips", "stash", "stash_roles", "upcards", "passed_role", "draft")


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> State:
    """Read a position (format in docs/games/drawing-dead.md), then apply its history."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a position is a mapping")
    for key in position:
        if key not in POSITION_KEYS:
            raise FieldError((key,), f"unknown position key; known: {', '.join(POSITION_KEYS)}")
    roles = load_role_table(position["role_texts"], ("role_texts",)) if "role_texts" in position else DEFAULT_ROLES
    seed = _int(position, "seed", 0)
    raw_players = position.get("players")
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise FieldError(("players",), "expected a list of at least 2 players")
    names = []
    for i, raw in enumerate(raw_players):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or not NAME.match(raw["name"]):
            raise FieldError(("players", i, "name"), "each player needs a one-word name")
        if raw["name"].lower() in (n.lower() for n in names) or raw["name"].lower() == "all":
            raise FieldError(("players", i, "name"), f"name {raw['name']!r} is taken")
        names.append(raw["name"])
    for key in ("deal", "hand_won"):
        if key in position and not isinstance(position[key], bool):
            raise FieldError((key,), "expected true or false")
    history = position.get("history") or []
    if not isinstance(history, list):
        raise FieldError(("history",), "expected a list of action lines")
    if position.get("deal"):
        dealt_keys = [k for k in position if k not in ("players", "deal", "seed", "role_texts", "history")]
        extra = [(i, k) for i, raw in enumerate(raw_players) for k in raw if k != "name"]
        if dealt_keys:
            raise FieldError((dealt_keys[0],), "a dealt position (deal: true) takes only players' names, "
                             "seed, role_texts and history")
        if extra:
            raise FieldError(("players", *extra[0]), "a dealt position (deal: true) takes only players' names")
        state = new_game(names, rules, seed=seed, roles=roles)
    else:
        state = _read_state(position, rules, roles, names, seed)
    for i, line in enumerate(history):
        try:
            state.do(Action.parse(line))
        except (IllegalActionError, InvalidActionError) as exc:
            raise FieldError(("history", i), str(exc)) from None
    return state


def _int(data: Mapping, key: str, default: int | None, path: tuple = ()) -> int:
    value = data.get(key, default)
    if value is None or not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise FieldError((*path, key), "expected a whole number of at least 0")
    return value


def _cards(data: Mapping, key: str, path: tuple) -> list[Card]:
    value = data.get(key, "")
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    try:
        cards = parse_cards(value or "")
    except CardParseError as exc:
        raise FieldError((*path, key), str(exc)) from None
    for card in cards:
        if not card.is_joker and card.suit is None:
            raise FieldError((*path, key), f"{card} needs a suit: every card in play is a real card")
    return cards


def _role_list(data: Mapping, key: str, path: tuple, roles: RoleTable) -> list[str]:
    value = data.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise FieldError((*path, key), "expected a list of role names")
    out = []
    for j, name in enumerate(value):
        role = roles.find(str(name))
        if role is None:
            raise FieldError((*path, key, j), f"no role named {name!r} (roles: {', '.join(r.name for r in roles.roles)})")
        out.append(role.name)
    return out


def _player_index(position: Mapping, key: str, names: list[str], default: int | None) -> int | None:
    value = position.get(key)
    if value is None:
        return default
    for i, n in enumerate(names):
        if str(value).lower() == n.lower():
            return i
    raise FieldError((key,), f"no player named {value!r}")


def _read_state(position, rules, roles: RoleTable, names: list[str], seed: int) -> State:
    merged = _check_rules(rules, len(names))
    players = []
    for i, raw in enumerate(position["players"]):
        for key in raw:
            if key not in PLAYER_KEYS:
                raise FieldError(("players", i, key), f"unknown player key; known: {', '.join(PLAYER_KEYS)}")
        path = ("players", i)
        passed = _role_list(raw, "passed_role", path, roles)
        if len(passed) > 1:
            raise FieldError((*path, "passed_role"), "one role card at most is passed to a player")
        players.append(Player(
            name=raw["name"], chips=_int(raw, "chips", START_CHIPS, path),
            stash=_cards(raw, "stash", path), upcards=_cards(raw, "upcards", path),
            stash_roles=_role_list(raw, "stash_roles", path, roles),
            passed_role=passed[0] if passed else None, draft=_role_list(raw, "draft", path, roles)))
    phase = position.get("phase", "start")
    if phase not in LOADABLE_PHASES:
        raise FieldError(("phase",), f"phase must be one of {', '.join(LOADABLE_PHASES)} "
                         "(a pending role is reached through history)")
    pot = _int(position, "pot", 0)
    bank = merged["box_chips"] - sum(p.chips for p in players) - pot
    if bank < 0:
        raise FieldError(("pot",), f"players and pot hold more than the box's {merged['box_chips']} chips")
    if "bank" in position and _int(position, "bank", 0) != bank:
        raise FieldError(("bank",), f"the bank must hold {bank} chips: the box holds "
                         f"{merged['box_chips']} and players and pot hold the rest")
    state = State(rules=merged, role_table=roles, players=players,
                  turn=_player_index(position, "turn", names, 0), phase=phase,
                  button=_player_index(position, "button", names, None), pot=pot, bank=bank,
                  poker_deck=_cards(position, "poker_deck", ()), poker_trash=_cards(position, "poker_trash", ()),
                  role_deck=_role_list(position, "role_deck", (), roles),
                  role_trash=_role_list(position, "role_trash", (), roles),
                  played_roles=_role_list(position, "played_roles", (), roles),
                  draft_options=_role_list(position, "draft_options", (), roles),
                  draft_round=_int(position, "draft_round", 1), seed=seed,
                  first=_player_index(position, "first", names, 0),
                  winner=_player_index(position, "winner", names, None),
                  hand_won=bool(position.get("hand_won", False)))
    _complete_decks(state, position)
    _check_phase(state)
    return state


def _complete_decks(state: State, position: Mapping) -> None:
    """Check no card is held twice; fill a deck that was left out with every card not placed
    elsewhere, shuffled by the seed."""
    cards = state.poker_cards()
    try:
        check_cards(cards, jokers_allowed=1, what="the cards placed in the position")
    except InvalidHandError as exc:
        raise FieldError(("players",), str(exc)) from None
    rest = [c for c in full_deck(jokers=1) if c not in set(cards)]
    if "poker_deck" not in position:
        state.poker_deck = rest
        state.next_rng().shuffle(state.poker_deck)
    elif rest:
        raise FieldError(("poker_deck",), f"{len(rest)} card(s) are nowhere, e.g. {rest[0]}: "
                         "give the whole deck or leave poker_deck out")
    counts: dict[str, int] = {}
    for name in state.role_cards():
        counts[name] = counts.get(name, 0) + 1
    missing = []
    for role in state.role_table.roles:
        extra = counts.get(role.name, 0) - role.copies
        if extra > 0:
            raise FieldError(("players",), f"{counts[role.name]} {role.name} cards placed; the game has {role.copies}")
        missing += [role.name] * -extra
    if "role_deck" not in position:
        state.role_deck = missing
        state.next_rng().shuffle(state.role_deck)
    elif missing:
        raise FieldError(("role_deck",), f"{len(missing)} role card(s) are nowhere, e.g. {missing[0]}")


def _check_phase(state: State) -> None:
    if state.phase == "cleanup" and not state.over_limits():
        raise FieldError(("phase",), "nothing to clean up: at most 5 upcards and 5 stash cards")
    if state.phase == "draft" and not state.rules["fast_draft"]:
        raise FieldError(("phase",), "the draft phase belongs to Fast Draft: set rules: fast_draft")
    if state.phase == "draft" and not state.draft_options:
        raise FieldError(("draft_options",), "the draft phase needs the roles on offer")
    if state.phase == "advanced-draft" and (state.draft_round not in (1, 2) or state.next_picker() is None):
        raise FieldError(("players",), "the Advanced Draft needs draft cards: 3 each in round 1, 2 in round 2")
    if state.phase == "over" and (state.winner is None or game_winner(state) != state.winner):
        raise FieldError(("winner",), "a finished game needs its winner: 40+ chips and the most")
