"""Startup Fever rules (headless): new_game, State, actions, events. No pygame here.

See RULES.md beside this file for every timing decision and the designed cards.
The modules may run compiled by mypyc: when the game's entry point or the environment
asks for it and a current build exists (`game/engine.py`).
"""

from game.engine import engine, install, wanted

ENGINE = install() if wanted() else engine()  # before this package's first module is imported

# ruff: noqa: E402

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
from .takeback import may_take_back

__all__ = [
    "CHANCE", "TERMINAL", "IllegalAction", "SaveError", "Stage", "State", "new_game", "from_json",
    "may_take_back",
    "ChoosePosition", "Counter", "Defend", "Draw", "EndManage", "EndMarketing", "EndReassign",
    "EndUserLoss", "Hire", "LosePip", "Market", "MoveResigned", "Pass", "PickProduct",
    "PlaceChip", "PlayCard", "Poach", "Reassign", "Retain", "Roll",
]
