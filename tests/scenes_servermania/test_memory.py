"""The demo can run all night: nothing grows from game to game (the demo's old leak).

Every demo game used to build its board art afresh (about 14 MB of surfaces) and the
scaled-sprite caches kept every size ever drawn; resident memory grew ~14 MB per game.
"""

from __future__ import annotations

import pygame
import pytest

from game.servermania.events import FinalTally
from scenes.demo import DemoScene
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.camera import Lens
from scenes.servermania.pawns import Pawn
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import default_seats
from scenes.table import look
from scenes.table.cards import CardFlip
from scenes.table.log_panel import LogPanel
from tests.scenes_servermania.helpers import new_app, run_until, step


def test_the_next_demo_game_reuses_the_board_art_of_the_last():
    draw._render.cache_clear()
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
    # log lines, rolling money and banners stay out of the main text cache: a whole game
    # used to put ~670 entries there (it filled over the next games, growing RSS)
    assert draw._render.cache_info().currsize < draw.TEXT_CACHE // 4


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


def test_log_lines_are_kept_by_the_log_only_while_they_show():
    fonts = Fonts()
    panel = LogPanel(pygame.Rect(0, 0, 280, 300))
    canvas = pygame.Surface((300, 320))
    before = draw._render.cache_info().currsize
    for n in range(300):  # a game writes hundreds of lines, each shown for a while
        panel.add(f"Player {n % 4} lands on square {n} and pays ${n * 1000:,}")
        panel.draw(canvas, fonts)
    assert draw._render.cache_info().currsize == before  # the shared cache is untouched
    assert set(panel._faces) <= {line for line, _c, _f in panel.lines(fonts)}
    assert len(panel._faces) <= (300 - 8) // 28


def test_volatile_text_has_its_own_small_cache():
    font = Fonts().display(26)
    before = draw._render.cache_info().currsize
    for amount in range(0, 500_000, 250):  # money rolling up, one value per frame
        draw.render(font, f"${amount:,}", (255, 255, 255), volatile=True)
    assert draw._render.cache_info().currsize == before
    assert draw._render_volatile.cache_info().currsize == draw.VOLATILE_CACHE
    assert draw.render(font, "$5", (1, 2, 3)) is draw.render(font, "$5", [1, 2, 3], 0)


@pytest.fixture
def no_fresh_scaling(monkeypatch):
    """Fail on any smooth-scale that allocates its result (no destination surface)."""
    fresh: list[tuple[int, int]] = []
    real, real_by = pygame.transform.smoothscale, pygame.transform.smoothscale_by

    def scale(surface, size, dest_surface=None):
        if dest_surface is None:
            fresh.append(tuple(size))
        return real(surface, size, dest_surface)

    def scale_by(surface, factor, dest_surface=None):
        fresh.append((-1, -1))
        return real_by(surface, factor, dest_surface)

    monkeypatch.setattr(pygame.transform, "smoothscale", scale)
    monkeypatch.setattr(pygame.transform, "smoothscale_by", scale_by)
    return fresh


def test_a_card_flip_allocates_no_picture_per_frame(no_fresh_scaling):
    fonts = Fonts()
    card = CardFlip("churn", "Your server room floods. Pay $20,000.", (100, 600), (640, 360),
                    fonts)
    canvas = pygame.Surface((1280, 720))
    before = len(no_fresh_scaling)
    while not card.done:  # a megabyte-sized card at a new size every frame
        card.update(1 / 60)
        card.draw(canvas, 1.0)
    assert no_fresh_scaling[before:] == []
    assert canvas.get_at((640, 360))[:3] != (0, 0, 0)  # it was drawn


def test_a_scratch_picture_only_grows_and_is_shared_by_its_slot():
    first = draw.scratch("probe", (40, 30))
    parent = first.get_parent()
    assert draw.scratch("probe", (20, 50)).get_parent() is not parent  # grew taller
    grown = draw.scratch("probe", (40, 50)).get_parent()
    assert draw.scratch("probe", (10, 10)).get_parent() is grown  # never shrinks
    assert grown.get_size() == (40, 50)
    face = pygame.Surface((64, 64), pygame.SRCALPHA)
    face.fill((200, 30, 60, 255))
    out = draw.scaled_now("probe", face, 0.5)
    assert out.get_size() == (32, 32) and out.get_at((16, 16)) == (200, 30, 60, 255)


def test_a_results_screen_leaves_nothing_of_its_game_in_the_text_cache():
    app = new_app()

    def show(cash: int, winner: int = 0) -> int:  # one app, as the demo loop
        tallies = [FinalTally(0, cash, 7, cash + 140_000), FinalTally(1, cash // 2, 3,
                                                                       cash // 2 + 60_000)]
        scores = [t.final_money for t in tallies]
        app.stack.reset(ResultsScene(default_seats(2, 0), scores, [winner], [scores], tallies,
                                     demo=True), fade=False)
        step(app, 400)  # the title pops in, the totals roll up, every row shows
        return draw._render.cache_info().currsize

    show(515_000)  # the screen's own labels, once
    settled = show(735_000)  # the chart's axis up to $1M (a small set of round labels)
    # each finished game's figures ("$745,000 cash + 7 servers × $20,000", ~40 KB each)
    # used to stay in the main cache: +16 MB over a 30-minute soak of 80 games
    assert show(745_000) == settled
    # nor does a new winner's title ("GRACE WINS!", ~250 KB with its shadow)
    assert show(745_000, winner=1) == settled
