"""Simple Startup Fever players: legal and reproducible choices, the rule player's
strategy and hidden information (F13)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import startupfever as sf
from game.startupfever.actions import (
    Counter,
    Defend,
    EndManage,
    EndMarketing,
    EndUserLoss,
    Hire,
    LosePip,
    Market,
    Pass,
    PlayCard,
    Poach,
    Retain,
)
from game.startupfever.players import PLAYER_TYPES, RandomPlayer, RulePlayer, vp
from game.startupfever.views import SeatView, view_of

from .helpers import roll, set_hand, start, total_money, until


def at_manage(state, money: int, value: int = 1):
    """Give the current product's owner `money` (from the bank) and reach Manage."""
    state.bank -= money - state.players[state.turn_seat].money
    state.players[state.turn_seat].money = money
    roll(state, value)
    assert state.stage == "manage", state.stage
    assert total_money(state) == 100
    return state


def launch(state, slot: str, field: int = 20) -> None:
    p = state.products[slot]
    p.launched = True
    p.field = field


def give(state, slot: str, kind: str, vest: int = 0, n: int = 1) -> None:
    """Move `n` workers of `kind` from the supply onto `slot` at vesting field `vest`."""
    state.supply[kind] -= n
    state.products[slot].workers(kind)[vest] += n


def decide(player, state):
    legal = state.legal_actions()
    action = player.decide(state, legal)
    assert any(a is action for a in legal), f"{action} is not the listed object"
    return action


# ------------------------------------------------------------------ basics

def test_player_types_are_registered_by_kind():
    assert {"random": RandomPlayer, "rules": RulePlayer} == PLAYER_TYPES


def test_random_player_is_reproducible_for_a_seed():
    state = at_manage(start(), money=9)
    legal = state.legal_actions()
    picks = [RandomPlayer(5).decide(state, legal) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in legal
    spread = {RandomPlayer(seed).decide(state, legal) for seed in range(40)}
    assert len(spread) > 3  # it does pick among the actions


@pytest.mark.parametrize("kind", ["random", "rules"])
def test_players_finish_whole_games_with_listed_actions(kind):
    state = sf.new_game(4, seed=11)
    agents = [PLAYER_TYPES[kind](seat) for seat in range(4)]
    steps = 0
    while not state.is_terminal():
        if state.current_player == sf.CHANCE:
            state.apply(state.sample_chance())
        else:
            decide(agents[state.current_player], state)
            state.apply(agents[state.current_player].decide(state, state.legal_actions()))
        steps += 1
        assert steps < 20_000
    assert state.winners()


# ------------------------------------------------------------------ hiring

def test_rules_hire_a_suit_first_then_a_nerd():
    state = at_manage(start(), money=3)
    player = RulePlayer()
    first = decide(player, state)
    assert first == Hire("suit")
    state.apply(first)
    assert decide(player, state) == Hire("nerd")


def test_rules_hire_one_suit_per_two_nerds_after_year_two():
    state = start()
    state.players[0].big_nerds = [4]
    state.supply["big_nerd"] -= 1
    give(state, "A", "suit")
    give(state, "B", "nerd")
    state.year = 3
    at_manage(state, money=2)  # 2 + revenue 2: no executive yet
    player = RulePlayer()
    assert decide(player, state) == Hire("nerd")  # 1 Suit, 1 Nerd
    state.apply(Hire("nerd"))
    assert decide(player, state) == Hire("nerd")  # 1 Suit, 2 Nerds: a Suit is due next
    state.products["B"].nerds[4] += 1
    state.supply["nerd"] -= 1
    state.hires = 0
    assert decide(player, state) == Hire("suit")


def test_rules_hire_executives_as_soon_as_affordable():
    state = at_manage(start(), money=6)
    assert decide(RulePlayer(), state) == Hire("big_suit")  # year 1: the Big Suit first
    state = start()
    state.players[0].big_suits = [4]
    state.supply["big_suit"] -= 1
    at_manage(state, money=7)
    assert decide(RulePlayer(), state) == Hire("big_nerd")


def money_now(state, amount: int):
    """Set the deciding seat's money (from or to the bank) where it stands."""
    pl = state.players[state.turn_seat]
    state.bank -= amount - pl.money
    pl.money = amount
    return state


def test_F15_rules_sacrifice_a_cheap_hire_to_a_hiring_failure_when_it_pays():
    state = money_now(at_manage(start(), money=0), 7)
    state.hire_fails = ["A"]  # a Hiring Failure was played on A
    player = RulePlayer()
    assert decide(player, state) == Hire("nerd")  # 1 token lost, then the Big Suit
    state.apply(Hire("nerd"))
    assert state.products["A"].nerd_count == 0
    assert decide(player, state) == Hire("big_suit")


def test_F15_rules_wait_rather_than_hire_into_a_hiring_failure():
    state = money_now(at_manage(start(), money=0), 6)  # a Big Suit, not a token more
    state.hire_fails = ["A"]
    assert decide(RulePlayer(), state) == EndManage()
    state.hire_fails = []
    assert decide(RulePlayer(), state) == Hire("big_suit")
    state = money_now(at_manage(start(), money=0), 3)
    state.hire_fails = ["A"]
    state.hires = 1  # one hire left: it would be the failing one
    assert decide(RulePlayer(), state) == EndManage()


def test_F15_rules_play_hiring_failure_on_a_rival_about_to_hire():
    state = start(hands={1: ["hiring_failure"]})
    state.bank -= 8 - state.players[0].money
    state.players[0].money = 8
    until(state, "window")
    assert state.window == "manage" and state.current_player == 1
    assert decide(RulePlayer(), state) == PlayCard("hiring_failure", "A")


# ------------------------------------------------------------------ poaching

def rival_setup(rival_money: int):
    """A (seat 0) and D (seat 1) share a category; D is launched with a vested Nerd."""
    state = start()
    a, d = state.products["A"], state.products["D"]
    assert a.category == d.category
    launch(state, "A")
    launch(state, "D")
    give(state, "D", "nerd", vest=0, n=2)
    give(state, "G", "nerd", vest=0, n=2)  # not a direct competitor of A
    state.bank -= rival_money - state.players[1].money
    state.players[1].money = rival_money
    return state


def test_rules_poach_a_vested_nerd_from_a_direct_competitor():
    state = at_manage(rival_setup(rival_money=0), money=1)  # + revenue 3
    action = decide(RulePlayer(), state)
    assert action == Poach(1, "D", "nerd", 0, 1)


def test_rules_do_not_poach_when_the_competitor_can_counter_and_hiring_is_open():
    state = at_manage(rival_setup(rival_money=5), money=1)
    action = decide(RulePlayer(), state)
    assert type(action) is not Poach or action.offer >= 5
    assert action == Hire("suit")


def test_rules_poach_from_anyone_once_the_nerd_supply_runs_dry():
    state = rival_setup(rival_money=0)
    state.products["D"].nerds[0] = 0
    state.supply["nerd"] += 2
    moved = state.supply["nerd"] - 2
    state.supply["nerd"] = 2
    state.products["J"].nerds[3] += moved  # the rest work at J (seat 3)
    at_manage(state, money=1)
    action = decide(RulePlayer(), state)
    assert type(action) is Poach and action.kind == "nerd" and action.slot in ("G", "J")


# ------------------------------------------------------------------ protecting staff

def test_rules_retain_a_vested_executive_with_spare_money():
    state = start()
    state.players[0].big_nerds = [0]
    state.supply["big_nerd"] -= 1
    state.supply["big_suit"] = 0  # nothing left to hire but workers
    state.supply["nerd"] = state.supply["suit"] = 0
    state.products["J"].nerds[2] += 50
    state.products["J"].suits[2] += 50
    at_manage(state, money=6)
    assert decide(RulePlayer(), state) == Retain("big_nerd", 0, 4)


def test_rules_retain_vested_nerds_of_a_launched_product():
    state = start()
    launch(state, "A")
    give(state, "A", "nerd", vest=0, n=2)
    state.hires = 0
    at_manage(state, money=6)
    state.hires = state.hire_limit  # the hires are done
    player = RulePlayer()
    assert decide(player, state) == Retain("nerd", 0, 1)


def test_rules_end_manage_when_money_is_short():
    state = start()
    at_manage(state, money=1)
    state.hires = state.hire_limit
    assert decide(RulePlayer(), state) == EndManage()


def test_rules_counter_cheap_offers_and_let_dear_ones_go():
    state = rival_setup(rival_money=5)
    at_manage(state, money=3)
    state.apply(Poach(1, "D", "nerd", 0, 1))
    assert state.current_player == 1 and state.stage == "counter"
    assert decide(RulePlayer(), state) == Counter(True)  # 2 tokens: as cheap as a hire
    state = rival_setup(rival_money=9)
    at_manage(state, money=8)
    state.apply(Poach(1, "D", "nerd", 0, 8))
    assert decide(RulePlayer(), state) == Counter(False)


# ------------------------------------------------------------------ marketing

def at_marketing(state, seat: int = 0):
    state.stage = "marketing"
    state.actor = state.turn_seat = seat
    state.seat_queue = [seat]
    state.in_turn = False
    return state


def test_rules_market_a_product_in_a_close_showdown():
    state = rival_setup(rival_money=0)
    give(state, "A", "nerd", vest=4, n=3)  # A: 3 strength, D: 2 -> close
    state.bank -= 10
    state.players[0].money += 10
    at_marketing(state)
    player = RulePlayer()
    placed = 0
    while True:
        action = decide(player, state)
        if action == EndMarketing():
            break
        assert action == Market("A")
        state.apply(action)
        placed += 1
    assert 1 <= placed <= 6 and state.players[0].money >= 3


def test_rules_keep_their_money_without_a_showdown():
    state = start()
    launch(state, "A")  # no rival launched in A's category
    state.bank -= 10
    state.players[0].money += 10
    at_marketing(state)
    assert decide(RulePlayer(), state) == EndMarketing()


def test_rules_skip_showdowns_out_of_a_dies_reach():
    state = rival_setup(rival_money=0)
    give(state, "D", "nerd", vest=4, n=12)  # D: 14 strength, A: 0
    state.bank -= 10
    state.players[0].money += 10
    at_marketing(state)
    assert decide(RulePlayer(), state) == EndMarketing()


# ------------------------------------------------------------------ cards and user loss

def test_rules_play_good_cards_on_their_own_product():
    state = start(hands={0: ["viral_growth"]})
    assert state.stage == "window" and state.current_player == 0
    assert decide(RulePlayer(), state) == PlayCard("viral_growth", "A")


def test_rules_play_bad_cards_on_rivals_only():
    state = start(hands={1: ["server_outage"]})
    state.products["A"].nerds[4] += 3
    state.supply["nerd"] -= 3
    assert state.current_player == 1
    assert decide(RulePlayer(), state) == PlayCard("server_outage", "A")
    state = start(hands={0: ["server_outage"]})
    assert decide(RulePlayer(), state) == Pass()


def test_rules_defend_against_harmful_cards_only():
    state = start(hands={1: ["server_outage"], 0: ["defense"]})
    give(state, "A", "suit")
    state.apply(Pass())  # seat 0, Defense alone: nothing to play in the window
    state.apply(PlayCard("server_outage", "A"))
    assert state.stage == "defense" and state.current_player == 0
    assert decide(RulePlayer(), state) == Defend(True)
    state = start(hands={1: ["viral_growth"], 0: ["defense"]})
    give(state, "A", "suit")
    state.apply(Pass())
    state.apply(PlayCard("viral_growth", "A"))
    assert decide(RulePlayer(), state) == Defend(False)


def test_rules_spend_user_loss_pips_on_rivals_never_on_themselves():
    state = start()
    launch(state, "A", field=40)
    launch(state, "D", field=40)
    until(state, "loss", value=4)
    assert state.current_player == 0
    player = RulePlayer()
    action = decide(player, state)
    assert action == LosePip("D")
    state.apply(action)
    state.apply(decide(player, state))
    assert state.products["D"].field == 38 and state.products["A"].field > 40
    assert decide(player, state) == EndUserLoss()


def test_rules_break_ties_between_rivals_clockwise_not_by_seat_number():
    """Issue 9 seat bias: ties went to the lowest seat, so seat 0 drew everyone's bad
    cards and user-loss pips. Now the nearest rival clockwise is picked."""
    state = start()
    view = SeatView(state, 2)
    assert [RulePlayer._leader(SeatView(state, me), me) for me in range(4)] == [1, 2, 3, 0]
    assert RulePlayer._leader(view, 2) == 3
    for slot in ("A", "G", "J"):  # seats 0, 2 and 3 level on users
        launch(state, slot, field=40)
    until(state, "loss", value=4)
    assert state.current_slot == "A" and state.current_player == 0
    assert decide(RulePlayer(), state) == LosePip("G")  # seat 2 is nearer than seat 3
    state.turn_seat = state.actor = 3  # seen from seat 3: seat 0 is the next one
    state.apply(LosePip("J"))  # (any pip: what matters is the next choice)
    assert decide(RulePlayer(), state) == LosePip("A")


# ------------------------------------------------------------------ hidden information (F13)

def test_seat_view_hides_rival_hands_chips_deck_and_rng():
    state = start(hands={0: ["leak", "audit_half"], 1: ["defense"]})
    view = SeatView(state, 0)
    assert view.players[0].hand == ["leak", "audit_half"]
    assert view.players[1].hand == 1
    assert view.products["A"].category == state.products["A"].category
    assert view.products["D"].category is None
    launch(state, "D")
    assert view.products["D"].category == state.products["D"].category  # live view
    assert view.deck == sum(state.deck.values())
    for secret in ("rng", "seed", "_legal", "pending_poach_secret"):
        with pytest.raises(AttributeError):
            getattr(view, secret)


def test_observation_view_matches_the_live_view():
    state = start(hands={0: ["leak"], 2: ["defense", "audit_half"]})
    live = SeatView(state, 0)
    obs = view_of(state.observation(0))
    assert obs.seat == 0 and obs.deck == live.deck
    for slot, p in live.products.items():
        q = obs.products[slot]
        assert (p.owner, p.category, p.launched, p.field, list(p.nerds)) == \
            (q.owner, q.category, q.launched, q.field, list(q.nerds))
    assert [p.hand for p in obs.players] == [p.hand for p in live.players]


@pytest.mark.parametrize("players,seed", [(3, 5), (6, 2)])
def test_live_views_count_vp_and_find_rivals_as_the_observation_does(players, seed):
    """The live view's native shortcuts (`SeatView.scores`, `.launched_rivals`) give
    what the rule player's own loops give over an observation, in the same order, and
    never read a rival's face-down chip (a twin with those chips shuffled agrees)."""
    state = sf.new_game(players, seed=seed)
    rnd = random.Random(seed)
    checked = 0
    for cp, _legal in rule_players_decide(state):
        live, seen = SeatView(state, cp), view_of(state.observation(cp))
        twin = SeatView(hide_differently(state, cp, rnd), cp)
        assert vp(live) == vp(seen) == vp(twin) == state.scores()
        for slot in state.players[cp].slots:
            rivals = [[q.slot for q in RulePlayer._rivals(view, view.products[slot])]
                      for view in (live, seen, twin)]
            assert rivals[0] == rivals[1] == rivals[2]
            checked += bool(rivals[0])
    assert checked > 20


def rule_players_decide(state):
    """Play `state` to its end with a rule player in every seat, yielding (seat, legal)
    at each decision before that seat's player answers it (chance steps drawn by the
    state's RNG)."""
    agents = [RulePlayer(seat) for seat in range(len(state.players))]
    while not state.is_terminal():
        cp = state.current_player
        if cp == sf.CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        yield cp, legal
        state.apply(agents[cp].decide(state, legal))


def hide_differently(state, seat: int, rnd: random.Random):
    """A clone that differs from `state` only in what `seat` may not see: rival hands,
    face-down rival chips, rivals' sealed marketing, the draw pile's contents and the RNG."""
    other = state.clone()
    for i, pl in enumerate(other.players):
        if i == seat:
            continue
        size = len(pl.hand)
        set_hand(other, i, [])
        pool = [c for c, k in other.deck.items() for _ in range(k)]
        set_hand(other, i, rnd.sample(pool, min(size, len(pool))))
        hidden = [other.products[s] for s in pl.slots if not other.products[s].launched]
        cats = [p.category for p in hidden]
        rnd.shuffle(cats)
        for p, c in zip(hidden, cats, strict=True):
            p.category = c
    for i, pl in enumerate(other.players):  # F14: rivals' sealed marketing
        if i == seat or not other.marketing_pending:
            continue
        held = pl.money + other.sealed_marketing(i)
        for s in pl.slots:
            other.marketing_pending.pop(s, None)
        pl.money = held
        for _ in range(rnd.randint(0, held)):
            s = rnd.choice(pl.slots)
            other.marketing_pending[s] = other.marketing_pending.get(s, 0) + 1
            pl.money -= 1
    other.rng = random.Random(rnd.random())
    return other


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.integers(0, 2**31), st.integers(0, 2**31))
def test_property_F13_rule_player_decides_only_from_what_its_seat_sees(players, seed, salt):
    state = sf.new_game(players, seed=seed)
    rnd = random.Random(salt)
    checked = 0
    for cp, legal in rule_players_decide(state):
        if rnd.random() < 0.05:
            twin = hide_differently(state, cp, rnd)
            twin_legal = twin.legal_actions()
            assert twin_legal == legal  # the engine leaks nothing through legal actions
            assert RulePlayer(cp).decide(twin, twin_legal) == RulePlayer(cp).decide(state, legal)
            assert RulePlayer(cp).decide(state.observation(cp), legal) == \
                RulePlayer(cp).decide(state, legal)
            checked += 1
    assert state.winners() and checked > 0


def test_rule_player_beats_the_random_player_clearly():
    from game.startupfever.sim import simulate

    figures = simulate(games=40, players=4, seed=21, workers=1)
    assert figures["wins_by_type"]["rules"] > 0.8
