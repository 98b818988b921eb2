"""Run SERVERMANIA scenes headless in-process, feed them actions, save screenshots.

`step` advances the app exactly as its loop does (one fixed update per frame, headless),
then draws, so a test can stop at the frame where something is on screen. Screenshots go
to pytest's tmp dir and a copy to /work/main/shots/ (gitignored) for people to look at.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pygame

from scenes.app import make_app
from scenes.engine.app import App
from scenes.engine.input import Action
from scenes.engine.scene import Scene
from scenes.engine.settings import Settings

SHOTS = Path(__file__).resolve().parents[2] / "shots"
READY = 20  # updates after the opening fade, when input is accepted


def new_app(scene: Scene | None = None, seed: int = 1, speed: float = 1.0,
            script: list[tuple[int, Action]] | None = None, frames: int | None = None) -> App:
    """A headless app showing `scene` (the title by default) at animation `speed`."""
    settings = Settings()
    settings.anim_speed = speed
    return make_app(scene, headless=True, seed=seed, settings=settings, script=script,
                    frames=frames)


def step(app: App, frames: int = 1, draw: bool = True) -> None:
    """`frames` fixed updates, then one draw (the engine's own loop body, headless)."""
    for _ in range(frames):
        app.step()
    if draw:
        app.render(1.0)


def press(app: App, name: str, device: str = "keyboard", **kw) -> None:
    """Deliver one action as a player would (press, then release)."""
    app.stack.dispatch(Action(name, device, True, **kw))
    app.stack.dispatch(Action(name, device, False, **kw))


def run_until(app: App, done: Callable[[], bool], limit: int,
              each: Callable[[], None] | None = None) -> int:
    """Step until `done()`; returns the frames used. Fails the test past `limit`."""
    for frame in range(limit):
        if done():
            return frame
        if each:
            each()
        step(app, draw=frame % 30 == 0)
    raise AssertionError(f"condition not reached within {limit} frames; top: {app.stack.top}")


def shoot(app: App, name: str, tmp_path: Path) -> pygame.Surface:
    """Draw the current frame and save it as tmp_path/name.png and shots/name.png."""
    app.stack.draw(app.display.canvas, 1.0)
    path = tmp_path / f"{name}.png"
    pygame.image.save(app.display.canvas, str(path))
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / f"{name}.png")
    return app.display.canvas.copy()


def distinct_colours(surface: pygame.Surface, step_px: int = 7) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step_px)
                for y in range(0, h, step_px)})


def assert_not_blank(surface: pygame.Surface, least: int = 60) -> None:
    colours = distinct_colours(surface)
    assert colours >= least, f"only {colours} distinct colours: blank or nearly uniform"
