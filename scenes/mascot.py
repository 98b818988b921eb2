"""The Unicorn Arcade mascot, drawn in code: a friendly unicorn head with a rainbow mane.

`unicorn(scale)` returns a cached transparent surface (facing right) that scenes blit and
bob around; winner screens can reuse it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.engine.palette import CREAM, GOLD, INK, ORANGE, PINK, RAINBOW, WHITE

INK_W = 6


def _poly(surface: pygame.Surface, color, points, width: int = INK_W) -> None:
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, INK, points, width)
    for p in points:  # round the outline's corners
        pygame.draw.circle(surface, INK, p, width // 2)


def _circle(surface: pygame.Surface, color, center, radius: int, width: int = INK_W) -> None:
    pygame.draw.circle(surface, INK, center, radius + width // 2)
    pygame.draw.circle(surface, color, center, radius - width // 2)


def _ellipse(surface: pygame.Surface, color, rect: pygame.Rect, width: int = INK_W) -> None:
    pygame.draw.ellipse(surface, INK, rect.inflate(width, width))
    pygame.draw.ellipse(surface, color, rect.inflate(-width, -width))


@lru_cache(maxsize=4)
def unicorn(scale: float = 1.0, blink: bool = False) -> pygame.Surface:
    """The mascot on a 360×420 (×scale) transparent surface."""
    s = pygame.Surface((360, 420), pygame.SRCALPHA)
    # neck
    _poly(s, WHITE, [(120, 250), (230, 240), (270, 420), (90, 420)])
    # mane: rainbow puffs down the back of the head and neck
    puffs = [(118, 118), (92, 160), (78, 210), (74, 262), (76, 314), (82, 366), (90, 412)]
    for (x, y), color in zip(puffs, RAINBOW + (PINK,), strict=False):
        _circle(s, color, (x, y), 38)
    # head and snout
    _circle(s, WHITE, (175, 175), 85)
    _ellipse(s, WHITE, pygame.Rect(180, 170, 150, 110))
    pygame.draw.circle(s, WHITE, (190, 200), 60)  # hide the seam between head and snout
    pygame.draw.ellipse(s, (255, 214, 230), pygame.Rect(268, 196, 56, 70))  # muzzle
    pygame.draw.circle(s, INK, (300, 220), 6)  # nostril
    pygame.draw.arc(s, INK, pygame.Rect(256, 236, 56, 30), 3.5, 5.6, 5)  # smile
    # ear
    _poly(s, WHITE, [(150, 100), (168, 30), (200, 96)])
    pygame.draw.polygon(s, PINK, [(160, 92), (170, 52), (188, 92)])
    # horn: gold cone with spiral stripes
    horn = [(196, 96), (262, 8), (232, 110)]
    _poly(s, GOLD, horn)
    for t in (0.3, 0.55, 0.78):
        a = pygame.Vector2(horn[0]).lerp(horn[1], t)
        b = pygame.Vector2(horn[2]).lerp(horn[1], t)
        pygame.draw.line(s, ORANGE, a + (3, 3), b - (3, 0), 5)
    # forelock over the horn's base
    _circle(s, PINK, (150, 100), 30)
    _circle(s, GOLD, (128, 130), 24)
    # eye and cheek
    if blink:
        pygame.draw.arc(s, INK, pygame.Rect(200, 150, 44, 30), 3.4, 6.0, 7)
    else:
        _ellipse(s, INK, pygame.Rect(208, 138, 34, 46), 0)
        pygame.draw.circle(s, WHITE, (228, 152), 8)
        pygame.draw.circle(s, CREAM, (216, 172), 4)
    pygame.draw.ellipse(s, (255, 160, 200), pygame.Rect(200, 196, 44, 24))
    if scale != 1.0:
        s = pygame.transform.smoothscale_by(s, scale)
    return s
