"""The pace controls both game boards share: hold to play fast, a quick click to skip.

RB/RT, E or Page Down held plays ×FAST; the left mouse button held on the board does the
same, and a click shorter than QUICK_CLICK skips what is playing (`scene.skip()`).
"""

from __future__ import annotations

from typing import Protocol

from scenes.engine.input import Action, DeviceId

FAST = 4.0  # speed-up while the fast button is held
QUICK_CLICK = 0.25  # a click shorter than this skips; holding plays fast


class Paced(Protocol):
    fast: set[DeviceId]  # devices holding a fast button now
    mouse_down_at: float | None  # scene clock when the left button went down
    clock: float

    def skip(self) -> None: ...


def click_pace(scene: Paced, action: Action) -> None:
    """A left-button press or release on the board: hold plays fast, a quick click skips."""
    if action.pressed:
        scene.mouse_down_at = scene.clock
        scene.fast.add(action.device)
        return
    scene.fast.discard(action.device)
    if scene.mouse_down_at is not None and scene.clock - scene.mouse_down_at < QUICK_CLICK:
        scene.skip()
    scene.mouse_down_at = None
