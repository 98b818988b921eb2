"""Continue re-join: the saved seats are shown locked, each person takes
their own seat (pad, keyboard or mouse) before play, and a press during play never binds."""

from __future__ import annotations

import pygame

from game import servermania as sm
from game import startupfever as sf
from game.autosave import SeatRecord, Slots
from scenes.engine.input import Action
from scenes.rejoin import COMPUTER, LOCKED, RejoinScene
from scenes.resume import resume_scene
from scenes.seating import SeatDevices
from scenes.servermania.board_scene import BoardScene
from scenes.startupfever.table_scene import TableScene
from tests.pads import app_with_pads, button, save_and_quit
from tests.scenes_servermania.helpers import READY, press, run_until, shoot, step

RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT


def servermania_save(humans: int = 3) -> Slots:
    slots = Slots(None)
    names = ["Ada", "Linus", "Grace"]
    state = sm.new_game(names, seed=3)
    while state.current_player == sm.CHANCE and state.turn == 0:
        state.apply(state.sample_chance())  # the roll-off
    seats = [SeatRecord(n, c, human=i < humans)
             for i, (n, c) in enumerate(zip(names, ("pink", "blue", "yellow"), strict=True))]
    slots.save("servermania", state, seats, "turn 1")
    return slots


def key(app, code: int) -> None:
    """A real key press and release through the input layer (the current key map)."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app._on_event(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def test_keyboard_and_two_pads_take_their_seats_and_a_pad_never_takes_adas(tmp_path):
    """The issue's case: Ada (keyboard), Linus and Grace (pads) saved and quit. On
    Continue each takes their own seat; play waits until all three have; during Ada's
    roll a pad's A is refused and Ada's Enter still throws her die."""
    from scenes.servermania.seats import default_seats
    from scenes.title import TitleScene

    board = BoardScene(default_seats(3, humans=3), seed=5,
                       devices=SeatDevices({0: "keyboard", 1: "pad:0", 2: "pad:1"}))
    app = app_with_pads(board, 2)
    run_until(app, lambda: board.roll_call is not None, 3000, each=board.skip)
    save_and_quit(app, 0)  # Linus pauses: Save and quit
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.menu.buttons[0].label == "Continue"
    step(app, READY)
    title.menu.selected = 0
    button(app, 1)  # Grace presses A on Continue
    run_until(app, lambda: isinstance(app.stack.top, RejoinScene), 200)
    rejoin = app.stack.top
    step(app, READY)
    assert rejoin.state == [LOCKED, LOCKED, LOCKED] and not rejoin.cursors
    shoot(app, "rejoin_locked", tmp_path)
    button(app, 1)  # pad 1 presses A before moving: no seat is chosen for it
    assert rejoin.state == [LOCKED, LOCKED, LOCKED] and "First move" in rejoin.message
    button(app, 0, RIGHT)  # pad 0's marker comes in on Ada ...
    button(app, 0, RIGHT)  # ... and moves to Linus
    key(app, pygame.K_RIGHT)  # the keyboard's marker, on Ada
    shoot(app, "rejoin_markers", tmp_path)
    button(app, 0)
    button(app, 1, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # pad 1 comes in from the right
    button(app, 1)  # pad 1 takes Grace
    assert rejoin.state == [LOCKED, "pad:0", "pad:1"]
    step(app, 5)
    assert app.stack.top is rejoin  # Ada's seat is still locked: no play yet
    shoot(app, "rejoin_two_taken", tmp_path)
    key(app, pygame.K_RETURN)  # the keyboard's marker is on Ada
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 200)
    board = app.stack.top
    assert board.devices.bound == {0: "keyboard", 1: "pad:0", 2: "pad:1"}

    def others_play() -> None:
        board.skip()
        if board.roll_call is not None and board.roll_call.seat != 0:
            button(app, board.roll_call.seat - 1)
        elif board.prompt is not None and board.state.current_player != 0:
            button(app, board.state.current_player - 1)
        elif board.prompt is not None:
            key(app, pygame.K_RETURN)
    run_until(app, lambda: board.roll_call is not None and board.roll_call.seat == 0 and
              not app.stack.busy, 20_000, each=others_play)
    button(app, 0)  # Linus's pad presses A during Ada's roll
    button(app, 1)
    assert board.roll_call is not None and board.devices.device_of(0) == "keyboard"
    assert any("Ada's turn" in message for message, _ in app.toasts.items)  # refused
    key(app, pygame.K_RETURN)
    assert board.roll_call is None  # Ada's Enter threw her die


def test_play_never_binds_a_seat_and_a_shared_seat_answers_anyone():
    rejoin = resume_scene(servermania_save(humans=2).latest())
    app = app_with_pads(rejoin, 2)
    button(app, 0, RIGHT)
    button(app, 0, pygame.CONTROLLER_BUTTON_Y)  # Ada's seat: shared
    button(app, 1, RIGHT)
    button(app, 1, RIGHT)
    button(app, 1)  # Linus
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 200)
    board = app.stack.top
    assert board.devices.bound == {1: "pad:1"}
    run_until(app, lambda: board.prompt is not None or board.roll_call is not None, 20_000,
              each=board.skip)
    for _ in range(3):
        button(app, 0)  # any press on any prompt: pad 0 never gets a seat
        step(app, 30)
    assert board.devices.bound == {1: "pad:1"}


def test_a_person_hands_their_seat_to_the_computer_and_the_mouse_takes_one():
    rejoin = resume_scene(servermania_save().latest())
    app = app_with_pads(rejoin, 1)
    button(app, 0, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # in from the right: Grace
    button(app, 0, pygame.CONTROLLER_BUTTON_X)  # Grace is not here: the computer plays
    assert rejoin.state[2] == COMPUTER
    button(app, 0, RIGHT)  # wraps to Ada
    button(app, 0)
    card = rejoin.cards[1]
    app.stack.dispatch(Action("click", "mouse", True, pos=card.move(0, 20).midtop))
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 200)
    board = app.stack.top
    assert board.devices.bound == {0: "pad:0", 1: "mouse"}
    assert not board.seats[2].human and 2 in board.agents


def test_back_gives_a_seat_up_and_with_nothing_taken_returns_to_the_title():
    from scenes.title import TitleScene

    rejoin = resume_scene(servermania_save().latest())
    app = app_with_pads(rejoin, 1)
    button(app, 0, RIGHT)
    button(app, 0)
    assert rejoin.state[0] == "pad:0"
    button(app, 0, pygame.CONTROLLER_BUTTON_B)
    assert rejoin.state[0] == LOCKED
    button(app, 0, pygame.CONTROLLER_BUTTON_B)
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 200)


def test_startup_fever_continue_shows_locked_seats_until_keyboard_and_pad_take_them():
    slots = Slots(None)
    slots.save("startupfever", sf.new_game(["Ada", "Linus", "Grace"], seed=3),
               [SeatRecord("Ada", "pink", token="star"), SeatRecord("Linus", "blue"),
                SeatRecord("Grace", "yellow", human=False, level="hard")], "year 0")
    rejoin = resume_scene(slots.latest())
    assert isinstance(rejoin, RejoinScene)
    app = app_with_pads(rejoin, 1)
    button(app, 0, RIGHT)
    button(app, 0, RIGHT)
    button(app, 0)  # pad 0: Linus
    step(app, 3)
    assert app.stack.top is rejoin
    press(app, "right")
    press(app, "confirm")  # the keyboard: Ada
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 200)
    table = app.stack.top
    assert table.devices.bound == {0: "keyboard", 1: "pad:0"}
    assert table.seats[0].token == "star" and table.agents[2].kind == "hard"


def test_six_locked_seats_fit_their_cards(tmp_path):
    names = ["Ada", "Linus", "Grace", "Alan", "Radia", "Margaret"]
    slots = Slots(None)
    slots.save("startupfever", sf.new_game(names, seed=3),
               [SeatRecord(n, c) for n, c in zip(names, ("pink", "blue", "yellow", "green",
                                                        "orange", "purple"), strict=True)],
               "year 0")
    rejoin = resume_scene(slots.latest())
    app = app_with_pads(rejoin, 1)
    button(app, 0, RIGHT)
    step(app, 2)
    shoot(app, "rejoin_six", tmp_path)
    fonts = app.fonts
    for card in rejoin.cards:
        for rect, label in zip(rejoin._buttons(card), ("Computer", "Shared"), strict=True):
            assert fonts.fit("body", 24, label, rect.w - 10, 20).size(label)[0] <= rect.w - 6
