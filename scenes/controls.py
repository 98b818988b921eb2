"""Keyboard remapping: every action's keys, changed by pressing the new key.

Select an action and confirm, then press the key you want: it becomes that action's first
key (it leaves the action that had it, unless that would leave it with none). Pads and the
mouse move through the list; Back (or a pad's B) cancels a key you have not pressed yet.
"Reset to defaults" restores the shipped keys. Saved with the other settings on leaving.
"""

from __future__ import annotations

import pygame

from scenes.engine import draw
from scenes.engine.input import BUTTONS, CLICK, KEY, KEYBOARD, POINT, Action
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, NIGHT, PANEL_LIGHT, RED, WHITE
from scenes.engine.scene import Scene
from scenes.engine.settings import default_keys
from scenes.engine.widgets import PromptBar, panel

NAMES = {"up": "Up", "down": "Down", "left": "Left", "right": "Right", "confirm": "Confirm",
         "back": "Back", "pause": "Pause", "x": "Skip (X)", "y": "Extra (Y)",
         "lshoulder": "Left shoulder", "rshoulder": "Fast (right shoulder)"}
ROWS = (*BUTTONS, "reset", "done")
TOP, ROW_H, GAP = 100, 34, 4
LEFT, WIDTH = 250, 780


def key_name(code: int) -> str:
    return pygame.key.name(code).title() or f"Key {code}"


class ControlsScene(Scene):
    def __init__(self) -> None:
        self.selected = 0
        self.waiting = False  # the next key press binds the selected action
        self.message = ""

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("updown", "Choose"), ("confirm", "Change key"),
                                  ("back", "Save & back")])

    def rect(self, row: int) -> pygame.Rect:
        return pygame.Rect(LEFT, TOP + row * (ROW_H + GAP), WIDTH, ROW_H)

    def handle(self, action: Action) -> bool:
        if action.name == KEY:
            self._bind(action.key)
            return True
        if not action.pressed:
            return False
        if self.waiting:
            if action.name in ("back", CLICK) or action.device != KEYBOARD:
                self.waiting = False  # a pad or the mouse cancels
                self.app.input.capture = False
                self.message = "Cancelled"
                self.app.audio.play("back")
            return True
        if action.name in ("up", "down"):
            self.selected = (self.selected + (1 if action.name == "down" else -1)) % len(ROWS)
            self.app.audio.play("move")
        elif action.name in (POINT, CLICK) and action.pos is not None:
            hit = next((i for i in range(len(ROWS)) if self.rect(i).collidepoint(action.pos)),
                       None)
            if hit is not None:
                self.selected = hit
                if action.name == CLICK:
                    self._activate()
        elif action.name == "confirm":
            self._activate()
        elif action.name == "back":
            self._leave()
        else:
            return False
        return True

    def _activate(self) -> None:
        row = ROWS[self.selected]
        if row == "done":
            self._leave()
        elif row == "reset":
            self.app.settings.keys = default_keys()
            self.app.apply_settings()
            self.message = "Keys reset to the defaults"
            self.app.audio.play("confirm")
        else:
            self.waiting = True
            self.app.input.capture = True
            self.message = ""
            self.app.audio.play("confirm")

    def _bind(self, code: int) -> None:
        if not self.waiting:
            return
        self.waiting = False
        action = ROWS[self.selected]
        problem = self.app.settings.bind_key(action, code)
        if problem:
            self.message = problem
            self.app.audio.play("error")
            return
        self.app.apply_settings()
        self.message = f"{NAMES[action]}: {key_name(code)}"
        self.app.audio.play("click")

    def _leave(self) -> None:
        self.app.input.capture = False
        self.app.settings.save()
        self.app.audio.play("back")
        self.app.stack.pop()

    def exit(self) -> None:
        self.app.input.capture = False

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        last = self.rect(len(ROWS) - 1)
        panel(canvas, fonts, pygame.Rect(LEFT - 30, TOP - 44, WIDTH + 60,
                                         last.bottom + 20 - (TOP - 44)), "Controls")
        font = fonts.body(24)
        keys = self.app.settings.keys
        for i, row in enumerate(ROWS):
            rect = self.rect(i)
            selected = i == self.selected
            draw.box(canvas, rect, GOLD if selected else PANEL_LIGHT,
                     outline=WHITE if selected else INK, radius=12)
            ink = INK if selected else WHITE
            if row == "reset":
                draw.text(canvas, font, "Reset to defaults", rect.center, ink)
            elif row == "done":
                draw.text(canvas, font, "Back", rect.center, ink)
            else:
                draw.text(canvas, font, NAMES[row], (rect.x + 20, rect.centery), ink,
                          anchor="midleft")
                shown = "Press a key…" if selected and self.waiting else \
                    "  ·  ".join(key_name(c) for c in keys[row])
                draw.text(canvas, font, shown, (rect.right - 20, rect.centery), ink,
                          anchor="midright")
        if self.message:
            colour = RED if "only key" in self.message or "cannot" in self.message else CREAM
            draw.text(canvas, font, self.message, (640, last.bottom + 38), colour, outline=2)
        self.prompts.draw(canvas, fonts, self.app.input.style)
