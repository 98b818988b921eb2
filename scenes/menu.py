"""Which screen each title-menu entry opens, as import paths resolved when the title opens.

A screen that is not written yet (its module does not exist) is shown disabled with a
"COMING SOON" tag instead of a fake screen. Other teams add their packages (for example
scenes/servermania/setup.py with `NewGameScene`) and the entry lights up by itself.
A module that exists but fails to import is a bug and is raised, not hidden.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass

from scenes.engine.scene import Scene


@dataclass(frozen=True)
class Entry:
    label: str
    target: str | None  # "package.module:SceneClass"; None for built-ins such as Quit


TITLE_MENU: tuple[Entry, ...] = (
    Entry("SERVERMANIA", "scenes.servermania.setup:NewGameScene"),
    Entry("Startup Fever", "scenes.startupfever.setup:NewGameScene"),
    Entry("Learn Startup Fever", "scenes.startupfever.guided:GuidedGame"),
    Entry("How to play", "scenes.howto:HowToPlayScene"),
    Entry("Demo", "scenes.demo:TitleDemo"),
    Entry("Settings", "scenes.settings:SettingsScene"),
    Entry("Quit", None),
)


def resolve(target: str) -> type[Scene] | None:
    """The scene class at `target` ("module:Class"), or None if that module does not exist."""
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if module_name == missing or module_name.startswith(missing + "."):
            return None  # the screen has not been written yet
        raise  # the module exists but imports something missing: a real bug
    scene = getattr(module, attr, None)
    if scene is None:
        print(f"menu: {module_name} has no {attr} yet; entry disabled", file=sys.stderr)
    return scene


def available(target: str) -> bool:
    """Whether the module of `target` exists, without importing it (only its packages):
    the title lights its entries up with this and imports a screen when it is chosen."""
    module_name = target.partition(":")[0]
    try:
        return importlib.util.find_spec(module_name) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False
