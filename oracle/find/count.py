"""``oracle find --count all``: how many fillings of a search file's holes pass, counted exactly.

A filling passes when the search would accept it: every ``where:`` constraint holds and every
expectation the engines check. The ``?`` of one hand are one set of cards (the same hand in
another order is not counted again); every other hole counts on its own.

Three ways, the first that applies:

- **suit classes**: the holes are the ``?`` of one hand, from a deck the document leaves whole,
  and every condition reads them as a hand (``conditions``): hands alike but for the names of
  their suits pass alike, so one hand of each class is tested (``classes``) and counted with
  its class's size. 134,459 classes stand for the 2,598,960 five-card hands.
- **enumeration**: every filling, up to ``ENUMERATED`` of them, tested at once by numpy; each
  group's own conditions first, so two hands of five of a kind are 672 x 672 fillings, not
  C(52, 5) squared. A document numpy cannot judge (a question it does not answer, a position
  to load) is checked by the engines, filling by filling, for those that pass the rest.
- **solver**: Z3 proposes every filling the constraints allow, each blocked once proposed
  (the ``?`` of one hand in increasing order, so a hand comes once), and the engines check it.

Whichever counted, a few of the fillings counted are checked by the engines as a witness is,
and the first is given as an example; should one fail, the count is made again with the
engines checking every filling.
"""

from __future__ import annotations

import random
from math import prod
from typing import Any, Callable

from oracle.budget import Budget
from oracle.errors import Problem, ScenarioError
from oracle.find.conditions import Conditions, Group, conditions, document_holes, hole_groups, test_all
from oracle.find.holes import SearchFile, anonymous_keys, fill, read_search
from oracle.find.model import OutOfTime, SearchModel, build_model, contradiction, document_ruleset
from oracle.find.search import (FOUND, NONE, UNKNOWN, SearchResult, Witness, field_of, verify, verify_documents,
                                witness_text)
from oracle.find.vector import JOKER, Fillings, index_card

ENUMERATED = 3_000_000  # the most fillings numpy holds at once
CLASS_CARDS = 7  # suit classes for hands of at most this many cards
SPOT_CHECKS = 12  # fillings counted that the engines check again

SUIT_CLASSES, ENUMERATION, SOLVER = "suit classes", "enumeration", "solver"


class _Recount(Exception):
    """A filling counted failed the engines' check: count again with the engines on every one."""


def count_search(path: str, *, time_limit: float | None = 60.0, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None) -> SearchResult:
    """Count every filling of the search file's holes that passes, within ``time_limit``.
    ``complete`` is false when the limit came first (``count`` is then a lower bound)."""
    budget = Budget(time_limit)
    search = read_search(path)
    result = SearchResult(str(path), UNKNOWN, "", count=0, time_limit=time_limit, holes=len(search.holes),
                          fields={k: field_of(h) for k, h in search.holes.items()})
    result.counting = True
    try:
        model = build_model(search, budget)
        if model.answer_constraints:
            first = model.answer_constraints[0]
            raise ScenarioError([Problem(first.path, "answer(...) relates the questions' answers, which only the "
                                                     "engines give filling by filling: search for fillings "
                                                     "(--count N), not --count all", path, first.line)])
        model.solver.set("timeout", max(1, int(1000 * budget.left(3600))))
        clash = contradiction(model)
        if clash:
            raise ScenarioError(clash)
        _count(search, model, result, budget, seed, progress)
    except OutOfTime as stop:
        result.complete = False
        result.method = (f"{result.method}; stopped by the time limit ({stop.done})" if result.method
                         else f"stopped by the time limit before the counting began ({stop.done})")
    result.outcome = FOUND if result.count else (NONE if result.complete else UNKNOWN)
    result.elapsed = budget.elapsed()
    return result


def _count(search: SearchFile, model: SearchModel, result: SearchResult, budget: Budget, seed: int,
           progress: Callable[[int, int], None] | None) -> None:
    keys = anonymous_keys(search)
    groups = hole_groups(search, keys)
    found = conditions(search, model, keys)
    hands = [g for g in groups if g.kind == "hand"]
    result.unit = "hands" if len(groups) == 1 and hands else "fillings"
    failure = verify_documents([(fill(search, d, {}, keys), d.lines) for d in found.constant], budget)
    if failure is not None:
        result.counted_by = ENUMERATION
        result.method = f"{ENUMERATION}: {failure.where} fails whatever the holes hold ({failure.why})"
        return
    direct = _Direct(search, keys, groups, found, budget, result, progress)
    try:
        if direct.by_classes() or direct.by_enumeration():
            direct.spot_check(seed)
            return
    except _Recount:
        direct.counted = []
        direct.found.engine = [d for d in search.documents if document_holes(search, keys, d)]
        if direct.by_enumeration():
            return
    _by_solver(search, model, keys, hands, result, budget, progress)


class _Direct:
    """Counting by numpy: suit classes or enumeration."""

    def __init__(self, search: SearchFile, keys: dict, groups: list[Group], found: Conditions, budget: Budget,
                 result: SearchResult, progress):
        self.search, self.keys, self.groups, self.found = search, keys, groups, found
        self.budget, self.result, self.progress = budget, result, progress
        self.counted: list[dict[str, Any]] = []  # some fillings counted, for the engines to check

    def _deck(self, group: Group) -> list[int]:
        """The cards a group's holes may hold: the deck (with the Joker where a document's has
        one) less the cards its documents give."""
        docs = [d for d in self.search.documents if d.number in group.documents]
        jokers = max((document_ruleset(d).jokers for d in docs), default=0)
        fixed = {c for d in docs for c in d.fixed_cards}
        cards = [i for i in range(52 + (1 if jokers else 0)) if index_card(i) not in fixed]
        return cards

    def by_classes(self) -> bool:
        """Suit classes, when the holes are one hand from a whole deck, judged by numpy alone."""
        import numpy as np

        from oracle.find.classes import suit_classes

        if len(self.groups) != 1 or self.groups[0].kind != "hand" or self.found.engine:
            return False
        group = self.groups[0]
        doc = next(d for d in self.search.documents if d.number == group.documents[0])
        deck = self._deck(group)
        k = len(group.keys)
        if doc.fixed_cards or k > CLASS_CARDS or len(deck) < 52:
            return False
        total = classes = 0
        with_joker = [0] if len(deck) == 52 else [0, 1]
        for jokers in with_joker:
            for cards, sizes in suit_classes(k - jokers) if k - jokers >= 0 else ():
                if self.budget.expired():
                    raise OutOfTime(f"{classes:,} classes tested")
                if jokers:
                    cards = np.column_stack([cards, np.full(len(cards), JOKER, dtype=np.int16)])
                fillings = Fillings(len(cards), {key: cards[:, i] for i, key in enumerate(group.keys)})
                holds = test_all(self.found.tests, fillings, self.keys)
                total += int(sizes[holds].sum())
                classes += len(cards)
                self._keep(fillings, holds)
        self.result.count, self.result.counted_by = total, SUIT_CLASSES
        space = sum(_choose(52, k - j) for j in with_joker)
        self.result.method = (f"{SUIT_CLASSES}: one hand of each of the {classes:,} classes of {k}-card hands alike "
                              f"but for the names of their suits ({space:,} hands), each ranked by the evaluator "
                              f"and counted with its class's size")
        return True

    def _options(self, group: Group):
        """Each group's options as an array, one row an option; None when there are too many."""
        import numpy as np

        from oracle.find.classes import combinations

        if group.kind == "number":
            hole = self.search.holes[group.keys[0]]
            low, high, step = hole.bounds or (0, None, 1)
            if high is None or (high - low) // step + 1 > ENUMERATED:
                return None
            return np.arange(low, high + 1, step, dtype=np.int64)[:, None]
        deck = np.array(self._deck(group), dtype=np.int16)
        if _choose(len(deck), len(group.keys)) > ENUMERATED:
            return None
        return deck[combinations(len(deck), len(group.keys))]

    def _fillings(self, parts: list[tuple[Group, Any]]) -> Fillings:
        size = len(parts[0][1]) if parts else 1
        out = Fillings(size)
        for group, rows in parts:
            for i, key in enumerate(group.keys):
                (out.numbers if group.kind == "number" else out.cards)[key] = rows[:, i]
        return out

    def by_enumeration(self) -> bool:
        """Every filling, each group's own tests first, the rest on the product of the groups."""
        options = []
        for group in self.groups:
            rows = self._options(group)
            if rows is None:
                return False
            holds = test_all(self.found.tests, self._fillings([(group, rows)]), self.keys, frozenset(group.keys))
            options.append(rows[holds])
        space = prod(len(rows) for rows in options)
        if space > ENUMERATED:
            return False
        fillings = self._product(options)
        fillings = _rows(fillings, self._distinct(fillings))
        holds = test_all(self.found.tests, fillings, self.keys)
        self.result.counted_by, unit = ENUMERATION, self.result.unit
        if self.found.engine:
            self._by_engines(fillings, holds)
        else:
            self.result.count = int(holds.sum())
            self._keep(fillings, holds)
            self.result.method = (f"{ENUMERATION}: every one of the {space:,} {unit} the constraints on each group "
                                  f"of holes leave, tested at once by the evaluator")
        return True

    def _product(self, options: list) -> Fillings:
        import numpy as np

        if not options:
            return Fillings(1)
        grids = np.meshgrid(*[np.arange(len(rows)) for rows in options], indexing="ij")
        return self._fillings([(group, rows[grid.ravel()]) for group, rows, grid in zip(self.groups, options, grids)])

    def _distinct(self, fillings: Fillings):
        """No card twice in a document, across groups (each group's cards differ already)."""
        import numpy as np

        holds = np.ones(fillings.size, dtype=bool)
        for doc in self.search.documents:
            held = [k for k in doc.card_holes if k in fillings.cards]
            for i, first in enumerate(held):
                for second in held[i + 1:]:
                    holds &= fillings.cards[first] != fillings.cards[second]
        return holds

    def _by_engines(self, fillings: Fillings, holds) -> None:
        """The fillings numpy passed, each checked by the engines on the documents it cannot judge."""
        import numpy as np

        rows = np.flatnonzero(holds)
        self.result.count = 0
        self.result.method = (f"{ENUMERATION}: of every filling, the {len(rows):,} the constraints allow, each checked "
                              f"by the engines")
        for done, row in enumerate(rows.tolist()):
            self.result.candidates = done
            if self.budget.expired():
                self._example()
                raise OutOfTime(f"after {done:,} checked")
            values = _values(fillings, row)
            filled = {k: (v if isinstance(v, int) else str(v)) for k, v in values.items()}
            docs = [(fill(self.search, d, filled, self.keys), d.lines) for d in self.found.engine]
            try:
                failure = verify_documents(docs, self.budget)
            except OutOfTime:
                self._example()
                raise OutOfTime(f"after {done:,} checked") from None
            if failure is None:
                self.result.count += 1
                if len(self.counted) < SPOT_CHECKS:
                    self.counted.append(values)
            if self.progress is not None and done % 200 == 0:
                self.progress(done, None)
        self.result.candidates = len(rows)
        self._example()

    def _keep(self, fillings: Fillings, holds) -> None:
        import numpy as np

        for row in np.flatnonzero(holds)[: max(0, SPOT_CHECKS - len(self.counted))].tolist():
            self.counted.append(_values(fillings, row))

    def spot_check(self, seed: int) -> None:
        """Some fillings counted by numpy alone, checked by the engines as a witness is."""
        random.Random(seed).shuffle(self.counted)
        for values in self.counted:
            text = witness_text(self.search, values, self.keys)
            if verify(text, self.search.file, self.budget) is not None:
                raise _Recount()
        self._example()

    def _example(self) -> None:
        if self.counted:
            self.result.witnesses = [Witness(self.counted[0], witness_text(self.search, self.counted[0], self.keys))]


def _rows(fillings: Fillings, keep) -> Fillings:
    """The fillings ``keep`` (an array of booleans) keeps."""
    return Fillings(int(keep.sum()), {k: v[keep] for k, v in fillings.cards.items()},
                    {k: v[keep] for k, v in fillings.numbers.items()})


def _values(fillings: Fillings, row: int) -> dict[str, Any]:
    values: dict[str, Any] = {k: index_card(int(v[row])) for k, v in fillings.cards.items()}
    values |= {k: int(v[row]) for k, v in fillings.numbers.items()}
    return values


def _choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


def _by_solver(search: SearchFile, model: SearchModel, keys: dict, hands: list[Group], result: SearchResult,
               budget: Budget, progress) -> None:
    """Z3 proposes every filling the constraints allow; the engines check each."""
    import z3

    from oracle.find.model import blocking, model_values
    from oracle.find.search import exact_miss

    solver = model.solver
    model.state_later(budget)  # every filling is proposed: what prunes them pays from the start
    for group in hands:  # a hand's cards in increasing order: each hand once
        terms = [model.cards[k] for k in group.keys]
        solver.add(*[a.index < b.index for a, b in zip(terms, terms[1:])])
    literals = model.literals("domain", "where", "expect")
    result.counted_by = SOLVER
    result.method = f"{SOLVER}: every filling Z3 proposes checked by the engines"
    while True:
        if budget.expired():
            raise OutOfTime(f"{result.candidates:,} candidates checked")
        solver.set("timeout", max(1, int(1000 * budget.left(3600))))
        status = solver.check(*literals)
        if status == z3.unknown:
            raise OutOfTime(f"{result.candidates:,} candidates checked")
        if status == z3.unsat:
            break
        values = model_values(model, solver.model())
        result.candidates += 1
        solver.add(blocking(model, values))
        if progress is not None:
            progress(result.candidates, None)
        if exact_miss(model, values, keys) is not None:
            continue
        filled = {k: (v if isinstance(v, int) else str(v)) for k, v in values.items()}
        if verify_documents([(fill(search, d, filled, keys), d.lines) for d in search.documents], budget) is None:
            result.count += 1
            if not result.witnesses:
                result.witnesses = [Witness(values, witness_text(search, values, keys))]
    result.method = (f"{SOLVER}: every filling Z3 proposes under the constraints, each blocked once proposed, checked "
                     f"by the engines ({result.candidates:,} candidates)")
