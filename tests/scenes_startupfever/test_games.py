"""Whole Startup Fever games on the table scene, played headless by computer seats.

Every game must reach the results screen with the rules' own result (VP per company,
winners with the money tie-break) and the table must show what the rules say at the end.
"""

from __future__ import annotations

import pytest

from scenes.startupfever.model import TableModel
from tests.scenes_startupfever.helpers import at_results, computers, run_until, table


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (6, 3)])
def test_a_computer_game_of_2_4_and_6_companies_reaches_the_results(players, seed):
    app, scene = table(computers(players), seed=seed)
    run_until(app, lambda: at_results(app), 60_000)
    results = app.stack.top
    state = scene.state
    assert state.is_terminal()
    assert results.scores == state.scores()
    assert results.winners == state.winners()
    assert results.money == [p.money for p in state.players]
    # one chart point per year end (and the start), the last one the final VP
    assert len(results.history) == state.year + 1
    assert results.history[-1] == state.scores()
    # the table followed the events to the same end as the rules (public facts)
    shown, truth = scene.model, TableModel.from_state(state)
    assert {s: (p.field, p.launched, p.category) for s, p in shown.products.items()} == \
        {s: (p.field, p.launched, p.category) for s, p in truth.products.items()}
    assert [c.vp for c in shown.companies] == state.scores()
    assert [c.money for c in shown.companies] == [p.money for p in state.players]
    assert shown.bank == state.bank


def test_the_model_keeps_up_with_the_rules_event_by_event():
    """Whenever the director has nothing left to show, the table shows the rules' state."""
    app, scene = table(computers(3), seed=4)
    checked = 0

    def compare() -> None:
        nonlocal checked
        if not scene.director.idle:
            return
        truth = TableModel.from_state(scene.state)
        shown = scene.model
        assert shown.bank == truth.bank and shown.supply == truth.supply
        assert [c.money for c in shown.companies] == [c.money for c in truth.companies]
        assert [c.hand for c in shown.companies] == [c.hand for c in truth.companies]
        assert [sorted(c.execs) for c in shown.companies] == \
            [sorted(c.execs) for c in truth.companies]
        for slot, p in truth.products.items():
            assert (shown.products[slot].field, shown.products[slot].workers) == \
                (p.field, p.workers), slot
        checked += 1
    run_until(app, lambda: at_results(app), 60_000, each=compare)
    assert checked > 200


def test_play_again_starts_a_new_game_with_the_same_seats_extra_years_and_pads():
    from scenes.engine.input import DEVICE_REMOVED, Action
    from scenes.seating import SeatDevices
    from scenes.startupfever.table_scene import TableScene
    from tests.scenes_startupfever.helpers import READY, press, step

    app, scene = table(computers(2), seed=1, extra_years=1,
                       devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    run_until(app, lambda: at_results(app), 60_000)
    assert scene.state.extra_years == 1
    step(app, READY)
    app.stack.dispatch(Action(DEVICE_REMOVED, "pad:1"))  # Linus's pad goes: his seat is shared
    press(app, "confirm", "pad:0")  # "Play again" is selected first
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 200)
    again = app.stack.top
    assert again is not scene and again.seats == scene.seats
    assert again.state.extra_years == 1 and again.state.year == 0
    assert again.devices.bound == {0: "pad:0"}
