"""The attract-mode demo: computer players play on their own, game after game.

`DemoScene(game=..., players=...)` is what the title's "Demo" entry and `main.py demo GAME`
open. SERVERMANIA is playable; a game whose screens are not built yet is refused with a
clear message (`DemoUnavailable`) instead of showing something fake.
"""

from __future__ import annotations

from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import MAX_SEATS, MIN_SEATS, default_seats

AVAILABLE = ("servermania",)


class DemoUnavailable(ValueError):
    """The demo of a game whose screens do not exist yet."""


def check(game: str) -> None:
    """Raise DemoUnavailable for a game without screens (main.py says so and exits 2)."""
    if game not in AVAILABLE:
        raise DemoUnavailable(f"no demo for {game!r} yet: its game screens are not built "
                              f"(demos exist for: {', '.join(AVAILABLE)})")


class DemoScene(BoardScene):
    """A SERVERMANIA board where every seat is a computer player; any button leaves."""

    def __init__(self, game: str = "servermania", players: int = 4,
                 seed: int | None = None, pace: float = 1.0) -> None:
        check(game)
        count = max(MIN_SEATS, min(MAX_SEATS, players))
        super().__init__(default_seats(count, humans=0), seed=seed, demo=True, pace=pace)


__all__ = ["AVAILABLE", "DemoScene", "DemoUnavailable", "check"]
