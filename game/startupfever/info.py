"""Startup Fever as the shared tools know it (`game/registry.py`); imports no rules itself."""

from __future__ import annotations

from typing import Any

from game.registry import Checker, GameInfo, register


def turn_completed(events: list[Any]) -> bool:
    """No end-of-turn event here: a product turn is complete when the next one starts, or
    the year end begins."""
    from game.startupfever.events import TurnStarted, YearEndStep

    return any(isinstance(event, TurnStarted | YearEndStep) for event in events)


def progress(state: Any) -> str:
    return f"year {state.year}"


def may_take_back(before: Any, action: Any, after: Any) -> bool:
    """Whether a person's step may still be taken back (`takeback.py`)."""
    from game.startupfever.takeback import may_take_back as rule

    return rule(before, action, after)


def checker(state: Any) -> Checker:
    """The simulator's own checks: the cheap test each step, the full one to explain it."""
    from game.startupfever.sim import fast_check, invariant_violations

    ok = fast_check(state)
    return lambda: [] if ok() else (invariant_violations(state)
                                    or ["the fast and the full invariant checks disagree"])


#: the modules `main.py build-engine` compiles: the state, the rules, the seat views, the
#: simple players, the simulator, and the Hard player's evaluation, look-ahead and its players
#: (the actions, events and the search itself stay plain Python: compiled, an action
#: would refuse a wrongly typed field when built, not when applied as `apply` promises)
COMPILED = ("fields", "state", "usertrack", "cards", "employees", "effects", "yearend",
            "persist", "observe", "rules", "views", "players", "sim", "evaluate", "impact",
            "normal", "hard_rules", "lookahead")

INFO = register(GameInfo(
    id="startupfever", title="Startup Fever", players=(2, 6),
    rules="game.startupfever", levels="game.startupfever.levels", sim="game.startupfever.sim",
    sim_options=("rule_only",), phone="game.startupfever.phone",
    turn_completed=turn_completed, progress=progress, checker=checker, round_trip=0.003,
    bench_games=300, bench_level_games=1, may_take_back=may_take_back,
    replays="game.startupfever.replaying", awards="game.startupfever.awards",
    compiled=COMPILED, compiled_beside=("events", "actions")))
