"""Drawing Dead's cheapest claim: the fewest chips bet, and which stash cards to play, to
take the Button this turn, against every stop the opponents may play.

The search walks the game's own engine (``State.do``), so it lives with the game rather
than in ``oracle.solve``. How it stays exact and fast is told in docs/games/drawing-dead.md.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .actions import Action
from .engine import role_choices
from .rules import UPCARD_LIMIT, hand_json, hand_strength, hand_words
from .state import State


def cheapest_claim(state: State, index: int) -> dict[str, Any]:
    """The fewest chips to take the Button this turn, and the cards of the stash to play.

    Cost: each poker card played as an upcard bets 1 chip, "If you have no chips, you may
    play poker cards for free"; role cards are free ("Role cards are FREE!"). With no role
    card in the stash the answer is the smallest winning subset of the stash poker cards
    (adding cards never weakens the best five, and min(k, chips) grows with k); with role
    cards it is an exact search over every order of plays, where opponents answer each
    role as badly for the player as they can (any role they can stop may be stopped, and
    the player may answer a stop with a stop of their own). ``chips`` is that worst case;
    ``chips_if_unstopped`` the cost when nobody stops anything. The oracle knows the decks'
    order, so a role that draws cards draws the known ones.

    Outside the player's own action step the question is asked as if that step began now
    with the stash as it is (``hypothetical``: no draw is made)."""
    me = state.players[index]
    base = {"player": me.name, "chips_before": me.chips,
            "holder": None if state.button is None else state.players[state.button].name,
            "holder_hand": None if state.button is None else hand_json(state.players[state.button].upcards),
            "hypothetical": False, "exact": True}
    if state.button == index:
        return base | {"possible": True, "chips": 0, "chips_if_unstopped": 0, "cards": [], "roles": [],
                       "plan": [], "hand": hand_json(me.upcards), "reason": f"{me.name} already holds the Button"}
    if state.phase == "over":
        return base | {"possible": False, "chips": None, "chips_if_unstopped": None, "cards": [],
                       "roles": [], "plan": [], "hand": None, "reason": "the game is over"}
    start = state
    if state.turn != index or state.phase not in ("action", "respond"):
        start = state.copy()
        if state.turn != index:
            start.played_roles = []
        start.turn, start.phase, start.chain = index, "action", []
        base["hypothetical"] = True
    if start.players[index].stash_roles or start.phase == "respond":
        try:
            worst = _claim_search(start, index, opponents_stop=True)
            free = _claim_search(start, index, opponents_stop=False)
        except _SearchLimit:
            return base | _beyond_the_limit(start, index)
    else:
        worst = free = _poker_only_claim(start, index)
    if worst is None:
        whole = me.upcards + me.stash
        what = "the stash's roles and poker cards" if me.stash_roles else "the whole stash"
        reason = (f"even with {what}, {hand_words(whole)} cannot be made to beat "
                  f"{hand_words(state.players[state.button].upcards)}")
        if free is not None:
            reason = (f"only if nobody stops a role (for {free[0]} chip(s)); against every stop the "
                      "Button cannot be taken this turn")
        return base | {"possible": False, "chips": None, "chips_if_unstopped": None if free is None else free[0],
                       "cards": [], "roles": [], "plan": [] if free is None else free[3], "hand": None,
                       "reason": reason}
    chips, _, _, plan, final = worst
    actions = [Action.parse(line) for line in plan]
    mine = [a for a in actions if a.player is not None and a.player.lower() == me.name.lower()]
    cards = [str(a.card) for a in mine if a.kind == "play-card"]
    roles = [a.role for a in mine if a.kind in ("play-role", "stop")]
    moves = "; ".join(line for line in plan if not line.endswith("claims the Button")) or "nothing to play"
    claim = (f"{me.name} claims the Button with {hand_words(final)}" if state.button is not None
             else f"{me.name} claims the unclaimed Button")
    return base | {"possible": True, "chips": chips, "chips_if_unstopped": free[0], "cards": cards,
                   "roles": roles, "plan": plan, "hand": hand_json(final),
                   "reason": f"{moves}: {chips} chip(s); {claim}"}


def _beyond_the_limit(start: State, index: int) -> dict[str, Any]:
    """The guard's answer: the search met ``CLAIM_STATE_LIMIT`` state expansions, so the cheapest line
    is not known. Poker cards cannot be stopped, so the poker-only line (if any) still takes
    the Button against every stop: its cost is an upper bound, given with ``exact: false``."""
    me = start.players[index]
    line = _poker_only_claim(start, index)
    why = (f"the search met its limit of {CLAIM_STATE_LIMIT:,} state expansions before proving the cheapest "
           f"line ({len(me.stash_roles)} role cards, {len(me.stash)} poker cards in the stash)")
    if line is None:
        return {"possible": None, "chips": None, "chips_if_unstopped": None, "cards": [], "roles": [],
                "plan": [], "hand": None, "exact": False,
                "reason": f"unknown: {why}; the poker cards alone cannot take the Button"}
    chips, _, _, plan, final = line
    return {"possible": True, "chips": chips, "chips_if_unstopped": None,
            "cards": [step.split(" plays ")[1] for step in plan if " plays " in step], "roles": [],
            "plan": plan, "hand": hand_json(final), "exact": False,
            "reason": f"at most {chips} chip(s), by poker cards alone: {why}; role cards may make it cheaper"}


def _poker_only_claim(state: State, index: int, cache: dict | None = None):
    """Smallest winning subset of the stash's poker cards; among equal sizes the strongest
    hand, then stash order. Returns (chips, cards, -strength, plan, final upcards) or None.
    ``cache`` memoises hand strengths by card set across calls.

    A smallest winning subset has at most 5 cards: if upcards U plus stash cards S win, the
    best five B of U + S lies in U + (S & B), which ranks the same; so sizes stop at 5."""
    me = state.players[index]
    cache = {} if cache is None else cache

    def rank(cards) -> int:
        key = frozenset(cards)
        value = cache.get(key)
        if value is None:
            value = cache[key] = hand_strength(list(cards))
        return value

    target = -2 if state.button is None else rank(state.players[state.button].upcards)
    if rank(me.upcards + me.stash) <= target:  # not even the whole stash wins
        return None
    up = tuple(me.upcards)
    for size in range(min(len(me.stash), UPCARD_LIMIT) + 1):
        best = None
        for subset in combinations(me.stash, size):
            value = rank(up + subset)
            if value > target and (best is None or value > best[0]):
                best = (value, subset)
        if best is not None:
            plan = [f"{me.name} plays {c}" for c in best[1]] + [f"{me.name} claims the Button"]
            return min(size, me.chips), size, -best[0], plan, me.upcards + list(best[1])
    raise AssertionError("unreachable: a winning whole stash has a winning subset of at most 5")


# Role effects that can change who may take the Button: they move upcards or bring cards.
# A role that only gains chips cannot help (more chips only make later bets cost), and a
# stop played with nothing pending does nothing; opponents may simply let either pass.
_CLAIM_EFFECTS = ("steal-upcard", "trash-upcard", "swap-stash", "draw-poker")

# The guard: a search making more state expansions than this stops, and the answer falls
# back to the poker-only line (exact: false). See docs/games/drawing-dead.md.
CLAIM_STATE_LIMIT = 20_000


class _SearchLimit(Exception):
    """Raised inside ``_claim_search`` when it passes its limit of state expansions."""


def _claim_key(s: State, index: int, roles: dict | None = None) -> tuple:
    """What the rest of the search depends on, and nothing else, so that orders of play
    reaching the same position meet in the memo: the pending chain; the player's chips,
    upcards, stash and the roles it may still use; every other player's upcards (the
    holder's set the target, the rest may be stolen or trashed) and stop roles; the poker
    deck (draws bring its top cards) and, only when a draw could empty it, the trash and
    the shuffle count that reshuffling would use. The order of the role trash, the bank,
    the roles played (only gain-per-bad-guy reads them) and other stash cards cannot
    change a line: the search plays no role that reads them."""
    table = {r.name: r for r in s.role_table.roles} if roles is None else roles
    me = s.players[index]
    mine = tuple(sorted(r for r in me.stash_roles
                        if table[r].effect in _CLAIM_EFFECTS or table[r].stops))
    others = tuple((frozenset(p.upcards), tuple(sorted(r for r in p.stash_roles if table[r].stops)))
                   for i, p in enumerate(s.players) if i != index)
    draws = sum(table[r].n for r in mine if table[r].effect == "draw-poker")
    draws += sum(table[e.role].n for e in s.chain[:1] if table[e.role].effect == "draw-poker")
    reshuffle = (tuple(s.poker_trash), s.shuffles) if draws > len(s.poker_deck) else None
    return (s.phase, tuple(s.chain), me.chips, frozenset(me.upcards), frozenset(me.stash), mine,
            others, tuple(s.poker_deck[:draws]), reshuffle)


def _claim_search(start: State, index: int, *, opponents_stop: bool, limit: int | None = None):
    """Minimax over the player's action step. The value of a line is (chips bet, poker cards
    played), smallest best; returns (chips, cards, -strength of the claiming hand, plan,
    final upcards) for the principal line, or None when no line takes the Button. Raises
    ``_SearchLimit`` after ``limit`` state expansions (default ``CLAIM_STATE_LIMIT``).

    Poker cards are played last, after the roles: no useful role depends on them (swapping
    for a card just played costs the same as playing the stash card itself) and no useful
    role changes chips, so each node ends with the exact poker-only finish from there,
    which plays at most 5 cards. Every role played uses itself up, so the search ends.

    The search asks yes/no questions, "can the player hold the cost to at most t against
    every answer?", for t = each possible (chips, cards) value from the largest down; the
    last yes is the exact minimax value. A yes/no search stops at the first role that
    works (the player's choice) or the first stop that defeats it (the opponents'), which
    the full minimax cannot. Each state (``_claim_key``: orders of play reaching the same
    position meet) keeps the largest t proved impossible and the smallest t proved
    possible, so later questions reuse earlier answers. Then the principal line is walked:
    the player takes the first option in search order that holds the value (the poker
    finish, then roles in stash order with their choices in ``role_choices`` order); the
    opponents take the answer worst for the player, a stop rather than a pass when equal."""
    limit = CLAIM_STATE_LIMIT if limit is None else limit
    table = start.role_table
    by_name = {r.name: r for r in table.roles}
    me0 = start.players[index]
    # chips the finish may meet: the player's own, plus what a pending role may bring
    extra = start.bank if any(table.get(e.role).effect in ("gain-chips", "gain-per-bad-guy")
                              for e in start.chain[:1]) else 0
    targets = sorted({(min(k, c), k) for k in range(UPCARD_LIMIT + 1)
                      for c in range(me0.chips, me0.chips + extra + 1)})
    memo: dict[tuple, list[int]] = {}  # key -> [largest index proved no, smallest proved yes]
    strengths: dict[frozenset, int] = {}
    finishes: dict[tuple, Any] = {}
    work = [0]

    def finish(s: State):
        me = s.players[index]
        key = (frozenset(me.upcards), frozenset(me.stash), me.chips,
               None if s.button is None else frozenset(s.players[s.button].upcards))
        if key not in finishes:  # like the memo, keyed on sets: any order of them plays alike
            finishes[key] = _poker_only_claim(s, index, strengths)
        return finishes[key]

    def options(s: State) -> tuple[str, list[Action]]:
        """Who chooses here ('player' or 'opponents') and the actions searched, in order."""
        if s.phase == "respond":
            ours_on_top = s.chain[-1].player == index
            stops = [a for a in s.legal_actions() if a.kind == "stop"
                     and (s.index_of(a.player) == index) != ours_on_top]
            moves = [Action(kind="pass")] + (stops if opponents_stop or not ours_on_top else [])
            return ("opponents" if ours_on_top else "player"), moves
        me = s.players[index]
        moves = []
        for role in dict.fromkeys(me.stash_roles):
            kind = table.get(role)
            if kind.effect in _CLAIM_EFFECTS:
                moves += [Action(kind="play-role", player=me.name, role=role, choice=choice)
                          for choice in role_choices(s, index, kind) or [None]]
        return "player", moves

    def after(s: State, action: Action) -> State:
        nxt = s.copy()
        nxt.do(action)
        return nxt

    def holds(s: State, t: int) -> bool:
        """Can the player keep the cost at or under targets[t] from ``s``, whatever the
        opponents answer?"""
        key = _claim_key(s, index, by_name)
        known = memo.get(key)
        if known is None:
            known = memo[key] = [-1, len(targets)]
        if t >= known[1]:
            return True
        if t <= known[0]:
            return False
        work[0] += 1
        if work[0] > limit:
            raise _SearchLimit
        if s.phase not in ("action", "respond"):
            result = False
        else:
            result = False
            if s.phase == "action":
                done = finish(s)
                result = done is not None and (done[0], done[1]) <= targets[t]
            if not result:
                who, moves = options(s)
                if who == "player":
                    result = any(holds(after(s, a), t) for a in moves)
                else:
                    result = all(holds(after(s, a), t) for a in moves)
        if result:
            known[1] = min(known[1], t)
        else:
            known[0] = max(known[0], t)
        return result

    def value(s: State) -> int | None:
        """Index in ``targets`` of the exact value from ``s``; None when no line claims.
        Asked from the top down: each yes is found at the first line that works, and the
        one no that ends it is the only full refutation searched."""
        found = None
        for t in range(len(targets) - 1, -1, -1):
            if not holds(s, t):
                break
            found = t
        return found

    best = value(start)
    if best is None:
        return None
    # walk the principal line
    s, plan = start, []
    while True:
        t = value(s)
        if s.phase == "action":
            done = finish(s)
            if done is not None and (done[0], done[1]) <= targets[t]:
                chips, cards, neg, rest, final = done
                return chips, cards, neg, plan + rest, final
        who, moves = options(s)
        if who == "player":
            move = next(a for a in moves if holds(after(s, a), t))
        else:  # the worst answer for the player; on equal values the later (a stop)
            values = [value(after(s, a)) for a in moves]
            move = moves[max(range(len(moves)), key=lambda i: (values[i], i))]
        plan.append(str(move))
        s = after(s, move)
