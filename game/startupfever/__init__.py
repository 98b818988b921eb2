"""Startup Fever rules (headless): new_game, State, actions, events. No pygame here.

See RULES.md beside this file for every timing decision and the designed cards.
The modules may run compiled by mypyc: when the game's entry point or the environment
asks for it and a current build exists (`game/engine.py`). The package imports none of
its modules itself: the registry finds the game by its `info.py` without loading any
rules, and each name is imported when first used.
"""

from typing import TYPE_CHECKING

from game import engine as _engine
from game.lazy import exports

if _engine.asked():  # the environment asks: the check runs before the first rules module
    _engine.install_on_first_use()

if TYPE_CHECKING:
    from .actions import (
        ChoosePosition,
        Counter,
        Defend,
        Draw,
        EndManage,
        EndMarketing,
        EndReassign,
        EndUserLoss,
        Hire,
        LosePip,
        Market,
        MoveResigned,
        Pass,
        PickProduct,
        PlaceChip,
        PlayCard,
        Poach,
        Reassign,
        Retain,
        Roll,
    )
    from .persist import SaveError
    from .rules import CHANCE, TERMINAL, IllegalAction, State, from_json, new_game
    from .stages import Stage

    ENGINE: str  # which engine runs the rules: "compiled" or "python"

_ACTIONS = ("ChoosePosition", "Counter", "Defend", "Draw", "EndManage", "EndMarketing",
            "EndReassign", "EndUserLoss", "Hire", "LosePip", "Market", "MoveResigned", "Pass",
            "PickProduct", "PlaceChip", "PlayCard", "Poach", "Reassign", "Retain", "Roll")
_exports = exports(__name__, {
    **dict.fromkeys(_ACTIONS, "actions"), "SaveError": "persist", "Stage": "stages",
    **dict.fromkeys(("CHANCE", "TERMINAL", "IllegalAction", "State", "from_json", "new_game"),
                    "rules"),
})


def __getattr__(name: str) -> object:
    if name == "ENGINE":
        return _engine.engine()
    return _exports(name)


__all__ = [
    "CHANCE", "TERMINAL", "IllegalAction", "SaveError", "Stage", "State", "new_game", "from_json",
    "ChoosePosition", "Counter", "Defend", "Draw", "EndManage", "EndMarketing", "EndReassign",
    "EndUserLoss", "Hire", "LosePip", "Market", "MoveResigned", "Pass", "PickProduct",
    "PlaceChip", "PlayCard", "Poach", "Reassign", "Retain", "Roll",
]
