"""Event Cards (F10, F11): deck, windows, Defense and every card's effect."""

import pytest

from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.actions import (
    Defend,
    EndManage,
    Hire,
    MoveResigned,
    Pass,
    PlayCard,
    Poach,
    Roll,
)
from game.startupfever.cards import CARD_TYPES, CARDS, DECK_SIZE, WINDOWS, full_deck

from .helpers import card_total, employees, roll, start, total_money, until


def give_money(state, seat, amount):
    state.bank -= amount - state.players[seat].money
    state.players[seat].money = amount


def to_window(state, window):
    """Pass in earlier windows and roll 1 until `window` asks someone who can play."""
    for _ in range(500):
        if state.stage == "window" and state.window == window \
                and len(state.legal_actions()) > 1:
            return
        if state.current_player == sf.CHANCE:
            state.apply(Roll(1) if state.stage in ("adoption_roll", "loss_roll")
                        else state.sample_chance())
        else:
            acts = state.legal_actions()
            state.apply(next((a for a in acts if isinstance(a, (Pass, EndManage))), acts[-1]))
    raise AssertionError(f"window {window} never opened")


# ------------------------------------------------------------------ the deck
def test_F10_deck_has_84_cards_with_the_rulebook_counts():
    counts = full_deck()
    assert DECK_SIZE == 84 == sum(counts.values())
    expected = {"antitrust": 2, "attrition": 3, "audit_half": 2, "audit_third": 3,
                "defense": 4, "executive_power": 2, "leak": 6, "hiring_failure": 5}
    for card, n in expected.items():
        assert counts[card] == n
    assert sum(c.count for c in CARD_TYPES if c.designed) == 57
    assert 6 <= sum(1 for c in CARD_TYPES if c.designed) <= 10


def test_F10_every_card_has_text_windows_and_target():
    for c in CARD_TYPES:
        assert len(c.text) > 60 and c.name
        assert set(c.windows) <= set(WINDOWS)
        assert c.windows or c.id == "defense"


def test_F10_rules_notes_list_every_card():
    import pathlib

    notes = (pathlib.Path(sf.__file__).parent / "RULES.md").read_text()
    for c in CARD_TYPES:
        assert f"**{c.name}** (`{c.id}`" in notes and c.text in notes


# ------------------------------------------------------------------ windows
def test_F11_every_card_holder_is_asked_and_without_a_playable_card_can_only_pass():
    state = start(hands={1: ["defense", "press_coverage"]})  # nothing playable in year 1
    assert state.stage == "window" and state.current_player == 1  # asked: it holds cards
    assert state.window_seats == [1]  # the others hold none: hand sizes are public
    asked = []
    while state.window != "discard":
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            acts = state.legal_actions()
            if state.stage == "window":
                asked.append((state.window, state.current_player))
                assert acts == [Pass()]  # nothing playable: it can only pass
            state.apply(next((a for a in acts if isinstance(a, (Pass, EndManage))), acts[-1]))
    assert asked and {seat for _w, seat in asked} == {1}
    assert {w for w, _seat in asked} >= {"adoption", "revenue", "manage", "competition"}
    assert state.current_player == 1 and len(state.legal_actions()) == 3  # dump either


def test_F11_window_asks_holders_in_seat_order_from_the_turn_seat():
    state = start(hands={2: ["press_coverage"], 1: ["server_outage"], 3: ["defense"]})
    assert state.stage == "window" and state.window == "adoption"
    assert state.window_seats == [1, 2, 3]
    assert state.current_player == 1
    assert state.legal_actions() == [PlayCard("server_outage", "A"), Pass()]
    state.apply(Pass())
    assert state.current_player == 2
    assert state.legal_actions() == [Pass()]  # Press Coverage waits for the year end
    state.apply(Pass())
    assert state.current_player == 3 and state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.stage == "adoption_roll"


def test_F11_several_cards_in_one_window():
    state = start(hands={0: ["viral_growth", "viral_growth"]})
    state.apply(PlayCard("viral_growth", "A"))
    assert state.current_player == 0
    state.apply(PlayCard("viral_growth", "A"))
    assert state.stage == "adoption_roll"
    roll(state, 1)
    assert state.products["A"].field == 7


def test_F11_cards_only_in_their_windows():
    state = start(hands={1: ["viral_growth", "talent_fair"]})
    assert PlayCard("talent_fair", "A") not in state.legal_actions()
    state.apply(PlayCard("viral_growth", "A"))
    state.apply(Pass())  # still holding Talent Fair: asked again until it passes
    roll(state, 1)
    assert state.window == "revenue" and state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.window == "manage"
    assert state.legal_actions() == [PlayCard("talent_fair", "A"), Pass()]


def test_F11_discard_window_plays_old_cards_without_effect():
    state = start(hands={1: ["defense", "press_coverage"]})
    while state.window != "discard":
        until(state, "window")
        if state.window != "discard":
            state.apply(Pass())
    assert state.current_player == 1
    assert set(state.legal_actions()) == {PlayCard("defense"), PlayCard("press_coverage"),
                                          Pass()}
    events = state.apply(PlayCard("defense"))
    assert "without effect" in str(events[0])
    state.apply(PlayCard("press_coverage"))
    until(state, "marketing")
    assert len(state.players[1].hand) == 4 and card_total(state) == 84


def test_F11_new_cards_cannot_be_played_in_the_year_they_are_drawn():
    state = start()
    until(state, "deal")
    stages = []
    while state.year == 1:
        stages.append(state.stage)
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(state.legal_actions()[-1])
    assert "window" not in stages


def test_illegal_card_play_is_refused():
    state = start(hands={1: ["viral_growth"]})
    with pytest.raises(sf.IllegalAction):
        state.apply(PlayCard("viral_growth", "B"))  # not B's turn
    with pytest.raises(sf.IllegalAction):
        state.apply(PlayCard("leak", "B"))  # not in hand


# ------------------------------------------------------------------ Defense
def test_defense_cancels_a_card_played_on_the_company():
    state = start(hands={0: ["defense"], 1: ["audit_half"]})
    state.products["A"].suits[0] = 1
    state.supply["suit"] -= 1
    to_window(state, "manage")
    give_money(state, 0, 9)
    state.apply(PlayCard("audit_half", seat=0))
    assert state.stage == "defense" and state.current_player == 0
    events = state.apply(Defend(True))
    assert any(isinstance(e, ev.CardCancelled) for e in events)
    assert state.players[0].money == 9
    assert sorted(state.played) == ["audit_half", "defense"]
    assert state.players[0].hand == []


def test_defense_declined_lets_the_card_act():
    state = start(hands={0: ["defense"], 1: ["audit_half"]})
    state.players[0].big_suits = [4]  # a Big Suit counts as a Suit
    state.supply["big_suit"] -= 1
    to_window(state, "manage")
    give_money(state, 0, 9)
    state.apply(PlayCard("audit_half", seat=0))
    state.apply(Defend(False))
    assert state.players[0].money == 5 and state.players[0].hand == ["defense"]


def test_defense_needs_a_suit():
    state = start(hands={0: ["defense"], 1: ["audit_half"]})
    to_window(state, "manage")
    give_money(state, 0, 9)
    state.apply(PlayCard("audit_half", seat=0))
    assert state.stage == "defense" and state.current_player == 0  # it holds a card
    assert state.legal_actions() == [Defend(False)]  # no Suit: it cannot defend
    state.apply(Defend(False))
    assert state.players[0].money == 5


def test_defense_is_asked_of_a_target_holding_any_card_and_of_no_other():
    """F11: whether the target is asked depends on its hand's size alone."""
    state = start(hands={0: ["press_coverage"], 1: ["audit_half", "audit_third"]})
    state.products["A"].suits[0] = 1
    state.supply["suit"] -= 1
    to_window(state, "manage")
    state.apply(PlayCard("audit_half", seat=0))
    assert state.stage == "defense" and state.legal_actions() == [Defend(False)]
    events = state.apply(Defend(False))
    assert not any(isinstance(e, ev.CardCancelled) for e in events)
    state.players[0].hand = []  # (the card back in the pile: only the size matters here)
    state.deck["press_coverage"] += 1
    state.apply(PlayCard("audit_third", seat=0))
    assert state.stage == "manage"  # seat 0 holds nothing: not asked; seat 1 is out of cards


def test_defense_only_for_the_own_company():
    state = start(hands={3: ["defense"], 1: ["audit_half"]})
    state.products["J"].suits[0] = 1
    state.supply["suit"] -= 1
    to_window(state, "manage")
    state.apply(PlayCard("audit_half", seat=0))
    assert state.stage != "defense"


def test_no_defense_prompt_for_own_cards():
    state = start(hands={0: ["defense", "viral_growth"]})
    state.products["A"].suits[0] = 1
    state.supply["suit"] -= 1
    state.apply(PlayCard("viral_growth", "A"))
    assert state.stage != "defense"


# ------------------------------------------------------------------ every card
def test_card_viral_growth_adds_3_adoption():
    state = start(hands={1: ["viral_growth"]})
    state.apply(PlayCard("viral_growth", "A"))
    events = roll(state, 2)
    adopted = next(e for e in events if isinstance(e, ev.UsersAdopted))
    assert adopted.total == 5 and adopted.card_bonus == 3


def test_card_server_outage_halves_adoption_rounded_up():
    state = start(hands={1: ["server_outage"]})
    state.products["A"].nerds[0] = 2
    state.supply["nerd"] -= 2
    state.apply(PlayCard("server_outage", "A"))
    roll(state, 3)  # (3 + 2) / 2 -> 3 in favour of the target
    assert state.products["A"].field == 3


def test_card_leak_launches_any_unlaunched_product_now():
    state = start(hands={1: ["leak"]})
    targets = [a.slot for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert targets == list("ABCDEFGHIJKL")
    events = state.apply(PlayCard("leak", "G"))
    launch = next(e for e in events if isinstance(e, ev.ProductLaunched))
    assert launch.leaked and launch.slot == "G" and state.products["G"].launched
    assert state.products["G"].field == 0  # wherever its marker stands
    assert state.observation(0)["products"]["G"]["category"] is not None


def test_card_leak_before_competition_makes_the_product_compete():
    state = start(hands={1: ["leak"]})
    state.products["A"].field, state.products["A"].launched = 20, True
    state.apply(Pass())
    to_window(state, "competition")
    state.apply(PlayCard("leak", "D"))
    events = until(state, "marketing")
    res = next(e for e in events if isinstance(e, ev.CompetitionResult))
    assert {r[0] for r in res.ranking} == {"A", "D"}


def test_card_leak_of_the_last_product_ends_the_game_that_year():
    state = start(hands={1: ["leak"]})
    for p in state.products.values():
        p.launched, p.field = True, 17
    state.products["B"].launched, state.products["B"].field = False, 0
    state.apply(PlayCard("leak", "B"))
    until(state, "over")
    assert state.year == 1


def test_card_antitrust_blocks_manage_over_100M():
    state = start(hands={1: ["antitrust"]})
    state.products["A"].launched, state.products["A"].field = True, 37
    to_window(state, "manage")
    events = state.apply(PlayCard("antitrust", "A"))
    assert any(isinstance(e, ev.ManageSkipped) and "antitrust" in e.reason for e in events)
    assert state.stage != "manage"


def test_card_antitrust_no_effect_at_or_under_100M():
    state = start(hands={1: ["antitrust"]})
    state.products["A"].field = 35  # roll 1 -> 36: not over 100M
    state.products["A"].launched = True
    to_window(state, "manage")
    state.apply(PlayCard("antitrust", "A"))
    assert state.stage == "manage"


def test_F15_hiring_failure_names_no_kind_and_the_first_hire_of_any_kind_fails():
    state = start(hands={1: ["hiring_failure"]})
    to_window(state, "manage")
    plays = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    assert plays == [PlayCard("hiring_failure", "A")]  # no kind to name
    with pytest.raises(sf.IllegalAction):
        state.apply(PlayCard("hiring_failure", "A", kind="nerd"))
    state.apply(PlayCard("hiring_failure", "A"))
    give_money(state, 0, 5)
    events = state.apply(Hire("suit"))  # whatever kind comes first
    assert [e for e in events if isinstance(e, ev.Hired)] == [
        ev.Hired(0, "A", "suit", 1, failed=True)]
    assert state.products["A"].suit_count == 0 and state.supply["suit"] == 50
    assert state.players[0].money == 4 and total_money(state) == 100
    state.apply(Hire("suit"))  # the second hire works
    assert state.products["A"].suit_count == 1
    assert Hire("nerd") not in state.legal_actions()  # the failed hire counted


def test_F15_hiring_failure_on_an_executive_hire_loses_the_six():
    state = start(hands={1: ["hiring_failure"]})
    to_window(state, "manage")
    state.apply(PlayCard("hiring_failure", "A"))
    give_money(state, 0, 13)
    state.apply(Hire("big_nerd"))
    assert state.players[0].big_nerds == [] and state.supply["big_nerd"] == 3
    assert state.players[0].money == 7
    state.apply(Hire("big_nerd"))
    assert state.players[0].big_nerds == [4] and state.players[0].money == 1


def test_F15_poaching_is_not_hiring_and_the_failure_waits_for_a_hire():
    state = start(hands={1: ["hiring_failure"]})
    state.products["D"].nerds[0] = 1
    state.supply["nerd"] -= 1
    to_window(state, "manage")
    state.apply(PlayCard("hiring_failure", "A"))
    give_money(state, 0, 5)
    give_money(state, 1, 0)
    state.apply(Poach(1, "D", "nerd", 0, 1))
    assert state.products["A"].nerds[4] == 1  # the poach is not the hire that fails
    state.apply(Hire("nerd"))
    assert state.products["A"].nerd_count == 1 and state.hire_fails == []


def test_F15_a_second_hiring_failure_on_the_same_turn_adds_nothing():
    state = start(hands={1: ["hiring_failure", "hiring_failure"]})
    to_window(state, "manage")
    state.apply(PlayCard("hiring_failure", "A"))
    events = state.apply(PlayCard("hiring_failure", "A"))
    assert "no effect" in str(events[-1])
    give_money(state, 0, 5)
    state.apply(Hire("nerd"))
    state.apply(Hire("nerd"))
    assert state.products["A"].nerd_count == 1


def test_F15_hiring_failure_ends_with_the_turn():
    state = start(hands={1: ["hiring_failure"]})
    to_window(state, "manage")
    state.apply(PlayCard("hiring_failure", "A"))
    give_money(state, 0, 5)
    state.apply(EndManage())  # no hire on A this turn
    until(state, "manage")
    assert state.current_slot == "B" and state.hire_fails == []
    state.apply(Hire("nerd"))
    assert state.products["B"].nerd_count == 1


def test_card_executive_power_allows_a_second_executive():
    state = start(hands={0: ["executive_power"]})
    state.players[0].big_nerds = [0]
    state.supply["big_nerd"] -= 1
    to_window(state, "manage")
    state.apply(PlayCard("executive_power", seat=0))
    give_money(state, 0, 12)
    state.apply(Hire("big_nerd"))
    assert state.players[0].big_nerds == [0, 4]
    state.apply(EndManage())
    roll(state, 1)
    assert state.products["B"].field == 1 + 4  # both add +2 adoption (F9)


def test_F15_a_version_1_save_with_a_named_failure_loads_as_a_first_hire_failure():
    import json

    state = start(hands={1: ["hiring_failure"]})
    to_window(state, "manage")
    state.apply(PlayCard("hiring_failure", "A"))
    data = json.loads(state.to_json())
    data["version"] = 1
    data["hire_fails"] = ["big_nerd"]  # version 1 named a kind
    del data["marketing_pending"]
    loaded = sf.from_json(json.dumps(data))
    assert loaded.hire_fails == ["A"] and loaded.to_json() == state.to_json()


def executive_power_for_seat_0(big_nerds: dict[int, list[int]],
                               big_suits: dict[int, list[int]]):
    """Seat 0 plays Executive Power on its own first turn, with 20 money; the seats hold
    executives on the given vesting fields (taken from the supply)."""
    state = start(hands={0: ["executive_power"]})
    for kind, held in (("big_nerd", big_nerds), ("big_suit", big_suits)):
        for seat, fields in held.items():
            state.players[seat].executives(kind).extend(fields)
            state.supply[kind] -= len(fields)
    to_window(state, "manage")
    state.apply(PlayCard("executive_power", seat=0))
    give_money(state, 0, 20)
    return state


def test_F16_executive_power_allows_one_extra_executive_not_both():
    state = executive_power_for_seat_0({0: [0]}, {0: [0]})
    assert {Hire("big_nerd"), Hire("big_suit")} <= set(state.legal_actions())
    state.apply(Hire("big_suit"))
    assert state.players[0].big_suits == [0, 4]
    assert Hire("big_nerd") not in state.legal_actions()  # not a second CTO as well
    assert state.exec_room(0, "big_nerd") is False


def test_F16_a_kept_second_executive_uses_up_the_extra_one():
    # a second CEO from an earlier Executive Power; seat 1 has a CTO to poach
    state = executive_power_for_seat_0({0: [2], 1: [0]}, {0: [2, 2]})
    give_money(state, 1, 0)
    acts = state.legal_actions()
    assert Hire("big_nerd") not in acts and Hire("big_suit") not in acts
    assert not any(isinstance(a, Poach) and a.kind == "big_nerd" for a in acts)


def test_F16_saves_with_two_ctos_and_two_ceos_are_refused():
    state = start()
    state.players[0].big_nerds = [4, 4]
    state.players[0].big_suits = [4, 4]
    state.supply["big_nerd"] -= 2
    state.supply["big_suit"] -= 2
    with pytest.raises(sf.SaveError, match="F16"):
        sf.from_json(state.to_json())


def test_card_executive_power_expires_at_year_end_but_the_executive_stays():
    state = start(hands={0: ["executive_power"]})
    to_window(state, "manage")
    state.apply(PlayCard("executive_power", seat=0))
    assert 0 in state.exec_power
    state.players[0].big_nerds = [4, 4]
    state.supply["big_nerd"] -= 2
    until(state, "marketing")
    assert state.exec_power == [] and state.players[0].big_nerds == [3, 3]


def test_card_talent_fair_allows_four_hires():
    state = start(hands={0: ["talent_fair"]})
    to_window(state, "manage")
    state.apply(PlayCard("talent_fair", "A"))
    give_money(state, 0, 10)
    for kind in ("nerd", "nerd", "suit", "suit"):
        state.apply(Hire(kind))
    assert state.products["A"].nerd_count == 2 and state.products["A"].suit_count == 2
    assert not [a for a in state.legal_actions() if isinstance(a, Hire)]


def test_card_talent_fair_twice_still_caps_hires_at_four():
    """The card says "up to four hires": a second Talent Fair on the same turn is played
    (and leaves the hand) but adds nothing."""
    state = start(hands={0: ["talent_fair"], 1: ["talent_fair"]})
    to_window(state, "manage")
    state.apply(PlayCard("talent_fair", "A"))
    assert state.current_player == 1  # seat 0 has no card left: the window moves on
    events = state.apply(PlayCard("talent_fair", "A"))
    assert state.hire_limit == 4 and "talent_fair" not in state.players[1].hand
    assert any("no effect" in str(e) for e in events)
    give_money(state, 0, 10)
    for kind in ("nerd", "nerd", "suit", "suit"):
        state.apply(Hire(kind))
    assert not [a for a in state.legal_actions() if isinstance(a, Hire)]
    assert "up to four hires in all" in CARDS["talent_fair"].text


def test_card_acqui_hire_buys_two_nerds_for_three():
    state = start(hands={1: ["acqui_hire"]})
    state.apply(Pass())  # asked in every window: it holds a card
    roll(state, 1)
    state.apply(Pass())
    assert state.window == "manage" and state.legal_actions() == [Pass()]  # 2 money
    state2 = start(hands={1: ["acqui_hire"]})
    give_money(state2, 1, 5)
    to_window(state2, "manage")
    assert state2.current_slot == "A"
    state2.apply(PlayCard("acqui_hire", "A"))
    assert state2.players[1].money == 2
    assert state2.products["A"].nerds == [0, 0, 0, 0, 2]
    assert employees(state2)["nerd"] == 50 and total_money(state2) == 100


def test_card_audit_half_and_third_round_down_and_spare_marketing():
    for card, expected in (("audit_half", 5), ("audit_third", 3)):
        state = start(hands={1: [card]})
        state.products["B"].marketing = 3
        state.bank -= 3
        to_window(state, "manage")
        give_money(state, 0, 11)
        state.apply(PlayCard(card, seat=0))
        assert state.players[0].money == 11 - expected
        assert state.products["B"].marketing == 3 and total_money(state) == 100


def test_card_patent_troll_two_per_launched_product():
    state = start(hands={1: ["patent_troll", "patent_troll"]})
    for s in "AB":
        state.products[s].launched, state.products[s].field = True, 20
    to_window(state, "manage")
    give_money(state, 0, 5)
    state.apply(PlayCard("patent_troll", seat=0))
    assert state.players[0].money == 1
    state.apply(PlayCard("patent_troll", seat=0))
    assert state.players[0].money == 0  # all it has


def test_card_funding_round_and_recession():
    state = start(hands={0: ["funding_round"], 2: ["funding_round"]})
    to_window(state, "revenue")
    money = state.players[0].money
    state.apply(PlayCard("funding_round", seat=0))
    assert state.players[0].money == money + 5
    state.players[3].money += state.bank - 2
    state.bank = 2
    assert state.current_player == 2
    state.apply(PlayCard("funding_round", seat=0))
    assert state.players[0].money == money + 7 and state.bank == 0
    assert total_money(state) == 100


def test_card_security_breach_moves_back_3_and_stays_launched():
    state = start(hands={1: ["security_breach"]})
    state.products["A"].launched, state.products["A"].field = True, 17
    to_window(state, "user_loss")
    state.apply(PlayCard("security_breach", "A"))
    assert state.products["A"].field == 15 and state.products["A"].launched


def test_card_security_breach_only_on_launched_turns():
    """No product is launched in year 1 here: at every decision of the card's holder the
    card is neither offered nor accepted on any product (only the discard window's play
    without effect), and it stays in the hand."""
    state = start(hands={1: ["security_breach"]})
    assert not any(p.launched for p in state.products.values())
    tried = 0
    for _ in range(500):
        if state.stage == "marketing":
            break
        if state.current_player == 1:
            assert not any(isinstance(a, PlayCard) and a.card == "security_breach"
                           and a.slot is not None for a in state.legal_actions())
            before = state.to_json()
            for slot in state.products:
                with pytest.raises(sf.IllegalAction):
                    state.apply(PlayCard("security_breach", slot))
                tried += 1
            assert state.to_json() == before
        _one_quiet_step(state)
    assert state.stage == "marketing" and tried > 0
    assert "security_breach" in state.players[1].hand


def _one_quiet_step(state):
    """One step as `until` takes them: roll 1 for adoption and loss, else the quietest."""
    if state.current_player == sf.CHANCE:
        fixed = state.stage in ("adoption_roll", "loss_roll")
        state.apply(Roll(1) if fixed else state.sample_chance())
    else:
        acts = state.legal_actions()
        state.apply(next((a for a in acts if isinstance(a, (Pass, EndManage))), acts[-1]))


def test_card_press_coverage_adds_3_strength():
    state = start(hands={1: ["press_coverage"]})
    for s in "AD":
        state.products[s].launched, state.products[s].field = True, 20
    to_window(state, "competition")
    assert {a.slot for a in state.legal_actions() if isinstance(a, PlayCard)} == {"A", "D"}
    state.apply(PlayCard("press_coverage", "D"))
    until(state, "comp_roll")
    state.apply(Roll(5))  # A
    events = state.apply(Roll(3))  # D: 3 + 3 = 6
    res = next(e for e in events if isinstance(e, ev.CompetitionResult))
    assert res.ranking[0][:2] == ("D", 6)


def test_card_attrition_a_quarter_resign_to_competing_products():
    state = start(hands={1: ["attrition"]})
    a = state.products["A"]
    a.nerds[0], a.suits[2] = 5, 4  # 9 workers: 2 resign
    state.supply["nerd"] -= 5
    state.supply["suit"] -= 4
    to_window(state, "competition")
    state.apply(PlayCard("attrition", "A"))
    assert state.stage == "attrition" and state.current_player == 1
    dests = {a.dest for a in state.legal_actions()}
    assert dests == set("DEFGHIJKL")  # other companies' products, not A's own company
    state.apply(MoveResigned("suit", 2, "D"))
    assert MoveResigned("nerd", 0, "D") not in state.legal_actions()  # one per product
    state.apply(MoveResigned("nerd", 0, "E"))
    assert state.stage != "attrition"
    assert a.nerd_count == 4 and a.suit_count == 3
    assert state.products["D"].suit_count == 1 and state.products["E"].nerd_count == 1


def test_card_attrition_extra_workers_go_back_to_the_pile():
    state = start(players=2, hands={1: ["attrition"]})
    a = state.products["A"]
    a.nerds[0] = 20  # 5 resign; seat 1 has 4 products
    state.supply["nerd"] -= 20
    to_window(state, "competition")
    state.apply(PlayCard("attrition", "A"))
    for dest in "EFGH":
        state.apply(MoveResigned("nerd", 0, dest))
    assert state.legal_actions() == [MoveResigned("nerd", 0, None)]
    state.apply(MoveResigned("nerd", 0, None))
    assert a.nerd_count == 15 and state.supply["nerd"] == 31
    assert employees(state)["nerd"] == 50


def test_card_attrition_no_effect_under_four_workers():
    state = start(hands={1: ["attrition"]})
    state.products["A"].nerds[0] = 3
    state.supply["nerd"] -= 3
    to_window(state, "competition")
    state.apply(PlayCard("attrition", "A"))
    assert state.stage != "attrition" and state.products["A"].nerd_count == 3


@pytest.mark.parametrize("card", [c.id for c in CARD_TYPES])
def test_every_card_is_tested(card):
    """Each card type appears in a test of this module by name."""
    import pathlib

    text = pathlib.Path(__file__).read_text()
    assert text.count(f'"{card}"') >= 2 and card in CARDS


def test_card_executive_power_allows_poaching_a_second_executive():
    state = start(hands={0: ["executive_power"]})
    state.players[0].big_suits = [0]
    state.players[1].big_suits = [0]
    state.supply["big_suit"] -= 2
    to_window(state, "manage")
    give_money(state, 0, 10)
    state.apply(PlayCard("executive_power", seat=0))
    assert Poach(1, None, "big_suit", 0, 6) in state.legal_actions()
    state.apply(Poach(1, None, "big_suit", 0, 6))
    assert state.players[0].big_suits == [0, 4] and state.players[1].big_suits == []


# ------------------------------------------------------------------ WindowOpened (F11, F13)
def _play_out_without_cards(state) -> list:
    """Empty every hand and the draw pile, then play the game out quietly; the events."""
    for seat in range(len(state.players)):
        state.players[seat].hand = []
    state.deck = {card: 0 for card in state.deck}
    state.discard = []
    events: list = []
    while not state.is_terminal():
        if state.current_player == sf.CHANCE:
            action = state.sample_chance()
        else:
            acts = state.legal_actions()
            assert state.stage != "window", "a seat without cards was asked"
            action = next((a for a in acts if isinstance(a, (Pass, EndManage))), acts[-1])
        events += state.apply(action)
    return events


def test_F11_F13_every_window_point_is_announced_once_even_with_empty_hands():
    state = sf.new_game(3, seed=5)
    while state.stage != "first_order":
        state.apply(state.sample_chance() if state.current_player == sf.CHANCE
                    else state.legal_actions()[0])
    events = _play_out_without_cards(state)
    opened = [e for e in events if isinstance(e, ev.WindowOpened)]
    # each turn announces adoption, revenue and manage for its product, and user loss once
    # it has launched; each year end competition, then discard unless the game is over
    expected: list[tuple[str, str | None]] = []
    current = None
    launched = set()
    years = 0
    for e in events:
        if isinstance(e, ev.TurnStarted):
            if current is not None:
                expected += _turn_windows(current, launched)
            current = e.slot
        elif isinstance(e, ev.ProductLaunched):
            launched.add(e.slot)
        elif isinstance(e, ev.YearStarted) and current is not None:
            expected += _turn_windows(current, launched) + [("competition", None),
                                                             ("discard", None)]
            current = None
            years += 1
    expected += _turn_windows(current, launched) + [("competition", None)]
    assert [(e.window, e.slot) for e in opened] == expected
    turns = sum(isinstance(e, ev.TurnStarted) for e in events)
    assert years + 1 == state.year > 1 and turns == state.year * len(state.products)
    assert str(opened[0]) == f"card window before New User Adoption ({opened[0].slot}'s turn)"
    assert str(ev.WindowOpened("discard", None)) == \
        "card window Year End, before discarding played cards"


def _turn_windows(slot: str, launched: set[str]) -> list[tuple[str, str | None]]:
    windows = [("adoption", slot), ("revenue", slot), ("manage", slot)]
    return windows + ([("user_loss", slot)] if slot in launched else [])


def test_F11_window_opened_once_when_several_seats_are_asked():
    state = start(hands={1: ["server_outage"], 2: ["viral_growth"]})
    assert state.stage == "window"
    events = state.apply(Pass()) + state.apply(Pass())
    assert not any(isinstance(e, ev.WindowOpened) and e.window == "adoption" for e in events)
    events = roll(state, 1)
    assert [e.window for e in events if isinstance(e, ev.WindowOpened)] == ["revenue"]
    events = state.apply(Pass()) + state.apply(Pass())
    assert [e.window for e in events if isinstance(e, ev.WindowOpened)] == ["manage"]


def test_F10_rules_notes_state_the_real_split_of_helpful_and_harmful_cards():
    """Issue 9 item 6: the notes said 'good and bad in equal measure' (it is 36 to 21)."""
    import pathlib

    from game.startupfever.players import HARMFUL, SELF_CARDS

    notes = (pathlib.Path(sf.__file__).parent / "RULES.md").read_text()
    designed = [c for c in CARD_TYPES if c.designed]
    helpful = sum(c.count for c in designed if c.id in SELF_CARDS)
    harmful = sum(c.count for c in designed if c.id in HARMFUL)
    assert helpful + harmful == 57 and (helpful, harmful) == (36, 21)
    assert f"{helpful} help" in notes and f"{harmful} harm" in notes
    whole = (sum(c.count for c in CARD_TYPES if c.id in SELF_CARDS),
             sum(c.count for c in CARD_TYPES if c.id in HARMFUL))
    assert f"{whole[0]} helpful to {whole[1]}" in notes and "equal measure" not in \
        notes.replace("**not** good and bad in equal measure", "")


def test_F15_an_unused_hiring_failure_ends_with_the_product_turn():
    """Played on the year's last product, which then hires nobody: the failure was this
    turn's only, and the year-end state saves and loads (stress seed 15380 found it left
    pending, and the save check refused that legal state)."""
    state = start(players=2, hands={1: ["hiring_failure"]}, order="BCDEFGHA")
    passive = ("EndManage", "EndUserLoss", "Pass", "Defend", "Counter")

    def step() -> None:
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
            return
        legal = state.legal_actions()
        state.apply(next((a for a in legal if type(a).__name__ in passive), legal[0]))

    while not (state.stage == "window" and state.window == "manage"
               and state.current_slot == "A" and state.current_player == 1):
        step()
    state.apply(PlayCard("hiring_failure", "A"))
    assert state.hire_fails == ["A"]
    while state.in_turn:
        step()  # A manages without hiring: End Manage Employees
    assert state.hire_fails == []
    assert sf.from_json(state.to_json()).to_json() == state.to_json()
