"""Draw the SERVERMANIA board tileset: assets/tiles/servermania_tiles.png.

Deterministic (no randomness), re-runnable: `python assets/make_board_tiles.py`.
40 px tiles, 8 columns x 2 rows. Tile ids (gid = id + 1 in maps/servermania.tmx):
  0 floor, 1 floor with vent, 2-5 track slab quadrants (TL, TR, BL, BR of an 80 px
  square), 6 server rack, 7 cable coil, 8 cloud, 9 coffee mug, 10 plant, 11 power bolt,
  12 centre-panel floor, 13 rocket, 14 star, 15 bug.
Flat bold colours with thick dark outlines (STYLE.md).
"""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402  (assets scripts may use pygame; game/ never does)

T = 40
COLS, ROWS = 8, 2
OUT = os.path.join(os.path.dirname(__file__), "tiles", "servermania_tiles.png")

INK = (22, 18, 40)
FLOOR = (38, 44, 86)
FLOOR_LINE = (48, 56, 104)
SLAB = (236, 232, 252)
SLAB_SHADE = (196, 188, 230)
PANEL = (58, 52, 110)


def tile_rect(tile_id: int) -> pygame.Rect:
    return pygame.Rect((tile_id % COLS) * T, (tile_id // COLS) * T, T, T)


def floor(surf: pygame.Surface, r: pygame.Rect, colour=FLOOR) -> None:
    """Floor plate; the corner rivet is clipped so it never bleeds into a neighbour."""
    surf.fill(colour, r)
    pygame.draw.rect(surf, FLOOR_LINE, r, 1)
    clip = surf.get_clip()
    surf.set_clip(r)
    pygame.draw.circle(surf, FLOOR_LINE, r.topleft, 3)
    surf.set_clip(clip)


def slab(surf: pygame.Surface) -> None:
    """An 80 px rounded slab split over tiles 2..5 (TL, TR, BL, BR)."""
    big = pygame.Surface((2 * T, 2 * T), pygame.SRCALPHA)
    floor(big, pygame.Rect(0, 0, 2 * T, 2 * T))
    floor(big, pygame.Rect(T, 0, T, T))
    floor(big, pygame.Rect(0, T, T, T))
    floor(big, pygame.Rect(T, T, T, T))
    outer = pygame.Rect(3, 3, 2 * T - 6, 2 * T - 6)
    pygame.draw.rect(big, INK, outer.move(0, 3), border_radius=14)
    pygame.draw.rect(big, SLAB_SHADE, outer, border_radius=14)
    pygame.draw.rect(big, SLAB, outer.inflate(-10, -10).move(0, -2), border_radius=10)
    pygame.draw.rect(big, INK, outer, 4, border_radius=14)
    for i, (x, y) in enumerate(((0, 0), (T, 0), (0, T), (T, T))):
        surf.blit(big, tile_rect(2 + i), pygame.Rect(x, y, T, T))


def decor(surf: pygame.Surface) -> None:
    r = tile_rect(6)  # server rack with LEDs
    floor(surf, r)
    body = pygame.Rect(r.x + 9, r.y + 4, 22, 32)
    pygame.draw.rect(surf, (90, 98, 140), body, border_radius=4)
    pygame.draw.rect(surf, INK, body, 3, border_radius=4)
    for k in range(3):
        y = body.y + 8 + k * 8
        pygame.draw.line(surf, INK, (body.x + 4, y), (body.right - 5, y), 2)
        pygame.draw.circle(surf, (80, 240, 140) if k != 1 else (255, 200, 60),
                           (body.right - 6, y - 3), 2)

    r = tile_rect(7)  # cable coil
    floor(surf, r)
    for rad, col in ((14, (255, 120, 60)), (9, (255, 160, 90))):
        pygame.draw.circle(surf, INK, r.center, rad + 2, 0)
        pygame.draw.circle(surf, col, r.center, rad, 4)
    pygame.draw.circle(surf, FLOOR, r.center, 4)

    r = tile_rect(8)  # cloud
    floor(surf, r)
    for cx, cy, rad in ((13, 23, 8), (21, 17, 10), (29, 23, 8)):
        pygame.draw.circle(surf, INK, (r.x + cx, r.y + cy), rad + 3)
    for cx, cy, rad in ((13, 23, 8), (21, 17, 10), (29, 23, 8)):
        pygame.draw.circle(surf, (210, 236, 255), (r.x + cx, r.y + cy), rad)
    pygame.draw.rect(surf, (210, 236, 255), (r.x + 13, r.y + 22, 16, 9))

    r = tile_rect(9)  # coffee mug
    floor(surf, r)
    cup = pygame.Rect(r.x + 10, r.y + 14, 16, 18)
    pygame.draw.circle(surf, INK, (cup.right + 2, cup.centery), 7, 3)
    pygame.draw.rect(surf, (250, 250, 250), cup, border_radius=3)
    pygame.draw.rect(surf, INK, cup, 3, border_radius=3)
    pygame.draw.rect(surf, (120, 70, 40), (cup.x + 3, cup.y + 3, cup.w - 6, 4))
    for x in (cup.x + 5, cup.x + 10):
        pygame.draw.line(surf, (200, 200, 230), (x, cup.y - 4), (x + 2, cup.y - 10), 2)

    r = tile_rect(10)  # plant
    floor(surf, r)
    pot = [(r.x + 12, r.y + 24), (r.x + 28, r.y + 24), (r.x + 25, r.y + 36), (r.x + 15, r.y + 36)]
    for ang in ((-10, -14), (0, -18), (10, -14)):
        tip = (r.centerx + ang[0], r.y + 24 + ang[1])
        pygame.draw.line(surf, INK, (r.centerx, r.y + 25), tip, 7)
        pygame.draw.line(surf, (90, 210, 110), (r.centerx, r.y + 25), tip, 4)
    pygame.draw.polygon(surf, (220, 110, 70), pot)
    pygame.draw.polygon(surf, INK, pot, 3)

    r = tile_rect(11)  # power bolt
    floor(surf, r)
    bolt = [(r.x + 23, r.y + 4), (r.x + 11, r.y + 22), (r.x + 19, r.y + 22),
            (r.x + 15, r.y + 36), (r.x + 29, r.y + 16), (r.x + 21, r.y + 16)]
    pygame.draw.polygon(surf, (255, 214, 40), bolt)
    pygame.draw.polygon(surf, INK, bolt, 3)

    r = tile_rect(12)  # centre-panel floor
    floor(surf, r, PANEL)

    r = tile_rect(13)  # rocket
    floor(surf, r)
    body = [(r.centerx, r.y + 4), (r.centerx + 7, r.y + 16), (r.centerx + 7, r.y + 28),
            (r.centerx - 7, r.y + 28), (r.centerx - 7, r.y + 16)]
    pygame.draw.polygon(surf, (255, 120, 60), [(r.centerx - 5, r.y + 28),
                                                (r.centerx + 5, r.y + 28),
                                                (r.centerx, r.y + 37)])
    pygame.draw.polygon(surf, (240, 240, 255), body)
    pygame.draw.polygon(surf, INK, body, 3)
    pygame.draw.circle(surf, (80, 170, 255), (r.centerx, r.y + 17), 3)

    r = tile_rect(14)  # star
    floor(surf, r)
    pts = []
    for k in range(10):
        rad = 14 if k % 2 == 0 else 6
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((r.centerx + rad * math.cos(a), r.centery + rad * math.sin(a)))
    pygame.draw.polygon(surf, (255, 120, 220), pts)
    pygame.draw.polygon(surf, INK, pts, 3)

    r = tile_rect(15)  # bug
    floor(surf, r)
    for dy in (-5, 0, 5):
        pygame.draw.line(surf, INK, (r.centerx - 13, r.centery + dy),
                         (r.centerx + 13, r.centery + dy), 3)
    pygame.draw.ellipse(surf, (120, 230, 90), (r.centerx - 8, r.centery - 11, 16, 22))
    pygame.draw.ellipse(surf, INK, (r.centerx - 8, r.centery - 11, 16, 22), 3)


def make() -> pygame.Surface:
    surf = pygame.Surface((COLS * T, ROWS * T), pygame.SRCALPHA)
    floor(surf, tile_rect(0))
    r = tile_rect(1)
    floor(surf, r)
    for k in range(3):
        pygame.draw.line(surf, INK, (r.x + 10, r.y + 14 + k * 6), (r.right - 10, r.y + 14 + k * 6),
                         2)
    slab(surf)
    decor(surf)
    return surf


def main() -> None:
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    pygame.image.save(make(), OUT)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
