"""The presentation context: the fonts, the text size and the player palette of every
screen, in one object with a change signal.

`THEME` is that object. The app sets it from the settings (`configure`); widgets take
their fonts from `THEME.fonts` (the one font cache), the text size from
`THEME.text_scale` and a seat's colour from `THEME.player_rgb(colour)` (the table of the
palette in use, `THEME.players`; no module keeps a copy of it). A widget that caches
pictures drawn at one text size or in one palette registers
`THEME.on_change(self._restyle)` to drop them when the setting changes, instead of
comparing the setting on every frame. Listeners are held weakly: a widget that
is gone stops being told, and nothing keeps it alive.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from scenes.engine.fonts import Fonts
from scenes.engine.palette import PLAYER_PALETTES, Color

Listener = Callable[["Theme"], None]


class Theme:
    """Fonts, text size (1, 1.25, 1.5) and player palette ("standard" or "safe")."""

    def __init__(self) -> None:
        self.text_scale = 1.0
        self.palette = "standard"
        self._fonts: Fonts | None = None
        self._probe: pygame.font.Font | None = None
        self._listeners: list[Callable[[], Any]] = []  # weak references, see `on_change`
        self.version = 0  # counts the changes (a key for caches that cannot listen)

    @property
    def fonts(self) -> Fonts:
        """The one font cache. Fonts die when pygame.font is quit (every app does at its
        end, and tests start many apps): a dead cache is replaced by a fresh one."""
        if self._fonts is None or self._probe is None or not _alive(self._probe):
            self._fonts = Fonts()
            self._fonts.text_scale = self.text_scale
            self._probe = self._fonts.body(20)
        return self._fonts

    @property
    def players(self) -> Mapping[str, Color]:
        """The player colours of the palette in use, by colour name (read only)."""
        return PLAYER_PALETTES.get(self.palette, PLAYER_PALETTES["standard"])

    def player_rgb(self, colour: str) -> Color:
        """The RGB of the player colour `colour` ("pink", "blue", ...) in this palette."""
        return self.players[colour]

    def configure(self, text_scale: float | None = None, palette: str | None = None) -> None:
        """Change the text size and/or the palette; listeners hear of a real change."""
        changed = False
        if text_scale is not None and text_scale != self.text_scale:
            self.text_scale = text_scale
            if self._fonts is not None:
                self._fonts.text_scale = text_scale
            changed = True
        if palette is not None and palette != self.palette:
            self.palette = palette
            changed = True
        if changed:
            self.version += 1
            for ref in list(self._listeners):
                listener = ref()
                if listener is None:
                    self._listeners.remove(ref)
                else:
                    listener(self)

    def on_change(self, listener: Listener) -> None:
        """Call `listener(theme)` after every change. A bound method is held weakly (its
        object may go away); a plain function for the life of the program."""
        self._listeners = [ref for ref in self._listeners if ref() is not None]
        if hasattr(listener, "__self__"):
            self._listeners.append(weakref.WeakMethod(listener))
        else:
            self._listeners.append(lambda: listener)


def _alive(font: pygame.font.Font) -> bool:
    try:
        font.size("x")
    except pygame.error:
        return False
    return True


#: the presentation context of every screen
THEME = Theme()
