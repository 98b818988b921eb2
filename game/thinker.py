"""A computer player's decision in a worker thread, so the 60 Hz loop never waits for it.

A scene asks once and polls every frame:

    thinker = Thinker()
    ...
    if thinker.idle:
        thinker.ask(agent, state)          # works on a copy: the scene may keep drawing
    action = thinker.poll()                # None while thinking
    if action is not None:
        events = state.apply(action)       # checked: the copy's action equals a listed one

`Thinker(threaded=False)` answers at once in the caller's thread: headless runs step
frames faster than real time, and a thread's wall-clock time would make their frame
counts depend on the machine's load.

`cancel()` forgets a pending question (leaving the game): the thread finishes its
decision (at most the level's budget, ~100 ms) and the answer is dropped. A player that
raises is not hidden: `poll()` raises the error in the scene's thread.
"""

from __future__ import annotations

import threading
from typing import Any


class Thinker:
    """One question at a time to one computer player, answered in a daemon thread."""

    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded  # False: `ask` decides at once (headless runs replay exactly)
        self._lock = threading.Lock()
        self._ticket = 0  # bumped by ask and cancel: a late answer to an old ticket is dropped
        self._asked = False
        self._answer: Any = None
        self._error: BaseException | None = None
        self._ready = False

    @property
    def idle(self) -> bool:
        """True when no question is pending (ask may be called)."""
        return not self._asked

    def ask(self, agent: Any, state: Any) -> None:
        """Start `agent.decide` on a copy of `state` in a worker thread."""
        with self._lock:
            self._ticket += 1
            ticket = self._ticket
            self._asked, self._ready, self._answer, self._error = True, False, None, None
        copy = state.clone()
        if not self.threaded:
            self._work(ticket, agent, copy)
            return
        thread = threading.Thread(target=self._work, args=(ticket, agent, copy),
                                  name="computer-player", daemon=True)
        thread.start()

    def _work(self, ticket: int, agent: Any, state: Any) -> None:
        answer: Any = None
        error: BaseException | None = None
        try:
            answer = agent.decide(state, state.legal_actions())
        except BaseException as exc:  # noqa: BLE001 - handed to the scene's thread by poll
            error = exc
        with self._lock:
            if ticket == self._ticket:
                self._answer, self._error, self._ready = answer, error, True

    def poll(self) -> Any:
        """The decided action once ready (then idle again), else None."""
        with self._lock:
            if not self._ready:
                return None
            answer, error = self._answer, self._error
            self._asked, self._ready, self._answer, self._error = False, False, None, None
        if error is not None:
            raise error
        return answer

    def cancel(self) -> None:
        """Forget the pending question; its answer, when it comes, is dropped."""
        with self._lock:
            self._ticket += 1
            self._asked, self._ready, self._answer, self._error = False, False, None, None
