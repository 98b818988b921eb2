"""Drawing helpers for the couch look: rounded boxes with thick ink outlines, outlined text.

Rendered text is cached (rendering outlined text every frame would cost more than the
whole rest of a menu), so drawing the same label each frame is cheap.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

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


@lru_cache(maxsize=1024)
def render(font: pygame.font.Font, text: str, color: Color, outline: int = 0,
           outline_color: Color = INK) -> pygame.Surface:
    """`text` in `color`, optionally ringed by `outline` px of `outline_color`."""
    face = font.render(text, True, color)
    if outline <= 0:
        return face
    ring = font.render(text, True, outline_color)
    w, h = face.get_width() + 2 * outline, face.get_height() + 2 * outline
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = max(12, outline * 6)
    for i in range(steps):
        v = pygame.Vector2(outline, 0).rotate(360 * i / steps)
        out.blit(ring, (outline + round(v.x), outline + round(v.y)))
    out.blit(face, (outline, outline))
    return out


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
         shadow: int = 0) -> pygame.Rect:
    """Blit `string` with its `anchor` point (a pygame.Rect attribute name) at `pos`."""
    surface = render(font, string, color, outline, outline_color)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if anchor in _CENTRED:
        rect.y += optical_offset(font)
    if shadow:
        shade = render(font, string, INK, outline, INK)
        canvas.blit(shade, rect.move(0, shadow))
    canvas.blit(surface, rect)
    return rect


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


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size)
    veil.fill(INK)
    return veil


def darken(canvas: pygame.Surface, amount: int) -> None:
    """Blend ink over the whole `canvas` at `amount` (0-255) opacity.

    The full-screen veil is made once per size and reused: allocating a fresh 3.7 MB
    surface every frame of a fade fragmented the C heap and made the resident size creep.
    """
    veil = _veil(canvas.get_size())
    veil.set_alpha(max(0, min(255, amount)))
    canvas.blit(veil, (0, 0))


def vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """A full-size background gradient (make once, blit every frame)."""
    surface = pygame.Surface(size)
    for y in range(size[1]):
        pygame.draw.line(surface, mix(top, bottom, y / max(1, size[1] - 1)), (0, y), (size[0], y))
    return surface
