"""Run independent simulation jobs on several cores (used by both simulators).

Workers are forked (fast: the board and the code are already loaded). A forked worker
would inherit its parent's signal handlers (the program's stop handlers, or SDL's in a
test run with scenes) and ignore `Pool.terminate()`, hanging the parent. So each worker
restores the default action for every stop signal (`stopping.in_worker`), and the pool
is closed and joined, never terminated, once every job is done; a stop (or any error)
meanwhile terminates it, so no worker outlives the command.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from game.stopping import in_worker


def map_jobs(fn: Callable[[Any], Any], jobs: Sequence[Any], workers: int) -> list[Any]:
    """`[fn(job) for job in jobs]`, spread over `workers` forked processes when > 1."""
    if workers <= 1 or len(jobs) <= 1:
        return [fn(job) for job in jobs]
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=in_worker)
    try:
        results = pool.map(fn, jobs)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return results


def play_ranges(play_range: Callable[[tuple[int, int, int, int]], Any], *, games: int,
                players: int, seed: int, workers: int | None, parallel_from: int,
                ) -> tuple[list[Any], float, int]:
    """Play games 0..games-1 as `play_range((players, seed, start, stop))` chunks.

    Small runs stay in this process; from `parallel_from` games on, the chunks go to one
    worker per core. Every game is independent, so the figures do not depend on the split.
    Returns (the chunks' results, wall-clock seconds, workers used).
    """
    if workers is None:
        workers = min(os.cpu_count() or 1, 8) if games >= parallel_from else 1
    chunks = max(1, min(workers * 4, games))
    bounds = [games * k // chunks for k in range(chunks + 1)]
    jobs = [(players, seed, bounds[k], bounds[k + 1]) for k in range(chunks)]
    started = time.perf_counter()
    parts = map_jobs(play_range, jobs, workers)
    return parts, time.perf_counter() - started, workers

