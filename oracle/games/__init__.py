"""One package per game, each with the same modules (see docs/architecture.md)."""

from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_modules(package: str, *names: str) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``package`` that imports its submodules ``names``
    on first use: a game's face can offer what only some commands need (``session``, for
    ``oracle play``) without every scenario paying for it."""

    def __getattr__(name: str) -> Any:
        if name in names:
            return importlib.import_module(f"{package}.{name}")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
