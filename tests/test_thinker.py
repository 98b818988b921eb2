"""game/thinker.py: a computer decision in a worker thread, polled by the scene."""

from __future__ import annotations

import threading

import pytest

from game import servermania as sm
from game.servermania.levels import HardPlayer
from game.thinker import Thinker
from tests.servermania.helpers import scenario


class Gate:
    """A player that waits for the test to open the gate (a decision that takes long)."""

    kind = "gate"

    def __init__(self, answer=None, error: Exception | None = None) -> None:
        self.open = threading.Event()
        self.answer, self.error, self.seen = answer, error, None

    def decide(self, state, legal):
        self.seen = state
        self.open.wait(5)
        if self.error:
            raise self.error
        return self.answer if self.answer is not None else legal[-1]


def wait_for(thinker: Thinker):
    for _ in range(500):
        answer = thinker.poll()
        if answer is not None:
            return answer
        threading.Event().wait(0.01)
    raise AssertionError("no answer")


def test_poll_is_none_while_thinking_then_the_answer_once():
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    gate = Gate()
    thinker = Thinker()
    thinker.ask(gate, state)
    assert not thinker.idle and thinker.poll() is None  # the loop goes on meanwhile
    gate.open.set()
    assert wait_for(thinker) == sm.SKIP_MAINTENANCE
    assert thinker.idle and thinker.poll() is None
    assert gate.seen is not state  # it thought on a copy


def test_a_real_player_answers_a_legal_action():
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    thinker = Thinker()
    thinker.ask(HardPlayer(), state)
    assert wait_for(thinker) in state.legal_actions()


def test_cancel_drops_a_late_answer():
    state = scenario("S . C . F")
    gate = Gate()
    thinker = Thinker()
    thinker.ask(gate, state)
    thinker.cancel()
    gate.open.set()
    threading.Event().wait(0.05)
    assert thinker.poll() is None and thinker.idle


def test_an_error_in_the_player_reaches_the_scene():
    gate = Gate(error=RuntimeError("broken player"))
    thinker = Thinker()
    thinker.ask(gate, scenario("S . C . F"))
    gate.open.set()
    with pytest.raises(RuntimeError, match="broken player"):
        wait_for(thinker)


def test_unthreaded_answers_at_once_for_headless_runs():
    state = scenario("S . C . $ $ $ F", seat0={"servers": 12})
    thinker = Thinker(threaded=False)
    thinker.ask(HardPlayer(time_budget=None), state)  # futures, not wall time: load-proof
    assert thinker.poll() == sm.PAY_MAINTENANCE and thinker.idle
