"""The sound layer against real SDL audio drivers, each in a fresh process.

SDL's "disk" driver mixes exactly like a sound card but writes the samples to a file, so a
test can hear whether a menu move really played. A driver that does not exist stands for
a machine with no sound device: the game must run on, silently. (The other engine tests
use the dummy driver, which accepts sounds and throws them away unheard.)
"""

from __future__ import annotations

import array
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Title screen, headless video; `moves` menu moves (each plays "move"), then a short real
# wait so the disk driver's mixing thread writes what was played.
PROBE = """
import json, sys, time
sys.path.insert(0, {root!r})
import pygame
from scenes.engine.app import App
from scenes.engine.input import Action
from scenes.title import TitleScene
script = []
for i in range({moves}):
    script += [(25 + 10 * i, Action("down")), (26 + 10 * i, Action("down", pressed=False))]
from scenes.engine.settings import Settings
settings = Settings()
settings.music_volume = {music}
app = App(TitleScene(), headless=True, frames=80, script=script, settings=settings)
enabled = app.audio.enabled
rc = app.run()
time.sleep(0.5)
pygame.quit()
print(json.dumps({{"enabled": enabled, "rc": rc}}))
"""


def run_probe(driver: str, moves: int, tmp_path: Path, music: float = 0.0
              ) -> tuple[dict, Path]:
    out = tmp_path / f"{driver}-{moves}-{music}.raw"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER=driver,
               SDL_DISKAUDIOFILE=str(out), SDL_DISKAUDIODELAY="0")
    probe = PROBE.format(root=str(ROOT), moves=moves, music=music)
    done = subprocess.run([sys.executable, "-c", probe],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1]), out


def loud_samples(path: Path) -> int:
    """Samples (signed 16-bit, as the mixer opens by default) louder than faint noise."""
    samples = array.array("h", path.read_bytes()[: len(path.read_bytes()) // 2 * 2])
    return sum(1 for s in samples if abs(s) > 500)


def test_menu_moves_are_really_mixed_into_the_audio_output(tmp_path):
    result, out = run_probe("disk", moves=2, tmp_path=tmp_path)
    if not result["enabled"] or not out.exists():
        pytest.skip("SDL's disk audio driver is not available in this SDL build")
    assert result["rc"] == 0
    assert loud_samples(out) > 1000, "the disk driver wrote only silence"


def test_the_title_music_is_really_mixed_into_the_audio_output(tmp_path):
    result, out = run_probe("disk", moves=0, tmp_path=tmp_path, music=0.8)
    if not result["enabled"] or not out.exists():
        pytest.skip("SDL's disk audio driver is not available in this SDL build")
    assert loud_samples(out) > 1000, "the title music was not heard"


def test_without_presses_and_music_off_the_audio_output_stays_silent(tmp_path):
    """The control for the tests above: with the music off the title plays nothing."""
    result, out = run_probe("disk", moves=0, tmp_path=tmp_path)
    if not result["enabled"] or not out.exists():
        pytest.skip("SDL's disk audio driver is not available in this SDL build")
    assert loud_samples(out) == 0


def test_no_audio_device_at_all_runs_silently(tmp_path):
    result, _ = run_probe("nonexistent", moves=2, tmp_path=tmp_path)
    assert result == {"enabled": False, "rc": 0}
