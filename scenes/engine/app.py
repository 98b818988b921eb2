"""The app: window, fixed-step loop and the services scenes use (`scene.app.<service>`).

Services: `stack` (SceneStack), `input` (InputMapper), `audio` (Audio), `settings`
(Settings), `saves` (autosave Slots), `replays` (finished games, replays.Shelf),
`records` (records.Book), `fonts` (Fonts), `toasts` (Toasts), `notices` (Notices: a save
or the settings could not be written), `display` (Display), `rng` (random.Random seeded by
--seed), `seed`, and counters `updates` / `time`.

Twice a second the app hands the saves' and the settings' failed writes to `notices` and
writes the settings if they changed; `close()` (every way out, a stop signal included)
waits for the autosaves and writes changed settings.

One frame of `run`: measure real time, turn it into whole fixed updates (FixedStep), read
events into actions, run the updates (scripted test actions are delivered just before the
update with their number), draw once with the interpolation factor, present.
Headless runs read a virtual clock, so each frame is exactly one update: deterministic, fast.
"""

from __future__ import annotations

import io
import os
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from game.autosave import Slots
from game.files import write_atomic
from game.records import Book
from game.replays import Shelf
from scenes.engine.audio import Audio
from scenes.engine.display import Display
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import use_keymap
from scenes.engine.heap import tune as tune_heap
from scenes.engine.input import (
    DEVICE_ADDED,
    DEVICE_REMOVED,
    KEYBOARD,
    Action,
    InputMapper,
    SdlDevices,
)
from scenes.engine.loop import STEP, FixedStep
from scenes.engine.notices import Notices
from scenes.engine.scene import Scene
from scenes.engine.screens import Screens
from scenes.engine.settings import Settings
from scenes.engine.stack import SceneStack
from scenes.engine.theme import THEME
from scenes.engine.widgets import Toasts

FPS_CAP = 240  # limiter only; vsync (when present) paces the frames
CHECK_EVERY = 30  # updates between two looks at failed writes and changed settings

Script = Iterable[tuple[int, Action]]


class VirtualClock:
    """A clock that advances exactly one fixed step each time it is read."""

    def __init__(self) -> None:
        self.now = -STEP

    def __call__(self) -> float:
        self.now += STEP
        return self.now


#: set in the environment, the app prints "first frame at <epoch seconds>" once its first
#: frame is on screen (`main.py bench` times start-up with it, without the exit)
FIRST_FRAME_ENV = "UNICORN_FIRST_FRAME"


class App:
    """Owns everything that lives as long as the game window.

    script: (n, action) pairs; each action is handed to the scenes just before update
        number n (counting from 0), exactly as if a player had pressed it. For tests/demos.
    frames: quit after this many fixed updates (None = until the player quits).
    timer: the clock read once per frame. Default: `time.perf_counter` in a window, and in
        headless runs a virtual clock that moves one step per frame (deterministic, fast).
        Tests pass their own to fake slow frames and stalls.
    """

    def __init__(self, first: Scene, *, headless: bool = False, frames: int | None = None,
                 screenshot: str | Path | None = None, seed: int | None = None,
                 script: Script = (), settings: Settings | None = None,
                 timer: Callable[[], float] | None = None, saves: Slots | None = None,
                 screens: Screens | None = None, replays: Shelf | None = None,
                 records: Book | None = None) -> None:
        for module in (pygame.display, pygame.font, pygame.joystick):
            module.init()
        self.headless = headless
        self.settings = settings or Settings()
        self.saves = saves or Slots(None)  # autosave slots; in memory unless given a folder
        self.replays = replays or Shelf(None)  # finished games kept; in memory likewise
        self.records = records or Book(None)  # each person's record across evenings
        self.screens = screens or Screens()  # screens by name (scenes.app fills it)
        self.display = Display(headless=headless, fullscreen=self.settings.fullscreen)
        self.audio = Audio(volume=self.settings.volume, music_volume=self.settings.music_volume)
        self.input = InputMapper(SdlDevices(), self.display.to_canvas)
        self.input.keymap = self.settings.keymap()
        self.theme = THEME  # fonts, text size and palette of every screen
        self.theme.configure(self.settings.text_size / 100, self.settings.palette)
        use_keymap(self.input.keymap)  # prompts name the keys as they are now
        self.stack = SceneStack(self)
        self.stack.speed = self.settings.anim_speed
        self.toasts = Toasts()
        self.notices = Notices()
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        self.rng = random.Random(self.seed)
        self.max_updates = frames
        self.screenshot_path = Path(screenshot) if screenshot else None
        self.updates = 0
        self.time = 0.0
        self.running = True
        self.timer = timer or (VirtualClock() if headless else time.perf_counter)
        self.frame_times: deque[float] = deque(maxlen=3600)  # seconds of work per frame
        self.mark_first_frame = bool(os.environ.get(FIRST_FRAME_ENV))  # say when it is up
        #: start-up work that waits until the first frame is on screen, run once then: the
        #: heap's tuning (importing ctypes would delay that frame; big pictures are given
        #: back when freed), and what the entry point adds (`scenes.app.run`)
        self.on_first_frame: list[Callable[[], object]] = [tune_heap]
        #: Called once each frame is on screen (the phones' server gets its work then).
        self.after_frame: list[Callable[[], object]] = []
        self._script = sorted(script, key=lambda item: item[0])
        self.stack.push(first, fade=False)
        self.stack.fade_in()

    # -- services for scenes ---------------------------------------------------------------

    def quit(self) -> None:
        """Leave the game cleanly at the end of this frame (from any scene)."""
        self.running = False

    @property
    def fonts(self) -> Fonts:
        """The one font cache (the theme's)."""
        return self.theme.fonts

    def toggle_fullscreen(self) -> None:
        self.display.toggle_fullscreen()
        self.settings.fullscreen = self.display.fullscreen
        self.settings.save()

    def apply_settings(self) -> None:
        """Push changed settings into the services (called by the settings screen)."""
        self.audio.set_volume(self.settings.volume)
        self.audio.set_music_volume(self.settings.music_volume)
        self.input.keymap = self.settings.keymap()
        use_keymap(self.input.keymap)  # prompts name the keys as they are now
        self.theme.configure(self.settings.text_size / 100, self.settings.palette)
        self.stack.speed = self.settings.anim_speed
        self.display.set_fullscreen(self.settings.fullscreen)
        self.settings.fullscreen = self.display.fullscreen  # the driver may have refused

    def screenshot(self, path: str | Path) -> None:
        """Save the canvas as a PNG, atomically (OSError if the path cannot be written)."""
        buffer = io.BytesIO()
        pygame.image.save(self.display.canvas, buffer, "png")
        write_atomic(path, buffer.getvalue())

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> int:
        """Run until quit or `frames` updates; returns the process exit code (0)."""
        clock = FixedStep()
        limiter = pygame.time.Clock()
        previous = self.timer()
        while self.running:
            now, started = self.timer(), time.perf_counter()
            elapsed, previous = now - previous, now
            for event in pygame.event.get():
                self._on_event(event)
            for _ in range(clock.advance(elapsed)):
                self.step()
                if not self.running:
                    break
            self.render(clock.alpha)
            self.frame_times.append(time.perf_counter() - started)
            self.display.present()
            if self.mark_first_frame:  # for `main.py bench`: when the first frame was shown
                print(f"first frame at {time.time():.6f}", flush=True)
                self.mark_first_frame = False
            while self.on_first_frame:
                self.on_first_frame.pop(0)()
            self.end_frame()
            if not self.headless:
                limiter.tick(FPS_CAP)
        if self.screenshot_path:
            try:
                self.screenshot(self.screenshot_path)
            except (OSError, pygame.error) as exc:
                print(f"screenshot: could not save {self.screenshot_path} "
                      f"({getattr(exc, 'strerror', None) or exc})", file=sys.stderr)
                return 2
        return 0

    def _on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and (
                event.key == pygame.K_F11
                or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return
        if event.type == pygame.WINDOWFOCUSLOST:  # key-ups will not arrive: release now
            for action in self.input.release_device(KEYBOARD):
                self._dispatch(action)
            return
        for action in self.input.handle(event):
            self._dispatch(action)

    def end_frame(self) -> None:
        """The frame is shown: what waits for that runs now (`after_frame`). Headless
        loops that draw call it after `render`."""
        for fn in list(self.after_frame):
            fn()

    def render(self, alpha: float) -> None:
        """Draw the scene stack and toasts onto the logical canvas (not presented)."""
        self.stack.draw(self.display.canvas, alpha)
        self.toasts.draw(self.display.canvas, self.fonts)
        self.notices.draw(self.display.canvas, self.fonts)

    def step(self) -> None:
        """One fixed update: scripted input, held-direction repeats, scenes, toasts."""
        while self._script and self._script[0][0] <= self.updates:
            self._dispatch(self._script.pop(0)[1])
        for action in self.input.update(STEP):
            self._dispatch(action)
        self.stack.update(STEP)
        self.toasts.update(STEP)
        self.notices.update(STEP)
        self.audio.update(STEP)
        if self.updates % CHECK_EVERY == 0:
            self.check_writes()
        self.updates += 1
        self.time += STEP
        if not self.stack.scenes or (self.max_updates and self.updates >= self.max_updates):
            self.quit()

    def check_writes(self) -> None:
        """Changed settings are written; failed writes go on the TV (once per kind)."""
        self.settings.save_if_changed(retry=False)
        for message in (*self.saves.take_alerts(), *self.settings.take_alerts()):
            self.notices.show(message)
            self.audio.play("error")

    def close(self) -> None:
        """The program is leaving (any way: Quit, the window closed, a stop signal): the
        autosaves reach the disk and changed settings are written."""
        self.saves.flush()
        self.settings.save_if_changed()

    def scripted(self) -> bool:
        """Whether scripted input is still to come."""
        return bool(self._script)

    def _dispatch(self, action: Action) -> None:
        if action.name == DEVICE_ADDED:
            pad = self.input.pads.get(action.device)
            self.toasts.show(f"Controller connected: {pad.name if pad else action.device}")
        elif action.name == DEVICE_REMOVED:
            self.toasts.show("Controller disconnected")
        self.stack.dispatch(action)
