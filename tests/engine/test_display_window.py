"""The size the game window opens at, and the fallback when vsync is refused.

The real window (letterboxing at any size, mouse mapping) was checked by hand under Xvfb.
"""

from __future__ import annotations

import warnings

import pygame
import pytest

from scenes.engine.display import CANVAS_SIZE, MIN_WINDOW, Display, window_size


@pytest.mark.parametrize(("desktop", "expected"), [
    ((1920, 1080), (1280, 720)),  # ×1.5 would fill the screen: stay at ×1
    ((2560, 1440), (1920, 1080)),
    ((3840, 2160), (2560, 1440)),
    ((1366, 768), (1161, 653)),  # too small for ×1 with room to spare: 85% of the desktop
    ((1280, 800), (1088, 612)),
])
def test_the_window_opens_at_a_size_that_fits_the_desktop(desktop, expected):
    assert window_size(desktop) == expected


@pytest.mark.parametrize("desktop", [(1920, 1080), (1366, 768), (800, 600), (5120, 1440),
                                     (100, 100)])
def test_the_starting_window_keeps_the_canvas_shape_and_a_usable_size(desktop):
    w, h = window_size(desktop)
    assert abs(w / h - CANVAS_SIZE[0] / CANVAS_SIZE[1]) < 0.01 or (w, h) == MIN_WINDOW
    assert w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]
    if desktop[0] >= 800:
        assert w <= desktop[0] and h <= desktop[1]



# vsync: drivers may refuse it with an error or (pygame's way) only a warning


class FakeSetMode:
    """Stands in for pygame.display.set_mode; refuses vsync the way it is told to."""

    def __init__(self, refuse: str) -> None:
        self.refuse = refuse
        self.calls: list[int] = []

    def __call__(self, size, flags=0, vsync=0):
        self.calls.append(vsync)
        if vsync and self.refuse == "error":
            raise pygame.error("vsync not available")
        if vsync and self.refuse == "warning":
            warnings.warn("could not enable vsync", Warning, stacklevel=2)
        return pygame.Surface(size)


@pytest.mark.parametrize(("refuse", "vsync", "calls"), [
    ("nothing", True, [1]), ("error", False, [1, 0]), ("warning", False, [1]),
])
def test_a_refused_vsync_falls_back_quietly(monkeypatch, refuse, vsync, calls):
    fake = FakeSetMode(refuse)
    monkeypatch.setattr(pygame.display, "set_mode", fake)
    display = Display.__new__(Display)
    display.scaled_by_sdl = display.vsync = False
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a leaked warning would fail the test
        surface = display._open_scaled()
    assert surface is not None and surface.get_size() == CANVAS_SIZE
    assert (display.scaled_by_sdl, display.vsync, fake.calls) == (True, vsync, calls)
