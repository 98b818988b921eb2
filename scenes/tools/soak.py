"""`python main.py soak GAME --minutes N`: demo games back to back, as an arcade cabinet runs.

Plays the attract-mode demo of GAME headless (one fixed update and one draw per frame,
as fast as the machine goes) and prints, every minute, the resident memory and the
frame-time p99 of that minute; also the resident memory as each new game starts. A
leak shows as RSS that keeps climbing game after game; slow-down as a p99 that drifts.
Works for every game with screens (`scenes.demo.available()`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from game.stopping import Stopped
from scenes.app import frame_stats, make_app, use_dummy_drivers
from scenes.demo import DemoScene
from scenes.tools.procstats import rss_mb

Clock = Callable[[], float]


def game_state(scene: object) -> object | None:
    """The rules state a game screen plays (None for other screens).

    A game is told by its state object, not by the scene on top: overlays of a game
    (prompts, beats) may hold the same state, and a new game always has a new one.
    """
    state = getattr(scene, "state", None)
    return state if state is not None and hasattr(state, "is_terminal") else None


def soak(game: str, minutes: float, *, seed: int = 1, pace: float = 1.0, every: float = 60.0,
         out: Callable[[str], None] = print, max_frames: int | None = None,
         games: int | None = None, clock: Clock = time.monotonic) -> dict[str, Any]:
    """Run the demo of `game` for `minutes` of wall time; print and return the figures.

    pace > 1 plays the demo's animations faster (more games in the same time, every
    frame still drawn). games: stop once that many games are over (`bench` measures
    the peak memory of one demo game so). Stops early, with the summary, on SIGINT,
    SIGTERM or SIGHUP (`game.stopping`; SDL's QUIT where SDL handles them): the figures
    then name the signal (`stopped_by`).
    """
    use_dummy_drivers()
    app = make_app(DemoScene(game=game, seed=seed, pace=pace), headless=True, seed=seed)
    per_minute: list[dict[str, Any]] = []
    per_game: list[dict[str, Any]] = []
    window: list[float] = []
    start = clock()
    next_report, last, frame = start + every, None, 0
    out(f"soak {game}: {minutes:g} min of demo games, seed {seed}, pace {pace:g}")
    stopped_by = ""
    try:
        while clock() - start < minutes * 60 and (max_frames is None or frame < max_frames):
            if pygame.event.peek(pygame.QUIT):  # Ctrl+C or kill: stop and still report
                break
            began = time.perf_counter()
            app.step()
            app.render(0.5)
            window.append((time.perf_counter() - began) * 1000)
            frame += 1
            state = game_state(app.stack.top)
            if state is not None and state is not last:
                if games is not None and len(per_game) >= games:
                    break  # the next game starts: the ones asked for are over
                last = state
                row = {"game": len(per_game) + 1, "frame": frame, "rss_mb": round(rss_mb(), 1)}
                per_game.append(row)
                out(f"  game {row['game']:3d} starts at frame {frame:8d}: "
                    f"RSS {row['rss_mb']:.1f} MB")
            if clock() >= next_report:
                per_minute.append(_minute(len(per_minute) + 1, len(per_game), window))
                out(_minute_line(per_minute[-1]))
                window, next_report = [], next_report + every
    except KeyboardInterrupt as stop:  # Ctrl+C, SIGTERM, SIGHUP: stop and still report
        stopped_by = stop.name if isinstance(stop, Stopped) else "SIGINT"
        out(f"soak {game}: stopped by {stopped_by}")
    if window and not per_minute:
        per_minute.append(_minute(1, len(per_game), window))
        out(_minute_line(per_minute[-1]))
    figures = summary(game, per_minute, per_game, frame)
    if stopped_by:
        figures["stopped_by"] = stopped_by
    out(f"soak {game}: {figures['games']} games, {frame} frames; RSS growth after the first "
        f"game {figures['rss_growth_pct']:+.1f}% (game starts "
        f"{figures['rss_after_first_game_mb']:.1f} -> {figures['rss_last_game_start_mb']:.1f} "
        f"MB: {figures['rss_growth_game_starts_pct']:+.1f}%; minutes "
        f"{figures['rss_first_minute_mb']:.1f} -> {figures['rss_end_mb']:.1f} MB: "
        f"{figures['rss_growth_minutes_pct']:+.1f}%); p99 first {figures['p99_first_ms']:.2f} "
        f"ms, last {figures['p99_last_ms']:.2f} ms")
    return figures


def _minute(n: int, games: int, ms: list[float]) -> dict[str, Any]:
    stats = frame_stats(ms)
    return {"minute": n, "games": games, "rss_mb": round(rss_mb(), 1),
            "frames": stats["frames"], "p99_ms": round(stats.get("p99_ms", 0.0), 2),
            "max_ms": round(stats.get("max_ms", 0.0), 2)}


def _minute_line(row: dict[str, Any]) -> str:
    return (f"  minute {row['minute']:3d}: {row['games']:3d} games, RSS {row['rss_mb']:.1f} MB, "
            f"frame p99 {row['p99_ms']:.2f} ms, max {row['max_ms']:.2f} ms "
            f"({row['frames']} frames)")


def _growth(base: float, end: float) -> float:
    return round(100 * (end - base) / base, 1) if base else 0.0


def summary(game: str, per_minute: list[dict[str, Any]], per_game: list[dict[str, Any]],
            frames: int) -> dict[str, Any]:
    """RSS growth after the first game (which warms caches and draws the board once), and
    the p99 of the first and last minutes.

    Growth compares like with like, and the worse of two readings counts: RSS as the
    second game starts against RSS as the last game starts (both at the dark moment
    between games, just after the heap is trimmed), and the first minute reading taken
    once the second game began against the last minute reading (both mid-game, the
    table's pictures alive). Comparing a between-games reading with a mid-game one
    (`rss_growth_mixed_pct`, the measure this command used first) counts one game's
    working set as growth: 3-4 MB that come back every game.
    """
    end_rss = per_minute[-1]["rss_mb"] if per_minute else rss_mb()
    base = per_game[1]["rss_mb"] if len(per_game) > 1 else (
        per_game[0]["rss_mb"] if per_game else end_rss)
    last_start = per_game[-1]["rss_mb"] if len(per_game) > 1 else base
    minutes = [row for row in per_minute if row["games"] >= 2] or per_minute[-1:]
    first_minute = minutes[0]["rss_mb"] if minutes else end_rss
    at_starts, mid_game = _growth(base, last_start), _growth(first_minute, end_rss)
    return {
        "game": game, "frames": frames, "games": len(per_game),
        "rss_after_first_game_mb": base, "rss_last_game_start_mb": last_start,
        "rss_first_minute_mb": first_minute, "rss_end_mb": end_rss,
        "rss_growth_pct": max(at_starts, mid_game),
        "rss_growth_game_starts_pct": at_starts, "rss_growth_minutes_pct": mid_game,
        "rss_growth_mixed_pct": _growth(base, end_rss),
        "p99_first_ms": per_minute[0]["p99_ms"] if per_minute else 0.0,
        "p99_last_ms": per_minute[-1]["p99_ms"] if per_minute else 0.0,
        "per_minute": per_minute, "per_game": per_game,
    }
