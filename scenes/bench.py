"""`python main.py bench`: the project's speed figures in one run.

Simulation speed of both rules engines (the same code as `main.py sim`) and headless
frame times (update + draw) of the title, of a SERVERMANIA board where pawns hop and
the die tumbles, and of the busiest Startup Fever table (six companies, every piece out,
things flying; budget p99 <= 4 ms). Figures for people and notes; nothing here asserts
a speed.
"""

from __future__ import annotations

import json
from typing import Any

SIMS = (("servermania", 2000), ("startupfever", 300))


def collect(frames: int = 1800) -> dict[str, Any]:
    """Run every measurement and return the figures as plain data."""
    from game.simulate import simulate
    from scenes.app import measure_frames, use_dummy_drivers
    from scenes.servermania.bench import measure as board_frames
    from scenes.startupfever.bench import measure as table_frames
    from scenes.startupfever.bench import measure_scene as sf_scene_frames

    figures: dict[str, Any] = {}
    for game, games in SIMS:
        result = simulate(game, games=games, players=4, seed=1)
        figures[f"sim_{game}"] = {k: result[k] for k in
                                  ("games", "seconds", "games_per_second", "violations")}
    use_dummy_drivers()
    figures["frames_title"] = measure_frames(frames)
    figures["frames_servermania_board"] = board_frames(frames)
    figures["frames_startupfever_table"] = {**table_frames(frames), **sf_scene_frames(frames)}
    return figures


def report(figures: dict[str, Any]) -> str:
    lines = []
    for game, _ in SIMS:
        sim = figures[f"sim_{game}"]
        lines.append(f"sim {game:13s} {sim['games']:5d} four-player games in "
                     f"{sim['seconds']:.2f} s = {sim['games_per_second']:.0f} games/s, "
                     f"{sim['violations']} violations")
    title = figures["frames_title"]
    lines.append(f"frames title          mean {title['mean_ms']:.2f} ms, "
                 f"p95 {title['p95_ms']:.2f} ms, max {title['max_ms']:.2f} ms "
                 f"(budget 16.7 ms at 60 Hz)")
    for name, part in figures["frames_servermania_board"].items():
        if part.get("frames"):
            lines.append(f"frames board ({name:6s}) mean {part['mean_ms']:.2f} ms, "
                         f"p99 {part['p99_ms']:.2f} ms, max {part['max_ms']:.2f} ms "
                         f"over {part['frames']} frames")
    for name, part in figures["frames_startupfever_table"].items():
        if part.get("frames"):
            lines.append(f"frames SF table ({name:11s}) mean {part['mean_ms']:.2f} ms, "
                         f"p99 {part['p99_ms']:.2f} ms, max {part['max_ms']:.2f} ms "
                         f"over {part['frames']} frames (6 seats, budget p99 4 ms)")
    return "\n".join(lines)


def run_bench(as_json: bool = False) -> int:
    figures = collect()
    print(json.dumps(figures) if as_json else report(figures))
    return 0
