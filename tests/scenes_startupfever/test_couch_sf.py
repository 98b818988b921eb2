"""Startup Fever couch play: autosave after each product turn, save and quit from the pause
menu, Continue on the title resumes the same state; the pause menu's Event Card list;
six pads join the lobby and each answers only its own seat, an unplugged seat's pad is
replaced, and a continued game's seats go to the first free pad that plays them.

Pads are synthetic (tests/pads.py): SDL controller events through the app's input layer.
"""

from __future__ import annotations

import pygame
import pytest

from game.startupfever.cards import CARD_TYPES
from scenes.engine.input import Action
from scenes.pause import PauseMenu
from scenes.rejoin import RejoinScene
from scenes.seating import SeatDevices, SeatLostOverlay
from scenes.startupfever.card_list import CardListScene
from scenes.startupfever.seats import Seat
from scenes.startupfever.setup import NewGameScene
from scenes.startupfever.table_scene import TableScene
from scenes.title import TitleScene
from tests.pads import app_with_pads, hold, plug, save_and_quit, unplug
from tests.pads import button as pad_button
from tests.pads import choose as choose_with_pad
from tests.scenes_startupfever.helpers import (
    READY,
    Person,
    assert_not_blank,
    computers,
    press,
    run_until,
    shoot,
    step,
    table,
)


def choose(app, label: str) -> None:
    menu = app.stack.top.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.selected != target:
        press(app, "down")
    press(app, "confirm")
    step(app, 2)


@pytest.fixture
def entered(monkeypatch) -> list[str]:
    """The state each table starts from (as Continue hands it over), as JSON."""
    states: list[str] = []
    enter = TableScene.enter

    def spy(self):
        if self.initial_state is not None:
            states.append(self.initial_state.to_json())
        enter(self)
    monkeypatch.setattr(TableScene, "enter", spy)
    return states


def test_six_companies_autosave_save_and_quit_and_continue_the_same_game(entered):
    app, scene = table(computers(6))
    run_until(app, lambda: app.saves.latest() is not None and scene.state.year >= 1, 20_000)
    saved = app.saves.latest()
    assert saved.game == "startupfever" and saved.progress == f"year {saved.state.year}"
    press(app, "pause")
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    expected = scene.state.to_json()
    choose(app, "Save and quit")
    choose(app, "Save and quit")
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 200)
    title = app.stack.top
    assert title.menu.buttons[0].label == "Continue" and title.menu.buttons[0].enabled
    assert title.saved.summary().startswith("Startup Fever · Ada, Linus, Grace, Alan")
    step(app, READY)
    title.menu.selected = 0
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 200)
    resumed = app.stack.top
    assert resumed is not scene and entered == [expected]
    assert len(resumed.seats) == 6 and [s.name for s in resumed.seats] == \
        [s.name for s in scene.seats]


def test_the_pause_menu_lists_every_event_card():
    app, scene = table(computers(2))
    step(app, READY)
    press(app, "pause")
    step(app, 2)
    choose(app, "Card list")
    step(app, 30)
    cards = app.stack.top
    assert isinstance(cards, CardListScene)
    shown = [card.id for page in cards.pages for card, _ in page]
    assert shown == [c.id for c in CARD_TYPES]
    for _ in range(len(cards.pages) - 1):
        press(app, "right")
    assert cards.page == len(cards.pages) - 1
    press(app, "back")
    step(app, 30)
    assert isinstance(app.stack.top, PauseMenu)


# -- one device per seat: six pads, hot-plug, Continue --------------------------------------

SIX = [f"pad:{i}" for i in range(6)]


class OwnPads:
    """Plays every seat with its own pad (a `Person` per seat's device), and the first
    time each seat is asked (a decision or its die) lets another pad try first: its A,
    its Y and its D-pad must change nothing."""

    def __init__(self, app, scene: TableScene) -> None:
        self.app, self.scene = app, scene
        self.person = Person(app, scene, "pad:0", by_seat=dict(enumerate(SIX)))
        self.refused: set[int] = set()  # seats another pad failed to answer

    def __call__(self) -> None:
        s = self.scene
        if self.app.stack.top is s and not s.leaving:
            seat = s.rolling_for if s.rolling_for is not None else \
                s.decision.seat if s.decision is not None and s.decision.t > 0.05 else None
            if seat is not None and seat not in self.refused:
                self._someone_else_tries(seat)
        self.person()

    def _someone_else_tries(self, seat: int) -> None:
        s = self.scene
        other = int(next(d for i, d in s.devices.bound.items() if i != seat)[4:])
        before, decision, rolling = s.state.to_json(), s.decision, s.rolling_for
        hold(self.app, other, pygame.CONTROLLER_BUTTON_Y)
        assert decision is None or not decision.curtain.open, "another pad looked"
        hold(self.app, other, pygame.CONTROLLER_BUTTON_Y, down=False)
        for which in (pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_A):
            pad_button(self.app, other, which)
        assert s.state.to_json() == before and s.decision is decision
        assert s.rolling_for == rolling
        self.refused.add(seat)


def join_six_from_the_title():
    """Title -> Startup Fever with pad 0 -> six pads join -> START: the table."""
    app = app_with_pads(TitleScene(), 6)
    choose_with_pad(app, "Startup Fever", 0)
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene), 100)
    lobby = app.stack.top
    step(app, READY)
    for index in range(6):
        pad_button(app, index)
    assert [s.device for s in lobby.seats()] == SIX
    pad_button(app, 0, pygame.CONTROLLER_BUTTON_START)
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 100)
    scene = app.stack.top
    scene.pace = 8.0
    assert [scene.devices.device_of(i) for i in range(6)] == SIX
    return app, scene


def test_six_pads_join_and_each_answers_only_its_own_seat():
    app, scene = join_six_from_the_title()
    players = OwnPads(app, scene)
    run_until(app, lambda: players.refused == set(range(6)) and scene.state.year >= 1,
              30_000, each=players)
    assert {"pad:0", "pad:5"} <= players.person.used
    assert any("turn" in message for message, _ in app.toasts.items)  # the refusal said so


def look(app, device: str, held: bool = True) -> None:
    app.stack.dispatch(Action("y", device, held))


def test_a_pad_looks_only_at_its_own_seats_hand_and_a_shared_device_at_shared_seats():
    seats = [Seat("Ada", "pink"), Seat("Linus", "blue"), Seat("Grace", "yellow")]
    app, scene = table(seats, autoplay=False, devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    hands = scene.hand_look
    look(app, "pad:1")
    assert hands.curtain.open and hands.seat == 1
    look(app, "pad:0")  # Ada may not join in on Linus's hand
    assert hands.curtain.holding == {"pad:1"}
    look(app, "pad:1", False)
    assert not hands.curtain.open
    press(app, "lshoulder", "pad:0")  # whose hand: Ada's pad has only her own
    look(app, "pad:0")
    assert hands.seat == 0
    look(app, "pad:0", False)
    look(app, "keyboard")  # a device with no seat: the shared seat only
    assert hands.curtain.open and hands.seat == 2
    look(app, "keyboard", False)
    app, scene = table(seats[:2], autoplay=False, devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    look(app, "keyboard")
    assert not scene.hand_look.curtain.open  # every hand has its own pad


def test_an_unplugged_seat_pad_waits_for_a_device_and_another_pad_takes_the_seat():
    seats = [Seat("Ada", "pink"), Seat("Linus", "blue")]
    scene = TableScene(seats, seed=3, pace=8.0, devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    app = app_with_pads(scene, 2)
    run_until(app, lambda: scene.decision is not None and scene.decision.seat == 0, 3000)
    hold(app, 0, pygame.CONTROLLER_BUTTON_Y)  # Ada looks at her secret...
    assert scene.decision.curtain.open
    unplug(app, 0)  # ... and her pad is gone: the secret closes with it
    step(app, 2)
    lost = app.stack.top
    assert isinstance(lost, SeatLostOverlay) and lost.name == "Ada"
    assert not scene.decision.curtain.open
    before = scene.state.to_json()
    step(app, 300)
    assert scene.state.to_json() == before  # nothing of the game moves or is lost
    pad_button(app, 1)  # Linus's pad may not take Ada's seat
    assert app.stack.top is lost and "another seat" in lost.refused
    plug(app, 7)
    pad_button(app, 7)
    step(app, 2)
    assert app.stack.top is scene and scene.devices.device_of(0) == "pad:7"
    assert scene.devices.device_of(1) == "pad:1" and scene.state.to_json() == before


def test_done_when_six_pads_play_one_is_replaced_then_save_quit_and_continue(entered):
    app, scene = join_six_from_the_title()
    players = OwnPads(app, scene)
    run_until(app, lambda: players.person.rolls >= 3 and "startupfever" in app.saves.memory,
              30_000, each=players)  # three products' turns, each die thrown by its pad
    assert players.refused == set(range(6))

    unplug(app, 2)
    step(app, 2)
    assert isinstance(app.stack.top, SeatLostOverlay) and app.stack.top.name == "Grace"
    plug(app, 9)
    pad_button(app, 9)
    step(app, 2)
    assert scene.devices.device_of(2) == "pad:9"
    players.person.by_seat[2] = "pad:9"
    saved = app.saves.memory["startupfever"]
    run_until(app, lambda: "pad:9" in players.person.used and
              app.saves.memory["startupfever"] is not saved, 30_000, each=players)

    expected = scene.state.to_json()
    save_and_quit(app, 9)  # Start, Save and quit, confirmed: the title
    title = app.stack.top
    assert title.menu.buttons[0].label == "Continue"
    assert title.saved.summary().startswith("Startup Fever · Ada, Linus, Grace, Alan, Radia, "
                                            "Ken · year ")
    step(app, READY)
    title.menu.selected = 0
    pad_button(app, 3)
    run_until(app, lambda: isinstance(app.stack.top, RejoinScene), 100)
    step(app, READY)
    for seat, pad in enumerate((0, 1, 9, 3, 4, 5)):  # each person takes their own seat:
        for _ in range(seat + 1):  # the marker comes in on the first seat, then moves
            pad_button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        pad_button(app, pad)
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 100)
    resumed = app.stack.top
    assert resumed is not scene and entered == [expected]
    assert [(s.name, s.colour, s.token) for s in resumed.seats] == \
        [(s.name, s.colour, s.token) for s in scene.seats]
    assert resumed.devices.bound == {0: "pad:0", 1: "pad:1", 2: "pad:9", 3: "pad:3",
                                     4: "pad:4", 5: "pad:5"}


def test_a_pad_bound_prompt_names_the_pad_and_the_seat_lost_overlay_names_the_seat(tmp_path):
    """Screenshots (shots/) of a seat's question on a six-pad table and of its pad lost."""
    app, scene = join_six_from_the_title()
    players = OwnPads(app, scene)

    def manage() -> bool:
        return scene.decision is not None and scene.decision.stage == "manage"
    run_until(app, lambda: manage() and scene.decision.t > 0.3, 30_000,
              each=lambda: None if manage() else players())
    seat = scene.decision.seat
    pad = scene.devices.device_of(seat)
    assert scene._bar().items[0] == (f"Pad {int(pad[4:]) + 1}", scene.name(seat))
    assert_not_blank(shoot(app, "sf_pad_prompt", tmp_path))
    unplug(app, int(pad[4:]))
    step(app, 10)
    assert isinstance(app.stack.top, SeatLostOverlay) and app.stack.top.name == scene.name(seat)
    assert_not_blank(shoot(app, "sf_seat_lost", tmp_path))
