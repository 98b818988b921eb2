"""The title screen and the headless runner: menu, overlays, scripted input, screenshots."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes import title
from scenes.app import load_script, make_app, run_frames
from scenes.engine.input import Action
from scenes.engine.palette import GOLD, INK
from scenes.menu import resolve, title_menu
from scenes.overlays import ConfirmOverlay
from scenes.settings import SettingsScene

ROOT = Path(__file__).resolve().parents[2]
READY = 20  # updates after the opening fade-in, when input is accepted


def run(script, frames=120):
    app = make_app(headless=True, frames=frames, seed=3, script=script)
    app.run()
    return app


def count(surface, rect, color, tolerance=12):
    """Pixels of `rect` within `tolerance` of `color` on every channel."""
    sub = surface.subsurface(rect)
    pixels = (sub.get_at((x, y)) for x in range(0, rect.w, 2) for y in range(0, rect.h, 2))
    return sum(1 for p in pixels if max(abs(p[i] - color[i]) for i in range(3)) <= tolerance)


def test_the_menu_lists_each_games_entries_then_the_shared_screens():
    from scenes import registry

    labels = [e.label for e in title_menu()]
    games = [s.title for s in registry.games()]
    assert labels[0] == games[0]
    assert all(labels.index(game) < labels.index("How to play") for game in games)
    assert labels[-5:] == ["How to play", "Demo", "Past games", "Settings", "Quit"]
    assert resolve("scenes.settings:SettingsScene") is SettingsScene


def test_menu_resolve_raises_when_an_existing_module_is_broken(tmp_path, monkeypatch):
    (tmp_path / "broken_screen.py").write_text("import no_such_dependency_here\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        resolve("broken_screen:Scene")


def settings_index():
    return [e.label for e in title_menu()].index("Settings")


def test_confirm_on_settings_opens_the_settings_screen():
    app = make_app(headless=True, frames=5)
    app.run()
    moves = settings_index() - app.stack.top.menu.selected
    name = "down" if moves > 0 else "up"
    script = [(READY + i, Action(name)) for i in range(abs(moves))]
    app = run(script + [(READY + 10, Action("confirm"))])
    assert isinstance(app.stack.top, SettingsScene)


def test_clicking_an_entry_with_the_mouse_opens_it():
    probe = make_app(headless=True, frames=1)
    probe.run()
    pos = probe.stack.top.menu.buttons[settings_index()].rect.center
    app = run([(READY, Action("point", "mouse", pos=pos)),
               (READY + 1, Action("click", "mouse", pos=pos))])
    assert isinstance(app.stack.top, SettingsScene)


def test_back_on_the_title_asks_before_quitting_and_no_is_preselected():
    app = run([(READY, Action("back")), (READY + 5, Action("confirm"))])
    assert isinstance(app.stack.top, title.TitleScene)  # "No" closed the question
    app = run([(READY, Action("back"))])
    assert isinstance(app.stack.top, ConfirmOverlay)


def test_answering_yes_to_quit_ends_the_run_early():
    app = run([(READY, Action("back")), (READY + 5, Action("down")),
               (READY + 6, Action("confirm"))], frames=300)
    assert not app.running and app.updates == READY + 7


def test_frames_option_stops_after_exactly_that_many_updates():
    assert run([], frames=42).updates == 42


def test_same_seed_and_script_draw_the_same_picture():
    script = [(READY, Action("up")), (40, Action("down"))]
    a = pygame.image.tobytes(run_frames(70, script=script, seed=5), "RGB")
    b = pygame.image.tobytes(run_frames(70, script=script, seed=5), "RGB")
    assert a == b


def test_script_file_accepts_optional_devices(tmp_path):
    path = tmp_path / "script.json"
    path.write_text('[[30, "down"], [40, "confirm", "pad:2"]]')
    assert load_script(path) == [(30, Action("down")), (40, Action("confirm", "pad:2"))]


def assert_shows_title_menu(shot: pygame.Surface) -> None:
    assert shot.get_size() == (1280, 720)
    colours = {shot.get_at((x, y))[:3] for x in range(0, 1280, 16) for y in range(0, 720, 16)}
    assert len(colours) > 100, "frame looks blank"
    # the selected entry is a gold button with dark text, inside the menu area
    area = pygame.Rect(title.MENU_LEFT, title.MENU_TOP, title.MENU_W, 5 * 80)
    assert count(shot, area, GOLD) > 3000, "no highlighted menu entry"
    assert count(shot, area, INK, 20) > 300, "no text on the menu"
    assert count(shot, pygame.Rect(0, 664, 1280, 56), INK) > 3000, "no prompt bar"


def test_main_py_headless_300_frames_saves_a_screenshot_of_the_title_menu(tmp_path):
    shot_path = tmp_path / "title.png"
    result = subprocess.run(
        [sys.executable, "main.py", "--headless", "--frames", "300", "--screenshot",
         str(shot_path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert_shows_title_menu(pygame.image.load(str(shot_path)))


def test_in_process_run_returns_the_final_canvas():
    assert_shows_title_menu(run_frames(60))


class PadWatcher(title.TitleScene):
    """Title that plugs and unplugs a fake pad through real SDL events, and records hooks."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def update(self, dt):
        super().update(dt)
        if self.app.updates == 5:
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
        if self.app.updates == 30:
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=42,
                                                 button=pygame.CONTROLLER_BUTTON_DPAD_DOWN))
        if self.app.updates == 40:
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42))

    def handle(self, action):
        self.seen.append((action.name, action.device))
        return super().handle(action)

    def on_device_added(self, device):
        self.seen.append(("added", device))

    def on_device_removed(self, device):
        self.seen.append(("removed", device))


class OnePad:
    def is_controller(self, index):
        return True

    def open(self, index, as_controller):
        return 42, "DualSense Wireless Controller", None


def test_hot_plugged_pad_drives_the_menu_and_its_removal_reaches_the_scene():
    scene = PadWatcher()
    app = make_app(scene, headless=True, frames=35)
    app.input.devices = OnePad()
    app.run()
    assert ("added", "pad:42") in scene.seen and ("down", "pad:42") in scene.seen
    assert app.input.style == "playstation"
    assert any("connected" in message for message, _ in app.toasts.items)
    app.max_updates = 60
    app.running = True
    app.run()
    assert ("removed", "pad:42") in scene.seen and app.input.style == "keyboard"
