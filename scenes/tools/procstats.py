"""Process figures for `main.py soak` and `main.py bench`: resident memory, now and peak.

Linux reads `/proc/self/statm` (the current resident size, which can go down); elsewhere
the peak from `resource` is the best figure there is. No third-party library needed.
"""

from __future__ import annotations

import os
import sys

MB = 1024 * 1024


def rss_mb() -> float:
    """The resident size of this process now, in MiB."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB
    except (OSError, ValueError, IndexError):
        return peak_rss_mb()


def peak_rss_mb(children: bool = False) -> float:
    """The peak resident size of this process (or of its finished children), in MiB."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    peak = resource.getrusage(who).ru_maxrss
    return peak / MB if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB else
