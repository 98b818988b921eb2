"""Set-up (rulebook "Setting Up the Game", RULES.md F1-F4, F13)."""

import pytest

from game import startupfever as sf
from game.startupfever.actions import Draw, PickProduct, PlaceChip
from game.startupfever.state import COMMUNICATION, ECOMMERCE, MEDIA

from .helpers import start


@pytest.mark.parametrize(("players", "per"), [(2, 4), (3, 4), (4, 3), (5, 2), (6, 2)])
def test_F1_products_per_player_and_slots(players, per):
    state = sf.new_game(players, seed=1)
    assert len(state.products) == players * per
    assert "".join(state.products) == "ABCDEFGHIJKL"[: players * per]
    for seat, pl in enumerate(state.players):
        assert len(pl.slots) == per
        assert all(state.products[s].owner == seat for s in pl.slots)


@pytest.mark.parametrize("players", [1, 7])
def test_F1_player_count_outside_2_to_6_is_refused(players):
    with pytest.raises(ValueError):
        sf.new_game(players)


def test_F1_names_become_players():
    state = sf.new_game(["Ann", "Bob"], seed=1)
    assert [p.name for p in state.players] == ["Ann", "Bob"]


@pytest.mark.parametrize(("players", "removed"),
                         [(3, set()), (4, {MEDIA}), (5, {MEDIA, COMMUNICATION})])
def test_F2_categories_removed_by_everyone(players, removed):
    state = start(players)
    for pl in state.players:
        cats = {state.products[s].category for s in pl.slots}
        assert len(cats) == len(pl.slots)
        assert not cats & removed


def test_F2_each_player_places_own_chips_and_last_is_automatic():
    state = sf.new_game(4, seed=3)
    assert state.stage == "chips" and state.current_player == 0
    acts = state.legal_actions()
    assert acts == [PlaceChip("A", c) for c in state.categories]
    assert MEDIA not in state.categories
    state.apply(PlaceChip("A", ECOMMERCE))
    assert state.current_player == 0
    assert ECOMMERCE not in [a.category for a in state.legal_actions()]
    state.apply(state.legal_actions()[0])  # B; C is placed automatically
    assert state.products["C"].category is not None
    assert state.current_player == 1


def test_F3_start_money_and_bank():
    for n in range(2, 7):
        state = sf.new_game(n, seed=1)
        assert all(p.money == 2 for p in state.players)
        assert state.bank == 100 - 2 * n


def test_F4_supply_counts():
    state = sf.new_game(5, seed=1)
    assert state.supply == {"nerd": 50, "suit": 50, "big_nerd": 4, "big_suit": 4}


def test_setup_deals_four_cards_each_as_chance_steps():
    state = sf.new_game(2, seed=1)
    while state.stage == "chips":
        state.apply(state.legal_actions()[0])
    assert state.current_player == sf.CHANCE and state.stage == "deal"
    outcomes = state.chance_outcomes()
    assert sum(p for _a, p in outcomes) == pytest.approx(1)
    assert dict((a.card, p) for a, p in outcomes)["viral_growth"] == pytest.approx(8 / 84)
    state.apply(Draw("leak"))
    assert state.players[0].hand == ["leak"] and state.deck["leak"] == 5
    while state.stage == "deal":
        state.apply(state.sample_chance())
    assert [len(p.hand) for p in state.players] == [4, 4]
    assert sum(state.deck.values()) == 84 - 8


def test_first_year_turn_order_is_random_pick_by_pick():
    state = sf.new_game(2, seed=1)
    while state.stage != "first_order":
        state.apply(state.legal_actions()[0] if state.current_player >= 0
                    else state.sample_chance())
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 8 and all(p == pytest.approx(1 / 8) for _a, p in outcomes)
    for slot in "HGFEDCB":
        state.apply(PickProduct(slot))
    assert state.turn_order == list("HGFEDCBA")
    assert state.year == 1 and state.current_slot == "H"


def test_first_year_order_from_seed_is_reproducible():
    a = start(4, seed=9, order="")
    b = start(4, seed=9, order="")
    for s in (a, b):
        while s.stage == "first_order":
            s.apply(s.sample_chance())
    assert a.turn_order == b.turn_order
    assert sorted(a.turn_order) == list("ABCDEFGHIJKL")


def test_F13_chips_hidden_from_other_seats():
    state = start(4)
    obs = state.observation(1)
    assert obs["products"]["A"]["category"] is None  # seat 0's chip, face down
    assert obs["products"]["D"]["category"] == state.products["D"].category
