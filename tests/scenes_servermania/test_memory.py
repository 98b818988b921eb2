"""The demo can run all night: nothing grows from game to game (issue 13's leak).

Every demo game used to build its board art afresh (about 14 MB of surfaces) and the
scaled-sprite caches kept every size ever drawn; resident memory grew ~14 MB per game.
"""

from __future__ import annotations

import pygame

from scenes.demo import DemoScene
from scenes.engine import draw
from scenes.servermania import look
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.camera import Lens
from scenes.servermania.pawns import Pawn
from scenes.servermania.results import ResultsScene
from tests.scenes_servermania.helpers import new_app, run_until, step


def test_the_next_demo_game_reuses_the_board_art_of_the_last():
    scene = DemoScene(players=2, seed=2, pace=8.0)
    app = new_app(scene, speed=2.0)
    step(app, 2)
    art = scene.board_view
    levels = dict(art._levels)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 30_000)
    run_until(app, lambda: isinstance(app.stack.top, BoardScene)
              and app.stack.top is not scene, 3_000)
    step(app, 2)
    assert app.stack.top.board_view is art  # not re-loaded, not re-drawn
    assert all(art._levels[z] is surface for z, surface in levels.items())


def test_scaled_sprite_caches_are_bounded_however_many_sizes_are_drawn():
    app = new_app(DemoScene(seed=1))
    step(app, 2)
    canvas = pygame.Surface((1280, 720))
    pawn = Pawn(0, look.COLOURS[0], 0, (300.0, 300.0))
    for k in range(3 * look.SCALED_CACHE):  # a zoom tween and squash draw every size
        lens = Lens(pygame.Rect(0, 0, 980, 656), 0.5 + k / 400, pygame.Vector2(400, 300))
        pawn.sx = 1 + (k % 7) / 40
        pawn.draw(canvas, lens, 1.0, active=False, clock=k / 60)
        look.scaled("icon_coin", (10 + k % 300, 10 + k % 300))
    assert look.pawn_scaled.cache_info().currsize <= look.SCALED_CACHE
    assert look.scaled.cache_info().currsize <= look.SCALED_CACHE


def test_the_fade_veil_is_made_once_not_every_frame():
    canvas = pygame.Surface((64, 48))
    draw._veil.cache_clear()
    for amount in (10, 120, 255, 300, -5):
        draw.darken(canvas, amount)
    info = draw._veil.cache_info()
    assert info.misses == 1 and info.hits == 4
