"""`python main.py stress GAME --games N`: random games that try to break the rules engine.

Every seat plays a uniformly random legal action and every chance step takes a uniformly
random outcome (rare cards and rolls come up as often as common ones). After every step
the game's invariants (its `GameInfo.checker`) are checked, plus what the rules API
promises of any state: a player or chance is to move with legal actions, or the game is
over with winners. At
random steps the state makes a `to_json` / `from_json` round trip and a `clone()`, and
both must equal the original and, given the same next action, stay equal to it.

Game `g` of a run with `--seed S` uses seed S + g for everything (player count, choices,
outcomes), so each violation names a seed that replays that game alone:
`python main.py stress GAME --games 1 --seed <seed>`.
"""

from __future__ import annotations

import random
import traceback
from functools import partial
from typing import Any

from game import registry
from game.parallel import play_ranges

MAX_EXAMPLES = 10
STEP_CAP = 50_000
PARALLEL_FROM = 200


def stress_game(game: str, seed: int) -> tuple[int, list[str]]:
    """Play one random game from `seed`; returns (steps, violation messages)."""
    info = registry.get(game)
    api = info.rules_module()
    rng = random.Random(seed)
    low, high = info.players
    players = rng.choice(range(low, high + 1))
    where = f"{game} seed {seed} ({players} players)"
    state = api.new_game(players, seed=seed)
    broken = info.checker(state)
    steps = 0
    try:
        while not state.is_terminal():
            legal = state.legal_actions()
            problem = _api_problem(api, state, players, legal)
            if problem:
                return steps, [f"{where} step {steps}: {problem}"]
            action = rng.choice(legal)
            if rng.random() < info.round_trip:
                problem = _round_trip_problem(api, state, action, rng, players)
                if problem:
                    return steps, [f"{where} step {steps} ({action}): {problem}"]
            state.apply(action)
            steps += 1
            bad = broken()
            if bad:
                return steps, [f"{where} step {steps} after {action}: {b}" for b in bad]
            if steps >= STEP_CAP:
                return steps, [f"{where}: no end after {STEP_CAP} steps"]
        winners = state.winners()
        if not winners or not set(winners) <= set(range(players)):
            return steps, [f"{where}: the game ended with winners {winners}"]
    except Exception as exc:  # a crash on a legal path is exactly what stress looks for
        last = traceback.extract_tb(exc.__traceback__)[-1]
        return steps, [f"{where} step {steps}: {type(exc).__name__}: {exc} "
                       f"({last.filename.rsplit('/', 1)[-1]}:{last.lineno})"]
    return steps, []


def _api_problem(api: Any, state: Any, players: int, legal: list[Any]) -> str | None:
    cp = state.current_player
    if cp != api.CHANCE and not 0 <= cp < players:
        return f"current_player is {cp}"
    if not legal:
        return "no legal actions in a game that is not over"
    return None


def _round_trip_problem(api: Any, state: Any, action: Any, rng: random.Random,
                        players: int) -> str | None:
    """Save, load and clone `state`; all three must agree now and after `action`."""
    text = state.to_json()
    loaded = api.from_json(text)
    if loaded.to_json() != text:
        return "from_json(to_json()) differs from the state"
    copy = state.clone()
    if copy.to_json() != text:
        return "clone() differs from the state"
    seat = rng.randrange(players)
    state.observation(seat)  # must work at any step, for any seat
    copy.apply(action)
    loaded.apply(action)
    after = copy.to_json()
    if loaded.to_json() != after:
        return "a loaded save plays the next action differently"
    if state.to_json() != text:
        return "playing on a clone changed the original"
    return None


def _stress_range(game: str, args: tuple[int, int, int, int]) -> dict[str, Any]:
    _, seed, start, stop = args
    part: dict[str, Any] = {"steps": 0, "violations": 0, "examples": []}
    for g in range(start, stop):
        steps, bad = stress_game(game, seed + g)
        part["steps"] += steps
        part["violations"] += len(bad)
        part["examples"] += bad[:MAX_EXAMPLES - len(part["examples"])]
    return part


def stress(game: str, games: int, seed: int = 1, workers: int | None = None
           ) -> dict[str, Any]:
    """Run `games` random games of `game`; the figures as plain data."""
    registry.get(game)  # ValueError for a game there is not
    if games < 1:
        raise ValueError("games must be at least 1")
    parts, seconds, workers = play_ranges(
        partial(_stress_range, game), games=games, players=0, seed=seed, workers=workers,
        parallel_from=PARALLEL_FROM)
    steps = sum(p["steps"] for p in parts)
    return {
        "game": game, "games": games, "seed": seed, "workers": workers,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else float(games),
        "steps": steps, "violations": sum(p["violations"] for p in parts),
        "violation_examples": [e for p in parts for e in p["examples"]][:MAX_EXAMPLES],
    }


def format_report(figures: dict[str, Any]) -> str:
    lines = [f"stress {figures['game']}: {figures['games']} random games "
             f"({figures['steps']} steps) in {figures['seconds']:.1f} s = "
             f"{figures['games_per_second']:.1f} games/s on {figures['workers']} process(es)",
             f"violations: {figures['violations']}"]
    for example in figures["violation_examples"]:
        lines.append(f"  - {example}")
    if figures["violations"]:
        lines.append(f"replay one: python main.py stress {figures['game']} --games 1 "
                     "--seed <seed>")
    return "\n".join(lines)
