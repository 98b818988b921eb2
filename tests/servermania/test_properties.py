"""Property tests over random SERVERMANIA games (hypothesis picks seeds and choices)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import servermania as sm
from game.servermania.actions import DRAWS

ALL_ACTIONS = ([sm.Die(v) for v in range(0, 8)] + [
    sm.PAY_MAINTENANCE, sm.SKIP_MAINTENANCE, sm.PAY_TO_LEAVE_STUCK, sm.ROLL_TO_LEAVE_STUCK,
] + [d for deck in DRAWS.values() for d in deck])

games = st.tuples(st.integers(2, 4), st.integers(0, 2**32), st.randoms(use_true_random=False))
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def step(state, rnd):
    """One step: chance from the state's RNG, decisions from hypothesis' random."""
    if state.current_player == sm.CHANCE:
        action = state.sample_chance()
    else:
        action = rnd.choice(state.legal_actions())
    return action, state.apply(action)


@SETTINGS
@given(games)
def test_property_invariants_hold_at_every_step(game):
    players, seed, rnd = game
    state = sm.new_game(players, seed=seed)
    steps = 0
    while not state.is_terminal():
        step(state, rnd)
        steps += 1
        assert state.invariant_violations() == []
        assert all(p.cash >= 0 and p.servers >= 1 for p in state.players)
        assert 0 <= state.players[state.turn_seat].position <= state.board.last
        assert steps < 5_000, "game does not end"
    assert sorted(state.finish_order) == list(range(players))
    assert state.winners()


@SETTINGS
@given(games, st.data())
def test_property_illegal_actions_raise_and_change_nothing(game, data):
    players, seed, rnd = game
    state = sm.new_game(players, seed=seed)
    for _ in range(data.draw(st.integers(0, 150))):
        if state.is_terminal():
            break
        step(state, rnd)
    legal = state.legal_actions()
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    before = state.to_json()
    for action in data.draw(st.lists(st.sampled_from(illegal), max_size=5)):
        try:
            state.apply(action)
        except sm.IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted in phase {state.phase}")
        assert state.to_json() == before


@SETTINGS
@given(games, st.integers(0, 200))
def test_property_json_round_trips_mid_game(game, steps):
    players, seed, rnd = game
    state = sm.new_game(players, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        step(state, rnd)
    text = state.to_json()
    copy = sm.from_json(text)
    assert copy.to_json() == text
    assert copy.current_player == state.current_player
    assert copy.legal_actions() == state.legal_actions()
    if not state.is_terminal() and state.current_player == sm.CHANCE:
        assert copy.sample_chance() == state.sample_chance()


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 2**32))
def test_property_same_seed_and_choices_replay_the_same_game(players, seed, choice_seed):
    import random

    logs = []
    for _ in range(2):
        rnd = random.Random(choice_seed)
        state = sm.new_game(players, seed=seed)
        log = []
        while not state.is_terminal():
            action, events = step(state, rnd)
            log.append(str(action))
            log.extend(map(str, events))
        logs.append((log, state.to_json()))
    assert logs[0] == logs[1]


@SETTINGS
@given(games)
def test_property_chance_outcomes_match_legal_actions(game):
    players, seed, rnd = game
    state = sm.new_game(players, seed=seed)
    while not state.is_terminal():
        if state.current_player == sm.CHANCE:
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == state.legal_actions()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert state.sample_chance() in state.legal_actions()
        else:
            assert state.chance_outcomes() == []
            assert 0 <= state.current_player < players
        step(state, rnd)


@SETTINGS
@given(st.integers(2, 4), st.integers(0, 2**32))
def test_property_quiet_apply_plays_the_same_game_as_apply(players, seed):
    """The simulator's apply_quiet runs the same rules, only without event objects."""
    import random

    loud, quiet = sm.new_game(players, seed=seed), sm.new_game(players, seed=seed)
    rnd_loud, rnd_quiet = random.Random(seed), random.Random(seed)
    while not loud.is_terminal():
        for state, rnd, apply in ((loud, rnd_loud, loud.apply),
                                  (quiet, rnd_quiet, quiet.apply_quiet)):
            if state.current_player == sm.CHANCE:
                apply(state.sample_chance())
            else:
                apply(rnd.choice(state.legal_actions()))
        assert quiet.to_json() == loud.to_json()
    assert quiet.is_terminal()
