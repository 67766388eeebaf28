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
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import lru_cache
from typing import Callable, Iterator

Progress = Callable[[int, int], None]
# ``display(description)``: a context manager around work of unknown length.
ProgressDisplay = Callable[[str], AbstractContextManager]
FALLBACK_VARIABLE = "ORACLE_NO_NUMBA"
_display: list[ProgressDisplay | None] = [None]
_announced: set[str] = set()


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


def set_progress_display(display: ProgressDisplay | None) -> None:
    """Where a first compile is shown (None: nowhere, the default for library use)."""
    _display[0] = display


def cache_holds(module: str, kernel: str) -> bool:
    """Whether numba's cache folder already holds compiled code of ``kernel`` in
    ``module`` (its index file ``<module>.<kernel>-<line>.pyXY.nbi``), in the subfolder numba
    keeps for this copy of the module (another installation's code does not count)."""
    from numba.core import config

    folder = os.environ.get("NUMBA_CACHE_DIR") or config.CACHE_DIR
    if not folder or not os.path.isdir(folder):
        return False
    short = module.rsplit(".", 1)[-1]
    try:
        from numba.core.caching import _CacheLocator  # numba's own naming of the subfolder

        source = importlib.import_module(module if "." in module else f"oracle.eval.{module}").__file__
        places = [os.path.join(folder, _CacheLocator.get_suitable_cache_subpath(source))]
    except (ImportError, AttributeError, TypeError):
        places = [root for root, _, _ in os.walk(folder)]
    return any(os.path.isdir(place) and any(f.startswith(f"{short}.{kernel}-") and f.endswith(".nbi")
                                           for f in os.listdir(place)) for place in places)


@contextmanager
def compiling(module: str, kernel: str, description: str) -> Iterator[None]:
    """Around a kernel's call: the progress display, the first time in this process, when
    the kernel has never been compiled on this machine."""
    key = f"{module}.{kernel}"
    display = _display[0]
    if key in _announced or display is None or not numba_available():
        yield
        return
    _announced.add(key)
    context = nullcontext() if cache_holds(module, kernel) else display(description)
    with context:
        yield
