"""The Startup Fever log: recent lines in the table's "log" place, more on demand.

The lines come from `words.describe` (names, never seat numbers, never a secret). The
place on the table holds the last few; a player who looked away opens the history: it
grows upwards over the table, newest at the bottom, while the pointer rests on the log
or while the scene holds it open (`expanded`, e.g. a held button). The drawing of lines
is the table's log panel (`scenes.table.log_panel`); only the size changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.input import POINT, Action
from scenes.engine.palette import Color
from scenes.startupfever.words import describe
from scenes.table import log_panel as sm_log

HISTORY_H = 430  # px, the opened history (15 lines of 28 px)


class LogPanel(sm_log.LogPanel):
    """The shared log in the table's log place, with a history that opens upwards."""

    def __init__(self, rect: pygame.Rect) -> None:
        super().__init__(rect)
        self.place = rect.copy()
        self.expanded = False  # set by the scene (a held button)
        self.hovered = False  # the mouse rests on the log

    def add_event(self, event: object, names: Sequence[str],
                  colour: Color | None = None) -> str | None:
        """Log one rules event in words (nothing for events not worth a line)."""
        line = describe(event, names)
        if line is not None:
            self.add(line, colour)
        return line

    def handle(self, action: Action) -> bool:
        """Pointer on the log opens the history; leaving it closes it. Never consumes."""
        if action.name == POINT and action.pos is not None:
            self.hovered = self.rect.collidepoint(action.pos)
        return False

    def newest_height(self, fonts: Fonts) -> int:
        """The height of the newest entry's lines at the bottom of the box (0: none)."""
        if not self.entries:
            return 0
        font = fonts.ui(sm_log.FONT_SIZE)
        lines = len(draw.wrap(font, self.entries[-1][0], self.rect.w - 28, indent="  "))
        return lines * fonts.scaled(sm_log.LINE) + 4

    @property
    def open(self) -> bool:
        return self.expanded or self.hovered

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        rect = self.place.copy()
        if self.open:
            rect.h = max(rect.h, HISTORY_H)
            rect.bottom = self.place.bottom
        if rect != self.rect:
            self.rect = rect
            self._lines = None  # wrap again for the new height
        super().draw(canvas, fonts)
