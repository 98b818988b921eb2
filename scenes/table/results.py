"""The results screen both games share: the winner celebrated, a table, a chart over time.

Each game's results subclass it (`scenes.servermania.results`, `scenes.startupfever.results`)
with its own figures: the table (`_draw_table`) and the chart (`_draw_chart`, drawn with
`_draw_axes` and `_draw_lines`). "Play again" asks the app for the game's own table
(`app.screens`, by the game's name); "Rematch" does the same with the seats rotated so the
last winner sits (and starts) last; "Watch replay" plays the game again on its table
(`scenes.replay_view`). Under the chart, the game's awards (`game.awards`); under the
title, each person's record (`game.records`). In the demo no menu is offered: any press
returns to the title, and the screen says so (and when the next demo game starts).
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
CHART = pygame.Rect(660, 150, 590, 228)
AWARDS = pygame.Rect(660, 406, 590, 164)  # the game's awards (game/awards.py), under the chart
BUTTONS_Y = 588  # the selected button grows 5 px; it must stay clear of the prompt bar
#: the choices, left to right (a demo offers none)
CHOICES = ("Play again", "Rematch", "Watch replay", "Back to title")
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
        self.awards: list[Any] = []  # game.awards.Award, from the table (`kept`)
        self.records: list[str] = []  # "Ada: 3rd win in 5 games"
        self.replay_id: str | None = None  # the replay this game was kept as

    def kept(self, awards: list[Any], records: list[str], replay_id: str | None) -> Any:
        """What the table kept of the game: its awards, records and replay."""
        self.awards, self.records, self.replay_id = awards, records, replay_id
        return self

    def enter(self) -> None:
        self.app.audio.music("results")
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.effects = Effects(len(self.history))
        self.choices = [c for c in CHOICES if c != "Watch replay" or self.replay_id]
        width = 290 if len(self.choices) == 4 else 370
        left = 640 - (len(self.choices) * width + (len(self.choices) - 1) * 18) // 2
        self.menu = Menu([Button(c, pygame.Rect(left + k * (width + 18), BUTTONS_Y, width, 50))
                          for k, c in enumerate(self.choices)])
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
        chosen = self.menu.choose_in_row(action, self.app.audio.play)
        if chosen is not None:
            choice = self.choices[chosen]
            if choice == "Play again":
                self._play_again()
            elif choice == "Rematch":
                self._rematch()
            elif choice == "Watch replay":
                self._watch()
            else:
                self._title()
        return True

    def _play_again(self, seats: list[Any] | None = None,
                    devices: SeatDevices | None = None) -> None:
        if self.leaving:
            return
        self.leaving = True
        self.app.stack.replace(self.app.screens.make(
            self.GAME, seats or self.seats, demo=self.demo, pace=self.pace,
            devices=devices or self.devices, **self.replay_options()))

    def rotated(self) -> tuple[list[Any], SeatDevices]:
        """The seats turned so the (first) winner sits last, each device with its seat."""
        n = len(self.seats)
        shift = (self.winners[0] + 1) % n if self.winners else 0
        seats = self.seats[shift:] + self.seats[:shift]
        devices = SeatDevices({(seat - shift) % n: device
                               for seat, device in self.devices.bound.items()})
        return seats, devices

    def _rematch(self) -> None:
        """Play again with the seats rotated: the last winner starts last."""
        self._play_again(*self.rotated())

    def _watch(self) -> None:
        """The game again on its table (the replay kept of it)."""
        if self.leaving or self.replay_id is None:
            return
        from scenes.table.watching import watch

        if watch(self.app, self.replay_id, back=self.GAME):
            self.leaving = True

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
        panel(canvas, fonts, CHART, self.chart_title)
        self._draw_chart(canvas)
        panel(canvas, fonts, AWARDS, "Awards")
        self._draw_awards(canvas)
        self._draw_records(canvas)
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

    def _draw_awards(self, canvas: pygame.Surface) -> None:
        """Each award on a line: its title, who, and the figure it was won with."""
        fonts = self.app.fonts
        if not self.awards:
            draw.text(canvas, fonts.body(24), "No awards this time", AWARDS.center, MUTED)
            return
        shown = self.awards[:5]
        row = min(30, (AWARDS.h - 34) // len(shown))
        y = AWARDS.y + 30 + row // 2
        title_font, body = fonts.ui(22), fonts.body(22)
        for award in shown:
            who = " & ".join(self.seats[s].name for s in award.seats)
            colour = THEME.player_rgb(self.seats[award.seats[0]].colour)
            badge = look.marker(self.seats[award.seats[0]].colour, 22,
                                self.seats[award.seats[0]].token)
            canvas.blit(badge, badge.get_rect(center=(AWARDS.x + 30, y)))
            draw.text(canvas, title_font, award.title, (AWARDS.x + 48, y), GOLD,
                      anchor="midleft")
            name = draw.clip(body, who, 170)
            draw.text(canvas, body, name, (AWARDS.x + 236, y), colour, anchor="midleft")
            figure = draw.clip(body, award.figure, AWARDS.right - 16 - (AWARDS.x + 414))
            draw.text(canvas, body, figure, (AWARDS.right - 16, y), CREAM, anchor="midright")
            y += row

    def _draw_records(self, canvas: pygame.Surface) -> None:
        """Each person's record across evenings, one line under the title."""
        if not self.records:
            return
        fonts = self.app.fonts
        font = fonts.body(22)
        text = draw.clip(font, "  ·  ".join(self.records), 1200)
        draw.text(canvas, font, text, (640, 114), CREAM, outline=2)

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
        rect = label.get_rect(center=(640, 62 if self.records else 70))
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

    @property
    def chart_title(self) -> str:
        """The chart panel's title (a game may show something else there)."""
        return self.CHART_TITLE

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
