"""Past games and the replay viewer (scenes/past_games.py, scenes/replay_view.py): a
kept game is listed, watched on its real table with pause, steps both ways, ×1/×4/×16,
jumps by year or turn, and its hands shown only after the end; another rules version
refuses in one line."""

from __future__ import annotations

import json

import pytest

from game import replays
from scenes.past_games import PastGamesScene
from scenes.replay_view import ReplayViewer
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import Seat as SmSeat
from scenes.startupfever.seats import Seat as SfSeat
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import new_app, press, run_until, step


def finished(scene_class, seats, seed=3):
    """A whole computers' game on its table; the app (its replay kept in memory)."""
    scene = scene_class(seats, seed=seed, pace=8)
    app = new_app(scene)
    run_until(app, lambda: type(app.stack.top).__name__ == "ResultsScene", 200_000)
    return app, scene


@pytest.fixture(scope="module")
def sf_app():
    return finished(TableScene, [SfSeat("Ada", "pink", False), SfSeat("Bo", "blue", False),
                                 SfSeat("Cy", "yellow", False)])


def test_a_finished_game_is_listed_in_past_games_and_watched(sf_app):
    app, scene = sf_app
    assert scene.replay_id is not None
    app.stack.replace(PastGamesScene(), fade=False)
    step(app, 30)
    past = app.stack.top
    assert [g.id for g in past.games] == [scene.replay_id]
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, ReplayViewer), 120)
    viewer = app.stack.top
    assert viewer.table.watching
    run_until(app, lambda: viewer.position >= 40, 20_000)
    press(app, "confirm")  # pause
    step(app, 60)
    here = viewer.position
    step(app, 120)
    assert viewer.position == here  # paused: nothing more is played
    press(app, "right")  # one step forward
    run_until(app, lambda: viewer.position == here + 1, 2_000)
    press(app, "left")
    press(app, "left")
    assert viewer.position == here - 1 and viewer.paused
    same = replays.Player(viewer.replay)
    for _ in range(here - 1):
        same.step()
    assert viewer.table.state.to_json() == same.state.to_json()  # the very same game
    press(app, "up")
    assert viewer.table.pace == 4.0
    press(app, "up")
    assert viewer.table.pace == 16.0
    press(app, "rshoulder")  # the next year
    assert viewer.timeline.marks[1][1] == "year 1"
    assert viewer.position in [m[0] for m in viewer.timeline.marks]
    press(app, "x")
    assert not viewer.reveal  # never before the end
    press(app, "confirm")  # play on
    run_until(app, lambda: viewer.at_end, 60_000)
    press(app, "x")
    assert viewer.reveal and viewer.timeline.hidden
    assert app.stack.top is viewer  # the end stays on the table (no results)
    press(app, "back")
    run_until(app, lambda: isinstance(app.stack.top, PastGamesScene), 120)


def test_a_servermania_replay_jumps_by_turn():
    app, _scene = finished(BoardScene, [SmSeat("Ada", "pink", False),
                                        SmSeat("Bo", "blue", False)])
    replay = app.replays.all()[0]
    viewer = ReplayViewer(replay)
    app.stack.replace(viewer, fade=False)
    step(app, 30)
    press(app, "confirm")  # pause
    here = viewer.timeline.mark_of(viewer.position)
    press(app, "rshoulder")
    press(app, "rshoulder")
    marks = viewer.timeline.marks
    assert viewer.position == marks[here + 2][0]
    assert marks[here + 2][1] == f"turn {int(marks[here][1].split()[1]) + 2}"
    assert viewer.timeline.hidden == []  # nothing hidden at a SERVERMANIA table


def test_a_replay_of_other_rules_refuses_in_one_line(sf_app):
    from scenes.table.watching import watch

    app, scene = sf_app
    text = json.loads(app.replays.memory[scene.replay_id])
    text["rules"] = "ffffffffffffffff"
    app.replays.memory[scene.replay_id] = json.dumps(text)
    before = app.stack.top
    assert not watch(app, scene.replay_id)
    assert app.stack.top is before
    assert "other Startup Fever rules" in app.toasts.items[-1][0]
