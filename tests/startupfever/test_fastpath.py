"""`apply` checks every action against the current state (RULES.md "Driving the engine").

There is no trusted legal-action snapshot any more: an object taken from an older
`legal_actions()` list, an edited list or a direct change of the state (which game/API.md
allows tests to make) can never get an illegal action through, and observing the state
never changes it. The simulator's private shortcut is tested in test_hardening.py.
"""

import pytest

from game import startupfever as sf
from game.startupfever.actions import EndManage, Hire, Poach, Retain

from .helpers import roll, start, total_money


def at_manage() -> sf.State:
    """Seat 0 at Manage Employees of product A with 20 tokens: hires are listed."""
    state = start()
    state.players[0].money = 20
    state.bank = 100 - total_money(state) + state.bank
    roll(state, 1)
    assert state.stage == "manage"
    return state


def listed_hire(legal: list) -> Hire:
    return next(a for a in legal if type(a) is Hire)


def test_observation_leaves_the_state_alone():
    state = at_manage()
    legal = state.legal_actions()
    saved = state.to_json()
    attrs = set(dir(state))  # no attribute added either (a cache, say)
    for seat in range(len(state.players)):
        obs = state.observation(seat)
        assert (obs["legal_actions"] != []) == (seat == 0)
    assert state.to_json() == saved and set(dir(state)) == attrs
    assert [str(a) for a in legal] == state.observation(0)["legal_actions"]
    assert state.legal_actions() == legal  # listing is pure too


def test_listed_action_is_rejected_once_an_apply_made_it_stale():
    state = at_manage()
    legal = state.legal_actions()
    hire = listed_hire(legal)
    state.apply(next(a for a in legal if type(a) is EndManage))
    saved = state.to_json()
    with pytest.raises(sf.IllegalAction):
        state.apply(hire)
    assert state.to_json() == saved


@pytest.mark.parametrize("copy", ["clone", "from_json"])
def test_copies_check_actions_against_their_own_state(copy):
    state = at_manage()
    hire = listed_hire(state.legal_actions())
    twin = state.clone() if copy == "clone" else sf.from_json(state.to_json())
    twin.hires = twin.hire_limit  # the twin has used up its hires
    with pytest.raises(sf.IllegalAction):
        twin.apply(hire)
    state.apply(hire)  # the original is unchanged: still legal there
    assert state.hires == 1


def test_editing_the_returned_list_cannot_widen_the_snapshot():
    state = at_manage()
    legal = state.legal_actions()
    rival_nerd = Poach(1, "D", "nerd", 0, 1)  # product D has no Nerds: not legal
    assert rival_nerd not in legal
    legal.append(rival_nerd)
    with pytest.raises(sf.IllegalAction):
        state.apply(rival_nerd)


@pytest.mark.parametrize("relist", [False, True])
def test_direct_change_makes_listed_objects_illegal_at_once(relist):
    """A test may change the state directly (game/API.md); an object from the list taken
    before is checked against the changed state, whether or not the list is taken
    again."""
    state = at_manage()
    hire = listed_hire(state.legal_actions())
    state.hires = state.hire_limit
    if relist:
        assert not any(type(a) is Hire for a in state.legal_actions())
    saved = state.to_json()
    with pytest.raises(sf.IllegalAction):
        state.apply(hire)
    assert state.to_json() == saved


def test_equal_new_objects_are_accepted_like_listed_ones():
    state = at_manage()
    assert Retain("nerd", 0, 1) not in state.legal_actions()  # nothing to retain yet
    state.apply(Hire("nerd"))  # a new object, equal to the listed "hire Nerd for A"
    assert state.products["A"].nerds[4] == 1
