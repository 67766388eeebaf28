"""The layout of the code, as docs/architecture.md draws it: which way imports run, each game
behind its package's face, and modules a reader can hold."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "oracle"
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file())
MODULES = sorted(ROOT.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[str]:
    """Every module ``path`` imports, at the top or inside a function, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append(target)
            # ``from oracle.games import diablo`` imports the package oracle.games.diablo
            if target == "oracle.games":
                found += [f"oracle.games.{alias.name}" for alias in node.names]
    return found


def game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["oracle", "games"] and parts[2] in GAMES else None


def test_there_are_four_game_packages():
    assert GAMES == ["auf_teufel", "diablo", "drawing_dead", "hell_of_a_deal"]


@pytest.mark.parametrize("path", [p for p in MODULES if "solve" in p.parts], ids=module_name)
def test_no_solver_imports_a_game(path):
    assert not [name for name in imports(path) if name.startswith("oracle.games")]


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_no_game_imports_another_and_nothing_imports_past_a_games_face(path):
    own = game_of(module_name(path))
    for name in imports(path):
        other = game_of(name)
        if other is None or other == own:
            continue
        assert own is None, f"{module_name(path)} (a {own} module) imports the game {other}"
        assert name == f"oracle.games.{other}", f"{module_name(path)} imports {name}, past the face of oracle.games.{other}"


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_modules_classes_and_functions_stay_a_size_a_reader_can_hold(path):
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= 600, "a module of over 600 lines: split it by concern"
    for node in ast.walk(ast.parse(source)):
        size = getattr(node, "end_lineno", 0) - getattr(node, "lineno", 0) + 1
        if isinstance(node, ast.ClassDef):
            assert size <= 300, f"class {node.name} has {size} lines"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert size <= 80, f"function {node.name} has {size} lines"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_package_has_the_same_modules_for_the_same_concerns(game):
    folder = ROOT / "games" / game
    names = {p.stem if p.is_file() else p.name for p in folder.iterdir() if p.suffix == ".py" or (p / "__init__.py").is_file()}
    shared = {"__init__", "rules", "state", "actions", "engine", "moves", "resolution", "position", "questions", "session"}
    assert shared <= names, f"missing: {sorted(shared - names)}"
