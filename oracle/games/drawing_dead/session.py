"""Drawing Dead at a live table (``oracle play drawing-dead``): a fresh game dealt from
``--seats`` and ``--seed``; the status line (whose turn and phase, the pot, who holds the
Button and with what); the legal moves with the reason for each action of the phase left
out. The oracle deals from its own seeded decks and sees every stash (see the package's
docstring), so no chance line names cards here. The value types are ``oracle.live``'s."""

from __future__ import annotations

from typing import Any, Mapping

from oracle.live import CardSlot, Moves, Outcome, SetupError, SetupOption, Status, TableView, seat_names, summarize
from oracle.live import whole_number

from .rules import hand_words
from .state import State

SETUP = (
    SetupOption("seats", "the players, in seat order (the game seats 2 with its 40 chips: give the rule "
                         "box_chips=60 for 3, and so on)"),
    SetupOption("seed", "the seed the decks are shuffled with (default 0)"),
)
STATE_KIND = "apply"
MAX_PLAYERS = 10


def new_position(options: Mapping[str, Any]) -> dict[str, Any]:
    names = seat_names(dict(options), 2, MAX_PLAYERS, "Drawing Dead")
    bad = [n for n in names if not n.isidentifier()]
    if bad:
        raise SetupError(f"--seats: a Drawing Dead player's name is one word of letters, not {bad[0]!r}")
    seed = whole_number(dict(options), "seed", 0)
    return {"players": [{"name": n} for n in names], "deal": True, "seed": 0 if seed is None else seed}


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
    """``plays 4c, Ac or Duke``: the lines of one verb as one."""
    groups: dict[str, list[str]] = {}
    for line in lines:
        verb, _, rest = line.partition(" ")
        groups.setdefault(verb, []).append(rest)
    return [f"{verb} " + (rests[0] if len(rests) == 1 else ", ".join(rests[:-1]) + f" or {rests[-1]}")
            for verb, rests in groups.items()]


def status(state: State) -> Status:
    if state.phase == "over":
        winner = state.players[state.winner].name if state.winner is not None else "nobody"
        return Status(f"game over: {winner} wins with {state.players[state.winner].chips} chips"
                      if state.winner is not None else "game over", awaiting="nothing: the game is over", over=True)
    to_act = tuple(state.to_act())
    turn = state.players[state.turn].name
    if state.phase == "respond":
        awaiting = f"{' or '.join(to_act)} may stop {state.chain[-1].role}, or 'all pass'"
    else:
        awaiting = f"{', '.join(to_act)}: " + "; ".join(_by_verb(_without_names(state, state.legal_actions())))
    text = f"{turn}'s turn, {state.phase}: pot {state.pot}, {_button(state)}; {awaiting}"
    return Status(text, to_act=to_act, awaiting=awaiting)


def moves(state: State) -> Moves:
    legal = tuple(str(a) for a in state.legal_actions())
    return Moves(to_act=tuple(state.to_act()), legal=legal, summary=summarize(legal),
                 left_out=tuple(state.left_out().items()))


def card_slots(state: State) -> tuple[CardSlot, ...]:
    """None: the oracle deals every card from its own decks."""
    return ()


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
