"""SERVERMANIA as the shared tools know it (`game/registry.py`); imports no rules itself."""

from __future__ import annotations

from typing import Any

from game.registry import Checker, GameInfo, register


def turn_completed(events: list[Any]) -> bool:
    """A turn is over when the rules say so (TurnEnded)."""
    from game.servermania.events import TurnEnded

    return any(isinstance(event, TurnEnded) for event in events)


def progress(state: Any) -> str:
    return f"turn {state.turn}"


def may_take_back(before: Any, action: Any, after: Any) -> bool:
    """Whether a person's step may still be taken back (`takeback.py`)."""
    from game.servermania.takeback import may_take_back as rule

    return rule(before, action, after)


def checker(state: Any) -> Checker:
    checks: Checker = state.invariant_violations
    return checks


INFO = register(GameInfo(
    id="servermania", title="SERVERMANIA", players=(2, 4),
    rules="game.servermania", levels="game.servermania.levels", sim="game.servermania.sim",
    phone="game.servermania.phone", turn_completed=turn_completed, progress=progress,
    checker=checker, round_trip=0.03, bench_games=2000, bench_level_games=3,
    may_take_back=may_take_back, replays="game.servermania.replaying",
    awards="game.servermania.awards"))
