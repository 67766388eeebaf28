"""The JSON Schema of scenario files (``oracle schema``), built from the registry so it
always lists the games, rule options and question kinds that exist."""

from __future__ import annotations

from typing import Any

from oracle.registry import games, question_kinds
from oracle.scenario import MARK_KINDS

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


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


def scenario_schema() -> dict[str, Any]:
    known = games()
    question = {
        "type": "object",
        "required": ["id", "ask"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": ["string", "integer"], "description": "Unique within the scenario."},
            "ask": {"description": "The question kind and its parameters."},
            "expect": {
                "description": "The answer that must hold: only the keys given are compared; "
                "a number may be {approx: x, tol: t}."
            },
            "rule": {"type": "string", "description": "The rulebook section the question exercises."},
            "marks": {
                "type": "array",
                "items": {
                    "oneOf": [
                        {"enum": list(MARK_KINDS)},
                        {
                            "type": "object",
                            "minProperties": 1,
                            "maxProperties": 1,
                            "properties": {k: {"type": "string"} for k in MARK_KINDS},
                            "additionalProperties": False,
                        },
                    ]
                },
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
        position: dict[str, Any] = {"type": "object"}
        if game.position_keys:
            position["properties"] = {k: {} for k in game.position_keys}
            position["additionalProperties"] = False
        per_game.append(
            {
                "if": {"properties": {"game": {"const": slug}}},
                "then": {
                    "properties": {
                        "rules": {"type": "object", "properties": rules, "additionalProperties": False},
                        "position": position,
                        "questions": {"items": {"properties": {"ask": _ask_schema(slug)}}},
                    }
                },
            }
        )
    return {
        "$schema": SCHEMA_URI,
        "$id": "https://oracle.invalid/scenario.schema.json",
        "title": "oracle scenario file (one YAML document per scenario)",
        "type": "object",
        "required": ["game", "questions"],
        "additionalProperties": False,
        "properties": {
            "game": {"enum": sorted(known), "description": "Which game the position is from."},
            "name": {"type": "string"},
            "description": {"type": "string"},
            "rules": {"type": "object", "description": "House rules and variants; every one has a default."},
            "position": {"type": "object", "description": "Seats, chips, cards in every zone, whose turn, history."},
            "questions": {"type": "array", "minItems": 1, "items": question},
        },
        "allOf": per_game,
        "$defs": {"approx": _approx()},
    }
