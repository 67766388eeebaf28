"""Drawing Dead setup and positions: dealing a new game, and reading a scenario's position
(format in docs/games/drawing-dead.md) into a ``State``.

Every problem is raised as ``FieldError``/``ScenarioError`` with a path relative to the
position mapping; a path starting with ``"rules"`` names a rule option. Unknown top-level
position keys are the scenario loader's to report (it checks ``GameInfo.position_keys``,
which is ``POSITION_KEYS``); keys inside a player or a role text are checked here."""

from __future__ import annotations

import re
from typing import Any, Mapping

from oracle.cards import Card, full_deck, parse_cards
from oracle.errors import (CardParseError, FieldError, IllegalActionError, InvalidActionError, Problem, did_you_mean,
                           raise_problems)
from oracle.words import plural

from .actions import Action
from .resolution import game_winner
from .rules import (
    ADVANCED_DRAFT_DEAL, DEFAULT_ROLES, ROLE_TEXT_KEYS, START_CHIPS, START_POKER, START_ROLES, RoleTable,
    check_rules, load_role_table,
)
from .state import Player, State

NAME = re.compile(r"^[A-Za-z0-9_'.-]+$")
# A pending role ("respond") is reached only through the history.
# A role's draw the table has yet to name ("receive") is reached only through the history too.
LOADABLE_PHASES = ("deal", "advanced-draft", "start", "draft", "action", "cleanup", "over")
DECK_ORDERS = ("known", "unknown")

POSITION_KEYS = ("players", "turn", "phase", "button", "pot", "bank", "poker_deck", "poker_trash",
                 "role_deck", "role_trash", "role_texts", "played_roles", "draft_options",
                 "draft_round", "first", "winner", "hand_won", "seed", "deal", "deck_order", "history")
PLAYER_KEYS = ("name", "chips", "stash", "stash_roles", "upcards", "passed_role", "draft")
# Keys a dealt position (deal: true) may give besides the players' names.
DEALT_KEYS = ("players", "deal", "seed", "role_texts", "history")
# The keys of each entry of a field (``GameInfo.entry_keys``): a player, a role's text by name.
ENTRY_KEYS = {"players": PLAYER_KEYS, "role_texts": ROLE_TEXT_KEYS}
# Zones that hold poker cards and role cards, in the order they are listed in messages.
POKER_ZONES = ("poker_deck", "poker_trash")
PLAYER_POKER_ZONES = ("stash", "upcards")
ROLE_ZONES = ("role_deck", "role_trash", "draft_options")
PLAYER_ROLE_ZONES = ("stash_roles", "passed_role", "draft")


def _suggest(key: Any, valid: tuple[str, ...]) -> str:
    return did_you_mean(key, valid, "known")


def new_game(names: list[str], rules: Mapping[str, Any] | None = None, *, seed: int = 0,
             roles: RoleTable = DEFAULT_ROLES) -> State:
    """Set up a game: the high card picks the first player, then each player gets 15 chips,
    2 poker cards and 1 role card (3 to draft under Advanced Draft)."""
    if len(names) < 2:
        raise FieldError(("players",), "Drawing Dead needs at least 2 players")
    merged = check_rules(rules or {}, len(names))
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


def load_position(position: Mapping[str, Any], rules: Mapping[str, Any]) -> State:
    """Read a position (format in docs/games/drawing-dead.md), then apply its history."""
    if not isinstance(position, Mapping):
        raise FieldError((), "a position is a mapping")
    roles = _read_role_texts(position)
    seed = _int(position, "seed", 0)
    names = _read_names(position.get("players"))
    for key in ("deal", "hand_won"):
        if key in position and not isinstance(position[key], bool):
            raise FieldError((key,), f"expected true or false, not {position[key]!r}")
    history = position.get("history")
    if history is None:
        history = []
    if not isinstance(history, list):
        raise FieldError(("history",), "expected a list of action lines")
    deck_order = position.get("deck_order", "known")
    if deck_order not in DECK_ORDERS:
        raise FieldError(("deck_order",), f"expected known (the oracle's seeded decks) or unknown (a real "
                         f"table's decks: each draw line names its cards), not {deck_order!r}")
    if position.get("deal"):
        if deck_order == "unknown":
            raise FieldError(("deck_order",), "a dealt position (deal: true) draws from the oracle's seeded decks; "
                             "at a table whose decks are unknown, start in phase deal and name each stash "
                             "('Anna is dealt 9h Kd and Sheriff')")
        dealt_keys = [k for k in position if k in POSITION_KEYS and k not in DEALT_KEYS]
        extra = [(i, k) for i, raw in enumerate(position["players"]) for k in raw if k != "name"]
        if dealt_keys:
            raise FieldError((dealt_keys[0],), "a dealt position (deal: true) takes only players' names, "
                             "seed, role_texts and history")
        if extra:
            raise FieldError(("players", *extra[0]), "a dealt position (deal: true) takes only players' names")
        state = new_game(names, rules, seed=seed, roles=roles)
    else:
        state = _read_state(position, rules, roles, names, seed, deck_order)
    for i, line in enumerate(history):
        try:
            state.do(Action.parse(line))
        except (IllegalActionError, InvalidActionError) as exc:
            raise FieldError(("history", i), str(exc)) from None
    return state


def _read_role_texts(position: Mapping) -> RoleTable:
    if "role_texts" not in position:
        return DEFAULT_ROLES
    return load_role_table(position["role_texts"], ("role_texts",))


def _read_names(raw_players: Any) -> list[str]:
    """The players' names; every player's keys are checked here, for dealt positions too."""
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise FieldError(("players",), "expected a list of at least 2 players")
    names: list[str] = []
    for i, raw in enumerate(raw_players):
        if not isinstance(raw, Mapping):
            raise FieldError(("players", i), "each player is a mapping with at least a name")
        for key in raw:
            if key not in PLAYER_KEYS:
                raise FieldError(("players", i, key), f"unknown player key {key!r}{_suggest(key, PLAYER_KEYS)}")
        name = raw.get("name")
        if not isinstance(name, str) or not NAME.match(name):
            raise FieldError(("players", i, "name"), "each player needs a one-word name")
        if name.lower() in (n.lower() for n in names) or name.lower() == "all":
            raise FieldError(("players", i, "name"), f"name {name!r} is taken")
        names.append(name)
    return names


def _int(data: Mapping, key: str, default: int | None, path: tuple = ()) -> int:
    value = data.get(key, default)
    if value is None or not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise FieldError((*path, key), f"expected a whole number of at least 0, not {value!r}")
    return value


def _cards(data: Mapping, key: str, path: tuple) -> list[Card]:
    """Cards given as text (``"9h Kd"``) or a list of card texts; left out or null: none."""
    value = data.get(key)
    if value is None:
        return []
    if isinstance(value, list):
        for j, item in enumerate(value):
            if not isinstance(item, str):
                raise FieldError((*path, key, j), f"expected a card such as '9h', not {item!r}")
        value = " ".join(value)
    if not isinstance(value, str):
        raise FieldError((*path, key), f"expected cards as text such as '9h Kd' or a list, not {value!r}")
    try:
        cards = parse_cards(value)
    except CardParseError as exc:
        raise FieldError((*path, key), str(exc)) from None
    for card in cards:
        if not card.is_joker and card.suit is None:
            raise FieldError((*path, key), f"{card} needs a suit: every card in play is a real card")
    return cards


def _role_list(data: Mapping, key: str, path: tuple, roles: RoleTable) -> list[str]:
    """Role names given as a list (or one name); left out or null: none."""
    value = data.get(key)
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise FieldError((*path, key), f"expected a list of role names, not {value!r}")
    out = []
    for j, name in enumerate(value):
        if not isinstance(name, str):
            raise FieldError((*path, key, j), f"expected a role name, not {name!r}")
        role = roles.find(name)
        if role is None:
            raise FieldError((*path, key, j), f"no role named {name!r}{roles.suggestion(name)}")
        out.append(role.name)
    return out


def _player_index(position: Mapping, key: str, names: list[str], default: int | None) -> int | None:
    value = position.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise FieldError((key,), f"expected a player's name, not {value!r}")
    for i, n in enumerate(names):
        if value.lower() == n.lower():
            return i
    raise FieldError((key,), f"no player named {value!r}")


def _read_state(position, rules, roles: RoleTable, names: list[str], seed: int, deck_order: str) -> State:
    merged = check_rules(rules, len(names))
    players = []
    for i, raw in enumerate(position["players"]):
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
    if not isinstance(phase, str) or phase not in LOADABLE_PHASES:
        raise FieldError(("phase",), f"phase must be one of {', '.join(LOADABLE_PHASES)}, not {phase!r} "
                         "(a pending role is reached through history)")
    pot = _int(position, "pot", 0)
    held = 0
    for i, p in enumerate(players):
        held += p.chips
        if held > merged["box_chips"]:
            raise FieldError(("players", i, "chips"), f"the players hold more than the box's {merged['box_chips']} chips")
    bank = merged["box_chips"] - held - pot
    if bank < 0:
        raise FieldError(("pot",), f"players and pot hold more than the box's {merged['box_chips']} chips")
    if "bank" in position and _int(position, "bank", 0) != bank:
        raise FieldError(("bank",), f"the bank must hold {bank} chips: the box holds "
                         f"{merged['box_chips']} and players and pot hold the rest")
    first = _player_index(position, "first", names, 0)
    state = State(rules=merged, role_table=roles, players=players,
                  turn=_player_index(position, "turn", names, first if phase in ("deal", "advanced-draft") else 0),
                  phase=phase,
                  button=_player_index(position, "button", names, None), pot=pot, bank=bank,
                  poker_deck=_cards(position, "poker_deck", ()), poker_trash=_cards(position, "poker_trash", ()),
                  role_deck=_role_list(position, "role_deck", (), roles),
                  role_trash=_role_list(position, "role_trash", (), roles),
                  played_roles=_role_list(position, "played_roles", (), roles),
                  draft_options=_role_list(position, "draft_options", (), roles),
                  draft_round=_int(position, "draft_round", 1), seed=seed,
                  first=first,
                  winner=_player_index(position, "winner", names, None),
                  hand_won=position.get("hand_won", False), deck_order=deck_order)
    _complete_decks(state, position)
    _check_phase(state, position)
    return state


def _zones(state: State, position: Mapping, top: tuple[str, ...], per_player: tuple[str, ...]):
    """(path, label, items) for every zone of a kind, in the order the position lists them,
    so that the second copy of a card is the one reported."""
    for key in position:
        if key in top:
            yield (key,), key, getattr(state, key)
        elif key == "players":
            for i, raw in enumerate(position["players"]):
                player = state.players[i]
                for pkey in raw:
                    if pkey in per_player:
                        items = getattr(player, pkey)
                        if pkey == "passed_role":
                            items = [items] if items else []
                        yield ("players", i, pkey), f"players[{i}].{pkey}", items


def _complete_decks(state: State, position: Mapping) -> None:
    """Check no card is held twice; fill a deck that was left out with every card not placed
    elsewhere, shuffled by the seed."""
    seen: dict[Card, str] = {}
    problems: list[Problem] = []
    for path, label, cards in _zones(state, position, POKER_ZONES, PLAYER_POKER_ZONES):
        for card in cards:
            if card in seen:
                where = "earlier in the same field" if seen[card] == label else f"in {seen[card]}"
                problems.append(Problem(path, f"card {card} is also {where} "
                                              f"(the same card {str(card)!r} appears twice)"))
            else:
                seen[card] = label
    raise_problems(problems)
    rest = [c for c in full_deck(jokers=1) if c not in seen]
    if "poker_deck" not in position:
        state.poker_deck = rest
        state.next_rng().shuffle(state.poker_deck)
    elif rest:
        raise FieldError(("poker_deck",), f"{plural(len(rest), 'card')} {'is' if len(rest) == 1 else 'are'} nowhere, e.g. {rest[0]}: "
                         "give the whole deck or leave poker_deck out")
    counts: dict[str, list[str]] = {}
    for path, label, names in _zones(state, position, ROLE_ZONES, PLAYER_ROLE_ZONES):
        for j, name in enumerate(names):
            earlier = counts.setdefault(name, [])
            copies = state.role_table.get(name).copies
            if len(earlier) >= copies:
                item = path if path[-1] == "passed_role" else (*path, j)
                problems.append(Problem(item, f"one {name} too many: the game has {copies}, "
                                              f"already placed in {', '.join(dict.fromkeys(earlier))}"))
            earlier.append(label)
    raise_problems(problems)
    missing = []
    for role in state.role_table.roles:
        missing += [role.name] * (role.copies - len(counts.get(role.name, [])))
    if "role_deck" not in position:
        state.role_deck = missing
        state.next_rng().shuffle(state.role_deck)
    elif missing:
        raise FieldError(("role_deck",), f"{plural(len(missing), 'role card')} {'is' if len(missing) == 1 else 'are'} nowhere, e.g. {missing[0]}")


def _check_phase(state: State, position: Mapping) -> None:
    """Fields that must agree with the phase and the rules; every disagreement is listed."""
    problems: list[Problem] = []

    def refuse(path: tuple, message: str) -> None:
        problems.append(Problem(path, message))

    phase, rules = state.phase, state.rules
    turn_player = state.players[state.turn]
    # Winning the game: "If at the end of any hand you have forty or more chips and you have
    # the most chips at the table, you win the game." The game is then over.
    if phase == "over" and (state.winner is None or game_winner(state) != state.winner):
        refuse(("winner",), "a finished game needs its winner: the one player with "
                            f"{rules['target']}+ chips and the most")
    if phase != "over" and state.winner is not None:
        refuse(("winner",), f"a game with a winner is over: set phase: over, or leave winner out "
                            f"(the phase is {phase})")
    if phase == "deal":
        _check_deal(state, refuse)
    # Step 3: Clean Up.
    if phase == "cleanup" and not state.over_limits():
        refuse(("phase",), "nothing to clean up: at most 5 upcards and 5 stash cards")
    # Fast Draft: two roles on offer in the turn player's draft step, one passed on.
    if phase == "draft" and not rules["fast_draft"]:
        refuse(("phase",), "the draft phase belongs to Fast Draft: set rules: fast_draft")
    if phase == "draft" and not state.draft_options:
        refuse(("draft_options",), "the draft phase needs the roles on offer")
    if phase != "draft" and state.draft_options:
        refuse(("draft_options",), f"roles are on offer only in the draft phase, not in {phase}")
    if len(state.draft_options) > 2:
        refuse(("draft_options",), "Fast Draft offers 2 roles at most")
    for i, p in enumerate(state.players):
        if p.passed_role and not rules["fast_draft"]:
            refuse(("players", i, "passed_role"), "a role is passed only under Fast Draft: set rules: fast_draft")
        elif p.passed_role and i == state.turn and phase in ("draft", "action", "cleanup"):
            refuse(("players", i, "passed_role"), f"{p.name}'s passed role was offered in the draw step "
                                                  "of this turn")
    # Advanced Draft: before the first turn, 3 roles each, keep 1, pass 2 left, keep 1.
    if phase == "advanced-draft":
        _check_advanced_draft(state, position, refuse)
    else:
        for i, p in enumerate(state.players):
            if p.draft:
                refuse(("players", i, "draft"), f"draft cards are held only during the Advanced Draft, "
                                                f"not in the {phase} phase")
    if state.draft_round not in (1, 2):
        refuse(("draft_round",), f"the Advanced Draft has rounds 1 and 2, not {state.draft_round}")
    elif state.draft_round == 2 and not rules["advanced_draft"]:
        refuse(("draft_round",), "draft round 2 belongs to the Advanced Draft: set rules: advanced_draft")
    # Roles the turn player played this turn: only after the draw, in the action step or
    # clean up.
    if state.played_roles and phase not in ("action", "cleanup"):
        refuse(("played_roles",), f"roles played this turn are listed only in the action and "
                                  f"cleanup phases, not in {phase}")
    # When You Win a Hand: "Trash all UPCARDS on the table", then "take your turn": a hand
    # won this turn leaves no upcards until the draw is done, and the Button where the rule
    # option puts it.
    if state.hand_won and phase == "advanced-draft":
        refuse(("hand_won",), "no hand is won during the Advanced Draft")
    if state.hand_won and phase in ("start", "draft"):
        for i, p in enumerate(state.players):
            if p.upcards:
                refuse(("players", i, "upcards"), f"{turn_player.name} has just won the hand, so every "
                                                  "upcard was trashed")
        expected = None if rules["button_after_win"] == "unclaimed" else state.turn
        if state.button != expected:
            where = "the middle" if expected is None else turn_player.name
            refuse(("button",), f"{turn_player.name} has just won the hand, so the Button is with {where} "
                                f"(button_after_win: {rules['button_after_win']})")
    raise_problems(problems)


def _check_deal(state: State, refuse) -> None:
    """Setup at a table whose decks are unknown: the stashes are named one by one before
    anything is played ("Each player gets: 15 chips, 2 poker cards, 1 role card", Drawing
    Dead: Setup)."""
    if state.deck_order != "unknown":
        refuse(("phase",), "the deal phase belongs to a table whose decks are unknown: set deck_order: unknown "
                           "(or deal: true for the oracle's seeded deal)")
    if state.button is not None:
        refuse(("button",), "nobody can hold the Button before the first turn")
    for i, p in enumerate(state.players):
        if p.upcards:
            refuse(("players", i, "upcards"), "no card is played before the first turn")
    if state.turn != state.first:
        refuse(("turn",), f"the first player ({state.players[state.first].name}) takes the first turn after the deal")
    if all(p.stash or p.stash_roles or p.draft for p in state.players):
        refuse(("phase",), "every stash is dealt: the deal is over (phase start, or advanced-draft)")


def _check_advanced_draft(state: State, position: Mapping, refuse) -> None:
    if not state.rules["advanced_draft"]:
        refuse(("phase",), "the advanced-draft phase belongs to the Advanced Draft: set rules: advanced_draft")
    if state.turn != state.first:
        refuse(("turn",), f"the first player ({state.players[state.first].name}) takes the first turn "
                          "after the Advanced Draft")
    if state.button is not None:
        refuse(("button",), "nobody can hold the Button before the first turn")
    for i, p in enumerate(state.players):
        if p.upcards:
            refuse(("players", i, "upcards"), "no card is played before the first turn")
    if state.draft_round not in (1, 2):
        return
    size = ADVANCED_DRAFT_DEAL - state.draft_round + 1
    picked_seen = True  # players who picked this round come first, in seat order from first
    order = [(state.first + step) % len(state.players) for step in range(len(state.players))]
    for i in order:
        held = len(state.players[i].draft)
        where = ("players", i, "draft")
        if held not in (size, size - 1):
            refuse(where, f"round {state.draft_round} of the Advanced Draft leaves {size} draft cards "
                          f"(or {size - 1} after the pick), not {held}")
        elif held == size - 1 and not picked_seen:
            refuse(where, f"{state.players[i].name} has picked before a player ahead in seat order "
                          f"from {state.players[state.first].name}")
        picked_seen = picked_seen and held == size - 1
    if all(len(p.draft) == size - 1 for p in state.players):
        refuse(("draft_round",), f"every player has picked in round {state.draft_round}: the round is over "
                                 "(the cards go left, or the draft ends)")


def number_field(path: tuple, position: Mapping[str, Any], rules: Mapping[str, Any]) -> tuple[int, int | None, int] | None:
    """A whole-number field a search (``oracle find``) may leave open, as (least, most, step),
    or None: a player's chips, the pot and the bank, each at most the chips in the box
    ("Contents: 40 poker chips", rule option ``box_chips``)."""
    box = rules.get("box_chips", 40)
    if (len(path) == 3 and path[0] == "players" and path[2] == "chips") or path in (("pot",), ("bank",)):
        return (0, box if isinstance(box, int) else None, 1)
    return None
