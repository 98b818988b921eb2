"""The Startup Fever demo a watcher can follow, measured in updates of
the demo's own clock (60 a second), never in wall time: at its default speed every Event
Card's front stays up 2 s or more, every showdown 4 s or more, the winner screen 8 s;
`--speed` (the demo's pace) still makes all of them faster."""

from __future__ import annotations

from functools import cache
from statistics import median

from scenes.demo import DemoScene
from scenes.engine.loop import STEP
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import new_app


@cache
def measure(pace: float | None) -> tuple[list[float], list[float], float]:
    """Seconds each card's front was up, each showdown lasted, and the winner stayed."""
    app = new_app(DemoScene(game="startupfever", seed=11, pace=pace))
    fronts: dict[int, int] = {}
    showdowns: list[int] = []
    was_active = False
    for _ in range(60_000):
        app.step()
        scene = app.stack.top
        if isinstance(scene, ResultsScene):
            break
        if scene.card is not None and scene.card.shows_front:
            fronts[id(scene.card)] = fronts.get(id(scene.card), 0) + 1
        if scene.showdown.active:
            if not was_active:
                showdowns.append(0)
            showdowns[-1] += 1
        was_active = scene.showdown.active
    assert isinstance(app.stack.top, ResultsScene), "the demo game never ended"
    winner = 0
    while not isinstance(app.stack.top, TableScene):
        app.step()
        winner += 1
        assert winner < 10_000
    return ([n * STEP for n in fronts.values()], [n * STEP for n in showdowns],
            winner * STEP)


def test_the_demo_holds_cards_showdowns_and_the_winner_long_enough():
    cards, showdowns, winner = measure(None)
    assert len(cards) > 10 and len(showdowns) >= 2
    assert min(cards) >= 2.0, sorted(cards)[:5]
    assert min(showdowns) >= 4.0, sorted(showdowns)
    assert winner >= 8.0


def test_speed_still_makes_the_demo_faster():
    cards, showdowns, winner = measure(None)
    fast_cards, fast_showdowns, fast_winner = measure(6.0)
    assert median(fast_cards) < median(cards)
    assert median(fast_showdowns) < median(showdowns) and fast_winner < winner
