"""Button glyphs drawn in code: keyboard key caps, Xbox and PlayStation face buttons.

`glyph(fonts, action, style)` returns a small surface for an action name ('confirm', 'back',
…, or the combined 'updown' / 'leftright' / 'dpad') in the style of the device in use:
'keyboard', 'xbox' or 'playstation'. Surfaces are cached, so prompts cost a blit.
"""

from __future__ import annotations

import pygame

from scenes.engine.draw import optical_offset
from scenes.engine.fonts import Fonts
from scenes.engine.input import BUTTONS
from scenes.engine.palette import (
    CREAM,
    GREY,
    INK,
    PS_CIRCLE,
    PS_CROSS,
    PS_SQUARE,
    PS_TRIANGLE,
    WHITE,
    XBOX_A,
    XBOX_B,
    XBOX_X,
    XBOX_Y,
    Color,
)

SIZE = 44  # glyph height in canvas pixels
DARK_KEY = (70, 66, 86)  # body of pad buttons that carry no colour

KEY_LABELS = {"confirm": "Enter", "back": "Esc", "pause": "P", "x": "X", "y": "C",
              "lshoulder": "Q", "rshoulder": "E"}
ARROWS = {"up": ("up",), "down": ("down",), "left": ("left",), "right": ("right",),
          "updown": ("up", "down"), "leftright": ("left", "right"),
          "dpad": ("up", "down", "left", "right")}
XBOX_FACE = {"confirm": ("A", XBOX_A), "back": ("B", XBOX_B), "x": ("X", XBOX_X),
             "y": ("Y", XBOX_Y)}
PS_FACE = {"confirm": ("cross", PS_CROSS), "back": ("circle", PS_CIRCLE),
           "x": ("square", PS_SQUARE), "y": ("triangle", PS_TRIANGLE)}
SHOULDERS = {"xbox": {"lshoulder": "LB", "rshoulder": "RB"},
             "playstation": {"lshoulder": "L1", "rshoulder": "R1"}}

_cache: dict[tuple[int, str, str], pygame.Surface] = {}


def glyph(fonts: Fonts, action: str, style: str) -> pygame.Surface:
    """The glyph surface for `action` on a `style` device (cached)."""
    key = (id(fonts), action, style)
    if key not in _cache:
        _cache[key] = _make(fonts, action, style)
    return _cache[key]


def _make(fonts: Fonts, action: str, style: str) -> pygame.Surface:
    if action in ARROWS:
        return _arrow_keys(ARROWS[action]) if style == "keyboard" else _dpad(ARROWS[action])
    if style == "keyboard":
        return _keycap(fonts, KEY_LABELS.get(action, action))
    if action in SHOULDERS.get(style, {}):
        return _pill(fonts, SHOULDERS[style][action])
    if action == "pause":
        return _menu_pill()
    if style == "playstation" and action in PS_FACE:
        return _ps_face(*PS_FACE[action])
    if action not in BUTTONS and len(action) > 1:
        return _keycap(fonts, action)  # a word, not a button ("Pad 4"): a cap naming it
    label, color = XBOX_FACE.get(action, (action[:1].upper(), GREY))
    return _xbox_face(fonts, label, color)


def _surface(width: int) -> pygame.Surface:
    return pygame.Surface((width, SIZE + 4), pygame.SRCALPHA)


def _cap(surface: pygame.Surface, rect: pygame.Rect, fill: Color, radius: int,
         drop: int) -> None:
    """A key or button body: a dark drop shadow, a dark rim and the `fill` face."""
    pygame.draw.rect(surface, INK, rect.move(0, drop), border_radius=radius)
    pygame.draw.rect(surface, INK, rect, border_radius=radius)
    pygame.draw.rect(surface, fill, rect.inflate(-6, -6), border_radius=radius - 2)


def _keycap(fonts: Fonts, label: str) -> pygame.Surface:
    face = fonts.body(24).render(label, True, INK)
    surface = _surface(max(SIZE, face.get_width() + 24))
    rect = pygame.Rect(0, 0, surface.get_width(), SIZE)
    _cap(surface, rect, CREAM, radius=10, drop=4)
    offset = optical_offset(fonts.body(24))
    surface.blit(face, face.get_rect(center=(rect.centerx, rect.centery + offset)))
    return surface


def _arrow_keys(directions: tuple[str, ...]) -> pygame.Surface:
    """One key cap per direction, side by side, each with a drawn triangle."""
    width = SIZE * len(directions) + 4 * (len(directions) - 1)
    surface = _surface(width)
    for i, direction in enumerate(directions):
        rect = pygame.Rect(i * (SIZE + 4), 0, SIZE, SIZE)
        _cap(surface, rect, CREAM, radius=10, drop=4)
        pygame.draw.polygon(surface, INK, _triangle(rect.center, 11, direction))
    return surface


def _triangle(center: tuple[int, int], r: int, direction: str) -> list[tuple[float, float]]:
    angle = {"up": -90, "right": 0, "down": 90, "left": 180}[direction]
    c = pygame.Vector2(center)
    return [tuple(c + pygame.Vector2(r, 0).rotate(angle + a)) for a in (0, 130, 230)]


def _dpad(directions: tuple[str, ...]) -> pygame.Surface:
    """A d-pad cross: the arms that matter are white, the others dark."""
    surface = _surface(SIZE)
    c, arm, half = SIZE // 2, SIZE // 2 - 3, 8
    cross = (pygame.Rect(c - half, c - arm, 2 * half, 2 * arm),
             pygame.Rect(c - arm, c - half, 2 * arm, 2 * half))
    for rect in cross:
        pygame.draw.rect(surface, INK, rect.inflate(6, 6).move(0, 3), border_radius=6)
    for rect in cross:
        pygame.draw.rect(surface, INK, rect.inflate(6, 6), border_radius=6)
    for rect in cross:
        pygame.draw.rect(surface, DARK_KEY, rect, border_radius=3)
    arms = {"up": pygame.Rect(c - half, c - arm, 2 * half, arm - half + 1),
            "down": pygame.Rect(c - half, c + half - 1, 2 * half, arm - half + 1),
            "left": pygame.Rect(c - arm, c - half, arm - half + 1, 2 * half),
            "right": pygame.Rect(c + half - 1, c - half, arm - half + 1, 2 * half)}
    for direction in directions:
        pygame.draw.rect(surface, WHITE, arms[direction], border_radius=3)
    return surface


def _xbox_face(fonts: Fonts, label: str, color: Color) -> pygame.Surface:
    surface = _surface(SIZE)
    c = (SIZE // 2, SIZE // 2)
    pygame.draw.circle(surface, INK, (c[0], c[1] + 3), SIZE // 2)
    pygame.draw.circle(surface, INK, c, SIZE // 2)
    pygame.draw.circle(surface, color, c, SIZE // 2 - 3)
    face = fonts.display(28).render(label, True, WHITE)
    rim = fonts.display(28).render(label, True, INK)
    rect = face.get_rect(center=(c[0], c[1] + optical_offset(fonts.display(28))))
    surface.blit(rim, rect.move(1, 2))
    surface.blit(face, rect)
    return surface


def _ps_face(shape: str, color: Color) -> pygame.Surface:
    """Dark round button with the coloured PlayStation shape on it."""
    surface = _surface(SIZE)
    c = pygame.Vector2(SIZE // 2, SIZE // 2)
    pygame.draw.circle(surface, INK, (c.x, c.y + 3), SIZE // 2)
    pygame.draw.circle(surface, (52, 50, 64), c, SIZE // 2 - 2)
    r = 11
    if shape == "cross":
        for a, b in (((-r, -r), (r, r)), ((-r, r), (r, -r))):
            pygame.draw.line(surface, color, c + a, c + b, 5)
    elif shape == "circle":
        pygame.draw.circle(surface, color, c, r + 1, 4)
    elif shape == "square":
        pygame.draw.rect(surface, color, pygame.Rect(c.x - r, c.y - r, 2 * r, 2 * r), 4)
    else:
        points = [c + pygame.Vector2(0, -r - 2).rotate(a) for a in (0, 120, 240)]
        pygame.draw.polygon(surface, color, points, 4)
    return surface


def _pill(fonts: Fonts, label: str) -> pygame.Surface:
    face = fonts.body(22).render(label, True, WHITE)
    surface = _surface(face.get_width() + 28)
    rect = pygame.Rect(0, 4, surface.get_width(), SIZE - 8)
    _cap(surface, rect, DARK_KEY, radius=14, drop=3)
    offset = optical_offset(fonts.body(22))
    surface.blit(face, face.get_rect(center=(rect.centerx, rect.centery + offset)))
    return surface


def _menu_pill() -> pygame.Surface:
    """Start/Options/Menu button: a small pill with three lines on it."""
    surface = _surface(SIZE)
    rect = pygame.Rect(0, 6, SIZE, SIZE - 12)
    _cap(surface, rect, DARK_KEY, radius=14, drop=3)
    for dy in (-6, 0, 6):
        y = rect.centery + dy
        pygame.draw.line(surface, WHITE, (rect.centerx - 8, y), (rect.centerx + 8, y), 3)
    return surface
