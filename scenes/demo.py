"""The demos: computer players play on their own, game after game.

`DemoScene(game=..., players=...)` is what the title's "Demo" entry (`TitleDemo`: each
press the next game) and `main.py demo GAME` open: a SERVERMANIA board or a Startup Fever
table where every seat is a computer player (`pace`: the animation speed factor,
`main.py demo GAME --speed X`); the seats play Hard
against Normal. `AttractDemo(rng)` is the title's attract mode: a random available game,
any input returns to the title at once (a caption across the foot says so: "DEMO · press
any button"), and at the end of a game the next one starts (no results screen to wait
on), so it loops for hours. A game whose screens are not built is
refused with a clear message (`DemoUnavailable`) instead of showing something fake.
"""

from __future__ import annotations

import itertools
import random

import pygame

from scenes.engine import draw
from scenes.engine.input import DEVICE_ADDED, DEVICE_REMOVED, Action
from scenes.engine.loop import STEP
from scenes.engine.palette import GOLD, INK
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar
from scenes.servermania import seats as sm_seats
from scenes.servermania.board_scene import BoardScene
from scenes.startupfever import seats as sf_seats
from scenes.startupfever.table_scene import TableScene
from scenes.startupfever.watch import DEMO_PACE

AVAILABLE = ("servermania", "startupfever")
# Startup Fever's demo plays 3× the normal pace, its cards, showdowns and winner at a
# pace a watcher can follow (scenes/startupfever/watch.py).
SF_DEMO_PACE = DEMO_PACE


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


CAPTION = "DEMO  ·  press any button"
ATTRACT_PLAYERS = 4
ATTRACT_NEXT = 4.0  # seconds the finished board stays before the next attract game


class Attract:
    """Mixed into a demo: any button, key, click or stick returns to the title, and a
    finished game is followed by the next attract game instead of a results screen."""

    rng: random.Random
    ended: float
    leaving: bool

    def __new__(cls, *_args: object, **_kwargs: object) -> Attract:
        return object.__new__(cls)  # not DemoScene.__new__: the game is already chosen

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
        fonts = self.app.fonts  # type: ignore[attr-defined]
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


class _AttractBoard(Attract, DemoScene):
    def __init__(self, rng: random.Random, seed: int | None = None, pace: float = 1.0) -> None:
        self.rng, self.ended = rng, 0.0
        DemoScene.__init__(self, "servermania", ATTRACT_PLAYERS, seed, pace)


class _AttractTable(Attract, StartupFeverDemo):
    def __init__(self, rng: random.Random, seed: int | None = None, pace: float = 1.0) -> None:
        self.rng, self.ended = rng, 0.0
        StartupFeverDemo.__init__(self, ATTRACT_PLAYERS, seed, pace=pace)


_NEXT_GAME = itertools.cycle(AVAILABLE)


def TitleDemo() -> Scene:  # noqa: N802 (a scene factory, named as the scene it makes)
    """The title's "Demo" entry: each press shows the next game (SERVERMANIA, then
    Startup Fever, ...), so both are seen."""
    return DemoScene(game=next(_NEXT_GAME))


def AttractDemo(rng: random.Random, seed: int | None = None,  # noqa: N802
                pace: float = 1.0) -> Scene:
    """The title's attract mode: a demo of a random available game (a scene factory);
    `pace` 1 plays with full animations (tests run it faster)."""
    game = rng.choice(AVAILABLE)
    cls = _AttractBoard if game == "servermania" else _AttractTable
    return cls(rng, seed, pace)


__all__ = ["AVAILABLE", "Attract", "AttractDemo", "DemoScene", "DemoUnavailable",
           "StartupFeverDemo", "TitleDemo", "check"]
