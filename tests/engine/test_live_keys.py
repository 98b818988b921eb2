"""Prompts from the live key bindings: key caps name the
current keys, a seat is asked in its own device's buttons, a 4th key asks which one it
replaces, and Confirm, whatever key it is, finishes name entry in the lobby."""

from __future__ import annotations

import pygame

from scenes.app import make_app
from scenes.controls import ROWS, ControlsScene
from scenes.engine.glyphs import button_word, glyph, key_label, with_keys
from scenes.engine.settings import Settings
from scenes.seating import SeatDevices
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from scenes.servermania.setup import NewGameScene
from tests.pads import FakePads, button, plug
from tests.scenes_servermania.helpers import READY, run_until, shoot, step


def jkl() -> Settings:
    """Confirm on J, K and L only (the issue's remap): Enter, keypad Enter, Space gone."""
    settings = Settings()
    for code, old in ((pygame.K_j, pygame.K_RETURN), (pygame.K_k, pygame.K_KP_ENTER),
                      (pygame.K_l, pygame.K_SPACE)):
        assert settings.is_full("confirm", code)
        assert "replace" in settings.bind_key("confirm", code)  # never dropped silently
        assert settings.bind_key("confirm", code, replacing=old) == ""
    assert settings.keys["confirm"] == [pygame.K_l, pygame.K_k, pygame.K_j]
    return settings


def key(app, code: int, text: str = "") -> None:
    """A key as SDL reports it: down, the character it types (if any), up."""
    app._on_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))
    if text:
        app._on_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app._on_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=text))


def test_a_fourth_key_asks_which_one_it_replaces_on_the_controls_screen(tmp_path):
    settings = Settings()
    app = make_app(ControlsScene(), headless=True, settings=settings)
    step(app, READY)
    screen = app.stack.top
    screen.selected = ROWS.index("confirm")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_j)
    assert screen.full == ("confirm", pygame.K_j)  # Enter, keypad Enter, Space: which?
    assert settings.keys["confirm"] == [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE]
    shoot(app, "controls_which_key", tmp_path)
    key(app, pygame.K_RETURN)  # the first (Enter) gives way
    assert settings.keys["confirm"] == [pygame.K_j, pygame.K_KP_ENTER, pygame.K_SPACE]
    assert key_label("confirm") == "J"  # the footer's "Change key" cap says J now
    key(app, pygame.K_j)  # J now opens the row
    key(app, pygame.K_k)  # asked again; Back keeps all three
    assert screen.full == ("confirm", pygame.K_k)
    key(app, pygame.K_ESCAPE)
    assert screen.full is None
    assert settings.keys["confirm"] == [pygame.K_j, pygame.K_KP_ENTER, pygame.K_SPACE]
    shoot(app, "controls_after_remap", tmp_path)


def test_every_key_cap_and_word_follows_the_current_map():
    settings = jkl()
    app = make_app(ControlsScene(), headless=True, settings=settings)
    step(app, 2)
    assert key_label("confirm") == "L" and button_word("confirm", "keyboard") == "L"
    assert button_word("confirm", "xbox") == "A"
    assert with_keys("{pause} pauses") == "Start / P pauses"
    fonts = app.fonts
    remapped = glyph(fonts, "confirm", "keyboard")
    settings.keys["confirm"] = [pygame.K_RETURN]
    app.apply_settings()
    assert key_label("confirm") == "Enter"
    assert glyph(fonts, "confirm", "keyboard") is not remapped  # a new cap at once


def test_a_keyboard_seat_is_asked_with_its_own_key_after_a_pad_pressed_last(tmp_path):
    """Issue 22 item 5 in SERVERMANIA: Ada plays on the keyboard; Linus's pad pressed
    last; Ada's roll says her current Confirm key (L), not the pad's A."""
    board = BoardScene(default_seats(2, humans=2), seed=1,
                       devices=SeatDevices({0: "keyboard", 1: "pad:0"}))
    app = make_app(board, headless=True, settings=jkl())
    app.input.devices = FakePads()
    step(app, READY)
    plug(app, 0)

    def play() -> None:
        board.skip()
        if board.roll_call is not None and board.state.turn_seat == 1:
            button(app, 0)
    run_until(app, lambda: board.roll_call is not None and board.state.turn_seat == 0,
              5000, each=play)
    button(app, 0, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # the pad was used last
    assert app.input.style == "xbox"
    assert board.bar_look(0) == ("keyboard", False)
    assert board.roll_call.words(*board.bar_look(0)) == "Ada: press L to roll!"
    assert board.bar_look(1) == ("xbox", False)
    shoot(app, "roll_keyboard_seat_remapped", tmp_path)
    key(app, pygame.K_l)  # her L throws her die
    assert board.roll_call is None


def test_confirm_whatever_key_it_is_finishes_name_entry_in_the_lobby(tmp_path):
    lobby = NewGameScene()
    app = make_app(lobby, headless=True, settings=jkl())
    step(app, READY)
    key(app, pygame.K_l, "l")  # join
    key(app, pygame.K_l, "l")  # edit the name: the l it types is not a letter of it
    cursor = lobby.cursors["keyboard"]
    assert cursor.editing and lobby.joined[0].name == "Ada"
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    for letter in "Zed":
        app._on_event(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    shoot(app, "lobby_name_remapped", tmp_path)
    key(app, pygame.K_k, "k")  # Confirm (K): done, and its k types nothing
    assert not cursor.editing and lobby.joined[0].name == "Zed"


def test_startup_fever_asks_a_pad_seat_in_its_pads_glyphs_and_a_keyboard_seat_in_keys():
    """Issue 22 item 5 at the Startup Fever table: each seat's question shows its own
    device's buttons, whoever pressed last (Ada on pad 1, Linus on the keyboard)."""
    from scenes.startupfever.seats import default_seats as fever_seats
    from scenes.startupfever.table_scene import TableScene

    table = TableScene(fever_seats(2, humans=2), seed=3,
                       devices=SeatDevices({0: "pad:0", 1: "keyboard"}))
    app = make_app(table, headless=True, settings=jkl())
    app.input.devices = FakePads()
    step(app, READY)
    plug(app, 0)
    run_until(app, lambda: table.decision is not None, 20_000, each=table.skip)
    assert table.decision.seat == 0
    key(app, pygame.K_DOWN)  # the keyboard, refused, is the device used last
    assert app.input.last_device == "keyboard"
    assert table.decision.device == "pad:0"  # Ada's cover shows her pad's Y, not a key
    assert table.bar_look(0) == ("xbox", False)
    button(app, 0, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # now the pad is used last
    assert table.bar_look(1) == ("keyboard", False)  # Linus would be asked in his keys
