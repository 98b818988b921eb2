"""The presentation context (scenes/engine/theme.py): one theme carries the fonts, the
text size and the palette to every screen and says when they change."""

from __future__ import annotations

import gc

import pygame

from game.startupfever import new_game
from game.startupfever.layout import default_layout
from scenes.app import make_app
from scenes.engine.settings import Settings
from scenes.engine.theme import THEME, Theme
from scenes.startupfever import look as sf_look
from scenes.startupfever.model import TableModel
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_view import TableView
from scenes.table import look as sm_look
from scenes.table.log_panel import LogPanel


def test_every_screen_shares_the_one_font_cache_of_the_theme():
    app = make_app(headless=True, settings=Settings(text_size=125))
    assert app.fonts is THEME.fonts is sf_look.fonts()  # no second cache
    assert app.theme is THEME and THEME.text_scale == 1.25 == app.fonts.text_scale
    assert app.fonts.ui(20).get_height() == THEME.fonts.get("body", 25).get_height()


def test_the_settings_reach_the_theme_and_listeners_hear_each_real_change():
    app = make_app(headless=True)
    heard: list[tuple[float, str]] = []

    def listener(theme: Theme) -> None:
        heard.append((theme.text_scale, theme.palette))

    THEME.on_change(listener)
    app.settings.text_size, app.settings.palette = 150, "safe"
    app.apply_settings()
    app.apply_settings()  # nothing new: nobody is told
    assert heard == [(1.5, "safe")]
    assert sm_look.RGB["blue"] != sm_look.STANDARD_RGB["blue"]  # recoloured by the signal
    THEME.configure(1.0, "standard")
    assert sm_look.RGB["blue"] == sm_look.STANDARD_RGB["blue"]


def test_a_widget_redraws_when_told_and_is_not_kept_alive_by_listening():
    pygame.display.set_mode((10, 10))
    seats = default_seats(2, humans=0)
    view = TableView(default_layout(), seats)
    view.draw(pygame.Surface((1280, 720)), TableModel.from_state(new_game(2, seed=1)))
    assert view._base is not None
    THEME.configure(1.5)
    assert view._base is None  # drawn again at the next frame, at the new size
    panel = LogPanel(pygame.Rect(0, 0, 280, 300))
    panel.add("hello")
    assert panel.lines(THEME.fonts)
    THEME.configure(1.25)
    assert panel._lines is None
    listeners = len(THEME._listeners)
    del view, panel
    gc.collect()
    THEME.configure(1.0)
    assert len(THEME._listeners) < listeners
