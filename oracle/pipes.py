"""A reader that stops early: ``oracle check scenarios/ | head -1`` closes the pipe after one
line. That is no failure of the answers, so it must not end in exit code 1 (a failed
expectation) or in a traceback: the program stops writing at once, says nothing, and exits
with 141, the code a shell reports for a program ended by a closed pipe (128 + SIGPIPE)."""

from __future__ import annotations

import errno
import os
import sys
from typing import NoReturn

CLOSED_PIPE_EXIT = 141


def is_closed_pipe(exc: BaseException) -> bool:
    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == errno.EPIPE)


def leave_quietly() -> NoReturn:
    """Exit with ``CLOSED_PIPE_EXIT``; standard output is pointed at the null device first, so
    that nothing left in its buffer is written (and fails) again on the way out."""
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    os._exit(CLOSED_PIPE_EXIT)
