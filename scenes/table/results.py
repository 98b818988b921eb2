"""The results screen both games share: the winner celebrated, a table, a chart over time.

Each game's results subclass it (`scenes.servermania.results`, `scenes.startupfever.results`)
with its own figures: the table (`_draw_table`) and the chart (`_draw_chart`, drawn with
`_draw_axes` and `_draw_lines`). "Play again" asks the app for the game's own table
(`app.screens`, by the game's name). In the demo no menu is offered: any press returns to
the title, and the screen says so (and when the next demo game starts).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.input import Action, DeviceId
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL, WHITE, mix
from scenes.engine.scene import Scene
from scenes.engine.theme import THEME
from scenes.engine.widgets import Button, Menu, PromptBar, panel
from scenes.overlays import back_to_title
from scenes.seating import SeatDevices
from scenes.table import look
from scenes.table.effects import Effects

TABLE = pygame.Rect(30, 150, 600, 420)
CHART = pygame.Rect(660, 150, 590, 420)
BUTTONS_Y = 588  # the selected button grows 5 px; it must stay clear of the prompt bar
DEMO_RESTART = 8.0  # seconds before a demo starts its next game


class ResultsScene(Scene):
    """seats: the game's seats (name, colour, token). scores, winners: the rules' figures.
    history: one row of each seat's score per point of the chart.
    devices: the board's seat bindings, kept for "Play again" (a pad unplugged here
    leaves its seat shared in the next game rather than waiting for a pad that is gone)."""

    GAME = ""  # the game's screen name: "Play again" makes a new one
    TABLE_TITLE = ""  # the panels' titles
    CHART_TITLE = ""

    def __init__(self, seats: list[Any], scores: list[int], winners: list[int],
                 history: list[list[int]], demo: bool = False, pace: float = 1.0,
                 devices: SeatDevices | None = None) -> None:
        self.devices = devices or SeatDevices()
        self.seats, self.scores, self.winners = seats, scores, winners
        self.history = history or [scores]
        self.demo, self.pace = demo, pace
        self.order = sorted(range(len(seats)), key=lambda i: -scores[i])
        self.t = 0.0
        self.leaving = False

    def enter(self) -> None:
        self.app.audio.music("results")
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.effects = Effects(len(self.history))
        buttons = [Button("Play again", pygame.Rect(250, BUTTONS_Y, 370, 50)),
                   Button("Back to title", pygame.Rect(660, BUTTONS_Y, 370, 50))]
        self.menu = Menu(buttons)
        self.prompts = PromptBar([("leftright", "Choose"), ("confirm", "Select"),
                                  ("back", "Title")])
        if self.demo:  # any press leaves: say exactly that, and offer no menu
            self.prompts = PromptBar([("confirm", "Back to title"), ("back", "Back to title")])
        self.app.audio.play("fanfare")
        self.next_burst = 0.0

    def place_of(self, seat: int) -> int:
        """1-based place; equal scores share a place."""
        mine = self.scores[seat]
        return 1 + sum(1 for score in self.scores if score > mine)

    # -- input ---------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        if not action.pressed and action.name != "click":
            return False
        if self.demo and action.pressed and action.name in ("confirm", "back", "pause",
                                                            "click"):
            self._title()
            return True
        if action.name == "back":
            self._title()
            return True
        if action.name in ("left", "right"):
            action = Action("up" if action.name == "left" else "down", action.device)
        result = self.menu.handle(action)
        if result and result[0] == "move":
            self.app.audio.play("move")
        elif result and result[0] == "activate":
            self.app.audio.play("confirm")
            self._play_again() if result[1] == 0 else self._title()
        return True

    def _play_again(self) -> None:
        if self.leaving:
            return
        self.leaving = True
        self.app.stack.replace(self.app.screens.make(
            self.GAME, self.seats, demo=self.demo, pace=self.pace, devices=self.devices,
            **self.replay_options()))

    def replay_options(self) -> dict[str, Any]:
        """What else the next game keeps (Startup Fever: the agreed extra years)."""
        return {}

    def on_device_removed(self, device: DeviceId) -> None:
        seat = self.devices.seat_of(device)
        if seat is not None:
            self.devices.unbind(seat)

    def _title(self) -> None:
        if self.leaving:
            return
        self.leaving = True
        back_to_title(self.app)

    # -- time ----------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return self.app.settings.anim_speed * self.pace

    def update(self, dt: float) -> None:
        speed = self.speed
        self.t += dt * speed
        self.menu.update(dt)
        self.effects.update(dt * speed)
        if self.t >= self.next_burst:
            self.next_burst = self.t + 1.6
            x = 120 + (int(self.t * 7919) % 1040)
            self.effects.confetti((x, 120), 36, 800)
        if self.demo and self.t >= DEMO_RESTART:
            self._play_again()

    # -- drawing -------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        self._draw_title(canvas)
        panel(canvas, fonts, TABLE, self.TABLE_TITLE)
        self._draw_table(canvas)
        panel(canvas, fonts, CHART, self.CHART_TITLE)
        self._draw_chart(canvas)
        self.effects.draw(canvas, fonts)
        self._draw_choices(canvas)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def _draw_choices(self, canvas: pygame.Surface) -> None:
        """Play again / Back to title; a demo says when its next game starts instead."""
        fonts = self.app.fonts
        if self.demo:
            left = max(0, math.ceil((DEMO_RESTART - self.t) / max(0.01, self.speed)))
            draw.text(canvas, fonts.body(28), f"Demo: the next game starts in {left} s. "
                      "Press any button for the title.", (640, BUTTONS_Y + 25), CREAM,
                      outline=2)
        else:
            self.menu.draw(canvas, fonts)

    def _draw_title(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        names = " & ".join(self.seats[w].name for w in self.winners) or "Nobody"
        verb = "WINS!" if len(self.winners) == 1 else "WIN!"
        pop = pytweening.easeOutElastic(min(1.0, self.t / 1.0)) if self.t < 1.0 else 1.0
        font = fonts.display(round(70 * max(0.3, pop)))
        text = f"{names.upper()} {verb}"
        # volatile: a size per frame while it pops, then a title (~130 KB) that only this
        # screen shows; in the main cache each new winner's kept ~250 KB for good
        label = draw.render(font, text, GOLD, 6, volatile=True)
        rect = label.get_rect(center=(640, 70))
        shade = draw.render(font, text, INK, 6, INK, volatile=True)
        canvas.blit(shade, rect.move(0, 7))
        canvas.blit(label, rect)
        emblem = look.scaled("unicorn_emblem", (110, 110))
        bob = 8 * math.sin(self.t * 4)
        for x in (rect.left - 70, rect.right + 70):
            canvas.blit(emblem, emblem.get_rect(center=(x, 66 + bob)))
        if self.winners:
            for k, w in enumerate(self.winners):
                pawn = self.winner_image(w)
                hop = abs(math.sin(self.t * 5 + k)) * 14
                canvas.blit(pawn, pawn.get_rect(midbottom=(rect.left - 160 - 60 * k,
                                                           112 - hop)))

    def winner_image(self, seat: int) -> pygame.Surface:
        """The winner's figure beside the title: the game's own (a pawn here)."""
        return look.pawn(self.seats[seat].colour, self.seats[seat].token)

    def _draw_table(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError  # each game's results draw their own table

    def _draw_chart(self, canvas: pygame.Surface) -> None:
        raise NotImplementedError  # each game's results draw their own chart

    def _draw_axes(self, canvas: pygame.Surface, area: pygame.Rect, top: float, step: int,
                   label: Callable[[int], str]) -> None:
        """The chart's grid: a line and a `label` every `step` up to `top`, then the axes."""
        small = self.app.fonts.body(24)
        for k in range(int(top / step) + 1):
            value = k * step
            y = area.bottom - area.h * value / top
            pygame.draw.line(canvas, mix(PANEL, WHITE, 0.15), (area.x, y), (area.right, y), 1)
            draw.text(canvas, small, label(value), (area.x - 10, y), MUTED, anchor="midright")
        pygame.draw.line(canvas, CREAM, area.bottomleft, area.bottomright, 3)
        pygame.draw.line(canvas, CREAM, area.bottomleft, area.topleft, 3)

    def _draw_lines(self, canvas: pygame.Surface, area: pygame.Rect, top: float) -> None:
        """Each seat's line, one point per row of the history, drawn in over 1.8 s; the
        winners' lines on top and each line's end marked with its seat's badge."""
        steps = len(self.history) - 1
        reveal = pytweening.easeInOutQuad(min(1.0, self.t / 1.8))
        shown = max(2, 1 + round(steps * reveal))
        for seat in sorted(range(len(self.seats)), key=lambda s: s in self.winners):
            colour = THEME.player_rgb(self.seats[seat].colour)
            points = [(area.x + area.w * i / max(1, steps),
                       area.bottom - area.h * row[seat] / top)
                      for i, row in enumerate(self.history[:shown])]
            if len(points) >= 2:
                pygame.draw.lines(canvas, INK, False, [(x, y + 2) for x, y in points], 7)
                pygame.draw.lines(canvas, colour, False, points, 5)
            badge = look.marker(self.seats[seat].colour, 28, self.seats[seat].token)
            canvas.blit(badge, badge.get_rect(center=points[-1]))
