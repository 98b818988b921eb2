"""A sound, a picture or a font that cannot be opened (no file descriptor left) is
skipped and said once, never fatal (`scenes.engine.missing`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.engine.audio import Audio
from scenes.engine.fonts import Fonts
from scenes.table import look

ROOT = Path(__file__).resolve().parents[2]


def no_descriptor(*_args, **_kwargs):
    raise FileNotFoundError("No file 'x' found in working directory")  # pygame's EMFILE


@pytest.fixture(autouse=True)
def _forget_what_was_said():
    said = getattr(__import__("scenes.engine", fromlist=["missing"]), "missing", None)
    said = getattr(said, "_said", set())
    said.clear()
    yield
    said.clear()


def test_a_sound_that_cannot_be_opened_is_skipped_said_once_and_tried_again(
        monkeypatch, capsys):
    audio = Audio()
    monkeypatch.setattr(pygame.mixer, "Sound", no_descriptor)
    assert audio._load("back") is None
    assert audio._load("back") is None
    audio.enabled = True
    audio.play("back")
    err = capsys.readouterr().err
    assert err.count("could not open back.wav") == 1 and "playing on without it" in err
    assert "back" not in audio._sounds  # not given up: loaded once descriptors are back
    monkeypatch.undo()


def test_a_picture_that_cannot_be_opened_is_drawn_empty_and_said_once(monkeypatch, capsys):
    pygame.display.init()
    look._sprite.cache_clear()
    monkeypatch.setattr(pygame.image, "load", no_descriptor)
    blank = look.sprite("die_1")
    assert blank.get_size() == (128, 128) and look.sprite("die_1").get_size() == (128, 128)
    assert capsys.readouterr().err.count("could not open die_1.png") == 1
    monkeypatch.undo()
    assert look.sprite("die_1").get_bounding_rect().w > 0  # the real one, once it opens


def test_a_font_that_cannot_be_read_is_drawn_in_a_size_already_made(monkeypatch, capsys):
    from scenes.engine import fonts as fonts_module

    fonts = Fonts()
    made = fonts.get("body", 30)
    monkeypatch.setattr(fonts_module, "_BYTES", {})
    monkeypatch.setattr(Path, "read_bytes", no_descriptor)
    assert fonts.get("body", 31) is made
    assert fonts.get("body", 31) is made
    assert capsys.readouterr().err.count("could not open") == 1
    assert ("body", 31) not in fonts._cache  # the real size is made later


def test_a_new_font_size_needs_no_file(monkeypatch):
    fonts = Fonts()
    fonts.get("body", 30)
    real = pygame.font.Font

    def no_files(source, size):  # every file open fails; the face is in memory
        if isinstance(source, str | os.PathLike):
            no_descriptor()
        return real(source, size)

    monkeypatch.setattr(pygame.font, "Font", no_files)
    monkeypatch.setattr(Path, "read_bytes", no_descriptor)
    assert fonts.get("body", 33).get_height() > fonts.get("body", 30).get_height()


SCRIPT = """
import os, resource
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from scenes.engine.audio import Audio
from scenes.engine.fonts import Fonts
from scenes.engine.paths import SOUNDS
from scenes.table import look
pygame.display.init(); pygame.font.init()
pygame.display.set_mode((64, 64))
audio = Audio()
fonts = Fonts()
fonts.get("body", 28)  # the title is up: its text is drawn
names = sorted(path.stem for path in SOUNDS.glob("*.wav"))
resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
held = []
try:
    while True:
        held.append(os.open(os.devnull, os.O_RDONLY))
except OSError:
    pass
for name in names:
    audio.play(name)
look.sprite("die_3")
fonts.get("body", 41).render("Ada", True, (0, 0, 0))
fonts.get("display", 60).render("Ada", True, (0, 0, 0))
for fd in held:
    os.close(fd)
print("still playing", audio.enabled)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="file limits are a POSIX matter")
def test_the_game_plays_on_with_no_file_descriptor_left():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, timeout=120,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "still playing" in done.stdout
    assert "Traceback" not in done.stderr
