"""One whole game of Diablo, played on the game's engine from the first deal until the table
stops: after the agreed number of hands, at the first moment the rules let it ("finish a
running Diablo first"), or when fewer than two players have chips left.

The engine deals nothing itself: each hand the simulation shuffles a deck with the game's
chance stream and names the cards (``Anna is dealt ...``, ``Anna receives ...``), as a table
would; when the stock runs out in a draw, the cards come from the discards the engine allows
(those of the players who drew before). Every line goes through ``DiabloGame.do``, which
verifies it first.
"""

from __future__ import annotations

import random
from typing import Any

from oracle.cards import full_deck
from oracle.games.diablo import STOP_LINE, Action, DiabloGame, load_position
from oracle.simulate.record import Counter, Event, GameResult, Measure
from oracle.simulate.seeds import chance_rng
from oracle.simulate.tracks import Track, by_seat

LENGTH = Measure("hands", "hands a game lasts", "hands")
MEASURES = (LENGTH, Measure("longest_chain", "the most Diablo pots in a row in a game", "pots"),
            Measure("actions", "action lines a game takes", "lines"))
EVENTS = (
    Event("opened", "someone opens (the hand is not checked round)", "hand"),
    Event("opener_pays", "the opener loses and pays a new pot (the Diablo rule)", "opened hand"),
    Event("opener_folds", "the opener folds", "opened hand"),
    Event("diablo_pot", "a hand is played for a Diablo pot", "hand"),
    Event("showdown", "a hand goes to a showdown", "hand"),
    Event("everyone_checked", "everyone checks and the pot stays", "hand"),
)


TRACK = Track("chips", "chips each player holds", "hand", by_seat)


def events_of(setup: Any) -> tuple[Event, ...]:
    return EVENTS


class Dealer:
    """The cards of one hand: a deck shuffled by the chance stream when the hand begins."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.hand, self.deck = rng, 0, []

    def chance(self, game: DiabloGame) -> Action | None:
        """The chance line the table waits for now, or None: a hand dealt before anyone acts,
        the cards of a draw."""
        if game.hand_number != self.hand:
            self.hand = game.hand_number
            self.deck = full_deck()
            self.rng.shuffle(self.deck)
        order = [(game.dealer + 1 + k) % game.n for k in range(game.n)]  # from the dealer's left
        if game.actions_this_hand == 0:
            for i in order:
                if game.dealt[i] and all(c is None for c in game.hands[i]):
                    cards, self.deck = self.deck[:5], self.deck[5:]
                    return Action(player=game.names[i], kind="deal", cards=tuple(cards))
        for i in order:
            if game.in_hand[i] and game.pending[i]:
                return Action(player=game.names[i], kind="receive", cards=self._drawn(game, i))
        return None

    def _drawn(self, game: DiabloGame, seat: int) -> tuple:
        count = game.pending[seat]
        from_pile = game.reshuffled_for(seat)
        cards, self.deck = self.deck[:count - from_pile], self.deck[count - from_pile:]
        if from_pile:
            own = set(game.own_discards.get(seat, ()))
            pile = [c for c in game.discards if c not in own]
            cards += self.rng.sample(pile, from_pile)
        return tuple(cards)


def _check(game: DiabloGame, total: int) -> None:
    assert game.total_chips() == total, "chips are not conserved"
    known = game.known_cards()
    assert len(known) == len(set(known)), "a card is seen twice"


def _count_hand(result: Any, counter: Counter) -> None:
    opened = result.opener is not None
    counter.chance("opened", opened)
    counter.chance("diablo_pot", result.diablo_pot_played)
    counter.chance("showdown", result.ending == "showdown")
    counter.chance("everyone_checked", result.ending == "everyone checked")
    if opened:
        counter.chance("opener_pays", result.liable)
        counter.chance("opener_folds", bool(result.hands.get(result.opener, {}).get("folded")))


def _step(game: DiabloGame, setup: Any, players: list[Any], dealer: Dealer) -> Action:
    """The next line: the table's agreement to stop once the hands agreed are played and the
    rules let it, a chance line the table waits for, or the player to act's choice."""
    if len(game.results) >= setup.hands and game.actions_this_hand == 0 and game.can(STOP_LINE):
        return Action.parse(STOP_LINE)
    chance = dealer.chance(game)
    if chance is not None:
        return chance
    if game.to_act is None:  # nobody can act and nothing is dealt: only the table can end it
        return Action.parse(STOP_LINE)
    return players[game.to_act].act(game)


def play_game(setup: Any, index: int, seed: int, *, keep_lines: bool = False, check: bool = False) -> GameResult:
    """Game ``index`` of a run, its chance drawn from ``seed``."""
    from oracle.simulate.players import make_players

    game = load_position(setup.position, setup.rules)
    players, dealer, counter = make_players(setup, seed), Dealer(chance_rng(seed)), Counter(EVENTS)
    total, actions, counted, chain, longest = game.total_chips(), 0, 0, 0, 0
    lines: list[str] | None = [] if keep_lines else None
    track = [list(game.chips)]
    while game.phase != "over" and actions < setup.max_actions:
        action = _step(game, setup, players, dealer)
        game.do(action)
        actions += 1
        if lines is not None:
            lines.append(str(action))
        if check:
            _check(game, total)
        for result in game.results[counted:]:
            _count_hand(result, counter)
            chain = chain + 1 if result.diablo_pot_played else 0
            longest = max(longest, chain)
            track.append(list(game.chips))
        counted = len(game.results)
    finished = game.phase == "over"
    track[-1] = list(game.chips)  # the antes of a hand not played go back when the table stops
    winners = tuple(s["name"] for s in game.standings() if s["leader"]) if finished else ()
    return GameResult(index=index, seed=seed, finished=finished, winners=winners,
                      measures={"hands": len(game.results), "longest_chain": longest, "actions": actions},
                      events=counter.result(), facts={"chips": list(game.chips)},
                      parts=None if lines is None else [(setup.position, lines)], track=track)
