"""A handful of UI widgets every screen shares: Button, Menu, Panel, PromptBar, Toasts.

Widgets are plain objects, not scenes: a scene owns them, feeds them actions and draws them.
They take `fonts` when drawing so they need no app of their own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import glyph
from scenes.engine.input import CLICK, POINT, Action
from scenes.engine.palette import (
    CREAM,
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    PINK,
    WHITE,
    Color,
)

CANVAS_W, CANVAS_H = 1280, 720


@dataclass
class Button:
    """One menu entry. A disabled button stays readable and says why (`note`)."""

    label: str
    rect: pygame.Rect
    enabled: bool = True
    note: str = ""  # a tag shown on a disabled button
    value: str = ""  # e.g. "80%", shown on the right (settings rows)

    def draw(self, canvas: pygame.Surface, fonts: Fonts, selected: bool, pop: float = 0.0,
             shake: float = 0.0) -> None:
        """pop in [0, 1] grows the selected button a little; shake jiggles it sideways."""
        grow = round(10 * pop)
        rect = self.rect.inflate(2 * grow, grow).move(round(shake), 0)
        if not self.enabled:
            fill, ink = (PANEL if not selected else PANEL_LIGHT), MUTED
        else:
            fill, ink = (GOLD, INK) if selected else (PANEL_LIGHT, WHITE)
        draw.box(canvas, rect, fill, outline=WHITE if selected else INK)
        font = fonts.body("menu")
        if self.value:
            draw.text(canvas, font, self.label, (rect.x + 28, rect.centery), ink, anchor="midleft")
            draw.text(canvas, font, self.value, (rect.right - 28, rect.centery), ink,
                      anchor="midright")
        elif self.note and not self.enabled:
            draw.text(canvas, font, self.label, (rect.x + 28, rect.centery), ink, anchor="midleft")
            small = fonts.body("small")
            tag = draw.render(small, self.note, INK)
            pill = tag.get_rect(midright=(rect.right - 18, rect.centery)).inflate(22, 8)
            pygame.draw.rect(canvas, PINK if selected else MUTED, pill, border_radius=14)
            draw.text(canvas, small, self.note, pill.center, INK)
        else:
            draw.text(canvas, font, self.label, rect.center, ink)


class Menu:
    """A vertical list of buttons driven by up/down/confirm, left/right and the mouse.

    `handle` returns what happened so the scene decides what it means and which sound plays:
    ("move", i), ("activate", i), ("blocked", i) for a disabled entry, ("adjust", i, ±1).
    """

    def __init__(self, buttons: Sequence[Button], selected: int | None = None) -> None:
        self.buttons = list(buttons)
        first_enabled = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)
        self.selected = first_enabled if selected is None else selected
        self._pop = 1.0  # time since the selection changed, as tween progress
        self._shake = 0.0  # seconds left of the "no" shake
        self._time = 0.0  # drives the pointer's bob

    @classmethod
    def column(cls, labels: Sequence[str], top: int, width: int = 560, height: int = 64,
               gap: int = 16, centerx: int = CANVAS_W // 2) -> Menu:
        buttons = [Button(label, pygame.Rect(centerx - width // 2, top + i * (height + gap),
                                             width, height)) for i, label in enumerate(labels)]
        return cls(buttons)

    def handle(self, action: Action) -> tuple | None:
        if not action.pressed:
            return None
        if action.name in ("up", "down"):
            step = -1 if action.name == "up" else 1
            self._select((self.selected + step) % len(self.buttons))
            return ("move", self.selected)
        if action.name in ("left", "right"):
            return ("adjust", self.selected, -1 if action.name == "left" else 1)
        if action.name == "confirm":
            return self._activate(self.selected)
        if action.name == POINT and action.pos is not None:
            hit = self.at(action.pos)
            if hit is not None and hit != self.selected:
                self._select(hit)
                return ("move", hit)
        if action.name == CLICK and action.pos is not None:
            hit = self.at(action.pos)
            if hit is not None:
                self._select(hit)
                return self._activate(hit)
        return None

    def choose_in_row(self, action: Action, play: Callable[[str], None]) -> int | None:
        """The buttons as a row (the results' Play again | Rematch | ...): left and right
        move along it as up and down do, the move and confirm sounds play (`play`, e.g.
        `app.audio.play`); the index activated, else None."""
        if action.name in ("left", "right"):
            action = Action("up" if action.name == "left" else "down", action.device)
        result = self.handle(action)
        if result and result[0] == "move":
            play("move")
        elif result and result[0] == "activate":
            play("confirm")
            return int(result[1])
        return None

    def at(self, pos: tuple[int, int]) -> int | None:
        """Index of the button under the canvas position `pos`, if any."""
        return next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(pos)), None)

    def _select(self, index: int) -> None:
        if index != self.selected:
            self.selected = index
            self._pop = 0.0

    def _activate(self, index: int) -> tuple:
        if self.buttons[index].enabled:
            return ("activate", index)
        self._shake = 0.3
        return ("blocked", index)

    def update(self, dt: float) -> None:
        self._pop = min(1.0, self._pop + dt / 0.25)
        self._shake = max(0.0, self._shake - dt)
        self._time += dt

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        for i, button in enumerate(self.buttons):
            selected = i == self.selected
            pop = pytweening.easeOutBack(self._pop) if selected else 0.0
            shake = 8 * pytweening.easeOutSine(self._shake / 0.3) * \
                (1 if int(self._shake * 40) % 2 else -1) if selected and self._shake else 0.0
            button.draw(canvas, fonts, selected, pop, shake)
        self._draw_pointer(canvas)

    def _draw_pointer(self, canvas: pygame.Surface) -> None:
        """A gold arrow that bobs beside the selected entry, so the choice is never missed."""
        rect = self.buttons[self.selected].rect
        nudge = 6 * pytweening.easeInOutSine(0.5 + 0.5 * math.sin(self._time * 6))
        tip = pygame.Vector2(rect.x - 20 + nudge, rect.centery)
        points = [tip, tip + (-26, -18), tip + (-26, 18)]
        pygame.draw.polygon(canvas, INK, [p + (0, 4) for p in points])
        pygame.draw.polygon(canvas, GOLD if self.buttons[self.selected].enabled else MUTED,
                            points)
        pygame.draw.polygon(canvas, INK, points, 4)


def panel(canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect, title: str = "",
          fill: Color = PANEL) -> None:
    """A rounded panel, optionally with a title tab on its top edge."""
    draw.box(canvas, rect, fill, radius=24, shadow=8)
    if title:
        label = draw.render(fonts.display("heading"), title, CREAM, 3)
        tab = label.get_rect(midtop=(rect.centerx, rect.y - label.get_height() // 2))
        # the tab reaches 6 px further down than the title so its rim clears the outline
        draw.box(canvas, pygame.Rect(tab.x - 20, tab.y - 3, tab.w + 40, tab.h + 12), PINK,
                 radius=20, shadow=4)
        canvas.blit(label, tab.move(0, 2))


class PromptBar:
    """The strip at the bottom saying what to press: [glyph] Label  [glyph] Label …

    Glyphs follow the device used last (`app.input.style`): key caps, Xbox or PlayStation.
    Items are (action, label) pairs; action may also be 'updown', 'leftright' or 'dpad'.
    """

    HEIGHT = 64

    def __init__(self, items: Sequence[tuple[str, str]]) -> None:
        self.items = list(items)

    def draw(self, canvas: pygame.Surface, fonts: Fonts, style: str) -> None:
        top = CANVAS_H - self.HEIGHT
        band = pygame.Rect(0, top, CANVAS_W, self.HEIGHT)
        pygame.draw.rect(canvas, INK, band)
        pygame.draw.line(canvas, PANEL_LIGHT, (0, top), (CANVAS_W, top), 3)
        font = fonts.body(26)
        parts = [(glyph(fonts, action, style), draw.render(font, label, WHITE))
                 for action, label in self.items]
        widths = [g.get_width() + 10 + t.get_width() for g, t in parts]
        gap = 40
        if sum(widths) + gap * (len(parts) - 1) > CANVAS_W - 40:  # crowded: tighten first
            gap = 18
        strip = draw.scratch("prompt bar", (sum(widths) + gap * (len(parts) - 1), self.HEIGHT))
        strip.fill((0, 0, 0, 0))  # kept from bar to bar: no fresh surface per change
        x, cy = 0, self.HEIGHT // 2 - 1
        for (g, t), width in zip(parts, widths, strict=True):
            strip.blit(g, g.get_rect(midleft=(x, cy)))
            label = t.get_rect(midleft=(x + g.get_width() + 10, cy - 2))  # glyph face centre
            strip.blit(t, label.move(0, draw.optical_offset(font)))
            x += width + gap
        if strip.get_width() > CANVAS_W - 40:  # still too long: shrink rather than clip
            strip = draw.scaled_now("prompt bar fit", strip, (CANVAS_W - 40) / strip.get_width())
        canvas.blit(strip, strip.get_rect(center=band.center))


class Toasts:
    """Short notices that slide in at the top and leave by themselves ("Pad 2 connected").

    A screen with a better place for them (the SERVERMANIA board's empty middle) sets
    `anchor`, the top centre of the first toast, in its draw, and `room`, how many have a
    place there, and `widest`, the widest a toast may be there (its text shrinks to fit,
    down to 18 px); all three hold for that frame only. A toast without a place waits,
    unaged, for one (the board's middle taken by a prompt), rather than cover what matters.
    """

    LIFETIME = 2.6

    def __init__(self) -> None:
        self.items: list[list] = []  # [message, age]
        self.anchor: tuple[int, int] | None = None  # this frame's place (None: the top)
        self.room: int | None = None  # this frame: how many toasts have a place (None: all)
        self.held = 0  # how many (the last ones) the last frame had no place for: they wait
        self.widest: int | None = None  # this frame: the widest a toast may be (None: any)

    def show(self, message: str) -> None:
        self.items.append([message, 0.0])
        self.items = self.items[-3:]

    def update(self, dt: float) -> None:
        for item in self.items[:len(self.items) - self.held]:
            item[1] += dt
        self.items = [item for item in self.items if item[1] < self.LIFETIME]

    def font(self, fonts: Fonts, message: str) -> pygame.font.Font:
        """26 px, or smaller (not below 18) for a long message where room is short."""
        font = fonts.body(26)
        while self.widest is not None and font.size(message)[0] + 48 > self.widest \
                and font.get_height() > 18:
            font = fonts.body(font.get_height() - 2)
        return font

    def size(self, fonts: Fonts, message: str) -> tuple[int, int]:
        width, height = self.font(fonts, message).size(message)
        return width + 48, height + 22

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        anchor, self.anchor = self.anchor, None
        room, self.room = self.room, None
        shown = len(self.items) if room is None else min(room, len(self.items))
        self.held = len(self.items) - shown
        for i, (message, age) in enumerate(self.items[:shown]):
            slide_in = pytweening.easeOutBack(min(1.0, age / 0.35))
            slide_out = pytweening.easeInQuad(max(0.0, (age - self.LIFETIME + 0.3) / 0.3))
            rect = pygame.Rect((0, 0), self.size(fonts, message))
            if anchor is not None:  # shown where it is put, without sliding over anything
                rect.midtop = (anchor[0], anchor[1] + i * (rect.h + 8))
            else:
                y = -rect.h + (24 + rect.h + i * (rect.h + 12)) * slide_in - 120 * slide_out
                rect.midtop = (CANVAS_W // 2, round(y))
            draw.box(canvas, rect, CREAM, radius=rect.h // 2, shadow=5)
            draw.text(canvas, self.font(fonts, message), message, rect.center, INK)
        self.widest = None


def turn_page(app: Any, page: int, step: int, count: int) -> int:
    """The page after turning `step` pages (a page flip sound), or the same one (a "no")."""
    if 0 <= page + step < count:
        app.audio.play("card_flip")
        return page + step
    app.audio.play("error")
    return page
