"""What a SERVERMANIA replay needs of the rules (game/replays.py): their version, the
game's options and the action classes a replay may name."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from game.replay_tables import action_tables, rules_digest

from .actions import Action
from .board import default_board
from .state import State, new_game

#: The modules whose text decides a game; the board's squares count too.
RULES_FILES: Final = ("actions", "board", "cards", "fields", "rules", "stages", "state")
ACTIONS, FIELDS = action_tables(Action)


def rules_version() -> str:
    """A short digest of the rules' own text and the board's squares."""
    return rules_digest("servermania", Path(__file__).resolve().parent, RULES_FILES,
                        [" ".join(default_board().kinds).encode()])


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
