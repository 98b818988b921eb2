"""What a SERVERMANIA replay needs of the rules (game/replays.py): their version, the
game's options and the action classes a replay may name."""

from __future__ import annotations

import hashlib
from dataclasses import fields
from pathlib import Path
from typing import Any, Final, get_args

from .actions import Action
from .board import default_board
from .state import State, new_game

#: The modules whose text decides a game; the board's squares count too.
RULES_FILES: Final = ("actions", "board", "cards", "fields", "rules", "stages", "state")
ACTIONS: Final = {cls.__name__: cls for cls in get_args(Action)}
FIELDS: Final = {name: tuple(f.name for f in fields(cls)) for name, cls in ACTIONS.items()}


def rules_version() -> str:
    """A short digest of the rules' own text and the board's squares."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256(b"servermania")
    for name in RULES_FILES:
        h.update((here / f"{name}.py").read_bytes())
    h.update(" ".join(default_board().kinds).encode())
    return h.hexdigest()[:16]


def options_of(state: State) -> dict[str, Any]:
    """No options: the board is the default map's (its squares are in the version)."""
    return {}


def start(names: list[str], seed: int, options: dict[str, Any]) -> State:
    if options:
        raise ValueError(f"unknown SERVERMANIA options {sorted(options)}")
    return new_game(names, seed=seed)


def hidden_at_end(state: State) -> list[tuple[int, str]]:
    """Nothing at a SERVERMANIA table is hidden from anyone: no lines."""
    return []
