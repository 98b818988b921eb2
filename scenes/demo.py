"""The demos: computer players play on their own, game after game.

`DemoScene(game=..., players=...)` is what the title's "Demo" entry and `main.py demo GAME`
open (`pace`: the animation speed factor, `main.py demo GAME --speed X`). The seats play
Hard against Normal. `AttractDemo` is the title's attract mode: a random available game,
any input returns to the title at once, and at the end of a game the next one starts
(no results screen to wait on), so it loops for hours.
SERVERMANIA is playable; a game whose screens are not built yet is refused with a clear
message (`DemoUnavailable`) instead of showing something fake.
"""

from __future__ import annotations

import random

from scenes.engine.input import DEVICE_ADDED, DEVICE_REMOVED, Action
from scenes.engine.loop import STEP
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


ATTRACT_PLAYERS = 4
ATTRACT_NEXT = 4.0  # seconds the finished board stays before the next attract game


class AttractDemo(DemoScene):
    """The title's attract mode: any button, key, click or stick returns to the title."""

    def __init__(self, rng: random.Random, pace: float = 1.0) -> None:
        self.rng = rng
        super().__init__(game=rng.choice(AVAILABLE), players=ATTRACT_PLAYERS,
                         seed=rng.randrange(1 << 30), pace=pace)
        self.ended = 0.0

    def handle(self, action: Action) -> bool:
        if action.pressed and action.name not in (DEVICE_ADDED, DEVICE_REMOVED):
            self._to_title()
            return True
        return True  # releases and moves change nothing here

    def show_results(self) -> None:
        """Instead of the results screen: a short pause on the final board, then the next
        attract game (a new scene: nothing of the old game is kept)."""
        self.ended += STEP
        if self.ended >= ATTRACT_NEXT and not self.leaving:
            self.leaving = True
            self.thinker.cancel()
            self.app.stack.replace(AttractDemo(self.rng, self.pace))


__all__ = ["AVAILABLE", "AttractDemo", "DemoScene", "DemoUnavailable", "check"]
