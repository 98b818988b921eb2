"""Ruling U1 for SERVERMANIA: maintenance and the STUCK choice may be taken back while
their die waits, never after it is thrown (game/undo.py, takeback.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import servermania as sm
from game.servermania.takeback import may_take_back as RULE
from game.undo import UndoLog
from tests.servermania.helpers import scenario
from tests.undo_checks import observations, play_with_take_backs


def test_U1_maintenance_is_taken_back_until_the_die_is_thrown():
    state = scenario("S . C . . . . . . F", seat0={"cash": 200_000})
    log = UndoLog(RULE)
    assert sm.PAY_MAINTENANCE in state.legal_actions()
    before = state.to_json()
    seen = observations(state)
    log.play(state, sm.PAY_MAINTENANCE, person=True)
    assert state.current_player == sm.CHANCE and log.last(0).label == "pay maintenance"
    state = log.take_back()
    assert state.to_json() == before and observations(state) == seen
    log.play(state, sm.SKIP_MAINTENANCE, person=True)
    log.play(state, state.sample_chance())  # the throw: nothing before it comes back
    assert log.last(0) is None and log.steps == []


def test_U1_computers_never_take_back():
    state = scenario("S . C . . . . . . F", seat0={"cash": 200_000})
    log = UndoLog(RULE)
    log.play(state, state.legal_actions()[0], person=False)
    assert log.steps == []


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_U1_take_back_properties(seed, players):
    """Undo gives the game before the step exactly (every seat's view too), redo gives the
    same game again, and no take-back crosses a chance step or another seat's decision."""
    play_with_take_backs("servermania", sm.new_game(players, seed=seed), seed)


def test_U1_take_backs_happen_in_a_whole_game():
    assert play_with_take_backs("servermania", sm.new_game(3, seed=5), 5, limit=5000) > 5
