"""The Startup Fever table view: where pieces go, what the model may show, screenshots.

Screenshots of a mid-game table (a seeded game of rule players, a few years in) at 2 and 6
players are saved to pytest's tmp dir and copied to shots/ (gitignored) for people to look
at: sf_table_2p, sf_table_6p, sf_table_6p_crowded, sf_table_6p_field_info.
"""

from __future__ import annotations

import os
from itertools import combinations

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.startupfever import new_game, usertrack  # noqa: E402
from game.startupfever.layout import default_layout  # noqa: E402
from game.startupfever.players import RulePlayer  # noqa: E402
from game.startupfever.rules import CHANCE  # noqa: E402
from game.startupfever.state import BIG_NERD, BIG_SUIT, NERD, SUIT  # noqa: E402
from scenes.startupfever.model import VESTS, TableModel  # noqa: E402
from scenes.startupfever.panels import PANELS  # noqa: E402
from scenes.startupfever.seats import default_seats  # noqa: E402
from scenes.startupfever.table_view import TABLE, TableView  # noqa: E402
from tests.scenes_servermania.helpers import SHOTS, assert_not_blank  # noqa: E402

PLACES = ("bank", "supply", "deck", "discard", "die", "year", "log")


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield


def mid_game(players: int, years: int = 4, seed: int = 5):
    """A seeded game of rule players run into a product turn of year `years`."""
    state = new_game(players, seed=seed)
    bots = [RulePlayer(i) for i in range(players)]
    while not state.is_terminal() and (state.year < years or state.current_slot is None):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[state.current_player].decide(state, state.legal_actions()))
    assert not state.is_terminal(), "the seeded game ended before the wanted year"
    return state


def view_for(players: int) -> TableView:
    return TableView(default_layout(), default_seats(players, humans=1))


def shot(surface: pygame.Surface, name: str, tmp_path) -> None:
    path = tmp_path / f"{name}.png"
    pygame.image.save(surface, str(path))
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(surface, str(SHOTS / f"{name}.png"))


def crowded(players: int = 6) -> TableModel:
    """Every marker bunched up: six on the start field, five on one field, pairs."""
    model = TableModel.from_state(new_game(players, seed=1))
    fields = [0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 9]
    for slot, f in zip(sorted(model.products), fields, strict=False):
        model.products[slot].field = f
    return model


# -- screenshots -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_table_screenshot_mid_game(players, tmp_path):
    state = mid_game(players)
    model = TableModel.from_state(state)
    assert any(p.launched for p in model.products.values())
    assert any(p.workers for p in model.products.values())
    view = view_for(players)
    canvas = pygame.display.get_surface()
    canvas.fill((0, 0, 0))
    view.draw(canvas, model, turn_seat=state.products[state.current_slot].owner, t=0.4)
    shot(canvas, f"sf_table_{players}p", tmp_path)
    assert_not_blank(canvas, 120)


def test_crowded_and_field_info_screenshots(tmp_path):
    view = view_for(6)
    canvas = pygame.display.get_surface()
    canvas.fill((0, 0, 0))
    view.draw(canvas, crowded(), turn_seat=0)
    shot(canvas, "sf_table_6p_crowded", tmp_path)
    assert_not_blank(canvas, 100)
    view.draw(canvas, TableModel.from_state(mid_game(6)), turn_seat=2)
    view.draw_field_info(canvas, usertrack.MARK_100M)
    shot(canvas, "sf_table_6p_field_info", tmp_path)
    assert_not_blank(canvas, 100)


# -- geometry ----------------------------------------------------------------------------


def test_every_field_centre_lies_inside_the_table():
    view = view_for(6)
    for f in range(usertrack.LAST_FIELD + 1):
        assert TABLE.collidepoint(view.field_center(f)), f
        assert view.field_at(view.field_center(f)) == f


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_two_product_areas_overlap_and_none_covers_a_field_or_place(players):
    view = view_for(players)
    areas = [view.product_rect(s) for s in view.used]
    assert len(areas) == len(new_game(players, seed=1).products)
    for a, b in combinations(areas, 2):
        assert not a.colliderect(b)
    others = [view.field_rect(f) for f in range(47)] + [view.place(p) for p in PLACES]
    for area in areas:
        assert TABLE.contains(area)
        assert area.collidelist(others) == -1
    for slot in view.used:
        assert view.product_at(view.product_rect(slot).center) == slot


@pytest.mark.parametrize("players", [2, 6])
def test_every_piece_of_a_product_lies_in_its_area_and_cells_do_not_overlap(players):
    view = view_for(players)
    for slot in view.used:
        area = view.product_rect(slot)
        spots = [view.letter_center(slot), view.chip_center(slot), view.marketing_spot(slot),
                 view.order_center(slot)]
        cells = [view._vest_rect(slot, v, k) for k in (NERD, SUIT) for v in VESTS]
        for spot in spots + [view.vest_cell(slot, v, k) for k in (NERD, SUIT) for v in VESTS]:
            assert area.collidepoint(spot), (slot, spot)
        for a, b in combinations(cells, 2):
            assert not a.colliderect(b)
        assert all(area.contains(c) for c in cells)


def test_places_and_supply_piles_lie_inside_the_table():
    view = view_for(6)
    for name in PLACES:
        assert TABLE.contains(view.place(name)), name
    supply = view.place("supply")
    piles = [view.supply_spot(k) for k in (NERD, SUIT, BIG_NERD, BIG_SUIT)]
    assert all(supply.collidepoint(p) for p in piles) and len(set(piles)) == 4


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_company_panels_fit_beside_the_table_with_room_for_three_lines(players):
    view = view_for(players)
    rects = [view.panel_rect(s) for s in range(players)]
    for seat, rect in enumerate(rects):
        assert PANELS.contains(rect) and not rect.colliderect(TABLE)
        assert rect.h >= 100  # name, money + hand, products: three lines of >= 20 px text
        assert rect.collidepoint(view.money_spot(seat)) and rect.collidepoint(
            view.hand_spot(seat))
    for a, b in combinations(rects, 2):
        assert not a.colliderect(b)


def test_markers_sharing_a_field_stay_apart_and_on_the_table():
    view = view_for(6)
    model = crowded()
    for f in {p.field for p in model.products.values()}:
        slots = view.field_order(model.on_field(f), model.current, f)
        spots = [view.marker_spot(s, f, model) for s in slots]
        drawn = spots[:view.shown(len(slots), f)]  # the rest are counted on the "+N" chip
        assert all(s == view.count_rect(f).center for s in spots[len(drawn):])
        for a, b in combinations(drawn, 2):  # letters of 18 px stay readable side by side
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 18, (f, a, b)
        assert all(TABLE.collidepoint(s) for s in spots)
    lone = [s for s, p in model.products.items() if p.field == 9]
    assert view.marker_spot(lone[0], 9, model) == view.field_center(9)


def test_a_marker_asks_for_its_spot_on_a_field_it_has_not_reached_yet():
    """Movers ask where a hop will end before the model moves the marker there."""
    view = view_for(6)
    model = crowded()
    model.current = "L"  # (the hopping product, whose turn it is, gets a drawn place)
    spot = view.marker_spot("L", 5, model)  # L stands on 9; five markers already on 5
    model.products["L"].field = 5
    assert spot == view.marker_spot("L", 5, model)
    assert ("L", spot) in [(m[0], m[1]) for m in view._marker_layout(model)]


# -- drawing -----------------------------------------------------------------------------


def test_a_hidden_marker_is_left_out_of_the_drawing():
    view = view_for(2)
    model = TableModel.from_state(mid_game(2))
    slot = sorted(model.products)[0]
    spot = view.marker_spot(slot, model.products[slot].field, model)
    canvas = pygame.Surface((1280, 720))
    view.draw(canvas, model)
    shown = canvas.get_at(spot)
    view.draw(canvas, model, hidden_markers={slot})
    assert canvas.get_at(spot) != shown


def test_field_info_stays_on_the_table_for_every_field():
    view = view_for(6)
    canvas = pygame.Surface((1280, 720), pygame.SRCALPHA)
    for f in range(usertrack.LAST_FIELD + 1):
        canvas.fill((0, 0, 0, 0))
        view.draw_field_info(canvas, f)
        bounds = canvas.get_bounding_rect()
        assert TABLE.contains(bounds), (f, bounds)


def test_the_turn_seats_panel_is_drawn_differently():
    view = view_for(6)
    model = TableModel.from_state(mid_game(6))
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    view.draw(a, model, turn_seat=None)
    view.draw(b, model, turn_seat=3)

    def changed(rect: pygame.Rect) -> int:
        return sum(a.get_at((x, y)) != b.get_at((x, y))
                   for x in range(rect.x, rect.right, 4) for y in range(rect.y, rect.bottom, 4))

    assert changed(view.panel_rect(3)) > 0.5 * (view.panel_rect(3).w * view.panel_rect(3).h / 16)
    assert changed(view.panel_rect(2)) == 0


# -- the model: public information only (F13) -------------------------------------------


def test_model_shows_no_face_down_category_and_no_card_names():
    state = mid_game(6)
    model = TableModel.from_state(state)
    for slot, product in state.products.items():
        shown = model.products[slot]
        assert shown.category == (product.category if product.launched else None)
        assert shown.chip == (product.category is not None)
        assert shown.field == product.field and shown.marketing == product.marketing
        assert shown.count(NERD) == product.nerd_count
        assert shown.count(SUIT) == product.suit_count
    for seat, player in enumerate(state.players):
        company = model.companies[seat]
        assert company.hand == len(player.hand) and isinstance(company.hand, int)
        assert company.money == player.money
        assert sorted(company.execs) == sorted(
            [(BIG_NERD, v) for v in player.big_nerds] + [(BIG_SUIT, v) for v in player.big_suits])
        assert not any(card in repr(model) for card in player.hand)
    for slot, product in state.products.items():
        if not product.launched and product.category:
            assert product.category not in repr(model.products[slot])


def test_model_vp_is_the_rules_score_and_follows_a_moved_marker():
    state = mid_game(4)
    model = TableModel.from_state(state)
    assert [c.vp for c in model.companies] == state.scores()
    slot = sorted(model.products)[0]
    model.products[slot].field = usertrack.LAST_FIELD
    model.rescore()
    owner = model.products[slot].owner
    assert model.companies[owner].vp > state.scores()[owner]
    assert model.bank == state.bank and model.deck == sum(state.deck.values())
    assert model.order == state.turn_order and model.current == state.current_slot


def test_F14_sealed_marketing_stays_in_the_money_shown_until_revealed():
    from tests.scenes_startupfever.helpers import advance_to

    state = advance_to(new_game(4, seed=2), "marketing")
    seat = state.current_player
    before = TableModel.from_state(state)
    market = next(a for a in state.legal_actions() if type(a).__name__ == "Market")
    state.apply(market)
    assert state.players[seat].money < before.companies[seat].money  # the rules moved it
    after = TableModel.from_state(state)
    assert [c.money for c in after.companies] == [c.money for c in before.companies]
    assert {s: p.marketing for s, p in after.products.items()} == \
        {s: p.marketing for s, p in before.products.items()}


def test_every_text_on_a_six_seat_table_is_at_least_20_px(monkeypatch):
    """Couch readability: no label on the table or the panels below 20 px (PREAMBLE)."""
    from scenes.startupfever import look

    sizes: list[int] = []
    real_get = look.fonts().get

    def get(face="body", size="body"):
        sizes.append(size if isinstance(size, int) else 99)  # named sizes are all >= 24
        return real_get(face, size)

    monkeypatch.setattr(look.fonts(), "get", get)
    look.user_marker.cache_clear()
    look.chip.cache_clear()
    view = view_for(6)
    model = TableModel.from_state(mid_game(6))
    canvas = pygame.Surface((1280, 720))
    view.draw(canvas, model, turn_seat=1, highlight={"A", 2})
    view.draw(canvas, crowded())
    for f in (0, usertrack.LAUNCH_FIELD, usertrack.MARK_100M, usertrack.LAST_FIELD):
        view.draw_field_info(canvas, f)
    view.draw_product_info(canvas, "A", model)
    assert sizes and min(sizes) >= 20


def test_a_dpad_cursor_walks_the_track_and_jumps_between_rows():
    view = view_for(4)
    launch = usertrack.LAUNCH_FIELD
    assert view.field_step(launch, "left") == launch - 1
    assert view.field_step(launch, "right") == launch + 1
    assert view.field_step(0, "left") == 0 and view.field_step(46, "right") == 46
    up = view.field_step(launch, "up")  # straight above the Launch field, one row up
    assert view.field_rect(up).bottom < view.field_rect(launch).y
    assert abs(view.field_center(up)[0] - view.field_center(launch)[0]) < 30
    down = view.field_step(launch, "down")
    assert view.field_rect(down).y > view.field_rect(launch).bottom
    assert view.field_step(down, "up") == launch
    assert view.field_step(1, "up") == 1  # the top row holds the cursor


def test_product_info_stays_on_the_table_and_keeps_face_down_chips_secret(tmp_path):
    view = view_for(6)
    state = mid_game(6)
    model = TableModel.from_state(state)
    canvas = pygame.Surface((1280, 720), pygame.SRCALPHA)
    for slot in view.used:
        canvas.fill((0, 0, 0, 0))
        view.draw_product_info(canvas, slot, model)
        assert TABLE.contains(canvas.get_bounding_rect()), slot
    hidden = next(s for s, p in state.products.items() if not p.launched)
    shown = pygame.display.get_surface()
    view.draw(shown, model, turn_seat=0)
    view.draw_product_info(shown, hidden, model)
    shot(shown, "sf_table_6p_product_info", tmp_path)
    assert model.products[hidden].category is None


@pytest.mark.parametrize("kind,other", [(NERD, SUIT), (SUIT, NERD)])
@pytest.mark.parametrize("count", [1, 3])
def test_a_cube_is_drawn_in_its_own_row_and_vesting_cell(kind, other, count):
    view = view_for(2)
    model = TableModel.from_state(new_game(2, seed=1))
    canvas = pygame.Surface((1280, 720))
    view.draw(canvas, model)
    empty = canvas.copy()
    model.products["A"].workers = {(kind, 1): count}
    view.draw(canvas, model)
    assert canvas.get_at(view.vest_cell("A", 1, kind)) != empty.get_at(view.vest_cell("A", 1, kind))
    for vest in VESTS:
        spot = view.vest_cell("A", vest, other)
        assert canvas.get_at(spot) == empty.get_at(spot), (other, vest)
    assert canvas.get_at(view.vest_cell("A", 3, kind)) == empty.get_at(view.vest_cell("A", 3, kind))


def test_the_table_draws_again_after_pygame_font_was_quit_and_started():
    """Each app quits pygame at its end; the next table must not use dead fonts."""
    from scenes.startupfever import look

    look.fonts().body(20)
    pygame.font.quit()
    pygame.font.init()
    canvas = pygame.Surface((1280, 720))
    view_for(2).draw(canvas, TableModel.from_state(new_game(2, seed=1)))
    look.fonts().body(24).size("still alive")


def test_a_map_whose_floor_art_is_missing_still_draws_the_table(tmp_path):
    """The floor tiles are decoration: without their picture the table draws on night."""
    import shutil

    from game.startupfever.layout import DEFAULT_MAP, load_layout

    copy = tmp_path / "startupfever.tmx"  # its tileset path now points nowhere
    shutil.copy(DEFAULT_MAP, copy)
    view = TableView(load_layout(copy), default_seats(2, humans=1))
    canvas = pygame.Surface((1280, 720))
    view.draw(canvas, TableModel.from_state(new_game(2, seed=1)))
    assert_not_blank(canvas, 60)


@pytest.mark.parametrize("players, grown", [(2, 1.5), (3, 1.5), (4, 1.5), (5, 1.229), (6, 1.0)])
def test_company_panels_grow_with_the_text_size_as_far_as_their_height_allows(players, grown):
    from scenes.engine.theme import THEME
    from scenes.startupfever.panels import panel_rect, panel_scale

    THEME.configure(1.5)
    assert panel_scale(players) == pytest.approx(grown, abs=0.001)
    rects = [panel_rect(seat, players) for seat in range(players)]
    assert all(PANELS.contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in combinations(rects, 2))
    THEME.configure(1.0)
    assert panel_scale(players) == 1.0
