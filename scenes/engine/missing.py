"""A sound, a picture or a font file that cannot be opened is skipped, and said once.

Running out of file descriptors (a flood of connections, a busy machine) makes every
open fail for a while; pygame reports it as FileNotFoundError ("No file 'back.wav'
found"), SDL's errors as pygame.error. Neither may ever stop the game: the loaders catch
them, draw or play without the file, and call `say_once` so stderr has one line per file,
not one per frame.
"""

from __future__ import annotations

import sys
from pathlib import Path

_said: set[str] = set()


def say_once(path: str | Path, exc: BaseException, instead: str) -> None:
    """One line on stderr the first time `path` could not be opened (`instead`: what
    the game does without it, e.g. "playing on without it")."""
    key = str(path)
    if key in _said:
        return
    _said.add(key)
    reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    print(f"could not open {Path(path).name} ({reason}); {instead}", file=sys.stderr)
