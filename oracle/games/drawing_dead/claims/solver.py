"""The cheapest claim for one player: the game's ``State`` mapped onto ``StepSearch``, the
principal line walked through the engine itself (``State.do``), and the answer."""

from __future__ import annotations

from typing import Any

from oracle.budget import Budget
from oracle.words import join, plural

from ..actions import Action
from ..engine import role_choices
from ..rules import hand_json, hand_words
from ..state import State
from .finish import MOST_CARDS, Finisher, SearchStopped
from .search import MEMO_LIMIT, StepSearch

# Role effects that can change who may take the Button: they move upcards or bring cards.
# A role that only gains chips cannot help (more chips only make later bets cost), and a
# stop is played only against a role; opponents may simply let the first pass.
CLAIM_EFFECTS = ("steal-upcard", "trash-upcard", "swap-stash", "draw-poker")
# The question's default time limit (seconds); the goal is 1 s for stashes of 12 cards with
# 5 roles against 3 stop cards (bench/bench_drawing_dead_claim.py).
CLAIM_SECONDS = 10.0


class ClaimSolver:
    """``StepSearch`` for one player from ``start`` (her action step, or a role of hers
    pending in ``respond``), with the engine at the edges: a position of the game becomes a
    node, and the principal line is walked through ``State.do``.

    Costs are (chips bet, poker cards played), smallest best; with ``chips`` chips, k cards
    cost (min(k, chips), k). ``stops`` says whether the opponents may stop anything."""

    def __init__(self, start: State, index: int, budget: Budget | None):
        self.start, self.index, self.budget = start, index, budget
        table = start.role_table
        roles = [table.get(name) for name in start.players[index].stash_roles]
        pending = [table.get(e.role) for e in start.chain[:1]]
        self.kinds = list(dict.fromkeys(_kind(r) for r in roles if r.effect in CLAIM_EFFECTS))
        can_draw = sum(r.n for r in roles + pending if r.effect == "draw-poker")
        self.reshuffle = can_draw > len(start.poker_deck)  # then the trash and its order matter
        self.deck = tuple(start.poker_deck)
        self.scratch = start.copy()  # the engine's own draw, for a draw that may reshuffle
        self.finisher = Finisher(budget)
        self.search = StepSearch(self.kinds, self.finisher, self._draw, budget, self.reshuffle)

    def _draw(self, draws, n: int):
        if not self.reshuffle:
            cards = self.deck[draws:draws + n]
            return tuple(c.code for c in cards), draws + len(cards)
        scratch = self.scratch  # the deck and trash as cards, in order
        scratch.poker_deck, scratch.poker_trash, scratch.shuffles = list(draws[0]), list(draws[1]), draws[2]
        cards = scratch.draw_poker(n)
        return tuple(c.code for c in cards), (tuple(scratch.poker_deck), tuple(scratch.poker_trash), scratch.shuffles)

    def node(self, s: State, stops: bool) -> tuple:
        me, table = s.players[self.index], s.role_table
        counts, mine = [0] * len(self.kinds), 0
        for name in me.stash_roles:
            role = table.get(name)
            if role.stops:
                mine += 1  # in her own turn any stop role may answer a stop
            elif role.effect in CLAIM_EFFECTS:
                counts[self.kinds.index(_kind(role))] += 1
        theirs = sum(1 for i, p in enumerate(s.players) if i != self.index for name in p.stash_roles
                     if table.get(name).stops and table.get(name).ace_in_the_hole) if stops else 0
        holder = None if s.button is None else _codes(s.players[s.button].upcards)
        others = frozenset(c.code for i, p in enumerate(s.players) if i not in (self.index, s.button)
                           for c in p.upcards)
        draws = ((tuple(s.poker_deck), tuple(s.poker_trash), s.shuffles) if self.reshuffle
                 else len(self.deck) - len(s.poker_deck))
        return _codes(me.upcards), _codes(me.stash), tuple(counts), theirs, mine, holder, others, draws

    def respond_options(self, s: State, stops: bool) -> tuple[str, list[Action]]:
        """Who chooses in a stop window ('player' or 'opponents') and what: the opponents
        answer her card (pass, or any of their stops), she answers theirs."""
        ours_on_top = s.chain[-1].player == self.index
        found = [a for a in s.legal_actions() if a.kind == "stop"
                 and (s.index_of(a.player) == self.index) != ours_on_top]
        moves = [Action(kind="pass")] + (found if stops or not ours_on_top else [])
        return ("opponents" if ours_on_top else "player"), moves

    def action_options(self, s: State) -> list[Action]:
        """Her useful role plays, in the order ``legal-moves`` lists them."""
        me = s.players[self.index]
        holder = None if s.button is None else s.players[s.button].name
        moves = []
        for name in dict.fromkeys(me.stash_roles):
            role = s.role_table.get(name)
            if role.effect == "draw-poker" and (s.poker_deck or s.poker_trash) and s.deck_order != "unknown":
                moves.append(Action(kind="play-role", player=me.name, role=name))
            elif role.effect in ("steal-upcard", "swap-stash", "trash-upcard"):
                moves += [Action(kind="play-role", player=me.name, role=name, choice=choice)
                          for choice in role_choices(s, self.index, role)
                          if role.effect != "trash-upcard" or choice.owner == holder]
        return moves

    def holds(self, s: State, bound: tuple, stops: bool, memo_only: bool = False) -> bool:
        """Can she keep the cost from ``s`` at or under ``bound`` whatever the answers?"""
        if s.phase == "action":
            t = _most_cards(bound, s.players[self.index].chips)
            return t >= 0 and self.search.holds(self.node(s, stops), t, memo_only)
        if s.phase != "respond":
            return False
        who, moves = self.respond_options(s, stops)
        answers = (self.holds(_after(s, a), bound, stops, memo_only) for a in moves)
        return any(answers) if who == "player" else all(answers)

    def value(self, s: State, stops: bool, low: int = 0) -> tuple | None:
        """The exact cost from ``s`` (None: the Button cannot be taken); ``low`` is a
        number of cards known to be needed from an action step."""
        if s.phase == "action":
            return _cost(self.search.value(self.node(s, stops), low), s.players[self.index].chips)
        if s.phase != "respond":
            return None
        who, moves = self.respond_options(s, stops)
        values = [self.value(_after(s, a), stops) for a in moves]
        if who == "player":
            return min((v for v in values if v is not None), default=None)
        return None if None in values else max(values)

    def proved(self, stops: bool) -> tuple | None:
        """The smallest cost proved so far from the start (an action step), if any."""
        if self.start.phase != "action":
            return None
        known = self.search.memo.get(self.search.key(self.node(self.start, stops)))
        return None if known is None or known[1] > MOST_CARDS else _cost(known[1], self.start.players[self.index].chips)

    def line(self, stops: bool, bound: tuple | None = None, low: int = 0):
        """The principal line: (chips, cards, -strength, plan, final upcards), or None.

        Exact (no ``bound``): she takes the first option in search order that holds the
        value (the poker finish, then roles in stash order with their choices in
        ``legal-moves`` order); the opponents take the answer worst for her, a stop rather
        than a pass when equal. With ``bound`` (after the search stopped) every choice is
        read from what was proved, searching nothing."""
        s, plan = self.start, []
        while True:  # each step uses up a role or a stop card, or resolves the chain
            cost = bound if bound is not None else self.value(s, stops, low if s is self.start else 0)
            if cost is None:
                return None
            if s.phase == "action":
                done = _poker_only_claim(s, self.index, self.finisher)
                if done is not None and done[:2] <= cost:
                    return cost[0], cost[1], done[2], plan + done[3], done[4]
                who, moves = "player", self.action_options(s)
            else:
                who, moves = self.respond_options(s, stops)
            move = self._choose(s, who, moves, cost, stops, bound is not None)
            if move is None:
                return None
            plan.append(str(move))
            s = _after(s, move)

    def _choose(self, s: State, who: str, moves: list[Action], cost: tuple, stops: bool, memo_only: bool):
        if who == "player":
            return next((a for a in moves if self.holds(_after(s, a), cost, stops, memo_only)), None)
        if memo_only:  # every answer was proved; show a stop when there is one
            return next((a for a in reversed(moves) if self.holds(_after(s, a), cost, stops, True)), None)
        values = [self.value(_after(s, a), stops) for a in moves]
        return moves[max(range(len(moves)), key=lambda i: (values[i] is None, values[i] or (0, 0), i))]


def cheapest_claim(state: State, index: int, budget: Budget | None = None) -> dict[str, Any]:
    """The fewest chips to take the Button this turn, and the cards of the stash to play.

    Cost: each poker card played as an upcard bets 1 chip, "If you have no chips, you may
    play poker cards for free"; role cards are free ("Role cards are FREE!"). With no role
    card in the stash the answer is the smallest winning subset of the stash poker cards
    (adding cards never weakens the best five, and min(k, chips) grows with k); with role
    cards it is an exact search over every order of plays, where opponents answer each
    role as badly for the player as they can (any role they can stop may be stopped, and
    the player may answer a stop with a stop of their own). ``chips`` is that worst case;
    ``chips_if_unstopped`` the cost when nobody stops anything. The oracle knows the decks'
    order, so a role that draws cards draws the known ones. A search that meets ``budget``
    answers with the cheapest line proved by then (``exact: false`` unless nothing can be
    cheaper) and ``bound_reached``.

    Outside the player's own action step the question is asked as if that step began now
    with the stash as it is (``hypothetical``: no draw is made)."""
    me = state.players[index]
    base = {"player": me.name, "chips_before": me.chips,
            "holder": None if state.button is None else state.players[state.button].name,
            "holder_hand": None if state.button is None else hand_json(state.players[state.button].upcards),
            "hypothetical": False, "exact": True, "bound_reached": None}
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
    solver, free = ClaimSolver(start, index, budget), None
    try:
        if not start.players[index].stash_roles and start.phase != "respond":
            worst = free = _poker_only_claim(start, index, solver.finisher)
        else:
            free = solver.line(stops=False)
            worst = None if free is None else solver.line(stops=True, low=free[1])
    except SearchStopped as stopped:
        return _unknown_draws(start, index, base | _stopped_answer(solver, free, stopped.bound))
    return _unknown_draws(start, index, base | _answer(state, index, worst, free))


def _unknown_draws(state: State, index: int, answer: dict[str, Any]) -> dict[str, Any]:
    """At a table whose decks' order is unknown a role that draws poker cards brings cards
    nobody can name in advance: the search leaves it out and says so, and an answer that
    such a draw might make cheaper is no longer exact."""
    roles = [] if state.deck_order != "unknown" else list(dict.fromkeys(
        name for name in state.players[index].stash_roles if state.role_table.get(name).effect == "draw-poker"))
    answer["unknown_draws"] = roles
    if roles and answer.get("chips") != 0:
        answer["exact"] = False
        answer["reason"] += (f" ({join(roles)} left out: {'its' if len(roles) == 1 else 'their'} draw is unknown "
                             "until the table names it, so a draw might make the claim cheaper)")
    return answer


def _answer(state: State, index: int, worst, free) -> dict[str, Any]:
    me = state.players[index]
    if worst is None:
        whole = me.upcards + me.stash
        what = "the stash's roles and poker cards" if me.stash_roles else "the whole stash"
        reason = (f"even with {what}, {hand_words(whole)} cannot be made to beat "
                  f"{hand_words(state.players[state.button].upcards)}")
        if free is not None:
            reason = (f"only if nobody stops a role (for {_chips(free[0])}); against every stop the "
                      "Button cannot be taken this turn")
        return {"possible": False, "chips": None, "chips_if_unstopped": None if free is None else free[0],
                "cards": [], "roles": [], "plan": [] if free is None else free[3], "hand": None,
                "reason": reason}
    return _line_answer(state, index, worst) | {"possible": True, "chips_if_unstopped": free[0]}


def _chips(count: int) -> str:
    return "no chips" if count == 0 else plural(count, "chip")


def _line_answer(state: State, index: int, line) -> dict[str, Any]:
    me = state.players[index]
    chips, _, _, plan, final = line
    actions = [Action.parse(text) for text in plan]
    mine = [a for a in actions if a.player is not None and a.player.lower() == me.name.lower()]
    moves = "; ".join(text for text in plan if not text.endswith("claims the Button"))
    claim = (f"{me.name} claims the Button with {hand_words(final)}" if state.button is not None
             else f"{me.name} claims the unclaimed Button")
    return {"chips": chips, "cards": [str(a.card) for a in mine if a.kind == "play-card"],
            "roles": [a.role for a in mine if a.kind in ("play-role", "stop")], "plan": plan,
            "hand": hand_json(final), "reason": f"{moves}, for {_chips(chips)}; then {claim}" if moves else f"nothing to play or pay; {claim}"}


def _stopped_answer(solver: ClaimSolver, free, bound: str) -> dict[str, Any]:
    """The answer when the search met its bound: the cheapest line proved by then (or the
    poker-only line, which no stop can touch), a true upper bound. It is exact when it
    costs what the unstopped search found (stops only make a claim dearer), or nothing, or
    when no role of the stash can take part (then the poker line is the answer)."""
    start, index = solver.start, solver.index
    solver.finisher.budget = solver.search.budget = None  # the answer reads what is proved
    if not solver.kinds and start.phase == "action":  # no role can help: the poker line is the answer
        poker = _poker_only_claim(start, index, solver.finisher)
        return _answer(start, index, poker, poker) | {"bound_reached": bound}
    seconds = None if solver.budget is None else solver.budget.seconds
    why = (f"the search met its time limit of {seconds:g} s" if bound == "time_limit"
           else f"the search met its limit of {MEMO_LIMIT:,} positions") + " before proving the cheapest line"
    proved = solver.proved(stops=True)
    line = None if proved is None else solver.line(stops=True, bound=proved)
    if start.phase == "action":
        poker = _poker_only_claim(start, index, solver.finisher)
        if poker is not None and (line is None or poker[:2] <= line[:2]):
            line = poker
    if line is None:
        return {"possible": None, "chips": None, "chips_if_unstopped": None if free is None else free[0],
                "cards": [], "roles": [], "plan": [], "hand": None, "exact": False, "bound_reached": bound,
                "reason": f"unknown: {why}, and the poker cards alone cannot take the Button"}
    answer = _line_answer(start, index, line)
    exact = line[0] == 0 or (free is not None and line[0] == free[0])
    unstopped = free[0] if free is not None else 0 if line[0] == 0 else None
    if exact:
        answer["reason"] += f" (exact: nothing can be cheaper; {why})"
    else:
        low = f", at least {free[0]}" if free is not None else ""
        answer["reason"] = f"at most {plural(line[0], 'chip')}{low}: {why}; {answer['reason']}"
    return answer | {"possible": True, "chips_if_unstopped": unstopped, "exact": exact, "bound_reached": bound}


def _kind(role) -> tuple[str, int]:
    """Roles that act alike are one choice: the effect, and the count for a draw."""
    return role.effect, role.n if role.effect == "draw-poker" else 0


def _codes(cards) -> frozenset[int]:
    return frozenset(c.code for c in cards)


def _cost(cards: int | None, chips: int) -> tuple | None:
    return None if cards is None else (min(cards, chips), cards)


def _most_cards(bound: tuple, chips: int) -> int:
    """The most poker cards whose cost is at or under ``bound`` (-1: none)."""
    return max((k for k in range(MOST_CARDS + 1) if (min(k, chips), k) <= bound), default=-1)


def _after(s: State, action: Action) -> State:
    nxt = s.copy()
    nxt.do(action)
    return nxt


def _poker_only_claim(state: State, index: int, finisher: Finisher):
    """Smallest winning subset of the stash's poker cards; among equal sizes the strongest
    hand, then stash order. Returns (chips, cards, -strength, plan, final upcards) or None.

    A smallest winning subset has at most 5 cards: if upcards U plus stash cards S win, the
    best five B of U + S lies in U + (S & B), which ranks the same; so sizes stop at 5."""
    me = state.players[index]
    holder = None if state.button is None else _codes(state.players[state.button].upcards)
    found = finisher.best(me.upcards, me.stash, holder)
    if found is None:
        return None
    chosen, value = found
    plan = [f"{me.name} plays {c}" for c in chosen] + [f"{me.name} claims the Button"]
    return min(len(chosen), me.chips), len(chosen), -value, plan, me.upcards + list(chosen)
