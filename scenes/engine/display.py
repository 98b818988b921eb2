"""The window: a logical 1280×720 canvas shown letterboxed in a window of any size.

Scenes always draw on the same 1280×720 canvas. Normally SDL does the scaling on the GPU
(`pygame.SCALED`), which also gives vsync and translates mouse positions for us. If the
scaled renderer cannot be created we fall back to a plain resizable window and scale the
canvas ourselves, converting mouse positions with `to_canvas`. Headless runs (SDL dummy
driver) draw into a plain 1280×720 surface.

Two pygame SCALED defaults are wrong for us and are switched off before the window opens:
in a window it scales by whole numbers only (a 1000×800 window showed the middle of the
canvas at 1:1, cropped; 1920×1080 showed it at 1:1 with wide bars), and it forbids windows
smaller than the canvas. We ask for smooth any-factor scaling and allow small windows.
Smooth scaling is free on a GPU; on a software-only renderer (measured under Xvfb) a
1920×1080 fullscreen drew 52 frames/s instead of 62 (updates stay at 60/s). Players on
such machines can set SDL_RENDER_SCALE_QUALITY=nearest in the environment.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings

import pygame

CANVAS_SIZE = (1280, 720)
TITLE = "Unicorn Arcade"
MIN_WINDOW = (480, 270)  # smallest window the player may drag to (canvas shown at 3/8)
# Environment hints read when pygame creates the SCALED renderer (an explicit env wins):
SCALING_HINTS = {
    # pygame-ce reads this (oddly named) hint: truthy = no whole-number-only scaling
    "SDL_HINT_RENDER_SCALE_QUALITY": "1",
    # SDL's real hint: smooth (bilinear) scaling instead of pygame's default "nearest"
    "SDL_RENDER_SCALE_QUALITY": "linear",
}


def letterbox(window: tuple[int, int], canvas: tuple[int, int] = CANVAS_SIZE) -> pygame.Rect:
    """The largest rect of the canvas's aspect ratio centred in `window` (bars around it)."""
    scale = min(window[0] / canvas[0], window[1] / canvas[1])
    w, h = max(1, round(canvas[0] * scale)), max(1, round(canvas[1] * scale))
    return pygame.Rect((window[0] - w) // 2, (window[1] - h) // 2, w, h)


def window_size(desktop: tuple[int, int], canvas: tuple[int, int] = CANVAS_SIZE,
                ) -> tuple[int, int]:
    """Starting window size: the canvas at ×1, ×1.5, ×2 or ×3, the largest that leaves a
    fifth of the desktop free; on a desktop too small even for ×1, 85% of it."""
    fits = [k for k in (1.0, 1.5, 2.0, 3.0)
            if canvas[0] * k <= desktop[0] * 0.8 and canvas[1] * k <= desktop[1] * 0.8]
    k = max(fits) if fits else min(desktop[0] * 0.85 / canvas[0], desktop[1] * 0.85 / canvas[1])
    return max(MIN_WINDOW[0], round(canvas[0] * k)), max(MIN_WINDOW[1], round(canvas[1] * k))


class Display:
    """Creates the window and shows the canvas in it."""

    def __init__(self, headless: bool = False, fullscreen: bool = False) -> None:
        self.headless = headless
        self.fullscreen = False
        self.vsync = False
        self.scaled_by_sdl = False
        pygame.display.set_caption(TITLE)
        if headless:
            self.window = pygame.display.set_mode(CANVAS_SIZE)
            self.canvas = self.window
        else:
            self.window = self._open_scaled() or pygame.display.set_mode(
                CANVAS_SIZE, pygame.RESIZABLE)
            self.canvas = self.window if self.scaled_by_sdl else pygame.Surface(CANVAS_SIZE)
            if fullscreen:
                self.toggle_fullscreen()

    def _open_scaled(self) -> pygame.Surface | None:
        """SDL-scaled window with vsync if the driver allows, without it otherwise.

        pygame reports a refused vsync as a Python warning, not an error: we record it
        (`self.vsync` stays False) instead of letting it print or, under -W error, raise.
        """
        for name, value in SCALING_HINTS.items():
            os.environ.setdefault(name, value)
        flags = pygame.SCALED | pygame.RESIZABLE
        for vsync in (1, 0):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    surface = pygame.display.set_mode(CANVAS_SIZE, flags, vsync=vsync)
                except pygame.error:
                    continue
            refused = any("vsync" in str(w.message) for w in caught)
            self.scaled_by_sdl, self.vsync = True, bool(vsync) and not refused
            self._size_window()
            return surface
        return None

    @staticmethod
    def _size_window() -> None:
        """A window that fits the desktop, and no minimum beyond `MIN_WINDOW`.

        Without whole-number scaling pygame opens the window as big as the whole desktop
        (larger than the screen once a title bar is added); we pick `window_size` instead.
        """
        # older pygame or a driver without real windows: keep what SDL chose
        with contextlib.suppress(AttributeError, pygame.error, IndexError), \
                warnings.catch_warnings():
            # pygame-ce 2.5 deprecates this for drawing through Window; we only size it
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
            window.minimum_size = MIN_WINDOW
            window.size = window_size(pygame.display.get_desktop_sizes()[0])
            window.position = pygame.WINDOWPOS_CENTERED  # type: ignore[assignment]  # as SDL

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter. Desktop fullscreen keeps the canvas letterboxed.

        Where the video driver refuses (some Wayland setups, the dummy driver) the game says
        so on stderr and stays windowed. We do not recreate a SCALED window instead: doing
        that repeatedly corrupts memory in pygame-ce 2.5 under the dummy driver.
        """
        if self.headless:
            return
        going_full = not self.fullscreen
        try:
            if self.scaled_by_sdl:
                pygame.display.toggle_fullscreen()
            else:
                size = (0, 0) if going_full else CANVAS_SIZE
                flags = pygame.FULLSCREEN if going_full else pygame.RESIZABLE
                self.window = pygame.display.set_mode(size, flags)
        except pygame.error as exc:
            print(f"display: fullscreen unavailable ({exc})", file=sys.stderr)
            return
        self.fullscreen = going_full

    def set_fullscreen(self, on: bool) -> None:
        if on != self.fullscreen:
            self.toggle_fullscreen()

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """Window pixel → canvas pixel, or None when the pointer is on a letterbox bar."""
        if self.canvas is self.window:  # SDL (or nobody) scales: positions are logical
            x, y = pos
        else:
            box = letterbox(self.window.get_size())
            if not box.collidepoint(pos):
                return None
            x = (pos[0] - box.x) * CANVAS_SIZE[0] // box.w
            y = (pos[1] - box.y) * CANVAS_SIZE[1] // box.h
        inside = 0 <= x < CANVAS_SIZE[0] and 0 <= y < CANVAS_SIZE[1]
        return (int(x), int(y)) if inside else None

    def present(self) -> None:
        """Show the canvas (scaling it ourselves only in the fallback window)."""
        if self.headless:
            return
        if self.canvas is not self.window:
            surface = pygame.display.get_surface()
            if surface is None:  # the window went away (closing): nothing to show on
                return
            self.window = surface
            box = letterbox(self.window.get_size())
            self.window.fill((0, 0, 0))
            self.window.blit(pygame.transform.smoothscale(self.canvas, box.size), box)
        pygame.display.flip()
