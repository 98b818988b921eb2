"""Where a SERVERMANIA game stands: every value of `State.phase`, named once.

`Phase` is a `str` Enum: a member equals (and hashes as) its plain text, so a save file
holds `"maintenance"` and `state.phase == Phase.MAINTENANCE` holds for a state built by
the rules and for one loaded from a save alike. The rules store and compare the plain
texts (the module constants below; an Enum member costs an attribute look-up in the
simulator's hot loop). See game/API.md and game/servermania/RULES.md (rulings S1-S13).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

#: `current_player` while a chance step waits, and once the game is over
CHANCE: Final = -1
TERMINAL: Final = -2


class Phase(StrEnum):
    """What the state waits for next (the text is what a save file holds)."""

    ROLL_OFF = "roll_off"            # chance: a first-player roll (S2)
    MAINTENANCE = "maintenance"      # decision: pay or skip maintenance (S6)
    MOVE_ROLL = "move_roll"          # chance: the roll that moves the pawn
    STUCK_CHOICE = "stuck_choice"    # decision: pay or roll to leave STUCK (S8)
    STUCK_ROLL = "stuck_roll"        # chance: the roll to leave STUCK (S8)
    TECHPAD_ROLL = "techpad_roll"    # chance: the extra TechPad roll (S7)
    DRAW = "draw"                    # chance: the card drawn (S10)
    GAME_OVER = "game_over"


#: the same phases as plain texts, for the rules
ROLL_OFF: Final[str] = Phase.ROLL_OFF.value
MAINTENANCE: Final[str] = Phase.MAINTENANCE.value
MOVE_ROLL: Final[str] = Phase.MOVE_ROLL.value
STUCK_CHOICE: Final[str] = Phase.STUCK_CHOICE.value
STUCK_ROLL: Final[str] = Phase.STUCK_ROLL.value
TECHPAD_ROLL: Final[str] = Phase.TECHPAD_ROLL.value
DRAW: Final[str] = Phase.DRAW.value
GAME_OVER: Final[str] = Phase.GAME_OVER.value
PHASES: Final = tuple(p.value for p in Phase)
DIE_PHASES: Final = frozenset((ROLL_OFF, MOVE_ROLL, STUCK_ROLL, TECHPAD_ROLL))
CHANCE_PHASES: Final = DIE_PHASES | {DRAW}
DECISION_PHASES: Final = frozenset((MAINTENANCE, STUCK_CHOICE))
