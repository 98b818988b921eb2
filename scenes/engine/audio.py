"""A small sound layer: `audio.play("click")`, `audio.music("title")`, `audio.duck()`.

Effects are `assets/sounds/<name>.wav`, loaded on first use and cached, played at the
effects volume. Music is one looping `assets/music/<name>.ogg` at a time (made by
assets/make_music.py), streamed by pygame's music player at the music volume. Big moments
(a fanfare, the CEO BONUS pot) duck the music for a moment so they are heard; `duck()`
does it on demand, and `update(dt)` (called every fixed step by the app) brings the music
back up smoothly. When the mixer cannot start (no audio device, CI) or a file is missing,
every call silently does nothing: a missing sound must never stop the game. A file that
exists but cannot be opened now (no file descriptor left) is skipped, said once
(`scenes.engine.missing`), and tried again at its next use.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes.engine.missing import say_once
from scenes.engine.paths import MUSIC, SOUNDS

DUCK_LEVEL = 0.35  # music volume factor while ducked
DUCK_RELEASE = 0.6  # seconds to come back up after the duck ends
BIG_MOMENTS = {"fanfare": 1.6, "pot": 1.2, "stuck": 0.9}  # effect -> seconds ducked


class Audio:
    """Plays effects by name and one music loop, at the volumes from the settings."""

    def __init__(self, enabled: bool = True, volume: float = 0.8, folder: Path = SOUNDS,
                 music_volume: float = 0.6, music_folder: Path = MUSIC) -> None:
        self.folder = folder
        self.music_folder = music_folder
        self.volume = volume
        self.music_volume = music_volume
        self.enabled = enabled and _start_mixer()
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.track: str | None = None  # the music loop playing now
        self.ducked = 0.0  # seconds of duck left
        self.duck_factor = 1.0  # current music volume factor (eases back to 1)

    def play(self, name: str) -> None:
        """Play `assets/sounds/<name>.wav` once; no-op without a device or a file."""
        if name in BIG_MOMENTS:
            self.duck(BIG_MOMENTS[name])
        if not self.enabled or self.volume <= 0:
            return
        sound = self._load(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    # -- music ------------------------------------------------------------------------------

    def music(self, name: str | None) -> None:
        """Loop `assets/music/<name>.ogg` (None: stop). The same track keeps playing."""
        if name == self.track:
            return
        self.track = name
        if not self.enabled:
            return
        if name is None:
            pygame.mixer.music.fadeout(400)
            return
        path = self.music_folder / f"{name}.ogg"
        try:
            pygame.mixer.music.load(str(path))
            self._apply_music_volume()  # before the first buffer is mixed, not after
            pygame.mixer.music.play(loops=-1, fade_ms=600)
        except (pygame.error, OSError) as exc:  # missing, unreadable, nothing left to open
            say_once(path, exc, "playing on without it")
            return
        self._apply_music_volume()

    def set_music_volume(self, volume: float) -> None:
        self.music_volume = max(0.0, min(1.0, volume))
        self._apply_music_volume()

    def duck(self, seconds: float = 1.2) -> None:
        """Lower the music for `seconds` (then it eases back up) under a big moment."""
        self.ducked = max(self.ducked, seconds)
        self.duck_factor = DUCK_LEVEL
        self._apply_music_volume()

    def update(self, dt: float) -> None:
        """Ease the music back up after a duck (called once per fixed step)."""
        if self.ducked > 0:
            self.ducked = max(0.0, self.ducked - dt)
        elif self.duck_factor < 1.0:
            self.duck_factor = min(1.0, self.duck_factor + dt * (1 - DUCK_LEVEL) / DUCK_RELEASE)
            self._apply_music_volume()

    @property
    def music_level(self) -> float:
        """The music volume right now (0..1): the setting times the duck."""
        return self.music_volume * self.duck_factor

    def _apply_music_volume(self) -> None:
        if self.enabled and pygame.mixer.get_init():
            pygame.mixer.music.set_volume(self.music_level)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            path = self.folder / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(path) if path.exists() else None
            except pygame.error as exc:  # an unreadable file: stay silent, keep playing
                say_once(path, exc, "playing on without it")
                self._sounds[name] = None
            except OSError as exc:  # cannot be opened now (no descriptor left): next time
                say_once(path, exc, "playing on without it")
                return None
        return self._sounds[name]

    def close(self) -> None:
        if self.enabled:
            pygame.mixer.quit()
            self.enabled = False


def _start_mixer() -> bool:
    """Start the mixer if there is an audio device; False (not an exception) otherwise."""
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    return bool(pygame.mixer.get_init())
