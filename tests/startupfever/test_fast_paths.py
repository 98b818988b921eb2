"""The engine's speed paths run the one rule code and change nothing but speed (issue 13).

* `_apply_unchecked(action, build_events=False)`, used by the simulator and the search,
  runs the same rules as `apply` and only skips building the events.
"""

from __future__ import annotations

import random

import pytest

from game import startupfever as sf


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 1), (6, 8)])
def test_quiet_apply_gives_the_same_game_as_apply_without_building_events(players, seed):
    loud = sf.new_game(players, seed=seed)
    quiet = sf.new_game(players, seed=seed)
    rng = random.Random(seed)
    built = 0
    while not loud.is_terminal():
        if loud.current_player == sf.CHANCE:
            action = loud.sample_chance()
            assert quiet.sample_chance() == action
        else:
            legal = loud.legal_actions()
            action = legal[rng.randrange(len(legal))]
            assert quiet.legal_actions() == legal
        events = loud.apply(action)
        assert quiet._apply_unchecked(action, build_events=False) is None
        built += len(events)
        assert quiet.to_json() == loud.to_json()
    assert built > 500 and quiet.is_terminal() and quiet.winners() == loud.winners()
