"""The Startup Fever table scene's controls and its director: pace, skip, pause, a
person's own die, and events turned into animation while the table model follows."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from game import startupfever as sf
from game.startupfever import events as ev
from scenes.engine.input import CLICK, MOUSE, Action
from scenes.pause import PauseMenu
from scenes.startupfever.director import Director, Step
from scenes.startupfever.model import TableModel
from scenes.startupfever.seats import Seat
from tests.scenes_startupfever.helpers import (
    READY,
    advance_to,
    computers,
    press,
    run_until,
    step,
    table,
)

HUMAN_FIRST = [Seat("Ada", "pink", True), Seat("Linus", "blue", False)]


def test_every_rules_event_has_its_own_animation():
    """No event kind falls back to a bare log line: each has an `on_<Event>` handler."""
    kinds = [c for _n, c in inspect.getmembers(ev, inspect.isclass)
             if dataclasses.is_dataclass(c) and c.__module__ == ev.__name__]
    assert len(kinds) > 20
    missing = [k.__name__ for k in kinds if not hasattr(Director, f"on_{k.__name__}")]
    assert not missing


def test_holding_the_fast_button_plays_four_times_faster_until_released():
    app, scene = table(computers(2), pace=1.0)
    normal = scene.speed
    app.stack.dispatch(Action("rshoulder", "pad:3", True))
    assert scene.speed == pytest.approx(4 * normal)
    app.stack.dispatch(Action("rshoulder", "pad:3", False))
    assert scene.speed == pytest.approx(normal)


def test_the_animation_speed_setting_scales_the_pace():
    app, scene = table(computers(2), pace=1.0, speed=2.0)
    assert scene.speed == pytest.approx(2.0)


def test_skip_finishes_what_is_playing_and_the_table_matches_the_rules():
    app, scene = table(computers(3), pace=1.0)
    run_until(app, lambda: scene.state.year == 1 and len(scene.director.queue) > 3, 20_000)
    press(app, "x")
    assert scene.director.idle
    assert scene.die is None or scene.die.settled
    assert not scene.movers.hops and scene.movers.tally is None
    truth = TableModel.from_state(scene.state)
    assert scene.model.products == truth.products
    assert [c.money for c in scene.model.companies] == [c.money for c in truth.companies]


def test_skip_stops_at_a_gate_that_waits_for_people():
    app, scene = table(computers(2), pace=1.0, autoplay=False)
    order = []
    scene.director.queue.extend([
        Step("before", 5.0, lambda: order.append("before")),
        Step("beat", 0.0, lambda: order.append("beat"), until=lambda: False, gate=True),
        Step("after", 5.0, lambda: order.append("after"))])
    press(app, "x")
    assert order == ["before", "beat"]
    assert scene.director.queue[0].label == "beat"


def test_a_quick_click_skips_and_a_held_click_plays_fast():
    app, scene = table(computers(2), pace=1.0)
    run_until(app, lambda: not scene.director.idle, 2_000)
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(400, 300)))
    assert scene.speed == pytest.approx(4.0)
    step(app, 60)
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(400, 300)))
    assert scene.speed == pytest.approx(1.0)
    run_until(app, lambda: len(scene.director.queue) > 1, 4_000)
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(400, 300)))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(400, 300)))
    assert scene.director.idle


def test_pause_opens_the_pause_menu_and_freezes_the_game():
    app, scene = table(computers(2), pace=1.0)
    step(app, READY)
    press(app, "pause")
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    played = scene.director.played
    step(app, 600)
    assert scene.director.played == played


def test_unplugging_a_controller_pauses_the_game():
    app, scene = table(computers(2), pace=1.0)
    step(app, READY)
    app.stack.dispatch(Action("device_removed", "pad:0"))
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    assert "unplugged" in app.stack.top.message


def adoption_for_seat_0(seed: int = 5) -> sf.State:
    """A game about to roll the adoption die of a product of seat 0."""
    state = sf.new_game(["Ada", "Linus"], seed=seed)
    for _ in range(40):
        advance_to(state, "adoption_roll")
        if state.turn_seat == 0:
            return state
        state.apply(state.sample_chance())
    raise AssertionError("seat 0 never rolled")


def test_a_person_throws_their_own_adoption_die_and_computers_roll_by_themselves():
    state = adoption_for_seat_0()
    app, scene = table(HUMAN_FIRST, state=state, pace=1.0)
    step(app, READY)
    assert scene.rolling_for == 0
    step(app, 300)
    assert scene.state.stage == "adoption_roll"  # it waits for Ada
    assert "Roll" in " ".join(label for _a, label in scene._bar().items)
    press(app, "confirm", "pad:0")
    assert scene.rolling_for is None and scene.state.stage != "adoption_roll"
    run_until(app, lambda: scene.die is not None, 200)
    # the computer's own adoption dice need nobody
    computer = adoption_for_seat_0()
    computer.apply(computer.sample_chance())
    advance_to(computer, "adoption_roll")
    while computer.turn_seat != 1:
        computer.apply(computer.sample_chance())
        advance_to(computer, "adoption_roll")
    app, scene = table(HUMAN_FIRST, state=computer, pace=1.0)
    step(app, READY)
    assert scene.rolling_for is None and scene.state.stage != "adoption_roll"


def test_a_click_throws_the_die_too():
    app, scene = table(HUMAN_FIRST, state=adoption_for_seat_0(), pace=1.0)
    step(app, READY)
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=(300, 300)))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=(300, 300)))
    assert scene.state.stage != "adoption_roll"


def test_adoption_adds_up_then_the_marker_hops_and_launches():
    state = adoption_for_seat_0()
    slot = state.current_slot
    app, scene = table(HUMAN_FIRST, state=state, pace=1.0, autoplay=False)
    start = scene.model.products[slot].field
    scene.director.push([
        ev.DieRolled("adoption", 6, slot),
        ev.UsersAdopted(slot, 6, 3, 2, 3, False, 14, start, start + 17),
        ev.ProductLaunched(slot, 0, "Media", False)])
    run_until(app, lambda: scene.movers.tally is not None, 200)
    assert [v for _l, v in scene.movers.tally.terms] == [6, 3, 2, 3]
    assert scene.model.products[slot].field == start  # not before the sum is read
    run_until(app, lambda: scene.movers.hops, 400)
    assert slot in scene.movers.hidden  # the table leaves the hopping marker out
    assert scene.model.products[slot].field == start + 17
    run_until(app, lambda: scene.movers.flips, 600)
    product = scene.model.products[slot]
    assert product.launched and product.category == "Media"
    assert scene.model.companies[0].vp == 2  # field 17: 2 VP
    run_until(app, lambda: scene.director.idle, 600)


def with_figures(event, state: sf.State, seats=(), slots=()):
    """`event` as the rules emit it: carrying the public figures of `state` after it (the
    test has left `state` as the rules would)."""
    return dataclasses.replace(event, shown=state._figures(tuple(seats), tuple(slots)))


def test_a_poached_employee_crosses_the_table_and_the_money_goes_to_the_bank():
    state = sf.new_game(["Ada", "Linus"], seed=1)
    state.products["E"].nerds[1] = 1
    state.players[0].money = 9
    app, scene = table(computers(2), state=state, pace=1.0, autoplay=False)
    bank = scene.model.bank
    state.products["E"].nerds[1], state.products["A"].nerds[4] = 0, 1  # as the rules do
    state.players[0].money, state.bank = 7, state.bank + 2
    scene.director.push([ev.PoachOffered(0, "A", 1, "E", "nerd", 1, 2),
                         with_figures(ev.Poached(0, "A", 1, "E", "nerd", 2), state, (0, 1),
                                      ("A", "E"))])
    run_until(app, lambda: scene.director.idle, 600)
    assert scene.model.products["E"].workers == {}
    assert scene.model.products["A"].workers == {("nerd", 4): 1}
    assert scene.model.companies[0].money == 7 and scene.model.bank == bank + 2


def test_the_directions_walk_a_cursor_over_the_track_showing_each_field():
    app, scene = table(computers(2), pace=1.0)
    press(app, "right", "pad:0")
    start = scene.cursor_field
    assert start is not None
    press(app, "right", "pad:0")
    press(app, "down", "pad:0")
    assert scene.cursor_field == scene.view.field_step(scene.view.field_step(start, "right"),
                                                       "down") != start
    shown = []
    scene.view.draw_field_info = lambda surface, field, model=None: shown.append(field)
    step(app, 1)
    assert shown == [scene.cursor_field]
    step(app, 60 * 5)  # it goes away by itself
    assert scene.cursor_field is None


def test_a_person_holds_y_to_look_at_their_own_hand_only_while_held():
    app, scene = table(HUMAN_FIRST, state=adoption_for_seat_0(), pace=1.0)
    assert scene.hand_look.seats == [0]
    app.stack.dispatch(Action("y", "pad:0", True))
    assert scene.hand_look.curtain.open
    app.stack.dispatch(Action("y", "pad:0", False))
    assert not scene.hand_look.curtain.open
    app, computer_only = table(computers(2), pace=1.0)
    assert computer_only.hand_look.seats == []


def played(events, seats=None, state=None):
    """A table (autoplay off) that has shown `events`; returns (app, scene)."""
    state = state or sf.new_game(["Ada", "Linus"], seed=1)
    app, scene = table(seats or computers(len(state.players)), state=state, pace=1.0,
                       autoplay=False)
    scene.director.push(events)
    run_until(app, lambda: scene.director.idle, 2_000)
    return app, scene


def test_secrets_stay_secret_on_the_table():
    """F13/F14: a chip shows face down, a drawn card only as one more card back, a sealed
    marketing token not at all (no amount, no money taken) until the reveal."""
    state = sf.new_game(["Ada", "Linus"], seed=1)
    state.players[0].money = 5
    app, scene = played([ev.ChipPlaced(0, "A", "Media"), ev.CardDrawn(1, "leak"),
                         ev.MarketingPlaced(0, "B", 3)], state=state)
    a, b = scene.model.products["A"], scene.model.products["B"]
    assert a.chip and a.category is None
    assert scene.model.companies[1].hand == 1
    assert b.marketing == 0 and scene.model.companies[0].money == 5
    state.products["B"].marketing, state.players[0].money = 3, 2  # the reveal
    scene.director.push([with_figures(ev.MarketingRevealed(1, (("B", 0, 3),)), state, (0, 1),
                                      tuple(state.products))])
    run_until(app, lambda: scene.director.idle, 1_000)
    assert b.marketing == 3 and scene.model.companies[0].money == 2  # shown, then paid


def test_a_counter_offer_keeps_the_employee_further_from_vesting_and_costs_money():
    state = sf.new_game(["Ada", "Linus"], seed=1)
    state.products["E"].nerds[1] = 1
    state.players[1].money = 9
    after = state.clone()
    after.products["E"].nerds[1], after.products["E"].nerds[4] = 0, 1
    after.players[1].money = 6
    app, scene = played([ev.PoachOffered(0, "A", 1, "E", "nerd", 1, 2),
                         with_figures(ev.CounterOffered(1, "E", "nerd", 3, 1, 4), after, (1,),
                                      ("E",))], state=state)
    assert scene.model.products["E"].workers == {("nerd", 4): 1}
    assert scene.model.companies[1].money == 6
    assert scene.model.products["A"].workers == {}


def test_hires_retains_and_a_failed_hire_move_cubes_money_and_the_supply():
    after = sf.new_game(["Ada", "Linus"], seed=1)
    after.products["A"].nerds[4] = 1
    after.players[0].big_suits = [4]
    after.supply["nerd"] -= 1
    after.supply["big_suit"] -= 1
    after.players[0].money = 2 - 1 - 6 - 1
    app, scene = played([with_figures(e, after, (0,), ("A",)) for e in (
        ev.Hired(0, "A", "nerd", 1), ev.Hired(0, "A", "big_suit", 6),
        ev.Retained(0, "A", "nerd", 4, 4, 0), ev.Hired(0, "A", "suit", 1, failed=True))])
    model = scene.model
    assert model.products["A"].workers == {("nerd", 4): 1}
    assert model.companies[0].execs == [("big_suit", 4)]
    assert model.supply["nerd"] == 49 and model.supply["suit"] == 50
    assert model.supply["big_suit"] == 0
    assert model.companies[0].money == 2 - 1 - 6 - 1


def test_card_plays_defense_and_money_cards_update_hands_and_money():
    funded = sf.new_game(["Ada", "Linus"], seed=1)
    funded.players[0].money += 5
    app, scene = played([ev.CardDrawn(0, "audit_half"), ev.CardDrawn(1, "defense"),
                         ev.CardPlayed(0, "audit_half", "Audit (half)", "text", None, 1),
                         ev.CardCancelled(1, "audit_half"),
                         with_figures(ev.MoneyMoved(0, 5, "Funding Round"), funded, (0,))])
    model = scene.model
    assert [c.hand for c in model.companies] == [0, 0]
    assert model.discard == 2
    assert model.companies[0].money == 7


def test_vesting_moves_every_worker_and_executive_one_field():
    state = sf.new_game(["Ada", "Linus"], seed=1)
    state.products["A"].nerds[4] = 2
    state.products["A"].suits[0] = 1
    state.players[0].big_nerds = [3]
    after = state.clone()
    after.products["A"].nerds[3:5] = [2, 0]
    after.players[0].big_nerds = [2]
    app, scene = played([with_figures(ev.YearEndStep("vest employees"), after, (0, 1),
                                      tuple(after.products))], state=state)
    assert scene.model.products["A"].workers == {("nerd", 3): 2, ("suit", 0): 1}
    assert scene.model.companies[0].execs == [("big_nerd", 2)]


def test_a_broken_table_map_says_so_and_offers_the_way_back(monkeypatch, capsys):
    from game.startupfever import layout as layout_module
    from game.tiled import MapError
    from scenes.overlays import ErrorOverlay

    def broken(*_args, **_kwargs):
        raise MapError("map 'maps/startupfever.tmx': field 12 appears more than once")
    monkeypatch.setattr(layout_module, "load_layout", broken)
    app, _scene = table(computers(2))
    assert isinstance(app.stack.top, ErrorOverlay)
    assert app.stack.top.title == "Startup Fever cannot start"
    assert "field 12" in app.stack.top.problem
    assert "cannot start" in capsys.readouterr().err


def test_holding_l_shoulder_opens_the_log_history():
    app, scene = table(computers(2), pace=1.0)
    app.stack.dispatch(Action("lshoulder", "pad:0", True))
    assert scene.log_panel.open
    step(app, 1)
    app.stack.dispatch(Action("lshoulder", "pad:0", False))
    assert not scene.log_panel.open


def shown_is_ruled(model: TableModel, state: sf.State) -> list[str]:
    """Where the table's model differs from the rules' public figures (none: [])."""
    truth = TableModel.from_state(state)
    bad = [f"product {s}" for s, p in model.products.items() if p != truth.products[s]]
    bad += [f"company {c.seat}: {c} != {t}" for c, t in zip(model.companies, truth.companies,
                                                           strict=True)
            if (c.money, c.execs, c.hand) != (t.money, t.execs, t.hand)]
    bad += [f"{name}" for name in ("bank", "supply", "deck", "discard")
            if getattr(model, name) != getattr(truth, name)]
    return bad


@pytest.mark.parametrize("players,seed", [(3, 4), (4, 2)])
def test_the_table_shows_the_rules_figures_after_every_step_of_a_whole_game(players, seed):
    """One source of truth: the events carry the figures (money, bank, supply, staff,
    executives, marketing) and the view takes them; nothing is recomputed or re-read from
    the state, yet after every `apply` of a whole game the table equals the rules."""
    from game.startupfever.players import RulePlayer

    state = sf.new_game(players, seed=seed)
    app, scene = table(computers(players), state=state, pace=1.0, autoplay=False)
    agents = [RulePlayer(i) for i in range(players)]
    kinds: set[str] = set()
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance() if seat == sf.CHANCE else \
            agents[seat].decide(state, state.legal_actions())
        events = state.apply(action)
        kinds.update(type(e).__name__ for e in events)
        scene.director.push(events)
        scene.director.skip()
        assert scene.director.idle
        assert not shown_is_ruled(scene.model, state), (action, events)
    assert {"Hired", "Retained", "Poached", "CounterOffered", "RevenueEarned", "MoneyMoved",
            "EmployeeMoved", "YearEndStep", "MarketingRevealed"} <= kinds


def test_the_table_shows_the_figures_the_event_carries_and_computes_none():
    """The bank here paid less than the arithmetic would say: the table shows the rules'
    number, not its own."""
    state = sf.new_game(["Ada", "Linus"], seed=1)
    app, scene = table(computers(2), state=state, pace=1.0, autoplay=False)
    state.players[0].money, state.bank, state.products["A"].nerds[4] = 11, 3, 1
    state.supply["nerd"] = 41
    scene.director.push([with_figures(ev.Hired(0, "A", "nerd", 1), state, (0,), ("A",))])
    run_until(app, lambda: scene.director.idle, 600)
    assert scene.model.companies[0].money == 11 and scene.model.bank == 3
    assert scene.model.supply["nerd"] == 41
    assert scene.model.products["A"].workers == {("nerd", 4): 1}
