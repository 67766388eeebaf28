"""Drawing Dead at a live table (``oracle play drawing-dead``): a fresh game for ``--seats``,
whose decks' order is unknown, so each line that deals or draws names its cards (``Anna is
dealt 9h Kd and Sheriff``, ``Anna draws 5c Jk and Duke``); with ``--seed`` the oracle deals
from its own seeded decks instead. The status line (whose turn and phase, the pot, who holds
the Button and with what); the legal moves with the reason for each action of the phase left
out. The value types are ``oracle.live``'s."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.cards import full_deck
from oracle.live import CardSlot, Moves, Outcome, SetupError, SetupOption, Status, TableView, seat_names, summarize
from oracle.live import one_of, whole_number

from . import table_draws
from .rules import hand_words
from .state import State

SETUP = (
    SetupOption("seats", "the players, in seat order (the game seats 2 with its 40 chips: give the rule "
                         "box_chips=60 for 3, and so on)"),
    SetupOption("start", "who goes first: the high card of the setup deal (default: the first seat)"),
    SetupOption("seed", "deal from the oracle's own decks, shuffled with this seed; without it the table "
                        "names the cards it deals and draws"),
)
STATE_KIND = "apply"
MAX_PLAYERS = 10


def new_position(options: Mapping[str, Any]) -> dict[str, Any]:
    names = seat_names(dict(options), 2, MAX_PLAYERS, "Drawing Dead")
    bad = [n for n in names if not n.isidentifier()]
    if bad:
        raise SetupError(f"--seats: a Drawing Dead player's name is one word of letters, not {bad[0]!r}")
    seed = whole_number(dict(options), "seed", 0)
    first = one_of(dict(options), "start", names)
    if seed is not None:
        if first is not None:
            raise SetupError("--start: with --seed the oracle deals the high card that decides who goes first")
        return {"players": [{"name": n} for n in names], "deal": True, "seed": seed}
    return {"players": [{"name": n} for n in names], "deck_order": "unknown", "phase": "deal",
            "first": first or names[0]}


def _button(state: State) -> str:
    if state.button is None:
        return "the Button is unclaimed"
    holder = state.players[state.button]
    return f"{holder.name} holds the Button ({hand_words(holder.upcards)})"


def _without_names(state: State, actions) -> list[str]:
    """Action lines without the player's name in front, for the status line."""
    names = tuple(p.name + " " for p in state.players)
    return [line[len(next(n for n in names if line.startswith(n))):] if line.startswith(names) else line
            for line in map(str, actions)]


def _by_verb(lines: list[str]) -> list[str]:
    """``plays 4c, Ac or Duke``: the lines of one verb as one; a role's many choices as one
    entry (``Magic Man swapping … (12 ways)``), spelled out by ``:moves``."""
    import re

    groups: dict[str, list[str]] = {}
    for line in lines:
        verb, _, rest = line.partition(" ")
        groups.setdefault(verb, []).append(rest)
    out = []
    for verb, rests in groups.items():
        choices: dict[str, int] = {}
        for rest in rests:
            m = re.match(r"^(.+? (?:swapping|taking|trashing)) ", rest)
            key = f"{m[1]} …" if m else rest
            choices[key] = choices.get(key, 0) + 1
        items = [f"{key} ({n} ways)" if n > 1 else (key if not key.endswith(" …") else
                 next(r for r in rests if r.startswith(key[:-2]))) for key, n in choices.items()]
        out.append(f"{verb} " + (items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" or {items[-1]}"))
    return out


def status(state: State) -> Status:
    if state.phase == "over":
        winner = state.players[state.winner].name if state.winner is not None else "nobody"
        return Status(f"game over: {winner} wins with {state.players[state.winner].chips} chips"
                      if state.winner is not None else "game over", awaiting="nothing: the game is over", over=True)
    to_act = tuple(state.to_act())
    turn = state.players[state.turn].name
    if state.phase == "respond":
        awaiting = f"{' or '.join(to_act)} may stop {state.chain[-1].role}, or 'all pass'"
    elif state.phase == "deal":
        awaiting = "; ".join(f"'{line}'" for line in state.waiting_for())
    else:
        lines = _by_verb(_without_names(state, state.legal_actions()))
        lines += [f"'{line}'" for line in _without_names(state, state.waiting_for())]
        awaiting = f"{', '.join(to_act)}: " + "; ".join(lines)
    if state.phase == "deal":
        text = f"the deal, {state.players[state.first].name} goes first: {awaiting}"
    else:
        text = f"{turn}'s turn, {state.phase}: pot {state.pot}, {_button(state)}; {awaiting}"
    return Status(text, to_act=to_act, awaiting=awaiting)


def moves(state: State) -> Moves:
    legal = tuple(str(a) for a in state.legal_actions())
    return Moves(to_act=tuple(state.to_act()), legal=legal, summary=summarize(legal),
                 left_out=tuple(state.left_out().items()), waiting_for=tuple(state.waiting_for()))


def card_slots(state: State) -> tuple[CardSlot, ...]:
    """The lines that name cards now (a table whose decks are unknown): a stash dealt, a
    draw, a role's draw; the cards offered are those in the deck (and its trash when a
    draw reaches it). None when the oracle deals from its own decks."""
    slots = []
    for line in state.waiting_for():
        prefix, _, rest = line.partition(" <")
        then = rest.partition(" and ")[2]
        name = prefix.split()[0]
        kind = "dealt" if " is dealt" in prefix else "receive" if " receives" in prefix else "draw"
        count = table_draws.expected(state, kind)[0]
        offered = {str(c) for c in state.poker_deck + state.poker_trash}
        cards = tuple(str(c) for c in full_deck(jokers=1) if str(c) in offered)
        if count and state.find_index(name) is not None:
            slots.append(CardSlot(prefix, count, cards, f" and {then}" if then else ""))
    return tuple(slots)


def table_view(state: State) -> TableView:
    rows = []
    for i, p in enumerate(state.players):
        marks = [w for w, on in (("turn", i == state.turn), ("Button", i == state.button)) if on]
        rows.append((p.name, str(p.chips), " ".join(map(str, p.upcards)), hand_words(p.upcards) if p.upcards else "",
                     " ".join(map(str, p.stash)), ", ".join(p.stash_roles), ", ".join(marks)))
    notes = [f"pot {state.pot}, bank {state.bank}", _button(state)]
    if state.chain:
        notes.append("waiting on: " + ", ".join(f"{state.players[e.player].name}'s {e.role}" for e in state.chain))
    return TableView(title=f"Drawing Dead, {state.players[state.turn].name}'s turn: {state.phase}",
                     columns=("player", "chips", "upcards", "hand", "stash", "roles", ""),
                     rows=tuple(rows), notes=tuple(notes))


def next_position(state: State, position: Mapping[str, Any]) -> None:
    """The history runs on from hand to hand."""
    return None


def settled(before: State, after: State) -> Outcome | None:
    """The Button claimed or taken, a hand won (its pot), the game's end (Drawing Dead: Claim
    the BUTTON, Winning Hands, Winning the Game)."""
    chips = {p.name: p.chips for p in after.players}
    if after.phase == "over" and before.phase != "over":
        winner = after.players[after.winner].name if after.winner is not None else None
        return Outcome(f"game over: {winner or 'nobody'} wins" + (f" with {chips[winner]} chips" if winner else ""),
                       {"event": "game_over", "winner": winner, "chips": chips})
    if after.hand_won and not before.hand_won:
        name = after.players[after.turn].name
        won = chips[name] - before.players[after.turn].chips
        return Outcome(f"{name} wins the hand and the pot of {won}; chips: "
                       + ", ".join(f"{n} {c}" for n, c in chips.items()),
                       {"event": "hand_won", "winner": name, "pot": won, "chips": chips})
    if after.button is not None and after.button != before.button:
        holder = after.players[after.button]
        taken = "" if before.button is None else f" from {before.players[before.button].name}"
        return Outcome(f"{holder.name} takes the Button{taken} with {hand_words(holder.upcards)}",
                       {"event": "button_claimed", "holder": holder.name,
                        "from": None if before.button is None else before.players[before.button].name,
                        "upcards": " ".join(str(c) for c in holder.upcards)})
    return None
