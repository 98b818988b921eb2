"""The new-game screen (pad, keyboard or mouse) and the demo behind the title's Demo entry."""

from __future__ import annotations

import pytest

from scenes.demo import DemoScene, DemoUnavailable
from scenes.engine.input import CLICK, MOUSE, POINT, Action
from scenes.menu import TITLE_MENU, resolve
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import MAX_SEATS
from scenes.servermania.setup import NewGameScene
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, new_app, press, run_until, step


def open_setup():
    scene = NewGameScene()
    app = new_app(scene)
    step(app, READY)
    return app, scene


def test_the_title_menu_entry_opens_the_new_game_screen():
    assert resolve("scenes.servermania.setup:NewGameScene") is NewGameScene
    app = new_app(TitleScene())
    step(app, READY)
    index = [e.label for e in TITLE_MENU].index("SERVERMANIA")
    for _ in range(index - app.stack.top.menu.selected):
        press(app, "down")
    press(app, "confirm")
    step(app, 40)
    assert isinstance(app.stack.top, NewGameScene)


@pytest.mark.parametrize("device", ["keyboard", "pad:2"])
def test_seats_are_set_up_with_directions_and_confirm_then_start_plays(device):
    app, scene = open_setup()
    for name in ("up", "up", "confirm",  # seat 3: Off -> Human
                 "up", "confirm",  # seat 2: Computer -> Human
                 "right", "confirm",  # seat 2: next name
                 "right", "confirm"):  # seat 2: next free colour
        press(app, name, device)
    seats = scene.seats()
    assert len(seats) == 3 and all(s.human for s in seats)
    assert len({s.colour for s in seats}) == 3 and len({s.name for s in seats}) == 3
    for _ in range(3):
        press(app, "down", device)  # back to the Start button
    press(app, "confirm", device)
    step(app, 40)
    board = app.stack.top
    assert isinstance(board, BoardScene) and [s.name for s in board.seats] == \
        [s.name for s in seats]


def test_the_mouse_alone_sets_up_seats_and_starts():
    app, scene = open_setup()
    cell = scene.cell_rect(3, 0).center  # seat 4 type: Off -> Human -> Computer
    for _ in range(2):
        app.stack.dispatch(Action(POINT, MOUSE, True, pos=cell))
        app.stack.dispatch(Action(CLICK, MOUSE, True, pos=cell))
        app.stack.dispatch(Action(CLICK, MOUSE, False, pos=cell))
    assert scene.types[3] == "Computer"
    start = scene.cell_rect(MAX_SEATS, 0).center
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=start))
    step(app, 40)
    assert isinstance(app.stack.top, BoardScene)
    assert len(app.stack.top.seats) == 3


def test_seats_one_and_two_cannot_be_switched_off_and_colours_stay_distinct():
    app, scene = open_setup()
    for row in range(MAX_SEATS):
        for _ in range(7):
            scene.change(row, 0)
            scene.change(row, 2)
            active = [c for c, t in zip(scene.colours, scene.types, strict=True) if t != "Off"]
            assert len(active) == len(set(active))
    assert scene.types[0] != "Off" and scene.types[1] != "Off"
    assert 2 <= len(scene.seats()) <= 4


def test_back_returns_to_the_title():
    app = new_app(TitleScene())
    step(app, READY)
    app.stack.push(NewGameScene())
    step(app, 40)
    press(app, "back")
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)


def test_demo_plays_servermania_with_computer_seats_and_loops_to_a_new_game():
    scene = DemoScene(players=3, seed=2, pace=8.0)
    assert all(not s.human for s in scene.seats) and len(scene.seats) == 3
    app = new_app(scene, speed=2.0)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 30_000)
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 3_000)  # next game, by itself


def test_demo_returns_to_the_title_on_confirm():
    app = new_app(DemoScene(seed=1))
    step(app, 200)
    press(app, "confirm", "pad:0")
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)


def test_demo_of_a_game_without_screens_is_refused_with_a_clear_message():
    with pytest.raises(DemoUnavailable, match="chess"):
        DemoScene(game="chess")
