"""A damaged numba cache (a truncated index, random bytes in a data file) is thrown away and
the kernel compiled again with the same answer, where numba alone ends in an UnpicklingError
on that run and every later one."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("numba")

KERNEL = textwrap.dedent("""
    from numba import njit

    @njit(cache=True)
    def total(n):
        s = 0
        for i in range(n):
            s += i * i
        return s
""")
RUN = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    from oracle.eval.jit import numba_available
    assert numba_available()
    import kern
    print(kern.total(1000))
""")


def run(folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder / "cache"))
    env.pop("ORACLE_NO_NUMBA", None)
    return subprocess.run([sys.executable, str(folder / "run.py"), str(folder)], capture_output=True, text=True,
                          env=env, timeout=120)


def test_a_damaged_numba_cache_is_thrown_away_and_compiled_again(tmp_path):
    (tmp_path / "kern.py").write_text(KERNEL)
    (tmp_path / "run.py").write_text(RUN)
    first = run(tmp_path)
    assert first.returncode == 0 and first.stdout.strip() == "332833500", first.stderr
    index = next((tmp_path / "cache").rglob("*.nbi"))
    index.write_bytes(index.read_bytes()[:20])  # truncated
    again = run(tmp_path)
    assert again.returncode == 0 and again.stdout.strip() == "332833500", again.stderr
    for data in (tmp_path / "cache").rglob("*.nbc"):
        data.write_bytes(os.urandom(3000))  # overwritten with other bytes
    third = run(tmp_path)
    assert third.returncode == 0 and third.stdout.strip() == "332833500", third.stderr
