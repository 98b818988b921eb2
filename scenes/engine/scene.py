"""The `Scene` base class: one screen or overlay of the game.

A scene is pushed on the `SceneStack`; from then on `self.app` gives it the app services
(stack, input, audio, settings, fonts, rng): a `Host`, the part of `scenes.engine.app.App`
a scene may use (written here, so this module never imports the app that imports it).
Nothing is global: before it is pushed a scene has no `app` attribute, so touch services
in `enter`, not in `__init__`.

Per fixed update the stack calls `update(dt)` with dt = 1/60 s; per rendered frame it calls
`draw(canvas, alpha)` where alpha in [0, 1) is how far real time is between the last update
and the next (interpolate moving things with it). Input arrives as `Action`s via `handle`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from scenes.engine.input import Action, DeviceId

if TYPE_CHECKING:  # none of these imports this module
    from game.autosave import Slots
    from game.records import Book
    from game.replays import Shelf
    from scenes.engine.audio import Audio
    from scenes.engine.fonts import Fonts
    from scenes.engine.input import InputMapper
    from scenes.engine.settings import Settings
    from scenes.engine.widgets import Toasts


class Stack(Protocol):
    """What a scene uses of the stack it is on (`scenes.engine.stack.SceneStack`)."""

    @property
    def top(self) -> Scene | None: ...

    @property
    def busy(self) -> bool:
        """A transition (fade) is playing."""
        ...

    @property
    def scenes(self) -> list[Scene]: ...

    def push(self, scene: Scene, fade: bool | None = None) -> None: ...

    def pop(self, fade: bool | None = None) -> None: ...

    def replace(self, scene: Scene, fade: bool = True) -> None: ...

    def reset(self, scene: Scene, fade: bool = True) -> None: ...

    def dispatch(self, action: Action) -> bool: ...


class ScreenMaker(Protocol):
    """Screens by name (`scenes.engine.screens.Screens`)."""

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene: ...


class Host(Protocol):
    """What a scene uses of the app that runs it (`scenes.engine.app.App`)."""

    @property
    def stack(self) -> Stack: ...

    @property
    def audio(self) -> Audio: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def input(self) -> InputMapper: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def screens(self) -> ScreenMaker: ...

    @property
    def saves(self) -> Slots: ...

    @property
    def replays(self) -> Shelf:
        """The finished games kept to watch again."""
        ...

    @property
    def records(self) -> Book:
        """Each person's record across evenings."""
        ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def headless(self) -> bool: ...

    @property
    def toasts(self) -> Toasts: ...

    @property
    def updates(self) -> int:
        """Fixed updates run so far."""
        ...

    @property
    def after_frame(self) -> list[Callable[[], object]]:
        """Called once each frame is on screen."""
        ...

    def apply_settings(self) -> None:
        """The settings changed: the display, sound and input follow them."""

    def quit(self) -> None: ...


class Scene:
    """Override what you need; every hook has a harmless default.

    opaque: False for overlays (pause, prompts): the scenes below are drawn first.
    modal: True (default) means scenes below get neither input nor updates while this one
        is on top (a pause menu). A non-modal overlay (a toast) lets both through.
    """

    opaque: bool = True
    modal: bool = True
    app: Host  # set by the stack on push


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
