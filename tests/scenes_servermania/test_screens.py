"""Screenshots of the SERVERMANIA screens, saved for people to look at and checked not blank.

Saved to pytest's tmp dir and copied to shots/ (gitignored): new_game, board, board_close,
prompt_maintenance, prompt_stuck, card, results.
"""

from __future__ import annotations

from game import servermania as sm
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
    press(app, "confirm")  # the keyboard joins, then a pad
    press(app, "confirm", "pad:1")
    step(app, 30)
    assert len(scene.seats()) == 3  # and a computer fills the third seat
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
    from scenes.table.log_panel import LINE, LogPanel

    pygame.font.init()
    panel = LogPanel(pygame.Rect(0, 0, 270, LINE * 5 + 8))
    panel.add("Ada lands on PAYDAY! and collects a very large amount of money +$15,000")
    for n in range(4):
        panel.add(f"line {n}")
    rows = panel.lines(Fonts())
    assert rows[0][2], "the top row must be the first line of its entry"
    assert [r[0] for r in rows][-4:] == [f"line {n}" for n in range(4)]


LONG = [Seat("Margaret", "pink", False), Seat("Barbara", "blue", False),
        Seat("Dennis", "yellow", False), Seat("Ada", "green", True)]


def late_game() -> sm.State:
    """Four players far apart: Margaret has finished, the others are strung out."""
    state = sm.new_game([s.name for s in LONG], seed=12)
    for value in (6, 5, 4, 3):
        state.apply(sm.Die(value))
    for seat, (position, cash, servers) in enumerate(((49, 380_000, 16), (44, 120_000, 6),
                                                      (21, 245_000, 2), (7, 60_000, 4))):
        p = state.players[seat]
        p.position, p.cash, p.servers = position, cash, servers
    state.players[0].finished = True
    state.finish_order = [0]
    state.pot = 150_000
    state.turn_seat = 3
    return state


def test_full_board_and_hud_with_four_long_names_screenshot(tmp_path):
    scene = BoardScene(LONG, state=late_game())
    app = new_app(scene)
    run_until(app, lambda: scene.roll_call is not None and scene.roll_call.t > 0.4, 600)
    assert_not_blank(shoot(app, "board_full", tmp_path), 120)
    assert scene.hud.rank_labels() == ["1st", "3rd", "2nd", "4th"]


def test_ceo_bonus_moment_screenshot(tmp_path):
    from game.servermania import events as ev

    state = late_game()
    state.players[2].position = 13  # Dennis has just landed on CEO BONUS
    state.turn_seat = 2
    scene = BoardScene(LONG, state=state, autoplay=False)
    app = new_app(scene)
    step(app, READY)
    scene.director.push([ev.PotChanged(2, -150_000, 0, "CEO BONUS"),
                         ev.CashChanged(2, 150_000, 395_000, "CEO BONUS")])
    step(app, 24)
    assert scene.banner_state is not None and scene.banner_state.big
    assert_not_blank(shoot(app, "ceo_bonus", tmp_path), 120)


def test_legend_screenshot(tmp_path):
    from scenes.servermania.legend import LegendScene

    scene = BoardScene(LONG, state=late_game(), autoplay=False)
    app = new_app(scene)
    step(app, READY)
    app.stack.push(LegendScene())
    step(app, 30)
    assert_not_blank(shoot(app, "legend", tmp_path))
