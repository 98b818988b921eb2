"""Settings screen: volumes, pace, text size, player colours, phones, fullscreen, the keys.

Left/right (or confirm, which steps forward) changes the selected row; the change is applied
at once (a click at the new volume, the music louder, the window fullscreen, the sample
line at the new text size) and saved to the player's config folder on Back (in-memory
settings in headless runs and tests). "Controls" opens the keyboard remapping screen.
"Clear records" forgets every name's record (game/records.py) on a second press.
"""

from __future__ import annotations

import pygame

from game import registry
from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.palette import CREAM, DUSK, INK, NIGHT, PANEL
from scenes.engine.scene import Scene
from scenes.engine.settings import ANIM_SPEEDS, PALETTES, TEXT_SIZES
from scenes.engine.widgets import Button, Menu, PromptBar, panel

SPEED_NAMES = {0.75: "Relaxed", 1.0: "Normal", 1.5: "Fast", 2.0: "Turbo"}
PALETTE_NAMES = {"standard": "Standard", "safe": "Colour-blind safe"}
# Startup Fever's card windows: a neutral beat for every person (F13), or, faster but
# leaking a little, only the people who hold a card they can play now.
CARD_QUESTIONS = {False: "Ask everyone", True: "Only if I can play"}
# Phones as private hands (a lobby starts the phone server): off, or where it listens.
# The port is the settings file's `phones_port` (8626; a taken port falls back to a free one).
PHONE_HOSTS = ("", "0.0.0.0", "127.0.0.1")
PHONE_HOST_NAMES = {"": "Wi-Fi", "0.0.0.0": "all networks", "127.0.0.1": "this computer only"}
ROWS = ("Music volume", "Effects volume", "Animation speed", "Text size", "Player colours",
        "Card questions", "Coach tips", "Phones", "Fullscreen", "Controls", "Clear records",
        "Back")
TOP, ROW_H, GAP = 96, 41, 1
SAMPLE = pygame.Rect(200, 604, 880, 46)


class SettingsScene(Scene):
    """Opaque screen reachable from the title and from the pause menu."""

    def enter(self) -> None:
        buttons = [Button(label, pygame.Rect(290, TOP + i * (ROW_H + GAP), 700, ROW_H))
                   for i, label in enumerate(ROWS)]
        self.menu = Menu(buttons)
        self.prompts = PromptBar([("updown", "Choose"), ("leftright", "Change"),
                                  ("back", "Save & back")])
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self._refresh()

    def resume(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        s = self.app.settings
        values = (f"{round(s.music_volume * 100)}%", f"{round(s.volume * 100)}%",
                  SPEED_NAMES.get(s.anim_speed, f"{s.anim_speed}×"), f"{s.text_size}%",
                  PALETTE_NAMES[s.palette], CARD_QUESTIONS[s.ask_only_when_playable],
                  "On" if s.coach else "Off", phones_label(s), "On" if s.fullscreen else "Off",
                  "Keys ›", self._records_value(), "")
        for button, value in zip(self.menu.buttons, values, strict=True):
            button.value = value

    clearing = False  # "Clear records" pressed once: the next press clears them
    cleared = False

    def _records_value(self) -> str:
        if self.cleared:
            return "Cleared"
        if self.clearing:
            return "Press again to clear"
        book = getattr(self.app, "records", None)
        names = {r.name for game in registry.ids()
                 for r in (book.of(game) if book is not None else [])}
        return f"{len(names)} name{'s' * (len(names) != 1)}" if names else "None yet"

    def _clear_records(self) -> None:
        if not self.clearing:
            self.clearing = True
            self.app.audio.play("click")
        else:
            self.app.records.clear()
            self.clearing, self.cleared = False, True
            self.app.audio.play("confirm")
        self._refresh()

    def handle(self, action: Action) -> bool:
        if action.name == "back" and action.pressed:
            self._leave()
            return True
        result = self.menu.handle(action)
        if result is None:
            return False
        row = ROWS[result[1]]
        if result[0] != "activate" and self.clearing:  # moved away: nothing is cleared
            self.clearing = False
            self._refresh()
        if result[0] == "activate" and row == "Clear records":
            self._clear_records()
            return True
        if result[0] == "move":
            self.app.audio.play("move")
        elif result[0] == "activate":
            if row == "Back":
                self._leave()
            elif row == "Controls":
                from scenes.controls import ControlsScene

                self.app.audio.play("confirm")
                self.app.stack.push(ControlsScene())
            else:
                self._change(result[1], +1, wrap=True)
        elif result[0] == "adjust" and row not in ("Back", "Controls", "Clear records"):
            self._change(result[1], result[2], wrap=False)
        return True

    def _change(self, row: int, delta: int, wrap: bool) -> None:
        s = self.app.settings
        name = ROWS[row]
        if name == "Music volume":
            s.music_volume = _step(round(s.music_volume * 10), delta, 11, wrap) / 10
        elif name == "Effects volume":
            s.volume = _step(round(s.volume * 10), delta, 11, wrap) / 10
        elif name == "Animation speed":
            i = ANIM_SPEEDS.index(s.anim_speed) if s.anim_speed in ANIM_SPEEDS else 1
            s.anim_speed = ANIM_SPEEDS[_step(i, delta, len(ANIM_SPEEDS), wrap)]
        elif name == "Text size":
            s.text_size = TEXT_SIZES[_step(TEXT_SIZES.index(s.text_size), delta,
                                           len(TEXT_SIZES), wrap)]
        elif name == "Player colours":
            s.palette = PALETTES[_step(PALETTES.index(s.palette), delta, len(PALETTES), wrap)]
        elif name == "Card questions":
            s.ask_only_when_playable = not s.ask_only_when_playable
        elif name == "Coach tips":  # Startup Fever: explain each step the first time
            s.coach = not s.coach
        elif name == "Phones":  # off, then on at each address in turn
            choices = [None, *PHONE_HOSTS]
            if s.phones_host not in PHONE_HOSTS:  # an address typed into the file
                choices.insert(1, s.phones_host)
            now = choices.index(s.phones_host) if s.phones else 0
            choice = choices[_step(now, delta, len(choices), wrap)]
            s.phones = choice is not None
            if choice is not None:
                s.phones_host = choice
        elif name == "Fullscreen":
            s.fullscreen = not s.fullscreen
        self.app.apply_settings()
        self.app.settings.save()  # at once: closing the window next must not lose it
        self.app.audio.play("click")
        self._refresh()

    def _leave(self) -> None:
        self.app.settings.save_if_changed()
        self.app.audio.play("back")
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        canvas.blit(self.background, (0, 0))
        fonts = self.app.fonts
        bottom = min(self.menu.buttons[-1].rect.bottom + 20, SAMPLE.top - 4)
        panel(canvas, fonts, pygame.Rect(240, TOP - 44, 800, bottom - TOP + 44), "Settings")
        self.menu.draw(canvas, fonts)
        self._draw_sample(canvas)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def _draw_sample(self, canvas: pygame.Surface) -> None:
        """A line at the chosen text size, and where the settings are kept."""
        fonts = self.app.fonts
        draw.box(canvas, SAMPLE, PANEL, radius=16, shadow=3)
        where = "saved for next time" if self.app.settings.path else "not saved (headless run)"
        text = f"Game text at {self.app.settings.text_size}% · {where}"
        font = fonts.ui(24)
        if font.size(text)[0] > SAMPLE.w - 24:
            text = f"Game text at {self.app.settings.text_size}%"
        draw.text(canvas, font, text, SAMPLE.center, CREAM)
        pygame.draw.rect(canvas, INK, SAMPLE, 2, border_radius=16)


def phones_label(s) -> str:
    """"Off", or "On · Wi-Fi :8626" (where phones reach the game)."""
    if not s.phones:
        return "Off"
    where = PHONE_HOST_NAMES.get(s.phones_host, s.phones_host)
    port = f":{s.phones_port}" if s.phones_port else ":any port"
    return f"On · {where} {port}"


def _step(index: int, delta: int, count: int, wrap: bool) -> int:
    """Move `index` by `delta` among `count` choices: confirm wraps round, left/right stop."""
    return (index + delta) % count if wrap else max(0, min(count - 1, index + delta))
