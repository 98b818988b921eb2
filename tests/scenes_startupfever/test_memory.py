"""The Startup Fever demo can run all night: the table's big pictures are kept from one
game to the next (the demo's old leak: each game allocated ~14 MB of fresh full-screen
surfaces and resident memory grew 57 -> 159 MB over a soak)."""

from __future__ import annotations

import pygame

from game.startupfever.state import SOCIAL
from scenes.demo import DemoScene
from scenes.engine import draw
from scenes.startupfever import kept
from scenes.startupfever import look as sf_look
from scenes.startupfever.choices import Painted
from scenes.startupfever.showdown import Entry, Showdown
from scenes.startupfever.table_scene import TableScene
from scenes.table import look as sm_look
from tests.scenes_startupfever.helpers import (
    READY,
    at_results,
    computers,
    new_app,
    run_until,
    step,
    table,
)


def _pictures(scene: TableScene) -> list:
    view = scene.view
    return [view._static, view._base, scene.log_image, scene.bar_image]


def test_the_next_demo_game_reuses_the_big_pictures_of_the_last():
    draw._render.cache_clear()
    scene = DemoScene(game="startupfever", players=3, seed=2, pace=8.0)
    app = new_app(scene, speed=2.0)
    step(app, READY)
    first = _pictures(scene)
    assert all(p is not None for p in first)
    run_until(app, lambda: at_results(app), 60_000)
    run_until(app, lambda: isinstance(app.stack.top, TableScene)
              and app.stack.top is not scene, 3_000)
    step(app, READY)
    after = _pictures(app.stack.top)
    assert all(a is b for a, b in zip(after, first, strict=True))  # not allocated afresh
    assert kept.count() == len(first)
    # the log's lines stay out of the shared text cache (a game's ~450 lines flushed it
    # every game, and the counts the table pre-renders with it)
    print("text cache after a game:", draw._render.cache_info())
    assert draw._render.cache_info().currsize < draw.TEXT_CACHE * 3 // 4


def test_a_kept_picture_of_a_new_size_replaces_the_old_one():
    kept.surface("probe", (10, 10)).fill((200, 0, 0))
    again = kept.surface("probe", (10, 10))
    assert again.get_at((5, 5))[:3] == (0, 0, 0)  # handed back cleared
    before = kept.count()
    kept.surface("probe", (20, 10))
    assert kept.count() == before


def test_every_showdown_backdrop_is_drawn_into_one_kept_surface():
    names, colours = ["Ada", "Bo", "Cy"], list(sm_look.COLOURS[:3])
    backdrops = []
    for category, seats in ((SOCIAL, (0, 1)), (SOCIAL, (0, 1, 2)), (SOCIAL, (2, 1))):
        show = Showdown(names, colours, pygame.Rect(0, 0, 904, 664))  # a new table each
        show.open(category, [Entry("ABC"[seat], seat, [("Nerds", 2)]) for seat in seats])
        size = (860, 100 + 66 * len(seats))
        backdrops.append(show._backdrop(sf_look.fonts(), size))
    # one surface behind them all (a fresh 2 MB one per showdown fragmented the C heap)
    parents = [b.get_parent() for b in backdrops]
    assert parents[1] is not None and parents[2] is parents[1]  # it grew once, then reused
    assert backdrops[2].get_size() == (860, 100 + 66 * 2 + 8)


def test_a_painted_panel_is_repainted_in_its_own_surface():
    panel, canvas = Painted(), pygame.Surface((400, 300))
    rect = pygame.Rect(10, 10, 100, 50)

    def fill(colour):
        return lambda surface, inner: surface.fill(colour, inner)

    panel.blit(canvas, "first", rect, fill((200, 0, 0)))
    kept_surface = panel.surface
    assert panel.blit(canvas, "moved", rect, fill((0, 200, 0)))  # the cursor moved
    assert panel.surface is kept_surface  # a fresh 1 MB panel per move churned the heap
    assert canvas.get_at(rect.center)[:3] == (0, 200, 0)
    assert panel.surface.get_at((1, 1)).a == 0  # the margin cleared, not the old paint
    panel.blit(canvas, "taller", rect.inflate(0, 40), fill((0, 0, 200)))
    assert panel.surface is not kept_surface and panel.surface.get_height() == 90 + 28


def test_a_year_title_card_leaves_nothing_in_the_text_cache():
    _app, scene = table(computers(4))
    canvas = pygame.Surface((1280, 720))
    sizes = []
    for year in range(1, 9):  # "YEAR 7 ENDS" is ~90 KB, shown for a second and a half
        scene.title_card(f"YEAR {year} ENDS", "Showdowns, vesting, new cards, marketing")
        scene.title_state[2] = 0.5  # swung in, holding
        scene._draw_title_card(canvas)
        sizes.append(draw._render.cache_info().currsize)
    assert sizes == [sizes[0]] * len(sizes)  # the subtitle, once
