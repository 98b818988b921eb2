"""The title screen: bouncing logo, the mascot, and the main menu.

Menu entries come from `scenes.menu.title_menu()` (each game's, then the shared screens),
with Continue above them when there is a save. Keyboard, mouse and every pad drive the menu.
"""

from __future__ import annotations

import math

import pygame
import pytweening

from game.autosave import Saved
from scenes.engine import draw
from scenes.engine.input import Action
from scenes.engine.loop import STEP
from scenes.engine.palette import (
    CREAM,
    DUSK,
    GOLD,
    INK,
    NIGHT,
    PINK,
    RAINBOW,
    WHITE,
    mix,
)
from scenes.engine.scene import Scene
from scenes.engine.widgets import Button, Menu, PromptBar
from scenes.mascot import unicorn
from scenes.menu import PAIRED, Entry, resolve, title_menu
from scenes.resume import can_resume, resume_scene
from scenes.save_notice import SaveNotice, damaged_messages, notice_keys, slot_files

ATTRACT_AFTER = 30.0  # seconds without input on the title before the attract demo starts
MENU_LEFT, MENU_TOP, MENU_W, MENU_H, MENU_GAP = 560, 250, 600, 66, 12
MENU_BOTTOM = 648  # the prompt bar starts below this
CONTINUE = "Continue"


class TitleScene(Scene):
    """First screen. Back asks before quitting; hot-plugged pads are simply welcome."""

    def __init__(self) -> None:
        self.t = 0.0  # seconds of title animation
        self.idle = 0.0  # seconds since the last input (attract mode after ATTRACT_AFTER)
        self.entries: list[tuple[Entry, type[Scene] | None]] = []
        self.saved: Saved | None = None
        self.notice: SaveNotice | None = None  # a save set aside: shown until closed

    def enter(self) -> None:
        self.app.audio.music("title")
        before = slot_files(self.app.saves)
        self.saved = self.app.saves.latest_header()  # no rules imported before Continue
        messages = damaged_messages(self.app.saves, before, self.app.settings.notices_closed)
        self.notice = SaveNotice(messages) if messages else None
        self.entries = [(e, None) for e in title_menu()]  # screens are imported when chosen
        resumable = self.saved is not None and can_resume(self.saved)
        if self.saved is not None:
            self.entries.insert(0, (Entry(CONTINUE, None), None))
        top = MENU_TOP + (16 if self.saved else 0)
        rows = len(self.entries) - (PAIRED[1] in [e.label for e, _ in self.entries])
        height = min(MENU_H, (MENU_BOTTOM - top) // rows - MENU_GAP)
        buttons = []
        row = 0
        for entry, _ in self.entries:  # the PAIRED entries share a row, half as wide each
            half = (MENU_W - MENU_GAP) // 2
            y = top + row * (height + MENU_GAP)
            if entry.label == PAIRED[0]:
                rect = pygame.Rect(MENU_LEFT, y, half, height)
            elif entry.label == PAIRED[1]:
                row -= 1
                y = top + row * (height + MENU_GAP)
                rect = pygame.Rect(MENU_LEFT + MENU_W - half, y, half, height)
            else:
                rect = pygame.Rect(MENU_LEFT, y, MENU_W, height)
            row += 1
            enabled = resumable if entry.label == CONTINUE and self.saved is not None else True
            buttons.append(Button(entry.label, rect, enabled))
        self.menu = Menu(buttons)
        self.prompts = PromptBar([("updown", "Choose"), ("confirm", "Select"), ("back", "Quit")])
        self.background = self._background()
        rng = self.app.rng
        self.stars = [(rng.randrange(1280), rng.randrange(600), rng.uniform(0, math.tau),
                       rng.choice((3, 4, 5, 7))) for _ in range(46)]

    # -- input -----------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        self.idle = 0.0
        if self.notice is not None:  # read first, then the menu
            if self.notice.handle(action):  # closed: not shown again for the same file
                for key in notice_keys(self.app.saves, self.notice.messages):
                    self.app.settings.close_notice(key)
                self.notice = None
                self.app.audio.play("confirm")
            return True
        if action.name == "back" and action.pressed:
            self.app.audio.play("back")
            from scenes.overlays import ConfirmOverlay  # not needed before a press of Back

            self.app.stack.push(ConfirmOverlay("Quit Unicorn Arcade?", self.app.quit))
            return True
        result = self.menu.handle(action)
        if result is None:
            return False
        kind, index = result[0], result[1]
        if kind == "adjust":  # left / right: across a shared row
            labels = [e.label for e, _ in self.entries]
            if labels[index] in PAIRED:
                other = labels.index(PAIRED[1] if labels[index] == PAIRED[0] else PAIRED[0])
                self.menu.selected = other
                self.app.audio.play("move")
            return True
        if kind == "move":
            self.app.audio.play("move")
        elif kind == "blocked":
            self.app.audio.play("error")
        elif kind == "activate":
            self._open(index)
        return True

    def _open(self, index: int) -> None:
        entry, _ = self.entries[index]
        if entry.label == CONTINUE and self.saved is not None:
            before = slot_files(self.app.saves)
            saved = self.app.saves.load(self.saved.game)  # now the rules check its state
            resumed = resume_scene(saved) if saved is not None else None
            if resumed is None:  # set aside after all: the title says so, without it
                messages = damaged_messages(self.app.saves, before,
                                            self.app.settings.notices_closed)
                self.app.audio.play("error")
                self.enter()
                if messages:
                    self.notice = SaveNotice(messages)
                return
            self.app.audio.play("fanfare")
            self.app.stack.replace(resumed)
            return
        if entry.target is None:  # Quit
            self.app.audio.play("back")
            self.app.quit()
            return
        self.app.audio.play("confirm")
        self.app.stack.push(resolve(entry.target)())

    # -- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.t += dt * self.app.settings.anim_speed
        self.menu.update(dt * self.app.settings.anim_speed)
        self.idle += dt
        if self.idle >= ATTRACT_AFTER and self.app.stack.top is self and \
                not self.app.stack.busy and self.notice is None:
            self.idle = 0.0
            self.app.stack.push(self.app.screens.make("attract", self.app.rng))

    # -- drawing ---------------------------------------------------------------------------

    def _background(self) -> pygame.Surface:
        """Night-to-dusk sky with a rainbow rising behind the mascot (drawn once)."""
        bg = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        centre, outer, band = (250, 760), 520, 34
        for i, color in enumerate(RAINBOW):
            pygame.draw.circle(bg, INK, centre, outer - i * band + 4)
            pygame.draw.circle(bg, color, centre, outer - i * band)
        pygame.draw.circle(bg, INK, centre, outer - len(RAINBOW) * band + 4)
        pygame.draw.circle(bg, mix(NIGHT, DUSK, 0.8), centre, outer - len(RAINBOW) * band)
        return bg

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        t = self.t + (alpha - 1.0) * STEP * self.app.settings.anim_speed  # interpolated time
        canvas.blit(self.background, (0, 0))
        self._draw_stars(canvas, t)
        self._draw_mascot(canvas, t)
        self._draw_logo(canvas, t)
        self.menu.draw(canvas, self.app.fonts)
        self._draw_saves(canvas)
        self.prompts.draw(canvas, self.app.fonts, self.app.input.style)
        if self.notice is not None:
            self.notice.draw(canvas, self.app.fonts)

    def _draw_saves(self, canvas: pygame.Surface) -> None:
        """What Continue resumes, above the menu; a save set aside, named at the top."""
        font = self.app.fonts.body("small")
        if self.saved is not None:
            summary = self.saved.summary()
            summary = draw.clip(font, summary, MENU_W + 100, " ·,")  # bounded, cached
            draw.text(canvas, font, summary, (MENU_LEFT + MENU_W // 2, MENU_TOP - 6), CREAM,
                      outline=3)


    def _draw_stars(self, canvas: pygame.Surface, t: float) -> None:
        for x, y, phase, size in self.stars:
            glow = 0.5 + 0.5 * math.sin(t * 2.2 + phase)
            r = size * (0.6 + 0.6 * glow)
            color = mix(DUSK, CREAM, 0.35 + 0.65 * glow)
            pygame.draw.polygon(canvas, color, [(x, y - r * 1.8), (x + r * 0.45, y),
                                                (x, y + r * 1.8), (x - r * 0.45, y)])
            pygame.draw.polygon(canvas, color, [(x - r * 1.8, y), (x, y - r * 0.45),
                                                (x + r * 1.8, y), (x, y + r * 0.45)])

    def _draw_mascot(self, canvas: pygame.Surface, t: float) -> None:
        hop = pytweening.easeOutQuad(abs(math.sin(t * 2.0)))  # a little bounce, never still
        blink = (t % 4.0) > 3.85
        image = unicorn(1.05, blink)
        canvas.blit(image, image.get_rect(midbottom=(260, 690 - round(18 * hop))))

    def _draw_logo(self, canvas: pygame.Surface, t: float) -> None:
        """UNICORN letters ride a wave; ARCADE swings in below on a rainbow ribbon."""
        font = self.app.fonts.display(118)
        letters = "UNICORN"
        surfaces = [draw.render(font, ch, GOLD, 6) for ch in letters]
        width = sum(s.get_width() - 10 for s in surfaces)
        x = 860 - width // 2
        for i, surface in enumerate(surfaces):
            dy = 10 * math.sin(t * 3.0 - i * 0.6)
            shade = draw.render(font, letters[i], INK, 6, INK)
            canvas.blit(shade, (x, 24 + dy + 9))
            canvas.blit(surface, (x, 24 + dy))
            x += surface.get_width() - 10
        tilt = 3 * math.sin(t * 1.3)
        ribbon = pygame.Rect(0, 0, 420, 62)
        ribbon.center = (860, 178)
        label = draw.render(self.app.fonts.display(54), "A R C A D E", WHITE, 4)
        plate = pygame.Surface(ribbon.inflate(12, 20).size, pygame.SRCALPHA)
        inner = plate.get_rect().inflate(-12, -20)
        pygame.draw.rect(plate, INK, inner.inflate(12, 12).move(0, 6), border_radius=30)
        pygame.draw.rect(plate, INK, inner.inflate(12, 12), border_radius=30)
        pygame.draw.rect(plate, PINK, inner, border_radius=26)
        plate.blit(label, label.get_rect(center=(inner.centerx, inner.centery + 3)))
        turned = pygame.transform.rotate(plate, tilt)
        canvas.blit(turned, turned.get_rect(center=ribbon.center))
