"""Screens by name: a scene asks the app for the title, the pause menu or a game's table
instead of importing it, so no module imports a screen that sits above it.

`scenes.app` fills the app's registry at start-up (`scenes.app.SCREENS`): each name maps to
where its class lives, as "module:Class". The module is imported the first time that
screen is made, so starting the game does not load every screen.

    app.screens.make("title")                       # a fresh title screen
    app.screens.make("pause", game, page, save, "")  # the arguments its class takes
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from scenes.engine.scene import Scene


class Screens:
    """Name -> screen class, resolved once on first use."""

    def __init__(self, where: Mapping[str, str] | None = None) -> None:
        self._where: dict[str, str] = dict(where or {})
        self._made: dict[str, Callable[..., Scene]] = {}

    def add(self, name: str, where: str) -> None:
        """Register (or replace) the screen called `name`, found at "module:Class"."""
        self._where[name] = where
        self._made.pop(name, None)

    def __contains__(self, name: str) -> bool:
        return name in self._where

    def kind(self, name: str) -> Callable[..., Scene]:
        """The class of the screen called `name` (KeyError: not registered)."""
        if name not in self._made:
            if name not in self._where:
                raise KeyError(f"no screen called {name!r} is registered (scenes.app.SCREENS)")
            module, _, attr = self._where[name].partition(":")
            self._made[name] = getattr(importlib.import_module(module), attr)
        return self._made[name]

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new screen called `name`, built with these arguments."""
        return self.kind(name)(*args, **kwargs)
