"""Smaller things a first evening notices: a pawn never hides a square's title (a tag
shows it), the money ranks are big enough with four players, a refused press names the
device that answers, the attract mode says what it is, and the title's Demo shows both
games."""

from __future__ import annotations

import random

from game import servermania as sm
from scenes.demo import CAPTION, AttractDemo, TitleDemo
from scenes.engine import draw
from scenes.seating import refusal_note
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.seats import default_seats
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import READY, new_app, step


def board_with_pawns_on(kind: str, players: int = 4):
    state = sm.new_game(players, seed=4)
    square = next(i for i, sq in enumerate(state.board) if sq.kind == kind)
    for p in state.players:
        p.position = square
    scene = BoardScene(default_seats(players, 1), state=state, autoplay=False)
    app = new_app(scene)
    step(app, READY)
    return app, scene, square


def test_a_pawn_on_a_titled_square_shows_the_title_on_a_tag():
    for kind, title in (("signups", "SIGN UPS"), ("payday", "PAY DAY!")):
        app, scene, square = board_with_pawns_on(kind)
        tags = scene.square_tags()
        assert [text for _tag, text, _font in tags] == [title]
        tag = tags[0][0]
        rect = scene.square_rect(square)
        assert tag.centerx == rect.centerx and tag.top > rect.centery  # at its foot
        assert tags[0][2].get_height() >= 16
    app, scene, _square = board_with_pawns_on("plain")
    assert scene.square_tags() == []  # a plain square has no title to hide


def test_money_rank_badges_are_couch_sized_with_four_players():
    app, scene, _square = board_with_pawns_on("plain")
    for rank in ("1st", "2nd", "=3rd", "4th"):
        font = scene.hud.rank_font(app.fonts, rank)
        assert font.get_height() >= 22, rank
        assert font.size(rank)[0] <= scene.hud.badge_rect(0).w - 8


def test_a_refused_press_names_the_device_that_answers():
    assert refusal_note("Ada", "keyboard") == "It's Ada's turn: Ada's keyboard answers"
    assert refusal_note("Ada", "pad:1") == "It's Ada's turn: Ada's pad 2 answers"
    assert refusal_note("Ada") == "It's Ada's turn: Ada's controller answers"


def test_the_attract_mode_says_demo_press_any_button(monkeypatch):
    drawn = []
    real = draw.text

    def spy(surface, font, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, font, text, *args, **kwargs)
    monkeypatch.setattr(draw, "text", spy)
    for seed in range(6):
        scene = AttractDemo(random.Random(seed), seed=seed)
        app = new_app(scene)
        step(app, 30)
        assert CAPTION in drawn
        drawn.clear()


def test_the_titles_demo_shows_each_game_in_turn():
    kinds = {type(TitleDemo()).__name__ for _ in range(2)}
    assert any("Table" in k or "StartupFever" in k for k in kinds)
    assert any(issubclass(type(TitleDemo()), BoardScene) for _ in range(2))
    assert any(isinstance(TitleDemo(), TableScene) for _ in range(2))
