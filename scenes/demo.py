"""The attract-mode demo: computer players play on their own, game after game.

`DemoScene(game=..., players=...)` is what the title's "Demo" entry and `main.py demo GAME`
open: a SERVERMANIA board or a Startup Fever table where every seat is a computer player.
A game whose screens are not built is refused with a clear message (`DemoUnavailable`)
instead of showing something fake.
"""

from __future__ import annotations

from scenes.engine.scene import Scene
from scenes.servermania import seats as sm_seats
from scenes.servermania.board_scene import BoardScene
from scenes.startupfever import seats as sf_seats
from scenes.startupfever.table_scene import TableScene

AVAILABLE = ("servermania", "startupfever")
# Startup Fever's demo plays 3.5× the normal pace: a whole four-company game (some
# 44,000-62,000 updates at speed 1 for 4-6 years) then fits `--frames 20000`.
SF_DEMO_PACE = 3.5


class DemoUnavailable(ValueError):
    """The demo of a game whose screens do not exist."""


def check(game: str) -> None:
    """Raise DemoUnavailable for a game without screens (main.py says so and exits 2)."""
    if game not in AVAILABLE:
        raise DemoUnavailable(f"no demo for {game!r}: its game screens are not built "
                              f"(demos exist for: {', '.join(AVAILABLE)})")


class DemoScene(BoardScene):
    """A SERVERMANIA board where every seat is a computer player; any button leaves.

    Called with game="startupfever" it builds a Startup Fever table instead (`__new__`
    returns a `StartupFeverDemo`), so every caller keeps one name for both demos.
    """

    def __new__(cls, game: str = "servermania", players: int = 4, seed: int | None = None,
                pace: float | None = None) -> Scene:
        check(game)
        if game == "startupfever":
            return StartupFeverDemo(players, seed, SF_DEMO_PACE if pace is None else pace)
        return super().__new__(cls)

    def __init__(self, game: str = "servermania", players: int = 4,
                 seed: int | None = None, pace: float | None = None) -> None:
        count = max(sm_seats.MIN_SEATS, min(sm_seats.MAX_SEATS, players))
        super().__init__(sm_seats.default_seats(count, humans=0), seed=seed, demo=True,
                         pace=1.0 if pace is None else pace)


class StartupFeverDemo(TableScene):
    """A Startup Fever table of computer companies; any button leaves, results loop."""

    def __init__(self, players: int = 4, seed: int | None = None,
                 pace: float = SF_DEMO_PACE) -> None:
        count = max(sf_seats.MIN_SEATS, min(sf_seats.MAX_SEATS, players))
        super().__init__(sf_seats.default_seats(count, humans=0), seed=seed, demo=True,
                         pace=pace)


__all__ = ["AVAILABLE", "DemoScene", "DemoUnavailable", "StartupFeverDemo", "check"]
