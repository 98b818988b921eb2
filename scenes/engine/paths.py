"""Where shipped files live, found relative to the source tree (works from any cwd)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"
SOUNDS = ASSETS / "sounds"
MUSIC = ASSETS / "music"
