"""Run Startup Fever scenes headless in-process: SERVERMANIA's helpers (step, press,
run_until, shoot, assert_not_blank) plus table builders for these tests."""

from __future__ import annotations

from game import startupfever as sf
from scenes.engine.app import App
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.seats import Seat, default_seats
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import (
    READY,
    SHOTS,
    assert_not_blank,
    new_app,
    press,
    run_until,
    shoot,
    step,
)

__all__ = ["READY", "SHOTS", "assert_not_blank", "new_app", "press", "run_until", "shoot",
           "step", "computers", "table", "at_results", "advance_to"]

PACE = 8.0  # whole games play this much faster than at speed 1


def computers(count: int) -> list[Seat]:
    return default_seats(count, humans=0)


def table(seats: list[Seat], seed: int = 3, pace: float = PACE, state: sf.State | None = None,
          speed: float = 1.0, **kw) -> tuple[App, TableScene]:
    """A headless app showing a fresh TableScene, past its fade-in (input is accepted)."""
    scene = TableScene(seats, seed=seed, pace=pace, state=state, **kw)
    app = new_app(scene, speed=speed)
    step(app, READY)
    return app, scene


def at_results(app: App) -> bool:
    return isinstance(app.stack.top, ResultsScene)


def advance_to(state: sf.State, stage: str, limit: int = 20_000) -> sf.State:
    """Play `state` on with rule players and sampled chance until it reaches `stage`."""
    from game.startupfever.players import RulePlayer

    agents = [RulePlayer(i) for i in range(len(state.players))]
    for _ in range(limit):
        if state.stage == stage:
            return state
        seat = state.current_player
        action = state.sample_chance() if seat == sf.CHANCE else \
            agents[seat].decide(state, state.legal_actions())
        state.apply(action)
    raise AssertionError(f"stage {stage!r} not reached")
