"""A search file as a Z3 model: a variable for each hole, the card domain (the deck, no card
twice in a document), the ``where:`` constraints, and the expectations the rulebook's
encodings can state natively (the category a ``rank`` question must answer).

Every constraint is guarded by a literal, so that Z3 can name the ones that contradict each
other (its unsat core). Building the model reports every bad constraint at once, each at its
line, and so does the check that the constraints do not contradict themselves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from oracle.budget import Budget
from oracle.errors import OracleError, Problem, ScenarioError
from oracle.eval.rulesets import Ruleset, find_ruleset
from oracle.find.answers import AnswerConstraint, problem_of, question_ids, reads_answers
from oracle.find.hands import Item, card_items, hand_spec, players
from oracle.find.holes import HOLE, Document, SearchFile, anonymous_keys, searched_fields
from oracle.find.language import WhereSyntaxError, holes_in, parse_constraint
from oracle.find.translate import Context, WhereError, where_formula
from oracle.solve.smt import categories as cat
from oracle.solve.smt.selection import Restriction, selection_main, selection_patterns
from oracle.solve.smt.cards import CardTerm, all_different, card_constant, card_variable, in_deck

DOMAIN = "the card domain (each card from the deck, no card twice in a position)"


class OutOfTime(Exception):
    """The time limit came before the model was built: the search ends ``unknown``. ``done``
    says how far the building went."""

    def __init__(self, done: str):
        super().__init__(done)
        self.done = done


@dataclass(frozen=True)
class Guarded:
    """One constraint of the model and what it stands for, for messages."""

    literal: Any
    what: str  # "domain", "where" or "expect"
    document: int
    path: tuple
    text: str
    line: int | None
    tree: Any = None  # a where: constraint's parsed tree
    exact: bool = False  # Z3 holds it only in part: each proposal is checked against it exactly


@dataclass
class SearchModel:
    search: SearchFile
    cards: dict[str, CardTerm]
    numbers: dict[str, Any]
    guarded: list[Guarded] = field(default_factory=list)
    solver: Any = None
    defined: int = 0
    free_suits: list[int] = field(default_factory=list)  # suits renamed alike (``symmetry``)
    naming: Any = None  # the literal guarding the names of strengths (``define``)
    named_in_where: bool = False  # a where: constraint reads a name
    building_where: bool = False
    answer_constraints: list = field(default_factory=list)  # ``answers.AnswerConstraint``: not Z3's
    hands: dict = field(default_factory=dict)  # document -> (``_hand_of``, ``_main_of``), built once
    heads: dict = field(default_factory=dict)  # (document, player, restriction, most) -> a legal hand's head
    boss_heads: dict = field(default_factory=dict)  # (document, most) -> the Boss's cards' head
    later: list = field(default_factory=list)  # expectations stated once a search has gone on a while

    def define(self, term: Any) -> Any:
        """A fresh unknown equal to ``term``: Z3 reasons faster over a hand's strength named
        than over its terms written out. The equalities always hold together; they are
        guarded by one literal (``naming``), which the checks take only when something they
        check reads a name, so that a check of the ``where:`` constraints alone does not
        solve the expectations' strengths too."""
        import z3

        if self.naming is None:
            self.naming = z3.Bool("strength names")
        self.defined += 1
        self.named_in_where |= self.building_where
        name = z3.Const(f"defined#{self.defined}", term.sort())
        self.solver.add(z3.Implies(self.naming, name == term))
        return name

    def state_later(self, budget: Budget | None = None) -> bool:
        """States the expectations left for later (``later``); whether there were any.
        ``OutOfTime`` once the time limit has come."""
        stated = bool(self.later)
        while self.later:
            if budget is not None and budget.expired():
                raise OutOfTime("stating the expectations left for later")
            self.later.pop(0)()
        return stated

    def literals(self, *kinds: str) -> list[Any]:
        found = [g.literal for g in self.guarded if g.what in kinds]
        if self.naming is not None and ("expect" in kinds or self.named_in_where):
            found.append(self.naming)
        return found

    def add(self, what: str, formula: Any, doc: Document | None, path: tuple, text: str, tree: Any = None,
            exact: bool = False) -> None:
        import z3

        literal = z3.Bool(f"{what}#{len(self.guarded)}")
        self.solver.add(z3.Implies(literal, formula))
        number = doc.number if doc is not None else -1
        line = doc.line(path) if doc is not None else None
        self.guarded.append(Guarded(literal, what, number, path, text, line, tree, exact))


def document_ruleset(doc: Document) -> Ruleset:
    """The ranking the document's rules play (Diablo's ``wild_may_copy`` changes it)."""
    rules = doc.game.default_rules() | (doc.data.get("rules") if isinstance(doc.data.get("rules"), dict) else {})
    try:
        return find_ruleset(doc.game.ranking(rules))
    except (OracleError, TypeError, ValueError):
        return find_ruleset(doc.game.ruleset)


def _items(text: Any, doc: Document, path: tuple, model: SearchModel, keys: dict) -> list[CardTerm]:
    """The cards of a card text (or a list of them), as terms: holes and fixed cards, in order."""
    return [_term(item, model) for item in card_items(text, doc, path, keys)]


def _term(item: Item, model: SearchModel) -> CardTerm:
    return model.cards[item] if isinstance(item, str) else card_constant(item)


def _hand_of(doc: Document, model: SearchModel, keys: dict):
    """A player's hand, as the patterns of the best hand it makes: Diablo's five cards, Drawing
    Dead's upcards (their best five), Hell of a Deal's hand with the board under the selection
    rule (1 or 2 cards from the hand)."""
    known: dict[tuple[str, Ruleset], dict[str, Any] | None] = {}

    def hand_of(name: str, ruleset: Ruleset) -> dict[str, Any] | None:
        # A hand's patterns are the costliest terms to build: each player's once a ruleset.
        if (name, ruleset) not in known:
            spec = hand_spec(doc, name, keys)
            if spec is None:
                known[name, ruleset] = None
            elif spec.board is not None:
                board = [_term(item, model) for item in spec.board]
                known[name, ruleset] = selection_patterns([_term(item, model) for item in spec.cards], board, ruleset)
            else:
                known[name, ruleset] = cat.patterns([_term(item, model) for item in spec.cards], ruleset)
        return known[name, ruleset]

    return hand_of


def _hands(model: SearchModel, doc: Document, keys: dict):
    """A document's ``_hand_of`` and ``_main_of``, built once: their terms are the costliest."""
    if doc.number not in model.hands:
        hand_of = _hand_of(doc, model, keys)
        model.hands[doc.number] = hand_of, _main_of(doc, model, keys, hand_of)
    return model.hands[doc.number]


def _main_of(doc: Document, model: SearchModel, keys: dict, hand_of):
    """A Hell of a Deal player's first tie-break under the selection rule
    (``selection.selection_main``), or None: what a comparison of strengths implies beyond
    the categories."""
    known: dict[tuple[str, Ruleset], Any] = {}

    def main_of(name: str, ruleset: Ruleset) -> Any:
        if (name, ruleset) not in known:
            spec = hand_spec(doc, name, keys)
            main = None
            if spec is not None and spec.board is not None:
                main = selection_main([_term(item, model) for item in spec.cards],
                                      [_term(item, model) for item in spec.board], ruleset, hand_of(name, ruleset))
                main = model.define(main) if main is not None else None
            known[name, ruleset] = main
        return known[name, ruleset]

    return main_of


def _strength_of(doc: Document, model: SearchModel, keys: dict, hand_of):
    """A player's hand as its whole strength (a key of Z3 terms), where it is encoded: the
    cards ranked alone (a Diablo hand, Drawing Dead's upcards, their best five of more where
    ``best_five`` keys it); None otherwise. Hell of a Deal's hand under the selection rule is
    told to Z3 by its categories and first tie-break (``_main_of``): its whole strength, the
    maximum of 20 to 45 selections, took Z3 longer than checking proposal by proposal."""
    from oracle.solve.smt.strength import strength_key

    known: dict[tuple[str, Ruleset], Any] = {}

    def strength_of(name: str, ruleset: Ruleset) -> Any:
        if (name, ruleset) not in known:
            spec = hand_spec(doc, name, keys)
            whole = None
            if spec is not None and spec.board is None:
                whole = strength_key([_term(item, model) for item in spec.cards], ruleset, hand_of(name, ruleset),
                                     model.define)
            known[name, ruleset] = whole
        return known[name, ruleset]

    return strength_of


def build_model(search: SearchFile, budget: Budget | None = None) -> SearchModel:
    """The Z3 model of a search; ``ScenarioError`` lists every constraint that means nothing,
    every hole the constraints do not know, and every named hole they do not mention.
    Translating a constraint or an expectation can take a good part of a second (a hand's
    category under the selection rule): the time limit is checked before each, and
    ``OutOfTime`` raised once it has come."""
    import z3

    budget = budget if budget is not None else Budget(None)
    model = SearchModel(search, {}, {}, solver=z3.Solver())
    # Z3's second arithmetic solver decides these models (small counts, many if-then-else)
    # two to three times faster than its default on every example search.
    model.solver.set("arith.solver", 2)
    for hole in search.card_holes():
        model.cards[hole.key] = card_variable(hole.key)
    for hole in search.number_holes():
        model.numbers[hole.key] = z3.Int(hole.key)
    _domain(model)
    model.building_where = True
    problems = _where(model, budget)
    model.building_where = False
    problems += _unmentioned(model)
    if problems:
        raise ScenarioError(problems)
    _expectations(model, budget)
    return model


def _domain(model: SearchModel) -> None:
    import z3

    parts = []
    jokers = {h.key: 0 for h in model.search.card_holes()}
    for doc in model.search.documents:
        ruleset = document_ruleset(doc)
        terms = [card_constant(c) for c in sorted(doc.fixed_cards, key=str)]
        terms += [model.cards[k] for k in doc.card_holes]
        parts.append(all_different(terms))
        for key in doc.card_holes:
            jokers[key] = max(jokers[key], ruleset.jokers)
    parts += [in_deck(model.cards[key], jokers[key]) for key in model.cards]
    model.add("domain", z3.And(parts) if parts else z3.BoolVal(True), None, (), DOMAIN)
    for hole in model.search.number_holes():  # each on its own, so a clash names the hole
        low, high, step = hole.bounds or (0, None, 1)
        term = model.numbers[hole.key]
        bounds = [term >= low] + ([term <= high] if high is not None else []) + ([term % step == 0] if step > 1 else [])
        doc = next(d for d in model.search.documents if d.number == hole.document)
        model.add("domain", z3.And(bounds), doc, hole.path, f"the bounds of {hole.key} ({bounds_text(hole.bounds)})")


def bounds_text(bounds: tuple[int, int | None, int] | None) -> str:
    """``0 to 1,000``, ``0 or more``, ``0 to 100,000, in tens``."""
    low, high, step = bounds or (0, None, 1)
    text = f"{low:,} or more" if high is None else f"{low:,} to {high:,}"
    return text + ({10: ", in tens"}.get(step, f", in steps of {step:,}") if step > 1 else "")


def _where(model: SearchModel, budget: Budget) -> list[Problem]:
    """Every constraint parsed (each that does not is a problem), then translated, the time
    limit checked before each translation."""
    problems = []
    parsed = []
    for doc in model.search.documents:
        for text, path in doc.where:
            try:
                parsed.append((doc, text, path, parse_constraint(text)))
            except WhereSyntaxError as exc:
                problems.append(doc.lines.problem(path, str(exc)))
    keys = anonymous_keys(model.search)
    contexts: dict[int, Context] = {}
    ids = question_ids(model.search.documents)
    for done, (doc, text, path, tree) in enumerate(parsed):
        if budget.expired():
            raise OutOfTime(f"{done} of {len(parsed)} constraints translated")
        if reads_answers(tree):  # the engines' answers: held to them after Z3 proposes (``answers``)
            wrong = problem_of(tree, ids)
            if wrong is not None:
                problems.append(doc.lines.problem(path, wrong))
            else:
                model.answer_constraints.append(AnswerConstraint(text, tree, doc.number, path, doc.line(path)))
            continue
        if doc.number not in contexts:
            hand_of, main_of = _hands(model, doc, keys)
            contexts[doc.number] = Context(model.cards, model.numbers, document_ruleset(doc), hand_of, players(doc),
                                           label=str(doc.number), strength_of=_strength_of(doc, model, keys, hand_of),
                                           main_of=main_of, define=model.define)
        try:
            formula = where_formula(tree, contexts[doc.number])
        except WhereError as exc:
            problems.append(doc.lines.problem(path, str(exc)))
            continue
        model.add("where", formula, doc, path, text, tree, contexts[doc.number].exact)
    return sorted(problems, key=lambda p: (p.line is None, p.line or 0))  # in the file's order


def _unmentioned(model: SearchModel) -> list[Problem]:
    mentioned: set[str] = set()
    for doc in model.search.documents:
        for text, _ in doc.where:
            try:
                mentioned |= holes_in(parse_constraint(text))
            except WhereSyntaxError:  # reported already; what it names still counts
                mentioned |= set(HOLE.findall(text)) if isinstance(text, str) else set()
    places: Counter = Counter()  # the fields each named hole stands in: two or more share it
    for doc in model.search.documents:
        for _, value in searched_fields(doc.data):
            if isinstance(value, str):
                places.update(set(HOLE.findall(value)) - {"?"})
    problems = []
    for hole in model.search.holes.values():
        if hole.named and hole.key not in mentioned and places[hole.key] < 2:
            doc = model.search.documents[[d.number for d in model.search.documents].index(hole.document)]
            problems.append(doc.lines.problem(hole.path, f"the hole {hole.key} is named but no constraint in where: "
                                                         f"mentions it and no other document shares it; write ? for a "
                                                         f"{hole.kind} nothing constrains"))
    return problems


def _expectations(model: SearchModel, budget: Budget) -> None:
    """What a ``rank`` question must answer, as the category encoding says it."""
    keys = anonymous_keys(model.search)
    for doc in model.search.documents:
        ruleset = document_ruleset(doc)
        for index, question in enumerate(doc.data.get("questions") or []):
            if not isinstance(question, dict) or not isinstance(question.get("ask"), (dict, str)):
                continue
            if budget.expired():
                raise OutOfTime("the constraints translated, not every expectation")
            _who_wins(model, doc, index, question, keys)
            ask, expect = question["ask"], question.get("expect")
            expected = expect.get("category") if isinstance(expect, dict) else None
            if not isinstance(ask, dict) or ask.get("kind") != "rank" or "cards" not in ask or _category_words(expected) is None:
                continue
            path = ("questions", index, "ask", "cards")
            cards = _items(ask["cards"], doc, path, model, keys)
            if cards:
                text = f"questions[{index}]: rank answers {_category_words(expected)} under {ruleset.title}"
                formula = _category_expected(cat.patterns(cards, ruleset), expected)
                model.add("expect", formula, doc, ("questions", index), text)


def _who_wins(model: SearchModel, doc: Document, index: int, question: dict, keys: dict) -> None:
    """A ``compare`` question's winner and a Diablo showdown's winners, stated natively
    through the hands' whole strengths (``winners``)."""
    from oracle.find.winners import compare_winner, showdown_winners

    ruleset = document_ruleset(doc)

    def cards_of(name: str) -> list[CardTerm]:
        return _items(question["ask"].get(name), doc, ("questions", index, "ask", name), model, keys)

    stated = compare_winner(question, ruleset, cards_of, model.define)
    if stated is None:
        hand_of, _ = _hands(model, doc, keys)
        strength_of = _strength_of(doc, model, keys, hand_of)
        stated = showdown_winners(doc, question, keys, lambda name: strength_of(name, ruleset))
    if stated is None:
        _hod_outcomes(model, doc, index, question, keys, ruleset)
    else:
        formula, words = stated
        model.add("expect", formula, doc, ("questions", index), f"questions[{index}]: {words}")


def _hod_outcomes(model: SearchModel, doc: Document, index: int, question: dict, keys: dict, ruleset: Ruleset) -> None:
    """A Hell of a Deal showdown's expected outcomes, as what they imply of the hands'
    categories and first tie-breaks (``hod_outcomes``), stated now or left for later
    (``hod_outcomes.when_stated``)."""
    from oracle.find.hod_outcomes import when_stated

    when = when_stated(model.search, doc, question)
    if when == "now":
        _state_outcomes(model, doc, index, question, keys, ruleset)
    elif when == "late":
        model.later.append(lambda: _state_outcomes(model, doc, index, question, keys, ruleset))


def _state_outcomes(model: SearchModel, doc: Document, index: int, question: dict, keys: dict, ruleset: Ruleset) -> None:
    from oracle.find.hod_outcomes import showdown_outcomes

    hand_of, main_of = _hands(model, doc, keys)
    position = doc.data.get("position") or {}
    board = _items(position.get("board"), doc, ("position", "board"), model, keys)
    tolls = _items(position.get("tolls"), doc, ("position", "tolls"), model, keys)

    def head_of(name: str, rule: Restriction, most: int) -> Any:
        if not rule.restricts and most == 2:  # the terms a comparison of strengths reads
            found, main = hand_of(name, ruleset), main_of(name, ruleset)
            return None if found is None or main is None else (cat.category_number(found), main)
        if (doc.number, name, rule, most) not in model.heads:  # each player's once a restriction
            spec, head = hand_spec(doc, name, keys), None
            if spec is not None:
                hand = [_term(item, model) for item in spec.cards]
                found = selection_patterns(hand, board, ruleset, 1, most, rule=rule, tolls=tolls)
                main = selection_main(hand, board, ruleset, found, 1, most, rule=rule, tolls=tolls)
                head = None if main is None else (model.define(cat.category_number(found)), model.define(main))
            model.heads[doc.number, name, rule, most] = head
        return model.heads[doc.number, name, rule, most]

    def boss_head(most: int) -> Any:
        if (doc.number, most) not in model.boss_heads:  # once for every question of the document
            own = _items(position.get("boss_hole"), doc, ("position", "boss_hole"), model, keys) + tolls
            found = selection_patterns(own, board, ruleset, 1, most)
            main = model.define(selection_main(own, board, ruleset, found, 1, most))
            model.boss_heads[doc.number, most] = cat.category_number(found), main
        return model.boss_heads[doc.number, most]

    stated = showdown_outcomes(model.search, doc, question, head_of, boss_head)
    if stated is not None:
        formula, words = stated
        model.add("expect", formula, doc, ("questions", index), f"questions[{index}]: {words}")


_ORDERS = {"at_least": ">=", "at_most": "<=", "more_than": ">", "less_than": "<"}


def _category_words(expected: Any) -> str | None:
    """An expected category in words (``flush``, ``at least flush``, ``one of flush,
    straight``), or None when it names no category the encoding can state."""
    if isinstance(expected, str):
        return expected if expected in cat.ORDER else None
    if not isinstance(expected, dict) or len(expected) != 1:
        return None
    (key, target), = expected.items()
    listed = isinstance(target, list) and target and all(isinstance(t, str) and t in cat.ORDER for t in target)
    if key in ("in", "not_in") and listed:
        return ("one of " if key == "in" else "none of ") + ", ".join(target)
    if key in _ORDERS and isinstance(target, str) and target in cat.ORDER:
        return f"{key.replace('_', ' ')} {target}"
    return None


def _category_expected(found: dict[str, Any], expected: Any) -> Any:
    """The category encoding of an expected category (``_category_words`` says it has one)."""
    import z3

    from oracle.find.translate import category_order

    if isinstance(expected, str):
        return cat.category_is(found, expected)
    (key, target), = expected.items()
    if key in _ORDERS:
        return category_order(found, _ORDERS[key], target)
    listed = z3.Or([cat.category_is(found, slug) for slug in target])
    return listed if key == "in" else z3.Not(listed)


def contradiction(model: SearchModel) -> list[Problem] | None:
    """When the card domain and the ``where:`` constraints cannot all hold, the problems
    naming the constraints Z3 found in conflict (a minimal core where it can); else None."""
    import z3

    solver = model.solver
    solver.set("core.minimize", True)
    literals = model.literals("domain", "where")
    status = solver.check(*literals)
    core = {str(x) for x in solver.unsat_core()} if status == z3.unsat else set()
    # Minimizing a core takes no notice of the time limit: a search's later cores (the proof
    # that no filling exists) are taken as Z3 finds them.
    solver.set("core.minimize", False)
    if status != z3.unsat:
        return None
    clash = [g for g in model.guarded if str(g.literal) in core and g.what == "where"]
    domain = [g.text for g in model.guarded if g.what == "domain" and str(g.literal) in core]
    if not clash:
        return [Problem(("position",), "the cards of the position cannot all be different", model.search.file)]
    problems = []
    for g in clash:
        others = [f"where[{o.path[1]}] (line {o.line})" for o in clash if o is not g]
        with_ = ", ".join(others + sorted(domain, key=lambda text: text != DOMAIN))
        if not others and domain and DOMAIN not in domain:  # only number holes' bounds
            holes = " and ".join(text.removeprefix("the bounds of ") for text in domain)
            message = (f"{g.text!r} is outside the bounds of {'the hole' if len(domain) == 1 else 'the holes'} "
                       f"{holes}: no value within them satisfies it")
        elif with_:
            message = f"{g.text!r} contradicts {with_}: no filling of the holes satisfies them all"
        else:
            message = f"{g.text!r} can never hold: no filling of the holes satisfies it"
        doc = next(d for d in model.search.documents if d.number == g.document)
        problems.append(doc.lines.problem(g.path, message))
    return problems


def model_values(model: SearchModel, z3_model: Any) -> dict[str, Any]:
    """The value of every hole in a Z3 model: a ``Card`` or a whole number."""
    from oracle.solve.smt.cards import card_from_model

    values: dict[str, Any] = {key: card_from_model(z3_model, term) for key, term in model.cards.items()}
    for key, term in model.numbers.items():
        values[key] = z3_model.eval(term, model_completion=True).as_long()
    return values


def blocking(model: SearchModel, values: dict[str, Any]) -> Any:
    """A clause excluding exactly this filling of the holes."""
    import z3

    differs = []
    for key, value in values.items():
        if key in model.cards:
            term = model.cards[key]
            known = card_constant(value)
            differs += [term.rank != known.rank, term.suit != known.suit]
        else:
            differs.append(model.numbers[key] != value)
    return z3.Or(differs) if differs else z3.BoolVal(False)


# The keys of a rank answer that follow from how the hand ranks, not from which cards it holds.
RANKING_KEYS = frozenset({"game", "category", "name", "description", "strength"})
_HANDS = {"rank": ("cards",), "compare": ("first", "second")}


def _ranking_only(kind: str, expect: Any) -> bool:
    if not isinstance(expect, dict):
        return False
    if kind == "rank":
        return set(expect) <= RANKING_KEYS
    return all(key == "winner" or (key in ("first", "second") and isinstance(value, dict) and set(value) <= RANKING_KEYS)
               for key, value in expect.items())


def class_blocking(model: SearchModel, document: int, question: int, z3_model: Any) -> Any | None:
    """For a failed ``rank`` or ``compare`` whose expectation names only how the hands rank
    (winner, category, name, description, strength), a clause blocking every filling that
    leaves each hand of five cards or fewer in the same class (``categories.hand_class``): all
    of those rank the same, so fail the same. None where that does not hold."""
    import z3

    doc = next(d for d in model.search.documents if d.number == document)
    entry = (doc.data.get("questions") or [])[question]
    ask = entry.get("ask") if isinstance(entry, dict) else None
    if not isinstance(ask, dict) or ask.get("kind") not in _HANDS or "hole" in ask:
        return None
    if not _ranking_only(ask["kind"], entry.get("expect")):
        return None
    keys = anonymous_keys(model.search)
    ruleset = document_ruleset(doc)
    differs = []
    for name in _HANDS[ask["kind"]]:
        cards = _items(ask.get(name), doc, ("questions", question, "ask", name), model, keys)
        if not cards or len(cards) > 5:
            return None
        differs += [term != z3_model.eval(term, model_completion=True) for term in cat.hand_class(cards, ruleset)]
    return z3.Or(differs)
