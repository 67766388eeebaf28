"""Loading the compiled kernels: numba, its cache in the oracle's cache folder, and the
numpy fallback when numba is missing or switched off.

numba compiles each kernel on its first call and keeps the machine code in
``<cache dir>/numba`` (``oracle.eval.tables.cache_dir()``; a ``NUMBA_CACHE_DIR`` the user set
wins), so only the first run on a machine pays the compile. ``ORACLE_NO_NUMBA=1`` forces the
numpy fallback (the tests use it to show both give the same answers). Nothing here is
imported by ``oracle rank``.
"""

from __future__ import annotations

import importlib
import os
from functools import lru_cache
from typing import Callable

Progress = Callable[[int, int], None]
FALLBACK_VARIABLE = "ORACLE_NO_NUMBA"


def numba_wanted() -> bool:
    return os.environ.get(FALLBACK_VARIABLE, "").strip() not in ("1", "true", "yes")


@lru_cache(maxsize=None)
def numba_available() -> bool:
    """True when numba imports (its cache folder set first); False means the fallback."""
    if not numba_wanted():
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    _set_cache_folder()
    return True


def _set_cache_folder() -> None:
    from numba.core import config

    from oracle.eval.tables import cache_dir

    if not os.environ.get("NUMBA_CACHE_DIR"):
        config.CACHE_DIR = str(cache_dir() / "numba")


def kernels(name: str):
    """The compiled kernel module ``oracle.eval.<name>`` (or ``oracle.solve...`` given in
    full), or None when the fallback is in force."""
    if not numba_available():
        return None
    return importlib.import_module(name if "." in name else f"oracle.eval.{name}")


def backend() -> str:
    """``"numba"`` or ``"numpy"``: which implementation batch work runs on."""
    return "numba" if numba_available() else "numpy"
