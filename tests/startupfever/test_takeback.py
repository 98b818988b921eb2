"""Ruling U1 for Startup Fever: hires, retains, sealed tokens ... may be taken back while
the same seat decides the same step; never a card, an end of a step or a chance step
(game/undo.py, takeback.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import startupfever as sf
from game.startupfever.actions import EndManage, EndMarketing, Hire, Market, Pass, Retain
from game.startupfever.takeback import may_take_back as RULE
from game.undo import UndoLog
from tests.undo_checks import observations, play_with_take_backs


def advance_to(state, stage, rng_seed=0):
    """Play random legal moves (first option at decisions) until `stage` is reached."""
    import random

    rng = random.Random(rng_seed)
    while state.stage != stage:
        assert not state.is_terminal()
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            ends = [a for a in legal if type(a) in (EndManage, Pass, EndMarketing)]
            state.apply(ends[0] if ends and rng.random() < 0.8 else rng.choice(legal))
    return state


def test_U1_a_hire_and_a_retain_are_taken_back():
    state = advance_to(sf.new_game(3, seed=11), "manage")
    seat = state.current_player
    log = UndoLog(RULE)
    hire = next(a for a in state.legal_actions() if type(a) is Hire)
    before, seen = state.to_json(), observations(state)
    log.play(state, hire, person=True)
    retain = next((a for a in state.legal_actions() if type(a) is Retain), None)
    if retain is not None:
        log.play(state, retain, person=True)
        assert log.last(seat).label == str(retain)
        state = log.take_back()
    assert log.last(seat).label == str(hire)
    state = log.take_back()
    assert state.to_json() == before and observations(state) == seen
    assert log.last(seat) is None


def test_U1_sealed_tokens_come_back_but_not_the_seal():
    state = advance_to(sf.new_game(3, seed=4), "marketing")
    seat = state.current_player
    log = UndoLog(RULE)
    market = next(a for a in state.legal_actions() if type(a) is Market)
    before = state.to_json()
    log.play(state, market, person=True)
    log.play(state, market, person=True, join=True)  # one answer, two tokens
    assert len(log.steps) == 1 and len(log.steps[0].actions) == 2
    assert log.take_back().to_json() == before
    state = sf.from_json(before)
    log.play(state, market, person=True)
    log.play(state, EndMarketing(), person=True)
    assert log.last(seat) is None  # sealed: the next seat is asked


def test_U1_card_window_answers_are_never_taken_back():
    for seed in range(40):
        state = advance_to(sf.new_game(3, seed=seed), "window")
        log = UndoLog(RULE)
        log.play(state, state.legal_actions()[0], person=True)
        assert log.steps == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_U1_take_back_properties(seed, players):
    """Undo gives the game before the step exactly (every seat's view too), redo gives the
    same game again, and no take-back crosses a chance step or another seat's decision."""
    play_with_take_backs("startupfever", sf.new_game(players, seed=seed), seed, limit=700)


def test_U1_take_backs_happen_in_a_whole_game():
    assert play_with_take_backs("startupfever", sf.new_game(3, seed=5), 5, limit=4000) > 20
