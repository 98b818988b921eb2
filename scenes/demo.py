"""The demos: computer players play on their own, game after game.

`DemoScene(game=..., players=...)` is what the title's "Demo" entry (`TitleDemo`: each
press the next game) and `main.py demo GAME` open: the game's own table screen
(`GameScreens.table`) where every seat is a computer player (`pace`: the animation speed
factor, `main.py demo GAME --speed X`, by default the game's `demo_pace`); the seats play
Hard against Normal. `AttractDemo(rng)` is the title's attract mode: a random game, any
input returns to the title at once (a caption across the foot says so: "DEMO · press any
button"), and at the end of a game the next one starts (no results screen to wait on), so
it loops for hours. A game without screens is refused with a clear message
(`DemoUnavailable`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from functools import cache

import pygame

from scenes import registry
from scenes.engine import draw
from scenes.engine.input import DEVICE_ADDED, DEVICE_REMOVED, Action
from scenes.engine.loop import STEP
from scenes.engine.palette import GOLD, INK
from scenes.engine.scene import Host, Scene
from scenes.engine.widgets import PromptBar


class DemoUnavailable(ValueError):
    """The demo of a game whose screens do not exist."""


def available() -> tuple[str, ...]:
    """The games with a demo: every game with screens."""
    return registry.ids()


def check(game: str) -> None:
    """Raise DemoUnavailable for a game without screens (main.py says so and exits 2)."""
    if not registry.known(game):
        raise DemoUnavailable(f"no demo for {game!r}: it has no game screens "
                              f"(demos exist for: {', '.join(available())})")


def _computer_table(table: type, game: str, players: int, seed: int | None,
                    pace: float | None) -> Scene:
    """`table` (the game's screen or a subclass) with `players` computer seats (clamped to
    the game's range)."""
    screens = registry.get(game)
    seats = screens.seats_module()
    count = max(seats.MIN_SEATS, min(seats.MAX_SEATS, players))
    scene: Scene = table(seats.default_seats(count, humans=0), seed=seed, demo=True,
                         pace=screens.demo_pace if pace is None else pace)
    return scene


def DemoScene(game: str | None = None, players: int = 4,  # noqa: N802 (a screen's factory)
              seed: int | None = None, pace: float | None = None) -> Scene:
    """The demo of `game` (the first game by default): its table, every seat a computer."""
    game = available()[0] if game is None else game
    check(game)
    return _computer_table(registry.get(game).table_class(), game, players, seed, pace)


CAPTION = "DEMO  ·  press any button"
ATTRACT_PLAYERS = 4
ATTRACT_NEXT = 4.0  # seconds the finished board stays before the next attract game


class Attract:
    """Mixed into a demo: any button, key, click or stick returns to the title, and a
    finished game is followed by the next attract game instead of a results screen."""

    rng: random.Random
    ended: float
    leaving: bool
    app: Host  # the table's, as the rest below
    pace: float
    _to_title: Callable[[], None]

    def handle(self, action: Action) -> bool:
        if action.pressed and action.name not in (DEVICE_ADDED, DEVICE_REMOVED):
            self._to_title()
            return True
        return True  # releases and moves change nothing here

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        """The game as it plays, and across the prompt bar what this is and how to leave
        it: "DEMO · press any button" (the bar's own words would offer Skip and Fast)."""
        super().draw(canvas, alpha)  # type: ignore[misc]
        bar = pygame.Rect(0, 720 - PromptBar.HEIGHT, 1280, PromptBar.HEIGHT)
        pygame.draw.rect(canvas, INK, bar)
        pygame.draw.line(canvas, GOLD, bar.topleft, bar.topright, 3)
        fonts = self.app.fonts
        font = fonts.fit("display", 34, CAPTION, bar.w - 40, 22)
        draw.text(canvas, font, CAPTION, bar.center, GOLD)

    def show_results(self) -> None:
        """A short pause on the final table, then a new scene (nothing old is kept)."""
        self.ended += STEP
        if self.ended >= ATTRACT_NEXT and not self.leaving:
            self.leaving = True
            thinker = getattr(self, "thinker", None)
            if thinker is not None:
                thinker.cancel()
            self.app.stack.replace(AttractDemo(self.rng, pace=self.pace))


@cache
def _attract(table: type) -> type:
    """The game's table screen with `Attract` mixed in (one class per game)."""
    return type(f"Attract{table.__name__}", (Attract, table), {})


_next_game: Iterator[str] | None = None


def TitleDemo() -> Scene:  # noqa: N802 (a scene factory, named as the scene it makes)
    """The title's "Demo" entry: each press shows the next game, so all are seen."""
    global _next_game
    if _next_game is None:
        _next_game = itertools.cycle(available())
    return DemoScene(game=next(_next_game))


def AttractDemo(rng: random.Random, seed: int | None = None,  # noqa: N802
                pace: float = 1.0) -> Scene:
    """The title's attract mode: a demo of a random game (a scene factory); `pace` 1
    plays with full animations (tests run it faster)."""
    game = rng.choice(available())
    table = _attract(registry.get(game).table_class())
    scene = _computer_table(table, game, ATTRACT_PLAYERS, seed, pace)
    scene.rng, scene.ended = rng, 0.0  # type: ignore[attr-defined]
    return scene


__all__ = ["Attract", "AttractDemo", "DemoScene", "DemoUnavailable", "TitleDemo", "available",
           "check"]
