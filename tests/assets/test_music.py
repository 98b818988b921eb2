"""The music loops: one per screen, OGG Vorbis at 32 kHz stereo, each game's loop a minute or
more of varied sections, audible under the effects, bright above 8 kHz, seamless at the
loop point, and reproduced byte for byte by assets/make_music.py."""

from __future__ import annotations

import importlib.util
import io
import sys

import numpy as np
import pygame
import pytest
import soundfile

from tests.assets.test_assets import ASSETS

MUSIC = ASSETS / "music"
_spec = importlib.util.spec_from_file_location("make_music", ASSETS / "make_music.py")
assert _spec and _spec.loader
make_music = importlib.util.module_from_spec(_spec)
sys.modules["make_music"] = make_music  # its dataclasses look their module up by name
_spec.loader.exec_module(make_music)
TRACKS = ("title", "servermania", "startupfever", "results")
GAMES = ("servermania", "startupfever")


def decoded(name: str) -> tuple[np.ndarray, int]:
    return soundfile.read(MUSIC / f"{name}.ogg")


def test_the_music_folder_holds_one_ogg_loop_per_screen():
    assert sorted(p.name for p in MUSIC.iterdir()) == sorted(f"{t}.ogg" for t in TRACKS)
    assert set(make_music.TRACKS) == set(TRACKS)
    assert sum((MUSIC / f"{t}.ogg").stat().st_size for t in TRACKS) < 4_000_000


@pytest.mark.parametrize("name", TRACKS)
def test_a_loop_is_32k_stereo_vorbis_of_whole_bars_and_peaks_below_the_effects(name):
    info = soundfile.info(str(MUSIC / f"{name}.ogg"))
    assert (info.format, info.subtype, info.samplerate, info.channels) == \
        ("OGG", "VORBIS", 32_000, 2)
    samples, _ = decoded(name)
    track = make_music.TRACKS[name]
    assert len(samples) == round(track.bars * 4 * 60 / track.bpm * 32_000)
    peak = np.abs(samples).max()
    assert 10 ** (-5.5 / 20) < peak <= 10 ** (-3.5 / 20)  # -4 dBFS, give or take Vorbis
    assert np.sqrt((samples ** 2).mean()) > 1500 / 32767, "too quiet to hear under the effects"
    left, right = samples[:, 0], samples[:, 1]
    assert np.corrcoef(left, right)[0, 1] < 0.95, "stereo in name only"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_loop_lasts_a_minute_of_varied_sections(name):
    track = make_music.TRACKS[name]
    assert track.seconds >= 60
    assert len({s.chords for s in track.sections}) >= 3  # verse, chorus, break
    assert any(not s.drums for s in track.sections) and any(s.lift for s in track.sections)


@pytest.mark.parametrize("name", TRACKS)
def test_a_loop_is_bright_above_8_khz(name):
    """The 16 kHz mono loops had nothing above 8 kHz: dull on a TV."""
    samples, rate = decoded(name)
    power = np.abs(np.fft.rfft(samples[:, 1])) ** 2
    freqs = np.fft.rfftfreq(len(samples), 1 / rate)
    assert power[freqs > 8_000].sum() / power.sum() > 0.001


@pytest.mark.parametrize("name", TRACKS)
def test_a_loop_has_no_seam(name):
    """The jump from the last sample back to the first is no bigger than a usual step."""
    samples, _ = decoded(name)
    for channel in samples.T:
        usual = np.quantile(np.abs(np.diff(channel)), 0.999)
        assert abs(channel[0] - channel[-1]) <= usual


def test_pygame_plays_the_ogg_loops(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    started = not pygame.mixer.get_init()
    if started:
        pygame.mixer.init()
    try:
        for name in TRACKS:
            assert pygame.mixer.Sound(str(MUSIC / f"{name}.ogg")).get_length() > 40
    finally:
        if started:
            pygame.mixer.quit()


def test_the_script_reproduces_the_committed_loop_byte_for_byte():
    track = make_music.TRACKS["servermania"]
    assert make_music.encode(make_music.render(track)) == \
        (MUSIC / "servermania.ogg").read_bytes()


def test_the_ogg_serial_number_is_fixed_and_every_page_checksum_still_holds():
    data = (MUSIC / "results.ogg").read_bytes()
    assert make_music.fix_serial(data) == data
    assert make_music.fix_serial(data, 7) != data
    samples, rate = soundfile.read(io.BytesIO(make_music.fix_serial(data, 7)))
    assert rate == 32_000 and len(samples) > 0
