"""The SERVERMANIA board at couch distance: square titles of at least 20 px that
are never narrowed below 85% of their width, plain squares the log names by number, the
roll prompt, banners, toasts and the decision prompts in the board's empty middle (never
over the track or a pawn; a toast with no free place waits, never over the bar of keys),
the waiting die in its corridor covering no square, and money counters that show their
final value under an overlay."""

from __future__ import annotations

import re

import pygame
import pytest

from game import servermania as sm
from scenes.engine.input import Action
from scenes.pause import PauseMenu
from scenes.servermania import middle
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.board_view import BOARD_TITLES, NARROWEST, TITLE_PX
from scenes.servermania.seats import Seat
from scenes.table.roll_call import RollCall
from tests.scenes_servermania.helpers import new_app, press, run_until, step
from tests.scenes_servermania.test_game import scenario

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
    app.stack.push(PauseMenu("servermania"))
    step(app, 30)
    assert not counting()
    assert all(c.shown == c.target for c in (*scene.hud.cash, *scene.hud.servers, scene.hud.pot))


def with_text(scene: BoardScene, size: int):
    app = new_app(scene)
    app.settings.text_size = size
    app.apply_settings()
    return app


@pytest.mark.parametrize("size", [100, 125, 150])
@pytest.mark.parametrize("position", [8, 18, 5, 33], ids=lambda p: f"square {p}")
def test_a_decision_prompt_sits_in_the_middle_clear_of_the_track_and_every_pawn(size,
                                                                                position):
    """The maintenance (squares 5, 8, 33) and STUCK (18) questions, at every text size."""
    scene = BoardScene(SEATS[:2], state=scenario(position))
    app = with_text(scene, size)
    run_until(app, lambda: scene.prompt is not None, 900)
    step(app, 30)
    prompt = scene.prompt
    assert prompt.rect.collidelist(track_and_pawns(scene)) < 0
    assert middle.on_screen(scene.lens(), scene.view, middle.WIDE).contains(prompt.rect)
    assert all(prompt.rect.contains(option.rect) for option in prompt.options)


def drawn_die(scene: BoardScene) -> pygame.Rect:
    """What the waiting die draws now (its prompt drawn far below, out of the way)."""
    call = scene.roll_call
    layer = pygame.Surface((1280, 3000), pygame.SRCALPHA)
    at = scene.lens().to_screen(scene.roll_spot())
    call.draw(layer, scene.app.fonts, at, "keyboard", plate_top=(at[0], 2600))
    drawn = pygame.mask.from_surface(layer.subsurface((0, 0, 1280, 1200))).get_bounding_rects()
    return drawn[0].unionall(drawn[1:])


def test_the_waiting_die_covers_no_square_however_it_hops_or_shakes():
    app, scene = board()
    squares = [scene.square_rect(i) for i in range(len(scene.state.board))]
    seen = 0

    def each():
        nonlocal seen
        call = scene.roll_call
        if call is not None and scene.camera.settled:
            if seen % 5 == 0:
                scene.draw(app.display.canvas, 1.0)
                assert drawn_die(scene).collidelist(squares) < 0
            assert scene.die_rect().collidelist(squares) < 0
            seen += 1
            if seen % 40 == 0:  # hold the button a while: the die charges and shakes
                app.stack.dispatch(Action("confirm", "keyboard", True))
            elif seen % 40 == 30:
                app.stack.dispatch(Action("confirm", "keyboard", False))
        elif scene.prompt is not None:
            press(app, "confirm")

    run_until(app, lambda: seen >= 400, 30_000, each=each)


@pytest.mark.parametrize("charge, t", [(0.0, 0.1), (0.0, 0.31), (1.0, 0.05), (1.0, 0.73)])
def test_the_die_rect_holds_all_the_waiting_die_draws(charge, t):
    app = new_app()
    call = RollCall(0, "Ada", (240, 90, 160), "move")
    call.die_size, call.halo_shakes = 50, False
    call.charge, call.holding, call.t = charge, charge > 0, t
    layer = pygame.Surface((400, 400), pygame.SRCALPHA)
    call.draw(layer, app.fonts, (200, 150), "keyboard", plate_top=(200, 330))
    drawn = pygame.mask.from_surface(layer.subsurface((0, 0, 400, 290))).get_bounding_rects()
    assert drawn and call.die_rect((200, 150)).contains(drawn[0].unionall(drawn[1:]))


def test_a_toast_while_a_prompt_holds_the_middle_goes_to_free_space_never_the_key_bar():
    scene = BoardScene(SEATS[:2], state=scenario(8))
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None, 900)
    step(app, 30)
    app.toasts.show("Controller connected: Xbox Wireless Controller")
    scene.draw(app.display.canvas, 1.0)
    toasts = app.toasts
    assert toasts.anchor is not None
    toast = pygame.Rect((0, 0), toasts.size(app.fonts, toasts.items[0][0]))
    toast.midtop = toasts.anchor
    assert scene.view.contains(toast), "never over the bar of keys below the board"
    assert toast.collidelist(track_and_pawns(scene) + [scene.prompt.rect]) < 0
    assert toasts.room == 1


def test_a_toast_with_no_free_place_waits_unaged_instead_of_covering_the_board():
    scene = BoardScene(SEATS[:2], state=scenario(8))
    app = new_app(scene)
    run_until(app, lambda: scene.prompt is not None, 900)
    app.toasts.show("A notice far too long for any free place on the board " * 3)
    step(app, 1)  # the first frame finds it no place
    age = app.toasts.items[0][1]
    step(app, 600)
    assert app.toasts.items[0][1] == age and app.toasts.held == 1
    press(app, "confirm")  # the prompt closes; the toast is still too wide for the middle
    step(app, 5)
    assert app.toasts.items, "it waits rather than being lost or covering the track"


@pytest.mark.parametrize("size", [100, 150])
@pytest.mark.parametrize("others", [[43], [45], [48], [46, 46, 46], [44, 47, 30]],
                         ids=lambda o: "pawns on " + ",".join(map(str, o)))
def test_pawns_standing_below_the_middle_leave_the_prompt_its_place(others, size):
    """Pawns on the inner ring's bottom row stand up into the middle: the question still
    fits above them (no roomy panel dimming the board over them)."""
    names = ["Ada", "Linus", "Grace", "Alan"][:1 + len(others)]
    state = sm.new_game(names, seed=2)
    state.players[0].position = 8
    for player, square in zip(state.players[1:], others, strict=True):
        player.position = square
    state.apply(sm.Die(6))
    for _ in others:
        state.apply(sm.Die(1))
    scene = BoardScene(SEATS[:len(names)], state=state)
    app = with_text(scene, size)
    run_until(app, lambda: scene.prompt is not None, 900)
    step(app, 30)
    assert scene.prompt.rect.collidelist(track_and_pawns(scene)) < 0
    assert scene.prompt.compact and scene.prompt.asked == size / 100


def test_every_decision_square_gets_its_question_in_the_middle():
    """Questions come on squares 5-10, 20-25 and 32-37 (maintenance) and 18 (STUCK), so
    the asked pawn never stands below the middle; another pawn there (45) leaves room."""
    board_squares = sm.new_game(["Ada", "Linus"], seed=2).board
    asked = [i for i in range(len(board_squares)) if board_squares.cs_ahead[i] >= 0] + [18]
    assert len(asked) == 19
    for square in asked:
        state = sm.new_game(["Ada", "Linus"], seed=2)
        state.players[0].position, state.players[1].position = square, 45
        state.apply(sm.Die(6))
        state.apply(sm.Die(1))
        scene = BoardScene(SEATS[:2], state=state)
        app = new_app(scene)
        run_until(app, lambda s=scene: s.prompt is not None, 900)
        step(app, 1)
        assert scene.prompt.rect.collidelist(track_and_pawns(scene)) < 0, square
        assert scene.prompt.compact, square
