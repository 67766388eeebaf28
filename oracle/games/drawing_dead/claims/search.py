"""The minimax over one player's action step, on small order-free nodes: card sets (as
codes), counts of role kinds and of stop cards, with the opponents' stop cards pooled."""

from __future__ import annotations

from typing import Iterator

from oracle.budget import Budget

from .finish import MOST_CARDS, Finisher, SearchStopped

# Positions the search may remember before it stops, so that a long time limit cannot
# exhaust memory (a position and its finish take about 400 bytes).
MEMO_LIMIT = 400_000

# A node of the search: (upcards, stash poker cards, counts per role kind, the opponents'
# stop cards, the player's stop cards, the holder's upcards (None: unclaimed), the other
# opponents' upcards, the draw state: cards drawn from the top, or (deck, trash, shuffles)
# when a draw could empty the deck and reshuffle its trash).
UP, STASH, ROLES, THEIRS, MINE, HOLDER, OTHERS, DRAWS = range(8)


class StepSearch:
    """The minimax over the player's action step, on nodes (see ``UP`` ...).

    ``holds(node, t)``: can the player end with at most ``t`` poker cards to play whatever
    the opponents answer? The player plays a role; the opponents may stop it with a stop
    card from their pool, the player may stop that stop, and so on; each stop cancels the
    card below it. Each node keeps the largest t proved impossible and the smallest proved
    possible, so the questions for each t reuse each other's answers."""

    def __init__(self, kinds: list[tuple[str, int]], finisher: Finisher, draw, budget: Budget | None,
                 reshuffle: bool = False):
        self.kinds = kinds  # (effect, n) per role kind, in the order the counts use
        self.finisher = finisher
        self.draw = draw  # (draw state, n) -> (cards drawn, draw state after)
        self.budget = budget
        # Without stops, plays commute up to what a swap can reach, so they are tried in one
        # order: draws, steals and trashes (none depends on the player's cards), then swaps
        # (which may use any card the others brought), folded into the finish. Not when a
        # draw may reshuffle the trash: then a trash before a draw changes what is drawn.
        rank = {"draw-poker": 0, "steal-upcard": 1, "trash-upcard": 2, "swap-stash": 3}
        self.canonical = None if reshuffle else sorted(range(len(kinds)), key=lambda i: rank[kinds[i][0]])
        self.swap = next((i for i, (effect, _) in enumerate(kinds) if effect == "swap-stash"), None)
        self.memo: dict[tuple, list[int]] = {}
        self.work = 0
        self.steals = tuple(i for i, (effect, _) in enumerate(kinds) if effect == "steal-upcard")
        self.draws = tuple(i for i, (effect, _) in enumerate(kinds) if effect == "draw-poker")

    def key(self, node: tuple) -> tuple:
        """What the rest of the step depends on: without roles, the cards alone; the
        opponents need no more stops than the player has roles and stops to answer, the
        player no more stops than the opponents have; other opponents' upcards matter only
        to a steal, the deck only to a draw."""
        up, stash, roles, theirs, mine, holder, others, draws = node
        if not any(roles):
            return up, stash, holder
        theirs = min(theirs, sum(roles) + mine)
        mine = min(mine, theirs)
        if not any(roles[i] for i in self.steals):
            others = None
        if not any(roles[i] for i in self.draws):
            draws = None
        return up, stash, roles, theirs, mine, holder, others, draws

    def holds(self, node: tuple, t: int, memo_only: bool = False) -> bool:
        """``memo_only``: answer from what is already proved, searching nothing."""
        key = self.key(node)
        known = self.memo.get(key)
        if known is None:
            if memo_only:
                return False
            if len(self.memo) + len(self.finisher.cache) >= MEMO_LIMIT:
                raise SearchStopped("memory")
            known = self.memo[key] = [-1, MOST_CARDS + 1]
        if t >= known[1]:
            return True
        if t <= known[0] or memo_only:
            return False
        self.work += 1
        if self.work & 255 == 1 and self.budget is not None and self.budget.expired():
            raise SearchStopped("time_limit")
        result = self._finishes(node, t) or self._some_play(node, t)
        if result:
            known[1] = min(known[1], t)
        else:
            known[0] = max(known[0], t)
        return result

    def value(self, node: tuple, low: int = 0) -> int | None:
        """The fewest poker cards the player can hold the finish to (None: no line takes
        the Button), asked from the poker-only finish down: each yes is found at the first
        line that works, and the one no that ends it is the only full refutation; ``low``
        is a value known to be reached (then no refutation is needed)."""
        best = self.finisher.minimum(node[UP], node[STASH], node[HOLDER])
        if best is None:
            if not self.holds(node, MOST_CARDS):
                return None
            best = MOST_CARDS
        for t in range(best - 1, low - 1, -1):
            if not self.holds(node, t):
                break
            best = t
        return best

    def _finishes(self, node: tuple, t: int) -> bool:
        """Can the poker cards finish within ``t`` now? With nobody left to stop anything
        and only swaps left, the swaps and the poker cards together (``with_swaps``)."""
        roles = node[ROLES]
        if (self.swap is not None and roles[self.swap] and not node[THEIRS] and self.canonical is not None
                and sum(roles) == roles[self.swap]):
            found = self.finisher.with_swaps(node[UP], node[STASH], node[HOLDER], roles[self.swap])
            return found is not None and found <= t
        return self.finisher.within(node[UP], node[STASH], node[HOLDER], t)

    def _some_play(self, node: tuple, t: int) -> bool:
        """Does some role play (and the answers to it) keep her within ``t``?"""
        roles, theirs, mine = node[ROLES], node[THEIRS], node[MINE]
        if not theirs and self.canonical is not None:
            return any(self.holds(after, t) for after in self._in_order(node))
        for i in range(len(self.kinds)):
            if not roles[i]:
                continue
            base = node[:ROLES] + (roles[:i] + (roles[i] - 1,) + roles[i + 1:],) + node[THEIRS:]
            if self._stops_refute(base, t, theirs, mine):
                continue  # every choice of this role is answered the same way: stopped
            if any(self._opponents(base, played, t, theirs, mine) for played in self._effects(base, i)):
                return True
        return False

    def _stops_refute(self, base: tuple, t: int, theirs: int, mine: int) -> bool:
        """Do the opponents defeat the role whatever it chose, by stopping it and stopping
        each stop she answers with? Then no choice of it needs to be tried."""
        if not theirs or self.holds(_with_stops(base, theirs - 1, mine), t):
            return False
        return not mine or self._stops_refute(base, t, theirs - 1, mine - 1)

    def _opponents(self, base: tuple, played: tuple, t: int, theirs: int, mine: int) -> bool:
        """The opponents answer a role that acts unless they stop it."""
        if theirs and not self._player(base, played, t, theirs - 1, mine):
            return False
        return self.holds(_with_stops(played, theirs, mine), t)

    def _player(self, base: tuple, played: tuple, t: int, theirs: int, mine: int) -> bool:
        """The player answers a stop against her role."""
        if self.holds(_with_stops(base, theirs, mine), t):
            return True
        return mine > 0 and self._opponents(base, played, t, theirs, mine - 1)

    def _in_order(self, node: tuple) -> Iterator[tuple]:
        """With nobody left to stop anything: the plays of the first kind left in the
        canonical order. A draw, a steal or a trash never hurts (her cards only grow, the
        holder's only shrink; a later play it takes the card from is left out), so only a
        role with nothing to do is set aside for good instead, and the swaps, which come
        last, are part of the finish (``_finishes``)."""
        roles = node[ROLES]
        if not any(roles):
            return
        first = next(i for i in self.canonical if roles[i])
        if first == self.swap:
            return  # the swaps left are part of the finish
        base = node[:ROLES] + (roles[:first] + (roles[first] - 1,) + roles[first + 1:],) + node[THEIRS:]
        played = False
        for after in self._effects(base, first):
            played = True
            yield after
        if not played:
            yield node[:ROLES] + (roles[:first] + (0,) + roles[first + 1:],) + node[THEIRS:]

    def _effects(self, base: tuple, i: int) -> Iterator[tuple]:
        """The node after each useful play of role kind ``i`` (``base``: the role used
        up): a steal (the holder's cards first), a trash of the holder's upcard (trashing
        anyone else's changes no hand), a swap, a draw that brings a card."""
        up, stash, left, theirs, mine, holder, others, draws = base
        effect, n = self.kinds[i]
        if effect == "steal-upcard":
            for card in holder or ():
                yield up | {card}, stash, left, theirs, mine, holder - {card}, others, draws
            for card in others:
                yield up | {card}, stash, left, theirs, mine, holder, others - {card}, draws
        elif effect == "trash-upcard":
            for card in holder or ():
                after = draws if not isinstance(draws, tuple) else (
                    draws[0], draws[1] + (self.finisher.card_of[card],), draws[2])
                yield up, stash, left, theirs, mine, holder - {card}, others, after
        elif effect == "swap-stash":
            for give in stash:
                for back in up:
                    yield up - {back} | {give}, stash - {give} | {back}, left, theirs, mine, holder, others, draws
        elif effect == "draw-poker":
            drawn, after = self.draw(draws, n)
            if drawn:
                yield up, stash | set(drawn), left, theirs, mine, holder, others, after


def _with_stops(node: tuple, theirs: int, mine: int) -> tuple:
    return node[:THEIRS] + (theirs, mine) + node[HOLDER:]
