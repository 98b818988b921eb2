"""The two shipped typefaces, loaded once per size.

- display: League Spartan Black, for the logo, titles and big numbers.
- body: Lato Bold, for menus, labels and prompts (readable at couch distance).
Both are OFL fonts shipped in assets/fonts/ with their licences. If a file is missing the
pygame default font is used so the game still runs (text just looks plainer).

Each face's file is read into memory once and every size is made from those bytes: a new
size never opens a file, so text is drawn even when no file descriptor is left (a flood
of connections). A face that cannot be read then is drawn in a size already made (said
once), and read at a later use.
"""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from scenes.engine.missing import say_once
from scenes.engine.paths import FONTS

FILES = {
    "display": FONTS / "LeagueSpartan-Black.otf",
    "body": FONTS / "Lato-Bold.ttf",
}

# Sizes in logical canvas pixels (1280×720). Body text never goes below 24 px.
SIZES = {"logo": 96, "title": 64, "heading": 44, "menu": 36, "body": 28, "small": 24}

_BYTES: dict[Path, bytes] = {}  # each face's file, read once


def _face_bytes(path: Path) -> bytes:
    if path not in _BYTES:
        _BYTES[path] = path.read_bytes()
    return _BYTES[path]


class Fonts:
    """Cache of `pygame.font.Font` objects keyed by (face, size).

    `text_scale` is the text size setting (1, 1.25, 1.5) for the HUDs, logs and prompts.
    The screens share one cache, the theme's (scenes/engine/theme.py), which keeps it in
    step with the setting; a cache of one's own (a test's) stays at 1 unless told.
    """

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.text_scale = 1.0
        self._cache: dict[tuple[str, int], pygame.font.Font] = {}

    def ui(self, px: int, face: str = "body") -> pygame.font.Font:
        """A font of `px` pixels grown by the text size setting (HUD, log and prompts)."""
        return self.get(face, self.scaled(px))

    def scaled(self, px: int) -> int:
        """`px` grown by the text size setting: for line heights beside `ui` fonts."""
        return round(px * self.text_scale)

    def fit(self, face: str, px: int, text: str, room: int, floor: int = 20
            ) -> pygame.font.Font:
        """The largest `face` font of at most `px` (and at least `floor`) pixels in which
        `text` is no wider than `room`: a long label shrinks a little instead of spilling."""
        size = px
        while size > floor and self.get(face, size).size(text)[0] > room:
            size -= 1
        return self.get(face, size)

    def get(self, face: str = "body", size: int | str = "body") -> pygame.font.Font:
        """A font of `face` ('display' or 'body') at `size` pixels or a named size."""
        px = SIZES[size] if isinstance(size, str) else size
        key = (face, px)
        font = self._cache.get(key)
        if font is None:
            path = FILES.get(face)
            try:
                source = io.BytesIO(_face_bytes(path)) if path and path.exists() else None
                font = pygame.font.Font(source, px)
            except OSError as exc:  # cannot be read now: a size already made, this time
                say_once(path or "the default font", exc, "drawing text in another size")
                return self._nearest(face, px)
            self._cache[key] = font
        return font

    def _nearest(self, face: str, px: int) -> pygame.font.Font:
        """The made font nearest to `px`, of `face` if any (else pygame's own font)."""
        made = sorted(self._cache, key=lambda k: (k[0] != face, abs(k[1] - px)))
        return self._cache[made[0]] if made else pygame.font.Font(None, px)

    def display(self, size: int | str = "title") -> pygame.font.Font:
        return self.get("display", size)

    def body(self, size: int | str = "body") -> pygame.font.Font:
        return self.get("body", size)
