"""Which SERVERMANIA decisions a person may take back (ruling U1, see RULES.md).

Every decision of the game comes just before its player's own die: pay or skip
maintenance (S6) before the move roll, pay or roll to leave STUCK (S8). Each may be taken
back while that die still waits for its throw; the throw itself is a chance step, after
which nothing before it can be taken back (`game.undo` forgets every step then).
"""

from __future__ import annotations

from typing import Any

from .stages import DIE_PHASES

#: current_player while a chance step waits
_CHANCE = -1


def may_take_back(before: Any, action: Any, after: Any) -> bool:
    """A step is kept for taking back while the same turn waits on its player's own die:
    nothing drawn, nothing shown, no other seat asked."""
    return (after.current_player == _CHANCE and after.phase in DIE_PHASES
            and after.turn == before.turn and after.turn_seat == before.turn_seat)
