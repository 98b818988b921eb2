"""Which Startup Fever decisions a person may take back (ruling U1, see RULES.md).

A person may take back a hire, a poach nobody could counter, a retain, a sealed marketing
token, a user-loss pip, a reassignment or a face-down chip, for as long as the same seat
still decides the same step (the same product's manage step, the same sealed budget).
Never a card played or passed (a card window asks every holder: taking it back would
open the window again or hide a card everybody saw), a Defense, a counter-offer (another
seat's decision), an attrition choice, nor a step that ends a turn or a stage ("end
manage", "seal", "done"): what follows it is someone else's, or a chance step.
"""

from __future__ import annotations

from typing import Any, Final

from .actions import Hire, LosePip, Market, PlaceChip, Poach, Reassign, Retain

#: The decisions that can be taken back (if the same seat still decides the same step).
TAKEN_BACK: Final = (Hire, Poach, Retain, Market, LosePip, Reassign, PlaceChip)


def may_take_back(before: Any, action: Any, after: Any) -> bool:
    """The step stays open for taking back: one of `TAKEN_BACK`, and the same seat still
    decides the same stage of the same turn and year."""
    return (type(action) in TAKEN_BACK
            and after.current_player == before.current_player
            and after.stage == before.stage and after.turn_seat == before.turn_seat
            and after.current_slot == before.current_slot and after.year == before.year)
