"""Game-agnostic front of the simulators behind `main.py sim GAME`.

Each game package provides `sim.simulate(games, players, seed) -> dict` with at least the
keys games, seconds, games_per_second, avg_turns, wins_by_seat and violations.
"""

from __future__ import annotations

import importlib
from typing import Any


def simulate(game: str, *, games: int, players: int, seed: int) -> dict[str, Any]:
    """Run `games` whole games of `game` and return the figures."""
    module = importlib.import_module(f"game.{game}.sim")
    return module.simulate(games=games, players=players, seed=seed)


def format_report(game: str, figures: dict[str, Any]) -> str:
    """Readable multi-line report of the figures from `simulate`."""
    lines = [f"{game}: {figures['games']} games in {figures['seconds']:.2f} s "
             f"({figures['games_per_second']:.0f} games/s)"]
    lines.append(f"average turns per game: {figures['avg_turns']:.1f}")
    if "avg_years" in figures:
        lines.append(f"average years per game: {figures['avg_years']:.2f}")
    titles = (("wins_by_seat", "win share by seat"), ("wins_by_type", "win share by player type"))
    for key, title in titles:
        if key in figures:
            shares = ", ".join(f"{k}: {v:.1%}" for k, v in figures[key].items())
            lines.append(f"{title}: {shares}")
    lines.append(f"invariant violations: {figures['violations']}")
    for detail in figures.get("violation_examples", [])[:5]:
        lines.append(f"  - {detail}")
    return "\n".join(lines)
