"""Mutated real saves, shared by the save property tests and the attack suite.

`real_saves(game)` plays seeded random games and keeps their states at many moments;
`mutate(data, rng)` changes one field of a save's JSON the way a damaged or hand-edited
file would (null, a number, a name from elsewhere in the save, an item dropped or
doubled); `plays_on(api, text, rng)` loads a text and, if it is accepted, plays random
legal steps from it, returning what went wrong (None: it played on).
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from functools import cache
from typing import Any

STEPS = 400  # random steps every accepted save must play (or end) without a problem
RELOAD_EVERY = 5  # steps between two checks that the state reached still loads
PLAYERS = {"servermania": (2, 3, 4), "startupfever": (2, 3, 4, 5, 6)}


def api(game: str) -> Any:
    return importlib.import_module(f"game.{game}")


@cache
def real_saves(game: str, games: int = 6, every: int = 23) -> tuple[str, ...]:
    """Save texts of `games` seeded random games, one every `every` steps."""
    rules = api(game)
    texts = []
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_game(PLAYERS[game][seed % len(PLAYERS[game])], seed=seed)
        step = 0
        while not state.is_terminal() and step < 3000:
            if step % every == 0:
                texts.append(state.to_json())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return tuple(texts)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into `value` (dict keys and list indexes), the root excluded."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((*path, key))
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.append((*path, i))
            found += _paths(item, (*path, i))
    return found


def _leaves(value: Any) -> list[Any]:
    """Scalars found anywhere in `value`: names and numbers a mutation may borrow."""
    if isinstance(value, dict):
        return [v for item in value.values() for v in _leaves(item)] + list(value)
    if isinstance(value, list):
        return [v for item in value for v in _leaves(item)]
    return [value]


def mutate(data: dict, rng: random.Random) -> dict:
    """A copy of the save `data` with one field changed."""
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p[0] not in ("format", "version", "rng", "board")]
    path = rng.choice(paths)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    kind = rng.randrange(6)
    if kind == 0:
        new: Any = None
    elif kind == 1:
        new = rng.choice([-1, 0, 1, 2, 3, 5, 6, 7, 99, 10**6])
    elif kind == 2:
        new = rng.choice([v for v in _leaves(data) if isinstance(v, str | int)] or [0])
    elif kind == 3 and isinstance(value, list) and value:
        new = value[:]
        del new[rng.randrange(len(new))]
    elif kind == 4 and isinstance(value, list) and value:
        new = [*value, rng.choice(value)]
    elif kind == 5 and isinstance(value, dict) and value:
        new = dict(value)
        del new[rng.choice(list(new))]
    else:
        new = rng.choice([True, False, "", [], {}])
    parent[key] = new
    return data


def plays_on(game: str, text: str, rng: random.Random, steps: int = STEPS) -> str | None:
    """None if `text` is refused (SaveError) or plays `steps` random steps (or to the end)
    with the states reached (every RELOAD_EVERY-th and the last) still accepted by
    `from_json`; else what went wrong."""
    rules = api(game)
    try:
        state = rules.from_json(text)
    except ValueError:
        return None
    for step in range(steps):
        if state.is_terminal():
            return None
        try:
            legal = state.legal_actions()
            if not legal:
                return f"step {step}: no legal action"
            state.apply(rng.choice(legal))
            if step % RELOAD_EVERY == 0 or step == steps - 1 or state.is_terminal():
                rules.from_json(state.to_json())
        except Exception as exc:  # noqa: BLE001 - any of them is the finding
            return f"step {step}: {type(exc).__name__}: {exc}"[:300]
    return None


def accepted(game: str, text: str) -> bool:
    try:
        api(game).from_json(text)
    except ValueError:
        return False
    return True


def mutated_texts(game: str, rng: random.Random) -> str:
    saves = real_saves(game)
    return json.dumps(mutate(json.loads(rng.choice(saves)), rng))
