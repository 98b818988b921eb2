"""Overlays that stack on top of a running scene: a yes/no question and the error notice
shown when a screen cannot start (a broken map, for example). The games' pause menu is
`scenes.pause.PauseMenu`. The title is asked for by name (`app.screens`).

All are modal (the scene below is drawn, dimmed and frozen) and close with Back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.engine import draw
from scenes.engine.draw import wrap_paths as _wrap_paths  # the name older callers use
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, NIGHT
from scenes.engine.scene import Scene
from scenes.engine.widgets import Menu, PromptBar, panel

if TYPE_CHECKING:
    from scenes.engine.scene import Host


def back_to_title(app: Host) -> None:
    """Drop every screen and start again at a fresh title (quit a game, leave an error)."""
    app.stack.reset(app.screens.make("title"))


def dim(canvas: pygame.Surface, amount: int = 150) -> None:
    """Darken whatever is drawn so far so the overlay reads as 'on top'."""
    draw.darken(canvas, amount)


class MenuOverlay(Scene):
    """A centred panel with a title, an optional message and a menu of choices."""

    opaque = False

    def __init__(self, title: str, choices: list[tuple[str, Callable[[], None]]],
                 message: str = "") -> None:
        super().__init__()
        self.title = title
        self.message = message
        self.choices = choices
        top = 320 if message else 290
        self.menu = Menu.column([label for label, _ in choices], top=top, width=440)
        self.prompts = PromptBar([("updown", "Choose"), ("confirm", "Select"), ("back", "Back")])
        bottom = self.menu.buttons[-1].rect.bottom + 44
        panel_top = top - (120 if message else 80)
        self.rect = pygame.Rect(340, panel_top, 600, bottom - panel_top)

    def handle(self, action: Action) -> bool:
        if action.name == "back" and action.pressed:
            self.app.audio.play("back")
            self.app.stack.pop()
            return True
        result = self.menu.handle(action)
        if result and result[0] == "move":
            self.app.audio.play("move")
        elif result and result[0] == "activate":
            self.app.audio.play("confirm")
            self.choices[result[1]][1]()
        return True  # modal: nothing leaks to the scene below

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        dim(canvas)
        fonts = self.app.fonts
        panel(canvas, fonts, self.rect, self.title)
        if self.message:
            draw.text(canvas, fonts.body(), self.message, (640, self.rect.y + 62), CREAM)
        self.menu.draw(canvas, fonts)
        self.prompts.draw(canvas, fonts, self.app.input.style)


class ConfirmOverlay(MenuOverlay):
    """"Quit the game?" – No is selected first so a stray press never loses a game."""

    def __init__(self, question: str, on_yes: Callable[[], None], yes: str = "Yes",
                 no: str = "No", message: str = "") -> None:
        def close() -> None:
            self.app.stack.pop()
        super().__init__(question, [(no, close), (yes, on_yes)], message)


class ErrorOverlay(MenuOverlay):
    """"SERVERMANIA cannot start": names the problem in plain words, then back to the title.

    A screen that fails to load (a corrupt map file) replaces itself with this overlay so
    the player reads what is wrong instead of the game closing; every other screen keeps
    working. Confirm, Back or a click on the one button returns to a fresh title.
    """

    WIDTH = 1000
    LINE = 34
    MAX_LINES = 8

    def __init__(self, title: str, problem: str, hint: str = "") -> None:
        super().__init__(title, [("Back to title", self._to_title)])
        self.problem = problem
        self.hint = hint
        self.lines: list[str] = []

    def enter(self) -> None:
        font = self.app.fonts.body(26)
        lines = _wrap_paths(font, self.problem, self.WIDTH - 80)
        if len(lines) > self.MAX_LINES:  # a huge parser message: keep the start, say so
            lines = lines[:self.MAX_LINES - 1] + [lines[self.MAX_LINES - 1] + " …"]
        if self.hint:
            lines += [""] + _wrap_paths(font, self.hint, self.WIDTH - 80)[:3]
        self.lines = lines
        top = max(60, 170 - 17 * max(0, len(lines) - 6))  # long texts grow upwards
        text_bottom = top + 70 + len(lines) * self.LINE
        self.menu = Menu.column(["Back to title"], top=text_bottom + 20, width=440)
        bottom = self.menu.buttons[-1].rect.bottom + 44
        self.rect = pygame.Rect((1280 - self.WIDTH) // 2, top, self.WIDTH, bottom - top)
        self.prompts = PromptBar([("confirm", "Back to title")])

    def handle(self, action: Action) -> bool:
        if action.name == "back" and action.pressed:
            self.app.audio.play("back")
            self._to_title()
            return True
        return super().handle(action)

    def _to_title(self) -> None:
        back_to_title(self.app)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        if len(self.app.stack.scenes) == 1:  # nothing below (started straight into a game)
            canvas.fill(NIGHT)
        dim(canvas)
        fonts = self.app.fonts
        panel(canvas, fonts, self.rect, self.title)
        font = fonts.body(26)
        y = self.rect.y + 62
        for line in self.lines:
            draw.text(canvas, font, line, (self.rect.x + 40, y), CREAM, anchor="midleft")
            y += self.LINE
        self.menu.draw(canvas, fonts)
        self.prompts.draw(canvas, fonts, self.app.input.style)


