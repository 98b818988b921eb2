"""The music loops: one per screen, in the documented format, audible under the effects,
seamless at the loop point, and reproduced byte for byte by assets/make_music.py."""

from __future__ import annotations

import importlib.util
import math
import sys

import pytest

from tests.assets.test_assets import ASSETS, read_samples

MUSIC = ASSETS / "music"
_spec = importlib.util.spec_from_file_location("make_music", ASSETS / "make_music.py")
assert _spec and _spec.loader
make_music = importlib.util.module_from_spec(_spec)
sys.modules["make_music"] = make_music  # its dataclasses look their module up by name
_spec.loader.exec_module(make_music)
TRACKS = ("title", "servermania", "startupfever", "results")


def test_the_music_folder_holds_one_loop_per_screen():
    assert sorted(p.stem for p in MUSIC.glob("*.wav")) == sorted(TRACKS)
    assert set(make_music.TRACKS) == set(TRACKS)


@pytest.mark.parametrize("name", TRACKS)
def test_a_loop_is_16bit_mono_16k_of_whole_bars_and_peaks_below_the_effects(name):
    params, samples = read_samples(MUSIC / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 16_000)
    track = make_music.TRACKS[name]
    bars = len(track.chords) * 4 * 60 / track.bpm
    assert params.nframes == round(bars * 16_000)
    peak = max(abs(s) for s in samples)
    assert round(32767 * 10 ** (-5 / 20)) < peak <= round(32767 * 10 ** (-4 / 20)) + 2
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert rms > 1500, "too quiet to hear under the effects"


@pytest.mark.parametrize("name", TRACKS)
def test_a_loop_has_no_seam(name):
    """The jump from the last sample back to the first is no bigger than a usual step."""
    _, samples = read_samples(MUSIC / f"{name}.wav")
    steps = sorted(abs(b - a) for a, b in zip(samples, samples[1:], strict=False))
    usual = steps[int(len(steps) * 0.999)]
    assert abs(samples[0] - samples[-1]) <= usual


def test_the_script_reproduces_the_committed_loop(tmp_path):
    track = make_music.TRACKS["servermania"]
    make_music.write_wav(tmp_path / "servermania.wav", make_music.render(track), make_music.RATE)
    assert (tmp_path / "servermania.wav").read_bytes() == \
        (MUSIC / "servermania.wav").read_bytes()
