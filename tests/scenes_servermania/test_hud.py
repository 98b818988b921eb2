"""The side panel's turn banner: "NAME'S TURN" in the player's words, drawn on screen."""

from __future__ import annotations

from scenes.engine import draw
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from tests.scenes_servermania.helpers import new_app, run_until, step


def test_the_banner_says_whose_turn_it_is_and_is_drawn(monkeypatch):
    seats = default_seats(2, humans=0)
    scene = BoardScene(seats, seed=4, pace=4.0)
    app = new_app(scene)
    step(app, 2)
    assert scene.hud.banner_text == "WHO GOES FIRST?"
    run_until(app, lambda: scene.hud.turn is not None, 5_000)
    seat = scene.hud.turn
    expected = f"{seats[seat].name.upper()}'S TURN"
    assert scene.hud.banner_text == expected
    drawn = []
    real = draw.text

    def spy(canvas, font, text, *args, **kwargs):
        drawn.append(text)
        return real(canvas, font, text, *args, **kwargs)

    monkeypatch.setattr(draw, "text", spy)
    step(app, 1)
    assert expected in drawn
    scene.hud.set_turn(1 - seat)
    assert scene.hud.banner_text == f"{seats[1 - seat].name.upper()}'S TURN"
