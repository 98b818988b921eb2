"""Startup Fever's computer players by level: the names scenes and `main.py sim --ai` use.

| level  | player |
|--------|--------|
| random | any legal action (players.RandomPlayer) |
| easy   | the rule player, a random action in 60% of its decisions (normal.py) |
| normal | the rule player with its card rules fixed (normal.py) |
| hard   | determinized search with a heuristic cut-off over its own rules (search.py) |
| simple | a newcomer who never poaches or plays a card (simple.py): Easy's yardstick |

Every player has the same shape: `Player(seed)` and `decide(state_or_observation,
legal) -> action`, reading only what its seat may see (F13).
"""

from __future__ import annotations

from .normal import EasyPlayer, NormalPlayer
from .players import RandomPlayer
from .search import HardPlayer
from .simple import SimplePlayer

#: What each level does, in one line for the lobby (read while a cursor is on a level).
LEVEL_NOTES = {
    "easy": "Easy plays by the rulebook's tips, but often picks at random. Beatable!",
    "normal": "Normal plays by the rulebook's tips: hires, poaches, cards on rivals",
    "hard": "Hard plans ahead: it plays its options out in games that could be this one",
}

LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "simple": SimplePlayer,
}
