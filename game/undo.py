"""Taking back a person's own decisions, for both games (ruling U1 in each RULES.md).

A person may take back their own decisions as far back as the last point that showed
anyone something: a chance step (a die, a card draw), a hidden fact shown, another
seat's decision or the end of their turn. Computers never take anything back.

`UndoLog` plays every action of a game (`play`), the same as `state.apply`, and keeps a
snapshot (`state.clone()`) before each step a person may still take back. The game's own
rule says which decisions are such steps (`may_take_back(before, action, after)`, in
`game/servermania/takeback.py` and `game/startupfever/takeback.py`): a decision that
reveals nothing, ends no turn and leaves the same seat to decide (or waiting on its own
die). Anything else that is played (a chance outcome, any other seat's decision, a
computer's, a step that ends the turn) empties the log, so no take-back can ever cross it.

    log = UndoLog(rules.may_take_back)
    log.play(state, action, person=True)          # events, as state.apply
    step = log.last(state.current_player)          # what "Take back" would undo, or None
    state = log.take_back()                        # the game as it was before that step

A taken-back step leaves the game exactly as it was before it (the snapshot itself), so
every seat's observation, the RNG and the future are those of that moment. A screen may
group several rules actions of one answer into one step (`join=True`: a sealed budget's
tokens); taking it back undoes them together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

#: Undo steps kept at most (a whole manage step is a handful).
DEPTH: Final = 64


class TakeBack:
    """The answer "take back my last step", from any source (a pad, a key, a phone)."""

    def __repr__(self) -> str:
        return "TAKE_BACK"


#: The one take-back answer a decision source gives.
TAKE_BACK: Final = TakeBack()


@dataclass
class Step:
    """One step a person may take back: whose, in words, and the game before it."""

    seat: int
    label: str  # the step in words: "hire Nerd for B", "pay maintenance"
    before: Any  # the state before the step (a clone nobody else holds)
    actions: list[Any] = field(default_factory=list)  # the rules actions it took
    mark: int = 0  # actions played in the game before the step (a replay's length then)


class UndoLog:
    """The steps a person may still take back, newest last (see the module docstring)."""

    def __init__(self, may_take_back: Callable[[Any, Any, Any], bool],
                 describe: Callable[[Any], str] = str) -> None:
        self.may_take_back = may_take_back
        self.describe = describe
        self.steps: list[Step] = []
        self.played = 0  # actions played through this log (undone ones are taken off)

    def play(self, state: Any, action: Any, person: bool = False, join: bool = False) -> list:
        """`state.apply(action)`, remembering the step if `person` may take it back.
        join: the action belongs to the last step (one answer given as several actions)."""
        seat = state.current_player
        before = state.clone() if person and seat >= 0 else None
        events = state.apply(action)  # raises IllegalAction with nothing changed
        mark = self.played
        self.played += 1
        if before is None or state.is_terminal() or not self.may_take_back(before, action,
                                                                            state):
            self.steps.clear()
            return events
        last = self.steps[-1] if self.steps else None
        if last is not None and last.seat != seat:  # another seat's steps never stay below
            self.steps.clear()
            last = None
        if join and last is not None and last.seat == seat:
            last.actions.append(action)
            return events
        self.steps.append(Step(seat, self.describe(action), before, [action], mark))
        del self.steps[:-DEPTH]
        return events

    def last(self, seat: int) -> Step | None:
        """The step `seat` would take back now (None: nothing of theirs to take back)."""
        if self.steps and self.steps[-1].seat == seat:
            return self.steps[-1]
        return None

    def take_back(self) -> Any:
        """Undo the newest step: the game as it stood before it (a state of its own)."""
        step = self.steps.pop()
        self.played = step.mark
        return step.before

    def clear(self) -> None:
        """Forget every step (a game loaded, a pause that let the table move on)."""
        self.steps.clear()
