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
    _tolerate_damaged_cache()
    return True


def _tolerate_damaged_cache() -> None:
    """A cache file that does not read back (truncated, overwritten with other bytes) is
    thrown away and the kernel compiled again, with the same answers. numba itself only
    tolerates a missing file; its reads of the index and of a data file are wrapped here, so
    a damaged file counts as missing. numba writes each file whole (a new file moved into
    place), so another process compiling into the same cache at once is never half-read."""
    from numba.core import caching

    cache_file = getattr(caching, "IndexDataCacheFile", None)
    if cache_file is None or getattr(cache_file, "_oracle_tolerant", False):
        return
    load_index, load_data = cache_file._load_index, cache_file._load_data

    def tolerant_index(self):
        try:
            return load_index(self)
        except Exception:  # any damage: the index is dropped, numba compiles and writes anew
            _remove_quietly(self._index_path)
            return {}

    def tolerant_data(self, name):
        try:
            return load_data(self, name)
        except OSError:
            raise
        except Exception:
            _remove_quietly(self._data_path(name))
            raise OSError(f"damaged cache file {name}") from None  # numba's load reads OSError as missing

    cache_file._load_index, cache_file._load_data = tolerant_index, tolerant_data
    cache_file._oracle_tolerant = True


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


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
