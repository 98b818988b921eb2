"""The computer players of both games by level name: random, easy, normal, hard.

Scenes, the attract mode and `main.py sim GAME --ai ...` pick players here by name:

    from game.levels import make_player
    agent = make_player("startupfever", "hard", seed=7)
    action = agent.decide(state, state.legal_actions())   # or an observation dict (SF)

A hard decision can take a few hundred ms: a scene runs it in a `game.thinker.Thinker`
so that the 60 Hz loop never waits for it.
"""

from __future__ import annotations

from typing import Any

from game import registry
from game.registry import LEVELS


def level_table(game: str) -> dict[str, type]:
    """Level name -> player class of `game` (the registry's `GameInfo.levels`)."""
    return registry.get(game).level_table()


def make_player(game: str, level: str, seed: int | None = None, *, clock: bool = True) -> Any:
    """A new computer player of `game` at `level`, with its own seeded RNG.

    clock=False drops a searching player's wall-clock cap (it keeps its iteration budget),
    so its decisions depend only on what it sees and its seed: headless runs and tests
    replay exactly, whatever the machine's load.
    """
    table = level_table(game)
    if level not in table:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(table)})")
    player = table[level](seed)
    if not clock and hasattr(player, "time_budget"):
        player.time_budget = None
    return player


def parse_levels(text: str, game: str | None = None) -> list[str]:
    """'hard,normal,normal,normal' -> the list of level names (ValueError names a bad one).
    With `game`, that game's own extra players count too (Startup Fever's "simple")."""
    known = list(LEVELS) + [n for n in (level_table(game) if game else ()) if n not in LEVELS]
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in known:
            raise ValueError(f"unknown level {name!r} (levels: {', '.join(known)})")
    if not names:
        raise ValueError("no levels given (e.g. hard,normal,normal,normal)")
    return names
