"""The size the game window opens at (a pure function: no window needed).

The real window (letterboxing at any size, mouse mapping) was checked by hand under Xvfb.
"""

from __future__ import annotations

import pytest

from scenes.engine.display import CANVAS_SIZE, MIN_WINDOW, window_size


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

