"""Continue: turn the latest autosave back into the game screen it came from.

Each game's screen is named by import path and rebuilt with its `from_save(saved)`
class method (SERVERMANIA's `BoardScene.from_save`). A game whose screen is not merged yet
gives None: the title then shows Continue as COMING SOON instead of a broken screen.
A game with people in it opens on `RejoinScene` first: each person takes their seat again.
"""

from __future__ import annotations

import importlib

from game.autosave import Saved
from scenes.engine.scene import Scene
from scenes.menu import available, resolve

SCREENS = {
    "servermania": "scenes.servermania.board_scene:BoardScene",
    "startupfever": "scenes.startupfever.table_scene:TableScene",
}
LOBBIES = {  # each game's lobby config: its pawns and logos for the seats
    "servermania": ("scenes.servermania.setup", "LOBBY"),
    "startupfever": ("scenes.startupfever.setup", "LOBBY"),
}


def resume_scene(saved: Saved) -> Scene | None:
    """The screen that continues `saved`, or None when that game cannot be shown yet."""
    target = SCREENS.get(saved.game)
    screen = resolve(target) if target else None
    from_save = getattr(screen, "from_save", None)
    if from_save is None:
        return None
    game = from_save(saved)
    if not any(r.human for r in saved.seats):
        return game
    from scenes.rejoin import RejoinScene  # imported on Continue, not by the title

    module, attr = LOBBIES[saved.game]
    lobby = getattr(importlib.import_module(module), attr)
    return RejoinScene(game, lobby.title, lobby.portrait)


def can_resume(saved: Saved) -> bool:
    """Whether `saved` has a screen to continue on, without importing that screen."""
    target = SCREENS.get(saved.game)
    return target is not None and available(target)
