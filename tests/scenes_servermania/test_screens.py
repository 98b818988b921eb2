"""Screenshots of the SERVERMANIA screens, saved for people to look at and checked not blank.

Saved to pytest's tmp dir and copied to shots/ (gitignored): new_game, board, board_close,
prompt_maintenance, prompt_stuck, card, results.
"""

from __future__ import annotations

from scenes.servermania.board_scene import BoardScene
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import Seat
from scenes.servermania.setup import NewGameScene
from tests.scenes_servermania.helpers import (
    READY,
    assert_not_blank,
    new_app,
    press,
    run_until,
    shoot,
    step,
)
from tests.scenes_servermania.test_game import SEATS, scenario


def test_new_game_screen_screenshot(tmp_path):
    scene = NewGameScene()
    app = new_app(scene)
    step(app, READY)
    for name in ("up", "up", "confirm", "right", "confirm", "up", "confirm"):
        press(app, name)
    step(app, 30)
    assert len(scene.seats()) == 3
    assert_not_blank(shoot(app, "new_game", tmp_path))


def answer(app, scene):
    """Hit the die and take the first option whenever a person is asked."""
    def each():
        if scene.roll_call is not None or scene.prompt is not None:
            press(app, "confirm")
    return each


def test_board_screenshots_whole_track_and_a_hopping_pawn(tmp_path):
    scene = BoardScene(SEATS, seed=4)
    app = new_app(scene)
    run_until(app, lambda: scene.state.turn >= 3 and scene.die is not None
              and scene.die.settled, 5000, each=answer(app, scene))
    assert_not_blank(shoot(app, "board", tmp_path), 120)
    run_until(app, lambda: scene.pawns.moving, 5000, each=answer(app, scene))
    assert not scene.camera.close, "the camera keeps the whole board in view"
    assert_not_blank(shoot(app, "board_hop", tmp_path), 120)


def test_maintenance_prompt_screenshot(tmp_path):
    scene = BoardScene(SEATS[:2], state=scenario(8))
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None and scene.prompt.t > 0.5, 600)
    assert_not_blank(shoot(app, "prompt_maintenance", tmp_path))


def test_stuck_prompt_screenshot(tmp_path):
    state = scenario(18)
    state.players[0].cash = 120_000
    scene = BoardScene(SEATS[:2], state=state)
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None and scene.prompt.t > 0.5, 600)
    assert_not_blank(shoot(app, "prompt_stuck", tmp_path))


def test_card_flip_screenshot_shows_the_card_text(tmp_path):
    scene = BoardScene(SEATS, seed=5)
    app = new_app(scene)
    run_until(app, lambda: scene.card is not None and scene.card.shows_front
              and scene.card.t > 1.3, 20_000, each=answer(app, scene))
    assert_not_blank(shoot(app, "card", tmp_path))


def test_results_screenshot(tmp_path):
    seats = [Seat("Ada", "pink", False), Seat("Linus", "blue", False),
             Seat("Grace", "yellow", False)]
    scene = BoardScene(seats, seed=9, pace=8.0)
    app = new_app(scene)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 20_000)
    step(app, 150)
    assert_not_blank(shoot(app, "results", tmp_path))


def test_log_panel_never_shows_the_tail_of_a_cut_entry():
    """A wrapped entry is shown whole or not at all: no orphan continuation line on top."""
    import pygame

    from scenes.engine.fonts import Fonts
    from scenes.servermania.log_panel import LINE, LogPanel

    pygame.font.init()
    panel = LogPanel(pygame.Rect(0, 0, 270, LINE * 5 + 8))
    panel.add("Ada lands on PAYDAY! and collects a very large amount of money +$15,000")
    for n in range(4):
        panel.add(f"line {n}")
    rows = panel.lines(Fonts())
    assert rows[0][2], "the top row must be the first line of its entry"
    assert [r[0] for r in rows][-4:] == [f"line {n}" for n in range(4)]
