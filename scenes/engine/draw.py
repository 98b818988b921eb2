"""Drawing helpers for the couch look: rounded boxes with thick ink outlines, outlined text.

Rendered text is cached (rendering outlined text every frame would cost more than the
whole rest of a menu), so drawing the same label each frame is cheap.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from scenes.engine import surface_cache
from scenes.engine.palette import INK, Color, mix

OUTLINE = 4  # px, the thick dark line around everything
RADIUS = 18


def box(canvas: pygame.Surface, rect: pygame.Rect, fill: Color, *, outline: Color = INK,
        width: int = OUTLINE, radius: int = RADIUS, shadow: int = 6) -> None:
    """A flat rounded box with a dark outline and a hard drop shadow below it."""
    if shadow:
        pygame.draw.rect(canvas, INK, rect.move(0, shadow), border_radius=radius)
    pygame.draw.rect(canvas, outline, rect, border_radius=radius)
    inner = rect.inflate(-2 * width, -2 * width)
    pygame.draw.rect(canvas, fill, inner, border_radius=max(0, radius - width))


TEXT_CACHE = 1024  # labels, names, the numbers a table shows: a whole game's worth
TEXT_CACHE_BYTES = 8 * 1024 * 1024  # ... and at most this much picture (a whole 6-player
# Startup Fever demo game at 150 % text draws about 4 MB of labels: see SurfaceCache)
VOLATILE_CACHE = 64  # values that change every few frames (counters rolling, zooms)


def render(font: pygame.font.Font, text: str, color: Color, outline: int = 0,
           outline_color: Color = INK, *, volatile: bool = False) -> pygame.Surface:
    """`text` in `color`, optionally ringed by `outline` px of `outline_color` (cached).

    The key is spelled out in full so `render(f, t, c)` and `render(f, t, c, 0, INK)`
    share one entry (the cache used to hold such pairs twice). `volatile`: a value shown
    for a few frames (money rolling up, a size that zooms) goes to a small cache of its
    own; hundreds of such values per game used to flush the main cache, which then
    took several games to settle and churned the C heap (seen in the demo soak).
    """
    cache = _render_volatile if volatile else _render
    return cache(font, text, tuple(color), outline, tuple(outline_color))


#: the outline made last, before its face went on: (font, text, outline, outline colour),
#: the ringed picture and the text in the outline colour. The title's logo draws each
#: letter twice around the same ring (gold, then its ink shadow): the second is a copy and
#: one blit instead of dozens, with the very same pixels. Small pictures only.
_last_ring: list[Any] = [None, None, None]
RING_KEPT_BYTES = 256 * 1024


def _make_text(font: pygame.font.Font, text: str, color: Color, outline: int,
               outline_color: Color) -> pygame.Surface:
    if outline <= 0:
        return font.render(text, True, color)
    key = (font, text, outline, tuple(outline_color))
    if _last_ring[0] == key:
        out, ring = _last_ring[1].copy(), _last_ring[2]
    else:
        ring = font.render(text, True, outline_color)
        w, h = ring.get_width() + 2 * outline, ring.get_height() + 2 * outline
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        steps = max(12, outline * 6)
        for i in range(steps):
            v = pygame.Vector2(outline, 0).rotate(360 * i / steps)
            out.blit(ring, (outline + round(v.x), outline + round(v.y)))
        kept = w * h * 4 <= RING_KEPT_BYTES
        _last_ring[:] = [key, out.copy(), ring] if kept else [None, None, None]
    same = tuple(color) == tuple(outline_color)  # the text in that colour is drawn already
    out.blit(ring if same else font.render(text, True, color), (outline, outline))
    return out


_render = surface_cache.SurfaceCache(_make_text, TEXT_CACHE, TEXT_CACHE_BYTES)
_render_volatile = surface_cache.SurfaceCache(_make_text, VOLATILE_CACHE, TEXT_CACHE_BYTES // 4)


_CENTRED = ("center", "midleft", "midright")


@lru_cache(maxsize=64)
def optical_offset(font: pygame.font.Font) -> int:
    """Pixels to move text down so its capitals, not its line box, sit on the centre line.

    A font's line box includes room for descenders, so box-centred labels look too high.
    """
    face = font.render("H", True, (255, 255, 255))
    caps = face.get_bounding_rect()
    return round(face.get_height() / 2 - (caps.top + caps.bottom) / 2)


def text(canvas: pygame.Surface, font: pygame.font.Font, string: str, pos: tuple[float, float],
         color: Color, *, anchor: str = "center", outline: int = 0, outline_color: Color = INK,
         shadow: int = 0, volatile: bool = False) -> pygame.Rect:
    """Blit `string` with its `anchor` point (a pygame.Rect attribute name) at `pos`;
    `volatile`: see `render`."""
    surface = render(font, string, color, outline, outline_color, volatile=volatile)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if anchor in _CENTRED:
        rect.y += optical_offset(font)
    if shadow:
        shade = render(font, string, INK, outline, INK, volatile=volatile)
        canvas.blit(shade, rect.move(0, shadow))
    canvas.blit(surface, rect)
    return rect


@lru_cache(maxsize=256)
def clip(font: pygame.font.Font, string: str, width: int, strip: str = " ") -> str:
    """`string` cut to its longest start that fits `width` px with "…" after it (whole
    if it fits). A binary search over the length (about log2(len) measurements, never
    one per character) whose result is cached: safe to call every frame."""
    if font.size(string)[0] <= width:
        return string
    low, high = 0, len(string)  # string[:low] + "…" fits (or low is 0); [:high] does not
    while high - low > 1:
        mid = (low + high) // 2
        if font.size(string[:mid] + "…")[0] <= width:
            low = mid
        else:
            high = mid
    return string[:low].rstrip(strip) + "…"


def wrap(font: pygame.font.Font, string: str, width: int, indent: str = "") -> list[str]:
    """Split `string` into lines no wider than `width` px (a single long word stays whole).

    `indent` starts every line after the first, e.g. two spaces in a log.
    """
    lines: list[str] = []
    line = ""
    for word in string.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = indent + word
    if line:
        lines.append(line)
    return lines


VEIL_BAND = 90  # rows of the veil: a band laid over the canvas again and again


def wrap_paths(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`wrap`, but a word too long for a line (a file path) is broken after a '/'."""
    pieces: list[tuple[str, str]] = []  # (text, what joins it to the previous piece)
    for word in text.split():
        glue = " "
        while font.size(word)[0] > width:
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            slash = word.rfind("/", 0, cut)
            cut = slash + 1 if slash > 0 else cut
            pieces.append((word[:cut], glue))
            word, glue = word[cut:], ""
        pieces.append((word, glue))
    lines: list[str] = []
    for piece, glue in pieces:
        if lines and font.size(lines[-1] + glue + piece)[0] <= width:
            lines[-1] += glue + piece
        else:
            lines.append(piece)
    return lines


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    """A band of ink as wide as a canvas of `size` (a full-screen one took milliseconds
    to make at start-up, 3.7 MB; the band blends each pixel just the same)."""
    veil = pygame.Surface((size[0], max(1, min(size[1], VEIL_BAND))))
    veil.fill(INK)
    return veil


def darken(canvas: pygame.Surface, amount: int) -> None:
    """Blend ink over the whole `canvas` at `amount` (0-255) opacity.

    The veil is made once per size and reused: allocating a fresh 3.7 MB surface every
    frame of a fade fragmented the C heap and made the resident size creep.
    """
    veil = _veil(canvas.get_size())
    veil.set_alpha(max(0, min(255, amount)))
    for y in range(0, canvas.get_height(), veil.get_height()):
        canvas.blit(veil, (0, y))


def vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """A full-size background gradient (make once, blit every frame): one column of
    pixels, stretched sideways (a line per row took tens of ms at start-up)."""
    column = pygame.Surface((1, size[1]))
    for y in range(size[1]):
        column.set_at((0, y), mix(top, bottom, y / max(1, size[1] - 1)))
    return pygame.transform.scale(column, size)


_SCRATCH: dict[tuple, pygame.Surface] = {}


def scratch(slot: str, size: tuple[int, int], like: pygame.Surface | None = None
            ) -> pygame.Surface:
    """A surface of `size` (the pixel format of `like`, else transparent) carved out of
    one kept per `slot`, for a picture made and blitted within the same frame; valid
    until the next call for that slot, and not cleared.

    Zooms and flips draw a new size every frame: a fresh surface each time (up to a
    megabyte for a card) fragmented the C heap so resident memory crept up game after
    game. The kept one only grows, to the biggest size asked of it.
    """
    like = like if like is not None else _alpha_format()
    key = (slot, like.get_bitsize(), like.get_masks(), bool(like.get_flags() & pygame.SRCALPHA))
    w, h = max(1, size[0]), max(1, size[1])
    kept = _SCRATCH.get(key)
    if kept is None or kept.get_width() < w or kept.get_height() < h:
        grown = (max(w, kept.get_width() if kept else 0), max(h, kept.get_height() if kept else 0))
        kept = _SCRATCH[key] = pygame.Surface(grown, like.get_flags() & pygame.SRCALPHA, like)
    return kept.subsurface((0, 0, w, h))


def scaled_now(slot: str, image: pygame.Surface, size: tuple[int, int] | float
               ) -> pygame.Surface:
    """`image` smooth-scaled to `size` (or by a factor) into the scratch `slot` (see
    `scratch`): for a size that changes every frame, so nothing is allocated per frame."""
    if not isinstance(size, tuple):
        size = (round(image.get_width() * size), round(image.get_height() * size))
    out = scratch(slot, size, image)
    return pygame.transform.smoothscale(image, out.get_size(), out)


@lru_cache(maxsize=1)
def _alpha_format() -> pygame.Surface:
    return pygame.Surface((1, 1), pygame.SRCALPHA)
