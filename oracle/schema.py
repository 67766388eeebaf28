"""The JSON Schema of scenario files (``oracle schema``), built from the registry so it
always lists the games, rule options and question kinds that exist.

It refuses what the scenario loader refuses wherever JSON Schema can say so (unknown keys,
in a position's entries too: a seat, a player, a Boss's settings; unknown options, question
kinds and parameters, missing ones, values of the wrong type, marks without a reason, an
``approx`` that is not a number); what it cannot say (a bad card, an illegal
history, two questions with one id, ``1.0`` for a whole number) only the loader finds.
Its ``$id`` is a name, not an address: editors are pointed at a file written by
``oracle schema --output FILE``.
"""

from __future__ import annotations

from typing import Any

from oracle.registry import games, question_kinds
from oracle.scenario_questions import MARK_KINDS

# Draft 7: the newest draft the YAML language server (VS Code and other editors) fully supports.
SCHEMA_URI = "http://json-schema.org/draft-07/schema#"
SCHEMA_ID = "urn:oracle:scenario"
TEXT = {"type": "string", "pattern": "\\S"}  # text that is not empty or only spaces


def _json_type(value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if isinstance(value, (list, tuple)):
        return {"type": "array"}
    if isinstance(value, dict):
        return {"type": "object"}
    return {}


def _approx() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"approx": {"type": "number"}, "tol": {"type": "number", "minimum": 0}},
        "required": ["approx"],
        "additionalProperties": False,
    }


def _relation() -> dict[str, Any]:
    """``{in: [...]}``, ``{not_in: [...]}``, or ``{at_least: X}`` and the other orders, X a number
    or a hand category."""
    from oracle.eval.strength import CATEGORY_SLUGS
    from oracle.expectations import MEMBERSHIP, ORDERED

    ordered = {"anyOf": [{"type": "number"}, {"enum": list(CATEGORY_SLUGS)}]}
    listed = {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/expected"}}
    return {
        "type": "object",
        "properties": {**{k: listed for k in MEMBERSHIP}, **{k: ordered for k in ORDERED}},
        "minProperties": 1,
        "maxProperties": 1,
        "additionalProperties": False,
    }


def _expected() -> dict[str, Any]:
    """Any value, except that a mapping of only ``approx`` and ``tol`` is a tolerance, and a
    mapping of one relation key (``in``, ``at_least``, ...) a relation, at any depth."""
    from oracle.expectations import RELATIONS

    return {
        "if": {"type": "object", "required": ["approx"], "propertyNames": {"enum": ["approx", "tol"]}},
        "then": {"$ref": "#/definitions/approx"},
        "else": {
            "if": {"type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": {"enum": list(RELATIONS)}},
            "then": {"$ref": "#/definitions/relation"},
            "else": {"additionalProperties": {"$ref": "#/definitions/expected"}, "items": {"$ref": "#/definitions/expected"}},
        },
    }


def _mark() -> dict[str, Any]:
    """``{skip: why}`` or ``{xfail: why}``: the reason is required."""
    return {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": {k: {**TEXT, "description": f"why the question is marked {k}"} for k in MARK_KINDS},
        "additionalProperties": False,
    }


def _entries(keys: tuple[str, ...] | None) -> dict[str, Any]:
    """A position field whose entries (the items of a list, the values of a mapping) may have
    only ``keys`` when they are mappings; an entry of another type is the loader's to judge
    (an Auf Teufel player may be a bare name)."""
    if not keys:
        return {}
    entry = {"properties": {k: {} for k in keys}, "additionalProperties": False}
    return {"items": entry, "additionalProperties": entry}


def _ask_schema(game: str) -> dict[str, Any]:
    variants = []
    for kind, spec in sorted(question_kinds(game).items()):
        properties: dict[str, Any] = {"kind": {"const": kind, "description": spec.summary}}
        for name, param in spec.params.items():
            properties[name] = {"description": param.doc}
        required = ["kind"] + [n for n, p in spec.params.items() if p.required]
        variants.append(
            {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
        )
        if not any(p.required for p in spec.params.values()):
            variants.append({"const": kind, "description": spec.summary})
    return {"oneOf": variants}


def _table_needed(game: str) -> dict[str, Any]:
    """A position is required once a question reads the table: any kind but those that never
    do (rank, compare) and validate (which answers that an absent table is not legal)."""
    free = sorted(k for k, spec in question_kinds(game).items() if not spec.uses_position or k == "validate")
    without_table = {
        "anyOf": [
            {"enum": free},
            {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": free}}},
        ]
    }
    return {
        "if": {
            "required": ["questions"],
            "properties": {"questions": {"contains": {"required": ["ask"], "properties": {"ask": {"not": without_table}}}}},
        },
        "then": {"required": ["position"], "properties": {"position": {"type": "object", "minProperties": 1}}},
    }


def scenario_schema() -> dict[str, Any]:
    known = games()
    question = {
        "type": "object",
        "required": ["id", "ask"],
        "additionalProperties": False,
        "properties": {
            "id": {"oneOf": [TEXT, {"type": "integer"}], "description": "Unique within the scenario."},
            "ask": {"description": "The question kind and its parameters."},
            "expect": {
                "type": "object",
                "description": "The answer that must hold: only the keys given are compared; "
                "a number may be {approx: x, tol: t}.",
                "additionalProperties": {"$ref": "#/definitions/expected"},
            },
            "rule": {"type": ["string", "null"], "description": "The rulebook section the question exercises."},
            "marks": {
                "description": "skip or xfail, always with a reason: [{xfail: waiting for a ruling}].",
                "oneOf": [{"type": "null"}, {"$ref": "#/definitions/mark"}, {"type": "array", "items": {"$ref": "#/definitions/mark"}}],
            },
        },
    }
    per_game = []
    for slug, game in sorted(known.items()):
        rules = {
            o.name: {**_json_type(o.default), "default": o.default, "description": o.doc}
            | ({"enum": list(o.choices)} if o.choices else {})
            for o in game.options
        }
        position: dict[str, Any] = {"type": ["object", "null"]}
        if game.position_keys:
            position["properties"] = {k: _entries(game.entry_keys.get(k)) for k in game.position_keys}
            position["additionalProperties"] = False
        per_game.append(
            {
                "if": {"properties": {"game": {"const": slug}}},
                "then": {
                    "properties": {
                        "rules": {"type": ["object", "null"], "properties": rules, "additionalProperties": False},
                        "position": position,
                        "questions": {"items": {"properties": {"ask": _ask_schema(slug)}}},
                    },
                    **({"allOf": [_table_needed(slug)]} if game.load_position is not None else {}),
                },
            }
        )
    return {
        "$schema": SCHEMA_URI,
        "$id": SCHEMA_ID,
        "title": "oracle scenario file (one YAML document per scenario)",
        "type": "object",
        "required": ["game", "questions"],
        "additionalProperties": False,
        "properties": {
            "game": {"enum": sorted(known), "description": "Which game the position is from."},
            "name": {"type": "string"},
            "description": {"type": "string"},
            "rules": {"type": ["object", "null"], "description": "House rules and variants; every one has a default."},
            "position": {"type": ["object", "null"], "description": "Seats, chips, cards in every zone, whose turn, history."},
            "questions": {"type": "array", "minItems": 1, "items": question},
        },
        "allOf": per_game,
        "definitions": {"approx": _approx(), "relation": _relation(), "expected": _expected(), "mark": _mark()},
    }
