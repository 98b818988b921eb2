"""Brisk computer stretches: the table plays faster while only
computers act, and at full pace whenever a person is involved.

`tempo(scene)` is a factor on the animation speed: CPU_TEMPO during a computer
company's product turn while no person is deciding, throwing a die or answering a
beat, and at year end while a computer picks its products' places in the turn order or
moves its executives; 1 during a person's own product turn, for the rest of the year end
(every company's products compete, and people seal their marketing) and at a table of
computers only (a demo).
The think pauses of computers scale with it, so they stay visible but short. Whose
product turn it is is public, so the pace tells nothing hidden.
"""

from __future__ import annotations

from typing import Any

from game.startupfever.stages import Stage

CPU_TEMPO = 2.5  # ×: a computer's product turn, nobody else asked
#: year-end choices a computer makes in the open, one seat at a time (the showdowns and
#: sealed marketing keep the full pace: every seat takes part)
COMPUTERS_CHOOSE = frozenset({Stage.ORDER_CHOOSE, Stage.REASSIGN})


def tempo(scene: Any) -> float:
    """The speed factor for this update (see the module notes)."""
    if scene.demo or not any(seat.human for seat in scene.seats):
        return 1.0  # nobody waits: the computers' own pace
    beat = scene.beat
    asking = beat is not None and (not beat.passive or beat.opened)  # a passive window
    if scene.decision is not None or asking or scene.roll_call is not None:  # asks nobody
        return 1.0
    state = scene.state
    if state.current_slot is None:  # year end: brisk only while a computer picks its
        seat = state.current_player  # products' places or moves its executives
        if state.stage in COMPUTERS_CHOOSE and not scene.is_human(seat):
            return CPU_TEMPO
        return 1.0
    if scene.is_human(state.turn_seat):
        return 1.0
    return CPU_TEMPO
