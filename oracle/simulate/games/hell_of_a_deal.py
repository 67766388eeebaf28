"""One whole game of Hell of a Deal, played on the game's engine from the first Boss's deal to
the team's win against The Devil Himself or its loss (two players at 10 Temptation, or a Soul
it cannot pay at The Big Table).

The engine deals nothing itself: every chance step (a card dealt, a Favor drawn, the Bones)
is the engine's own ``sample_chance`` with the game's chance stream, and every line goes
through ``apply_action``, which verifies it first. Before the hands are revealed each holder
of an Instant Favor is asked whether to play it ("The exception is any card with an Instant
icon, which can be played at any time", Hell of a Deal: Draw a Favor chip); ending the round
follows at once.

The players are a team: a game is won or lost by all of them, so its figures are the
team's (``TEAM``) and each Boss's: how often the team beats him, of the games that reach him.
"""

from __future__ import annotations

import re
from typing import Any

from oracle.games.hell_of_a_deal import HodState, apply_action, awaiting, can_apply, load_position, sample_chance
from oracle.simulate.tracks import Track
from oracle.simulate.record import Counter, Event, GameResult, Measure
from oracle.simulate.seeds import chance_rng

TEAM = True
BATCH = 10  # games a Dask task: a game takes a second or more
LENGTH = Measure("rounds", "rounds a game lasts", "rounds")
MEASURES = (LENGTH, Measure("souls", "Souls in the pot at the end", "Souls"),
            Measure("temptation", "Temptation of the whole team at the end", "Temptation"),
            Measure("actions", "action lines a game takes", "lines"))
EVENTS = (
    Event("team_wins", "the team wins the game", "game"),
    Event("lost_temptation", "the team loses to Temptation (two players at 10)", "game"),
    Event("lost_souls", "the team loses a Soul it cannot pay at The Big Table", "game"),
    Event("hand_won", "a player's hand beats the Boss", "hand"),
    Event("hand_pushed", "a player's hand ties the Boss (a push)", "hand"),
    Event("folded", "a player folds", "hand"),
)


def boss_event(name: str) -> Event:
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return Event(f"beat_{slug}", f"the team beats {name}", "game reaching him")


def events_of(setup: Any) -> tuple[Event, ...]:
    """The events, with one a Boss of the setup's Boss deck."""
    return EVENTS + tuple(boss_event(name) for name in _bosses(setup))


def _bosses(setup: Any) -> list[str]:
    state = load_position(setup.position, setup.rules)
    return list(dict.fromkeys([state.boss.name, *state.boss_deck]))


def _dealer(state: HodState, players: list[Any]) -> str:
    """The dealer's step: the hands revealed once no holder of an Instant Favor plays one
    (each is asked), or the round ended."""
    from oracle.simulate.players.hell_of_a_deal import reveal_line

    return reveal_line(state, players) if awaiting(state)["step"] == "reveal" else "end round"


def _count_round(state: HodState, counter: Counter) -> None:
    """At the showdown's end: each hand against the Boss."""
    for result in state.results.values():
        outcome = result["outcome"]
        counter.chance("hand_won", outcome == "win")
        counter.chance("hand_pushed", outcome == "push")
        counter.chance("folded", str(result.get("reason", "")).startswith("folded"))


def _check(state: HodState) -> None:
    seen = state.seen_cards()
    assert len(seen) == len(set(seen)), "a card is seen twice"
    assert all(0 <= p.temptation <= 10 for p in state.players), "Temptation off its track"


def _finish(state: HodState, counter: Counter, reached: list[str]) -> None:
    over = state.status != "going on"
    lost = state.status == "lost"
    counter.chance("team_wins", state.status == "won", count=int(over))
    counter.chance("lost_temptation", lost and "Temptation" in state.reason, count=int(over))
    counter.chance("lost_souls", lost and "Temptation" not in state.reason, count=int(over))
    for name in reached:
        counter.chance(boss_event(name).name, name in state.beaten_bosses)


TRACK = Track("stakes", "the Souls in the pot and the team's Temptation", "round",
              lambda setup: ["Souls in the pot", "the team's Temptation"])


def _stakes(state: HodState) -> list[float]:
    return [state.souls, sum(p.temptation for p in state.players)]


def _setup_favors(state: HodState, rng: Any) -> list[str]:
    """"Deal each player one FAVOR card face down" (Hell of a Deal: Player Set Up): a line for
    each player the table may still deal one (the engine says who), drawn as it draws a Favor."""
    lines = [f"{name} draws Favor {rng.choice(list(state.favors))}" for name in state.names]
    return [line for line in lines if can_apply(state, line)]


def play_game(setup: Any, index: int, seed: int, *, keep_lines: bool = False, check: bool = False) -> GameResult:
    """Game ``index`` of a run, its chance drawn from ``seed``."""
    from oracle.simulate.players import make_players
    from oracle.simulate.players.hell_of_a_deal import decide

    state = load_position(setup.position, setup.rules)
    rng, players, counter = chance_rng(seed), make_players(setup, seed), Counter(events_of(setup))
    lines: list[str] | None = [] if keep_lines else None
    actions, reached = 0, [state.boss.name]
    track = [_stakes(state)]
    for line in _setup_favors(state, rng):
        state = apply_action(state, line)
        if lines is not None:
            lines.append(line)
    while state.status == "going on" and actions < setup.max_actions:
        wait = awaiting(state)
        if wait["by"] is None:
            break  # nothing can move the game on (a Boss deck that runs out): cut off
        if wait["by"] == "chance":
            line = sample_chance(state, rng)
        elif wait["by"] == "dealer":
            line = _dealer(state, players)
            if line == "end round":
                _count_round(state, counter)
        else:
            line = decide(state, players)
        state = apply_action(state, line)
        actions += 1
        if line == "end round":
            track.append(_stakes(state))
        if lines is not None:
            lines.append(line)
        if check:
            _check(state)
        if state.boss.name != reached[-1]:
            reached.append(state.boss.name)
    if track[-1] != _stakes(state):  # the game ended within a round (a loss)
        track.append(_stakes(state))
    _finish(state, counter, list(dict.fromkeys(reached)))
    won = state.status == "won"
    return GameResult(index=index, seed=seed, finished=state.status != "going on",
                      winners=tuple(state.names) if won else (),
                      measures={"rounds": state.round_number, "souls": state.souls,
                                "temptation": sum(p.temptation for p in state.players), "actions": actions},
                      events=counter.result(), facts={"status": state.status, "reason": state.reason,
                                                      "bosses_beaten": list(state.beaten_bosses)},
                      parts=None if lines is None else [(setup.position, lines)], track=track)
