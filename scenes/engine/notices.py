"""Notices on the TV that something could not be saved, over whatever screen is up.

    app.notices.show("Autosave failed: the disk is full. SERVERMANIA could not be saved "
                     "to servermania.json in /home/ada/...; the last save, from turn 12, "
                     "is kept.")

The app hands each failed write of the saves and the settings here (they say each kind of
failure once). A notice is a panel low on the screen, above the prompt bar: its first
sentence as the heading, the rest wrapped in 24 px type (a long folder breaks after a
'/'); it stays `SECONDS`, one at a time, oldest first, and takes no input: play goes on.
"""

from __future__ import annotations

import pygame

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, GOLD, INK, RED

SECONDS = 9.0  # how long a notice stays
WIDTH = 980
LINE = 30
BODY_PX = 24
HEAD_PX = 26
BOTTOM = 720 - 76  # the panel's bottom edge: clear of the prompt bar
MAX_LINES = 4


class Notices:
    """The queue of notices and the one on screen now."""

    def __init__(self) -> None:
        self.queue: list[str] = []
        self.age = 0.0  # seconds the first notice has been up
        self._laid_out: tuple[str, str, list[str]] | None = None  # the one on screen

    def show(self, message: str) -> None:
        if message not in self.queue:
            self.queue.append(message)

    @property
    def current(self) -> str | None:
        return self.queue[0] if self.queue else None

    def update(self, dt: float) -> None:
        if not self.queue:
            return
        self.age += dt
        if self.age >= SECONDS:
            self.queue.pop(0)
            self.age = 0.0

    def lines(self, fonts: Fonts, message: str) -> tuple[str, list[str]]:
        """The heading (the first sentence) and the wrapped rest of `message`."""
        head, _, rest = message.partition(". ")
        body = draw.wrap_paths(fonts.body(BODY_PX), rest, WIDTH - 64) if rest else []
        if len(body) > MAX_LINES:
            body = body[:MAX_LINES]
            body[-1] = draw.clip(fonts.body(BODY_PX), body[-1] + " …", WIDTH - 64)
        return head.rstrip("."), body

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        message = self.current
        if message is None:
            return
        if self._laid_out is None or self._laid_out[0] != message:  # wrapped once, not per frame
            self._laid_out = (message, *self.lines(fonts, message))
        _, head, body = self._laid_out
        height = 22 + HEAD_PX + 10 + LINE * len(body) + 16
        rise = min(1.0, self.age / 0.25, max(0.0, (SECONDS - self.age) / 0.25))
        rect = pygame.Rect((1280 - WIDTH) // 2, BOTTOM - height, WIDTH, height)
        rect.y += round((1 - rise) * (height + 80))
        draw.box(canvas, rect, INK, outline=RED, radius=18, shadow=6)
        head_font = fonts.display(HEAD_PX)
        draw.text(canvas, head_font, draw.clip(head_font, head, WIDTH - 64),
                  (rect.x + 32, rect.y + 22 + HEAD_PX // 2), GOLD, anchor="midleft")
        y = rect.y + 22 + HEAD_PX + 10 + LINE // 2
        for line in body:
            draw.text(canvas, fonts.body(BODY_PX), line, (rect.x + 32, y), CREAM,
                      anchor="midleft")
            y += LINE
