"""The Startup Fever new-game screen (pad, keyboard or mouse), the title entry that opens
it, and the demo behind `main.py demo startupfever`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scenes.demo import DemoScene, StartupFeverDemo
from scenes.engine.input import CLICK, MOUSE, POINT, Action
from scenes.engine.paths import ROOT
from scenes.menu import TITLE_MENU, resolve
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.seats import MAX_SEATS, default_seats
from scenes.startupfever.setup import START_ROW, YEARS_ROW, NewGameScene
from scenes.startupfever.table_scene import TableScene
from scenes.title import TitleScene
from tests.scenes_startupfever.helpers import READY, new_app, press, run_until, step


def open_setup():
    scene = NewGameScene()
    app = new_app(scene)
    step(app, READY)
    return app, scene


def click(app, pos) -> None:
    app.stack.dispatch(Action(POINT, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=pos))


def test_the_title_entry_is_lit_and_opens_the_new_game_screen():
    assert resolve("scenes.startupfever.setup:NewGameScene") is NewGameScene
    app = new_app(TitleScene())
    step(app, READY)
    index = [e.label for e in TITLE_MENU].index("Startup Fever")
    assert app.stack.top.menu.buttons[index].enabled
    for _ in range(index - app.stack.top.menu.selected):
        press(app, "down")
    press(app, "confirm")
    step(app, 40)
    assert isinstance(app.stack.top, NewGameScene)


@pytest.mark.parametrize("device", ["keyboard", "pad:2"])
def test_six_seats_and_extra_years_are_set_with_directions_and_confirm(device):
    app, scene = open_setup()
    press(app, "up", device)  # the extra-years row
    press(app, "right", device)
    press(app, "right", device)
    assert scene.extra_years == 2
    for _ in range(4):  # seats 6, 5, 4, 3: Off -> Human
        press(app, "up", device)
        press(app, "confirm", device)
    press(app, "up", device)
    press(app, "confirm", device)  # seat 2: Computer -> Human
    press(app, "right", device)
    press(app, "confirm", device)  # seat 2: the next free name
    seats = scene.seats()
    assert len(seats) == MAX_SEATS and all(s.human for s in seats)
    assert len({s.colour for s in seats}) == 6 and len({s.name for s in seats}) == 6
    for _ in range(START_ROW - 1):
        press(app, "down", device)  # down to the Start button
    assert scene.row == START_ROW
    press(app, "confirm", device)
    step(app, 40)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert [s.name for s in table.seats] == [s.name for s in seats]
    assert table.state.extra_years == 2 and len(table.state.players) == 6


def test_the_mouse_alone_sets_up_seats_and_starts():
    app, scene = open_setup()
    for _ in range(2):  # seat 5: Off -> Human -> Computer
        click(app, scene.cell_rect(4, 0).center)
    assert scene.types[4] == "Computer"
    click(app, scene.cell_rect(YEARS_ROW, 0).center)
    assert scene.extra_years == 1
    click(app, scene.cell_rect(START_ROW, 0).center)
    step(app, 40)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert [s.human for s in table.seats] == [True, False, False]
    assert table.state.extra_years == 1


def test_seats_one_and_two_stay_on_colours_stay_distinct_and_years_wrap():
    app, scene = open_setup()
    for row in range(MAX_SEATS):
        for _ in range(7):
            scene.change(row, 0)
            scene.change(row, 2)
            active = [c for c, t in zip(scene.colours, scene.types, strict=True) if t != "Off"]
            assert len(active) == len(set(active))
    assert scene.types[0] != "Off" and scene.types[1] != "Off"
    assert 2 <= len(scene.seats()) <= 6
    for expected in (1, 2, 0):
        scene.change(YEARS_ROW, 0)
        assert scene.extra_years == expected


def test_back_returns_to_the_title():
    app = new_app(TitleScene())
    step(app, READY)
    app.stack.push(NewGameScene())
    step(app, 40)
    press(app, "back")
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)


def test_seats_outside_two_to_six_are_refused():
    with pytest.raises(ValueError):
        default_seats(7)


def test_demo_plays_startupfever_to_the_results_within_20000_updates_and_loops():
    """`main.py demo startupfever --frames 20000` must reach the results: the demo's own
    pace, seeded; then the next game starts by itself."""
    scene = DemoScene(game="startupfever", seed=11)
    assert isinstance(scene, StartupFeverDemo) and scene.demo
    assert all(not s.human for s in scene.seats) and len(scene.seats) == 4
    app = new_app(scene)
    frames = run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 20_000)
    assert frames < 20_000
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 3_000)


def test_demo_returns_to_the_title_on_confirm():
    app = new_app(DemoScene(game="startupfever", players=6, seed=1))
    step(app, 200)
    assert len(app.stack.top.seats) == 6
    press(app, "confirm", "pad:0")
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)


def test_main_runs_the_startupfever_demo_headless():
    """In its own process: main() ends with pygame.quit(), which would close the font
    caches every later test in this process shares."""
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "demo", "startupfever",
                           "--headless", "--frames", "120"], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
