"""One whole game of Drawing Dead, played on the game's engine from the setup deal ("Deal each
player 1 face-up poker card. High card goes first!") to the hand that leaves a player with the
target (40) and the most chips.

The oracle deals from its own decks, shuffled with the game's seed (a position with ``deal:
true``), so the decks are the game's chance. Every line goes through the engine's ``do``,
which verifies it first. When a role is played that someone may stop, each player who may
is asked in seat order from the left of the role's player; the first stop is played, and
when nobody stops, ``all pass``.
"""

from __future__ import annotations

from typing import Any

from oracle.games.drawing_dead import Action, State, load_position
from oracle.simulate.tracks import Track, by_seat
from oracle.simulate.record import Counter, Event, GameResult, Measure

BATCH = 10  # games a Dask task: a game takes a second or more
LENGTH = Measure("turns", "turns a game lasts", "turns")
MEASURES = (LENGTH, Measure("hands", "hands won in a game", "hands"),
            Measure("actions", "action lines a game takes", "lines"))
EVENTS = (
    Event("claim", "the Button changes hands", "turn"),
    Event("stopped", "a role played is stopped", "role played"),
    Event("first_wins", "the player who goes first wins the game", "finished game"),
)
SEED_BITS = 31


def _respond(state: State, players: list[Any]) -> Action:
    """A pending role: the first stop a player who may stop it plays, in seat order from the
    left of the role's player, or ``all pass``."""
    top = state.chain[-1].player
    n = len(state.players)
    stops: dict[int, list[Action]] = {}
    for index, role in state.stoppers():
        stops.setdefault(index, []).append(Action(kind="stop", player=state.players[index].name, role=role))
    for step in range(1, n):
        index = (top + step) % n
        if index in stops:
            chosen = players[index].respond(state, stops[index])
            if chosen is not None:
                return chosen
    return Action(kind="pass")


def events_of(setup: Any) -> tuple[Event, ...]:
    return EVENTS


def _next(state: State, players: list[Any]) -> Action:
    if state.phase == "start":
        return state.legal_actions()[0]  # the draw, or the hand won with the Button
    if state.phase == "respond":
        return _respond(state, players)
    if state.phase == "advanced-draft":
        return players[state.next_picker()].act(state)
    return players[state.turn].act(state)


def _check(state: State, chips: int) -> None:
    assert state.chips_total() == chips, "chips are not conserved"
    cards = state.poker_cards()
    assert len(cards) == len(set(cards)) == 53, "a poker card is missing or twice"


def _count(action: Action, chain: int, state: State, counter: Counter) -> None:
    """Events of ``action``, just applied; ``chain`` is the pending chain's length before it."""
    if action.kind == "draw":
        counter.chance("claim")
    elif action.kind == "claim":
        counter.fire("claim")
    elif action.kind == "win":
        counter.fire("hands")
    elif action.kind == "play-role":
        counter.chance("stopped")
    if action.kind in ("pass", "stop") and not state.chain:
        # the chain resolved: each stop cancels the card below it, so the role at its bottom
        # is stopped when the stops played against it are odd in number
        stops = chain - 1 + (action.kind == "stop")
        counter.fire("stopped", stops % 2)


TRACK = Track("chips", "chips each player holds", "hand won", by_seat)


def play_game(setup: Any, index: int, seed: int, *, keep_lines: bool = False, check: bool = False) -> GameResult:
    """Game ``index`` of a run; its decks are shuffled with ``seed``."""
    from oracle.simulate.players import make_players

    position = {**setup.position, "seed": seed % (1 << SEED_BITS)}
    state = load_position(position, setup.rules)
    players, counter = make_players(setup, seed), Counter(EVENTS + (Event("hands", "", "game"),))
    chips, actions = state.chips_total(), 0
    lines: list[str] | None = [] if keep_lines else None
    track = [[p.chips for p in state.players]]
    while state.phase != "over" and actions < setup.max_actions:
        action = _next(state, players)
        chain = len(state.chain)
        state.do(action)
        actions += 1
        won = counter.times["hands"]
        _count(action, chain, state, counter)
        if counter.times["hands"] != won:
            track.append([p.chips for p in state.players])
        if lines is not None:
            lines.append(str(action))
        if check:
            _check(state, chips)
    finished = state.phase == "over"
    counter.chance("first_wins", finished and state.winner == state.first, count=int(finished))
    winners = (state.players[state.winner].name,) if finished else ()
    turns = counter.chances["claim"]
    return GameResult(index=index, seed=seed, finished=finished, winners=winners,
                      measures={"turns": turns, "hands": counter.times.pop("hands"), "actions": actions},
                      events={k: v for k, v in counter.result().items() if k != "hands"}, facts={"first": state.players[state.first].name,
                                                      "chips": [p.chips for p in state.players]},
                      parts=None if lines is None else [(position, lines)], track=track)
