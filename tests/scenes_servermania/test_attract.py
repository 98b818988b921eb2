"""Attract mode: 30 s without input on the title starts a Hard-vs-Normal demo with full
animations; any input returns to the title at once; demos follow each other. And
`main.py demo GAME --speed X`."""

from __future__ import annotations

import random

from main import main
from scenes import title as title_module
from scenes.demo import Attract, AttractDemo, available
from scenes.servermania.board_scene import BoardScene
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import new_app, press, run_until, step


def test_thirty_idle_seconds_on_the_title_start_the_attract_demo():
    app = new_app(TitleScene())
    step(app, int(title_module.ATTRACT_AFTER * 60) - 30, draw=False)
    assert isinstance(app.stack.top, TitleScene)
    step(app, 60)
    demo = app.stack.top
    assert isinstance(demo, Attract) and demo.pace == 1.0  # full animations
    assert len(demo.seats) == 4 and not any(s.human for s in demo.seats)
    assert sorted(a.kind for a in demo.agents.values()) == ["hard", "hard", "normal", "normal"]
    assert "servermania" in available()


def test_input_on_the_title_restarts_the_idle_clock():
    app = new_app(TitleScene())
    half = int(title_module.ATTRACT_AFTER * 60) // 2
    step(app, half + 100, draw=False)
    press(app, "down")
    step(app, half + 100, draw=False)
    assert isinstance(app.stack.top, TitleScene)


def test_any_input_returns_from_the_attract_demo_to_the_title():
    for name in ("down", "x", "rshoulder", "confirm"):
        app = new_app(TitleScene())
        step(app, 20)
        app.stack.push(AttractDemo(random.Random(1)))
        step(app, 120)
        press(app, name, "pad:1")
        step(app, 40)
        assert isinstance(app.stack.top, TitleScene), name


def test_attract_demos_follow_each_other_without_a_results_screen():
    first = AttractDemo(random.Random(2), pace=8.0)
    app = new_app(first, speed=2.0)
    run_until(app, lambda: app.stack.top is not first, 30_000)
    assert isinstance(app.stack.top, Attract)
    assert first.state.is_terminal()


def test_demo_cli_takes_a_speed_factor_and_finishes_a_game(monkeypatch):
    finished = []
    original = BoardScene.show_results

    def counted(self):
        finished.append(self.state.winners())
        original(self)
        self.app.quit()  # the game is finished: what the test asks

    monkeypatch.setattr(BoardScene, "show_results", counted)
    # seeded, 16x finishes in ~1,150 updates (at 1x the same game needs many thousands)
    assert main(["demo", "servermania", "--headless", "--frames", "1800", "--seed", "1",
                 "--speed", "16"]) == 0
    assert finished
    assert main(["demo", "servermania", "--headless", "--speed", "0"]) == 2
