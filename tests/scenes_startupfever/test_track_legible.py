"""A table a person can read from the couch: markers of 26 px or more
with letters 18 px tall however many share a field, no letter hidden by another marker,
every marker inside its own field (never over a neighbour or a label; a crowded field
counts the rest on a "+N" chip and the field card lists them all), the VP numbers
labelled and the vesting fields explained, at 1280×720."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.startupfever import new_game, usertrack
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
    assert len(layout) + sum(more for _rect, more in view._counts) == 12
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


FIELDS = (2, 9, 17, 24, 33, 40, 46)  # fields of the top, middle and bottom rows


def crowded(field: int, n: int, current: str | None = None) -> tuple[TableView, TableModel]:
    """A six-player table whose first `n` products share `field` (the rest stay at 0)."""
    view = TableView(default_layout(), default_seats(6, humans=1))
    model = TableModel.from_state(new_game(6, seed=1))
    for i, slot in enumerate(sorted(model.products)):
        model.products[slot].field = field if i < n else 0
    model.current = current
    return view, model


@pytest.mark.parametrize("n", range(2, 8))
@pytest.mark.parametrize("field", FIELDS)
def test_markers_stay_inside_their_own_field(field, n):
    """2..7 markers on one field: each drawn marker (and the "+N" chip) lies inside that
    field's rect, so it covers no other field and no label (the decade labels, LAUNCH,
    "numbers = VP" stand in the strips between the rows); all of them are accounted for."""
    view, model = crowded(field, n)
    own = view.field_rect(field)
    others = [view.field_rect(f) for f in range(usertrack.LAST_FIELD + 1) if f != field]
    layout = [m for m in view._marker_layout(model) if model.products[m[0]].field == field]
    counts = [(r, more) for r, more in view._counts if own.contains(r)]
    assert len(layout) + sum(more for _r, more in counts) == n
    rects = [face.get_rect(topleft=topleft) for _s, _c, face, topleft in layout]
    rects += [r for r, _more in counts]
    for rect in rects:
        assert own.contains(rect), (field, n, rect, own)
        assert rect.collidelist(others) == -1
        assert rect.w >= 26


@pytest.mark.parametrize("n", range(5, 8))
def test_the_turns_marker_is_drawn_and_hops_land_where_markers_stand(n):
    """On a crowded field the product whose turn it is is always among those drawn, and
    `marker_spot` (where a hop lands) is where the table draws each marker, or the chip
    for one that is only counted."""
    slots = "ABCDEFG"[:n]
    view, model = crowded(17, n, current=slots[-1])
    layout = {m[0]: m[1] for m in view._marker_layout(model)}
    assert slots[-1] in layout
    chip = [r for r, _more in view._counts if view.field_rect(17).contains(r)][0]
    for slot in slots:
        spot = view.marker_spot(slot, 17, model)
        assert spot == layout.get(slot, chip.center)


def test_start_field_holds_twelve_markers_inside_it():
    view, model = crowded(0, 0)
    start = view.field_rect(0)
    layout = view._marker_layout(model)
    assert len(layout) == 12 and not view._counts
    for _slot, _centre, face, topleft in layout:
        assert start.contains(face.get_rect(topleft=topleft))


def test_the_field_card_shows_every_marker_on_the_field(monkeypatch):
    view, model = crowded(3, 7)
    drawn: list[str] = []
    real = look.user_marker

    def marker(colour, letter, size=30):
        drawn.append(letter)
        return real(colour, letter, size)

    view._marker_layout(model)
    monkeypatch.setattr(look, "user_marker", marker)
    view.draw_field_info(pygame.Surface((1280, 720)), 3, model)
    assert sorted(drawn) == list("ABCDEFG")
