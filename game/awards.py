"""Awards on the results: a few titles per game, each with its figure and who won it,
computed from the game's own events (the module its `GameInfo.awards` names says which;
a game that names none has no awards).

    for award in awards.of_game("startupfever", start, moves):
        print(award.title, award.figure, [names[s] for s in award.seats])

(`Award` itself is in `game/award.py`, which the games' rules import.) The events are
those the rules gave while the game was played: the game is played again
from its start (`start`, a state nobody plays on) with its actions (`moves`), as a replay
is, so the screens keep no log of their own for this.
"""

from __future__ import annotations

import importlib
from typing import Any

from game import registry
from game.award import Award


def of_game(game: str, start: Any, moves: list[Any]) -> list[Award]:
    """The awards of a finished game played from `start` with `moves`."""
    info = registry.get(game)  # ValueError for an unknown game
    if not info.awards:
        return []
    mine = importlib.import_module(info.awards)
    state = start.clone()
    events: list[Any] = []
    for action in moves:
        events += state.apply(action)
    return mine.awards(events, state)
