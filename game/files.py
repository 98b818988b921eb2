"""Reading and writing the player's files safely: one place for every file the game touches.

Every file the game reads (maps, scripts, settings, saves) is untrusted: it must be a
regular file (not a directory, FIFO, device or symlink loop) and small enough, checked
*before* reading, so `/dev/zero` or a FIFO can never hang or exhaust the game.
Every file the game writes (settings, saves) is written atomically: a temporary file in
the same folder, flushed and fsynced, then renamed over the target. A crash or `kill -9`
at any moment leaves either the old file or the new one, never a torn one, and a symlink
at the target is replaced, never written through.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

MAX_BYTES = 8 * 1024 * 1024  # default cap for any file the game reads (8 MiB)
KEEP_ASIDE = 10  # broken files kept per name (`move_aside`): the newest ones
STALE_TEMP_SECONDS = 60.0  # a temp file this old is left over from a killed write
#: What a write that failed with this error means, in a player's words.
WRITE_PROBLEMS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "the folder is read-only",
    errno.EPERM: "the folder is read-only",
    errno.ENAMETOOLONG: "the folder's path is too long",
    errno.EMFILE: "too many files are open",
    errno.ENFILE: "too many files are open",
    errno.ENOTDIR: "a file stands where the folder should be",
    errno.EIO: "the disk reported an error",
}


class FileProblem(ValueError):
    """A file that cannot be used, with a one-line reason naming it."""


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them, or FileProblem."""
    with open_checked(path, limit) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileProblem(f"{path}: too large (more than {limit:,} bytes)")
    return data


@contextlib.contextmanager
def open_checked(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> Iterator[BinaryIO]:
    """The regular file at `path` (at most `limit` bytes) open for binary reading, or
    FileProblem: for readers that need only part of a file, such as a picture's header."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise FileProblem(f"{path}: no such file") from None
    except OSError as exc:
        raise FileProblem(f"{path}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(f"{path}: not a regular file")
    if info.st_size > limit:
        raise FileProblem(f"{path}: too large ({info.st_size:,} bytes; at most {limit:,})")
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO after the check, open never blocks
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FileProblem(f"{path}: cannot read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise FileProblem(f"{path}: not a regular file")
        yield handle


def read_text(path: str | os.PathLike[str], limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file at `path` (see `read_bytes`), or FileProblem."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{path}: not UTF-8 text (byte {exc.start})") from None


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace the file at `path` with `data` atomically (temp file, fsync, rename).

    Raises OSError (full disk, read-only folder...) with the old file untouched.
    A symlink at `path` is replaced by the new file; its target is never written.
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    # the writer's process id in the name: `remove_stale_temps` knows whose it is
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where we can
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_problem(exc: OSError) -> str:
    """Why a write failed, in plain words ("the disk is full"); the system's own words
    for an error without a plainer name."""
    known = WRITE_PROBLEMS.get(exc.errno or 0)
    if known:
        return known
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


def present(path: str | os.PathLike[str]) -> bool:
    """Whether something (a file, or a symlink even if broken) is at `path`: False if
    nothing is; FileProblem when the folder cannot be searched (no permission...), where
    `Path.exists()` would raise its PermissionError."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as exc:
        raise FileProblem(f"{path}: cannot look at it ({exc.strerror or exc})") from None
    return True


def move_aside(path: str | os.PathLike[str], suffix: str = ".bad",
               keep: int = KEEP_ASIDE) -> Path | None:
    """Rename a broken file to `name.bad` (or `name.bad2`, ...) so it is kept, not lost.

    At most `keep` such files are kept: the oldest go first, so the newest broken file
    is always kept (with 99 of them, the next one used to stay in place and be
    overwritten). None if the file could not be moved (`move_aside_or_why` says why).
    """
    moved = move_aside_or_why(path, suffix, keep)
    return moved if isinstance(moved, Path) else None


def move_aside_or_why(path: str | os.PathLike[str], suffix: str = ".bad",
                      keep: int = KEEP_ASIDE) -> Path | str:
    """`move_aside`: the new path, or why the file could not be moved, in plain words
    ("the folder is read-only")."""
    path = Path(path)
    try:
        kept = sorted((p for p in path.parent.iterdir() if _aside_of(p.name, path.name, suffix)),
                      key=lambda p: p.lstat().st_mtime_ns)
    except OSError:
        kept = []
    for old in kept[:max(0, len(kept) - keep + 1)]:
        with contextlib.suppress(OSError):
            old.unlink()
    for n in range(1, keep + len(kept) + 1):
        target = path.with_name(path.name + (suffix if n == 1 else f"{suffix}{n}"))
        if not os.path.lexists(target):
            try:
                os.replace(path, target)
            except OSError as exc:
                return write_problem(exc)
            return target
    return "every name for a kept copy is taken"


def _aside_of(name: str, original: str, suffix: str) -> bool:
    """`name` is `original.bad` or `original.badN` (a file `move_aside` made)."""
    stem = original + suffix
    return name == stem or (name.startswith(stem) and name[len(stem):].isdecimal()
                            and name[len(stem):].isascii())


def remove_stale_temps(path: str | os.PathLike[str],
                       older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temp files `write_atomic(path)` left when killed mid-write; the number
    removed. Quiet: a folder that cannot be listed removes nothing.

    A temp file is the hidden `.name.PID.XXXX.tmp` beside `path`: one whose writer (PID)
    is no longer running is left over, whatever its date (a clock set back dates it in
    the future). One whose writer runs may be a write going on now (another copy of the
    game): kept while younger than `older_than` seconds. A temp file without a PID in
    its name (an older version's) goes by its age alone, and one dated in the future is
    left over too.
    """
    path = Path(path)
    prefix = f".{path.name}."
    now = time.time()
    removed = 0
    try:
        found = [p for p in path.parent.iterdir()
                 if p.name.startswith(prefix) and p.name.endswith(".tmp")]
    except OSError:
        return 0
    for temp in found:
        try:
            info = temp.lstat()
            if not stat.S_ISREG(info.st_mode):
                continue
            owner = _owner(temp.name[len(prefix):])
            age = now - info.st_mtime
            young = 0 <= age < older_than
            if (owner is None and young) or (owner is not None and _running(owner) and young):
                continue
            temp.unlink()
            removed += 1
        except OSError:
            continue
    return removed


def _owner(rest: str) -> int | None:
    """The writer's process id in a temp file's name after `.name.` ("123.x8k2.tmp")."""
    pid, _, tail = rest.partition(".")
    if tail and pid.isdecimal() and pid.isascii() and len(pid) <= 10:
        return int(pid)
    return None


def _running(pid: int) -> bool:
    """Whether a process with this id runs now (where that cannot be asked: True)."""
    if sys.platform == "win32" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: another user's process
        return True
    return True
