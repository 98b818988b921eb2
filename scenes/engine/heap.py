"""The C heap of a game left running all night: freed pictures go back to the system.

Pictures (pygame surfaces) live in the C heap. glibc raises its mmap threshold each time
a big block is freed (up to 32 MB), so once the first full-screen picture was freed every
later picture up to that size came from the main heap, whose freed holes glibc keeps:
resident memory crept up game after game in the demo soak while Python's
objects and the surfaces alive stayed flat. Where glibc is the allocator:

- `tune()` (once, as soon as the app's first frame is up: importing ctypes would delay
  that frame; the few pictures made before it are kept) fixes the mmap threshold at
  128 KiB, so a picture of that size or more gets pages of its own, handed back the
  moment it is freed;
- `release()` (at the dark moment between scenes, after the garbage collection) returns
  the free pages of the heap to the system (`malloc_trim(0)`).

Elsewhere (macOS, Windows, musl) both do nothing and say so by returning False.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept instead of drifting up


@lru_cache(maxsize=1)
def _glibc() -> ctypes.CDLL | None:
    """The C library when it is glibc (it has `mallopt` and `malloc_trim`), else None."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here: its import is slow, and start-up does not wait for it

    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version  # noqa: B018 - only glibc has it (musl does not)
        mallopt, trim = libc.mallopt, libc.malloc_trim
    except (OSError, AttributeError):
        return None
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return libc


def tune() -> bool:
    """Fix glibc's mmap threshold (big pictures in pages of their own); True if done."""
    libc = _glibc()
    return bool(libc is not None and libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1)


def release() -> bool:
    """Hand the heap's free pages back to the system; True on glibc."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
