"""The SERVERMANIA board at couch distance (issue 25): square titles of at least 20 px that
are never narrowed below 85% of their width, plain squares the log names by number, the
roll prompt, banners and toasts in the board's empty middle (never over the track or a
pawn), and money counters that show their final value under an overlay."""

from __future__ import annotations

import re

import pygame

from scenes.pause import PauseMenu
from scenes.servermania import middle
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.board_view import BOARD_TITLES, NARROWEST, TITLE_PX
from scenes.servermania.seats import Seat
from tests.scenes_servermania.helpers import new_app, press, run_until, step

SEATS = [Seat("Ada", "pink", True), Seat("Linus", "blue", False),
         Seat("Grace", "yellow", True), Seat("Alan", "green", False)]


def board(seed: int = 4, seats=SEATS):
    scene = BoardScene(seats, seed=seed)
    return new_app(scene), scene


def track_and_pawns(scene: BoardScene) -> list[pygame.Rect]:
    squares = [scene.square_rect(i) for i in range(len(scene.state.board))]
    return squares + [scene.pawn_rect(s) for s in range(len(scene.state.players))]


def test_every_square_title_is_20px_and_never_narrowed_below_85_percent():
    app, scene = board()
    step(app, 1)
    view, zoom = scene.board_view, scene.camera.full_zoom
    font = view.title_font(zoom)
    seen = set()
    for square in scene.state.board:
        if square.kind not in BOARD_TITLES:
            continue
        seen.add(square.kind)
        room = view.title_room(square.index, zoom)
        for line in BOARD_TITLES[square.kind]:
            assert font.render(line, True, (0, 0, 0)).get_height() >= TITLE_PX
            assert room >= NARROWEST * font.size(line)[0], (square.kind, line, room)
    assert seen >= {"payday", "customer_service", "techpad", "stuck", "ceo_bonus", "churn",
                    "signups", "start", "finish"}


def test_the_hollow_of_the_spiral_touches_no_square():
    app, scene = board()
    step(app, 1)
    hollow = middle.HOLLOW
    for square in scene.state.board:
        assert not hollow.colliderect(pygame.Rect(square.rect)), square.index


def test_the_log_names_a_plain_square_by_the_number_the_board_shows():
    app, scene = board(seed=5)

    def answer():
        if scene.roll_call is not None or scene.prompt is not None:
            press(app, "confirm")

    def plain_landing() -> bool:
        return any(re.search(r"moves to .+ \(\d+\)$", text) for text, _ in
                   scene.log_panel.entries)

    run_until(app, plain_landing, 20_000, each=answer)
    for text, _ in scene.log_panel.entries:
        found = re.search(r"moves to (.+) \((\d+)\)$", text)
        if found:
            square = scene.state.board[int(found.group(2))]
            assert square.kind == "plain" and square.label == found.group(1)


def test_the_roll_prompt_waits_in_the_middle_clear_of_the_track_and_every_pawn():
    app, scene = board()
    checked = 0

    def each():
        nonlocal checked
        call = scene.roll_call
        if call is not None and call.purpose in ("first", "move") and scene.camera.settled:
            plate = scene.roll_plate_rect()
            assert plate.collidelist(track_and_pawns(scene)) < 0
            assert middle.on_screen(scene.lens(), scene.view).contains(plate)
            checked += 1
        if call is not None or scene.prompt is not None:
            press(app, "confirm")

    run_until(app, lambda: checked >= 6, 30_000, each=each)


def test_banners_and_toasts_stay_off_the_track_and_every_pawn():
    app, scene = board()
    banners = 0

    def each():
        nonlocal banners
        if scene.banner_state is not None and scene.camera.settled:
            rect = scene.banner_rect()
            assert rect is not None and rect.collidelist(track_and_pawns(scene)) < 0
            banners += 1
        if scene.roll_call is not None or scene.prompt is not None:
            press(app, "confirm")

    run_until(app, lambda: banners >= 30 and scene.state.turn > 4, 30_000, each=each)
    run_until(app, lambda: scene.roll_call is not None and scene.roll_call.purpose == "move",
              30_000, each=lambda: press(app, "confirm") if scene.prompt else None)
    app.toasts.show("Controller connected: Xbox Wireless Controller")
    scene.draw(app.display.canvas, 1.0)
    anchor = app.toasts.anchor
    assert anchor is not None, "the toast goes to the middle"
    toast = pygame.Rect((0, 0), app.toasts.size(app.fonts, app.toasts.items[0][0]))
    toast.midtop = anchor
    assert toast.collidelist(track_and_pawns(scene) + [scene.roll_plate_rect()]) < 0


def test_money_under_an_overlay_shows_its_final_value_not_one_frozen_mid_count():
    app, scene = board()

    def counting() -> bool:
        return any(c.shown != c.target for c in (*scene.hud.cash, scene.hud.pot))

    run_until(app, counting, 30_000, each=lambda: press(app, "confirm")
              if scene.roll_call is not None or scene.prompt is not None else None)
    app.stack.push(PauseMenu("servermania", "servermania"))
    step(app, 30)
    assert not counting()
    assert all(c.shown == c.target for c in (*scene.hud.cash, *scene.hud.servers, scene.hud.pot))
