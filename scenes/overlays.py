"""Overlays that stack on top of a running scene: a yes/no question and the pause menu.

Both are modal (the scene below is drawn, dimmed and frozen) and close with Back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, INK
from scenes.engine.scene import Scene
from scenes.engine.widgets import Menu, PromptBar, panel


def dim(canvas: pygame.Surface, amount: int = 150) -> None:
    """Darken whatever is drawn so far so the overlay reads as 'on top'."""
    veil = pygame.Surface(canvas.get_size())
    veil.fill(INK)
    veil.set_alpha(amount)
    canvas.blit(veil, (0, 0))


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


class PauseOverlay(MenuOverlay):
    """The pause menu a game pushes on Pause or when a player's controller is unplugged."""

    def __init__(self, message: str = "") -> None:
        super().__init__("Paused", [("Resume", self._resume), ("Settings", self._settings),
                                    ("Quit to title", self._quit)], message)

    def _resume(self) -> None:
        self.app.stack.pop()

    def _settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene())

    def _quit(self) -> None:
        from scenes.title import TitleScene

        self.app.stack.reset(TitleScene())
