"""Writing the files the oracle makes (JUnit reports, updated scenario files, plots) safely.

Two calls, for every writer:

- ``check_target(path, inputs=...)`` before any work, so a bad output path is refused before
  a long run rather than after it;
- ``write_text(path, text, inputs=...)`` (or ``write_bytes``) to write, which checks again.

and ``make_folder(path)`` for a folder files will be written into (``oracle solve --output``),
created with its parents when missing.

What they promise:

- Only a regular file or a new name is written. A folder, a device (``/dev/full``), a FIFO or
  a socket is refused, and so is an empty name or one ending in a slash.
- None of ``inputs`` (the files the run reads) is ever written, whatever name reaches it: they
  are compared by device and inode, so a symbolic link, a hard link or ``dir/../name`` to an
  input is refused too.
- A symbolic link is written through: the file it points to gets the new text and the link
  stays a link; unless ``links=False``, for files a command makes for itself (``:save``, a
  chart's files), which refuses a link instead.
- A reader never sees half a file: the text goes to a new temporary file in the real file's
  folder, is flushed and fsynced, and then replaces the file in one step (``os.replace``).
  An existing file keeps its mode, owner and group; a new one gets the usual mode (0666 less
  the umask).
- A file with other names (hard links), or whose owner the new file could not be given (we
  are not root and do not own it), cannot be replaced without breaking that: ``os.replace``
  would leave the other names on the old text, or hand the file to us. Such a file is written
  in place, in its own inode: the whole new text is first written and fsynced to a temporary
  copy beside it, then the file's blocks are reserved (``posix_fallocate``, so a full disk
  fails before anything is overwritten), then the file is overwritten, cut to length and
  fsynced, and the copy removed. A reader during that moment may see a mix of old and new;
  should the overwrite fail, the error names the copy, which holds the complete new text.
- Every failure is one ``OutputError`` whose message names the path and the reason.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from dataclasses import dataclass
from typing import Iterable

from oracle.errors import OracleError

PathLike = str | os.PathLike


class OutputError(OracleError):
    """An output path that must not or cannot be written."""


@dataclass(frozen=True)
class Target:
    """An output path that passed the checks: ``real`` is the file it names, symbolic links
    followed, and ``existing`` that file's status (None for a new name)."""

    path: str
    real: str
    existing: os.stat_result | None


def quote_name(name: str, limit: int = 120) -> str:
    """A file name for a message: quoted, and cut to its start when it is long."""
    return repr(name) if len(name) <= limit else f"{name[:limit]!r}... ({len(name):,} characters)"


def _name(path: PathLike, what: str) -> str:
    """The path as text; an empty name or one holding a NUL is refused."""
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not name.strip():
        raise OutputError(f"an output {what} needs a name, not an empty one")
    if "\x00" in name:
        raise OutputError(f"cannot write {name!r}: a {what} name cannot hold a NUL character")
    return name


def refuse_a_file_not_written_by(path: PathLike, header: str, writer: str, advice: str) -> None:
    """A file at ``path`` may be replaced only when ``writer`` wrote it (its first line starts
    with ``header``): a user's file of the same name is never overwritten (``OutputError``
    naming the file, with ``advice``)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            first = handle.readline(200)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputError(f"cannot write {quote_name(str(path))}: {exc.strerror or exc}") from None
    if not first.startswith(header):
        raise OutputError(f"cannot write {quote_name(str(path))}: a file {writer} did not write is there, and it "
                          f"is never replaced ({advice})")


def check_target(path: PathLike, *, inputs: Iterable[PathLike] = (), links: bool = True) -> Target:
    """Refuse, with ``OutputError``, an output path that is not a regular file or a new name
    in an existing folder, or that is one of ``inputs``; with ``links=False``, a symbolic link
    too (a file a command makes for itself is never written through a link)."""
    name = _name(path, "file")
    if name.endswith(("/", os.sep)):
        raise OutputError(f"cannot write {quote_name(name)}: that names a folder, not a file")
    try:
        is_link = os.path.islink(name)
        real = os.path.realpath(name)
    except OSError as exc:  # a name too long for the file system, a loop of links
        raise OutputError(f"cannot write {quote_name(name)}: {exc.strerror or exc}") from None
    if is_link and not links:
        raise OutputError(f"cannot write {quote_name(name)}: it is a symbolic link; the oracle writes only a "
                          "file of its own there, never through a link (choose another name)")
    try:
        existing: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        existing = None
    except OSError as exc:
        raise OutputError(f"cannot write {quote_name(name)}: {exc.strerror or exc}") from None
    if existing is None:
        folder = os.path.dirname(real)
        if not os.path.isdir(folder):
            raise OutputError(f"cannot write {quote_name(name)}: the folder {folder!r} does not exist")
        return Target(name, real, None)
    if not stat.S_ISREG(existing.st_mode):
        raise OutputError(f"cannot write {quote_name(name)}: it is {_kind(existing.st_mode)}, not a regular file")
    for source in inputs:
        try:
            other = os.stat(source)
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (existing.st_dev, existing.st_ino):
            raise OutputError(f"cannot write {quote_name(name)}: it is the input file {os.fspath(source)!r}; choose another name")
    if not os.access(name, os.W_OK):
        raise OutputError(f"cannot write {quote_name(name)}: the file is not writable")
    return Target(name, real, existing)


def make_folder(path: PathLike) -> str:
    """Make ``path`` a folder files can be written into: create it, and any missing parents,
    with the usual mode (0777 less the umask), or accept an existing folder (or a link to one).
    An empty name, a NUL, a name taken by something other than a folder (a file, a device, a
    broken link) and a folder we cannot write into are refused with ``OutputError``."""
    name = _name(path, "folder")
    try:
        os.makedirs(name, exist_ok=True)
    except FileExistsError:
        pass  # something that is not a folder: said below
    except OSError as exc:
        raise OutputError(f"cannot make the folder {name!r}: {exc.strerror or exc}") from None
    if not os.path.isdir(name):
        try:
            what = _kind(os.stat(name).st_mode)
        except OSError:
            what = "a broken symbolic link"
        raise OutputError(f"cannot write into {name!r}: it is {what}, not a folder")
    if not os.access(name, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write into {name!r}: the folder is not writable")
    return name


def write_text(path: PathLike, text: str, *, inputs: Iterable[PathLike] = (), encoding: str = "utf-8",
               links: bool = True) -> None:
    """Write ``text`` to ``path`` as described in the module's docstring."""
    write_bytes(path, text.encode(encoding), inputs=inputs, links=links)


def write_bytes(path: PathLike, data: bytes, *, inputs: Iterable[PathLike] = (), links: bool = True) -> None:
    """Write ``data`` to ``path`` as described in the module's docstring."""
    target = check_target(path, inputs=inputs, links=links)
    try:
        if target.existing is not None and (target.existing.st_nlink > 1 or not _can_give(target.existing)):
            _write_in_place(target, target.existing, data)
        else:
            _replace(target, data)
    except OSError as exc:
        raise OutputError(f"cannot write {target.path!r}: {exc.strerror or exc}") from None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISREG(mode):
        return "a file"
    return "a special file"


def _can_give(existing: os.stat_result) -> bool:
    """Whether a new file of ours can be given ``existing``'s owner and group: root can give
    any; anyone else only their own files, in a group they belong to."""
    if not hasattr(os, "geteuid"):
        return True  # no owners to keep (Windows)
    if os.geteuid() == 0:
        return True
    return existing.st_uid == os.geteuid() and (existing.st_gid == os.getegid() or existing.st_gid in os.getgroups())


def _temporary(real: str, mode: int) -> tuple[int, str]:
    """A new file beside ``real`` (O_EXCL: never an existing file or link), open for writing."""
    folder, base = os.path.split(real)
    base = base[:100]  # with the suffix, still within any file system's longest name
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    while True:
        temp = os.path.join(folder, f".{base}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temp, flags, mode), temp
        except FileExistsError:
            continue


def _write_all(fd: int, data: bytes, offset: int = 0) -> None:
    view = memoryview(data)
    while view:
        written = os.pwrite(fd, view, offset) if hasattr(os, "pwrite") else os.write(fd, view)
        view = view[written:]
        offset += written


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_folder(folder: str) -> None:
    """Make the rename itself durable, where the platform lets a folder be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _same_file(real: str, before: os.stat_result | None) -> bool:
    """Whether ``real`` is still what ``check_target`` saw (nothing, or the same inode)."""
    try:
        now = os.lstat(real)
    except FileNotFoundError:
        return before is None
    return before is not None and stat.S_ISREG(now.st_mode) and (now.st_dev, now.st_ino) == (before.st_dev, before.st_ino)


def _replace(target: Target, data: bytes) -> None:
    existing = target.existing
    fd, temp = _temporary(target.real, 0o666)  # the umask applies, as for any new file
    try:
        try:
            if existing is not None:
                _keep_owner_and_mode(fd, temp, existing)
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if not _same_file(target.real, existing):
            raise OutputError(f"cannot write {target.path!r}: it changed while the new text was being written")
        os.replace(temp, target.real)
    except BaseException:
        _unlink_quietly(temp)
        raise
    _fsync_folder(os.path.dirname(target.real))


def _keep_owner_and_mode(fd: int, temp: str, existing: os.stat_result) -> None:
    # Owner first: changing it may clear the set-user-ID bits the mode then puts back.
    if hasattr(os, "fchown"):
        os.fchown(fd, existing.st_uid, existing.st_gid)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, stat.S_IMODE(existing.st_mode))
    else:
        os.chmod(temp, stat.S_IMODE(existing.st_mode))


def _write_in_place(target: Target, existing: os.stat_result, data: bytes) -> None:
    copy_fd, copy = _temporary(target.real, 0o600)
    try:
        try:
            _write_all(copy_fd, data)
            os.fsync(copy_fd)
        finally:
            os.close(copy_fd)
    except BaseException:
        _unlink_quietly(copy)
        raise
    # O_NONBLOCK: should a FIFO have taken the file's place, opening it fails instead of waiting.
    flags = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(target.real, flags)
    except OSError:
        _unlink_quietly(copy)
        raise
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != (existing.st_dev, existing.st_ino):
            _unlink_quietly(copy)
            raise OutputError(f"cannot write {target.path!r}: it changed while the new text was being written")
        _reserve(fd, len(data), copy)
        try:
            _write_all(fd, data)
            os.ftruncate(fd, len(data))
            os.fsync(fd)
        except OSError as exc:
            raise OutputError(
                f"cannot write {target.path!r}: {exc.strerror or exc}; it may be half written, "
                f"and its complete new text is in {copy!r}"
            ) from None
    finally:
        os.close(fd)
    _unlink_quietly(copy)


def _reserve(fd: int, size: int, copy: str) -> None:
    """Allocate the file's blocks before overwriting it, so that a full disk is found while
    the old text is still whole. Where the platform or file system cannot, go on without."""
    if size == 0 or not hasattr(os, "posix_fallocate"):
        return
    try:
        os.posix_fallocate(fd, 0, size)
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP)):
            return
        _unlink_quietly(copy)
        raise
