"""Game-agnostic front of the simulators behind `main.py sim GAME`, and what both
simulators share: the rotating seat pattern and the win and violation tally.

A game's simulator (`GameInfo.sim`) provides `simulate(games, players, seed) -> dict` with at
least the keys games, seconds, games_per_second, avg_turns, wins_by_seat and violations; a
game without one plays through `simulate_levels` here.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from typing import Any

from game import registry

MAX_EXAMPLES = 10  # violation messages kept for the report


def mixed_seed(run_seed: int, game: int) -> int:
    """The seed of game `game` of the run seeded `run_seed`: a hash of both, so runs with
    different seeds share no games (with `run_seed + game`, `--seed 1` and `--seed 7`
    replayed 1,494 of 1,500 games) while a run stays reproducible from its seed."""
    digest = hashlib.blake2b(f"{run_seed}:{game}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # 63 bits: a plain non-negative int


def rotating_seat_types(types: Sequence[Any], players: int, g: int) -> list[Any]:
    """The pattern types[0], types[1], ... rotated by one seat every game: with an odd
    number of players too, every seat meets every position of the same mix equally often,
    so seat and player type are not confounded."""
    return [types[(seat + g) % players % len(types)] for seat in range(players)]


def new_tally(players: int, kinds: Sequence[str]) -> dict[str, Any]:
    """An empty tally for a range of games (a plain dict: it crosses process bounds)."""
    return {"by_seat": [0.0] * players, "by_type": {kind: 0.0 for kind in kinds},
            "violations": 0, "examples": []}


def tally_game(tally: dict[str, Any], winners: list[int], seat_kinds: list[str],
               violations: list[str]) -> None:
    """Add one game: a shared win counts 1/k for each of its k winners."""
    for w in winners:
        share = 1 / len(winners)
        tally["by_seat"][w] += share
        tally["by_type"][seat_kinds[w]] += share
    tally["violations"] += len(violations)
    examples = tally["examples"]
    examples += violations[:MAX_EXAMPLES - len(examples)]


def figures(parts: list[dict[str, Any]], averages: dict[str, float], *, games: int,
            players: int, seed: int, workers: int, seconds: float,
            kinds: Sequence[str]) -> dict[str, Any]:
    """The report of a whole run from its ranges' tallies; `averages` (already rounded,
    e.g. avg_turns) goes between the timing and the win shares."""
    by_seat = [sum(p["by_seat"][s] for p in parts) for s in range(players)]
    by_type = {kind: sum(p["by_type"][kind] for p in parts) for kind in kinds}
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "workers": workers,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else float(games),
        **averages,
        "wins_by_seat": {str(s): round(w / games, 4) for s, w in enumerate(by_seat)},
        "wins_by_type": {k: round(w / games, 4) for k, w in by_type.items()},
        "violations": sum(p["violations"] for p in parts),
        "violation_examples": [e for p in parts for e in p["examples"]][:MAX_EXAMPLES],
    }


def check_players(game: str, players: int) -> None:
    """ValueError (one line) unless `game` is played by `players` (`GameInfo.check_players`)."""
    registry.get(game).check_players(players)


def simulate(game: str, *, games: int, players: int, seed: int, workers: int | None = None,
             **options: Any) -> dict[str, Any]:
    """Run `games` whole games of `game` (on `workers` processes; None: as many as help)
    and return the figures; `options` go to that game's simulator as they are (those its
    `GameInfo.sim_options` names)."""
    info = registry.get(game)
    info.check_players(players)
    unknown = sorted(set(options) - set(info.sim_options))
    if unknown:
        raise ValueError(f"{info.title} has no simulator option {', '.join(unknown)}")
    if not info.sim:
        return simulate_levels(game, games=games, players=players, seed=seed, workers=workers)
    module = importlib.import_module(info.sim)
    figures: dict[str, Any] = module.simulate(games=games, players=players, seed=seed,
                                              workers=workers, **options)
    return figures


def _levels_range(game: str, job: tuple[int, int, int, int]) -> dict[str, Any]:
    """Games start..stop of a `simulate_levels` run, as a tally."""
    from game.levels import make_player

    players, seed, start, stop = job
    info = registry.get(game)
    rules = info.rules_module()
    tally = new_tally(players, ["normal"])
    tally["turns"] = 0
    for g in range(start, stop):
        gs = mixed_seed(seed, g)
        state = rules.new_game(players, seed=gs)
        agents = [make_player(game, "normal", gs * 8 + s, clock=False) for s in range(players)]
        broken = info.checker(state)
        violations: list[str] = []
        while not state.is_terminal():
            cp = state.current_player
            if cp == rules.CHANCE:
                state.apply(state.sample_chance())
            else:
                state.apply(agents[cp].decide(state, state.legal_actions()))
                tally["turns"] += 1
            violations += [f"seed {gs}: {v}" for v in broken()]
        tally_game(tally, state.winners(), ["normal"] * players, violations)
    return tally


def simulate_levels(game: str, *, games: int, players: int, seed: int,
                    workers: int | None = None) -> dict[str, Any]:
    """The simulator of a game without its own (`GameInfo.sim` ""): its Normal players in
    every seat, every invariant (`GameInfo.checker`) checked after every step; avg_turns
    counts the players' decisions."""
    from functools import partial

    from game.parallel import play_ranges

    parts, seconds, workers = play_ranges(partial(_levels_range, game), games=games,
                                          players=players, seed=seed, workers=workers,
                                          parallel_from=200)
    averages = {"avg_turns": round(sum(p["turns"] for p in parts) / games, 2)}
    return figures(parts, averages, games=games, players=players, seed=seed,
                   workers=workers, seconds=seconds, kinds=["normal"])


def format_report(game: str, figures: dict[str, Any]) -> str:
    """Readable multi-line report of the figures from `simulate`."""
    engine = f", {figures['engine']} engine" if "engine" in figures else ""
    lines = [f"{game}: {figures['games']} games in {figures['seconds']:.2f} s "
             f"({figures['games_per_second']:.0f} games/s{engine})"]
    lines.append(f"average turns per game: {figures['avg_turns']:.1f}")
    if "avg_years" in figures:
        lines.append(f"average years per game: {figures['avg_years']:.2f}")
    titles = (("wins_by_seat", "win share by seat"), ("wins_by_type", "win share by player type"))
    for key, title in titles:
        if key in figures:
            shares = ", ".join(f"{k}: {v:.1%}" for k, v in figures[key].items())
            lines.append(f"{title}: {shares}")
    if figures.get("rule_only"):
        fair = 1 / figures["players"]
        worst = max(figures["wins_by_seat"].values(), key=lambda w: abs(w - fair))
        lines.append(f"rule player in every seat: fair share {fair:.1%}, furthest seat "
                     f"{(worst - fair) * 100:+.1f} points")
    lines.append(f"invariant violations: {figures['violations']}")
    for detail in figures.get("violation_examples", [])[:5]:
        lines.append(f"  - {detail}")
    return "\n".join(lines)
