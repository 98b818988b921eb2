"""Draw every sprite of Unicorn Arcade in code and save them as transparent PNGs.

Run (from the project root):

    python3 -m uv run python assets/make_art.py [OUT_DIR]

OUT_DIR defaults to ``assets/sprites``. The script is deterministic: no clock, no unseeded
randomness, so running it twice gives byte-identical files (tests check this).

Why drawn in code: no external art to license, and one place to restyle everything.

Look: bold flat colours, thick dark "ink" outlines (every part is outlined by dilating its
silhouette), one darker rim on the side away from a top-left light, a dark drop lip under each
sticker. Everything is drawn 4x larger and smooth-scaled down, which anti-aliases the edges.

Files (all RGBA PNG, transparent background; sizes are width x height in pixels):

    die_1 .. die_6              128x128  white rounded die, pips (the 1 is a big pink pip)
    die_tumble_1 .. 3           128x128  rotated die with ghost copies: play 1, 2, 3 in a loop
                                         while rolling, then show die_<n>
    pawn_<colour>               64x80    chunky pawn per player colour (see PLAYER_COLOURS);
                                         PAWN_ANCHOR (32, 74) = bottom centre of the base
    pawn_white                  64x80    same pawn in white, for tinting with BLEND_RGB_MULT
    pawn_shadow                 64x24    soft shadow; centre it under the pawn anchor
    marker_<shape>              48x48    white shape, ink outline: circle square triangle diamond
                                         star hexagon (player n uses MARKER_SHAPES[n])
    marker_<shape>_small        24x24    the same drawn for overlaying a pawn body at (32, 53)
    icon_*                      96x96    board-square and resource icons (see ICONS)
    card_*                      320x440  card frames; text-safe rect on fronts is
                                         CARD_TEXT_RECT = (28, 124, 264, 268)
    nerd, suit                  64x64    Startup Fever worker cubes (green / blue)
    big_nerd, big_suit          80x80    executive meeples
    money_token                 64x64    gold chip with notches and $
    user_marker                 48x48    white disc with a person (tintable);
    user_marker_<colour>        48x48    the same in each player colour
    cat_media, cat_social,
    cat_communication,
    cat_ecommerce               96x96    Startup Fever product categories
    icon_launch                 96x96    rocket lifting off: the Launch line (10K users)
    chip_back                   64x64    a category chip face down ("?")
    card_mini_back              48x66    small Event Card back (hand counts in panels)
    card_mini_front             48x66    small Event Card face up (the played pile)
    coin_particle               24x24    small coin for bursts
    spark                       32x32    glowing four-point star (no outline; good additive)
    confetti_1 .. 6             16x16    confetti pieces, one per player colour
    unicorn_emblem              256x256  title-screen mascot badge
    _contact_sheet              -        every sprite on one sheet, for looking at (not for use)
    palette.json                -        colours (hex), seat shapes, anchors and every sprite's
                                         size, for code that must match the art
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

Colour = tuple[int, int, int]
Point = tuple[float, float]
Draw = Callable[[pygame.Surface, Colour], None]

# --------------------------------------------------------------------------- palette

INK: Colour = (27, 20, 48)  # #1B1430 outlines, pips; = scenes/engine/palette.py INK
WHITE: Colour = (255, 255, 255)
CREAM: Colour = (255, 248, 236)
GOLD: Colour = (255, 201, 40)
GOLD_DARK: Colour = (232, 146, 18)
AMBER: Colour = (156, 86, 0)
STEEL: Colour = (201, 209, 232)
SKY: Colour = (111, 211, 255)
RED: Colour = (255, 79, 109)
CORAL: Colour = (255, 96, 72)
TEAL: Colour = (38, 196, 182)
LAVENDER: Colour = (228, 220, 255)
DEEP: Colour = (59, 35, 128)
FACE: Colour = (255, 214, 92)
NERD_GREEN: Colour = (54, 200, 96)
SUIT_BLUE: Colour = (44, 116, 238)
CASH_GREEN: Colour = (96, 214, 138)

#: The six player colours, in seat order: exactly scenes/engine/palette.py SEATS
#: (PINK, SKY, GOLD, MINT, ORANGE, VIOLET), so pawns match every screen's "whose turn" colour.
PLAYER_COLOURS: dict[str, Colour] = {
    "pink": (255, 92, 170),  # #FF5CAA
    "blue": (80, 180, 255),  # #50B4FF
    "yellow": (255, 204, 51),  # #FFCC33
    "green": (64, 222, 160),  # #40DEA0
    "orange": (255, 140, 50),  # #FF8C32
    "purple": (160, 110, 255),  # #A06EFF
}
#: Shape marker of each seat, so players are told apart without colour.
MARKER_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "star", "hexagon")
# Art colours (not seat colours): saturated enough to read on any seat colour.
PINK: Colour = (255, 79, 163)
BLUE: Colour = (58, 141, 255)
YELLOW: Colour = (255, 204, 41)
GREEN: Colour = (52, 211, 102)
ORANGE: Colour = (255, 128, 41)
PURPLE: Colour = (155, 92, 255)
RAINBOW: tuple[Colour, ...] = (PINK, ORANGE, YELLOW, GREEN, BLUE, PURPLE)

CARD_SIZE = (320, 440)
PAWN_MARKER_CENTRE = (32, 53)  # where marker_<shape>_small sits on a pawn
PAWN_ANCHOR = (32, 74)  # bottom centre of the pawn: stand it on the square here
CARD_TEXT_RECT = (28, 124, 264, 268)

S = 4  # supersampling factor


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darken(c: Colour, t: float = 0.22) -> Colour:
    return mix(c, INK, t)


def lighten(c: Colour, t: float = 0.4) -> Colour:
    return mix(c, WHITE, t)


# --------------------------------------------------------------------------- primitives
# All coordinates are in final (1x) pixels as floats; the helpers scale them by S.


def sc(v: float) -> int:
    return round(v * S)


def pt(p: Point) -> tuple[int, int]:
    return (sc(p[0]), sc(p[1]))


def rect(r: Sequence[float]) -> pygame.Rect:
    x, y, w, h = r
    return pygame.Rect(sc(x), sc(y), sc(x + w) - sc(x), sc(y + h) - sc(y))


def blank(w: float, h: float, rgb: Colour = INK) -> pygame.Surface:
    """A transparent supersampled layer; `rgb` is the colour hidden in transparent pixels,
    which smoothscale blends into edges (ink for outlined art, glow colour for glows)."""
    surf = pygame.Surface((sc(w), sc(h)), pygame.SRCALPHA)
    surf.fill((*rgb, 0))
    return surf


def blank_like(surf: pygame.Surface, rgb: Colour = INK) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.fill((*rgb, 0))
    return out


def circle(s: pygame.Surface, c: Colour, centre: Point, r: float, width: float = 0) -> None:
    pygame.draw.circle(s, c, pt(centre), sc(r), sc(width) if width else 0)


def ellipse(s: pygame.Surface, c: Colour, r: Sequence[float], width: float = 0) -> None:
    pygame.draw.ellipse(s, c, rect(r), sc(width) if width else 0)


def rrect(
    s: pygame.Surface,
    c: Colour,
    r: Sequence[float],
    radius: float,
    width: float = 0,
    **corners: float,
) -> None:
    """Rounded rectangle; corners may override e.g. border_bottom_left_radius=0."""
    extra = {k: sc(v) for k, v in corners.items()}
    pygame.draw.rect(s, c, rect(r), sc(width) if width else 0, border_radius=sc(radius), **extra)


def polygon(s: pygame.Surface, c: Colour, pts: Sequence[Point]) -> None:
    pygame.draw.polygon(s, c, [pt(p) for p in pts])


def thick_line(s: pygame.Surface, c: Colour, a: Point, b: Point, w: float) -> None:
    """A line with round caps."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * w / 2, dx / length * w / 2
    polygon(s, c, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                   (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    circle(s, c, a, w / 2)
    circle(s, c, b, w / 2)


def polyline(s: pygame.Surface, c: Colour, pts: Sequence[Point], w: float) -> None:
    for a, b in zip(pts, pts[1:], strict=False):
        thick_line(s, c, a, b, w)


def round_poly(s: pygame.Surface, c: Colour, pts: Sequence[Point], r: float) -> None:
    """Polygon inflated by r with rounded corners."""
    polygon(s, c, pts)
    closed = list(pts) + [pts[0]]
    polyline(s, c, closed, 2 * r)


def arc_band(
    s: pygame.Surface,
    c: Colour,
    centre: Point,
    r: float,
    w: float,
    a0: float,
    a1: float,
    caps: bool = True,
) -> None:
    """Thick arc of radius r from angle a0 to a1 (degrees, screen coords: 90 = down)."""
    n = max(8, int(abs(a1 - a0) / 3))
    angles = [math.radians(a0 + (a1 - a0) * i / n) for i in range(n + 1)]
    cx, cy = centre
    outer = [(cx + (r + w / 2) * math.cos(a), cy + (r + w / 2) * math.sin(a)) for a in angles]
    inner = [(cx + (r - w / 2) * math.cos(a), cy + (r - w / 2) * math.sin(a)) for a in angles]
    polygon(s, c, outer + inner[::-1])
    if caps:
        for a in (angles[0], angles[-1]):
            circle(s, c, (cx + r * math.cos(a), cy + r * math.sin(a)), w / 2)


def ngon(centre: Point, r: float, n: int, rot: float = -90.0) -> list[Point]:
    cx, cy = centre
    return [
        (cx + r * math.cos(math.radians(rot + 360 * k / n)),
         cy + r * math.sin(math.radians(rot + 360 * k / n)))
        for k in range(n)
    ]


def star_pts(centre: Point, ro: float, ri: float, n: int = 5, rot: float = -90.0) -> list[Point]:
    cx, cy = centre
    pts = []
    for k in range(2 * n):
        r = ro if k % 2 == 0 else ri
        a = math.radians(rot + 180 * k / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def transform(pts: Sequence[Point], angle: float, origin: Point, scale: float = 1.0) -> list[Point]:
    """Rotate local points (around 0,0) clockwise by angle degrees, scale, then move."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = origin
    return [(ox + scale * (x * ca - y * sa), oy + scale * (x * sa + y * ca)) for x, y in pts]


_FONTS: dict[int, pygame.font.Font] = {}


def font(size: float) -> pygame.font.Font:
    """pygame's bundled default font at a supersampled size (no external font file)."""
    px = sc(size)
    if px not in _FONTS:
        _FONTS[px] = pygame.font.Font(None, px)
    return _FONTS[px]


def text(s: pygame.Surface, c: Colour, msg: str, centre: Point, size: float) -> pygame.Rect:
    img = font(size).render(msg, True, c)
    box = img.get_rect(center=pt(centre))
    s.blit(img, box)
    return box


def fit_size(msg: str, max_w: float, size: float) -> float:
    while size > 10 and font(size).size(msg)[0] > sc(max_w):
        size -= 1
    return size


# --------------------------------------------------------------------------- outlines


_DISCS: dict[int, pygame.mask.Mask] = {}


def _disc(r: int) -> pygame.mask.Mask:
    if r not in _DISCS:
        surf = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
        pygame.draw.circle(surf, (255, 255, 255, 255), (r, r), r)
        _DISCS[r] = pygame.mask.from_surface(surf)
    return _DISCS[r]


def ink_of(shape: pygame.Surface, width: float, colour: Colour = INK) -> pygame.Surface:
    """The silhouette of `shape` grown by `width` px, in ink: the outline behind a part."""
    out = blank_like(shape, colour)
    mask = pygame.mask.from_surface(shape, 100)
    r = sc(width)
    grown = mask.convolve(_disc(r)) if r > 0 else mask
    ink = grown.to_surface(setcolor=(*colour, 255), unsetcolor=(*colour, 0))
    out.blit(ink, (-r, -r))
    return out


def clip(src: pygame.Surface, shape: pygame.Surface) -> pygame.Surface:
    """Keep only the pixels of src that lie inside shape's silhouette (in place)."""
    mask = pygame.mask.from_surface(shape, 100)
    keep = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(255, 255, 255, 0))
    src.blit(keep, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return src


def cel(size: tuple[int, int], draw: Draw, fill: Colour, shade: float = 0.0) -> pygame.Surface:
    """A flat shape; with shade > 0 a darker rim shows on its bottom-right (light top-left)."""
    base = pygame.Surface(size, pygame.SRCALPHA)
    base.fill((*INK, 0))
    draw(base, fill)
    if shade <= 0:
        return base
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill((*INK, 0))
    draw(out, darken(fill))
    lit = pygame.Surface(size, pygame.SRCALPHA)
    lit.fill((*INK, 0))
    draw(lit, fill)
    out.blit(lit, (-sc(shade), -sc(shade)))
    return clip(out, base)


def stamp(dst: pygame.Surface, shape: pygame.Surface, width: float) -> None:
    """Blit a shape onto dst with an ink outline of `width` px behind it."""
    if width > 0:
        dst.blit(ink_of(shape, width), (0, 0))
    dst.blit(shape, (0, 0))


def part(dst: pygame.Surface, draw: Draw, fill: Colour, width: float, shade: float = 0.0) -> None:
    """Draw one outlined, optionally rim-shaded part of a sprite."""
    stamp(dst, cel(dst.get_size(), draw, fill, shade), width)


def finish(layer: pygame.Surface, lip: float = 0.0) -> pygame.Surface:
    """Add the dark drop lip under the whole sticker and scale down to final size."""
    if lip > 0:
        out = blank_like(layer)
        out.blit(ink_of(layer, 0), (0, sc(lip)))
        out.blit(layer, (0, 0))
        layer = out
    w, h = layer.get_size()
    return pygame.transform.smoothscale(layer, (w // S, h // S))


def place(dst: pygame.Surface, layer: pygame.Surface, centre: Point, size: float) -> None:
    """Blit a supersampled square layer scaled to `size` final px, centred at `centre`."""
    img = pygame.transform.smoothscale(layer, (sc(size), sc(size)))
    dst.blit(img, img.get_rect(center=pt(centre)))


# --------------------------------------------------------------------------- shared bits


def coin_face(
    L: pygame.Surface, centre: Point, r: float, width: float, dollar: bool = True
) -> None:
    part(L, lambda s, c: circle(s, c, centre, r), GOLD, width, shade=r * 0.12)
    circle(L, GOLD_DARK, centre, r * 0.74, width=max(1.0, r * 0.08))
    arc_band(L, lighten(GOLD, 0.6), centre, r * 0.86, r * 0.1, 200, 245)
    if dollar:
        text(L, AMBER, "$", (centre[0], centre[1] + r * 0.04), r * 1.45)


def person(s: pygame.Surface, c: Colour, centre: Point, size: float) -> None:
    """A head-and-shoulders user silhouette roughly `size` px tall, centred."""
    x, y = centre
    circle(s, c, (x, y - size * 0.22), size * 0.24)
    rrect(s, c, (x - size * 0.4, y + size * 0.06, size * 0.8, size * 0.44), size * 0.3,
          border_bottom_left_radius=size * 0.06, border_bottom_right_radius=size * 0.06)


def sparkle(s: pygame.Surface, c: Colour, centre: Point, r: float) -> None:
    polygon(s, c, star_pts(centre, r, r * 0.32, 4, -90))


# --------------------------------------------------------------------------- dice

DIE_PIPS: dict[int, list[tuple[int, int]]] = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_layer(n: int) -> pygame.Surface:
    L = blank(128, 128)

    def body(s: pygame.Surface, c: Colour) -> None:
        rrect(s, LAVENDER, (10, 8, 108, 110), 26)  # the die's lower edge, seen from above
        rrect(s, c, (10, 8, 108, 100), 26)

    part(L, body, WHITE, 5)
    for i, j in DIE_PIPS[n]:
        centre = (64 + 27 * i, 58 + 27 * j)
        if n == 1:
            circle(L, INK, centre, 17)
            circle(L, PINK, centre, 13)
            circle(L, lighten(PINK, 0.55), (centre[0] - 4, centre[1] - 4), 4)
        else:
            circle(L, INK, centre, 11)
            circle(L, (88, 76, 120), (centre[0] - 3, centre[1] - 3), 3)
    return L


def die_face(n: int) -> pygame.Surface:
    return finish(die_layer(n))


def die_tumble(face: int, angle: float) -> pygame.Surface:
    """A die mid-roll: the face rotated clockwise by `angle`, with two fading ghosts behind."""
    base = die_layer(face)
    canvas = blank(128, 128)
    for lag, alpha in ((36, 45), (18, 95), (0, 255)):
        img = pygame.transform.rotozoom(base, -(angle - lag), 0.8)
        if alpha < 255:
            img.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(img, img.get_rect(center=canvas.get_rect().center))
    return finish(canvas)


# --------------------------------------------------------------------------- pawns


def pawn(colour: Colour) -> pygame.Surface:
    L = blank(64, 80)
    hi = lighten(colour, 0.55)
    part(L, lambda s, c: rrect(s, c, (8, 60, 48, 14), 7), darken(colour, 0.15), 3)
    rrect(L, mix(colour, WHITE, 0.15), (12, 61.5, 40, 5), 2.5)

    def body(s: pygame.Surface, c: Colour) -> None:
        left, right = [], []
        for k in range(13):
            y = 38 + 26 * k / 12
            hw = 10 + 14 * ((y - 38) / 26) ** 1.25
            left.append((32 - hw, y))
            right.append((32 + hw, y))
        polygon(s, c, left + right[::-1])

    part(L, body, colour, 3, shade=3)
    polygon(L, hi, [(24, 42), (26.5, 42), (19.5, 60), (15, 60)])
    part(L, lambda s, c: ellipse(s, c, (16, 33, 32, 10)), colour, 3, shade=1.5)
    part(L, lambda s, c: circle(s, c, (32, 20), 14), colour, 3, shade=3)
    ellipse(L, hi, (22, 10, 10, 7))
    return finish(L, lip=2)


def pawn_shadow() -> pygame.Surface:
    """A soft elliptical shadow, computed per pixel (no outline, black)."""
    w, h = 64, 24
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    for y in range(h):
        for x in range(w):
            d = ((x + 0.5 - w / 2) / (w / 2 - 1)) ** 2 + ((y + 0.5 - h / 2) / (h / 2 - 1)) ** 2
            if d < 1:
                surf.set_at((x, y), (0, 0, 0, round(120 * (1 - d) ** 1.5)))
    return surf


def marker_shape(s: pygame.Surface, c: Colour, shape: str, centre: Point, r: float) -> None:
    if shape == "circle":
        circle(s, c, centre, r)
    elif shape == "square":
        rrect(s, c, (centre[0] - r * 0.86, centre[1] - r * 0.86, r * 1.72, r * 1.72), r * 0.22)
    elif shape == "triangle":
        round_poly(s, c, ngon((centre[0], centre[1] + r * 0.18), r * 0.98, 3), r * 0.08)
    elif shape == "diamond":
        round_poly(s, c, ngon(centre, r * 1.0, 4), r * 0.08)
    elif shape == "star":
        round_poly(s, c, star_pts((centre[0], centre[1] + r * 0.06), r * 1.02, r * 0.47), r * 0.06)
    elif shape == "hexagon":
        round_poly(s, c, ngon(centre, r * 0.96, 6, 0), r * 0.06)
    else:
        raise ValueError(f"unknown marker shape {shape!r}")


def marker(shape: str, size: int) -> pygame.Surface:
    L = blank(size, size)
    k = size / 48
    centre = (size / 2, size / 2 - k)
    part(L, lambda s, c: marker_shape(s, c, shape, centre, 17 * k), WHITE, 3.5 * k)
    return finish(L, lip=1.5 * k)


# --------------------------------------------------------------------------- icons (96x96)


def icon_coin() -> pygame.Surface:
    L = blank(96, 96)
    coin_face(L, (48, 46), 37, 4)
    return L


def icon_payday() -> pygame.Surface:
    L = blank(96, 96)
    for k in range(4):
        top = 62 - 10 * k
        x = 10.0

        def side(s: pygame.Surface, c: Colour, top: float = top, x: float = x) -> None:
            ellipse(s, c, (x, top + 8, 46, 16))
            rrect(s, c, (x, top + 8, 46, 8), 0)

        part(L, side, GOLD_DARK, 3.5)
        part(L, lambda s, c, top=top, x=x: ellipse(s, c, (x, top, 46, 16)), GOLD, 3)
        ellipse(L, lighten(GOLD, 0.55), (x + 10, top + 3, 16, 4))
    coin_face(L, (63, 36), 25, 4)
    return L


def icon_customer_service() -> pygame.Surface:
    L = blank(96, 96)
    part(L, lambda s, c: circle(s, c, (48, 52), 27), FACE, 4, shade=3)
    circle(L, INK, (39, 48), 4)
    circle(L, INK, (57, 48), 4)
    arc_band(L, INK, (48, 53), 12, 4, 30, 150)
    part(L, lambda s, c: arc_band(s, c, (48, 50), 33, 8, 195, 345), PURPLE, 3.5)
    part(L, lambda s, c: rrect(s, c, (8, 38, 18, 30), 8), PINK, 3.5, shade=2)
    part(L, lambda s, c: rrect(s, c, (70, 38, 18, 30), 8), PINK, 3.5, shade=2)
    polyline(L, INK, [(80, 66), (78, 76), (70, 82), (60, 83)], 5)
    part(L, lambda s, c: rrect(s, c, (46, 77, 16, 11), 5.5), PINK, 3)
    return L


def rocket(L: pygame.Surface, origin: Point, angle: float, scale: float, width: float) -> None:
    """A white rocket pointing along `angle` (0 = up, clockwise degrees)."""

    def tf(pts: Sequence[Point]) -> list[Point]:
        return transform(pts, angle, origin, scale)

    flame = tf([(-7, 18), (-4, 30), (0, 40), (4, 30), (7, 18)])
    part(L, lambda s, c: round_poly(s, c, flame, 1), ORANGE, width)
    polygon(L, YELLOW, tf([(-3.5, 20), (0, 32), (3.5, 20)]))
    fin_l = tf([(-9, 2), (-20, 16), (-20, 24), (-8, 18)])
    fin_r = tf([(9, 2), (20, 16), (20, 24), (8, 18)])
    part(L, lambda s, c: round_poly(s, c, fin_l, 1.5), PINK, width)
    part(L, lambda s, c: round_poly(s, c, fin_r, 1.5), PINK, width)
    body = []
    for k in range(11):  # ogive nose
        t = k / 10
        body.append((-11 * math.sin(t * math.pi / 2), -30 + 24 * t))
    body += [(-11, 14), (-8, 20), (8, 20), (11, 14)]
    body += [(-x, y) for x, y in reversed(body[:11])]
    part(L, lambda s, c: polygon(s, c, tf(body)), WHITE, width, shade=2 * scale)
    nose = [p for p in body if p[1] <= -18]
    polygon(L, PINK, tf(nose))
    polyline(L, INK, tf([(-9.8, -18), (9.8, -18)]), width * 0.6)
    wx, wy = tf([(0, -5)])[0]
    circle(L, INK, (wx, wy), 7 * scale)
    circle(L, SKY, (wx, wy), 4.6 * scale)
    circle(L, WHITE, (wx - 1.5 * scale, wy - 1.5 * scale), 1.6 * scale)


def icon_techpad() -> pygame.Surface:
    L = blank(96, 96)
    part(L, lambda s, c: rrect(s, c, (10, 24, 54, 66), 10), LAVENDER, 4, shade=2.5)
    rrect(L, INK, (15, 29, 44, 50), 5)
    rrect(L, SKY, (17, 31, 40, 46), 4)
    for x, y, r in ((26, 40, 3), (48, 62, 2.5), (24, 68, 2)):
        sparkle(L, WHITE, (x, y), r * 1.6)
    circle(L, INK, (37, 84.5), 2.8)
    rocket(L, (64, 36), 45, 1.0, 3.5)
    return L


def icon_stuck() -> pygame.Surface:
    L = blank(96, 96)

    def shackle(s: pygame.Surface, c: Colour) -> None:
        arc_band(s, c, (48, 40), 19, 10, 180, 360, caps=False)
        rrect(s, c, (24, 39, 10, 14), 0)
        rrect(s, c, (62, 39, 10, 14), 0)

    part(L, shackle, STEEL, 4, shade=2)
    part(L, lambda s, c: rrect(s, c, (16, 46, 64, 42), 11), CORAL, 4, shade=4)
    rrect(L, lighten(CORAL, 0.45), (22, 51, 9, 22), 4.5)
    circle(L, INK, (48, 62), 7)
    polygon(L, INK, [(44, 64), (52, 64), (54.5, 78), (41.5, 78)])
    return L


def icon_ceo_bonus() -> pygame.Surface:
    L = blank(96, 96)
    part(L, lambda s, c: ellipse(s, c, (14, 50, 68, 40)), PURPLE, 4, shade=4)
    coins = ((24, 50, 9), (72, 50, 9), (36, 45, 10), (60, 45, 10), (48, 42, 10))
    for x, y, r in coins:
        part(L, lambda s, c, x=x, y=y, r=r: circle(s, c, (x, y), r), GOLD, 3, shade=1.5)
        circle(L, GOLD_DARK, (x, y), r * 0.62, width=1.6)
    part(L, lambda s, c: rrect(s, c, (10, 53, 76, 12), 6), PURPLE, 4, shade=2)
    rrect(L, lighten(PURPLE, 0.4), (22, 69, 8, 12), 4)
    crown = [(32, 30), (29, 14), (40, 21), (48, 8), (56, 21), (67, 14), (64, 30)]
    part(L, lambda s, c: round_poly(s, c, crown, 1.5), GOLD, 3.5, shade=2)
    for x, y in ((29, 14), (48, 8), (67, 14)):
        part(L, lambda s, c, x=x, y=y: circle(s, c, (x, y), 3.5), PINK, 2.5)
    circle(L, PINK, (48, 26), 3)
    return L


def heart_pts(centre: Point, k: float) -> list[Point]:
    pts = []
    for i in range(120):
        t = 2 * math.pi * i / 120
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((centre[0] + k * x, centre[1] + k * y))
    return pts


def icon_churn() -> pygame.Surface:
    L = blank(96, 96)
    heart = heart_pts((48, 45), 2.3)
    crack = [(48, 33), (41, 46), (52, 56), (43, 68), (49, 92)]
    halves = (
        (crack + [(0, 96), (0, 0), (48, 0)], (-4.5, 2.0), -1),
        (crack + [(96, 96), (96, 0), (48, 0)], (4.5, -0.5), 1),
    )
    for region, (dx, dy), side in halves:
        shape = cel(L.get_size(), lambda s, c: polygon(s, c, heart), RED, shade=3)
        if side < 0:
            ellipse(shape, lighten(RED, 0.5), (22, 28, 12, 9))
        area = blank_like(L)
        polygon(area, WHITE, region)
        clip(shape, area)
        moved = blank_like(L)
        moved.blit(shape, (sc(dx), sc(dy)))
        stamp(L, moved, 4)
    return L


def icon_signups() -> pygame.Surface:
    L = blank(96, 96)
    part(L, lambda s, c: person(s, c, (40, 54), 68), BLUE, 4, shade=3)
    part(L, lambda s, c: circle(s, c, (70, 66), 19), GREEN, 4, shade=2)
    rrect(L, WHITE, (60, 62, 20, 8), 3)
    rrect(L, WHITE, (66, 56, 8, 20), 3)
    return L


def flag_point(u: float, v: float) -> Point:
    x0, y0, w, h = 27.0, 13.0, 59.0, 42.0
    wave = 5.0 * math.sin(u * 2 * math.pi * 0.9) * (0.4 + 0.6 * u)
    return (x0 + u * w, y0 + v * h + wave)


def flag_outline() -> list[Point]:
    n = 24
    top = [flag_point(i / n, 0) for i in range(n + 1)]
    bottom = [flag_point(i / n, 1) for i in range(n, -1, -1)]
    return top + bottom


def flag_pole(L: pygame.Surface) -> None:
    part(L, lambda s, c: rrect(s, c, (18, 10, 9, 80), 4.5), STEEL, 3.5, shade=1.5)
    part(L, lambda s, c: circle(s, c, (22.5, 10), 6.5), GOLD, 3)


def icon_start() -> pygame.Surface:
    L = blank(96, 96)
    flag_pole(L)
    part(L, lambda s, c: polygon(s, c, flag_outline()), GREEN, 4, shade=2.5)
    centre = flag_point(0.5, 0.5)
    polygon(L, WHITE, transform([(-7, -10), (11, 0), (-7, 10)], 0, (centre[0] + 1, centre[1])))
    return L


def icon_finish() -> pygame.Surface:
    L = blank(96, 96)
    flag_pole(L)
    part(L, lambda s, c: polygon(s, c, flag_outline()), WHITE, 4)
    cols, rows = 5, 4
    for i in range(cols):
        for j in range(rows):
            if (i + j) % 2:
                u0, u1, v0, v1 = i / cols, (i + 1) / cols, j / rows, (j + 1) / rows
                quad = [flag_point(u0 + (u1 - u0) * t / 4, v0) for t in range(5)]
                quad += [flag_point(u1 - (u1 - u0) * t / 4, v1) for t in range(5)]
                polygon(L, INK, quad)
    return L


def icon_server() -> pygame.Surface:
    L = blank(96, 96)
    for k in range(3):
        y = 12 + 24 * k
        part(L, lambda s, c, y=y: rrect(s, c, (12, y, 72, 21), 6), STEEL, 3.5, shade=2.5)
        circle(L, INK, (24, y + 10.5), 5)
        circle(L, GREEN, (24, y + 10.5), 3.2)
        circle(L, INK, (37, y + 10.5), 5)
        circle(L, (YELLOW, GREEN, PINK)[k], (37, y + 10.5), 3.2)
        for x in (52, 59, 66, 73):
            thick_line(L, INK, (x, y + 6.5), (x, y + 14.5), 3)
    for x in (20, 66):
        part(L, lambda s, c, x=x: rrect(s, c, (x, 83, 10, 6), 2), STEEL, 3)
    return L


def banknote(L: pygame.Surface, centre: Point, angle: float, width: float) -> None:
    corners = transform([(-40, -23), (40, -23), (40, 23), (-40, 23)], angle, centre)
    part(L, lambda s, c: round_poly(s, c, corners, 4), CASH_GREEN, width, shade=2.5)
    inner = transform([(-33, -16), (33, -16), (33, 16), (-33, 16)], angle, centre)
    polyline(L, darken(CASH_GREEN, 0.3), inner + [inner[0]], 2.5)
    circle(L, darken(CASH_GREEN, 0.35), centre, 14)
    text(L, WHITE, "$", (centre[0], centre[1] + 1), 28)
    for p in transform([(-25, -8), (25, 8)], angle, centre):
        circle(L, darken(CASH_GREEN, 0.3), p, 3)


def icon_cash() -> pygame.Surface:
    L = blank(96, 96)
    banknote(L, (50, 40), -12, 4)
    banknote(L, (47, 58), 0, 4)
    return L


def icon_event() -> pygame.Surface:
    L = blank(96, 96)
    bolt = [(56, 6), (20, 54), (44, 54), (36, 90), (76, 38), (52, 38), (62, 6)]
    part(L, lambda s, c: round_poly(s, c, bolt, 2), YELLOW, 4, shade=3)
    polygon(L, lighten(YELLOW, 0.6), [(55, 12), (30, 49), (36, 49), (58, 14)])
    return L


def icon_fever() -> pygame.Surface:
    """A thermometer with a hot red bulb: Startup Fever."""
    L = blank(96, 96)
    part(L, lambda s, c: rrect(s, c, (38, 8, 20, 64), 10), WHITE, 4, shade=2)
    part(L, lambda s, c: circle(s, c, (48, 72), 16), RED, 4, shade=3)
    rrect(L, RED, (44, 30, 8, 44), 4)
    for y in (20, 30, 40, 50):
        thick_line(L, INK, (58, y), (63, y), 3)
    circle(L, lighten(RED, 0.5), (43, 67), 4)
    for x, y, r in ((76, 22, 9), (20, 30, 7), (78, 52, 5)):
        part(L, lambda s, c, x=x, y=y, r=r: sparkle(s, c, (x, y), r), YELLOW, 2.5)
    return L


# ------------------------------------------------------------------ Startup Fever categories


def cat_media() -> pygame.Surface:
    L = blank(96, 96)
    part(L, lambda s, c: rrect(s, c, (8, 16, 80, 60), 16), CORAL, 4, shade=3)
    play = [(39, 32), (39, 60), (62, 46)]
    part(L, lambda s, c: round_poly(s, c, play, 3), WHITE, 3)
    part(L, lambda s, c: rrect(s, c, (42, 72, 12, 12), 2), darken(CORAL, 0.2), 3)
    part(L, lambda s, c: rrect(s, c, (28, 81, 40, 8), 4), CORAL, 3)
    return L


def cat_social() -> pygame.Surface:
    L = blank(96, 96)
    nodes = [(48, 24), (20, 68), (76, 68)]
    for a, b in ((0, 1), (0, 2), (1, 2)):
        part(L, lambda s, c, a=a, b=b: thick_line(s, c, nodes[a], nodes[b], 6), SKY, 3)
    for n in nodes:
        part(L, lambda s, c, n=n: circle(s, c, n, 16), BLUE, 4, shade=2)
        sub = blank_like(L)
        person(sub, WHITE, (n[0], n[1] + 2), 22)
        clip(sub, cel(L.get_size(), lambda s, c, n=n: circle(s, c, n, 14), WHITE))
        L.blit(sub, (0, 0))
    return L


def bubble(s: pygame.Surface, c: Colour, box: tuple[float, float, float, float],
           tail: Sequence[Point]) -> None:
    rrect(s, c, box, 16)
    polygon(s, c, tail)


def cat_communication() -> pygame.Surface:
    L = blank(96, 96)
    back = (34, 10, 54, 40)
    part(L, lambda s, c: bubble(s, c, back, [(70, 44), (82, 58), (60, 46)]), TEAL, 4, shade=2)
    front = (8, 34, 58, 42)
    part(L, lambda s, c: bubble(s, c, front, [(18, 70), (12, 88), (34, 72)]), WHITE, 4, shade=2)
    for x in (24, 37, 50):
        circle(L, INK, (x, 55), 4.5)
    return L


def cat_ecommerce() -> pygame.Surface:
    L = blank(96, 96)
    part(L, lambda s, c: rrect(s, c, (34, 12, 18, 22), 3), PINK, 3, shade=1.5)
    part(L, lambda s, c: rrect(s, c, (52, 18, 20, 16), 3), YELLOW, 3, shade=1.5)
    basket = [(24, 30), (86, 30), (78, 62), (32, 62)]
    part(L, lambda s, c: round_poly(s, c, basket, 2), ORANGE, 4, shade=3)
    for x in (44, 56, 68):
        thick_line(L, darken(ORANGE, 0.35), (x, 36), (x - 1, 56), 3)
    thick_line(L, darken(ORANGE, 0.35), (30, 46), (81, 46), 3)
    part(L, lambda s, c: polyline(s, c, [(8, 20), (20, 20), (32, 70), (80, 70)], 6), STEEL, 3)
    for x in (38, 74):
        part(L, lambda s, c, x=x: circle(s, c, (x, 80), 7.5), INK, 2)
        circle(L, STEEL, (x, 80), 3)
    return L


# ------------------------------------------------------------------ Startup Fever pieces


def cube(colour: Colour, face: Callable[[pygame.Surface], None]) -> pygame.Surface:
    L = blank(64, 64)
    fx, fy, fs, d = 7.0, 19.0, 38.0, 12.0
    top = [(fx, fy), (fx + d, fy - d), (fx + fs + d, fy - d), (fx + fs, fy)]
    right = [(fx + fs, fy), (fx + fs + d, fy - d), (fx + fs + d, fy + fs - d), (fx + fs, fy + fs)]
    part(L, lambda s, c: polygon(s, c, top), lighten(colour, 0.3), 3)
    part(L, lambda s, c: polygon(s, c, right), darken(colour, 0.25), 3)
    part(L, lambda s, c: rrect(s, c, (fx, fy, fs, fs), 4), colour, 3)
    face(L)
    return finish(L, lip=2)


def nerd_face(L: pygame.Surface) -> None:
    for x in (19, 35):
        circle(L, WHITE, (x, 35), 6)
        circle(L, INK, (x, 35), 6, width=2.6)
        circle(L, INK, (x + 1, 36), 2.2)
    thick_line(L, INK, (24, 34), (30, 34), 2.5)
    arc_band(L, INK, (27, 44), 5, 2.5, 30, 150)


def suit_face(L: pygame.Surface) -> None:
    polygon(L, WHITE, [(15, 19), (26, 31), (37, 19)])
    polygon(L, INK, [(15, 19), (26, 31), (37, 19), (34.5, 19), (26, 28), (17.5, 19)])
    part(L, lambda s, c: polygon(s, c, [(23, 25), (29, 25), (28, 30), (24, 30)]), RED, 1.8)
    tie = [(24, 31), (28, 31), (31, 47), (26, 53), (21, 47)]
    part(L, lambda s, c: polygon(s, c, tie), RED, 1.8)


def meeple_pts() -> list[Point]:
    left = [(40, 31), (29, 31), (15, 36), (12, 41), (15, 46), (27, 46), (25, 57), (16, 71),
            (18, 74), (33, 74), (40, 63)]
    right = [(80 - x, y) for x, y in reversed(left[1:-1])]
    return left + right


def meeple(colour: Colour, detail: Callable[[pygame.Surface], None]) -> pygame.Surface:
    L = blank(80, 80)
    part(L, lambda s, c: round_poly(s, c, meeple_pts(), 3), colour, 3.5, shade=3)
    part(L, lambda s, c: circle(s, c, (40, 18), 13), colour, 3.5, shade=2.5)
    circle(L, lighten(colour, 0.5), (35, 12), 3.5)
    detail(L)
    return finish(L, lip=2)


def big_nerd_detail(L: pygame.Surface) -> None:
    for x in (34.5, 45.5):
        circle(L, WHITE, (x, 19), 5)
        circle(L, INK, (x, 19), 5, width=2.2)
        circle(L, INK, (x + 0.8, 19.8), 1.8)
    thick_line(L, INK, (38.5, 18.5), (41.5, 18.5), 2)
    part(L, lambda s, c: sparkle(s, c, (40, 50), 8), YELLOW, 2)


def big_suit_detail(L: pygame.Surface) -> None:
    polygon(L, WHITE, [(31, 32), (40, 43), (49, 32)])
    part(L, lambda s, c: polygon(s, c, [(37, 37), (43, 37), (42, 42), (38, 42)]), RED, 1.8)
    tie = [(38, 43), (42, 43), (45, 58), (40, 64), (35, 58)]
    part(L, lambda s, c: polygon(s, c, tie), RED, 1.8)


def money_token() -> pygame.Surface:
    L = blank(64, 64)
    part(L, lambda s, c: circle(s, c, (32, 31), 27), GOLD, 3.5, shade=2.5)
    for k in range(8):
        notch = transform([(-4, -27), (4, -27), (3.2, -20), (-3.2, -20)], 22.5 + 45 * k, (32, 31))
        polygon(L, WHITE, notch)
    circle(L, GOLD_DARK, (32, 31), 17, width=2.5)
    text(L, AMBER, "$", (32, 32), 36)
    return finish(L, lip=2)


def user_marker(colour: Colour | None) -> pygame.Surface:
    L = blank(48, 48)
    fill = colour or WHITE
    part(L, lambda s, c: circle(s, c, (24, 22.5), 19), fill, 3, shade=2)
    sub = blank_like(L)
    person(sub, WHITE if colour else INK, (24, 25), 30)
    clip(sub, cel(L.get_size(), lambda s, c: circle(s, c, (24, 22.5), 17), WHITE))
    L.blit(sub, (0, 0))
    return finish(L, lip=1.5)


def icon_launch() -> pygame.Surface:
    """Startup Fever's Launch line (10K users): a rocket lifting off from a puff of smoke."""
    L = blank(96, 96)
    for x, y, r in ((30, 80, 13), (50, 84, 15), (70, 80, 12)):
        part(L, lambda s, c, x=x, y=y, r=r: circle(s, c, (x, y), r), LAVENDER, 3.5, shade=2)
    rocket(L, (50, 42), 0, 1.15, 3.5)
    for x, y, r in ((18, 22, 8), (80, 30, 6)):
        part(L, lambda s, c, x=x, y=y, r=r: sparkle(s, c, (x, y), r), YELLOW, 2.5)
    return L


def chip_back() -> pygame.Surface:
    """A category chip face down: the category stays secret until the product launches."""
    L = blank(64, 64)
    part(L, lambda s, c: rrect(s, c, (5, 5, 54, 52), 14), DEEP, 4, shade=2.5)
    rrect(L, lighten(DEEP, 0.35), (11, 11, 42, 40), 10, width=2.5)
    outlined_text(L, "?", (32, 32), 40, YELLOW, 3.5)
    return finish(L, lip=2)


def card_mini_back() -> pygame.Surface:
    """A small Event Card back for hands shown as a count (company panels, dealing)."""
    L = blank(48, 66)
    part(L, lambda s, c: rrect(s, c, (4, 4, 40, 56), 8), PURPLE, 3.5, shade=2)
    rrect(L, WHITE, (9, 9, 30, 46), 5, width=2.5)
    bolt = [(27, 15), (16, 34), (23, 34), (20, 50), (33, 29), (26, 29), (30, 15)]
    part(L, lambda s, c: polygon(s, c, bolt), YELLOW, 2.5)
    return finish(L, lip=2)


def card_mini_front() -> pygame.Surface:
    """A small Event Card face up (the played pile): purple band with a bolt, text lines."""
    L = blank(48, 66)
    part(L, lambda s, c: rrect(s, c, (4, 4, 40, 56), 8), CREAM, 3.5)
    rrect(L, PURPLE, (4, 4, 40, 17), 8, border_bottom_left_radius=0,
          border_bottom_right_radius=0)
    thick_line(L, INK, (5, 21), (43, 21), 2.5)
    bolt = [(26, 6), (19, 14), (23, 14), (21, 20), (29, 11), (25, 11), (28, 6)]
    polygon(L, YELLOW, bolt)
    for y, w in ((29, 28), (36, 24), (43, 28), (50, 18)):
        rrect(L, mix(CREAM, INK, 0.35), (24 - w / 2, y, w, 3.5), 1.75)
    return finish(L, lip=2)


# ------------------------------------------------------------------ particles


def coin_particle() -> pygame.Surface:
    L = blank(24, 24)
    part(L, lambda s, c: circle(s, c, (12, 11.5), 9), GOLD, 2, shade=1.2)
    rrect(L, AMBER, (10.5, 6.5, 3, 10), 1.5)
    arc_band(L, lighten(GOLD, 0.6), (12, 11.5), 6.5, 1.5, 195, 250)
    return finish(L, lip=1)


def spark() -> pygame.Surface:
    glow = (255, 236, 140)
    L = blank(32, 32, glow)
    for i in range(12):
        r = 15 - i * 0.9
        a = round(10 + i * 9)
        layer = blank(32, 32, glow)
        pygame.draw.circle(layer, (*glow, a), pt((16, 16)), sc(r))
        L.blit(layer, (0, 0))
    sparkle(L, WHITE, (16, 16), 15)
    polygon(L, WHITE, star_pts((16, 16), 9, 3, 4, -45))
    return finish(L)


def confetti(k: int) -> pygame.Surface:
    colour = list(PLAYER_COLOURS.values())[k]
    L = blank(16, 16)
    c = (8.0, 8.0)
    shapes: list[Draw] = [
        lambda s, col: polygon(s, col, transform([(-6, -2.5), (6, -2.5), (6, 2.5), (-6, 2.5)],
                                                 25, c)),
        lambda s, col: circle(s, col, c, 4.5),
        lambda s, col: polygon(s, col, ngon((8, 9), 6, 3, -80)),
        lambda s, col: polygon(s, col, ngon(c, 5.5, 4, 10)),
        lambda s, col: polyline(s, col, [(3, 10), (6, 5), (9, 10), (12, 5)], 3),
        lambda s, col: polygon(s, col, star_pts(c, 6, 2.8)),
    ]
    part(L, shapes[k], colour, 1.3)
    return finish(L)


# ------------------------------------------------------------------ cards


def outlined_text(L: pygame.Surface, msg: str, centre: Point, size: float, colour: Colour = WHITE,
                  width: float = 4) -> None:
    shape = blank_like(L, colour)
    text(shape, colour, msg, centre, size)
    stamp(L, shape, width)


def card_body(s: pygame.Surface, c: Colour) -> None:
    rrect(s, c, (8, 6, 304, 424), 26)


def card_front(title: str, band: Colour, icon: pygame.Surface, footer: str) -> pygame.Surface:
    L = blank(*CARD_SIZE)
    part(L, card_body, CREAM, 5)
    rrect(L, band, (8, 6, 304, 98), 26, border_bottom_left_radius=0, border_bottom_right_radius=0)
    rrect(L, lighten(band, 0.3), (24, 14, 272, 10), 5)
    thick_line(L, INK, (8, 104), (312, 104), 5)
    part(L, lambda s, c: circle(s, c, (58, 56), 34), WHITE, 4.5)
    place(L, icon, (58, 57), 58)
    size = fit_size(title, 180, 54)
    outlined_text(L, title, (204, 58), size)
    x, y, w, h = CARD_TEXT_RECT
    rrect(L, mix(CREAM, band, 0.1), (x - 8, y - 6, w + 16, h + 12), 16)
    rrect(L, band, (8, 402, 304, 28), 26, border_top_left_radius=0, border_top_right_radius=0)
    thick_line(L, INK, (8, 401), (312, 401), 4)
    text(L, INK, footer, (160, 417), 20)
    return finish(L, lip=4)


def card_back(title: str, band: Colour, icon: pygame.Surface, footer: str) -> pygame.Surface:
    L = blank(*CARD_SIZE)
    body = cel(L.get_size(), card_body, band)
    stripes = blank_like(L)
    for k in range(-12, 16):
        x0 = k * 36.0
        polygon(stripes, lighten(band, 0.14), [(x0, 0), (x0 + 18, 0), (x0 + 18 + 440, 440),
                                                (x0 + 440, 440)])
    body.blit(clip(stripes, body), (0, 0))
    stamp(L, body, 5)
    rrect(L, WHITE, (22, 20, 276, 396), 16, width=4)
    outlined_text(L, footer, (160, 54), fit_size(footer, 240, 34))
    part(L, lambda s, c: circle(s, c, (160, 190), 90), WHITE, 5, shade=4)
    circle(L, lighten(band, 0.55), (160, 190), 78, width=4)
    place(L, icon, (160, 190), 130)
    part(L, lambda s, c: rrect(s, c, (40, 312, 240, 66), 33), INK, 0)
    text(L, WHITE, title, (160, 346), fit_size(title, 208, 50))
    for x, y, r in ((58, 120, 10), (266, 118, 7), (262, 268, 11), (56, 262, 7)):
        part(L, lambda s, c, x=x, y=y, r=r: sparkle(s, c, (x, y), r), WHITE, 2.5)
    return finish(L, lip=4)


# ------------------------------------------------------------------ unicorn emblem


def unicorn_emblem() -> pygame.Surface:
    L = blank(256, 256)
    cx, cy, R = 128.0, 130.0, 108.0
    part(L, lambda s, c: circle(s, c, (cx, cy), R), DEEP, 6)
    order = RAINBOW
    G = blank(256, 256)
    for i, col in enumerate(order):
        arc_band(G, col, (cx + 20, cy + 80), 136 - 10 * i, 10.5, 180, 360, caps=False)
    circle(G, DEEP, (cx + 20, cy + 80), 76)
    for x, y, r in ((200, 150, 9), (214, 104, 6), (180, 196, 6), (150, 50, 5)):
        sparkle(G, WHITE, (x, y), r)
    mane = [(104, 62, 18), (84, 78, 21), (70, 104, 22), (64, 134, 22), (62, 166, 22),
            (64, 198, 22), (70, 228, 22)]
    for i, (x, y, r) in enumerate(mane):
        part(G, lambda s, c, x=x, y=y, r=r: circle(s, c, (x, y), r), order[i % 6], 4, shade=3)
    ear = [(82, 90), (76, 42), (108, 74)]
    part(G, lambda s, c: round_poly(s, c, ear, 4), WHITE, 4, shade=2)
    round_poly(G, lighten(PINK, 0.35), [(86, 80), (82, 56), (99, 74)], 2)

    def head(s: pygame.Surface, c: Colour) -> None:
        polygon(s, c, [(92, 140), (160, 150), (184, 260), (80, 260)])
        circle(s, c, (124, 112), 46)
        ellipse(s, c, (130, 110, 80, 60))
        polygon(s, c, [(118, 68), (172, 112), (190, 150), (150, 168), (100, 150)])

    head_shape = cel(G.get_size(), head, WHITE, shade=4)
    stamp(G, head_shape, 5)
    muzzle = blank_like(G)
    ellipse(muzzle, lighten(PINK, 0.72), (162, 116, 52, 56))
    G.blit(clip(muzzle, head_shape), (0, 0))
    ellipse(G, INK, (188, 126, 9, 7))
    arc_band(G, INK, (172, 138), 17, 4, 35, 100)
    ellipse(G, lighten(PINK, 0.45), (128, 134, 20, 12))
    ellipse(G, INK, (128, 88, 22, 30))
    circle(G, WHITE, (140, 97), 5.5)
    circle(G, WHITE, (133, 110), 2.5)
    for a, b in (((146, 90), (154, 84)), ((147, 98), (156, 96))):
        thick_line(G, INK, a, b, 3.5)
    tuft = [(112, 64, 13, order[0]), (126, 62, 10, order[5]), (100, 66, 11, order[1])]
    for x, y, r, col in tuft:
        part(G, lambda s, c, x=x, y=y, r=r: circle(s, c, (x, y), r), col, 3.5, shade=2)

    disc = blank_like(G)
    circle(disc, WHITE, (cx, cy), R - 3)
    L.blit(clip(G, disc), (0, 0))
    circle(L, INK, (cx, cy), R + 1, width=6)

    horn = [(108, 70), (134, 62), (150, 9)]
    horn_shape = cel(L.get_size(), lambda s, c: round_poly(s, c, horn, 3), GOLD, shade=3)
    stripes = blank_like(L)
    for t in (0.2, 0.4, 0.58, 0.75):
        a = (108 + (150 - 108) * t, 70 + (9 - 70) * t)
        b = (134 + (150 - 134) * t, 62 + (9 - 62) * t)
        thick_line(stripes, GOLD_DARK, (a[0] - 6, a[1] + 2), (b[0] + 6, b[1] - 8), 4.5)
    horn_shape.blit(clip(stripes, horn_shape), (0, 0))
    stamp(L, horn_shape, 5)
    for x, y, r in ((182, 34, 11), (118, 26, 6)):
        part(L, lambda s, c, x=x, y=y, r=r: sparkle(s, c, (x, y), r), YELLOW, 3)
    return finish(L, lip=3)


# ------------------------------------------------------------------ catalogue

ICONS: dict[str, Callable[[], pygame.Surface]] = {
    "icon_payday": icon_payday,
    "icon_customer_service": icon_customer_service,
    "icon_techpad": icon_techpad,
    "icon_stuck": icon_stuck,
    "icon_ceo_bonus": icon_ceo_bonus,
    "icon_churn": icon_churn,
    "icon_signups": icon_signups,
    "icon_start": icon_start,
    "icon_finish": icon_finish,
    "icon_server": icon_server,
    "icon_cash": icon_cash,
    "icon_coin": icon_coin,
    "icon_event": icon_event,
    "icon_fever": icon_fever,
}
CATEGORIES: dict[str, Callable[[], pygame.Surface]] = {
    "cat_media": cat_media,
    "cat_social": cat_social,
    "cat_communication": cat_communication,
    "cat_ecommerce": cat_ecommerce,
}


def build_all() -> dict[str, pygame.Surface]:
    """Every sprite by file stem, in contact-sheet order."""
    out: dict[str, pygame.Surface] = {}
    for n in range(1, 7):
        out[f"die_{n}"] = die_face(n)
    for i, (face, angle) in enumerate(((3, 22), (5, 52), (2, 78)), start=1):
        out[f"die_tumble_{i}"] = die_tumble(face, angle)
    for name, colour in PLAYER_COLOURS.items():
        out[f"pawn_{name}"] = pawn(colour)
    out["pawn_white"] = pawn(WHITE)
    out["pawn_shadow"] = pawn_shadow()
    for shape in MARKER_SHAPES:
        out[f"marker_{shape}"] = marker(shape, 48)
    for shape in MARKER_SHAPES:
        out[f"marker_{shape}_small"] = marker(shape, 24)
    layers = {name: fn() for name, fn in {**ICONS, **CATEGORIES}.items()}
    for name in ICONS:
        out[name] = finish(layers[name], lip=2)
    signups, churn = layers["icon_signups"], layers["icon_churn"]
    out["card_signups_front"] = card_front("SIGN UPS", GREEN, signups, "SERVERMANIA")
    out["card_churn_front"] = card_front("CHURN!", RED, churn, "SERVERMANIA")
    out["card_back_signups"] = card_back("SIGN UPS", GREEN, signups, "SERVERMANIA")
    out["card_back_churn"] = card_back("CHURN!", RED, churn, "SERVERMANIA")
    out["card_event_front"] = card_front("EVENT", PURPLE, layers["icon_event"], "STARTUP FEVER")
    out["card_event_back"] = card_back("EVENT", PURPLE, layers["icon_fever"], "STARTUP FEVER")
    out["nerd"] = cube(NERD_GREEN, nerd_face)
    out["suit"] = cube(SUIT_BLUE, suit_face)
    out["big_nerd"] = meeple(NERD_GREEN, big_nerd_detail)
    out["big_suit"] = meeple(SUIT_BLUE, big_suit_detail)
    out["money_token"] = money_token()
    out["user_marker"] = user_marker(None)
    for name, colour in PLAYER_COLOURS.items():
        out[f"user_marker_{name}"] = user_marker(colour)
    for name in CATEGORIES:
        out[name] = finish(layers[name], lip=2)
    out["icon_launch"] = finish(icon_launch(), lip=2)
    out["chip_back"] = chip_back()
    out["card_mini_back"] = card_mini_back()
    out["card_mini_front"] = card_mini_front()
    out["coin_particle"] = coin_particle()
    out["spark"] = spark()
    for k in range(6):
        out[f"confetti_{k + 1}"] = confetti(k)
    out["unicorn_emblem"] = unicorn_emblem()
    return out


# ------------------------------------------------------------------ contact sheet


def contact_sheet(sprites: dict[str, pygame.Surface]) -> pygame.Surface:
    """All sprites labelled on a mid-tone background, then icons at 48 px on light and dark."""
    width, pad = 1800, 14
    label = pygame.font.Font(None, 18)
    cells: list[tuple[str, pygame.Surface]] = list(sprites.items())
    for colour, shape in zip(PLAYER_COLOURS, MARKER_SHAPES, strict=True):
        seat = sprites[f"pawn_{colour}"].copy()
        mark = sprites[f"marker_{shape}_small"]
        seat.blit(mark, mark.get_rect(center=PAWN_MARKER_CENTRE))
        cells.append((f"(pawn+{shape})", seat))
    rows: list[list[tuple[str, pygame.Surface]]] = [[]]
    x = pad
    group = ""
    for name, img in cells:
        w = max(img.get_width(), 128) + pad
        kind = name.strip("(").replace("+", "_").split("_")[0]
        kind = {"big": "nerd", "suit": "nerd", "money": "nerd", "user": "nerd", "coin": "spark",
                "confetti": "spark", "unicorn": "spark", "marker": "pawn", "cat": "nerd"}.get(
                    kind, kind)
        if (x + w > width or kind != group) and rows[-1]:
            rows.append([])
            x = pad
        group = kind
        rows[-1].append((name, img))
        x += w
    heights = [max(img.get_height() for _, img in row) + 34 for row in rows]
    small = [n for n in sprites if n.startswith(("icon_", "cat_", "marker_")) and
             not n.endswith("_small")]
    strip_h = 2 * (48 + 16) + 20
    sheet = pygame.Surface((width, sum(heights) + pad + strip_h + pad))
    sheet.fill((92, 78, 140))
    y = pad
    for row, h in zip(rows, heights, strict=True):
        x = pad
        for name, img in row:
            w = max(img.get_width(), 128)
            sheet.blit(img, (x + (w - img.get_width()) // 2, y + (h - 34 - img.get_height()) // 2))
            cap = label.render(name, True, WHITE)
            sheet.blit(cap, (x + (w - cap.get_width()) // 2, y + h - 26))
            x += w + pad
        y += h
    for bg in ((244, 239, 255), (36, 26, 61)):
        pygame.draw.rect(sheet, bg, (0, y, width, 64))
        x = pad
        for name in small:
            img = pygame.transform.smoothscale(sprites[name], (48, 48))
            sheet.blit(img, (x, y + 8))
            x += 56
        y += 64 + 10
    return sheet


def hex_colour(c: Colour) -> str:
    return "#{:02X}{:02X}{:02X}".format(*c)


def palette(sprites: dict[str, pygame.Surface]) -> dict[str, object]:
    """What other code needs to match the art, as plain JSON-able data."""
    return {
        "player_colours": {name: hex_colour(c) for name, c in PLAYER_COLOURS.items()},
        "marker_shapes": list(MARKER_SHAPES),
        "colours": {
            "ink": hex_colour(INK), "cream": hex_colour(CREAM), "gold": hex_colour(GOLD),
            "nerd_green": hex_colour(NERD_GREEN), "suit_blue": hex_colour(SUIT_BLUE),
            "signups_green": hex_colour(GREEN), "churn_red": hex_colour(RED),
            "event_purple": hex_colour(PURPLE), "emblem_deep": hex_colour(DEEP),
        },
        "pawn_anchor": list(PAWN_ANCHOR),
        "pawn_marker_centre": list(PAWN_MARKER_CENTRE),
        "card_text_rect": list(CARD_TEXT_RECT),
        "sizes": {name: list(surf.get_size()) for name, surf in sprites.items()},
    }


def main(argv: Sequence[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "sprites"
    out_dir.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    sprites = build_all()
    for name, surf in sprites.items():
        pygame.image.save(surf, str(out_dir / f"{name}.png"))
    pygame.image.save(contact_sheet(sprites), str(out_dir / "_contact_sheet.png"))
    text_out = json.dumps(palette(sprites), indent=1) + "\n"  # seat order kept
    (out_dir / "palette.json").write_text(text_out, encoding="utf-8")
    print(f"wrote {len(sprites)} sprites + contact sheet to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
