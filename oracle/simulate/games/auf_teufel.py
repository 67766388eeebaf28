"""One whole game of Auf Teufel komm raus, played on the game's engine from the setup's first
round to the round after which someone holds the goal (1,600 by default).

A position is one round: each round is read from the position the last one left
(``session.next_position``: chips after Phases 3 and 4, the next start player, the oven as
"Preparing the Next Round" leaves it), and every action goes through the engine's
``do_action``, which verifies it first. The bets are asked in turn order but are
simultaneous: no player is shown another's stake. Which piece a pull turns over is drawn from
the oven's pieces, each as likely, with the game's chance stream.
"""

from __future__ import annotations

import random
from typing import Any

from oracle.games import auf_teufel
from oracle.games.auf_teufel import Action, RoundState, do_action, load_position, settle_round
from oracle.simulate.tracks import Track, by_seat
from oracle.simulate.record import Counter, Event, GameResult, Measure
from oracle.simulate.seeds import chance_rng

LENGTH = Measure("rounds", "rounds a game lasts", "rounds")
MEASURES = (LENGTH, Measure("highest_haul", "the round's highest haul, averaged over a game's rounds", "coal"),
            Measure("actions", "action lines a game takes", "lines"))
EVENTS = (
    Event("devil", "a turn ends on a devil", "turn"),
    Event("pact_paid", "a devil costs its puller pact payments", "devil"),
    Event("bank_pays_pact", "the bank pays a pact payment the puller cannot", "pact payment"),
    Event("bet_won", "a bet wins", "bet"),
    Event("double", "the highest bet is paid double", "round"),
    Event("reshuffle", "all 48 pieces are reshuffled for the next round", "round"),
)


def events_of(setup: Any) -> tuple[Event, ...]:
    return EVENTS


def _piece(state: RoundState, rng: random.Random) -> int | None:
    """A piece drawn from the oven, each piece as likely; None for a devil."""
    oven = state.oven
    k = rng.randrange(oven.pieces)
    for value, count in zip(oven.values, oven.counts):
        if k < count:
            return value
        k -= count
    return None


def _decide(state: RoundState, players: list[Any], rng: random.Random) -> Action:
    """The next action of the round: a bet of the first player in turn order who has not bet,
    or the pulling player's choice and, for a pull, the piece chance turns over."""
    if state.phase == "bet":
        seat = next(i for i in state.turn_order() if state.players[i].stake is None)
        stake = players[seat].stake(state)
        name = state.players[seat].name
        return Action(name, "bets", stake) if stake else Action(name, "passes")
    me = state.current()
    seat = state.players.index(me)
    if not state.oven.pieces:
        return Action(me.name, "stops")
    may_stop = bool(me.pulled) or state.rules["first_pull"] == "optional"
    if may_stop and not players[seat].draws(state):
        return Action(me.name, "stops")
    return Action(me.name, "pulls", _piece(state, rng))


def _chips(state: RoundState) -> int:
    return sum(p.chips for p in state.players) + state.bank


def play_round(state: RoundState, players: list[Any], rng: random.Random, counter: Counter,
               lines: list[str] | None, check: bool) -> int:
    """Play the round to its settlement; returns the number of actions."""
    total, count = _chips(state), 0
    while state.phase != "settle":
        action = _decide(state, players, rng)
        paid = do_action(state, action)
        count += 1
        if action.is_devil:
            counter.chance("pact_paid", bool(paid))
            for payment in paid:
                counter.chance("bank_pays_pact", payment.payer == "bank")
        if lines is not None:
            lines.append(str(action))
        if check:
            assert _chips(state) == total, "chips are not conserved"
    return count


def _count_round(state: RoundState, settled: dict[str, Any], counter: Counter) -> None:
    for p in state.players:
        counter.chance("devil", p.devil)
    for line in settled["bets"]:
        if line["stake"]:
            counter.chance("bet_won", line["result"] != "lost")
    counter.chance("double", settled["double_paid"])
    counter.chance("reshuffle", settled["next_oven"] == "reshuffle")


TRACK = Track("chips", "chips each player holds", "round", by_seat)


def play_game(setup: Any, index: int, seed: int, *, keep_lines: bool = False, check: bool = False) -> GameResult:
    """Game ``index`` of a run, its chance drawn from ``seed``."""
    from oracle.simulate.players import make_players

    rng, players, counter = chance_rng(seed), make_players(setup, seed), Counter(EVENTS)
    position: dict[str, Any] = setup.position
    parts: list[tuple[dict[str, Any], list[str]]] | None = [] if keep_lines else None
    rounds = actions = 0
    hauls: list[int] = []
    total = None
    track: list[list[float]] = []
    while True:
        state = load_position(position, setup.rules)
        if not track:
            track.append([p.chips for p in state.players])
        total = _chips(state) if total is None else total
        if check:
            assert _chips(state) == total, "chips are not conserved between rounds"
        lines: list[str] | None = [] if keep_lines else None
        actions += play_round(state, players, rng, counter, lines, check)
        rounds += 1
        settled = settle_round(state)
        hauls.append(settled["highest_haul"])
        _count_round(state, settled, counter)
        track.append([p["chips"] for p in settled["players"]])
        if parts is not None:
            parts.append((position, lines))
        if settled["game_over"] or actions >= setup.max_actions:
            break
        position = auf_teufel.session.next_position(state, position)
    finished = settled["game_over"]
    return GameResult(index=index, seed=seed, finished=finished,
                      winners=tuple(settled["winners"]) if finished else (),
                      measures={"rounds": rounds, "highest_haul": sum(hauls) / len(hauls), "actions": actions},
                      events=counter.result(), facts={"chips": [p["chips"] for p in settled["players"]]},
                      parts=parts, track=track)
