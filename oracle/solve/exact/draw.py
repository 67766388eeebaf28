"""The best draw in five-card draw with deuces wild (Diablo's best swap): for five cards,
every legal discard with its exact odds. Plain inputs only: cards, the opponents' known cards
and how many more each is dealt, the dead cards; no game state.

For each choice (stand pat, throw one, throw two; three and four under the bigger draw) the
draw is enumerated over every set of replacement cards from the unseen deck, so the chance
of each final kind of hand is exact. Against opponents:

* hands fully known (taken as their final showdown hands): exact, by the same enumeration;
* cards not known, dealt from the same unseen deck: exact when the count of deals is at
  most ``exact_limit`` and the estimated time fits (at most EXACT_SECONDS and most of the
  budget left), otherwise a seeded Monte Carlo that states its sample size and a 95 %
  confidence interval for each figure. Exact is a count for one such opponent
  (``draw_counting``; from tables of the whole deck, ``draw_deck``, for one opponent dealt
  five cards from the full deck once the process has them), for two a count of pairs of
  hands when both are dealt five unknown cards (``draw_pairs``) or a compiled enumeration
  (``draw_two``), whichever is estimated quicker, else the walk below;
* an opponent who draws by a strategy (``draws``): exact for one such opponent dealt five
  unknown cards (``draw_drawer``) when the estimate fits as above, else sampled
  (``draw_opponents``).

A ``Budget`` bounds the whole: the enumerations check it as they go and the Monte Carlo
samples every choice in rounds; when it runs out the answer keeps what is finished and says
``exact: false, bound: "time_limit"``.

Choices that are the same up to a swap of suits (the suits of every known card kept in
place) have identical outcome distributions and are computed once; after computing, all
choices whose whole distribution of final hands and results agree are grouped as equivalent.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any, Sequence

from oracle.budget import Budget
from oracle.cards import SUITS, Card, Rank, format_cards, full_deck
from oracle.eval import DIABLO, strength_of_codes
from oracle.solve.exact.draw_counting import count_against_one, counting_seconds, counts_apply
from oracle.solve.exact.draw_deck import count_with_tables, table_seconds, tables_apply, tables_built
from oracle.solve.exact.draw_pairs import count_against_two_unknown, pairs_apply, pairs_seconds, prepare as pairs_prepare
from oracle.solve.exact.draw_two import count_against_two, enumerates, enumeration_seconds
from oracle.solve.exact.draw_drawer import count_against_drawer, drawer_applies, drawer_deals, drawer_seconds
from oracle.solve.exact.draw_rows import _rows

# The exact answer against unknown opponent cards is used when the deals it covers are at
# most ``exact_limit`` and the estimated time (calibrated on the benchmark machine) is at
# most EXACT_SECONDS; otherwise a seeded Monte Carlo. The counts do not walk the deals, so
# the limit's default covers every position of a full deck (two unknown hands after a
# three-card draw are about 10**16 deals); a smaller one asks for sampling.
EXACT_LIMIT = 10**17
EXACT_SECONDS = 8.0
DEFAULT_SAMPLES = 20_000
# The most a question may ask for: past these a request is a typo (the time budget bounds
# the work anyway).
MAX_SAMPLES = 1_000_000
MAX_EXACT_LIMIT = EXACT_LIMIT
# The time a best-swap question may take unless it says otherwise: the exact enumeration
# (at most EXACT_SECONDS by its estimate) fits with room to spare.
DEFAULT_SECONDS = 10.0
# Monte Carlo deals drawn for one choice before the next choice's turn (and a budget check).
SAMPLE_BATCH = 100
# Enumerations check the budget every POLL steps.
POLL = 1024


@dataclass(frozen=True, kw_only=True)
class Opponent:
    """An opponent's known cards (possibly none) and how many more are dealt from the deck."""

    name: str
    known: tuple[Card, ...]
    unknown: int = 0
    draws: bool = False  # dealt five unknown cards, then draws by the strategy (draw_opponents)
    drew: int | None = None  # the cards the table saw it draw, if known


@dataclass(kw_only=True)
class ChoiceResult:
    discard: tuple[Card, ...]
    outcomes: int = 0
    strengths: Counter = field(default_factory=Counter)
    deals: int = 0  # draw outcomes times opponent deals (the denominator of win/tie/lose)
    win: int = 0
    tie: int = 0
    lose: int = 0
    equity: Fraction = Fraction(0)
    sampled: bool = False
    equity_sq: float = 0.0  # Monte Carlo: sum of squared per-deal equities
    # deals tied at the top, by how many others share it (the pot splits 1 + that many ways)
    ties: Counter = field(default_factory=Counter)
    rng: random.Random | None = None  # Monte Carlo: this choice's own seeded generator

    def finish(self) -> None:
        """Totals from the win and tie counts: equity counts a win 1 and a tie 1/(1+others)."""
        self.tie = sum(self.ties.values())
        self.equity = Fraction(self.win) + sum((Fraction(c, m + 1) for m, c in self.ties.items()), Fraction(0))
        self.equity_sq = float(self.win + sum((Fraction(c, (m + 1) ** 2) for m, c in self.ties.items()), Fraction(0)))
        self.deals = self.win + self.tie + self.lose

    def key(self) -> tuple:
        return (tuple(sorted(self.strengths.items())), self.deals, self.win, self.lose,
                tuple(sorted(self.ties.items())))


class _OutOfTime(Exception):
    """The budget ran out inside an enumeration (caught by the loop over the choices)."""


def _poll(budget: Budget, step: int = 0) -> None:
    if step % POLL == 0 and budget.expired():
        raise _OutOfTime


def discard_choices(hand: Sequence[Card], bigger_draw: bool = False) -> list[tuple[Card, ...]]:
    """Every legal discard: "0, 1 or 2"; under the bigger draw also three, or four when the
    one card kept is an Ace (a natural Ace: a wild 2 is not an Ace)."""
    choices: list[tuple[Card, ...]] = [()]
    top = 3 if bigger_draw else 2
    for k in range(1, top + 1):
        choices += list(combinations(hand, k))
    if bigger_draw:
        for sub in combinations(hand, 4):
            kept = [c for c in hand if c not in sub]
            if kept[0].rank is Rank.ACE:
                choices.append(sub)
    return choices


def _suit_symmetries(fixed_sets: Sequence[frozenset[Card]]) -> list[dict]:
    """Suit permutations that map each given set of cards onto itself."""
    found = []
    for perm in permutations(SUITS):
        mapping = dict(zip(SUITS, perm))
        if all(frozenset(Card(c.rank, mapping[c.suit]) for c in s) == s for s in fixed_sets):
            found.append(mapping)
    return found


def _mapped(cards: Sequence[Card], mapping: dict) -> tuple[Card, ...]:
    return tuple(sorted((Card(c.rank, mapping[c.suit]) for c in cards), key=lambda c: c.code))


def _canon(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.code))


def _opponent_strengths_known(opponents: Sequence[Opponent]) -> list[int]:
    return [strength_of_codes([c.code for c in o.known], DIABLO) for o in opponents]


def _tally(result: "ChoiceResult", mine: int, others: Sequence[int], count: int = 1) -> None:
    """Count one deal (or ``count`` equal deals): a win, a loss, or a tie with the others
    holding the best hand (ties share the pot equally)."""
    best = max(others)
    if mine > best:
        result.win += count
    elif mine < best:
        result.lose += count
    else:
        result.ties[sum(1 for s in others if s == best)] += count


def _count_deals(pool: int, draw: int, unknowns: Sequence[int]) -> int:
    total = math.comb(pool, draw)
    left = pool - draw
    for u in unknowns:
        total *= math.comb(left, u)
        left -= u
    return total


def _estimate_seconds(pool: int, draws: Sequence[int], unknowns: Sequence[int]) -> float:
    """Rough time of the exact enumeration (see ``_exact_deals``) on the benchmark machine:
    each opponent's completions ranked once, every hand of the opponents but the last walked
    in Python, and the last opponent's completions compared in numpy."""
    table = sum(math.comb(pool, u) for u in unknowns)
    prefixes = vector = 0
    for k in draws:
        walked = math.comb(pool, k)
        left = pool - k
        for u in unknowns[:-1]:
            walked *= math.comb(left, u)
            left -= u
        prefixes += walked
        vector += walked * math.comb(pool, unknowns[-1])
    return 2.5e-6 * table + 3e-5 * prefixes + 1.2e-8 * vector


def _completion_tables(codes: list[int], opponents: Sequence[Opponent],
                       budget: Budget) -> list[tuple[list[int], list[int]]]:
    """For each opponent, every way to complete their hand from the unseen cards: the bit
    mask of the cards taken (bit i = ``codes[i]``) and the hand's strength."""
    tables = []
    for o in opponents:
        known = tuple(c.code for c in o.known)
        masks, values = [], []
        for step, combo in enumerate(combinations(range(len(codes)), o.unknown)):
            _poll(budget, step)
            masks.append(sum(1 << i for i in combo))
            values.append(strength_of_codes(known + tuple(codes[i] for i in combo), DIABLO))
        tables.append((masks, values))
    return tables


def _exact_deals(result: "ChoiceResult", kept: tuple[int, ...], k: int, codes: list[int],
                 tables: list[tuple[list[int], list[int]]], arrays: tuple, budget: Budget) -> None:
    """Every draw of ``k`` cards and every deal of the opponents' unknown cards from the rest:
    the opponents before the last are walked one by one, the last one's completions are
    compared all at once (numpy)."""
    import numpy as np

    last_masks, last_values = arrays
    bits = {c: 1 << i for i, c in enumerate(codes)}

    def walk(j: int, used: int, mine: int, best: int, equal: int) -> None:
        if j < len(tables) - 1:
            masks, values = tables[j]
            for m, v in zip(masks, values):
                if m & used:
                    continue
                if v > best:
                    walk(j + 1, used | m, mine, v, 1)
                elif v == best:
                    walk(j + 1, used | m, mine, best, equal + 1)
                else:
                    walk(j + 1, used | m, mine, best, equal)
            return
        values = last_values[(last_masks & used) == 0]
        if best < 0:
            top, tied = values, np.ones(len(values), dtype=np.int64)
        else:
            top = np.maximum(values, best)
            tied = (values == top).astype(np.int64) + np.where(top == best, equal, 0)
        result.win += int(np.count_nonzero(top < mine))
        result.lose += int(np.count_nonzero(top > mine))
        at = tied[top == mine]
        if len(at):
            for m, c in enumerate(np.bincount(at)):
                if c:
                    result.ties[m] += int(c)

    for draw in combinations(codes, k):
        _poll(budget)
        walk(0, sum(bits[c] for c in draw), strength_of_codes(kept + draw, DIABLO), -1, 0)


def _kept(hand: Sequence[Card], result: "ChoiceResult") -> tuple[int, ...]:
    return tuple(c.code for c in hand if c not in result.discard)


def _count_draws(results: list["ChoiceResult"], hand: Sequence[Card], codes: list[int],
                 budget: Budget) -> list["ChoiceResult"]:
    """The final hand of every draw of each choice, in order, until the budget runs out:
    the choices counted."""
    counted = []
    for result in results:
        kept = _kept(hand, result)
        try:
            for step, draw in enumerate(combinations(codes, len(result.discard))):
                _poll(budget, step)
                result.strengths[strength_of_codes(kept + draw, DIABLO)] += 1
        except _OutOfTime:
            break
        result.outcomes = sum(result.strengths.values())
        counted.append(result)
    return counted


def _exact_all(results: list["ChoiceResult"], hand: Sequence[Card], codes: list[int],
               walk_order: Sequence[Opponent], budget: Budget) -> list["ChoiceResult"]:
    """Every deal to the opponents for each choice, in order, until the budget runs out:
    the choices finished."""
    import numpy as np

    try:
        tables = _completion_tables(codes, walk_order, budget)
    except _OutOfTime:
        return []
    arrays = (np.array(tables[-1][0], dtype=np.int64), np.array(tables[-1][1], dtype=np.int64))
    finished = []
    for result in results:
        try:
            _exact_deals(result, _kept(hand, result), len(result.discard), codes, tables, arrays, budget)
        except _OutOfTime:
            break
        finished.append(result)
    return finished


def _sample_all(results: list["ChoiceResult"], hand: Sequence[Card], codes: list[int],
                opponents: Sequence[Opponent], samples: int, budget: Budget) -> bool:
    """Monte Carlo: ``samples`` deals for each choice, drawn in rounds of SAMPLE_BATCH a
    choice so that, when the budget runs out, every choice has about as many. Each choice
    draws from its own seeded generator, so the figures do not depend on the rounds. False
    when the budget ran out first."""
    known_codes = [tuple(c.code for c in o.known) for o in opponents]
    unknowns = [o.unknown for o in opponents]
    done = dict.fromkeys(map(id, results), 0)
    for result in results:
        result.sampled = True
    while any(n < samples for n in done.values()):
        for result in results:
            if budget.expired():
                return False
            kept, k = _kept(hand, result), len(result.discard)
            count = min(SAMPLE_BATCH, samples - done[id(result)])
            for _ in range(count):
                cards = result.rng.sample(codes, k + sum(unknowns))
                mine = strength_of_codes(kept + tuple(cards[:k]), DIABLO)
                others = []
                at = k
                for j, u in enumerate(unknowns):
                    others.append(strength_of_codes(known_codes[j] + tuple(cards[at:at + u]), DIABLO))
                    at += u
                _tally(result, mine, others)
            done[id(result)] += count
    return True


def _distinct_choices(hand: tuple[Card, ...], dead: Sequence[Card], opponents: Sequence[Opponent],
                      choices: list[tuple[Card, ...]], seed: int) -> tuple[list["ChoiceResult"], list["ChoiceResult"]]:
    """One result for each choice up to a swap of suits that keeps every known card in place
    (computed once), and for every choice the result it shares."""
    symmetries = _suit_symmetries(
        [frozenset(hand), frozenset(dead)] + [frozenset(o.known) for o in opponents]
    )
    computed: dict[tuple[Card, ...], ChoiceResult] = {}
    distinct, of_choice = [], []
    for index, discard in enumerate(choices):
        twin = next((computed[_mapped(discard, m)] for m in symmetries if _mapped(discard, m) in computed), None)
        if twin is None:
            twin = ChoiceResult(discard=discard, rng=random.Random(seed * 1_000_003 + index))
            computed[_canon(discard)] = twin
            distinct.append(twin)
        of_choice.append(twin)
    return distinct, of_choice


def _evaluate(distinct: list["ChoiceResult"], hand: tuple[Card, ...], unseen: list[Card],
              opponents: Sequence[Opponent], exact: bool, samples: int,
              budget: Budget, method: str | None = None, sampler=None,
              strategy=None) -> tuple[list["ChoiceResult"], bool]:
    """The distinct choices evaluated within the budget, and whether it ran out first.
    ``method`` is the count ``_exact_estimate`` chose, if any; ``sampler`` the Monte Carlo;
    ``strategy`` the one opponents who draw follow."""
    codes = [c.code for c in unseen]
    if exact and method is not None:
        if method == DECK_TABLES:
            done = count_with_tables(distinct, hand, budget.expired)
        elif method == PAIRS:
            done = count_against_two_unknown(distinct, hand, unseen, budget.expired)
        elif method == DRAWER:
            done = count_against_drawer(distinct, hand, unseen, strategy, opponents[0].drew, budget.expired)
        else:
            (only,) = opponents
            done = count_against_one(distinct, hand, unseen, only.known, only.unknown, budget.expired)
        for result in done:
            result.finish()
        return done, len(done) < len(distinct)
    done = _count_draws(distinct, hand, codes, budget)
    stopped = len(done) < len(distinct)
    if not opponents:
        return done, stopped
    if not any(o.unknown for o in opponents):
        others = _opponent_strengths_known(opponents)
        for result in done:
            for mine, count in result.strengths.items():
                _tally(result, mine, others, count)
    elif exact:
        # The opponent with the most unknown cards goes last: its deals are compared in numpy
        # (or enumerated by draw_two, for two opponents).
        walk_order = sorted(opponents, key=lambda o: o.unknown)
        if len(opponents) == 2 and enumerates(len(unseen), [o.unknown for o in walk_order]):
            finished = count_against_two(done, hand, unseen, walk_order, budget.expired)
        else:
            finished = _exact_all(done, hand, codes, walk_order, budget)
        stopped = stopped or len(finished) < len(done)
        done = finished
    else:
        stopped = not (sampler or _sample_all)(done, hand, codes, opponents, samples, budget) or stopped
    for result in done:
        result.finish()
    # A choice the budget left without a single deal sampled has no figures to show.
    return [r for r in done if r.deals], stopped


# The counts ``_exact_estimate`` may choose, which answer every choice at once.
DECK_TABLES, PAIRS, COUNTING, DRAWER = "deck tables", "pairs", "counting", "drawer"


def _exact_estimate(pool: int, draw_sizes: list[int], opponents: Sequence[Opponent], dead: Sequence[Card],
                    deck_tables: bool | None, strategy=None) -> tuple[float, str | None]:
    """The exact answer's estimated time by the method that would give it, and that method
    when it is one of the counts (DECK_TABLES, PAIRS, COUNTING, DRAWER; None: the enumerations)."""
    if any(o.draws for o in opponents):  # opponents who draw: counted for one, else sampled
        if drawer_applies(opponents, draw_sizes, strategy):
            return drawer_seconds(pool, opponents[0].drew), DRAWER
    unknowns = [o.unknown for o in opponents]
    walk_order = sorted(unknowns)
    if bool(deck_tables or (deck_tables is None and tables_built())) and tables_apply(opponents, dead, draw_sizes):
        return table_seconds(draw_sizes), DECK_TABLES
    if counts_apply(opponents, draw_sizes):
        return counting_seconds(pool, opponents[0].unknown, draw_sizes), COUNTING
    if len(opponents) == 2 and any(unknowns):
        # counted by pairs of hands or dealt one by one (draw_two): the quicker by estimate
        estimates = []
        if pairs_apply(opponents, draw_sizes, pool):
            estimates.append((pairs_seconds(pool, draw_sizes), PAIRS))
        if enumerates(pool, walk_order):
            estimates.append((enumeration_seconds(pool, draw_sizes, walk_order), None))
        if estimates:
            return min(estimates, key=lambda e: e[0])
    if any(unknowns):
        return _estimate_seconds(pool, draw_sizes, walk_order), None
    return 0.0, None


def _exact_allowance(budget: Budget, exact_seconds: float = EXACT_SECONDS) -> float:
    """How long the exact enumeration may be estimated to take: ``exact_seconds``, and at
    most most of the question's time limit (the estimate is rough). The limit, not the time
    left of it: whether a question is counted or sampled is decided by the question alone, so
    it is answered the same way on a fast machine and a slow one."""
    limit = budget.seconds
    return exact_seconds if limit is None else min(exact_seconds, 0.8 * limit)


def _bound(stopped: bool, within_limit: bool, within_time: bool) -> str | None:
    """The bound that kept the answer from being exact and whole: the time budget (it ran
    out, or the enumeration's estimate did not fit it), ``exact_limit``, or none."""
    if stopped:
        return "time_limit"
    if not within_limit:
        return "exact_limit"
    return None if within_time else "time_limit"


def best_swap(
    hand: Sequence[Card],
    *,
    opponents: Sequence[Opponent] = (),
    dead: Sequence[Card] = (),
    bigger_draw: bool = False,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
    exact_limit: int = EXACT_LIMIT,
    target: str | None = None,
    budget: Budget | None = None,
    exact_seconds: float = EXACT_SECONDS,
    deck_tables: bool | None = None,
    strategy=None,
) -> dict[str, Any]:
    """Every legal discard of ``hand`` with its odds, grouped, sorted, the best marked.

    ``dead`` are cards known to be out of the deck (other players' known cards, discards).
    ``target`` (a category slug) sorts by the chance to finish with at least that hand when
    no opponent is given; otherwise the order is the expected kind of hand. ``budget``
    bounds the time: when it runs out, the choices not evaluated are listed under
    ``unevaluated`` (a Monte Carlo stops short of ``samples`` instead) and the answer says
    ``exact: false, bound: "time_limit"``. ``exact_seconds`` is the longest the exact
    enumeration may be estimated to take (``math.inf`` with a large ``exact_limit``: always
    exact, however long, as the strategy charts ask). ``deck_tables`` chooses the count from
    tables of the whole deck against one opponent dealt five cards from the full deck (built
    once per process, seconds): True builds them if need be, None uses them when this process
    has them, False never does. Opponents that ``draws`` draw by ``strategy``: counted for one
    such opponent when it fits as above (``draw_drawer``), else sampled."""
    hand = tuple(hand)
    budget = budget if budget is not None else Budget()
    seen = set(hand) | set(dead) | {c for o in opponents for c in o.known}
    unseen = [c for c in full_deck() if c not in seen]
    choices = discard_choices(hand, bigger_draw)
    unknowns = [o.unknown for o in opponents]
    work = sum(_count_deals(len(unseen), len(d), unknowns) for d in choices) if any(unknowns) else 0
    seconds, method = _exact_estimate(len(unseen), [len(d) for d in choices], opponents, dead, deck_tables, strategy)
    if method == DRAWER:  # the opponent's draw is dealt too
        work = drawer_deals(len(unseen), [len(d) for d in choices], opponents[0].drew)
    within_limit = work <= exact_limit
    within_time = seconds <= _exact_allowance(budget, exact_seconds)
    sampler = None
    if any(o.draws for o in opponents):  # opponents who draw: counted for one (DRAWER), else sampled
        from oracle.solve.exact.draw_opponents import drawing_sampler
        sampler = drawing_sampler(strategy, seed)
    exact = within_limit and within_time and (sampler is None or method == DRAWER)
    distinct, of_choice = _distinct_choices(hand, dead, opponents, choices, seed)
    done, stopped = _evaluate(distinct, hand, unseen, opponents, exact, samples, budget, method, sampler, strategy)
    if within_limit and not within_time and method == PAIRS:
        # sampled this time, maybe only because the pair count is not compiled yet: compile it
        # now if the time left allows, so that the next question is counted exactly
        pairs_prepare(budget)
    finished = {id(r) for r in done}
    results = [_as_choice(twin, d) for d, twin in zip(choices, of_choice) if id(twin) in finished]
    rows = _rows(results, hand, bool(opponents), target)
    answer: dict[str, Any] = {
        "hand": format_cards(hand),
        "unseen": len(unseen),
        "choices_total": len(choices),
        "groups": len(rows),
        "method": "exact" if exact else "monte-carlo",
        "exact": exact and not stopped,
        "bound": _bound(stopped, within_limit, within_time),
        "unevaluated": [format_cards(d) for d, twin in zip(choices, of_choice) if id(twin) not in finished],
        "sort_by": ("equity" if opponents else f"at_least_{target}" if target else "expected_category"),
        "opponents": [{"name": o.name, "known": format_cards(o.known), "unknown_cards": o.unknown,
                       "draws": o.draws, "drew": o.drew} for o in opponents],
        "choices": rows,
        "best": rows[0] if rows else None,
    }
    # Every deal behind the figures: each choice's draws, times its opponents' deals if any.
    answer["deals"] = sum(r.deals if opponents else r.outcomes for r in results)
    if any(unknowns):
        answer["deals_to_enumerate"] = work
        answer["estimated_exact_seconds"] = round(seconds, 3)
        if not exact:
            answer.update(samples=samples, seed=seed, confidence=0.95,
                          samples_done=min((r.deals for r in done), default=0))
    return answer


def _as_choice(source: ChoiceResult, discard: tuple[Card, ...]) -> ChoiceResult:
    return ChoiceResult(**{**source.__dict__, "discard": discard})
