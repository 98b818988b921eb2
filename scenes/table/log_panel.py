"""The event log in the side panel: one short line per event, newest at the bottom.

Every event the rules report gets a line (named with the players' names, not seat
numbers), so a player who looked away can catch up. Long lines wrap once.

The panel renders its visible lines itself and keeps only those: every game writes
hundreds of lines that are never shown again, and passing them through the shared text
cache evicted the pictures every game reuses and churned ~15 MB of surfaces per game
through the C heap (the Startup Fever soak's resident memory kept creeping).
"""

from __future__ import annotations

import pygame

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, INK, PANEL_LIGHT, Color, mix
from scenes.engine.theme import THEME, Theme

FONT_SIZE = 24  # body text: read from the couch
LINE = 28


class LogPanel:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.entries: list[tuple[str, Color | None]] = []
        self.age = 0.0  # seconds since the newest line (it slides in)
        self._lines: list[tuple[str, Color | None, bool]] | None = None  # wrapped, cached
        self._faces: dict[str, pygame.Surface] = {}  # the visible lines, rendered
        THEME.on_change(self._restyle)

    def _restyle(self, theme: Theme) -> None:
        """A new text size: wrap and render the lines again."""
        self._lines = None
        self._faces = {}

    def add(self, text: str, colour: Color | None = None) -> None:
        self.entries.append((text, colour))
        self.entries = self.entries[-60:]
        self.age = 0.0
        self._lines = None

    def resize(self, rect: pygame.Rect) -> None:
        """A new place (the HUD above grew with the text size): wrap the lines again."""
        if rect != self.rect:
            self.rect = rect
            self._lines = None

    def update(self, dt: float) -> None:
        self.age += dt

    def lines(self, fonts: Fonts) -> list[tuple[str, Color | None, bool]]:
        """(text, colour, first line of its entry) for the visible part, newest last."""
        if self._lines is not None:
            return self._lines
        font = fonts.ui(FONT_SIZE)
        width = self.rect.w - 28
        room = (self.rect.h - 8) // fonts.scaled(LINE)
        out: list[tuple[str, Color | None, bool]] = []
        for text, colour in reversed(self.entries):  # newest first; whole entries only
            wrapped = draw.wrap(font, text, width, indent="  ")
            if len(out) + len(wrapped) > room:
                break
            out[:0] = [(line, colour, i == 0) for i, line in enumerate(wrapped)]
        self._lines = out
        shown = {line for line, _colour, _first in out}
        self._faces = {line: face for line, face in self._faces.items() if line in shown}
        return self._lines

    def face(self, font: pygame.font.Font, line: str) -> pygame.Surface:
        """`line` rendered in the log's ink, kept while it is visible."""
        face = self._faces.get(line)
        if face is None:
            face = self._faces[line] = font.render(line, True, CREAM)
        return face

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        pygame.draw.rect(canvas, (36, 26, 66), self.rect, border_radius=12)
        pygame.draw.rect(canvas, PANEL_LIGHT, self.rect, 2, border_radius=12)
        font = fonts.ui(FONT_SIZE)
        line_h = fonts.scaled(LINE)
        rows = self.lines(fonts)
        newest = self.entries[-1] if self.entries else None
        fresh = len(draw.wrap(font, newest[0], self.rect.w - 28)) if newest else 0
        glow = max(0.0, 1.0 - self.age / 0.6)
        y = self.rect.bottom - 4 - line_h * len(rows)
        if glow > 0 and fresh:  # the newest entry lights up for a moment
            band = pygame.Rect(self.rect.x + 4, y + line_h * (len(rows) - fresh),
                               self.rect.w - 8, line_h * fresh)
            pygame.draw.rect(canvas, mix((36, 26, 66), PANEL_LIGHT, glow), band,
                             border_radius=8)
        for i, (line, colour, first) in enumerate(rows):
            yy = y + i * line_h
            if first and colour is not None:
                pygame.draw.circle(canvas, INK, (self.rect.x + 12, round(yy + line_h / 2)), 7)
                pygame.draw.circle(canvas, colour, (self.rect.x + 12, round(yy + line_h / 2)), 5)
            canvas.blit(self.face(font, line), (self.rect.x + 24, yy + 1))

