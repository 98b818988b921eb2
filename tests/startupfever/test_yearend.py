"""Year end: competition (Tables 1-2, F8), vesting, reassign, discard, replenish,
marketing, turn order, end of game (F12) and scoring."""

import json

import pytest

from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.actions import (
    ChoosePosition,
    Draw,
    EndMarketing,
    EndReassign,
    Market,
    PickProduct,
    Reassign,
    Roll,
)
from game.startupfever.players import RulePlayer
from game.startupfever.state import SOCIAL
from game.startupfever.views import SeatView, view_of
from game.startupfever.yearend import TABLE2

from .helpers import card_total, roll, start, total_money, until


def launch(state, *slots, field=20):
    for slot in slots:
        state.products[slot].field = field
        state.products[slot].launched = True


def showdown(state, rolls):
    """Reach the competition and roll `rolls` (slot -> die) in order of the pending list."""
    until(state, "comp_roll")
    events = []
    while state.stage == "comp_roll":
        slot = state.comp_pending[0]
        events += state.apply(Roll(rolls[slot].pop(0)))
    return events


def result(events, category=SOCIAL):
    return next(e for e in events if isinstance(e, ev.CompetitionResult)
                and e.category == category)


def test_chips_in_listed_order_make_A_D_G_J_social():
    state = start()
    assert {state.products[s].category for s in "ADGJ"} == {SOCIAL}


def test_rulebook_example_strength_10_nerds_and_big_nerd_is_14():
    state = start()
    launch(state, "A", "D")
    state.products["A"].nerds[0] = 10
    state.supply["nerd"] -= 10
    state.players[0].big_nerds = [0]
    state.supply["big_nerd"] -= 1
    events = showdown(state, {"A": [1], "D": [1]})
    rows = {r[0]: r for r in result(events).ranking}
    assert rows["A"][1] == 14 + 1  # strength + die
    assert rows["D"][1] == 0 + 1


def test_rulebook_example_three_product_showdown_plus8_minus3_minus5():
    state = start()
    launch(state, "A", "D", "G")
    events = showdown(state, {"A": [6], "D": [3], "G": [1]})
    res = result(events)
    assert [(r[0], r[2]) for r in res.ranking] == [("A", 8), ("D", -3), ("G", -5)]
    # each moved +1 by its adoption roll during the year: 21 before the showdown
    assert [state.products[s].field for s in "ADG"] == [29, 18, 16]


def test_F8_table2_completed_and_zero_sum():
    assert TABLE2[5][4] == -7 and TABLE2[6][4:] == (-5, -7)
    for n, column in TABLE2.items():
        assert len(column) == n and sum(column) == 0


def test_F8_table2_all_columns_used():
    for players in (4, 5, 6):
        state = start(players)
        socials = [s for s, p in state.products.items() if p.category == SOCIAL]
        launch(state, *socials)
        rolls = {s: [6 - i] for i, s in enumerate(socials)}
        res = result(showdown(state, rolls))
        assert tuple(r[2] for r in res.ranking) == TABLE2[len(socials)]


def test_F8_marketing_money_adds_strength():
    state = start()
    launch(state, "A", "D")
    state.products["D"].marketing = 3
    state.bank -= 3
    res = result(showdown(state, {"A": [4], "D": [2]}))
    assert res.ranking[0][0] == "D" and res.ranking[0][1] == 5


def test_F8_tie_more_nerds_wins():
    state = start()
    launch(state, "A", "D")
    state.products["A"].nerds[0] = 1
    state.supply["nerd"] -= 1
    res = result(showdown(state, {"A": [3], "D": [4]}))
    assert res.ranking[0][0] == "A" and res.ranking[0][1] == res.ranking[1][1] == 4


def test_F8_tie_then_higher_die_wins():
    state = start()
    launch(state, "A", "D")
    for s in "AD":
        state.products[s].nerds[0] = 1
    state.supply["nerd"] -= 2
    state.products["A"].marketing = 1
    state.bank -= 1
    res = result(showdown(state, {"A": [2], "D": [3]}))
    assert res.ranking[0][0] == "D"


def test_F8_full_tie_rolls_again():
    state = start()
    launch(state, "A", "D", "G")
    events = showdown(state, {"A": [4, 2, 5], "D": [4, 2, 1], "G": [6]})
    rerolls = [e for e in events if isinstance(e, ev.DieRolled) and e.purpose == "tie re-roll"]
    assert [(e.slot, e.value) for e in rerolls] == [("A", 2), ("D", 2), ("A", 5), ("D", 1)]
    assert [r[0] for r in result(events).ranking] == ["G", "A", "D"]


def test_unlaunched_products_do_not_compete_and_one_product_has_no_showdown():
    state = start()
    launch(state, "A")
    state.products["D"].field = 14  # unlaunched, same category
    events = until(state, "marketing")
    assert not [e for e in events if isinstance(e, ev.CompetitionResult)]


def test_F8_markers_clamped_to_0_and_46():
    state = start()
    launch(state, "A", field=44)
    launch(state, "D", field=1)  # launched products stay launched below the line (F6)
    showdown(state, {"A": [6], "D": [1]})
    assert state.products["A"].field == 46 and state.products["D"].field == 0
    assert state.products["D"].launched


def test_vesting_moves_everyone_up_one_field():
    state = start()
    a = state.products["A"]
    a.nerds[:] = [1, 1, 1, 1, 1]
    state.supply["nerd"] -= 5
    state.players[1].big_suits = [4, 0]
    state.supply["big_suit"] -= 2
    until(state, "reassign")
    assert a.nerds == [2, 1, 1, 1, 0]
    assert state.players[1].big_suits == [3, 0]


def test_reassign_keeps_vesting_and_stays_in_company():
    state = start()
    state.products["A"].suits[2] = 1
    state.supply["suit"] -= 1
    until(state, "reassign")
    assert state.current_player == 0
    legal = state.legal_actions()
    assert Reassign("A", "C", "suit", 1) in legal
    assert all(a.dest in "ABC" for a in legal if isinstance(a, Reassign))
    state.apply(Reassign("A", "C", "suit", 1))
    assert state.products["C"].suits == [0, 1, 0, 0, 0]
    state.apply(EndReassign())
    assert state.stage != "reassign" or state.current_player != 0


def test_discard_returns_marketing_to_bank_and_played_cards_to_the_pile():
    state = start()
    state.products["B"].marketing = 4
    state.bank -= 4
    state.played = ["leak"]
    state.deck["leak"] -= 1
    until(state, "marketing")
    assert state.products["B"].marketing == 0
    assert "leak" in state.discard and state.played == []
    assert total_money(state) == 100 and card_total(state) == 84


def test_replenish_to_four_cards():
    state = start()
    until(state, "marketing")
    assert [len(p.hand) for p in state.players] == [4, 4, 4, 4]
    assert card_total(state) == 84


def test_empty_pile_reshuffles_the_discards():
    state = start()
    for card, k in state.deck.items():
        state.discard += [card] * k
        state.deck[card] = 0
    events = until(state, "marketing")
    assert any(isinstance(e, ev.DeckReshuffled) for e in events)
    assert [len(p.hand) for p in state.players] == [4, 4, 4, 4]
    assert card_total(state) == 84


def test_replenish_is_a_chance_step():
    state = start()
    until(state, "deal")
    assert state.current_player == sf.CHANCE
    seat = state.deal_queue[0]
    state.apply(Draw("audit_half"))
    assert "audit_half" in state.players[seat].hand


def test_marketing_allocation_one_token_at_a_time():
    state = start()
    until(state, "marketing")
    assert state.current_player == 0
    money = state.players[0].money
    assert Market("A") in state.legal_actions() and Market("D") not in state.legal_actions()
    state.apply(Market("A"))
    events = state.apply(Market("A"))
    assert events == [ev.MarketingPlaced(0, "A", 2)]  # private to seat 0 (F14)
    assert state.marketing_pending == {"A": 2} and state.players[0].money == money - 2
    state.apply(EndMarketing())
    assert state.current_player == 1
    assert total_money(state) == 100


# ------------------------------------------------------------------ F14 sealed marketing
def _allocating(seat: int = 1):
    """Year-end marketing of a 4-player game with seat 0 done (2 tokens on A, 1 on B)
    and `seat` deciding; every company holds money."""
    state = start()
    until(state, "marketing")
    for pl in state.players:
        state.bank -= 8 - pl.money
        pl.money = 8
    for action in (Market("A"), Market("A"), Market("B"), EndMarketing()):
        state.apply(action)
    while state.current_player != seat:
        state.apply(EndMarketing())
    return state


def test_F14_observation_hides_other_seats_pending_allocation():
    state = _allocating(seat=2)
    seen = state.observation(2)
    assert seen["players"][0]["money"] == 8  # as before seat 0 allocated
    assert all(p["marketing"] == 0 for p in seen["products"].values())
    assert seen["marketing_pending"] == {}
    # another seat's pending allocation changes: seat 2 sees nothing of it
    state.marketing_pending = {"A": 1, "C": 2}
    assert state.observation(2) == seen
    state.marketing_pending = {}
    state.players[0].money = 8
    assert state.observation(2) == seen
    # its owner sees it
    state.marketing_pending = {"A": 2, "B": 1}
    state.players[0].money = 5
    mine = state.observation(0)
    assert mine["marketing_pending"] == {"A": 2, "B": 1} and mine["players"][0]["money"] == 5


def test_F14_seat_views_hide_other_seats_pending_allocation():
    state = _allocating(seat=2)
    view = SeatView(state, 2)
    before = (view.players[0].money, view.products["A"].marketing, view.marketing_pending)
    assert before == (8, 0, {})
    state.marketing_pending["A"] += 3
    state.players[0].money -= 3
    assert (view.players[0].money, view.products["A"].marketing,
            view.marketing_pending) == before
    assert SeatView(state, 0).marketing_pending == {"A": 5, "B": 1}
    assert view_of(state.observation(2)).players[0].money == 8


def _rule_tokens(state, seat: int) -> dict[str, int]:
    """Let the rule player allocate `seat`'s marketing on a copy; its tokens."""
    state = state.clone()
    player = RulePlayer()
    while state.current_player == seat:
        action = player.decide(state.observation(seat), state.legal_actions())
        state.apply(action)
        if action == EndMarketing():
            break
    return {s: state.marketing_pending.get(s, 0) for s in state.players[seat].slots}


def test_F14_rule_player_allocates_the_same_whatever_others_allocated():
    state = _allocating(seat=1)
    rival = next(s for s in "DEF" if state.products[s].category == state.products["A"].category)
    for slot in ("A", rival):
        state.products[slot].launched = True
        state.products[slot].field = 20
    tokens = _rule_tokens(state, 1)
    assert tokens[rival] == 3  # a lead of 3 over A as it stands without marketing
    state.marketing_pending = {"A": 6}  # seat 0 had sealed something else
    state.players[0].money = 2
    assert _rule_tokens(state, 1) == tokens


def test_F14_all_allocations_revealed_together_after_the_last_seat():
    state = _allocating(seat=1)
    assert state.products["A"].marketing == 0  # sealed
    events = state.apply(Market("D"))
    assert state.products["D"].marketing == 0 and state.marketing_pending["D"] == 1
    assert not any(isinstance(e, ev.MarketingRevealed) for e in events)
    events = state.apply(EndMarketing()) + state.apply(EndMarketing())
    assert not any(isinstance(e, ev.MarketingRevealed) for e in events)
    events = state.apply(EndMarketing())  # the last seat finishes
    revealed = [e for e in events if isinstance(e, ev.MarketingRevealed)]
    assert len(revealed) == 1 and revealed[0].year == 2
    shown = {slot: tokens for slot, _seat, tokens in revealed[0].marketing}
    assert shown == {s: {"A": 2, "B": 1, "D": 1}.get(s, 0) for s in state.products}
    assert revealed[0].marketing[3] == ("D", 1, 1)
    assert str(revealed[0]) == "marketing for year 2 revealed: A 2, B 1, D 1"
    assert state.marketing_pending == {}
    assert [state.products[s].marketing for s in "ABD"] == [2, 1, 1]
    assert total_money(state) == 100


def test_F14_save_during_sealed_allocation_round_trips():
    state = _allocating(seat=1)
    state.apply(Market("E"))
    loaded = sf.from_json(state.to_json())
    assert loaded.marketing_pending == {"A": 2, "B": 1, "E": 1}
    assert loaded.to_json() == state.to_json()
    data = json.loads(state.to_json())
    data["marketing_pending"]["K"] = 1  # a seat not yet asked
    data["bank"] -= 1
    with pytest.raises(sf.SaveError, match="not yet asked"):
        sf.from_json(json.dumps(data))


def test_F14_version_1_saves_still_load():
    state = start()
    data = json.loads(state.to_json())
    data["version"] = 1
    del data["marketing_pending"]
    loaded = sf.from_json(json.dumps(data))
    assert loaded.marketing_pending == {} and loaded.to_json() == state.to_json()


def test_turn_order_fewest_users_selects_first_and_ties_are_random():
    state = start()
    for i, slot in enumerate("ABCDEFGHIJKL"):
        state.products[slot].field = i  # adoption rolls of 1 keep the order
    state.products["L"].field = 0  # ties with A
    until(state, "order_tie")
    assert state.current_player == sf.CHANCE
    assert {a.slot for a, _p in state.chance_outcomes()} == {"A", "L"}
    state.apply(PickProduct("L"))
    assert state.stage == "order_choose" and state.current_player == 3  # L's owner
    state.apply(ChoosePosition(5))
    assert state.current_player == 0  # A chooses next
    state.apply(ChoosePosition(0))
    while state.stage == "order_choose":
        state.apply(state.legal_actions()[0])
    assert state.turn_order[0] == "A" and state.turn_order[5] == "L"
    assert state.year == 2 and sorted(state.turn_order) == list("ABCDEFGHIJKL")


def test_F12_game_ends_at_year_end_of_the_last_launch():
    state = start()
    launch(state, *"BCDEFGHIJKL", field=17)
    state.products["A"].field = 15
    roll(state, 1)
    assert state.all_launched_year == 1 and not state.is_terminal()
    events = until(state, "over")
    assert state.is_terminal() and state.year == 1
    assert state.current_player == sf.TERMINAL
    end = next(e for e in events if isinstance(e, ev.GameEnded))
    assert end.reason == "all products launched"
    assert total_money(state) == 100


def test_F12_extra_years_option():
    state = start(extra_years=1)
    launch(state, *"ABCDEFGHIJKL", field=17)
    state.all_launched_year = 1
    until(state, "over", limit=2000)
    assert state.year == 2


def test_F12_safety_stop_after_year_15():
    state = start()
    state.year = 15
    until(state, "over")
    assert state.year == 15 and state.end_reason.startswith("safety stop")


def test_victory_points_and_winner():
    state = start()
    for slot, field in (("A", 20), ("D", 25), ("G", 10)):
        state.products[slot].field = field
    assert state.scores() == [5, 10, 0, 0]
    assert state.winners() == [1]


def test_tie_on_vp_more_money_wins_then_shared():
    state = start()
    state.products["A"].field = 20
    state.products["D"].field = 20
    state.players[0].money, state.players[1].money = 5, 3
    assert state.winners() == [0]
    state.players[1].money = 5
    assert state.winners() == [0, 1]


def test_scores_during_play_are_the_current_vp():
    state = start()
    assert state.scores() == [0, 0, 0, 0]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_whole_year_runs_for_every_player_count(players):
    state = start(players)
    until(state, "marketing", limit=3000)
    assert total_money(state) == 100 and card_total(state) == 84
