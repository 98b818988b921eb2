"""Taking back at the SERVERMANIA table (ruling U1): a person's maintenance choice comes
back with X while their die waits; once it is thrown nothing does."""

from __future__ import annotations

from game import servermania as sm
from scenes.engine.input import Action
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import Seat
from tests.scenes_servermania.helpers import new_app, press, run_until, step

SEATS = [Seat("Ada", "pink", True), Seat("Linus", "blue", False)]


def scenario() -> sm.State:
    """Ada at square 8, three squares before CUSTOMER SERVICE: maintenance is asked."""
    state = sm.new_game(["Ada", "Linus"], seed=2)
    state.players[0].position = 8
    state.apply(sm.Die(6))
    state.apply(sm.Die(1))
    return state


def test_paying_maintenance_is_taken_back_before_the_roll():
    state = scenario()
    scene = BoardScene(SEATS, state=state)
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None, 900)
    before, cash = scene.state.to_json(), scene.state.players[0].cash
    scene.prompt = None
    scene.driver.answer(sm.PAY_MAINTENANCE)  # Ada pays
    run_until(app, lambda: scene.roll_call is not None, 900)
    assert scene.state.players[0].cash == cash - 50_000
    assert ("x", "Take back: pay maintenance") in scene.prompt_bar().items
    press(app, "x")
    run_until(app, lambda: scene.prompt is not None, 900)
    step(app, 90)
    assert scene.state.to_json() == before and scene.roll_call is None
    assert scene.hud.cash[0].shown == cash  # the HUD counts back
    assert "Ada takes back: pay maintenance" in [t for t, _c in scene.log_panel.entries]
    scene.prompt = None
    scene.driver.answer(sm.SKIP_MAINTENANCE)
    run_until(app, lambda: scene.roll_call is not None, 900)
    press(app, "confirm")  # the die is thrown
    step(app, 5)
    assert scene.undo.steps == []
    assert not any(key == "x" and "Take back" in text for key, text in
                   scene.prompt_bar().items)


def test_another_device_cannot_take_back_a_bound_seat():
    scene = BoardScene(SEATS, state=scenario())
    app = new_app(scene)
    scene.devices.bind(0, "pad:0")
    run_until(app, lambda: scene.prompt is not None, 900)
    scene.prompt = None
    scene.driver.answer(sm.PAY_MAINTENANCE)
    run_until(app, lambda: scene.roll_call is not None, 900)
    app.stack.dispatch(Action("x", "keyboard", True))
    assert scene.undo.steps  # refused: the pad's seat is not the keyboard's
    app.stack.dispatch(Action("x", "pad:0", True))
    assert not scene.undo.steps
