"""A table a person can read from the couch (issue 24 item 4): markers of 26 px or more
with letters 18 px tall however many share a field, no letter hidden by another marker,
the VP numbers labelled and the vesting fields explained, at 1280×720."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.startupfever import new_game
from game.startupfever.layout import default_layout
from scenes.engine import draw
from scenes.startupfever import look
from scenes.startupfever.model import TableModel
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_view import TableView

CROWDS = {  # field of each product A..L: year-1 clusters of up to seven, side by side
    "seven_and_three": [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 5, 6],
    "fives_in_a_row": [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3],
    "start_and_pairs": [0, 0, 0, 0, 0, 0, 0, 4, 4, 5, 5, 6],
    "lower_rows": [17, 17, 17, 17, 17, 18, 18, 18, 33, 33, 33, 33],
}


def glyph_height(letter: str, size: int) -> int:
    font = look.fonts().display(look.marker_letter_px(size))
    mask = pygame.mask.from_surface(font.render(letter, True, (0, 0, 0)))
    return max(r.h for r in mask.get_bounding_rects())


@pytest.mark.parametrize("crowd", list(CROWDS))
def test_markers_stay_big_and_every_letter_shows(crowd):
    view = TableView(default_layout(), default_seats(6, humans=1))
    model = TableModel.from_state(new_game(6, seed=1))
    for slot, field in zip(sorted(model.products), CROWDS[crowd], strict=True):
        model.products[slot].field = field
    model.current = None
    layout = view._marker_layout(model)
    assert len(layout) == 12
    for slot, (x, y), face, _topleft in layout:
        size = face.get_width()
        assert size >= 26 and glyph_height(slot, size) >= 18, (slot, size)
        assert y - size // 2 >= 0 and y + size // 2 <= 720 and x - size // 2 >= 0
    # a marker drawn later never covers the letter of one drawn before it
    for (a, b) in itertools.combinations(layout, 2):
        slot, (x, y), face, _ = a
        half = look.fonts().display(look.marker_letter_px(face.get_width())).size(slot)
        letter = pygame.Rect(0, 0, half[0] - 6, glyph_height(slot, face.get_width()))
        letter.center = (x, y + 1)
        bx, by = b[1]
        radius = b[2].get_width() // 2
        nearest = (min(max(bx, letter.left), letter.right),
                   min(max(by, letter.top), letter.bottom))
        assert (nearest[0] - bx) ** 2 + (nearest[1] - by) ** 2 >= (radius - 3) ** 2, \
            (crowd, slot, b[0])


def test_the_track_says_vp_and_the_vesting_fields_have_a_legend(monkeypatch):
    said: list[str] = []
    real = draw.text

    def text(surface, font, words, *args, **kw):
        said.append(words)
        return real(surface, font, words, *args, **kw)

    monkeypatch.setattr(draw, "text", text)
    view = TableView(default_layout(), default_seats(6, humans=1))
    canvas = pygame.Surface((1280, 720))
    view.draw(canvas, TableModel.from_state(new_game(6, seed=1)))
    assert "numbers = VP" in said
    assert any(w.startswith("vesting: years left") for w in said)
    assert view.log_rect().top > view.place("log").top  # the legend keeps its own line
