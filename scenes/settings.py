"""Settings screen: volume, animation speed and fullscreen, saved when you leave it.

Left/right (or confirm, which steps forward) changes the selected row; the change is applied
at once (a click at the new volume, the window goes fullscreen) and saved to the player's
config folder on Back (in-memory settings in headless runs and tests).
"""

from __future__ import annotations

import pygame

from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, DUSK, NIGHT
from scenes.engine.scene import Scene
from scenes.engine.settings import ANIM_SPEEDS
from scenes.engine.widgets import Button, Menu, PromptBar, panel

SPEED_NAMES = {0.75: "Relaxed", 1.0: "Normal", 1.5: "Fast", 2.0: "Turbo"}
ROWS = ("Volume", "Animation speed", "Fullscreen", "Back")


class SettingsScene(Scene):
    """Opaque screen reachable from the title and from the pause menu."""

    def enter(self) -> None:
        buttons = [Button(label, pygame.Rect(290, 230 + i * 92, 700, 70))
                   for i, label in enumerate(ROWS)]
        self.menu = Menu(buttons)
        self.prompts = PromptBar([("updown", "Choose"), ("leftright", "Change"),
                                  ("back", "Save & back")])
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self._refresh()

    def _refresh(self) -> None:
        s = self.app.settings
        values = (f"{round(s.volume * 100)}%", SPEED_NAMES.get(s.anim_speed, f"{s.anim_speed}×"),
                  "On" if s.fullscreen else "Off", "")
        for button, value in zip(self.menu.buttons, values, strict=True):
            button.value = value

    def handle(self, action: Action) -> bool:
        if action.name == "back" and action.pressed:
            self._leave()
            return True
        result = self.menu.handle(action)
        if result is None:
            return False
        if result[0] == "move":
            self.app.audio.play("move")
        elif result[0] == "activate":
            if ROWS[result[1]] == "Back":
                self._leave()
            else:
                self._change(result[1], +1, wrap=True)
        elif result[0] == "adjust" and ROWS[result[1]] != "Back":
            self._change(result[1], result[2], wrap=False)
        return True

    def _change(self, row: int, delta: int, wrap: bool) -> None:
        s = self.app.settings
        name = ROWS[row]
        if name == "Volume":
            s.volume = _step(round(s.volume * 10), delta, 11, wrap) / 10
        elif name == "Animation speed":
            i = ANIM_SPEEDS.index(s.anim_speed) if s.anim_speed in ANIM_SPEEDS else 1
            s.anim_speed = ANIM_SPEEDS[_step(i, delta, len(ANIM_SPEEDS), wrap)]
        elif name == "Fullscreen":
            s.fullscreen = not s.fullscreen
        self.app.apply_settings()
        self.app.audio.play("click")
        self._refresh()

    def _leave(self) -> None:
        self.app.settings.save()
        self.app.audio.play("back")
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        canvas.blit(self.background, (0, 0))
        fonts = self.app.fonts
        panel(canvas, fonts, pygame.Rect(240, 160, 800, 450), "Settings")
        self.menu.draw(canvas, fonts)
        where = "saved for next time" if self.app.settings.path else "not saved (headless run)"
        draw.text(canvas, fonts.body("small"), f"Changes apply at once, {where}.",
                  (640, 628), CREAM)
        self.prompts.draw(canvas, fonts, self.app.input.style)


def _step(index: int, delta: int, count: int, wrap: bool) -> int:
    """Move `index` by `delta` among `count` choices: confirm wraps round, left/right stop."""
    return (index + delta) % count if wrap else max(0, min(count - 1, index + delta))
