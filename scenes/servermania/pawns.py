"""Pawns: one per player, hopping square to square with squash and stretch.

A pawn lives in world (map pixel) coordinates. `hop_along(points)` queues one hop per
square of a move; every hop crouches, flies on an arc while stretching, and lands with a
squash. Pawns resting on the same square take separate slots and shrink a little, so
several pawns on one square never hide each other.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
import pytweening

from scenes.engine.palette import INK
from scenes.engine.theme import THEME
from scenes.servermania.camera import Lens
from scenes.table import look

HOP_TIME = 0.26  # seconds per square at speed 1
CROUCH = 0.18  # share of a hop spent crouching before take-off
HOP_HEIGHT = 34.0  # world px
LAND_TIME = 0.14
SOLO_SCALE = 0.82
SHARED_SCALE = {2: 0.62, 3: 0.52, 4: 0.52}  # crowded squares shrink pawns more
# Feet positions (world px from the square's centre). The back row stands high enough
# that its shape markers stay visible above the front row's heads.
SLOTS = {
    1: [(0, 10)],
    2: [(-17, 10), (17, 10)],
    3: [(-18, -10), (18, -10), (0, 28)],
    4: [(-18, -10), (18, -10), (-18, 28), (18, 28)],
}


class Pawn:
    def __init__(self, seat: int, colour: str, square: int, feet: tuple[float, float]) -> None:
        self.seat = seat
        self.colour = colour
        self.shape = ""  # the shape chosen in the lobby ("" = the colour's own)
        self.square = square  # where the pawn rests (or will rest when its hops end)
        self.pos = pygame.Vector2(feet)
        self.prev = pygame.Vector2(feet)
        self.height = 0.0
        self.prev_height = 0.0
        self.sx = self.sy = 1.0
        self.scale = SOLO_SCALE
        self.target_scale = SOLO_SCALE
        self.hops: list[tuple[pygame.Vector2, pygame.Vector2, int]] = []
        self.hop_t = 0.0
        self.land_t = 1.0
        self.rest = pygame.Vector2(feet)  # slot position when not hopping
        self.on_hop: Callable[[int], None] | None = None  # called as each hop lands
        self.stuck = False
        self.finished = False
        self.trail: list[list] = []  # [x, y, age]

    @property
    def moving(self) -> bool:
        return bool(self.hops) or self.land_t < 1.0

    def hop_along(self, points: list[tuple[tuple[float, float], int]]) -> None:
        """Queue hops through `points`: (world feet position, square index) pairs."""
        start = pygame.Vector2(self.hops[-1][1] if self.hops else self.pos)
        for point, square in points:
            end = pygame.Vector2(point)
            self.hops.append((start, end, square))
            start = end

    def finish(self) -> None:
        """Skip: land at once at the end of the queued hops."""
        if self.hops:
            self.square = self.hops[-1][2]
        self.hops.clear()
        self.pos = pygame.Vector2(self.rest)
        self.prev = pygame.Vector2(self.pos)
        self.height = self.prev_height = 0.0
        self.sx = self.sy = 1.0
        self.land_t = 1.0
        self.scale = self.target_scale

    def update(self, dt: float) -> None:
        self.prev = pygame.Vector2(self.pos)
        self.prev_height = self.height
        self.scale += (self.target_scale - self.scale) * min(1.0, dt * 10)
        for dot in self.trail:
            dot[2] += dt
        self.trail = [d for d in self.trail if d[2] < 0.9]
        if self.hops:
            start, end, square = self.hops[0]
            self.hop_t += dt / HOP_TIME
            t = min(1.0, self.hop_t)
            if t < CROUCH:
                u = math.sin(math.pi * t / CROUCH)
                self.pos = pygame.Vector2(start)
                self.height = 0.0
                self.sx, self.sy = 1 + 0.18 * u, 1 - 0.24 * u
            else:
                v = (t - CROUCH) / (1 - CROUCH)
                self.pos = start.lerp(end, pytweening.easeInOutSine(v))
                self.height = HOP_HEIGHT * math.sin(math.pi * v)
                self.sx, self.sy = 1 - 0.12 * math.sin(math.pi * v), \
                    1 + 0.16 * math.sin(math.pi * v)
                if int(v * 6) != int(max(0.0, v - dt / HOP_TIME) * 6):
                    self.trail.append([self.pos.x, self.pos.y, 0.0])
            if self.hop_t >= 1.0:
                self.hop_t = 0.0
                self.hops.pop(0)
                self.square = square
                self.land_t = 0.0
                self.height = 0.0
                if self.on_hop:
                    self.on_hop(square)
            return
        if self.land_t < 1.0:
            self.land_t = min(1.0, self.land_t + dt / LAND_TIME)
            u = math.sin(math.pi * self.land_t)
            self.sx, self.sy = 1 + 0.22 * u, 1 - 0.26 * u
        else:
            self.sx = self.sy = 1.0
        self.pos += (self.rest - self.pos) * min(1.0, dt * 12)  # slide into its slot

    def draw(self, canvas: pygame.Surface, lens: Lens, alpha: float, active: bool,
             clock: float) -> None:
        feet = self.prev.lerp(self.pos, alpha)
        height = self.prev_height + (self.height - self.prev_height) * alpha
        x, y = lens.to_screen(feet)
        z = lens.zoom * self.scale
        for tx, ty, age in self.trail:
            sx, sy = lens.to_screen((tx, ty))
            r = max(1, round((1 - age / 0.9) * 7 * z))
            pygame.draw.circle(canvas, THEME.player_rgb(self.colour), (round(sx), round(sy)), r)
        shadow_w = round(52 * z * (1 - height / (HOP_HEIGHT * 2.5)))
        shadow = look.scaled("pawn_shadow", (max(2, shadow_w), max(2, round(shadow_w * 0.38))))
        canvas.blit(shadow, shadow.get_rect(center=(round(x), round(y))))
        if active:
            pulse = 0.5 + 0.5 * math.sin(clock * 6)
            ring = pygame.Rect(0, 0, round((58 + 10 * pulse) * z), round((24 + 4 * pulse) * z))
            ring.center = (round(x), round(y))
            pygame.draw.ellipse(canvas, INK, ring.inflate(6, 6), max(2, round(5 * z)))
            pygame.draw.ellipse(canvas, THEME.player_rgb(self.colour), ring, max(2, round(4 * z)))
        w = round(64 * z * self.sx)
        h = round(80 * z * self.sy)
        image = look.pawn_scaled(self.colour, w, h, self.shape)
        ax = look.PAWN_ANCHOR[0] / 64 * w
        ay = look.PAWN_ANCHOR[1] / 80 * h
        top = (round(x - ax), round(y - ay - height * lens.zoom))
        canvas.blit(image, top)
        if self.stuck:
            self._draw_shackles(canvas, (x, y - height * lens.zoom), z, clock)
        if active and not self.moving:
            bob = 6 * math.sin(clock * 5)
            tip = (round(x), round(y - ay - (14 - bob) * z))
            size = 13 * max(z, 0.6)
            points = [(tip[0] - size, tip[1] - size * 1.3), (tip[0] + size, tip[1] - size * 1.3),
                      tip]
            pygame.draw.polygon(canvas, INK, [(px, py + 3) for px, py in points])
            pygame.draw.polygon(canvas, THEME.player_rgb(self.colour), points)
            pygame.draw.polygon(canvas, INK, points, 3)

    def _draw_shackles(self, canvas: pygame.Surface, feet: tuple[float, float], z: float,
                       clock: float) -> None:
        """A chain from the pawn's foot to a padlock: this pawn waits on STUCK."""
        x, y = feet
        swing = 3 * math.sin(clock * 4)
        links = [(x + 10 * z + i * 9 * z, y - 4 * z + swing * i / 3) for i in range(3)]
        for lx, ly in links:
            rect = pygame.Rect(0, 0, round(12 * z), round(8 * z))
            rect.center = (round(lx), round(ly))
            pygame.draw.ellipse(canvas, INK, rect.inflate(4, 4))
            pygame.draw.ellipse(canvas, (200, 200, 215), rect, max(2, round(3 * z)))
        size = max(12, round(30 * z))
        lock = look.scaled("icon_stuck", (size, size))
        canvas.blit(lock, lock.get_rect(midleft=(round(links[-1][0] + 4 * z),
                                                  round(links[-1][1] + swing))))


class PawnLayer:
    """All pawns, their slots on shared squares, and drawing in depth order."""

    def __init__(self, pawns: list[Pawn], center_of: Callable[[int], tuple[float, float]]
                 ) -> None:
        self.pawns = pawns
        self.center_of = center_of
        self.relayout()

    def feet_at(self, square: int, seat: int, squares: dict[int, int] | None = None
                ) -> tuple[float, float]:
        """Where `seat` stands on `square`, given where every pawn is heading."""
        dest = squares or self._destinations()
        sharing = sorted(s for s, sq in dest.items() if sq == square)
        slots = SLOTS[min(4, max(1, len(sharing)))]
        slot = slots[sharing.index(seat) % len(slots)] if seat in sharing else slots[0]
        cx, cy = self.center_of(square)
        return (cx + slot[0], cy + slot[1])

    def _destinations(self) -> dict[int, int]:
        return {p.seat: (p.hops[-1][2] if p.hops else p.square) for p in self.pawns}

    def relayout(self) -> None:
        dest = self._destinations()
        for p in self.pawns:
            square = dest[p.seat]
            crowd = sum(1 for sq in dest.values() if sq == square)
            p.target_scale = SOLO_SCALE if crowd == 1 else SHARED_SCALE[min(4, crowd)]
            p.rest = pygame.Vector2(self.feet_at(square, p.seat, dest))

    def move(self, seat: int, path: tuple[int, ...]) -> None:
        """Hop `seat` through every square of `path`; the last hop ends in its slot."""
        if not path:
            return
        pawn = self.pawns[seat]
        points = []
        for square in path:
            cx, cy = self.center_of(square)
            points.append(((cx, cy + 10), square))
        pawn.hop_along(points)
        self.relayout()  # destinations now include the final square: slots make room
        start, _, square = pawn.hops[-1]
        pawn.hops[-1] = (start, pygame.Vector2(pawn.rest), square)

    @property
    def moving(self) -> bool:
        return any(p.moving for p in self.pawns)

    def update(self, dt: float) -> None:
        for p in self.pawns:
            p.update(dt)
        if not self.moving:
            self.relayout()

    def finish(self) -> None:
        """Skip: every pawn lands in its slot on the square it is heading for."""
        self.relayout()
        for p in self.pawns:
            p.finish()

    def draw(self, canvas: pygame.Surface, lens: Lens, alpha: float, active: int | None,
             clock: float) -> None:
        for p in sorted(self.pawns, key=lambda p: (p.seat == active, p.pos.y)):
            p.draw(canvas, lens, alpha, p.seat == active, clock)
