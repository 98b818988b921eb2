"""Keyboard remapping: every action's keys, changed by pressing the new key.

Select an action and confirm, then press the key you want: it becomes that action's first
key (it leaves the action that had it, unless that would leave it with none). An action
with three keys already asks which one the new key replaces (nothing is dropped silently).
Pads and the mouse move through the list; Back (or a pad's B) cancels a key you have not
pressed yet.
"Reset to defaults" restores the shipped keys. Saved with the other settings on leaving.
"""

from __future__ import annotations

import pygame

from scenes.engine import draw
from scenes.engine.glyphs import key_name
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


CHOICE_TOP = 470  # the "which key does it replace?" panel


def choice_rects(count: int) -> list[pygame.Rect]:
    """The keys to choose from when an action is full, side by side."""
    w, gap = 200, 24
    left = 640 - (count * w + (count - 1) * gap) // 2
    return [pygame.Rect(left + i * (w + gap), CHOICE_TOP + 70, w, 56) for i in range(count)]


class ControlsScene(Scene):
    def __init__(self) -> None:
        self.selected = 0
        self.waiting = False  # the next key press binds the selected action
        self.message = ""
        self.full: tuple[str, int] | None = None  # (action, new key): asking what goes
        self.pick = 0  # which of the full action's keys the new one replaces

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("updown", "Choose"), ("confirm", "Change key"),
                                  ("back", "Save & back")])
        self.choice_prompts = PromptBar([("leftright", "Choose"), ("confirm", "Replace it"),
                                         ("back", "Keep all")])

    def rect(self, row: int) -> pygame.Rect:
        return pygame.Rect(LEFT, TOP + row * (ROW_H + GAP), WIDTH, ROW_H)

    def handle(self, action: Action) -> bool:
        if action.name == KEY:
            self._bind(action.key)
            return True
        if not action.pressed:
            return False
        if self.full is not None:
            self._choose(action)
            return True
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
        if self.app.settings.is_full(action, code):
            self.full, self.pick = (action, code), 0
            self.message = ""
            self.app.audio.play("confirm")
            return
        self._finish_bind(action, code)

    def _choose(self, action: Action) -> None:
        """The action is full: left / right (or the mouse) picks the key that gives way;
        Confirm replaces it, Back keeps every key as it was."""
        name, code = self.full or ("", 0)
        keys = self.app.settings.keys[name]
        rects = choice_rects(len(keys))
        if action.name in ("left", "right", "up", "down"):
            step = -1 if action.name in ("left", "up") else 1
            self.pick = (self.pick + step) % len(keys)
            self.app.audio.play("move")
        elif action.name in (POINT, CLICK) and action.pos is not None:
            hit = next((i for i, r in enumerate(rects) if r.collidepoint(action.pos)), None)
            if hit is not None:
                self.pick = hit
                if action.name == CLICK:
                    self.full = None
                    self._finish_bind(name, code, keys[hit])
        elif action.name == "confirm":
            self.full = None
            self._finish_bind(name, code, keys[self.pick])
        elif action.name == "back":
            self.full = None
            self.message = "Cancelled: the keys stay as they were"
            self.app.audio.play("back")

    def _finish_bind(self, action: str, code: int, replacing: int | None = None) -> None:
        problem = self.app.settings.bind_key(action, code, replacing)
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
        if self.full is not None:
            self._draw_choice(canvas)
        bar = self.choice_prompts if self.full is not None else self.prompts
        bar.draw(canvas, fonts, self.app.input.style)

    def _draw_choice(self, canvas: pygame.Surface) -> None:
        """"Confirm has 3 keys: which one does J replace?" over the list."""
        fonts = self.app.fonts
        name, code = self.full or ("", 0)
        keys = self.app.settings.keys[name]
        draw.darken(canvas, 150)
        panel(canvas, fonts, pygame.Rect(240, CHOICE_TOP - 40, 800, 210),
              f"{NAMES[name]} has {len(keys)} keys")
        draw.text(canvas, fonts.body(28), f"Which one does {key_name(code)} replace?",
                  (640, CHOICE_TOP + 30), CREAM)
        for i, (rect, key) in enumerate(zip(choice_rects(len(keys)), keys, strict=True)):
            on = i == self.pick
            draw.box(canvas, rect, GOLD if on else PANEL_LIGHT, outline=WHITE if on else INK,
                     radius=12)
            draw.text(canvas, fonts.body(28), key_name(key), rect.center, INK if on else WHITE)
