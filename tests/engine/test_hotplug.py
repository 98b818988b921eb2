"""Unplugging a controller: the title carries on, a game pauses, a demo plays on.

The removal goes the whole way a real one does: an SDL CONTROLLERDEVICEREMOVED event read
by the app's loop, turned into an action by the input layer, announced to every scene.
"""

from __future__ import annotations

import pygame

from scenes.app import make_app
from scenes.demo import DemoScene
from scenes.pause import PauseMenu
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from scenes.title import TitleScene


class OnePad:
    def is_controller(self, index):
        return True

    def open(self, index, as_controller):
        return 42, "Xbox Wireless Controller", None


def app_with_a_pad(scene):
    """A headless app showing `scene` with pad 42 plugged in and used once."""
    app = make_app(scene, headless=True, frames=30)
    app.input.devices = OnePad()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    app.run()
    assert "pad:42" in app.input.pads
    return app


def unplug(app, updates=10):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42))
    app.max_updates = app.updates + updates
    app.running = True
    app.run()


def test_the_title_ignores_an_unplugged_controller():
    app = app_with_a_pad(TitleScene())
    unplug(app)
    assert [type(s) for s in app.stack.scenes] == [TitleScene]
    assert "pad:42" not in app.input.pads
    assert any("disconnected" in message for message, _ in app.toasts.items)


def test_a_game_pauses_when_a_controller_is_unplugged():
    app = app_with_a_pad(BoardScene(default_seats(2, humans=2), seed=1))
    turn = app.stack.scenes[0].state.turn
    unplug(app)
    assert isinstance(app.stack.top, PauseMenu)
    assert "unplugged" in app.stack.top.message
    paused = app.stack.scenes[:]
    unplug(app, updates=300)  # nothing more to unplug; the game stays paused
    assert app.stack.scenes == paused and app.stack.scenes[0].state.turn == turn


def test_a_demo_plays_on_when_a_controller_is_unplugged():
    demo = DemoScene(players=2, seed=1)
    app = app_with_a_pad(demo)
    unplug(app)
    assert app.stack.top is demo and demo.demo
