"""Saving you can trust: a failing autosave or settings save is said on the TV in plain
words, once per kind of failure (again after a write succeeded); settings are written when
they change and on every way out; a save that cannot be moved aside is said as it is,
once; stale temp files are known by their writer's process, not their date."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import autosave, files
from game.autosave import Slots
from scenes.app import make_app
from scenes.engine.settings import Settings
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from scenes.settings import SettingsScene
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, step
from tests.test_autosave import SEATS, played

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path("/tmp/robust")


def refusing(code: int):
    def write(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))
    return write


# --- a failing autosave ----------------------------------------------------------------


def test_a_failing_autosave_is_said_once_per_kind_with_what_still_holds(tmp_path,
                                                                        monkeypatch):
    slots = Slots(tmp_path)
    state = played(turns=3)
    assert slots.save("servermania", state, SEATS, "turn 3")
    monkeypatch.setattr(autosave, "write_atomic", refusing(errno.ENOSPC))
    for _ in range(8):  # eight autosaves fail on a full disk: said once
        assert not slots.save("servermania", state, SEATS, "turn 4")
    [full] = slots.take_alerts()
    assert full == (f"Autosave failed: the disk is full. SERVERMANIA could not be saved to "
                    f"servermania.json in {tmp_path}; the last save, from turn 3, is kept.")
    monkeypatch.setattr(autosave, "write_atomic", refusing(errno.EROFS))
    assert not slots.save("servermania", state, SEATS, "turn 4")
    [read_only] = slots.take_alerts()  # space came back, still failing: said again
    assert read_only.startswith("Autosave failed: the disk is read-only.")
    monkeypatch.undo()
    assert slots.save("servermania", state, SEATS, "turn 5") and not slots.take_alerts()
    monkeypatch.setattr(autosave, "write_atomic", refusing(errno.ENOSPC))
    slots.save("servermania", state, SEATS, "turn 6", wait=False)  # the background writer
    slots.flush()
    [again] = slots.take_alerts()  # full again after a save went through: said again
    assert again.endswith("the last save, from turn 5, is kept.")
    assert Slots(tmp_path).latest_header().progress == "turn 5"


def test_without_an_earlier_save_the_notice_says_so(tmp_path, monkeypatch):
    slots = Slots(tmp_path)
    monkeypatch.setattr(autosave, "write_atomic", refusing(errno.ENOSPC))
    slots.save("servermania", played(), SEATS, "turn 3")
    [alert] = slots.take_alerts()
    assert alert.endswith("; no earlier save of this game is on the disk.")


def small_full_disk(tmp_path: Path) -> Path:
    """A 128 KiB filesystem mounted for the test (root only), unmounted afterwards."""
    if os.geteuid() != 0 or sys.platform != "linux":
        pytest.skip("mounting a small filesystem needs root on Linux")
    folder = tmp_path / "disk"
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=128k", "tmpfs", str(folder)],
                      capture_output=True).returncode:
        pytest.skip("cannot mount a filesystem here")
    return folder


def test_a_really_full_disk_is_said_on_the_tv_and_the_old_save_holds(tmp_path):
    disk = small_full_disk(tmp_path)
    try:
        slots = Slots(disk)
        state = played(turns=3)
        assert slots.save("servermania", state, SEATS, "turn 3")
        kept = (disk / "servermania.json").read_bytes()
        filler = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        try:  # fill the disk to the last block
            while os.write(filler, b"x" * 1024):
                pass
        except OSError:
            pass
        finally:
            os.close(filler)
        assert not slots.save("servermania", state, SEATS, "turn 4")
        [alert] = slots.take_alerts()
        assert "the disk is full" in alert and "from turn 3, is kept" in alert
        assert (disk / "servermania.json").read_bytes() == kept
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "servermania.json"]
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_the_tv_shows_a_failing_autosave_during_play(tmp_path, monkeypatch):
    SHOTS.mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(autosave, "write_atomic", refusing(errno.ENOSPC))
    settings = Settings()
    settings.anim_speed = 2.0
    board = BoardScene(default_seats(2, humans=0), seed=3)
    app = make_app(board, headless=True, settings=settings, saves=Slots(tmp_path))
    for _ in range(60 * 120):
        app.step()
        if app.notices.current:
            break
    message = app.notices.current
    assert message is not None and message.startswith("Autosave failed: the disk is full.")
    assert "no earlier save of this game is on the disk" in message
    for _ in range(40):  # risen into place
        app.step()
    app.render(1.0)
    pygame.image.save(app.display.canvas, str(SHOTS / "autosave_failed_notice.png"))
    for _ in range(60 * 20):  # more autosaves fail the same way: nothing new to say
        app.step()
    assert app.notices.current is None


# --- settings ----------------------------------------------------------------------------


def test_a_failing_settings_save_is_said_on_the_tv_once_per_kind(tmp_path, monkeypatch):
    from scenes.engine import settings as settings_module

    settings = Settings(path=tmp_path / "settings.json")
    monkeypatch.setattr(settings_module, "write_atomic", refusing(errno.EACCES))
    app = make_app(SettingsScene(), headless=True, settings=settings)
    step(app, READY)
    app.stack.dispatch(_press("right"))  # music volume up: written at once, refused
    app.stack.dispatch(_press("right"))
    step(app, 31)
    assert app.notices.queue == [
        f"Settings not saved: the folder is read-only. They could not be written to "
        f"settings.json in {tmp_path}; the new settings hold until the game closes."]
    monkeypatch.undo()
    app.stack.dispatch(_press("right"))
    assert Settings.load(tmp_path / "settings.json").music_volume == settings.music_volume
    app.render(1.0)
    pygame.image.save(app.display.canvas, str(SHOTS / "settings_failed_notice.png"))


def _press(name: str):
    from scenes.engine.input import Action

    return Action(name, "keyboard")


def test_a_setting_is_written_when_it_changes(tmp_path):
    path = tmp_path / "settings.json"
    app = make_app(SettingsScene(), headless=True, settings=Settings(path=path))
    step(app, READY)
    app.stack.dispatch(_press("right"))  # music volume 60 % -> 70 %, never Back
    assert Settings.load(path).music_volume == pytest.approx(0.7)


def test_a_setting_changed_elsewhere_is_written_within_half_a_second_and_at_the_end(
        tmp_path):
    path = tmp_path / "settings.json"
    app = make_app(TitleScene(), headless=True, settings=Settings(path=path))
    step(app, READY)
    app.settings.coach = False  # e.g. a tip switched off in a game
    step(app, 31)
    assert Settings.load(path).coach is False
    app.settings.volume = 0.3
    app.close()  # every way out of the program
    assert Settings.load(path).volume == pytest.approx(0.3)


def _volume_is(config, volume: float) -> bool:
    try:
        return Settings.load(config).music_volume == pytest.approx(volume)
    except Exception:  # not written yet, or being replaced
        return False


def test_settings_changed_then_the_window_closed_by_a_signal_are_kept(tmp_path):
    """The title in a (dummy) window: Settings, music volume up, then SIGTERM."""
    script = tmp_path / "script.json"
    script.write_text("[[30, \"down\"], [34, \"down\"], [38, \"down\"], [42, \"down\"], "
                      "[46, \"down\"], [50, \"right\"], [54, \"confirm\"], [94, \"right\"]]")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path)}
    for signum in (signal.SIGTERM, signal.SIGHUP):
        config = tmp_path / "config" / "unicorn-arcade" / "settings.json"
        config.unlink(missing_ok=True)
        proc = subprocess.Popen([sys.executable, "main.py", "--script", str(script)],
                                cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30  # the window is up and the script has run (94
        while time.monotonic() < deadline and not _volume_is(config, 0.7):  # updates)
            time.sleep(0.2)
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 128 + signum and "Traceback" not in err, err
        assert Settings.load(config).music_volume == pytest.approx(0.7)


# --- a save that cannot be moved aside -------------------------------------------------


def broken_save(folder: Path, text: str = "{ not a save") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "servermania.json"
    path.write_text(text)
    return path


def title_notice(saves: Slots, settings: Settings):
    app = make_app(TitleScene(), headless=True, settings=settings, saves=saves)
    step(app, READY)
    return app, app.stack.top


def test_a_save_that_cannot_be_moved_is_said_as_it_is_and_not_again_once_closed(
        tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    broken_save(saves)
    real = files.os.replace

    def read_only_saves(src, dst):  # the saves' folder is read-only, the settings' is not
        if Path(dst).parent == saves:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(files.os, "replace", read_only_saves)
    settings = Settings(path=tmp_path / "settings.json")
    app, title = title_notice(Slots(saves), settings)
    [message] = title.notice.messages
    assert "set aside" not in message
    assert message.startswith("Your last SERVERMANIA game could not be read (")
    assert "it could not be moved aside: the folder is read-only. It stays as " \
           f"servermania.json in {saves}." in message
    app.render(1.0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.display.canvas, str(SHOTS / "save_not_moved_notice.png"))
    title.handle(_press("confirm"))  # closed
    assert title.notice is None
    settings = Settings.load(tmp_path / "settings.json")  # the next start
    _app, title = title_notice(Slots(saves), settings)
    assert title.notice is None
    broken_save(saves, "{ another broken save")  # another file: said again
    _app, title = title_notice(Slots(saves), settings)
    assert title.notice is not None


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="a read-only folder does not stop root")
def test_a_really_read_only_folder(tmp_path):
    saves = tmp_path / "saves"
    broken_save(saves)
    saves.chmod(0o555)
    try:
        _app, title = title_notice(Slots(saves), Settings())
        [message] = title.notice.messages
        assert "could not be moved aside: the folder is read-only" in message
    finally:
        saves.chmod(0o755)


# --- stale temp files --------------------------------------------------------------------


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_temp_file_dated_in_the_future_is_still_cleaned_up(tmp_path):
    future = time.time() + 3 * 24 * 3600  # the clock was set back since it was written
    dead, alive = dead_pid(), os.getppid()
    orphan = tmp_path / f".servermania.json.{dead}.k2x9.tmp"  # its writer is gone
    legacy = tmp_path / ".startupfever.json.k2x9ab.tmp"  # no writer named, future date
    writing = tmp_path / f".servermania.json.{alive}.a8b7.tmp"  # another copy, writing now
    stuck = tmp_path / f".startupfever.json.{alive}.zz11.tmp"  # a live writer, future date
    for temp in (orphan, legacy, writing, stuck):
        temp.write_text("half a save")
    for temp in (orphan, legacy, stuck):
        os.utime(temp, (future, future))
    Slots(tmp_path)
    assert not orphan.exists() and not legacy.exists() and not stuck.exists()
    assert writing.exists()


def test_a_temp_file_names_its_writer(tmp_path, monkeypatch):
    seen = []
    real = files.os.replace

    def look(src, dst):
        seen.append(Path(src).name)
        return real(src, dst)

    monkeypatch.setattr(files.os, "replace", look)
    files.write_atomic(tmp_path / "settings.json", "{}")
    assert seen[0].startswith(f".settings.json.{os.getpid()}.") and seen[0].endswith(".tmp")
