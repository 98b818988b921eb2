"""Measured strength of the computer levels: `main.py sim GAME --ai hard,normal,normal,normal`.

Plays whole games with one level per seat; the pattern rotates by one seat every game
(game/simulate.py's rotating_seat_types), so every level sits in every seat equally often
and seat order does not bias the figures. Reports each level's win share (a shared win
counts 1/k to each of its k winners; a level holding several seats wins when any of them
does) with a 95% Wilson score interval, beside its fair share (seats / players), and the
p50/p99 time of the Hard level's decisions (wall clock, and the deciding thread's CPU
time, which a busy machine does not inflate). Game g uses seed `seed * 1_000_003 + g`.
Hard plays on its iteration budget alone (its clock cap, a guard for the screen on a
loaded machine, is off), so the figures are reproducible whatever else the machine does.
"""

from __future__ import annotations

import math
import time
from functools import partial
from typing import Any

from game import registry
from game.levels import make_player
from game.parallel import play_ranges
from game.simulate import rotating_seat_types

Z95 = 1.959964
PARALLEL_FROM = 20  # games: a strength run is slow enough to use every core early


def game_seed(seed: int, g: int) -> int:
    return seed * 1_000_003 + g


def play_game(game: str, levels: list[str], seed: int, g: int
              ) -> tuple[list[int], list[str], list[tuple[float, float]]]:
    """Play game g; returns (winners, level per seat, (wall, CPU) seconds of each Hard
    decision with a choice)."""
    rules = registry.get(game).rules_module()
    players = len(levels)
    gs = game_seed(seed, g)
    seats = rotating_seat_types(levels, players, g)
    agents = [make_player(game, level, gs * 8 + s) for s, level in enumerate(seats)]
    for agent in agents:  # the iteration budget alone: figures that do not depend on load
        if hasattr(agent, "time_budget"):
            agent.time_budget = None
    state = rules.new_game(players, seed=gs)
    apply = getattr(state, "apply_quiet", state.apply)
    hard: list[tuple[float, float]] = []
    while True:
        cp = state.current_player
        if cp == rules.CHANCE:
            apply(state.sample_chance())
        elif cp == rules.TERMINAL:
            break
        else:
            legal = state.legal_actions()
            started, cpu = time.perf_counter(), time.thread_time()
            action = agents[cp].decide(state, legal)
            if seats[cp] == "hard" and len(legal) > 1:
                hard.append((time.perf_counter() - started, time.thread_time() - cpu))
            apply(action)
    return state.winners(), seats, hard


def _play_range(game: str, levels: list[str], job: tuple[int, int, int, int]
                ) -> dict[str, Any]:
    _players, seed, start, stop = job
    wins = dict.fromkeys(levels, 0.0)
    by_seat = [0.0] * len(levels)
    hard: list[tuple[float, float]] = []
    for g in range(start, stop):
        winners, seats, times = play_game(game, levels, seed, g)
        for w in winners:
            wins[seats[w]] += 1 / len(winners)
            by_seat[w] += 1 / len(winners)
        hard += times
    return {"wins": wins, "by_seat": by_seat, "hard": hard}


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion observed over n trials."""
    if n <= 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def match(game: str, levels: list[str], games: int, seed: int = 1,
          workers: int | None = None) -> dict[str, Any]:
    """Play `games` games with `levels` (one per seat, rotated) and return the figures."""
    if games < 1:
        raise ValueError("games must be at least 1")
    players = len(levels)
    registry.get(game).check_players(players)
    parts, seconds, workers = play_ranges(
        partial(_play_range, game, levels), games=games, players=players, seed=seed,
        workers=workers, parallel_from=PARALLEL_FROM)
    by_level = {}
    for level in dict.fromkeys(levels):
        won = sum(p["wins"][level] for p in parts)
        share = won / games
        lo, hi = wilson(share, games)
        seats = levels.count(level)
        by_level[level] = {"seats": seats, "fair_share": round(seats / players, 4),
                           "win_share": round(share, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    figures: dict[str, Any] = {
        "game": game, "games": games, "players": players, "seed": seed, "levels": levels,
        "workers": workers, "seconds": round(seconds, 2),
        "wins_by_level": by_level,
        "wins_by_seat": {str(s): round(sum(p["by_seat"][s] for p in parts) / games, 4)
                         for s in range(players)},
    }
    wall = sorted(t[0] for p in parts for t in p["hard"])
    cpu = sorted(t[1] for p in parts for t in p["hard"])
    if wall:
        figures["hard_decision_ms"] = {
            "decisions": len(wall), "p50": round(1000 * percentile(wall, 0.5), 2),
            "p99": round(1000 * percentile(wall, 0.99), 2), "max": round(1000 * wall[-1], 2),
            "cpu_p50": round(1000 * percentile(cpu, 0.5), 2),
            "cpu_p99": round(1000 * percentile(cpu, 0.99), 2)}
    return figures


def format_match(figures: dict[str, Any]) -> str:
    """The figures as a small table."""
    lines = [f"{figures['game']}: {figures['games']} games of {figures['players']} players "
             f"({', '.join(figures['levels'])}; seats rotated) in {figures['seconds']:.0f} s",
             f"{'level':8s} {'seats':>5s} {'fair':>7s} {'win share':>10s}   95% interval"]
    for level, row in figures["wins_by_level"].items():
        lo, hi = row["ci95"]
        lines.append(f"{level:8s} {row['seats']:5d} {row['fair_share']:7.1%} "
                     f"{row['win_share']:10.1%}   {lo:.1%} - {hi:.1%}")
    hard = figures.get("hard_decision_ms")
    if hard:
        lines.append(f"hard decisions: {hard['decisions']}, wall p50 {hard['p50']:.1f} ms, "
                     f"p99 {hard['p99']:.1f} ms, max {hard['max']:.1f} ms; CPU p50 "
                     f"{hard['cpu_p50']:.1f} ms, p99 {hard['cpu_p99']:.1f} ms")
    return "\n".join(lines)
