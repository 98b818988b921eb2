"""A small sound layer: `audio.play("click")` and nothing else to remember.

Sounds are `assets/sounds/<name>.wav`, loaded on first use and cached. When the mixer cannot
start (no audio device, CI) or a file is missing, `play` silently does nothing: a missing
sound must never stop the game.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes.engine.paths import SOUNDS


class Audio:
    """Plays short effects by name at the volume from the settings."""

    def __init__(self, enabled: bool = True, volume: float = 0.8, folder: Path = SOUNDS) -> None:
        self.folder = folder
        self.volume = volume
        self.enabled = enabled and _start_mixer()
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    def play(self, name: str) -> None:
        """Play `assets/sounds/<name>.wav` once; no-op without a device or a file."""
        if not self.enabled or self.volume <= 0:
            return
        sound = self._load(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            path = self.folder / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(path) if path.exists() else None
            except pygame.error:
                self._sounds[name] = None  # unreadable file: stay silent, keep playing
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
