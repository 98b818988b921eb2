"""Synthetic pads for couch tests: SDL controller events go through the app's own event
handler and the input layer, opened by a fake device backend (no real pad needed).
Pad n is SDL instance id n, so it acts as device "pad:n"."""

from __future__ import annotations

import pygame

from scenes.engine.app import App
from scenes.engine.scene import Scene
from tests.scenes_servermania.helpers import READY, new_app, step


class FakePads:
    """Opens device index n as SDL instance id n (every pad is a GameController)."""

    def is_controller(self, index: int) -> bool:
        return True

    def open(self, index: int, as_controller: bool) -> tuple[int, str, None]:
        return index, f"Xbox Controller {index}", None


def plug(app: App, index: int) -> None:
    app._on_event(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index))


def unplug(app: App, index: int) -> None:
    app._on_event(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=index))


def hold(app: App, index: int, which: int, down: bool = True) -> None:
    """Press (down) or let go of one button of pad `index`."""
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    app._on_event(pygame.event.Event(kind, instance_id=index, button=which))


def button(app: App, index: int, which: int = pygame.CONTROLLER_BUTTON_A) -> None:
    """Press and release one button of pad `index`, the way SDL reports it."""
    hold(app, index, which)
    hold(app, index, which, down=False)


def app_with_pads(scene: Scene, count: int, speed: float = 4.0) -> App:
    app = new_app(scene, speed=speed)
    app.input.devices = FakePads()
    step(app, READY)
    for index in range(count):
        plug(app, index)
    return app


def choose(app: App, label: str, pad: int) -> None:
    """Move the top menu's cursor to `label` with pad `pad`, then press A."""
    menu = app.stack.top.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.selected != target:
        button(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    button(app, pad)


def save_and_quit(app: App, pad: int) -> None:
    """Pause with pad `pad`, choose Save and quit and confirm it: back on the title."""
    from scenes.pause import PauseMenu
    from scenes.title import TitleScene
    from tests.scenes_servermania.helpers import run_until

    button(app, pad, pygame.CONTROLLER_BUTTON_START)
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    choose(app, "Save and quit", pad)
    step(app, 2)
    choose(app, "Save and quit", pad)  # the confirmation
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 100)
