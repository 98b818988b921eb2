"""The scene stack: push, pop and replace scenes, with a fade through dark between screens.

The top scene gets input first; overlays (`opaque = False`) are drawn over the scenes below
them. Changes that fade are deferred: the screen darkens, the change happens at the darkest
moment, then the new scene fades in. Input is ignored during a fade so a double press cannot
open two screens.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

import pygame
import pytweening

from scenes.engine import draw, heap
from scenes.engine.input import DEVICE_ADDED, DEVICE_REMOVED, Action
from scenes.engine.scene import Host, Scene

FADE_TIME = 0.18  # seconds for each half of a fade (out, then in)


class SceneStack:
    """Owns the scenes; the app calls `update`, `draw` and `dispatch` on it."""

    def __init__(self, app: Host | None = None) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []  # changes waiting for the dark moment
        self._fade = 0.0  # 0 = clear, 1 = fully dark
        self._fading_out = False
        self.speed = 1.0  # animation speed from the settings

    # -- queries ---------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def busy(self) -> bool:
        """True while a fade is running (input is ignored then)."""
        return bool(self._pending) or self._fade > 0

    def __len__(self) -> int:
        return len(self.scenes)

    # -- changes ---------------------------------------------------------------------------

    def push(self, scene: Scene, fade: bool | None = None) -> None:
        """Put `scene` on top. Fades by default for opaque scenes, not for overlays."""
        self._change(lambda: self._push(scene), scene.opaque if fade is None else fade)

    def pop(self, fade: bool | None = None) -> None:
        """Remove the top scene. Fades by default when it was opaque."""
        top = self.top
        default = top is not None and top.opaque
        self._change(self._pop, default if fade is None else fade)

    def replace(self, scene: Scene, fade: bool = True) -> None:
        """Swap the top scene for `scene` (title → game, game → results)."""
        def swap() -> None:
            self._pop(resume=False)
            self._push(scene)
        self._change(swap, fade)

    def reset(self, scene: Scene, fade: bool = True) -> None:
        """Drop every scene and start over with `scene` (quit to title)."""
        def clear() -> None:
            while self.scenes:
                self._pop(resume=False)
            self._push(scene)
        self._change(clear, fade)

    def fade_in(self) -> None:
        """Start fully dark and fade the current scenes in (used for the first screen)."""
        self._fade = 1.0

    def _change(self, change: Callable[[], None], fade: bool) -> None:
        if fade and self.speed > 0:
            self._pending.append(change)
            self._fading_out = True
        else:
            change()

    def _push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        if self.app is not None:  # a stack of its own (tests) lends its scenes no app
            scene.app = self.app
        self.scenes.append(scene)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if resume and self.top is not None:
            self.top.resume()

    # -- per frame -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the fade, then the top scene and the non-modal-covered ones below it."""
        step = dt * self.speed / FADE_TIME
        if self._fading_out:
            self._fade = min(1.0, self._fade + step)
            if self._fade >= 1.0:
                changes, self._pending, self._fading_out = self._pending, [], False
                for change in changes:
                    change()
                # while the screen is dark: free what the scenes just left. A game's
                # scenes hold each other in cycles, so without this their pictures stay
                # until Python's rare full collection while the next game allocates its
                # own: resident memory crept up game after game (seen in the demo soak).
                gc.collect()
                heap.release()  # and hand the C heap's freed pages back to the system
        elif self._fade > 0:
            self._fade = max(0.0, self._fade - step)
        for scene in reversed(self._active()):
            scene.update(dt)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        """Draw from the lowest visible scene up, then the fade veil."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[max(first, 0):]:
            scene.draw(canvas, alpha)
        if self._fade > 0:
            draw.darken(canvas, round(255 * pytweening.easeInOutQuad(self._fade)))

    def dispatch(self, action: Action) -> bool:
        """Offer `action` to the scenes top-down until one consumes it; True if consumed.

        Hot-plug notifications go to every scene's on_device_added/removed hook instead.
        """
        if action.name in (DEVICE_ADDED, DEVICE_REMOVED):
            for scene in reversed(self.scenes):
                if action.name == DEVICE_ADDED:
                    scene.on_device_added(action.device)
                else:
                    scene.on_device_removed(action.device)
            return True
        if self.busy:
            return False
        return any(scene.handle(action) for scene in self._active())

    def _active(self) -> list[Scene]:
        """Top scene first, then each scene below until a modal one has been included."""
        out = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if scene.modal:
                break
        return out
