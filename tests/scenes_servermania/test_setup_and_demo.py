"""The new-game screen (pad, keyboard or mouse) and the demo behind the title's Demo entry."""

from __future__ import annotations

import pygame
import pytest

from scenes.demo import DemoScene, DemoUnavailable
from scenes.engine.input import CLICK, MOUSE, POINT, TEXT, Action
from scenes.menu import resolve, title_menu
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import MAX_SEATS
from scenes.servermania.setup import NewGameScene
from scenes.table import look
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
    index = [e.label for e in title_menu()].index("SERVERMANIA")
    for _ in range(index - app.stack.top.menu.selected):
        press(app, "down")
    press(app, "confirm")
    step(app, 40)
    assert isinstance(app.stack.top, NewGameScene)


@pytest.mark.parametrize("device", ["keyboard", "pad:2"])
def test_one_device_joins_picks_colour_and_pawn_and_starts_against_the_computer(device):
    app, scene = open_setup()
    press(app, "confirm", device)  # join: seat 1
    assert [s.device for s in scene.seats()] == [device, None]
    assert not scene.seats()[1].human  # the empty seat is a computer player
    press(app, "down", device)  # colour row
    press(app, "right", device)
    press(app, "down", device)  # pawn row
    press(app, "right", device)
    me = scene.seats()[0]
    assert me.colour == "yellow" and me.token != look.shape_of("yellow")  # blue: the computer's
    press(app, "pause", device)  # Start
    step(app, 40)
    board = app.stack.top
    assert isinstance(board, BoardScene)
    assert [(s.name, s.colour, s.human, s.token) for s in board.seats] == \
        [(s.name, s.colour, s.human, s.token) for s in scene.seats()]
    assert board.devices.device_of(0) == device and board.devices.device_of(1) is None


def test_the_mouse_alone_joins_then_a_second_click_seats_the_mouse_as_its_own_person():
    app, scene = open_setup()
    for pos in (scene.cards[1].center, scene.cards[2].center):  # join, then the mouse
        app.stack.dispatch(Action(CLICK, MOUSE, True, pos=pos))
        app.stack.dispatch(Action(CLICK, MOUSE, False, pos=pos))
    assert [(s.human, s.device) for s in scene.seats()] == \
        [(True, "keyboard"), (True, "mouse"), (False, None)]
    start = scene.footer[scene.buttons.index("start")].center
    app.stack.dispatch(Action(POINT, MOUSE, True, pos=start))
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=start))
    step(app, 40)
    assert isinstance(app.stack.top, BoardScene) and len(app.stack.top.seats) == 3
    assert app.stack.top.devices.bound == {0: "keyboard", 1: "mouse"}


def test_names_are_typed_on_a_keyboard_and_on_the_pads_on_screen_keyboard():
    app, scene = open_setup()
    press(app, "confirm", "keyboard")  # join; the cursor starts on the name
    press(app, "confirm", "keyboard", key=pygame.K_RETURN)  # edit
    for _ in range(3):
        press(app, "back", "keyboard", key=pygame.K_BACKSPACE)
    app.stack.dispatch(Action(TEXT, "keyboard", text="Zoë"))
    press(app, "confirm", "keyboard", key=pygame.K_SPACE)  # Space types (TEXT), not done
    press(app, "confirm", "keyboard", key=pygame.K_RETURN)
    press(app, "confirm", "pad:3")  # join seat 2 with a pad, edit its name on the OSK
    press(app, "confirm", "pad:3")
    press(app, "back", "pad:3")  # delete one letter of "Linus" (the computer's it took)
    press(app, "right", "pad:3")  # B
    press(app, "confirm", "pad:3")
    press(app, "pause", "pad:3")  # done
    assert [s.name for s in scene.seats()[:2]] == ["Zoë", "Linub"]
    assert not any(c.editing for c in scene.cursors.values())


def test_an_empty_or_taken_name_keeps_the_one_before():
    app, scene = open_setup()
    press(app, "confirm", "pad:1")
    press(app, "confirm", "pad:2")
    press(app, "confirm", "pad:2")  # Linus edits...
    for _ in range(5):
        press(app, "back", "pad:2")
    press(app, "pause", "pad:2")
    assert scene.seats()[1].name == "Linus"


def test_seats_stay_within_two_to_four_and_colours_stay_distinct():
    app, scene = open_setup()
    for pad in range(6):
        press(app, "confirm", f"pad:{pad}")
    seats = scene.seats()
    assert len(seats) == MAX_SEATS and all(s.human for s in seats)
    assert len({s.colour for s in seats}) == MAX_SEATS
    for _ in range(7):
        for pad in range(4):
            press(app, "down", f"pad:{pad}")
            press(app, "right", f"pad:{pad}")
            press(app, "up", f"pad:{pad}")
        assert len({s.colour for s in scene.seats()}) == MAX_SEATS
    press(app, "back", "pad:0")
    press(app, "back", "pad:1")
    press(app, "back", "pad:2")  # one person left: a computer keeps the table at two
    scene._fix_others()
    assert scene.can_start() or scene.computers == 0
    assert len(scene.seats()) >= 1


def test_the_level_chosen_reaches_the_computer_seats():
    app, scene = open_setup()
    press(app, "confirm", "keyboard")
    for name in ("down", "down", "down", "right"):  # down into the footer, onto Level
        press(app, name, "keyboard")
    press(app, "confirm", "keyboard")  # normal -> hard
    assert scene.seats()[1].level == "hard"


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


def test_back_from_a_device_without_a_seat_leaves_only_an_empty_lobby():
    app = new_app(TitleScene())
    step(app, READY)
    lobby = NewGameScene()
    app.stack.push(lobby)
    step(app, 40)
    press(app, "confirm", "pad:1")
    press(app, "back", "pad:2")  # a passer-by: nobody is thrown out
    step(app, 40)
    assert app.stack.top is lobby and len(lobby.joined) == 1
    press(app, "back", "pad:1")  # pad 1 leaves its seat
    press(app, "back", "pad:1")  # and then the lobby
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)
