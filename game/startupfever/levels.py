"""Startup Fever's computer players by level: the names scenes and `main.py sim --ai` use.

| level  | player |
|--------|--------|
| random | any legal action (players.RandomPlayer) |
| easy   | the rule player with a random action about one decision in three (normal.py) |
| normal | the rule player with its card rules fixed (normal.py) |
| hard   | determinized search with a heuristic cut-off over its own rules (search.py) |

Every player has the same shape: `Player(seed)` and `decide(state_or_observation,
legal) -> action`, reading only what its seat may see (F13).
"""

from __future__ import annotations

from .normal import EasyPlayer, NormalPlayer
from .players import RandomPlayer
from .search import HardPlayer

LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
