"""The legal-action snapshot behind `apply`'s fast path (RULES.md "Driving the engine").

`legal_actions()` remembers a snapshot that `apply` trusts for objects taken from it.
These tests show that no change made through the API can leave a stale snapshot behind,
and that observing the state never touches it.
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


def test_observation_leaves_the_state_and_its_snapshot_alone():
    state = at_manage()
    legal = state.legal_actions()
    snapshot = state._legal
    saved = state.to_json()
    for seat in range(len(state.players)):
        obs = state.observation(seat)
        assert (obs["legal_actions"] != []) == (seat == 0)
    assert state._legal is snapshot and state.to_json() == saved
    fresh = at_manage()
    fresh.observation(0)
    assert fresh._legal is None  # observing does not create a snapshot either
    assert [str(a) for a in legal] == state.observation(0)["legal_actions"]


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
def test_copies_do_not_inherit_the_snapshot(copy):
    state = at_manage()
    hire = listed_hire(state.legal_actions())
    twin = state.clone() if copy == "clone" else sf.from_json(state.to_json())
    assert twin._legal is None
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


def test_direct_change_then_fresh_list_rechecks_old_objects():
    """The documented rule for tests: after changing the state directly, call
    legal_actions() again; an object from the older list is then checked afresh."""
    state = at_manage()
    hire = listed_hire(state.legal_actions())
    state.hires = state.hire_limit
    assert not any(type(a) is Hire for a in state.legal_actions())
    with pytest.raises(sf.IllegalAction):
        state.apply(hire)


def test_equal_new_objects_are_accepted_like_listed_ones():
    state = at_manage()
    state.legal_actions()
    assert Retain("nerd", 0, 1) not in state.legal_actions()  # nothing to retain yet
    state.apply(Hire("nerd"))  # a new object: legal through the slow path
    assert state.products["A"].nerds[4] == 1
