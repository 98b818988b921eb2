"""Re-plugging and the damaged-save notice: the pad that left takes its
seat back by itself; a save that cannot be read is named in plain words, with where it
was kept, in type of at least 24 px, until someone closes the notice."""

from __future__ import annotations

import pygame

from game.autosave import SeatRecord, Slots
from scenes.app import make_app
from scenes.engine.settings import Settings
from scenes.save_notice import FONT_PX
from scenes.seating import SeatDevices, SeatLostOverlay
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from scenes.title import TitleScene
from tests.pads import FakePads, button, plug, unplug
from tests.scenes_servermania.helpers import READY, new_app, shoot, step


class Replugged(FakePads):
    """Like SDL: a pad plugged in again gets a new instance id (index + 100 the second
    time), with the same name."""

    def __init__(self) -> None:
        self.opened: set[int] = set()

    def open(self, index: int, as_controller: bool) -> tuple[int, str, None]:
        again = index in self.opened
        self.opened.add(index)
        return (index + 100 if again else index), f"Xbox Controller {index}", None


def test_the_pad_that_left_takes_its_seat_back_by_itself():
    board = BoardScene(default_seats(2, humans=2), seed=1,
                       devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    app = new_app(board, speed=4.0)
    app.input.devices = Replugged()
    step(app, READY)
    plug(app, 0)
    plug(app, 1)
    step(app, 30)
    unplug(app, 1)
    step(app, 2)
    assert isinstance(app.stack.top, SeatLostOverlay)
    plug(app, 1)  # the same pad again: instance 101, nothing pressed
    step(app, 2)
    assert app.stack.top is board and board.devices.device_of(1) == "pad:101"
    unplug(app, 0)
    step(app, 2)
    plug(app, 7)  # another pad: it must press A to take Ada's seat
    step(app, 2)
    assert isinstance(app.stack.top, SeatLostOverlay)
    button(app, 7)
    step(app, 2)
    assert app.stack.top is board and board.devices.device_of(0) == "pad:7"


def damaged_title(tmp_path):
    from game import servermania as sm

    slots = Slots(tmp_path)
    slots.save("servermania", sm.new_game(["Ada", "Linus"], seed=1),
               [SeatRecord("Ada", "pink"), SeatRecord("Linus", "blue")], "turn 1")
    (tmp_path / "servermania.json").write_text("{ not a save")
    app = make_app(TitleScene(), headless=True, settings=Settings(), saves=Slots(tmp_path))
    step(app, READY)
    return app, app.stack.top


def test_a_damaged_save_is_named_plainly_with_its_folder_and_stays_until_closed(tmp_path):
    app, title = damaged_title(tmp_path)
    notice = title.notice
    assert notice is not None
    [message] = notice.messages
    kept = next(p.name for p in tmp_path.iterdir() if p.name.startswith("servermania.json"))
    assert message == (f"Your last SERVERMANIA game could not be read; it was kept as {kept} "
                       f"in {tmp_path}.")
    assert FONT_PX >= 24
    step(app, 60 * 30)  # half a minute: still there (and no attract demo over it)
    assert title.notice is notice and app.stack.top is title
    shoot(app, "damaged_save_notice", tmp_path)
    whole = " ".join(line for line in notice.lines if line)
    assert whole.replace(" ", "") == message.replace(" ", "")  # wrapped, never cut
    assert notice.rect.x >= 0 and notice.rect.right <= 1280
    selected = title.menu.selected
    app._on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert title.menu.selected == selected  # the menu waits until the notice is read
    app._on_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN, mod=0))
    app._on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert title.notice is None
