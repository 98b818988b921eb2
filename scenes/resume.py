"""Continue: turn the latest autosave back into the game screen it came from.

The game's screen (`GameScreens.table`) is rebuilt with its `from_save(saved)` class
method. A game with people in it opens on `RejoinScene` first: each person takes their
seat again, in the game's own lobby look (`GameScreens.lobby`).
"""

from __future__ import annotations

from game.autosave import Saved
from scenes import registry
from scenes.engine.scene import Scene


def resume_scene(saved: Saved) -> Scene:
    """The screen that continues `saved`."""
    screens = registry.get(saved.game)
    game: Scene = screens.table_class().from_save(saved)
    if not any(r.human for r in saved.seats):
        return game
    from scenes.rejoin import RejoinScene  # imported on Continue, not by the title

    lobby = registry.resolve(screens.lobby)
    return RejoinScene(game, lobby.title, lobby.portrait)


def can_resume(saved: Saved) -> bool:
    """Whether `saved` is of a game with screens (without importing them)."""
    return registry.known(saved.game)
