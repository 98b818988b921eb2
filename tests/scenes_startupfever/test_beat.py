"""The neutral "any cards?" beat (RULES.md F11, F13): whether and how long a human seat is
asked at a card window, or about Defense, never depends on what its hand holds."""

from __future__ import annotations

import pygame
import pytest

from game.startupfever.actions import Defend, Pass
from game.startupfever.cards import PLAYABLE_IN
from game.startupfever.events import CardPlayed, WindowOpened
from scenes.engine.input import Action
from scenes.startupfever.beat import (
    BEAT_SECONDS,
    PASSIVE_SECONDS,
    DefenseBeat,
    WindowBeat,
    beat_for,
)
from scenes.startupfever.decisions import decision_for
from scenes.startupfever.seats import Seat
from tests.scenes_startupfever.decision_states import at_stage, audited, context

DT = 1 / 60


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((1280, 720))


@pytest.fixture
def rows(monkeypatch):
    """Beats with rows and curtains, as a table with phone seats holds them (a passive
    table's rows only say who plays: see the tests of `pick` below)."""
    monkeypatch.setattr("scenes.startupfever.beat.passive_table", lambda ctx: False)


def window_state():
    """The rules stand at a card window where the human (seat 0) can play."""
    state = at_stage("window")
    return state, WindowOpened(state.window, state.current_slot)


def without_playable_cards(state):
    """The same state but the human's hand holds nothing playable in this window."""
    other = state.clone()
    dead = [c for c in ("defense", "press_coverage", "attrition", "press_coverage")
            if c not in PLAYABLE_IN[state.window]]  # nor in any window of a product turn
    other.players[0].hand = dead[:len(state.players[0].hand)]
    return other


def asks_holders(state) -> None:
    """After a test changed hands in the window: the seats the rules ask are still every
    seat holding any card (as `_open_window` lists them)."""
    state.window_seats = [s for s in state.window_seats if state.players[s].hand]


def run(beat, canvas, actions=None) -> tuple[int, list[bytes]]:
    """Frames until done and the picture of each, with `actions` given at frame numbers."""
    frames, pictures = 0, []
    while not beat.done and frames < 2000:
        for action in (actions or {}).get(frames, ()):
            beat.handle(action)
        canvas.fill((0, 0, 0))
        beat.draw(canvas)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
        beat.update(DT)
        frames += 1
    return frames, pictures


def test_window_beat_behaves_the_same_whatever_the_human_holds():
    state, event = window_state()
    other = without_playable_cards(state)
    assert state.players[0].hand != other.players[0].hand
    canvas = pygame.Surface((1280, 720))
    runs = []
    for s in (state, other):
        beat = WindowBeat(event, s, context(s))
        assert beat.seats == [0, 1, 2, 3]  # every human seat, asked alike
        runs.append(run(beat, canvas))
    (frames_a, pics_a), (frames_b, pics_b) = runs
    # nobody pressed anything: a passive window, over after its short fixed wait
    assert frames_a == frames_b == pytest.approx(PASSIVE_SECONDS / DT, abs=2)
    assert pics_a == pics_b  # not one pixel tells the hands apart


def test_a_window_nobody_uses_needs_no_press_and_x_ends_it():
    state, event = window_state()
    beat = WindowBeat(event, state, context(state))
    assert beat.passive and not beat.opened and not beat.answers
    assert beat.wants(Action("y")) and not beat.wants(Action("confirm"))  # the rest: table
    beat.handle(Action("confirm"))
    assert not beat.done and not beat.opened  # confirm is not the card button
    beat.handle(Action("x"))
    assert beat.done and all(a is False for a in beat.answers.values())


def test_window_beat_same_answers_same_frames_for_any_hand():
    state, event = window_state()
    presses = {10: [Action("confirm")], 20: [Action("confirm")], 30: [Action("confirm")],
               40: [Action("confirm")]}
    canvas = pygame.Surface((1280, 720))
    results = []
    for s in (state, without_playable_cards(state)):
        beat = WindowBeat(event, s, context(s))
        beat.open_rows()  # someone pressed the card button: every row shows
        results.append(run(beat, canvas, presses))
    assert results[0] == results[1]
    assert results[0][0] == 41  # over at once when every human seat has passed


def test_a_seat_that_passed_in_the_beat_is_never_shown_a_prompt(rows):
    state, event = window_state()
    ctx = context(state)
    beat = WindowBeat(event, state, ctx)
    beat.open_rows()
    for _ in beat.seats:
        beat.handle(Action("confirm"))
    assert beat.done
    assert decision_for(state, ctx).ready == Pass()


def test_a_seat_that_looks_and_wants_to_play_gets_its_card_decision(rows):
    state, event = window_state()
    ctx = context(state)
    beat = WindowBeat(event, state, ctx)
    beat.handle(Action("y", "pad:0", True))  # seat 0 looks at its hand
    assert beat.curtain.open and beat.can_play(0)
    beat.handle(Action("rshoulder", "pad:0", True))  # "Play a card"
    assert not beat.curtain.open and ctx.plan[("window", 0)] is True
    decision = decision_for(state, ctx)
    assert decision.ready is None and decision.secret


def test_a_seat_without_a_playable_card_cannot_say_play(rows):
    state, event = window_state()
    other = without_playable_cards(state)
    beat = WindowBeat(event, other, context(other))
    beat.handle(Action("y", "keyboard", True))
    assert beat.choice == 1  # only "Pass" can be picked
    beat.handle(Action("up"))
    beat.handle(Action("confirm"))
    assert beat.answers[0] is False


def test_the_countdown_waits_while_a_curtain_is_open(rows):
    state, event = window_state()
    beat = WindowBeat(event, state, context(state))
    beat.handle(Action("y", "keyboard", True))
    for _ in range(int(2 * BEAT_SECONDS / DT)):
        beat.update(DT)
    assert not beat.done and beat.left == BEAT_SECONDS
    beat.handle(Action("y", "keyboard", False))
    assert not beat.curtain.open


def test_computers_decide_silently_and_are_never_in_a_beat():
    state, event = window_state()
    ctx = context(state)
    ctx.seats = [Seat(s.name, s.colour, human=i in (2, 3)) for i, s in enumerate(ctx.seats)]
    assert WindowBeat(event, state, ctx).seats == [2, 3]
    ctx.seats = [Seat(s.name, s.colour, human=False) for s in ctx.seats]
    assert WindowBeat(event, state, ctx).done


def test_ask_only_when_playable_drops_the_beat():
    state, event = window_state()
    ctx = context(state)
    ctx.settings.ask_only_when_playable = True
    assert beat_for(event, state, ctx).done
    assert decision_for(state, ctx).ready is None  # the rules ask; the prompt opens


def test_the_time_out_counts_as_a_pass():
    state, event = window_state()
    ctx = context(state)
    beat = WindowBeat(event, state, ctx)
    run(beat, pygame.Surface((1280, 720)))
    assert all(ctx.plan[("window", seat)] is False for seat in beat.seats)


# -- Defense ------------------------------------------------------------------------------------

def defense_event(state):
    pc = state.pending_card
    return CardPlayed(pc["seat"], pc["card"], "Audit (half)", "", pc["slot"], 1)


def test_defense_beat_asks_the_target_only_whatever_it_holds():
    state = at_stage("defense")  # seat 1 holds Defense
    event = defense_event(state)
    plain = state.clone()
    plain.players[1].hand = ["leak"]  # the same moment, no Defense in hand
    canvas = pygame.Surface((1280, 720))
    runs = []
    for s in (state, plain):
        beat = beat_for(event, s, context(s))
        assert isinstance(beat, DefenseBeat) and beat.seats == [1]
        runs.append(run(beat, canvas))
    assert runs[0] == runs[1]


def test_defense_answered_in_the_beat_is_applied_when_the_rules_ask():
    state = at_stage("defense")
    ctx = context(state)
    beat = beat_for(defense_event(state), state, ctx)
    beat.handle(Action("y", "keyboard", True))
    assert beat.can_play(1) and beat.choice == 0
    beat.handle(Action("confirm"))
    assert beat.done
    assert decision_for(state, ctx).ready == Defend(True)


def test_no_defense_beat_for_a_card_on_a_computer_or_on_oneself():
    state = at_stage("defense")
    ctx = context(state)
    event = defense_event(state)
    ctx.seats[1] = Seat(ctx.seats[1].name, ctx.seats[1].colour, human=False)
    assert beat_for(event, state, ctx) is None
    own = CardPlayed(0, "funding_round", "Funding Round", "", None, 0)
    assert beat_for(own, state, context(state)) is None


def test_one_press_of_x_lets_every_seat_pass():
    state, event = window_state()
    ctx = context(state)
    beat = WindowBeat(event, state, ctx)
    beat.handle(Action("x"))
    assert beat.done and all(ctx.plan[("window", s)] is False for s in beat.seats)


def test_mouse_looks_by_holding_the_look_button_and_answers_by_letting_go_on_it(rows):
    state, event = window_state()
    ctx = context(state)
    beat = WindowBeat(event, state, ctx)
    beat.open_rows()  # a card button was pressed: the rows show
    canvas = pygame.Surface((1280, 720))
    beat.draw(canvas)
    _row, look, _skip = beat.rows[0]
    beat.handle(Action("click", "mouse", True, pos=look.center))
    assert beat.curtain.open
    beat.draw(canvas)  # the hand and the two answers
    play, _pass = beat.buttons
    beat.handle(Action("point", "mouse", True, pos=play.center))
    beat.handle(Action("click", "mouse", False, pos=play.center))
    assert not beat.curtain.open and ctx.plan[("window", 0)] is True
    beat.draw(canvas)
    _row, _look, skip = beat.rows[1]
    beat.handle(Action("click", "mouse", True, pos=skip.center))
    assert ctx.plan[("window", 1)] is False


def test_on_the_table_defense_is_asked_in_the_beat_and_then_applied_silently():
    """The scene holds the DefenseBeat for the card, seat 1 answers behind its curtain,
    and when the rules ask seat 1, its answer is applied without another prompt."""
    from scenes.startupfever.seats import default_seats
    from tests.scenes_startupfever.helpers import run_until, step, table

    state = at_stage("defense")
    app, scene = table(default_seats(4, humans=2), state=state, pace=1.0, autoplay=False)
    scene.director.push([defense_event(state)])
    run_until(app, lambda: isinstance(scene.beat, DefenseBeat), 600)
    assert scene.beat.seats == [1]
    app.stack.dispatch(Action("y", "pad:1", True))
    app.stack.dispatch(Action("rshoulder", "pad:1", True))  # "Play Defense"
    app.stack.dispatch(Action("y", "pad:1", False))
    step(app, 2)
    assert scene.beat is None
    scene.autoplay = True
    shown = []
    run_until(app, lambda: state.stage != "defense", 600,
              each=lambda: shown.append(scene.decision))
    assert not any(shown)  # no second question: the beat's answer was applied
    assert "defense" in state.played and "defense" not in state.players[1].hand


def test_a_seat_with_no_card_at_all_is_not_in_the_beat():
    """Hand sizes are on the table for all to see: leaving out an empty hand leaks
    nothing, while any card at all (playable or not) keeps the seat in the beat."""
    state, event = window_state()
    other = state.clone()
    other.players[2].hand = []
    other.players[3].hand = ["defense"]  # never playable in a window: still asked
    asks_holders(other)
    assert WindowBeat(event, other, context(other)).seats == [0, 1, 3]


def test_no_defense_beat_for_a_company_without_a_card_or_a_suit():
    state = at_stage("defense")
    event = defense_event(state)
    empty = audited([])  # no card in hand: the rules do not ask it
    assert empty.stage != "defense"
    assert beat_for(event, empty, context(empty)) is None
    suitless = state.clone()
    for slot in suitless.players[1].slots:
        suitless.products[slot].suits = [0] * 5
    suitless.players[1].big_suits = []
    assert beat_for(event, suitless, context(suitless)) is None


def test_with_pads_bound_to_seats_each_pad_answers_its_own_row_only(rows):
    from scenes.seating import SeatDevices

    state, event = window_state()
    state = state.clone()
    state.players[3].hand = []  # seat 3 is not asked (no card), though its pad is bound
    asks_holders(state)
    ctx = context(state)
    ctx.devices = SeatDevices({0: "pad:0", 1: "pad:1", 3: "pad:3"})
    beat = WindowBeat(event, state, ctx)
    beat.open_rows()  # a card button was pressed: the rows show
    assert beat.seats == [0, 1, 2]
    beat.handle(Action("confirm", "pad:1"))  # Linus passes on his own pad
    assert beat.answers == {1: False}
    beat.handle(Action("confirm", "pad:3"))  # a seat not asked here answers nothing
    beat.handle(Action("x", "pad:0"))  # nor does a bound pad pass for everyone
    assert beat.answers == {1: False}
    beat.handle(Action("y", "pad:0", True))  # Ada looks at her hand
    assert beat.curtain.open and beat.seat == 0
    beat.handle(Action("rshoulder", "pad:1"))  # another pad cannot answer for her
    assert 0 not in beat.answers
    beat.handle(Action("y", "pad:0", False))
    beat.handle(Action("confirm", "keyboard"))  # the shared keyboard answers a free row
    assert beat.answers[2] is False and 0 not in beat.answers


def test_one_question_per_product_turn_passing_covers_the_turns_later_windows():
    """With phone seats at the table (beats with rows): the beat at a product turn's first
    window asks about the whole turn; a seat that passed there is not asked at the turn's
    later windows, a seat that said "I'll play" is (whatever either holds); the next
    turn asks everyone again."""
    state, _event = window_state()
    ctx = context(state)
    ctx.phones = frozenset({3})  # not a passive table: every window its own countdown
    slot = state.current_slot
    first = WindowBeat(WindowOpened("adoption", slot), state, ctx)
    assert first.seats == [0, 1, 2, 3] and first.title == "Any cards this turn?"
    first.answer(1, True)
    for seat in (0, 2, 3):
        first.answer(seat, False)
    for window in ("revenue", "manage", "user_loss"):
        later = WindowBeat(WindowOpened(window, slot), state, ctx)
        assert later.seats == [1]
        assert all(ctx.plan[("window", s)] is False for s in (0, 2, 3))
        later.answer(1, False)
    assert WindowBeat(WindowOpened("competition", None), state, ctx).seats == [0, 1, 2, 3]
    assert WindowBeat(WindowOpened("adoption", slot), state, ctx).seats == [0, 1, 2, 3]


def test_a_passive_table_asks_each_window_on_its_own():
    """Without phones, passing one window (doing nothing) passes that window only: the
    turn's later windows each wait their short time again, for everyone holding a card."""
    state, _event = window_state()
    ctx = context(state)
    slot = state.current_slot
    first = WindowBeat(WindowOpened("adoption", slot), state, ctx)
    while not first.done:
        first.update(DT)
    later = WindowBeat(WindowOpened("revenue", slot), state, ctx)
    assert later.passive and later.seats == [0, 1, 2, 3]


def test_all_pass_is_offered_only_to_a_device_that_may_use_it(rows):
    """Issue 22 item 5: with every asked seat on its own pad, X does nothing, so the bar
    does not offer "All pass"; a device with no seat (shared) is offered it and it works."""
    from scenes.seating import SeatDevices

    state, event = window_state()
    ctx = context(state)
    ctx.devices = SeatDevices({0: "pad:0", 1: "pad:1", 2: "pad:2", 3: "pad:3"})
    beat = WindowBeat(event, state, ctx)
    beat.open_rows()  # a card button was pressed: the rows show
    beat.handle(Action("down", "pad:1"))
    assert ("x", "All pass") not in beat.bar.items
    beat.handle(Action("x", "pad:1"))
    assert not beat.done
    ctx.devices = SeatDevices({0: "pad:0"})
    shared = WindowBeat(event, state, ctx)
    shared.open_rows()
    shared.handle(Action("down", "keyboard"))
    assert ("x", "All pass") in shared.bar.items
    shared.handle(Action("x", "keyboard"))
    assert shared.done
