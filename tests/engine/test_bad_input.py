"""Bad files never crash the game: a corrupt settings file, missing art, missing sounds.

DEVELOPERS quality bar: "a corrupt save or map gives a clear message and loses nothing
else". (Broken board maps are tested in tests/scenes_servermania/test_errors.py.)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from main import main
from scenes import app as app_module
from scenes.app import make_app, missing_assets
from scenes.engine import settings as settings_module
from scenes.engine.audio import Audio
from scenes.engine.paths import ASSETS
from scenes.engine.settings import Settings

DEFAULTS = Settings().as_dict()

# -- settings --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "{not json", "", "[1, 2, 3]", '"volume"', "null", "\xff\xfe garbage", "[" * 100_000,
], ids=["broken", "empty", "list", "string", "null", "not_utf8", "deeply_nested"])
def test_an_unreadable_settings_file_gives_defaults_and_says_so(tmp_path, capsys, text):
    path = tmp_path / "settings.json"
    path.write_bytes(text.encode("latin-1"))
    assert Settings.load(path).as_dict() == DEFAULTS
    err = capsys.readouterr().err
    assert "settings: ignoring unreadable" in err and str(path) in err


@pytest.mark.parametrize(("field", "value"), [
    ("volume", "loud"), ("volume", -0.5), ("volume", 7), ("volume", True), ("volume", None),
    ("volume", [0.5]), ("anim_speed", -1), ("anim_speed", 1.25), ("anim_speed", "fast"),
    ("fullscreen", "yes"), ("fullscreen", 1), ("music_volume", 2), ("text_size", 120),
    ("text_size", 150.0), ("palette", "neon"), ("keys", {"confirm": [13]}),
])
def test_a_wrong_settings_value_is_named_and_replaced_by_its_default(
        tmp_path, capsys, field, value):
    path = tmp_path / "settings.json"
    good = {"volume": 0.3, "anim_speed": 1.5, "fullscreen": True}
    path.write_text(json.dumps({**good, field: value}))
    loaded = Settings.load(path).as_dict()
    assert loaded == {**DEFAULTS, **good, field: DEFAULTS[field]}  # the others still count
    err = capsys.readouterr().err
    assert f"{field} {json.dumps(value)} is not" in err and str(path) in err


def test_non_finite_volume_is_refused(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": NaN, "anim_speed": Infinity}')  # Python's json reads these
    assert Settings.load(path).as_dict() == DEFAULTS
    assert "volume NaN is not" in capsys.readouterr().err


def test_a_good_settings_file_prints_nothing(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 0, "anim_speed": 2, "fullscreen": False,
                                "from_a_newer_version": 1}))
    loaded = Settings.load(path)
    assert (loaded.volume, loaded.anim_speed) == (0.0, 2.0)
    assert isinstance(loaded.anim_speed, float) and isinstance(loaded.volume, float)
    assert capsys.readouterr().err == ""


def test_the_game_runs_on_defaults_from_a_corrupt_settings_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": "loud", "anim_speed": -3')
    app = make_app(headless=True, frames=60, settings=Settings.load(path))
    assert app.run() == 0
    assert app.audio.volume == DEFAULTS["volume"] and app.stack.speed == 1.0


def test_a_settings_path_that_is_a_folder_is_unreadable_not_fatal(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.mkdir()
    assert Settings.load(path).as_dict() == DEFAULTS
    assert "unreadable" in capsys.readouterr().err
    Settings(path=path).save()  # cannot write there either: a message, no exception
    assert "could not save" in capsys.readouterr().err


# -- missing art -----------------------------------------------------------------------------


@pytest.fixture
def assets_copy(tmp_path):
    """A copy of the shipped sprites and tiles to damage."""
    copy = tmp_path / "assets"
    for folder in ("sprites", "tiles"):
        shutil.copytree(ASSETS / folder, copy / folder)
    return copy


def test_the_shipped_art_is_complete():
    assert missing_assets() == []


def test_a_deleted_sprite_is_named(assets_copy):
    (assets_copy / "sprites" / "die_3.png").unlink()
    (assets_copy / "tiles" / "servermania_tiles.png").unlink()
    missing = missing_assets(assets_copy)
    assert missing == [str(assets_copy / "sprites" / "die_3.png"),
                       str(assets_copy / "tiles" / "servermania_tiles.png")]


def test_a_corrupt_sprite_list_is_named(assets_copy):
    (assets_copy / "sprites" / "palette.json").write_text("{")
    [problem] = missing_assets(assets_copy)
    assert problem.startswith(str(assets_copy / "sprites" / "palette.json"))


def test_the_shipped_paths_are_shown_relative_to_the_game_folder():
    assert app_module._shown(ASSETS / "sprites" / "die_3.png") == str(
        Path("assets") / "sprites" / "die_3.png")


def test_the_game_refuses_to_start_without_its_art_and_names_the_file(
        assets_copy, monkeypatch, capsys):
    (assets_copy / "sprites" / "pawn_pink.png").unlink()
    monkeypatch.setattr(app_module, "ASSETS", assets_copy)
    assert main(["--headless", "--frames", "5"]) == 1
    err = capsys.readouterr().err
    assert "cannot start" in err and "pawn_pink.png" in err and "make_art.py" in err


# -- missing sounds --------------------------------------------------------------------------


def test_a_deleted_sound_is_silent_and_the_others_still_play(tmp_path):
    shutil.copy(ASSETS / "sounds" / "move.wav", tmp_path / "move.wav")
    audio = Audio(folder=tmp_path)
    audio.play("confirm")  # deleted: nothing happens
    audio.play("move")
    assert audio._sounds["confirm"] is None
    if not audio.enabled:
        pytest.skip("no audio mixer on this machine: nothing is loaded")
    assert audio._sounds["move"] is not None


# -- settings files that are not plain files, and safe saving ---------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_settings_fifo_is_refused_without_hanging(tmp_path, capsys):
    path = tmp_path / "settings.json"
    os.mkfifo(path)  # reading it would block until someone writes: it must not be opened
    assert Settings.load(path).as_dict() == DEFAULTS
    assert "not a regular file" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_as_settings_is_refused_without_reading_it(capsys):
    assert Settings.load(Path("/dev/zero")).as_dict() == DEFAULTS
    assert "not a regular file" in capsys.readouterr().err


def test_an_oversized_settings_file_is_refused(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 0.5' + " " * (settings_module.MAX_BYTES + 1) + "}")
    assert Settings.load(path).as_dict() == DEFAULTS
    assert "too large" in capsys.readouterr().err


def test_settings_are_saved_through_a_temp_file_and_rename(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    Settings(volume=0.3, path=path).save()
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((Path(src).name, json.loads(Path(src).read_text())["volume"]))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    Settings(volume=0.6, path=path).save()
    assert len(seen) == 1 and seen[0][0] != path.name and seen[0][1] == 0.6
    assert Settings.load(path).volume == 0.6
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp left behind


def test_a_save_interrupted_before_the_rename_keeps_the_old_settings(tmp_path, monkeypatch,
                                                                     capsys):
    path = tmp_path / "settings.json"
    Settings(volume=0.3, path=path).save()

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    Settings(volume=0.9, path=path).save()  # a message, not an exception
    assert "could not save" in capsys.readouterr().err
    assert Settings.load(path).volume == 0.3  # the old file, whole
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_settings_are_never_written_through_a_symlink(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    path = tmp_path / "settings.json"
    path.symlink_to(target)
    Settings(volume=0.4, path=path).save()
    assert target.read_text() == "keep me"
    assert not path.is_symlink() and Settings.load(path).volume == 0.4


SAVE_LOOP = """
import sys
from pathlib import Path
from scenes.engine.settings import Settings
path = Path(sys.argv[1])
print("ready", flush=True)
n = 0
while True:
    n += 1
    Settings(volume=(n % 10) / 10, path=path).save()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no kill -9 here")
def test_kill_9_while_saving_settings_leaves_a_whole_file(tmp_path, capsys):
    path = tmp_path / "settings.json"
    Settings(volume=0.5, path=path).save()
    root = Path(__file__).resolve().parents[2]
    for delay in (0.05, 0.11, 0.17, 0.23, 0.29):
        proc = subprocess.Popen([sys.executable, "-c", SAVE_LOOP, str(path)], cwd=root,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)  # somewhere inside one of the saves
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        loaded = json.loads(path.read_text())  # never empty or torn
        assert set(loaded) == set(DEFAULTS)
    Settings.load(path)
    assert capsys.readouterr().err == ""


def _fail(*args, **kwargs):
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("step", ["mkstemp", "fdopen", "fsync", "replace"])
def test_a_full_disk_at_any_step_of_saving_costs_a_message_and_keeps_the_old_file(
        tmp_path, monkeypatch, capsys, step):
    path = tmp_path / "settings.json"
    Settings(volume=0.3, path=path).save()
    target = {"mkstemp": (tempfile, "mkstemp"), "fdopen": (os, "fdopen"),
              "fsync": (os, "fsync"), "replace": (os, "replace")}[step]
    monkeypatch.setattr(*target, _fail)
    Settings(volume=0.9, path=path).save()
    assert "could not save" in capsys.readouterr().err
    monkeypatch.undo()
    assert Settings.load(path).volume == 0.3
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_settings_folder_that_cannot_be_written_never_stops_the_game(tmp_path, monkeypatch,
                                                                       capsys):
    """F11 saves the fullscreen choice; a read-only or full disk must not end the game."""
    monkeypatch.setattr(tempfile, "mkstemp", lambda *a, **k: _fail())
    settings = Settings(path=tmp_path / "settings.json")
    app = make_app(headless=True, frames=30, settings=settings)
    app.toggle_fullscreen()
    assert app.run() == 0
    assert "could not save" in capsys.readouterr().err
