"""The issue's 'done when': a game played from the title (a person at the keyboard who
takes back now and then, and a computer), then `main.py replay latest --headless --json`
reproduces its result exactly."""

from __future__ import annotations

import json

import main
from game.replays import Shelf
from scenes.startupfever.setup import NewGameScene
from scenes.startupfever.table_scene import TableScene
from scenes.title import TitleScene
from tests.scenes_startupfever.helpers import (
    READY,
    Person,
    at_results,
    new_app,
    press,
    run_until,
    step,
)


def test_a_game_from_the_title_replays_to_its_result(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = new_app(TitleScene(), speed=2.0)
    app.replays = Shelf(tmp_path / "unicorn-arcade" / "replays")
    step(app, READY)
    title = app.stack.top
    entry = [e.label for e, _ in title.entries].index("Startup Fever")
    for _ in range(entry - title.menu.selected):
        press(app, "down")
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene), 120)
    step(app, READY)
    press(app, "confirm")  # the keyboard joins seat 1
    press(app, "pause")  # start: the person and the lobby's computer
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 120)
    scene = app.stack.top
    scene.pace = 8.0
    step(app, READY)
    person = Person(app, scene, "keyboard")
    taken = []

    def play() -> None:
        decision = scene.decision
        if decision is not None and decision.take_back and not decision.secret \
                and len(taken) < 4 and app.updates % 5 == 0:
            taken.append(decision.take_back)
            press(app, "x")  # a step taken back: the replay must not hold it
            return
        person()
    run_until(app, lambda: at_results(app), 200_000, each=play)
    results = app.stack.top
    assert taken, "the person took nothing back"
    assert scene.replay_id is not None
    capsys.readouterr()
    assert main.main(["replay", "latest", "--headless", "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["id"] == scene.replay_id
    assert replayed["scores"] == results.scores == scene.state.scores()
    assert replayed["winner_seats"] == scene.state.winners()
