"""SERVERMANIA, headless: rules, board, cards, simple players and the simulator.

Public API (game/API.md): `new_game`, `from_json`, `CHANCE`, `TERMINAL`, `Phase`,
`IllegalAction`, the `State` methods, plus the action and event classes.

The package imports none of its modules itself: the registry finds the game by its
`info.py` without loading any rules, and each name is imported when first used.
"""

from typing import TYPE_CHECKING

from game.lazy import exports

if TYPE_CHECKING:
    from game.servermania.actions import (
        DIE_FACES,
        PAY_MAINTENANCE,
        PAY_TO_LEAVE_STUCK,
        ROLL_TO_LEAVE_STUCK,
        SKIP_MAINTENANCE,
        Die,
        DrawCard,
        PayMaintenance,
        PayToLeaveStuck,
        RollToLeaveStuck,
        SkipMaintenance,
    )
    from game.servermania.board import Board, Square, board_from_kinds, default_board, load_board
    from game.servermania.rules import IllegalAction
    from game.servermania.saves import SaveError, from_json
    from game.servermania.stages import CHANCE, TERMINAL, Phase
    from game.servermania.state import Player, State, new_game

__getattr__ = exports(__name__, {
    **dict.fromkeys(("DIE_FACES", "PAY_MAINTENANCE", "PAY_TO_LEAVE_STUCK", "ROLL_TO_LEAVE_STUCK",
                     "SKIP_MAINTENANCE", "Die", "DrawCard", "PayMaintenance", "PayToLeaveStuck",
                     "RollToLeaveStuck", "SkipMaintenance"), "actions"),
    **dict.fromkeys(("Board", "Square", "board_from_kinds", "default_board", "load_board"),
                    "board"),
    "IllegalAction": "rules", "SaveError": "saves", "from_json": "saves",
    "CHANCE": "stages", "TERMINAL": "stages", "Phase": "stages",
    "Player": "state", "State": "state", "new_game": "state",
})

__all__ = [
    "CHANCE", "DIE_FACES", "PAY_MAINTENANCE", "PAY_TO_LEAVE_STUCK", "ROLL_TO_LEAVE_STUCK",
    "SKIP_MAINTENANCE", "TERMINAL", "Board", "Die", "DrawCard", "IllegalAction",
    "PayMaintenance", "PayToLeaveStuck", "Phase", "Player", "RollToLeaveStuck", "SaveError",
    "SkipMaintenance", "Square", "State", "board_from_kinds", "default_board",
    "from_json", "load_board", "new_game",
]
