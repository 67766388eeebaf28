"""Players of Drawing Dead. A player acts in its own turn (the Fast Draft keep, the action
step, the clean up), in the Advanced Draft when it picks, and when a role it may stop is
played (an ACE IN THE HOLE, or any stop in its own turn). The turn's draw and the hand won
by starting a turn with the Button are the rules', not a player's.

- ``random``: any legal action, each as likely; when a role it may stop is pending, stops it
  or lets it be, each of its choices as likely.
- ``simple``: in its action step takes the Button when it can, by the cheapest line
  ``cheapest-claim`` finds (the fewest chips bet against every stop the others may play),
  one action of that line at a time; otherwise ends the step and keeps its cards. Never
  stops a role. Keeps the first role on offer; at clean up keeps the strongest five upcards
  (``cleanup``'s first choice) and trashes its lowest stash cards, roles last.
- ``strong``: as ``simple``, and it stops every role an opponent plays against it (a role
  that takes or trashes one of its upcards, or a stop of a role of its own); in a turn it
  cannot take the Button, it plays its poker cards up only when they are free (no chips
  left), for a later claim.
"""

from __future__ import annotations

import random
from typing import Any

from oracle.games.drawing_dead import Action, State, cheapest_claim, cleanup_choices


class RandomPlayer:
    level = "random"

    def __init__(self, seat: int, rng: random.Random, game: str, rules: dict[str, Any]) -> None:
        self.seat, self.rng, self.game, self.rules = seat, rng, game, rules

    def act(self, state: State) -> Action:
        """The player's action when it is the one to act (not ``respond``)."""
        return self.rng.choice(state.legal_actions())

    def respond(self, state: State, stops: list[Action]) -> Action | None:
        """A stop of the pending role (one of ``stops``, this player's), or None to let it be."""
        return self.rng.choice([None, *stops])


class SimplePlayer(RandomPlayer):
    level = "simple"
    plan: list[str] | None = None  # what is left of this action step's cheapest line

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if state.phase == "action":
            return self.action_step(state, legal)
        if state.phase == "cleanup":
            return self.clean_up(state, legal)
        return legal[0]  # a draft: the first role on offer

    def respond(self, state: State, stops: list[Action]) -> Action | None:
        return None

    def claim_line(self, state: State, legal: list[Action]) -> Action | None:
        """The next action of the cheapest line that takes the Button, if there is one. The
        line is found once an action step and followed while its next action is legal; off
        it (a stop the line did not play out), it is searched again."""
        if state.button == self.seat:
            return None
        wanted = {str(a): a for a in legal}
        fresh = self.plan is None
        if fresh:
            self.plan = self._line(state)
        action = self._next_own(state, wanted)
        if action is None and not fresh:
            self.plan = self._line(state)
            action = self._next_own(state, wanted)
        return action

    def _line(self, state: State) -> list[str]:
        answer = cheapest_claim(state, self.seat)
        return list(answer["plan"]) if answer.get("possible") else []

    def _next_own(self, state: State, wanted: dict[str, Action]) -> Action | None:
        me = state.players[self.seat].name.lower()
        while self.plan:
            action = Action.parse(self.plan.pop(0))
            if action.player is not None and action.player.lower() == me:
                return wanted.get(str(action))
        return None

    def action_step(self, state: State, legal: list[Action]) -> Action:
        line = self.claim_line(state, legal)
        return line if line is not None else self.end_step(legal)

    def end_step(self, legal: list[Action]) -> Action:
        self.plan = None
        return next(a for a in legal if a.kind == "end")

    def clean_up(self, state: State, legal: list[Action]) -> Action:
        me = state.players[self.seat]
        if len(me.upcards) > 5:
            keep = set(cleanup_choices(state, self.seat, 1)["keep"])
            return next(a for a in legal if a.card is not None and a.card in me.upcards and str(a.card) not in keep)
        cards = sorted((a for a in legal if a.card is not None and a.card in me.stash),
                       key=lambda a: 15 if a.card.is_joker else a.card.value)
        return cards[0] if cards else legal[0]


class StrongPlayer(SimplePlayer):
    level = "strong"

    def respond(self, state: State, stops: list[Action]) -> Action | None:
        """Stop a role played against this player: one that takes or trashes one of its
        upcards, or a stop of a role it played."""
        me = state.players[self.seat].name.lower()
        top = state.chain[-1]
        if len(state.chain) == 1:
            owner = top.choice.owner if top.choice is not None else None
            against_me = owner is not None and owner.lower() == me
        else:
            against_me = state.chain[-2].player == self.seat
        return stops[0] if against_me else None

    def action_step(self, state: State, legal: list[Action]) -> Action:
        line = self.claim_line(state, legal)
        if line is not None:
            return line
        free = [a for a in legal if a.kind == "play-card" and state.players[self.seat].chips == 0]
        return free[0] if free else self.end_step(legal)
