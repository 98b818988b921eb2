"""Text size 150 %: the log, the prompts and the HUD grow, and no text runs outside its box.

Also saves the couch screenshots people look at (shots/): the lobby with four pads, the
pause menu, a rules page and the settings at 150 % text.
"""

from __future__ import annotations

import pygame
import pytest

from scenes import registry
from scenes.engine.fonts import Fonts
from scenes.howto import HowToPlayScene
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.prompts import BUTTON_PAD, maintenance_prompt, stuck_prompt
from scenes.servermania.setup import NewGameScene
from scenes.settings import SettingsScene
from scenes.table.log_panel import FONT_SIZE, LogPanel
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

VIEW_H = 656


def with_text(scene, size: int):
    app = new_app(scene)
    app.settings.text_size = size
    app.apply_settings()
    return app


@pytest.mark.parametrize("size", [100, 125, 150])
@pytest.mark.parametrize("make", [maintenance_prompt, stuck_prompt])
def test_prompt_text_stays_inside_the_prompt_at_every_text_size(size, make):
    """On the board a decision prompt is laid out to fit the empty middle: it
    keeps its 100 % sizes there at every text size (the middle has no room for bigger
    text without covering the track), never smaller: facts at 24 px, option labels at 24,
    their consequences at 20."""
    state = scenario(8 if make is maintenance_prompt else 18)
    scene = BoardScene(SEATS[:2], state=state)
    app = with_text(scene, size)
    run_until(app, lambda: scene.prompt is not None, 900)
    step(app, 30)
    prompt, fonts = scene.prompt, app.fonts
    assert prompt.asked == size / 100
    assert prompt.compact and scene.view.contains(prompt.rect)
    facts = prompt.facts_rect(fonts)
    assert prompt.rect.contains(facts) and prompt.lines
    assert facts.bottom <= min(option.rect.y for option in prompt.options)
    label, detail = prompt.label_font(fonts), fonts.body(prompt.sizes["detail"])
    assert prompt.fact_font(fonts).get_height() >= 24 and label.get_height() >= 24
    assert detail.get_height() >= 20
    for option, lines in zip(prompt.options, prompt.details, strict=True):
        assert prompt.rect.contains(option.rect)
        room = option.rect.w - 2 * BUTTON_PAD
        assert label.size(option.label)[0] <= room
        assert lines and all(detail.size(line)[0] <= room for line in lines)
        assert label.get_height() + detail.get_height() * len(lines) <= option.rect.h
    assert " ".join(prompt.lines) == " ".join(prompt.facts)  # every fact is shown


@pytest.mark.parametrize("size", [100, 150])
def test_log_lines_fit_the_side_panel_at_every_text_size(size):
    fonts = Fonts()
    fonts.text_scale = size / 100
    panel = LogPanel(pygame.Rect(990, 300, 280, 340))
    for text in ("Margaret passes PAYDAY! +$60,000", "The CEO BONUS pot +$50,000",
                 "Barbara takes the CEO BONUS: $1,250,000"):
        panel.add(text)
    lines = panel.lines(fonts)
    font = fonts.ui(FONT_SIZE)
    assert font.get_height() >= round(FONT_SIZE * size / 100) - 1
    assert lines and all(font.size(line)[0] <= panel.rect.w - 28 for line, _, _ in lines)
    assert len(lines) * fonts.scaled(28) <= panel.rect.h - 8


def test_screenshots_of_the_couch_screens(tmp_path):
    lobby = NewGameScene()
    app = new_app(lobby)
    step(app, READY)
    for pad in range(4):
        press(app, "confirm", f"pad:{pad}")
    press(app, "down", "pad:1")
    press(app, "confirm", "pad:2")  # Grace types her name on the on-screen keyboard
    assert_not_blank(shoot(app, "couch_lobby_4_pads", tmp_path))

    board = BoardScene(SEATS[:3], seed=1)
    app = new_app(board)
    step(app, 120)
    press(app, "pause")
    step(app, 20)
    assert_not_blank(shoot(app, "couch_pause_menu", tmp_path))

    app = new_app(HowToPlayScene("servermania"))
    step(app, READY)
    press(app, "right")
    step(app, 10)
    assert_not_blank(shoot(app, "couch_rules_page", tmp_path))
    assert all(len(screens.pages()) >= 4 for screens in registry.games())

    app = new_app(SettingsScene())
    step(app, READY)
    for name in ("down", "down", "down", "right", "right"):  # Text size: 100 -> 125 -> 150
        press(app, name)
    step(app, 30)
    assert app.settings.text_size == 150 and app.fonts.text_scale == 1.5
    assert_not_blank(shoot(app, "couch_settings_150", tmp_path))
    assert app.stack.top.menu.buttons[3].value == "150%"


@pytest.mark.parametrize("players, grown", [(2, 1.5), (3, 1.4), (4, 1.12)])
def test_the_hud_grows_with_the_text_size_as_far_as_the_panel_allows(players, grown):
    scene = BoardScene(SEATS[:players], seed=1)
    app = with_text(scene, 150)
    step(app, 5)
    hud = scene.hud
    assert hud.k == pytest.approx(grown, abs=0.01)
    assert scene.log_panel.rect == hud.log_rect()
    assert scene.log_panel.rect.h >= 2 * app.fonts.scaled(28) + 8  # the log keeps two lines
    name = hud.name_rect(0, app.fonts)
    assert app.fonts.body(round(24 * hud.k)).get_height() <= name.h + 1  # names grew too
    app.settings.text_size = 100
    app.apply_settings()
    step(app, 1)
    assert hud.k == 1.0 and hud.row_rect(0).h == 88  # back to the 100 % layout


def test_the_hud_regrows_when_the_theme_says_the_text_size_changed_not_by_polling_in_draw():
    scene = BoardScene(SEATS[:2], seed=1)
    app = with_text(scene, 100)
    step(app, 5)
    assert scene.hud.k == 1.0
    app.settings.text_size = 150  # as the pause menu's settings do mid-game
    app.apply_settings()
    assert scene.hud.k == pytest.approx(1.5)  # told at once, before any frame is drawn
    assert scene.log_panel.rect == scene.hud.log_rect()
