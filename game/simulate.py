"""Game-agnostic front of the simulators behind `main.py sim GAME`, and what both
simulators share: the rotating seat pattern and the win and violation tally.

Each game package provides `sim.simulate(games, players, seed) -> dict` with at least the
keys games, seconds, games_per_second, avg_turns, wins_by_seat and violations.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from typing import Any

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


PLAYERS = {"servermania": (2, 4), "startupfever": (2, 6)}  # each game's player count
TITLES = {"servermania": "SERVERMANIA", "startupfever": "Startup Fever"}


def check_players(game: str, players: int) -> None:
    """ValueError (one line) unless `game` is played by `players`: checked before any
    table is sized by it (a count of 100,000,000 used to allocate gigabytes first)."""
    low, high = PLAYERS[game]
    if not low <= players <= high:
        raise ValueError(f"{TITLES[game]} is for {low}-{high} players, not {players}")


def simulate(game: str, *, games: int, players: int, seed: int, **options: Any
             ) -> dict[str, Any]:
    """Run `games` whole games of `game` and return the figures; `options` go to that
    game's simulator as they are (e.g. Startup Fever's rule_only)."""
    check_players(game, players)
    module = importlib.import_module(f"game.{game}.sim")
    return module.simulate(games=games, players=players, seed=seed, **options)


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
