"""How a Drawing Dead hand and game end: the turn that starts with the Button wins the hand
and the pot; a hand won with the target and the most chips wins the game.

``HandResolution`` is a mixin of ``state.State``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.words import plural

if TYPE_CHECKING:
    from .state import State


class HandResolution:
    """``win_hand``: "When You Win a Hand"."""

    def win_hand(self: "State") -> list[str]:
        """"If your turn starts and you have the BUTTON, you win the hand!" Take the pot,
        check for the end, trash the upcards, reshuffle both decks, refill the pot."""
        me = self.players[self.turn]
        taken = self.pot
        me.chips += taken
        self.hand_won = True
        self.pot = 0
        lines = [f"{me.name} starts the turn with the Button and wins the hand: takes {plural(taken, 'chip')}"]
        winner = game_winner(self)
        if winner is not None:
            self.winner = winner
            self.phase = "over"
            return lines + [f"{self.players[winner].name} wins the game with "
                            f"{self.players[winner].chips} chips"]
        for p in self.players:
            self.poker_trash.extend(p.upcards)
            p.upcards = []
        self.poker_deck += self.poker_trash
        self.poker_trash = []
        self.next_rng().shuffle(self.poker_deck)
        self.role_deck += self.role_trash
        self.role_trash = []
        self.next_rng().shuffle(self.role_deck)
        if self.rules["button_after_win"] == "unclaimed":
            self.button = None
        added = self.refill_pot()
        return lines + [f"upcards trashed, decks reshuffled, the bank adds {plural(added, 'chip')} to the pot"]


def game_winner(state: "State") -> int | None:
    """"If at the end of any hand you have forty or more chips and you have the most chips
    at the table, you win the game." Players tied at the top play on."""
    top = max(p.chips for p in state.players)
    leaders = [i for i, p in enumerate(state.players) if p.chips == top]
    return leaders[0] if top >= state.rules["target"] and len(leaders) == 1 else None
