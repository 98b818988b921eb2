"""The presentation context (scenes/engine/theme.py): one theme carries the fonts, the
text size and the palette to every screen and says when they change."""

from __future__ import annotations

import gc
import sys

import pygame

from game.startupfever import new_game
from game.startupfever.layout import default_layout
from scenes.app import make_app
from scenes.engine.palette import PLAYER_PALETTES, SAFE_PLAYER_COLOURS, STANDARD_PLAYER_COLOURS
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
    assert THEME.player_rgb("blue") != sm_look.STANDARD_RGB["blue"]  # the safe palette
    THEME.configure(1.0, "standard")
    assert THEME.player_rgb("blue") == sm_look.STANDARD_RGB["blue"]


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


# -- the palette: one holder, the theme -----------------------------------------------------------

def _count(canvas: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    area = canvas.subsurface(rect.clip(canvas.get_rect()))
    return sum(1 for x in range(area.get_width()) for y in range(area.get_height())
               if area.get_at((x, y))[:3] == colour)


def _module_palettes() -> list[str]:
    """Mutable module-level tables holding player colours (what the theme replaces)."""
    colours = {rgb for table in PLAYER_PALETTES.values() for rgb in table.values()}
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("scenes"):
            continue
        for attr, value in vars(module).items():
            if isinstance(value, dict) and len(value) >= 4 \
                    and all(isinstance(v, tuple) and v in colours for v in value.values()):
                found.append(f"{name}.{attr}")
    return found


def test_switching_the_palette_mid_game_recolours_the_hud_and_no_module_keeps_a_copy():
    from scenes.servermania.board_scene import BoardScene
    from tests.scenes_servermania.helpers import new_app, step
    from tests.scenes_servermania.test_game import SEATS

    scene = BoardScene(SEATS[:2], seed=1)
    app = new_app(scene)
    step(app, 60)
    row = scene.hud.row_rect(1)  # Linus, blue: his badge in his colour
    assert _count(app.display.canvas, row, STANDARD_PLAYER_COLOURS["blue"]) > 50
    app.settings.palette = "safe"
    app.apply_settings()  # as the settings screen does, in the middle of the game
    step(app, 2)
    assert THEME.player_rgb("blue") == SAFE_PLAYER_COLOURS["blue"] == THEME.players["blue"]
    assert _count(app.display.canvas, row, SAFE_PLAYER_COLOURS["blue"]) > 50
    assert _count(app.display.canvas, row, STANDARD_PLAYER_COLOURS["blue"]) == 0
    assert _module_palettes() == [], "a palette copy outside the theme"


def test_a_decision_panel_open_at_a_palette_change_is_painted_again():
    """The hand curtain of an open decision takes the new palette at once (its painted
    panel used to keep the colour it was first painted in until its content changed)."""
    from scenes.startupfever.prompt_year import ChipsDecision
    from scenes.startupfever.seats import default_seats
    from tests.scenes_startupfever.helpers import run_until, step, table

    app, scene = table(default_seats(4, humans=1), seed=3, pace=1.0)
    run_until(app, lambda: isinstance(scene.decision, ChipsDecision), 600)
    step(app, 30)
    cover = scene.decision.curtain.area
    assert _count(app.display.canvas, cover, STANDARD_PLAYER_COLOURS["pink"]) > 500
    app.settings.palette = "safe"
    app.apply_settings()
    step(app, 2)
    assert _count(app.display.canvas, cover, STANDARD_PLAYER_COLOURS["pink"]) == 0
    assert _count(app.display.canvas, cover, SAFE_PLAYER_COLOURS["pink"]) > 500


def test_the_user_markers_on_the_track_take_a_new_palette_mid_game():
    from scenes.startupfever.seats import default_seats
    from tests.scenes_startupfever.helpers import step, table

    app, scene = table(default_seats(4, humans=0), seed=3)
    step(app, 60)
    owned = [slot for slot in scene.view.used if scene.view.owner[slot] == 0]  # Ada, pink
    spots = [pygame.Rect(0, 0, 24, 24) for _ in owned]
    for rect, slot in zip(spots, owned, strict=True):
        rect.center = scene.view.marker_spot(slot, scene.model.products[slot].field,
                                             scene.model)

    def pink(rgb: tuple[int, int, int]) -> int:
        return sum(_count(app.display.canvas, rect, rgb) for rect in spots)

    assert pink(STANDARD_PLAYER_COLOURS["pink"]) > 100
    app.settings.palette = "safe"
    app.apply_settings()
    step(app, 2)
    assert pink(STANDARD_PLAYER_COLOURS["pink"]) == 0
    assert pink(SAFE_PLAYER_COLOURS["pink"]) > 100
