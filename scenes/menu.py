"""The title menu's entries: each game's own (its lobby, and any it adds, such as a guided
first game), in the registry's order, then the screens every game shares.

An entry names its screen by import path ("module:Class"), imported when it is chosen,
so the title's first frame imports no game screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenes import registry
from scenes.engine.scene import Scene


@dataclass(frozen=True)
class Entry:
    label: str
    target: str | None  # "package.module:SceneClass"; None for built-ins such as Quit


SHARED: tuple[Entry, ...] = (
    Entry("How to play", "scenes.howto:HowToPlayScene"),
    Entry("Demo", "scenes.demo:TitleDemo"),
    Entry("Past games", "scenes.past_games:PastGamesScene"),
    Entry("Settings", "scenes.settings:SettingsScene"),
    Entry("Quit", None),
)


#: Entries that share one row of the title's menu, side by side (left, right).
PAIRED: tuple[str, str] = ("Past games", "Settings")


def title_menu() -> tuple[Entry, ...]:
    """Every game's entries (`GameScreens.new_game`, then its `entries`), then `SHARED`."""
    games = [entry for screens in registry.games()
             for entry in (Entry(screens.title, screens.new_game),
                           *(Entry(label, target) for label, target in screens.entries))]
    return (*games, *SHARED)


def resolve(target: str) -> type[Scene]:
    """The scene class at `target` ("module:Class"), imported now."""
    scene: type[Scene] = registry.resolve(target)
    return scene
