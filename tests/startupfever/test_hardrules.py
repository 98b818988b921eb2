"""The Hard player's own rules (game/startupfever/hard_rules.py): marketing by expected
Table 2 gain, Nerds only from year 2, an uncounterable Big Nerd poach, saving for an
executive from 2 tokens, no retains, the turn position after the year's first, a rival's
Nerd poached with the money left after hiring, every card dumped at the discard window;
and the search leaves those to the rules."""

from __future__ import annotations

from game import startupfever as sf
from game.startupfever.actions import (
    ChoosePosition,
    EndManage,
    EndMarketing,
    Hire,
    Market,
    Pass,
    PlayCard,
    Poach,
    Retain,
)
from game.startupfever.hard_rules import (
    RESERVE,
    HardRules,
    big_nerd_poach,
    comp_value,
    discard_all,
    marketing_choice,
    nerd_poach,
    order_position,
    saving_for_executive,
    sure_offer,
)
from game.startupfever.normal import NormalPlayer
from game.startupfever.players import RandomPlayer
from game.startupfever.search import HardPlayer
from game.startupfever.state import BIG_NERD, BIG_SUIT, NERD, SUIT
from game.startupfever.views import view_of


def first_state(stage: str, seed: int = 0, players: int = 4, window: str | None = None,
                least: int = 3) -> sf.State:
    """The first decision at `stage` (in card window `window`, if given) with at least
    `least` legal actions in a random game (four players, Normal's deal)."""
    for g in range(40):
        state = sf.new_game(players, seed=seed * 100 + g)
        player = RandomPlayer(g)
        while not state.is_terminal():
            if state.current_player == sf.CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if state.stage == stage and len(legal) >= least \
                    and (window is None or state.window == window):
                return state
            state.apply(player.decide(state, legal))
    raise AssertionError(f"no {stage} decision found")


def one_rival_per_category(state: sf.State) -> tuple[str, str]:
    """Launch the seat's first product and one rival product of its category, equal in
    strength; everything else unlaunched. Returns (my slot, rival slot)."""
    me = state.current_player
    mine = state.products[state.players[me].slots[0]]
    rival = next(p for p in state.products.values()
                 if p.owner != me and p.category == mine.category)
    for p in state.products.values():
        p.launched, p.field, p.marketing = False, 5, 0
        p.nerds[:] = [0] * 5
    for p in (mine, rival):
        p.launched, p.field = True, 20
        p.nerds[:] = [0, 0, 0, 0, 3]
    for pl in state.players:
        pl.big_nerds.clear()
    return mine.slot, rival.slot


def test_marketing_goes_where_a_token_wins_rank_and_keeps_the_reserve():
    state = first_state("marketing")
    me = state.current_player
    mine, _rival = one_rival_per_category(state)
    state.players[me].money = 6
    legal = state.legal_actions()
    view = view_of(state)
    assert comp_value(view, {mine: 1}) > comp_value(view, {})  # a tie broken in my favour
    assert marketing_choice(view, legal, end_near=False) == Market(mine)
    state.players[me].money = RESERVE  # the reserve is kept unless the game may end now
    assert type(marketing_choice(view_of(state), state.legal_actions(), False)) \
        is EndMarketing


def test_marketing_stops_when_a_token_no_longer_changes_the_odds():
    state = first_state("marketing")
    me = state.current_player
    mine, _rival = one_rival_per_category(state)
    state.products[mine].nerds[:] = [0, 0, 0, 0, 20]  # far beyond a die's reach
    state.players[me].money = 8
    assert type(marketing_choice(view_of(state), state.legal_actions(), False)) \
        is EndMarketing


def test_hard_rules_hire_only_nerds_from_year_two():
    state = first_state("manage")
    me = state.current_player
    pl = state.players[me]
    pl.money = 3
    pl.big_nerds[:] = [4]  # nothing to save up for
    state.players[me].big_suits[:] = [4]
    for slot in pl.slots:  # Normal would want a Suit: it has more Nerds than Suits
        state.products[slot].nerds[:] = [0, 0, 0, 0, 4]
        state.products[slot].suits[:] = [0] * 5
    state.year = 3
    assert HardRules().decide(state, state.legal_actions()) == Hire(NERD)
    state.year = 1
    assert HardRules().decide(state, state.legal_actions()) == Hire(SUIT)


def big_nerd_state() -> tuple[sf.State, int]:
    """A manage step where a rival holds a Big Nerd and the seat has money but none."""
    state = first_state("manage", seed=3)
    me = state.current_player
    rival = (me + 1) % len(state.players)
    state.supply[BIG_NERD] -= 1
    state.players[rival].big_nerds[:] = [1]
    state.players[me].big_nerds.clear()
    state.players[me].money = 12
    return state, rival


def test_big_nerd_poached_only_where_no_counter_can_come():
    state, rival = big_nerd_state()
    state.players[rival].money = 0  # cannot counter any offer
    legal = state.legal_actions()
    poach = big_nerd_poach(view_of(state), legal)
    assert poach is not None and poach.kind == BIG_NERD and poach.seat == rival
    assert poach.offer == min(a.offer for a in legal
                              if type(a) is Poach and a.kind == BIG_NERD)
    state.players[rival].money = 30  # rich, and a counter of 6 + 1 is within Normal's limit
    state.players[rival].big_nerds[:] = [0]  # vest 0: the minimum offer is 6
    assert state.supply[BIG_NERD] > 0
    legal = state.legal_actions()
    assert any(type(a) is Poach and a.kind == BIG_NERD and a.offer == 6 for a in legal)
    assert big_nerd_poach(view_of(state), legal) is None
    state.players[state.current_player].big_nerds[:] = [4]  # already has one
    assert big_nerd_poach(view_of(state), state.legal_actions()) is None


def test_search_lists_the_big_nerd_poach_but_leaves_manage_to_the_rules():
    state, rival = big_nerd_state()
    state.players[rival].money = 0
    legal = state.legal_actions()
    obs = state.observation(state.current_player)
    default = HardRules().decide(state, legal)
    candidates = HardPlayer.candidates(obs, legal, default)
    assert any(type(a) is Poach and a.kind == BIG_NERD for a in candidates)
    player = HardPlayer(1, samples=2, time_budget=None)
    assert player.decide(state, legal) == default  # Manage is not searched (search.py)
    assert player.last.samples == 0


def saving_state(year: int) -> tuple[sf.State, int]:
    """A manage step (no Hiring Failure) of a seat with 4 tokens and no executive, both
    kinds still in the supply."""
    state = first_state("manage", seed=5)
    me = state.current_player
    pl = state.players[me]
    pl.money = 4
    pl.big_nerds.clear()
    pl.big_suits.clear()
    state.hire_fails.clear()
    state.year = year
    assert state.supply[BIG_NERD] > 0 and state.supply[BIG_SUIT] > 0
    return state, me


def test_hard_rules_save_for_an_executive_from_two_tokens_in_year_one():
    state, me = saving_state(year=1)
    assert saving_for_executive(view_of(state), state.players[me], 4)
    assert type(NormalPlayer().decide(state, state.legal_actions())) is Hire  # Normal hires
    assert HardRules().decide(state, state.legal_actions()) == EndManage()
    state.players[me].money = 2  # still saving: the next revenues make up the 6
    assert HardRules().decide(state, state.legal_actions()) == EndManage()
    state.players[me].money = 1  # too little to be worth keeping
    assert HardRules().decide(state, state.legal_actions()) == Hire(SUIT)


def test_hard_rules_stop_saving_once_no_wanted_executive_is_left():
    state, me = saving_state(year=3)
    state.players[me].big_nerds[:] = [4]  # a Big Nerd held; a Big Suit only wanted to year 2
    assert not saving_for_executive(view_of(state), state.players[me], 4)
    assert HardRules().decide(state, state.legal_actions()) == Hire(NERD)
    state.players[me].big_nerds.clear()
    state.supply[BIG_NERD] = 0  # none left in the supply (rivals hold them)
    assert not saving_for_executive(view_of(state), state.players[me], 4)


def test_hard_rules_retain_nobody():
    state = first_state("manage", seed=7)
    me = state.current_player
    pl = state.players[me]
    for p in state.products.values():  # no rival Nerd to poach with the money instead
        if p.owner != me:
            p.nerds[:] = [0] * 5
    pl.money = 9
    pl.big_nerds[:] = [0]  # vested: Normal moves it back to 4 for 4 tokens
    pl.big_suits[:] = [4]
    state.hire_fails.clear()
    state.hire_limit = state.hires  # no hire left this turn
    legal = state.legal_actions()
    assert type(NormalPlayer().decide(state, legal)) is Retain
    assert HardRules().decide(state, legal) == EndManage()


def test_hard_rules_take_the_earliest_position_from_the_players_minus_first():
    state = first_state("order_choose")
    legal = state.legal_actions()
    free = sorted(a.position for a in legal if type(a) is ChoosePosition)
    assert NormalPlayer().decide(state, legal) == ChoosePosition(free[0])
    later = [p for p in free if p >= len(state.players) - 1] or free[-1:]
    assert HardRules().decide(state, legal) == ChoosePosition(later[0])
    assert order_position([ChoosePosition(0)], 4) == ChoosePosition(0)  # nothing else free
    spots = [ChoosePosition(i) for i in (0, 1, 2, 5)]
    assert order_position(spots, 4) == ChoosePosition(5)
    assert order_position(spots, 2) == ChoosePosition(1)
    assert order_position(spots[:2], 6) == ChoosePosition(1)  # the last free one


def test_search_leaves_hires_and_nerd_poaches_to_the_rules():
    state, rival = big_nerd_state()
    state.players[rival].money = 0
    me = state.current_player
    for p in state.products.values():  # a vested Nerd on every rival product: poachable
        if p.owner != me:
            p.nerds[:] = [2, 0, 0, 0, 0]
    legal = state.legal_actions()
    assert any(type(a) is Hire for a in legal)
    assert any(type(a) is Poach and a.kind == NERD for a in legal)
    default = HardRules().decide(state, legal)
    candidates = HardPlayer.candidates(state.observation(me), legal, default)
    others = [a for a in candidates if a != default]
    assert others and not any(type(a) is Hire for a in others)
    assert not any(type(a) is Poach and a.kind != BIG_NERD for a in others)


def test_search_leaves_marketing_turn_position_and_manage_to_the_rules():
    for stage in ("marketing", "order_choose", "manage"):
        state = first_state(stage)
        legal = state.legal_actions()
        player = HardPlayer(1, samples=4, time_budget=None)
        assert player.decide(state, legal) == HardRules().decide(state, legal)
        assert player.last.samples == 0, stage  # not searched


def test_search_switches_only_beyond_two_and_a_half_standard_errors():
    # paired gains with mean 0.1 and standard error 0.058 (1.7 errors): the default stays
    assert HardPlayer.pick([[0.5] * 4, [0.5, 0.7, 0.5, 0.7]]) == 0
    assert HardPlayer.pick([[0.5] * 4, [0.6, 0.65, 0.6, 0.65]]) == 1  # 0.125 > 2.5 * 0.014


def test_hard_rules_poach_a_direct_rival_nerd_with_the_money_left_after_hiring():
    state = first_state("manage", seed=7)
    me = state.current_player
    pl = state.players[me]
    pl.money = 9
    pl.big_nerds[:] = [4]  # nothing to save up for
    pl.big_suits[:] = [4]
    state.hire_fails.clear()
    state.hire_limit = state.hires  # no hire left this turn
    mine = state.products[state.current_slot]
    for p in state.products.values():
        p.nerds[:] = [1, 0, 0, 0, 0] if p.owner != me else [0] * 5  # vested: offers of 1
    target = next(p for p in state.products.values()
                  if p.owner != me and p.category == mine.category)
    target.launched, target.field = True, 20  # a direct competitor
    rival = target.owner
    state.players[rival].money = 20  # rich: Normal counters an offer of 1
    legal = state.legal_actions()
    view = view_of(state)
    low = next(a for a in legal if type(a) is Poach and a.slot == target.slot)
    assert low.offer == 1 and sure_offer(view, low) == 2  # a counter (3) beyond Normal's 2
    sure = Poach(rival, target.slot, NERD, 0, 2)
    assert nerd_poach(view, legal, {target.slot}, rival) == sure
    assert nerd_poach(view, legal, set(), rival) is None  # only direct competitors' Nerds
    choice = HardRules().decide(state, legal)
    assert choice == sure
    state.legal_actions()
    state.apply(choice)  # a legal offer, though not a listed one
    assert state.stage == "counter"  # the rival could pay 3, but Normal will not
    state.apply(NormalPlayer().decide(state, state.legal_actions()))
    assert state.stage == "manage" and state.players[me].money == 7
    state.players[me].money = 1  # too little for the sure offer: done
    assert HardRules().decide(state, state.legal_actions()) == EndManage()


def discard_window_state() -> sf.State:
    """The first discard-window decision of a seat holding cards in a random game."""
    return first_state("window", seed=3, window="discard", least=2)


def test_hard_rules_dump_every_card_at_the_discard_window():
    state = discard_window_state()
    me = state.current_player
    state.players[me].hand[:] = ["leak", "defense", "server_outage", "viral_growth"]
    dumped = []
    while state.stage == "window" and state.current_player == me:
        legal = state.legal_actions()
        if len(legal) == 1:
            break
        if not dumped:  # Normal keeps all four (none of its dead kinds)
            assert NormalPlayer().decide(state, legal) == Pass()
        choice = HardRules().decide(state, legal)
        assert type(choice) is PlayCard and choice.slot is None  # played without effect
        dumped.append(choice.card)
        state.apply(choice)
    assert sorted(dumped) == ["defense", "leak", "server_outage", "viral_growth"]
    assert state.players[me].hand == []
    assert discard_all([Pass()]) == Pass()


def test_search_leaves_the_discard_window_to_the_rules():
    state = discard_window_state()
    legal = state.legal_actions()
    player = HardPlayer(1, samples=4, time_budget=None)
    choice = player.decide(state, legal)
    assert type(choice) is PlayCard and choice == HardRules().decide(state, legal)
    assert player.last.samples == 0  # not searched
    obs = state.observation(state.current_player)
    assert HardPlayer(1, samples=4, time_budget=None).decide(obs, legal) == choice
