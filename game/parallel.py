"""Run independent simulation jobs on several cores (used by both simulators).

Workers are forked (fast: the board and the code are already loaded). A parent that has
initialised SDL, as a test run with scenes does, has SDL's SIGTERM handler installed;
forked workers would inherit it and ignore `Pool.terminate()`, hanging the parent. So
each worker restores the default handler, and the pool is closed and joined, never
terminated, once every job is done.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from typing import Any


def _reset_signals() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def map_jobs(fn: Callable[[Any], Any], jobs: Sequence[Any], workers: int) -> list[Any]:
    """`[fn(job) for job in jobs]`, spread over `workers` forked processes when > 1."""
    if workers <= 1 or len(jobs) <= 1:
        return [fn(job) for job in jobs]
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_reset_signals)
    try:
        results = pool.map(fn, jobs)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return results
