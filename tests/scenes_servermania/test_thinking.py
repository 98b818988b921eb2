"""Computer seats think in a worker thread (game/thinker.py): the board keeps animating
while a slow decision is pending, shows the thinking bubble, then applies the answer."""

from __future__ import annotations

import threading

import pytest

from game import registry
from game.thinker import Thinker
from scenes.demo import DemoScene
from tests.scenes_servermania.helpers import new_app, run_until, step


class SlowPlayer:
    """Answers only when the test opens the gate: a decision that takes long."""

    kind = "slow"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.asked = 0

    def decide(self, state, legal):
        self.asked += 1
        self.gate.wait(10)
        return legal[0]


def test_a_slow_decision_never_stalls_the_board_and_shows_the_bubble():
    scene = DemoScene(players=2, seed=3, pace=8.0)
    app = new_app(scene)
    step(app, 2)
    slow = SlowPlayer()
    scene.agents = {seat: slow for seat in scene.agents}
    scene.thinker = Thinker(threaded=True)  # as in a window (headless answers at once)
    run_until(app, lambda: slow.asked > 0, 20_000)
    clock = scene.clock
    step(app, 120)  # two seconds of frames while the player is still thinking
    assert scene.clock > clock + 1.9
    assert scene.thinking is not None and not scene.thinker.idle
    before = scene.state.to_json()
    slow.gate.set()
    run_until(app, lambda: scene.thinker.idle and scene.thinking is None, 600)
    assert scene.state.to_json() != before  # the answer was applied


@pytest.mark.parametrize("game", list(registry.ids()))
def test_headless_runs_think_at_once_so_frame_counts_do_not_depend_on_load(game):
    scene = DemoScene(game=game, players=2, seed=3)
    app = new_app(scene)
    step(app, 2)
    assert not scene.thinker.threaded
    hard = [a for a in scene.agents.values() if a.kind == "hard"]
    assert hard and all(getattr(a, "time_budget", None) is None for a in hard)
