"""The generated art and sounds: every file is there, in its documented format, not blank or
silent, not clipped, and the scripts that make them reproduce the committed files exactly."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
import wave
from array import array
from collections import Counter
from pathlib import Path
from types import ModuleType

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
SPRITES = ASSETS / "sprites"
SOUNDS = ASSETS / "sounds"

COLOURS = ("pink", "blue", "yellow", "green", "orange", "purple")
SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
ICONS = (
    "payday", "customer_service", "techpad", "stuck", "ceo_bonus", "churn", "signups", "start",
    "finish", "server", "cash", "coin", "event", "fever",
)

# The documented sizes (assets/README.md and make_art.py's docstring), written out here on
# purpose rather than imported, so a change to the script that breaks the contract fails.
EXPECTED_SPRITES: dict[str, tuple[int, int]] = {
    **{f"die_{n}": (128, 128) for n in range(1, 7)},
    **{f"die_tumble_{n}": (128, 128) for n in range(1, 4)},
    **{f"pawn_{c}": (64, 80) for c in (*COLOURS, "white")},
    "pawn_shadow": (64, 24),
    **{f"marker_{s}": (48, 48) for s in SHAPES},
    **{f"marker_{s}_small": (24, 24) for s in SHAPES},
    **{f"icon_{i}": (96, 96) for i in ICONS},
    **{
        f"card_{c}": (320, 440)
        for c in (
            "signups_front", "churn_front", "back_signups", "back_churn", "event_front",
            "event_back",
        )
    },
    "nerd": (64, 64),
    "suit": (64, 64),
    "big_nerd": (80, 80),
    "big_suit": (80, 80),
    "money_token": (64, 64),
    "user_marker": (48, 48),
    **{f"user_marker_{c}": (48, 48) for c in COLOURS},
    **{f"cat_{c}": (96, 96) for c in ("media", "social", "communication", "ecommerce")},
    "icon_launch": (96, 96),
    "chip_back": (64, 64),
    "card_mini_back": (48, 66),
    "card_mini_front": (48, 66),
    "coin_particle": (24, 24),
    "spark": (32, 32),
    **{f"confetti_{n}": (16, 16) for n in range(1, 7)},
    "unicorn_emblem": (256, 256),
}
# Soft sprites have no fully opaque pixel by design.
SOFT = {"pawn_shadow"}

# name: (shortest, longest) duration in seconds
EXPECTED_SOUNDS: dict[str, tuple[float, float]] = {
    "click": (0.02, 0.15),
    "move": (0.03, 0.15),
    "confirm": (0.1, 0.4),
    "back": (0.1, 0.4),
    "error": (0.15, 0.5),
    "dice_roll": (0.5, 0.75),
    "dice_land": (0.1, 0.5),
    "hop": (0.05, 0.3),
    "coin": (0.15, 0.6),
    "card_flip": (0.1, 0.4),
    "server_up": (0.3, 0.8),
    "server_down": (0.3, 0.8),
    "pot": (0.5, 1.2),
    "stuck": (0.3, 1.0),
    "fanfare": (1.3, 1.8),
    "whoosh": (0.2, 0.7),
    "turn": (0.3, 0.8),
    "tick": (0.01, 0.06),
    "jackpot": (1.3, 1.8),
    "crash": (0.6, 1.1),
    "last_call": (1.2, 1.8),
}
FULL_SCALE = 32767
PEAK_LIMIT = round(FULL_SCALE * 10 ** (-3 / 20)) + 2  # -3 dBFS, plus rounding slack


def load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ASSETS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_samples(path: Path) -> tuple[wave._wave_params, array]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    samples = array("h")
    samples.frombytes(frames)
    if sys.byteorder == "big":
        samples.byteswap()
    return params, samples


# --------------------------------------------------------------------------- sprites


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.display.init()
    yield
    pygame.display.quit()


def test_sprite_folder_holds_exactly_the_documented_files() -> None:
    found = {p.stem for p in SPRITES.glob("*.png")}
    assert found == set(EXPECTED_SPRITES) | {"_contact_sheet"}


@pytest.mark.parametrize("name", sorted(EXPECTED_SPRITES))
def test_sprite_loads_at_documented_size_and_is_not_blank(name: str) -> None:
    img = pygame.image.load(str(SPRITES / f"{name}.png"))
    assert img.get_size() == EXPECTED_SPRITES[name]
    assert img.get_flags() & pygame.SRCALPHA, "sprites must carry an alpha channel"
    alphas = Counter(
        img.get_at((x, y)).a for y in range(img.get_height()) for x in range(img.get_width())
    )
    total = img.get_width() * img.get_height()
    assert alphas[0] > 0, "expected transparent background pixels"
    if name in SOFT:
        assert max(alphas) >= 64, "a soft sprite must still be visible"
    else:
        assert alphas[255] >= total * 0.05, "expected a solid opaque body"


@pytest.mark.parametrize("colour", COLOURS)
def test_pawn_body_is_exactly_the_published_player_colour(colour: str) -> None:
    """Other screens match the pawns by PLAYER_COLOURS, so the pawn's main flat colour is it."""
    art = load_script("make_art")
    img = pygame.image.load(str(SPRITES / f"pawn_{colour}.png"))
    counts = Counter(
        tuple(img.get_at((x, y)))[:3]
        for y in range(img.get_height())
        for x in range(img.get_width())
        if img.get_at((x, y)).a == 255
    )
    assert counts.most_common(1)[0][0] == art.PLAYER_COLOURS[colour]


def test_palette_json_publishes_the_player_colours_and_every_sprite_size() -> None:
    data = json.loads((SPRITES / "palette.json").read_text(encoding="utf-8"))
    art = load_script("make_art")
    assert list(data["player_colours"]) == list(COLOURS)
    for name, rgb in art.PLAYER_COLOURS.items():
        assert data["player_colours"][name] == "#{:02X}{:02X}{:02X}".format(*rgb)
    assert {k: tuple(v) for k, v in data["sizes"].items()} == EXPECTED_SPRITES


def test_player_colours_are_the_engine_seat_colours() -> None:
    """Pawns must match the "whose turn" colour every screen draws from the engine palette."""
    from scenes.engine.palette import SEATS

    art = load_script("make_art")
    assert tuple(art.PLAYER_COLOURS.values()) == tuple(SEATS)


def test_player_shapes_and_colours_are_six_distinct_pairs() -> None:
    art = load_script("make_art")
    assert tuple(art.PLAYER_COLOURS) == COLOURS
    assert tuple(art.MARKER_SHAPES) == SHAPES
    assert len(set(art.PLAYER_COLOURS.values())) == 6


# --------------------------------------------------------------------------- sounds


def test_sound_folder_holds_exactly_the_documented_files() -> None:
    assert {p.stem for p in SOUNDS.glob("*.wav")} == set(EXPECTED_SOUNDS)


@pytest.mark.parametrize("name", sorted(EXPECTED_SOUNDS))
def test_sound_is_16bit_mono_44k_wav_of_expected_length(name: str) -> None:
    params, samples = read_samples(SOUNDS / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44_100)
    assert params.comptype == "NONE"
    shortest, longest = EXPECTED_SOUNDS[name]
    assert shortest <= params.nframes / params.framerate <= longest


@pytest.mark.parametrize("name", sorted(EXPECTED_SOUNDS))
def test_sound_is_audible_not_clipped_and_peaks_at_most_minus_3_dbfs(name: str) -> None:
    _, samples = read_samples(SOUNDS / f"{name}.wav")
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert peak <= PEAK_LIMIT, f"peak {20 * math.log10(peak / FULL_SCALE):.2f} dBFS"
    assert peak >= FULL_SCALE * 10 ** (-10 / 20), "too quiet: peak below -10 dBFS"
    assert rms >= FULL_SCALE * 10 ** (-30 / 20), "nearly silent"


@pytest.mark.parametrize("name", sorted(EXPECTED_SOUNDS))
def test_sound_starts_and_ends_at_silence_so_it_does_not_click(name: str) -> None:
    _, samples = read_samples(SOUNDS / f"{name}.wav")
    assert abs(samples[0]) < 200
    assert abs(samples[-1]) < 200


def test_normalise_limits_peak_and_fades_ends() -> None:
    snd = load_script("make_sounds")
    loud = [1.5 * math.sin(i / 5) for i in range(4410)]
    out = snd.finish(loud)
    assert max(abs(x) for x in out) <= 10 ** (snd.PEAK_DBFS / 20) + 1e-9
    assert out[0] == 0.0 and abs(out[-1]) < 0.01


# --------------------------------------------------------------------------- determinism


def regenerate(script: str, out: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    subprocess.run(
        [sys.executable, str(ASSETS / script), str(out)],
        check=True, cwd=ROOT, env=env, capture_output=True,
    )


@pytest.mark.parametrize(
    ("script", "folder", "pattern"),
    [("make_art.py", SPRITES, "*.*"), ("make_sounds.py", SOUNDS, "*.*")],
)
def test_script_regenerates_the_committed_files_byte_for_byte(
    script: str, folder: Path, pattern: str, tmp_path: Path
) -> None:
    regenerate(script, tmp_path)
    fresh = sorted(p.name for p in tmp_path.glob(pattern))
    assert fresh == sorted(p.name for p in folder.glob(pattern))
    changed = [n for n in fresh if (tmp_path / n).read_bytes() != (folder / n).read_bytes()]
    assert not changed, f"regenerate and commit: {changed}"
