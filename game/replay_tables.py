"""What each game's replay part (`game/<game>/replaying.py`, see `game/replays.py`) builds
the same way: its action classes by name with their fields in order, and a digest of the
rules' own text (a replay recorded with other rules is refused, never replayed wrongly)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any, get_args


def action_tables(union: Any) -> tuple[dict[str, type], dict[str, tuple[str, ...]]]:
    """From a union of action classes: class name -> class, and per class name its
    fields in order (a replay writes their values in this order)."""
    actions = {cls.__name__: cls for cls in get_args(union)}
    return actions, {name: tuple(f.name for f in fields(cls)) for name, cls in actions.items()}


def rules_digest(game: str, folder: Path, modules: Sequence[str],
                 extra: Iterable[bytes] = ()) -> str:
    """A short digest of `game`'s rules modules (their `.py` text in `folder`) and of any
    `extra` facts that decide a game (a board's squares)."""
    h = hashlib.sha256(game.encode())
    for name in modules:
        h.update((folder / f"{name}.py").read_bytes())
    for part in extra:
        h.update(part)
    return h.hexdigest()[:16]
