"""Z3 terms compiled to Python functions, for tests that evaluate one formula on thousands of
concrete inputs (``z3.simplify(z3.substitute(...))`` costs about a millisecond a call). Only
the operators the search's encodings use are translated; any other raises, so a new operator
cannot slip through untranslated. The tests cross-check the translation with ``z3.simplify``."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import z3

_INFIX = {
    z3.Z3_OP_ADD: "+", z3.Z3_OP_SUB: "-", z3.Z3_OP_MUL: "*",
    z3.Z3_OP_GE: ">=", z3.Z3_OP_LE: "<=", z3.Z3_OP_GT: ">", z3.Z3_OP_LT: "<", z3.Z3_OP_EQ: "==",
}


def compile_term(term: Any, inputs: Sequence[Any], vectorized: bool = False) -> Callable[..., Any]:
    """A Python function of the ``inputs`` (Z3 constants, in order) computing ``term`` (a tuple
    of them, for a list of terms, their shared parts computed once); with
    ``vectorized``, of numpy arrays (one row of inputs an element), computing every row at once."""
    names = {x.get_id(): f"a{i}" for i, x in enumerate(inputs)}
    lines: list[str] = []
    done: dict[int, str] = dict(names)

    def visit(e: Any) -> str:
        key = e.get_id()
        if key in done:
            return done[key]
        kind = e.decl().kind()
        args = [visit(c) for c in e.children()]
        if vectorized:
            text = _numpy_text(e, kind, args)
        elif z3.is_int_value(e):
            text = str(e.as_long())
        elif kind == z3.Z3_OP_TRUE:
            text = "True"
        elif kind == z3.Z3_OP_FALSE:
            text = "False"
        elif kind == z3.Z3_OP_AND:
            text = "(" + " and ".join(args) + ")" if args else "True"
        elif kind == z3.Z3_OP_OR:
            text = "(" + " or ".join(args) + ")" if args else "False"
        elif kind == z3.Z3_OP_NOT:
            text = f"(not {args[0]})"
        elif kind == z3.Z3_OP_ITE:
            text = f"({args[1]} if {args[0]} else {args[2]})"
        elif kind == z3.Z3_OP_UMINUS:
            text = f"(-{args[0]})"
        elif kind == z3.Z3_OP_DISTINCT:
            text = f"(len({{{', '.join(args)}}}) == {len(args)})"
        elif kind in _INFIX:
            text = "(" + f" {_INFIX[kind]} ".join(args) + ")"
        else:
            raise NotImplementedError(f"no translation for {e.decl()} in {e}")
        name = f"t{len(lines)}"
        lines.append(f"    {name} = {text}")
        done[key] = name
        return name

    result = ", ".join(visit(t) for t in term) + "," if isinstance(term, (list, tuple)) else visit(term)
    source = f"def compiled({', '.join(f'a{i}' for i in range(len(inputs)))}):\n" + "\n".join(lines) + f"\n    return {result}\n"
    scope: dict[str, Any] = {"np": __import__("numpy")}
    exec(compile(source, "<z3 term>", "exec"), scope)
    return scope["compiled"]


def _numpy_text(e: Any, kind: Any, args: list[str]) -> str:
    """One operation over arrays: ``np.where`` for if-then-else, ``&``/``|`` for and/or."""
    if z3.is_int_value(e):
        return str(e.as_long())
    if kind in (z3.Z3_OP_TRUE, z3.Z3_OP_FALSE):
        return str(kind == z3.Z3_OP_TRUE)
    if kind in (z3.Z3_OP_AND, z3.Z3_OP_OR):
        if not args:
            return str(kind == z3.Z3_OP_AND)
        return "(" + (" & " if kind == z3.Z3_OP_AND else " | ").join(f"np.asarray({a}, dtype=bool)" for a in args) + ")"
    if kind == z3.Z3_OP_NOT:
        return f"(~np.asarray({args[0]}, dtype=bool))"
    if kind == z3.Z3_OP_ITE:
        return f"np.where({args[0]}, {args[1]}, {args[2]})"
    if kind == z3.Z3_OP_UMINUS:
        return f"(-{args[0]})"
    if kind in _INFIX:
        return "(" + f" {_INFIX[kind]} ".join(args) + ")"
    raise NotImplementedError(f"no vectorized translation for {e.decl()} in {e}")
