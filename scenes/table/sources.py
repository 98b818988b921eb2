"""Where a seat's decisions come from: a person at a local device, the computer, a script.

The turn driver (`scenes.table.driver`) asks the seat's source: `begin` once when a decision
of that seat is due, then `poll` every update until it gives an action. A new kind of seat
(a phone, say) is one more class with these four members; no scene changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol


class DecisionSource(Protocol):
    """Where one seat's decisions come from: a local device, the computer, a phone, a script."""

    kind: str  # "device", "computer", "phone", "script"

    def begin(self, seat: int, state: Any, legal: list) -> None:
        """A decision of `seat` is due in `state`; `legal` lists the actions allowed."""

    def poll(self) -> Any:
        """The chosen action once ready, else None."""

    def cancel(self) -> None:
        """The state moved on (pause, quit, skip): forget the question."""

    @property
    def shows_thinking(self) -> bool:
        """Whether the TV shows a thought bubble while this source decides."""


class DeviceSource:
    """A person at the table with a keyboard, pad or mouse: `ask` opens the game screen's
    question (a prompt, a decision panel) and may return an answer known already (a card
    played in advance); the screen hands the person's choice to `answer`."""

    kind = "device"
    shows_thinking = False

    def __init__(self, ask: Callable[[int, Any, list], Any]) -> None:
        self.ask = ask
        self._answer: Any = None

    def begin(self, seat: int, state: Any, legal: list) -> None:
        self._answer = self.ask(seat, state, legal)

    def answer(self, action: Any) -> None:
        self._answer = action

    def poll(self) -> Any:
        action, self._answer = self._answer, None
        return action

    def cancel(self) -> None:
        self._answer = None


class ComputerSource:
    """A computer player (`game.levels`). A decision `in_thread(agent, legal)` says is slow
    (a search) goes to the `thinker` (`game.thinker`: a worker thread in a window, at once
    headless); any other is decided when first polled. `at_once`: a quick answer by the
    player's rules (its `decide_at_once`, if it has one), with no thought shown."""

    kind = "computer"

    def __init__(self, agent: Any, thinker: Any,
                 in_thread: Callable[[Any, list], bool] = lambda agent, legal: True) -> None:
        self.agent, self.thinker, self.in_thread = agent, thinker, in_thread
        self._question: tuple[Any, list] | None = None
        self.threaded = False  # this decision went to the worker thread
        self.at_once = False

    @property
    def shows_thinking(self) -> bool:
        return not self.at_once

    def begin(self, seat: int, state: Any, legal: list) -> None:
        self.threaded = not self.at_once and self.in_thread(self.agent, legal)
        self._question = None if self.threaded else (state, legal)
        if self.threaded and self.thinker.idle:
            self.thinker.ask(self.agent, state)

    def poll(self) -> Any:
        if self.threaded:
            return self.thinker.poll()
        if self._question is None:
            return None
        state, legal = self._question
        self._question = None
        if self.at_once:
            return getattr(self.agent, "decide_at_once", self.agent.decide)(state, legal)
        return self.agent.decide(state, legal)

    def cancel(self) -> None:
        self._question = None
        if self.threaded:
            self.thinker.cancel()


class ScriptedSource:
    """Actions from a script (tests, replays): `choose(state, legal)` picks each one, or the
    next of a list of actions. Never thinks aloud."""

    kind = "script"
    shows_thinking = False

    def __init__(self, choose: Callable[[Any, list], Any] | Iterable[Any]) -> None:
        if callable(choose):
            self.choose = choose
        else:
            moves = iter(choose)
            self.choose = lambda state, legal: next(moves, None)
        self._next: Any = None
        self.asked = 0  # decisions begun (tests count them)

    def begin(self, seat: int, state: Any, legal: list) -> None:
        self.asked += 1
        self._next = self.choose(state, legal)

    def poll(self) -> Any:
        action, self._next = self._next, None
        return action

    def cancel(self) -> None:
        self._next = None
