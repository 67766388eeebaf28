"""``oracle find``: fill a search file's holes so that every expectation and constraint holds.

Z3 proposes, the engines check (counterexample-guided: CEGAR). Each proposal satisfies the
card domain, the ``where:`` constraints and the expectations the category encoding states;
it is written out as a scenario file and checked exactly as ``oracle check`` checks one (the
file read back, every question answered by the game's engine and compared with its
``expect``). A rejected filling is blocked and Z3 is asked again. Proposals are spread over
the space by random hints (a few holes pinned to random values, dropped when they cannot
hold), seeded, so a search is repeatable.

Three outcomes, said plainly: ``found`` (each witness verified by the engines), ``none``
(proved: Z3 finds the constraints unsatisfiable before any candidate, or every filling the
constraints allow was checked and rejected) and ``unknown`` (the time limit came first).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from oracle.budget import Budget
from oracle.errors import OracleError, Problem, ScenarioError
from oracle.find.holes import SEARCH_SUFFIX, SearchFile, anonymous_keys, fill, holes_seen, read_search
from oracle.find.model import (OutOfTime, SearchModel, blocking, build_model, class_blocking, contradiction,
                               model_values)

DEFAULT_SECONDS = 60.0
MOST_WITNESSES = 100
# Seconds kept back from Z3 so the answer is written within the limit.
RESERVE = 0.05
HINT_SECONDS = 1.0
# Proposing this long without the witnesses wanted, a search states the expectations its model
# left for later (``SearchModel.later``): an easy search is over before they would be built.
# Their terms take a few seconds to build: with less time than this left they are not.
LATE_SECONDS = 1.5
LATE_ROOM = 5.0
FOUND, NONE, UNKNOWN = "found", "none", "unknown"
# The first line of every witness file: ``--output`` replaces only a file that starts so.
WITNESS_HEADER = "# Found by oracle find from "


@dataclass
class Witness:
    values: dict[str, Any]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"holes": {k: str(v) if not isinstance(v, int) else v for k, v in self.values.items()}, "scenario": self.text}


@dataclass
class SearchResult:
    file: str
    outcome: str
    method: str
    witnesses: list[Witness] = field(default_factory=list)
    count: int = 1
    candidates: int = 0
    rejections: Counter = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    elapsed: float = 0.0
    time_limit: float | None = None
    holes: int = 0
    fields: dict[str, str] = field(default_factory=dict)  # each hole -> the field it first stands in
    written: list[str] = field(default_factory=list)
    # False when the time limit cut the search short: fewer witnesses than asked may not be all.
    complete: bool = True
    # A count of every filling (``--count all``): how it counted, and what it counted (None
    # while the counting has not begun).
    counting: bool = False
    counted_by: str | None = None
    unit: str | None = None

    def to_json(self) -> dict[str, Any]:
        counting = {"counted_by": self.counted_by, "unit": self.unit} if self.counting else {}
        return {
            "file": self.file,
            "outcome": self.outcome,
            "method": self.method,
            "count": self.count,
            **counting,
            "found": self.count if self.counting else len(self.witnesses),
            "complete": self.complete,
            "witnesses": [w.to_json() for w in self.witnesses],
            "holes": self.holes,
            "fields": self.fields,
            "candidates": self.candidates,
            "rejected": sum(self.rejections.values()),
            "rejections": [{"where": k, "times": n, "example": self.examples[k]} for k, n in self.rejections.most_common()],
            "elapsed": round(self.elapsed, 3),
            "time_limit": self.time_limit,
            "written": self.written,
        }


def witness_name(search_file: str, number: int = 1) -> str:
    """``deal.search.yaml`` -> ``deal.scenario.yaml`` (the second witness ``deal-2.scenario.yaml``)."""
    name = Path(search_file).name
    stem = name[: -len(SEARCH_SUFFIX)] if name.endswith(SEARCH_SUFFIX) else Path(name).stem
    return f"{stem}{'' if number == 1 else f'-{number}'}.scenario.yaml"


def witness_text(search: SearchFile, values: dict[str, Any], keys: dict, number: int = 1) -> str:
    """The completed scenario file; the ``number``-th witness's scenarios are named ``-N``."""
    shown = ", ".join(f"{k} = {v}" for k, v in values.items() if k.startswith("$"))
    header = f"{WITNESS_HEADER}{Path(search.file).name}" + (f" ({shown})" if shown else "") + ".\n"
    parts = []
    for doc in search.documents:
        data = fill(search, doc, {k: (v if isinstance(v, int) else str(v)) for k, v in values.items()}, keys)
        if number > 1:
            data["name"] = f"{data.get('name', Path(search.file).name + '#' + str(doc.number + 1))}-{number}"
        parts.append(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None))
    return header + "---\n".join(parts)


def verify(text: str, file: str, budget: Budget) -> Failure | None:
    """None when ``text`` is a scenario file whose every expectation holds, as ``oracle
    check`` would find; else where and why it failed."""
    from oracle.scenario_yaml import read_text

    try:
        documents = read_text(text, file)
    except ScenarioError as exc:
        return Failure("the file", exc.problems[0].message)
    return verify_documents(documents, budget)


@dataclass(frozen=True)
class Failure:
    """Where a filling failed and why; ``document`` and ``question`` (None: the scenario did
    not load) say which part of the file the failing check read."""

    where: str
    why: str
    document: int = 0
    question: int | None = None


def verify_documents(documents: list[tuple[dict, Any]], budget: Budget, answers: dict | None = None) -> Failure | None:
    """``verify`` for scenario mappings already in hand (each with its line map).
    ``OutOfTime`` when the time limit comes before a document is loaded or a question asked.
    ``answers`` (a dict) receives each question's answer by its id."""
    from oracle.check import ERROR, FAILED, XPASSED, check_question
    from oracle.scenario import build_scenario

    for number, (data, lines) in enumerate(documents):
        if budget.expired():
            raise OutOfTime("checking")
        scenario, problems = build_scenario(data, lines, number)
        if problems or scenario is None:
            first = problems[0] if problems else Problem((), "cannot be read")
            return Failure(f"{data.get('name', f'document {number + 1}')}: {first.dotted_path()}", first.message, number)
        for question in scenario.questions:
            if budget.expired():
                raise OutOfTime("checking")
            result = check_question(scenario, question, time_limit=budget.left(3600))
            if answers is not None:
                answers[question.id] = result.answer
            if result.outcome in (FAILED, ERROR, XPASSED):
                why = str(result.diffs[0]) if result.diffs else (result.reason or result.outcome)
                return Failure(f"{scenario.name}::{question.id}", why, number, question.index)
    return None


class _Proposer:
    """Z3 models of the constraints, spread by random hints."""

    def __init__(self, model: SearchModel, seed: int):
        self.model = model
        self.rng = random.Random(seed)
        self.literals = model.literals("domain", "where", "expect")

    def _hints(self, share: float) -> list[Any]:
        hints = []
        for term in self.model.cards.values():
            if self.rng.random() < share:
                hints.append(term.rank == self.rng.randrange(13))
            if self.rng.random() < share:
                hints.append(term.suit == self.rng.randrange(4))
        for hole in self.model.search.number_holes():
            low, high, _ = hole.bounds or (0, None, 1)
            if self.rng.random() < share:
                top = high if high is not None else low + 50
                hints.append(self.model.numbers[hole.key] == self.rng.randint(low, top))
        return hints

    def propose(self, budget: Budget) -> tuple[str, Any]:
        """("sat", model), ("unsat", None) with no hint, or ("unknown", None) out of time."""
        import z3

        solver = self.model.solver
        hinted_out = False
        for share in (0.5, 0.25, 0.1, 0.0):
            if share and hinted_out:
                continue
            if budget.expired():
                return "unknown", None
            left = max(0.0, (budget.remaining() or 3600) - RESERVE)
            # A hinted check is a cheap try: it may not take the time the last one needs.
            solver.set("timeout", max(1, int(1000 * (min(left, HINT_SECONDS) if share else left))))
            hints = self._hints(share) if share else []
            solver.push()
            solver.add(*hints)
            status = solver.check(*self.literals)
            found = solver.model() if status == z3.sat else None
            solver.pop()
            if status == z3.sat:
                return "sat", found
            if status == z3.unknown:
                if share:  # a model too hard for a hinted try in a second: try it whole
                    hinted_out = True
                    continue
                return "unknown", None
        return "unsat", None

    def block(self, values: dict[str, Any]) -> None:
        self.model.solver.add(blocking(self.model, values))

    def block_witness(self, values: dict[str, Any]) -> None:
        """Another witness must differ in a named hole (in any hole when none is named)."""
        named = {k: v for k, v in values.items() if k.startswith("$")}
        self.model.solver.add(blocking(self.model, named or values))


def run_search(path: str, *, count: int = 1, time_limit: float | None = DEFAULT_SECONDS, seed: int = 0,
               progress: Callable[[int, int], None] | None = None) -> SearchResult:
    """Search, within ``time_limit`` seconds, for ``count`` fillings of the search file's holes
    that the engines accept. Bad search files raise ``ScenarioError`` with every problem.

    The limit bounds the whole search, building the model included: it is checked between
    the steps that take time, and what is left of it is handed to each Z3 call and each
    question asked. When it comes first the result says so (``complete`` false)."""
    budget = Budget(time_limit)
    search = read_search(path)
    result = SearchResult(str(path), UNKNOWN, "", count=count, time_limit=time_limit, holes=len(search.holes),
                          fields={k: field_of(h) for k, h in search.holes.items()})
    try:
        model = build_model(search, budget)
    except OutOfTime as stop:
        return _stopped(result, budget, f"while building the model ({stop.done})")
    model.solver.set("timeout", max(1, int(1000 * (budget.left(3600)))))
    clash = contradiction(model)
    if clash:
        raise ScenarioError(clash)
    if count == 1:  # more witnesses may differ by their suits alone: all renamings are wanted
        _break_suit_symmetry(search, model)
    proposer = _Proposer(model, seed)
    try:
        _propose_and_check(search, model, proposer, result, budget, progress)
    except OutOfTime:
        return _stopped(result, budget, f"after {result.candidates} candidates checked")
    result.elapsed = budget.elapsed()
    return result


def _break_suit_symmetry(search: SearchFile, model: SearchModel) -> None:
    """Where the file's suits play the same, one filling of each renaming of them is searched
    (``oracle.find.symmetry``)."""
    from oracle.find.symmetry import free_suits, precedence

    model.free_suits = free_suits(search)
    if model.free_suits:
        model.solver.add(precedence(list(model.cards.values()), model.free_suits))


def _propose_and_check(search: SearchFile, model: SearchModel, proposer: _Proposer, result: SearchResult,
                       budget: Budget, progress: Callable[[int, int], None] | None) -> None:
    """Z3 proposes, the engines check, until ``result`` holds its count of witnesses or Z3
    has no more to propose; ``OutOfTime`` when the time limit comes first."""
    keys = anonymous_keys(search)
    output = str(Path(search.file).with_name(witness_name(search.file)))
    late = budget.elapsed() + LATE_SECONDS
    while len(result.witnesses) < result.count:
        due = budget.elapsed() >= late and budget.left(LATE_ROOM) >= LATE_ROOM
        if model.later and due and model.state_later(budget):
            proposer.literals = model.literals("domain", "where", "expect")
        status, z3_model = proposer.propose(budget)
        if status == "unknown":
            raise OutOfTime("proposing")
        if status == "unsat":
            result.outcome = FOUND if result.witnesses else NONE
            result.method = _proof(model, result)
            return
        values = model_values(model, z3_model)
        result.candidates += 1
        if progress is not None:
            progress(result.candidates, None)
        missed = exact_miss(model, values, keys)
        if missed is not None:  # a comparison of strengths Z3 held only in part
            where, why, seen = missed
            proposer.block({k: v for k, v in values.items() if k in seen})
            result.rejections[where] += 1
            result.examples[where] = why
            continue
        filled = {k: (v if isinstance(v, int) else str(v)) for k, v in values.items()}
        answers: dict[str, Any] = {}
        failure = verify_documents([(fill(search, doc, filled, keys), doc.lines) for doc in search.documents], budget,
                                   answers)
        unrelated = _answers_miss(model, answers) if failure is None else None
        if unrelated is not None:  # a relation between answers may read every hole: set the filling aside whole
            where, why = unrelated
            proposer.block(values)
            result.rejections[where] += 1
            result.examples[where] = why
            continue
        text = ""
        if failure is None:  # the file as written is what counts: check it as oracle check would
            text = witness_text(search, values, keys, len(result.witnesses) + 1)
            failure = verify(text, output, budget)
        if failure is None:
            result.witnesses.append(Witness(values, text))
            proposer.block_witness(values)
            continue
        if budget.expired():  # a check cut short by the limit proves nothing: nothing is blocked
            raise OutOfTime("checking")
        # The failing check read one document's position and at most one question of it: any
        # filling that agrees on the holes there fails the same way.
        seen = holes_seen(search, keys, failure.document, failure.question) if failure.where != "the file" else None
        wider = class_blocking(model, failure.document, failure.question, z3_model) if failure.question is not None else None
        if wider is not None:  # hands that rank alike fail alike
            model.solver.add(wider)
        else:
            proposer.block({k: v for k, v in values.items() if seen is None or k in seen})
        result.rejections[failure.where] += 1
        result.examples[failure.where] = failure.why
    result.outcome = FOUND
    result.method = f"Z3 proposals checked by the engines ({result.candidates} candidates)"


def _answers_miss(model: SearchModel, answers: dict[str, Any]) -> tuple[str, str] | None:
    """The first ``where:`` constraint on the answers that they do not meet: where and why.
    A constraint reading a key no answer has is a ``ScenarioError`` at its line."""
    from oracle.find.answers import NoSuchKey, holds

    for constraint in model.answer_constraints:
        try:
            ok, why = holds(constraint.tree, answers)
        except NoSuchKey as exc:
            raise ScenarioError([Problem(constraint.path, str(exc), model.search.file, constraint.line)]) from None
        if not ok:
            return f"{constraint.label}: {constraint.text!r}", why
    return None


def exact_miss(model: SearchModel, values: dict[str, Any], keys: dict) -> tuple[str, str, set[str]] | None:
    """The first constraint Z3 holds only in part (``Guarded.exact``) that this filling fails,
    checked by the evaluator: (where, why, the holes it reads); None when all hold."""
    from oracle.find.model import document_ruleset
    from oracle.find.vector import Meaning, holes_read, one_filling

    for guarded in model.guarded:
        if not guarded.exact:
            continue
        doc = next(d for d in model.search.documents if d.number == guarded.document)
        if not Meaning(doc, keys, one_filling(values), document_ruleset(doc)).truth(guarded.tree)[0]:
            where = (f"document {doc.number + 1}: " if doc.number else "") + Problem(guarded.path, "").dotted_path()
            return where, f"{guarded.text!r} does not hold", holes_read(doc, keys, guarded.tree)
    return None


def _stopped(result: SearchResult, budget: Budget, when: str) -> SearchResult:
    """The result of a search the time limit cut short: ``found`` with what it found, else
    ``unknown``; never complete."""
    result.outcome = FOUND if result.witnesses else UNKNOWN
    result.complete = False
    result.method = f"stopped by the time limit {when}"
    result.elapsed = budget.elapsed()
    return result


def field_of(hole) -> str:
    return (f"document {hole.document + 1}: " if hole.document else "") + Problem(hole.path, "").dotted_path()


def _proof(model: SearchModel, result: SearchResult) -> str:
    return _proof_text(model, result) + _renamed(model)


def _renamed(model: SearchModel) -> str:
    if not model.free_suits:
        return ""
    from oracle.cards import SUITS

    return (f"; the suits {', '.join(SUITS[s].value for s in model.free_suits)} play alike, so one filling of each "
            f"renaming of them was searched")


def _proof_text(model: SearchModel, result: SearchResult) -> str:
    if result.candidates == 0:
        core = {str(x) for x in model.solver.unsat_core()}
        encoded = [g.text for g in model.guarded if g.what == "expect" and str(g.literal) in core]
        if encoded:
            return ("z3: unsatisfiable before any candidate: no filling satisfies the constraints together with "
                    + "; ".join(encoded) + " (the category encoding and the strength key, each checked against "
                    "the evaluator on every five-card hand)")
        return "z3: unsatisfiable before any candidate"
    if result.witnesses:
        return (f"exhaustive: no other filling of the named holes passes ({result.candidates} candidates "
                f"checked by the engines, {sum(result.rejections.values())} rejected)")
    return (f"exhaustive: every filling the constraints allow was checked by the engines "
            f"({result.candidates} candidates, {sum(result.rejections.values())} rejected)")


def check_count(count: int) -> int:
    if not 1 <= count <= MOST_WITNESSES:
        raise OracleError(f"--count must be 1 to {MOST_WITNESSES}, not {count}")
    return count
