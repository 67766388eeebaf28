"""How a Diablo hand ends and is paid out: the cards thrown in when everyone checks, the last
player standing, the showdown with its main and side pots and shared pots, and the Diablo
rule's liability ("If anyone else wins - including when the opener folds - the opener must
pay a new pot equal to the pot just won"); then the deal passes, or the game ends.

A mixin of ``DiabloGame``: it reads and settles the ``TableState`` and hands the table back
to the engine (``_start_hand``) for the next deal."""

from __future__ import annotations

from typing import Any

from .rules import declared_strength, hand_strength
from .state import HandResult, PotShare, TableState


class Resolution(TableState):
    """The ends of a hand and of the game."""

    # ------------------------------------------------------------------ the game
    def _end_game(self, reason: str) -> None:
        self.phase = "over"
        self.to_act = None
        self.game_over_reason = reason
        holders = [i for i in range(self.n) if self.chips[i] > 0]
        if self.carried and len(holders) == 1:
            # A pot nobody else can contest goes to the one player left with chips.
            self.chips[holders[0]] += self.carried
            self.carried = 0
        self.contributed = [0] * self.n

    def _finish_hand(self, result: HandResult) -> None:
        self.results.append(result)
        if (self.rules.dealers_choice and result.ending != "everyone checked"
                and not self.diablo):
            # "it continues until an opener wins; then the player to the left of whoever
            # called Diablo chooses the next game."
            self.next_chooser = (self.called_by + 1) % self.n
            self._end_game("dealer's choice: Diablo is over, an opener has won")
            return
        self._start_hand()

    def _pass_deal(self) -> dict[str, Any]:
        """"The deal passes to the left" (skipping players without chips): the facts of the
        next hand a ``HandResult`` reports."""
        able = [c > 0 for c in self.chips]
        next_dealer = self.left_of(self.dealer, able)
        if next_dealer is not None:
            self.dealer = next_dealer
        if sum(able) < 2:
            return {"next_dealer": None, "next_first_to_act": None, "next_antes": ()}
        return {
            "next_dealer": self.names[self.dealer],
            "next_first_to_act": self.names[self.left_of(self.dealer, able)],
            "next_antes": () if self.diablo else tuple(self.names[i] for i in range(self.n) if able[i]),
        }

    # ------------------------------------------------------------------ no showdown
    def _everyone_checked(self) -> None:
        """"If everyone checks, the cards are thrown in, the pot stays, everyone antes again
        (except during a Diablo pot) and the next player deals."""
        pot = self.pot
        dealer = self.names[self.dealer]
        self.carried = pot
        self.contributed = [0] * self.n
        result = HandResult(
            hand_number=self.hand_number, dealer=dealer, ending="everyone checked", pot=pot,
            pots=(), won={}, hands=self._hands_json(), opener=None,
            diablo_pot_played=self.diablo, opener_won=None, liable=False, liability_due=0,
            liability_paid=0, new_pot=pot, diablo_running=self.diablo, **self._pass_deal(),
        )
        self._finish_hand(result)

    def _return_uncalled(self) -> dict[str, int]:
        """Under ``return_uncalled_bet``: the part of the largest stake nobody matched (a bet
        or raise everyone else folded to, or the excess over an all-in call) goes back to its
        bettor before the pot is settled. The rulebook's own reading keeps it in the pot:
        "the pot - all the chips bet in that deal"."""
        if not self.rules.return_uncalled_bet:
            return {}
        order = sorted(range(self.n), key=lambda i: self.contributed[i], reverse=True)
        top, second = order[0], order[1]
        excess = self.contributed[top] - self.contributed[second]
        if excess <= 0:
            return {}
        self.contributed[top] -= excess
        self.chips[top] += excess
        return {self.names[top]: excess}

    def _award_last_player(self) -> None:
        """"If everyone else folds, the last player wins it without showing.\""""
        returned = self._return_uncalled()
        last = self.in_hand.index(True)
        pot = self.pot
        won = [0] * self.n
        won[last] = pot
        pots = [PotShare(amount=pot, eligible=(self.names[last],), winners=(self.names[last],),
                         shares={self.names[last]: pot})]
        self._settle("last player standing", pots, won, {last}, returned)

    # ------------------------------------------------------------------ showdown
    def _try_showdown(self) -> None:
        """Show down once every hand still in is known; until then wait for ``shows`` lines."""
        self.phase = "showdown"
        self.to_act = None
        if not self.unknown_hands():
            self._resolve_showdown()

    def _showdown_strength(self, i: int) -> int:
        hand = [c for c in self.hands[i] if c is not None]
        if self.rules.declare_hand and self.declared[i] is not None:
            value = declared_strength(hand, self.declared[i], self.rules.ruleset)
            return value if value is not None else -1
        return hand_strength(hand, self.rules.ruleset)

    def _pots(self) -> list[tuple[int, list[int]]]:
        """Main pot first, then side pots: each level of what the players still in put in.

        A player all in for less can win from each other player only as much as they put in;
        what folded players put in, and the carried pot, belong to the levels they reach."""
        live = sorted({self.contributed[i] for i in range(self.n) if self.in_hand[i]})
        pots: list[tuple[int, list[int]]] = []
        previous = 0
        for level in live:
            amount = sum(max(0, min(c, level) - previous) for c in self.contributed)
            eligible = [i for i in range(self.n) if self.in_hand[i] and self.contributed[i] >= level]
            pots.append((amount, eligible))
            previous = level
        # Chips put in beyond the highest live level belong to folded players (a raise
        # nobody called cannot happen: a round ends only when bets are matched).
        leftover = sum(max(0, c - previous) for c in self.contributed)
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + leftover, eligible)
            amount, eligible = pots[0]
            pots[0] = (amount + self.carried, eligible)
        return pots

    def _split(self, amount: int, winners: list[int]) -> dict[int, int]:
        """"ties share": equal parts; the odd chips go one each to the tied winners in turn
        from the dealer's left."""
        share, odd = divmod(amount, len(winners))
        order = [i for i in self._order_from((self.dealer + 1) % self.n) if i in winners]
        return {i: share + (1 if k < odd else 0) for k, i in enumerate(order)}

    def _resolve_showdown(self) -> None:
        returned = self._return_uncalled()
        strengths = {i: self._showdown_strength(i) for i in range(self.n) if self.in_hand[i]}
        pots = []
        won = [0] * self.n
        for amount, eligible in self._pots():
            best = max(strengths[i] for i in eligible)
            winners = [i for i in eligible if strengths[i] == best]
            shares = self._split(amount, winners)
            for i, chips in shares.items():
                won[i] += chips
            pots.append(PotShare(amount=amount, eligible=tuple(self.names[i] for i in eligible),
                                 winners=tuple(self.names[i] for i in winners),
                                 shares={self.names[i]: c for i, c in shares.items()}))
        main_winners = {self.names.index(w) for w in pots[0].winners}
        self._settle("showdown", pots, won, main_winners, returned)

    # ------------------------------------------------------------------ the Diablo rule
    def _settle(self, ending: str, pots: list[PotShare], won: list[int], main_winners: set[int],
                returned: dict[str, int]) -> None:
        """Pay the pot, then apply the Diablo rule and pass the deal. ``pot`` is the pot as it
        stands after an uncalled bet went back (``returned``), the one the opener owes."""
        pot = self.pot
        dealer = self.names[self.dealer]
        for i in range(self.n):
            self.chips[i] += won[i]
        self.contributed = [0] * self.n
        self.carried = 0
        played_for_diablo = self.diablo
        opener = self.opener
        # "If the opener wins the pot, all is well ... If the opener ties for the best hand and
        # shares the pot, that also counts as a win." Winning means a share of the main pot.
        opener_won = None if opener is None else opener in main_winners
        liable = bool(self.rules.diablo_rule and opener is not None and not opener_won)
        due = paid = 0
        if liable:
            # "the opener must pay a new pot equal to the pot just won ... An opener who hasn't
            # enough chips pays all they have (or use the pot cap from the Variants)."
            due = pot if not self.rules.pot_cap else min(pot, self.rules.pot_cap)
            paid = min(due, self.chips[opener])
            self.chips[opener] -= paid
        self.carried = paid
        self.diablo = paid > 0
        self.diablo_payer = opener if paid > 0 else None
        result = HandResult(
            hand_number=self.hand_number, dealer=dealer, ending=ending, pot=pot,
            pots=tuple(pots), won={self.names[i]: won[i] for i in range(self.n) if won[i]},
            hands=self._hands_json(), opener=None if opener is None else self.names[opener],
            diablo_pot_played=played_for_diablo, opener_won=opener_won, liable=liable,
            liability_due=due, liability_paid=paid, new_pot=paid, diablo_running=self.diablo,
            returned=returned, **self._pass_deal(),
        )
        self._finish_hand(result)
