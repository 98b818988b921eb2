"""The director both games share: rules events in, a queue of animation steps out.

Each event becomes one or more `Step`s: something starts (`begin`), then the step lasts
`duration` seconds and/or until a condition holds (a pawn stopped hopping, a card was
put away). Steps run one after another, so the screen tells the story in the order the
rules wrote it. `skip()` finishes everything at once and leaves every counter, pawn and
label exactly where the events say; nothing about the rules is decided here.

Each game's director (`scenes.servermania.director`, `scenes.startupfever.director`)
subclasses `Director` and turns its own events into steps (`steps_for`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


def _noop() -> None:
    pass


@dataclass
class Step:
    label: str
    duration: float = 0.0
    begin: Callable[[], None] = _noop
    until: Callable[[], bool] | None = None
    started: bool = False
    elapsed: float = field(default=0.0)

    def done(self) -> bool:
        return self.elapsed >= self.duration and (self.until is None or self.until())


def event_handlers(director: type, events: ModuleType, prefix: str) -> dict[type, str]:
    """Event class -> the name of the method of `director` that shows it: for each class
    of the module `events`, the method named `prefix` + the class's name, if there is one.
    A director looks its handler up by the event's class (an event of another game, or of
    the same name elsewhere, finds none)."""
    return {kind: prefix + name for name, kind in vars(events).items()
            if isinstance(kind, type) and kind.__module__ == events.__name__
            and hasattr(director, prefix + name)}


class Director:
    """The step queue. stage: the game screen the steps act on (it has `finish_motion`)."""

    def __init__(self, stage: Any) -> None:
        self.stage = stage
        self.queue: deque[Step] = deque()
        self.played = 0  # steps finished so far (tests count them)
        self._batch: list = []  # the events of the current `push`, for look-ahead

    @property
    def idle(self) -> bool:
        return not self.queue

    def push(self, events: list) -> None:
        self._batch = list(events)
        for event in events:
            self.queue.extend(self.steps_for(event))
        self._batch = []

    def steps_for(self, event: object) -> list[Step]:
        """The steps that show `event` (each game's director knows its own events)."""
        raise NotImplementedError

    def update(self, dt: float) -> None:
        while self.queue:
            step = self.queue[0]
            if not step.started:
                step.started = True
                step.begin()
            step.elapsed += dt
            dt = 0.0
            if not step.done():
                return
            self.queue.popleft()
            self.played += 1

    def skip(self) -> None:
        """Finish every queued step now: all begins run, then all motion snaps to its end."""
        while self.queue:
            step = self.queue.popleft()
            if not step.started:
                step.started = True
                step.begin()
            self.played += 1
            self.stage.finish_motion()
        self.stage.finish_motion()
