"""`python main.py bench [--json]`: the project's speed and memory figures in one run.

- sims: each game's simulator (the code of `main.py sim`), on one process and on every
  core (`GameInfo.bench_games` four-player games);
- frames: headless update + draw times of the title and of every game's table
  (`BOARD_SCENES`: each game's `GameScreens.bench`), with the share of frames over the
  16.7 ms budget of 60 Hz;
- start-up: from process start to the first title frame on screen (`main.py --headless
  --frames 1`, which says when: `FIRST_FRAME_ENV`), the median of 5 fresh processes,
  alternated with 5 bare pygame-ce windows: the ratio of the two medians;
- demo peak RSS: the peak resident memory of a fresh process playing one whole demo game
  of each game with screens (`main.py soak GAME --games 1`);
- AI decision time p50/p99 per level of each game (`AI_LEVELS`, from `game.levels`;
  `GameInfo.bench_level_games` whole four-player games per level);
- phones: TV frame times of a 6-seat Startup Fever table played on six phones over a
  real loopback hub, and the state change -> phone latency (`bench_phones`).

Another board scene or AI level is one more entry in its table. Figures for people and
PERFORMANCE.md; nothing here asserts a speed.
"""

from __future__ import annotations

import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from game import registry as game_registry
from scenes import registry
from scenes.engine.paths import ROOT
from scenes.registry import resolve

#: (game, games per run) for the simulator figures
SIMS = tuple((info.id, info.bench_games) for info in game_registry.games())
STARTUP_RUNS = 5
DEMO_PACE = 8.0  # the demo game for peak RSS plays its animations this much faster


def _board_scene(measures: tuple[str, ...]) -> Callable[[int], dict[str, dict[str, float]]]:
    """One measure(frames) of every "module:function" a game's screens name."""

    def measure(frames: int) -> dict[str, dict[str, float]]:
        parts: dict[str, dict[str, float]] = {}
        for target in measures:
            parts |= resolve(target)(frames)
        return parts

    return measure


#: game id -> measure(frames) returning named parts ("moving", "calm", ...): each game's
#: `GameScreens.bench`
BOARD_SCENES: dict[str, Callable[[int], dict[str, dict[str, float]]]] = {
    screens.id: _board_scene(screens.bench) for screens in registry.games() if screens.bench}


#: whole four-player games timed per level, per game (`GameInfo.bench_level_games`)
AI_GAMES = {info.id: info.bench_level_games for info in game_registry.games()}


def ai_decision_figures(game: str, level: str, games: int) -> dict[str, float]:
    """Wall milliseconds of every decision with a choice (more than one legal action) made
    by four `level` players over `games` whole games, as a screen would ask them; for a
    searching player (one that reports `last.samples` and `last.candidates`, as Startup
    Fever's Hard does) also the CPU microseconds per look-ahead (one candidate played on
    one sample)."""
    from game.levels import make_player

    rules = game_registry.get(game).rules_module()
    times: list[float] = []
    lookaheads = 0
    search_cpu = 0.0
    for g in range(games):
        state = rules.new_game(4, seed=1000 + g)
        agents = [make_player(game, level, seed=8 * g + seat) for seat in range(4)]
        while not state.is_terminal():
            seat = state.current_player
            if seat == rules.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            started, cpu = time.perf_counter(), time.thread_time()
            action = agents[seat].decide(state, legal)
            if len(legal) > 1:
                times.append((time.perf_counter() - started) * 1000)
                stats = getattr(agents[seat], "last", None)  # a search's figures, if any
                if stats is not None and stats.samples:
                    lookaheads += stats.samples * stats.candidates
                    search_cpu += time.thread_time() - cpu
            state.apply(action)
    times.sort()
    n = len(times)
    figures = {"decisions": n, "p50_ms": times[n // 2] if n else 0.0,
               "p99_ms": times[min(n - 1, int(n * 0.99))] if n else 0.0}
    if lookaheads:
        figures["lookahead_us"] = search_cpu / lookaheads * 1e6
    return figures


def _ai_levels() -> dict[str, Callable[[], dict[str, float]]]:
    from functools import partial

    from game.levels import LEVELS

    return {f"{game}/{level}": partial(ai_decision_figures, game, level, games)
            for game, games in AI_GAMES.items() for level in LEVELS
            if level in game_registry.get(game).level_table()}


#: "game/level" -> measure() returning {"decisions": n, "p50_ms": ..., "p99_ms": ...}
AI_LEVELS: dict[str, Callable[[], dict[str, float]]] = _ai_levels()


def sim_figures(game: str, games: int) -> dict[str, Any]:
    """Games/s of `game`'s simulator on one process and on every core."""
    from game.simulate import simulate_levels

    info = game_registry.get(game)
    simulate = importlib.import_module(info.sim).simulate if info.sim else \
        partial(simulate_levels, game)
    out = {}
    for label, workers in (("one_process", 1), ("all_cores", os.cpu_count() or 1)):
        result = simulate(games=games, players=4, seed=1, workers=workers)
        out[label] = {k: result[k] for k in ("games", "workers", "seconds",
                                             "games_per_second", "violations", "engine")
                      if k in result}
    return out


def phone_figures() -> dict[str, Any]:
    """Six phones on loopback: the TV's frames and the phones' latency (bench_phones)."""
    from scenes.tools.bench_phones import measure

    return measure()


#: a bare pygame-ce window: the yardstick of start-up (same interpreter, same drivers)
BARE_WINDOW = ("import time, pygame; pygame.display.init(); "
               "screen = pygame.display.set_mode((1280, 720)); "
               "screen.fill((0, 0, 0)); pygame.display.flip(); "
               "print(f'first frame at {time.time():.6f}', flush=True); pygame.quit()")


def _time_to_first_frame(argv: list[str]) -> float:
    """Milliseconds from starting `argv` to the first frame it reports on screen."""
    from scenes.engine.app import FIRST_FRAME_ENV

    env = {**_child_env(), FIRST_FRAME_ENV: "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a player's machine keeps its bytecode cache
    started = time.time()
    done = subprocess.run(argv, cwd=ROOT, check=True, capture_output=True, text=True, env=env)
    shown = next(float(line.split()[-1]) for line in done.stdout.splitlines()
                 if line.startswith("first frame at "))
    return (shown - started) * 1000


def startup_figures(runs: int = STARTUP_RUNS) -> dict[str, Any]:
    """Milliseconds from starting `main.py` to its first title frame on screen, `runs`
    fresh times, alternated with as many fresh bare pygame-ce windows (`BARE_WINDOW`);
    `ratio` is the game's median over the bare window's (the bytecode cache is allowed:
    one warm-up run each first)."""
    game = [sys.executable, "main.py", "--headless", "--frames", "1"]
    bare = [sys.executable, "-c", BARE_WINDOW]
    _time_to_first_frame(game), _time_to_first_frame(bare)  # warm the bytecode and disk
    times, bare_times = [], []
    for _ in range(runs):
        times.append(_time_to_first_frame(game))
        bare_times.append(_time_to_first_frame(bare))
    median, bare_median = statistics.median(times), statistics.median(bare_times)
    return {"runs": runs, "median_ms": median, "min_ms": min(times), "max_ms": max(times),
            "bare_window_ms": bare_median, "ratio": median / bare_median}


def demo_peak_rss(game: str, pace: float = DEMO_PACE) -> dict[str, Any]:
    """Peak resident MiB of a fresh process playing one whole demo game of `game`."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "main.py", "soak", game, "--games", "1",
                             "--minutes", "60", "--pace", str(pace)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=_child_env())
    try:
        _, status, usage = os.wait4(proc.pid, 0)
    except BaseException:  # a stop signal: the child never outlives the bench
        proc.kill()
        proc.wait()
        raise
    proc.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return {"peak_rss_mb": round(peak, 1), "seconds": round(time.perf_counter() - started, 1),
            "pace": pace, "exit": proc.returncode}


def _child_env() -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def collect(frames: int = 1800) -> dict[str, Any]:
    """Run every measurement and return the figures as plain data."""
    from scenes.app import measure_frames, use_dummy_drivers
    from scenes.demo import available

    figures: dict[str, Any] = {"sims": {game: sim_figures(game, games) for game, games in SIMS}}
    use_dummy_drivers()
    figures["frames"] = {"title": {"all": measure_frames(frames)}}
    for name, measure in BOARD_SCENES.items():
        figures["frames"][name] = measure(frames)
    figures["startup"] = startup_figures()
    figures["demo_peak_rss"] = {game: demo_peak_rss(game) for game in available()}
    figures["ai_decision"] = {name: measure() for name, measure in AI_LEVELS.items()}
    figures["phones"] = phone_figures()
    return figures


def report(figures: dict[str, Any]) -> str:
    lines = []
    for game, runs in figures["sims"].items():
        for label, sim in runs.items():
            lines.append(f"sim {game:13s} {label.replace('_', ' '):11s} {sim['games']:5d} "
                         f"four-player games in {sim['seconds']:.2f} s = "
                         f"{sim['games_per_second']:.0f} games/s on {sim['workers']} "
                         f"process(es), {sim['violations']} violations"
                         + (f" ({sim['engine']} engine)" if "engine" in sim else ""))
            if sim.get("engine") == "python" and label == "one_process":
                lines.append("  (plain Python: `uv run --group engine main.py build-engine` "
                             "compiles these rules, 2-3x faster)")
    for scene, parts in figures["frames"].items():
        for part, stats in parts.items():
            if stats.get("frames"):
                lines.append(f"frames {scene} ({part}): median {stats['median_ms']:.2f} ms, "
                             f"p99 {stats['p99_ms']:.2f} ms, max {stats['max_ms']:.2f} ms, "
                             f"{stats['over_budget']:.1%} over 16.7 ms "
                             f"({stats['frames']} frames)")
    lines.append(report_startup(figures["startup"]))
    for game, rss in figures["demo_peak_rss"].items():
        lines.append(f"peak RSS of one {game} demo game: {rss['peak_rss_mb']:.0f} MB "
                     f"({rss['seconds']:.0f} s at pace {rss['pace']:g})")
    if figures["ai_decision"]:
        for level, ai in figures["ai_decision"].items():
            lines.append(f"AI {level}: p50 {ai['p50_ms']:.2f} ms, p99 {ai['p99_ms']:.2f} ms "
                         f"over {ai['decisions']} decisions"
                         + (f", {ai['lookahead_us']:.0f} us CPU per look-ahead"
                            if "lookahead_us" in ai else ""))
    else:
        lines.append("AI decision time per level: no AI levels yet")
    if "phones" in figures:
        from scenes.tools.bench_phones import report as report_phones

        lines.extend(report_phones(figures["phones"]))
    return "\n".join(lines)


def report_startup(start: dict[str, Any]) -> str:
    return (f"start-up to the first title frame: median {start['median_ms']:.0f} ms "
            f"of {start['runs']} fresh processes (min {start['min_ms']:.0f}, "
            f"max {start['max_ms']:.0f}) = {start['ratio']:.2f}x a bare pygame-ce "
            f"window ({start['bare_window_ms']:.0f} ms, alternated)")


def run_bench(as_json: bool = False, startup_only: bool = False) -> int:
    if startup_only:
        figures = startup_figures()
        print(json.dumps(figures) if as_json else report_startup(figures))
        return 0
    figures = collect()
    print(json.dumps(figures) if as_json else report(figures))
    return 0
