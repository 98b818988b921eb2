"""The board camera: frames the whole track, eases in to follow a moving pawn, eases out.

Zoom changes are tweened (pytweening easeInOutCubic); the centre glides toward its target
with exponential smoothing so it can chase a hopping pawn without jerks. The previous
values are kept so drawing can interpolate with the loop's alpha.
"""

from __future__ import annotations

import math

import pygame
import pytweening


class Camera:
    def __init__(self, view: pygame.Rect, frame: pygame.Rect, close_zoom: float = 1.35
                 ) -> None:
        self.view = view
        # the track plus room for pawns standing on its top row
        self.frame = pygame.Rect(frame.x - 20, frame.y - 40, frame.w + 40, frame.h + 52)
        # close up, leave room above the top row for a pawn's hop
        self.bounds = self.frame.inflate(0, 20).move(0, -10)
        self.full_zoom = min(view.w / self.frame.w, view.h / self.frame.h)
        self.close_zoom = close_zoom
        self.zoom = self.full_zoom
        self.center = pygame.Vector2(self.frame.center)
        self.target = pygame.Vector2(self.center)
        self.prev_zoom, self.prev_center = self.zoom, pygame.Vector2(self.center)
        self._tween: tuple[float, float, float] | None = None  # start, end, progress
        self.close = False

    # -- targets -----------------------------------------------------------------------------

    def follow(self, point: tuple[float, float]) -> None:
        """Ease in (if not already in) and keep `point` (world px) in the middle."""
        self.close = True
        self.target = pygame.Vector2(point)
        self._zoom_to(self.close_zoom)

    def _zoom_to(self, zoom: float) -> None:
        end = self._tween[1] if self._tween else self.zoom
        if abs(end - zoom) > 1e-6:
            self._tween = (self.zoom, zoom, 0.0)

    def snap(self) -> None:
        """Jump to the targets (used when animations are skipped)."""
        if self._tween:
            self.zoom = self._tween[1]
            self._tween = None
        self.center = self._clamped(pygame.Vector2(self.target), self.zoom)
        self.prev_zoom, self.prev_center = self.zoom, pygame.Vector2(self.center)

    # -- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.prev_zoom, self.prev_center = self.zoom, pygame.Vector2(self.center)
        if self._tween:
            start, end, t = self._tween
            t = min(1.0, t + dt / 0.6)
            self.zoom = start + (end - start) * pytweening.easeInOutCubic(t)
            self._tween = None if t >= 1.0 else (start, end, t)
        follow = 1.0 - math.exp(-dt * 7.0)
        self.center += (self.target - self.center) * follow
        self.center = self._clamped(self.center, self.zoom)

    @property
    def settled(self) -> bool:
        goal = self._clamped(self.target, self.zoom)
        return self._tween is None and (goal - self.center).length() < 2

    def _clamped(self, c: pygame.Vector2, zoom: float) -> pygame.Vector2:
        """Keep the view on the track (never on empty map beyond it) where it fits."""
        half_w, half_h = self.view.w / 2 / zoom, self.view.h / 2 / zoom
        f = self.bounds if zoom > self.full_zoom + 1e-3 else self.frame
        x = min(max(c.x, f.x + half_w), f.right - half_w) if 2 * half_w < f.w else f.centerx
        y = min(max(c.y, f.y + half_h), f.bottom - half_h) if 2 * half_h < f.h else f.centery
        return pygame.Vector2(x, y)

    # -- drawing -----------------------------------------------------------------------------

    def lens(self, alpha: float) -> tuple[float, pygame.Vector2]:
        """(zoom, centre) interpolated between the last two updates."""
        zoom = self.prev_zoom + (self.zoom - self.prev_zoom) * alpha
        return zoom, self.prev_center.lerp(self.center, alpha)


class Lens:
    """One frame's view: world px -> canvas px."""

    def __init__(self, view: pygame.Rect, zoom: float, center: pygame.Vector2) -> None:
        self.view, self.zoom, self.center = view, zoom, center

    def to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        return ((point[0] - self.center.x) * self.zoom + self.view.centerx,
                (point[1] - self.center.y) * self.zoom + self.view.centery)
