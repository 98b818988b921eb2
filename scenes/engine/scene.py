"""The `Scene` base class: one screen or overlay of the game.

A scene is pushed on the `SceneStack`; from then on `self.app` gives it the app services
(stack, input, audio, settings, fonts, rng). Nothing is global: before it is pushed a scene
has no `app` attribute, so touch services in `enter`, not in `__init__`.

Per fixed update the stack calls `update(dt)` with dt = 1/60 s; per rendered frame it calls
`draw(canvas, alpha)` where alpha in [0, 1) is how far real time is between the last update
and the next (interpolate moving things with it). Input arrives as `Action`s via `handle`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.engine.input import Action, DeviceId

if TYPE_CHECKING:
    from scenes.engine.app import App


class Scene:
    """Override what you need; every hook has a harmless default.

    opaque: False for overlays (pause, prompts): the scenes below are drawn first.
    modal: True (default) means scenes below get neither input nor updates while this one
        is on top (a pause menu). A non-modal overlay (a toast) lets both through.
    """

    opaque: bool = True
    modal: bool = True
    app: App  # set by the stack on push


    # lifecycle, called by the stack
    def enter(self) -> None:
        """Pushed (or replaced in): `self.app` is set; load things, start music."""

    def exit(self) -> None:
        """Popped or replaced: release what `enter` took."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped: this one is on top again."""

    # every frame
    def update(self, dt: float) -> None:
        """Advance by one fixed step of `dt` seconds (always 1/60)."""

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        """Draw onto the 1280×720 logical canvas; alpha is the interpolation factor."""

    def handle(self, action: Action) -> bool:
        """React to one action; return True when consumed (it goes no further down)."""
        return False

    # hot-plug
    def on_device_added(self, device: DeviceId) -> None:
        """A pad was plugged in (a lobby may offer it a seat)."""

    def on_device_removed(self, device: DeviceId) -> None:
        """A pad was unplugged: a game scene should pause if a player was using it."""
