"""Couch play: pads join the lobby, each answers only its own seat, unplugged pads hand
their seat over, and a game saved and quit continues exactly where it stopped.

Pads are synthetic (tests/pads.py): SDL controller events go through the app's own event
handler and the input layer, opened by a fake device backend (no real pad needed).
"""

from __future__ import annotations

import pygame

from game import servermania as sm
from scenes.engine import draw
from scenes.engine.app import App
from scenes.pause import PauseMenu
from scenes.rejoin import RejoinScene
from scenes.seating import SeatDevices, SeatLostOverlay
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from scenes.servermania.setup import NewGameScene
from scenes.title import TitleScene
from tests.pads import FakePads, app_with_pads, button, choose, plug, save_and_quit, unplug
from tests.scenes_servermania.helpers import READY, run_until, step


def at_customer_service(names: list[str]) -> sm.State:
    """Every seat 3 squares before CUSTOMER SERVICE (square 11): each turn asks first."""
    state = sm.new_game(names, seed=3)
    for player in state.players:
        player.position = 8
    while state.current_player == sm.CHANCE and state.turn == 0:
        state.apply(state.sample_chance())  # the roll-off
    return state


def test_four_pads_join_and_each_answers_only_its_own_seat():
    lobby = NewGameScene()
    app = app_with_pads(lobby, 4)
    for index in range(4):
        button(app, index)
    assert [s.device for s in lobby.seats()] == [f"pad:{i}" for i in range(4)]
    state = at_customer_service([s.name for s in lobby.seats()])
    board = BoardScene(default_seats(4, humans=4), state=state,
                       devices=SeatDevices({i: f"pad:{i}" for i in range(4)}))
    app.stack.replace(board, fade=False)
    answered = set()
    for _ in range(4):
        run_until(app, lambda: board.prompt is not None, 3000,
                  each=lambda: answer_with_own_pad(app, board))
        seat = board.state.current_player
        for other in (i for i in range(4) if i != seat):
            button(app, other)  # someone else's A: refused, the prompt stays
            assert board.prompt is not None and board.state.current_player == seat
        button(app, seat, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # skip maintenance
        button(app, seat)
        assert board.prompt is None
        answered.add(seat)
    assert answered == {0, 1, 2, 3}
    assert any("turn" in message for message, _ in app.toasts.items)  # the refusal said so


def test_a_bound_seat_answers_only_its_device_and_a_shared_seat_answers_anyone():
    devices = SeatDevices({0: "pad:0"})
    assert devices.may_answer(0, "pad:0")
    assert not devices.may_answer(0, "keyboard") and not devices.may_answer(0, "mouse")
    for device in ("keyboard", "mouse", "pad:0", "pad:1"):  # seat 1 is pass-and-play
        assert devices.may_answer(1, device)
    devices.bind(1, "mouse")  # keyboard and mouse are one person
    assert devices.may_answer(1, "keyboard") and not devices.may_answer(1, "pad:0")
    devices.bind(1, "pad:0")  # one device, one seat: pad 0 moves to seat 1
    assert devices.device_of(0) is None and devices.seat_of("pad:0") == 1


def test_an_unplugged_pad_pauses_and_another_pad_takes_the_seat():
    board = BoardScene(default_seats(2, humans=2), seed=1,
                       devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    app = app_with_pads(board, 2)
    turn = board.state.turn
    unplug(app, 0)
    step(app, 2)
    lost = app.stack.top
    assert isinstance(lost, SeatLostOverlay) and lost.name == "Ada"
    step(app, 300)
    assert board.state.turn == turn  # the game waits
    button(app, 1)  # pad 1 plays Linus: it may not take Ada's seat
    assert app.stack.top is lost and "another seat" in lost.refused
    plug(app, 5)
    button(app, 5)
    step(app, 2)
    assert app.stack.top is board and board.devices.device_of(0) == "pad:5"
    assert board.devices.device_of(1) == "pad:1"


def test_an_unbound_pad_unplugged_opens_the_pause_menu():
    board = BoardScene(default_seats(2, humans=2), seed=1)
    app = app_with_pads(board, 1)
    unplug(app, 0)
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)


def answer_with_own_pad(app: App, board: BoardScene) -> None:
    """Each frame: skip animations; a roll is thrown by its seat's own pad (another pad's
    A is refused first), and a prompt answered by it."""
    board.skip()
    if board.roll_call is not None:
        seat = board.state.turn_seat
        own = int(board.devices.device_of(seat).partition(":")[2])
        others = [p.instance_id for p in app.input.pads.values() if p.instance_id != own]
        if others:
            button(app, others[0])
            assert board.roll_call is not None, "another pad threw someone else's die"
        button(app, own)
    elif board.prompt is not None:
        device = board.devices.device_of(board.state.current_player)
        button(app, int(device.partition(":")[2]))


def test_done_when_four_pads_play_one_is_replaced_then_save_quit_and_continue():
    app = app_with_pads(TitleScene(), 4)
    choose(app, "SERVERMANIA", 0)
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene), 100)
    step(app, READY)
    for index in range(4):
        button(app, index)
    button(app, 0, pygame.CONTROLLER_BUTTON_START)
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 100)
    board = app.stack.top
    assert [board.devices.device_of(i) for i in range(4)] == [f"pad:{i}" for i in range(4)]
    run_until(app, lambda: board.state.turn >= 3, 20_000, each=lambda: answer_with_own_pad(
        app, board))
    assert app.saves.latest().state.turn >= 2  # autosaved after the completed turns

    unplug(app, 2)
    step(app, 2)
    assert isinstance(app.stack.top, SeatLostOverlay)
    plug(app, 9)
    button(app, 9)
    step(app, 2)
    assert board.devices.device_of(2) == "pad:9"
    run_until(app, lambda: board.state.turn >= 6, 20_000, each=lambda: answer_with_own_pad(
        app, board))

    expected = board.state.to_json()
    save_and_quit(app, 9)
    title = app.stack.top
    assert title.menu.buttons[0].label == "Continue"
    assert title.saved.summary().startswith("SERVERMANIA · Ada, Linus, Grace, Alan · turn ")
    step(app, READY)
    title.menu.selected = 0
    button(app, 3)
    run_until(app, lambda: isinstance(app.stack.top, RejoinScene), 100)
    step(app, READY)
    for seat, pad in enumerate((0, 1, 9, 3)):  # each person takes their own seat again:
        for _ in range(seat + 1):  # the marker comes in on the first seat, then moves
            button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        button(app, pad)
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 100)
    resumed = app.stack.top
    assert resumed.devices.bound == {0: "pad:0", 1: "pad:1", 2: "pad:9", 3: "pad:3"}
    assert resumed is not board and resumed.state.to_json() == expected
    assert [s.name for s in resumed.seats] == ["Ada", "Linus", "Grace", "Alan"]


def test_save_and_quit_on_a_disk_that_refuses_says_so_and_keeps_the_game(tmp_path,
                                                                          monkeypatch):
    from game import autosave
    from game.autosave import Slots
    from scenes.overlays import ConfirmOverlay

    def refuse(path, data):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(autosave, "write_atomic", refuse)
    board = BoardScene(default_seats(2, humans=2), seed=1)
    app = app_with_pads(board, 1)
    app.saves = Slots(tmp_path)
    button(app, 0, pygame.CONTROLLER_BUTTON_START)
    step(app, 2)
    choose(app, "Save and quit", 0)
    step(app, 2)
    choose(app, "Save and quit", 0)
    step(app, 2)
    notice = app.stack.top
    assert isinstance(notice, ConfirmOverlay) and notice.title == "Could not save"
    assert notice.message == "the folder is read-only"
    choose(app, "Keep playing", 0)
    step(app, 30)
    assert board in app.stack.scenes and not isinstance(app.stack.top, TitleScene)


class MixedPads(FakePads):
    """Pad 0 is a PlayStation pad, every other pad an Xbox one."""

    def open(self, index: int, as_controller: bool) -> tuple[int, str, None]:
        return index, "PS5 Controller" if index == 0 else f"Xbox Controller {index}", None


def test_a_seats_roll_is_asked_in_its_own_pads_words_whoever_pressed_last():
    """The bar of Ada's die names her pad and shows its PlayStation glyphs even when
    Linus's Xbox pad (or the keyboard) was the device used last, and again at once
    when a new pad takes her seat."""
    board = BoardScene(default_seats(2, humans=2), seed=1,
                       devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    app = app_with_pads(board, 0)
    app.input.devices = MixedPads()
    for index in range(2):
        plug(app, index)
    run_until(app, lambda: board.roll_call is not None and board.state.turn_seat == 0, 3000)
    button(app, 1, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # Linus's pad, used last
    assert app.input.style == "xbox"
    assert board.asked() == 0 and board.bar_look(0) == ("playstation", False)
    assert board.prompt_bar().items[0] == ("Pad 1", "Ada")
    unplug(app, 0)
    step(app, 2)
    plug(app, 6)
    button(app, 6)  # an Xbox pad takes Ada's seat
    step(app, 2)
    button(app, 1, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert board.prompt_bar().items[0] == ("Pad 7", "Ada")
    assert board.bar_look(0) == ("xbox", False)


def test_fast_forward_held_through_a_roll_call_shows_no_fast_tag():
    """Holding fast ×4 while a person's die waits speeds nothing up: no "FAST ×4" tag."""
    board = BoardScene(default_seats(2, humans=2), seed=1,
                       devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    app = app_with_pads(board, 2)
    run_until(app, lambda: board.roll_call is not None, 3000)
    board.fast.add("pad:1")
    texts: list[str] = []
    real = draw.text

    def spy(canvas, font, text, *args, **kwargs):
        texts.append(text)
        return real(canvas, font, text, *args, **kwargs)
    draw.text = spy
    canvas = pygame.Surface((1280, 720))
    try:
        board.draw(canvas, 1.0)
        assert "FAST ×4" not in texts
        board.roll_call = None
        board.draw(canvas, 1.0)
        assert "FAST ×4" in texts  # the same hold between rolls shows the tag
    finally:
        draw.text = real
