"""Card windows that cost people almost nothing, and no curtain when nobody is there to
hide from: with one person at the table every hand, chip and budget is simply shown; with
several people at one screen a window waits a short fixed time riding on the animation
already playing, and only the card button (Y / C) opens it."""

from __future__ import annotations

import pygame
import pytest

from game.startupfever.events import TurnStarted, WindowOpened
from scenes.startupfever.beat import OPENED, PASSIVE_SECONDS, WindowBeat, passive_table
from scenes.startupfever.decisions import alone, decision_for
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_scene import TableScene
from tests.scenes_servermania.helpers import READY, new_app, step
from tests.scenes_startupfever.decision_states import at_stage, context


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((1280, 720))


@pytest.mark.parametrize("stage", ["window", "marketing", "chips"])
def test_alone_at_the_table_no_decision_hides_behind_a_curtain(stage):
    state = at_stage(stage)
    ctx = context(state)
    assert decision_for(state, ctx).secret  # four people at the screen: the curtain
    ctx.seats = default_seats(len(state.players), humans=1)
    assert alone(ctx) and not decision_for(state, ctx).secret


def test_a_passive_table_is_two_or_more_people_and_no_phones():
    state = at_stage("window")
    ctx = context(state)
    assert passive_table(ctx)
    ctx.phones = frozenset({2})
    assert not passive_table(ctx)  # phones answer on their own screens: rows and countdown
    ctx.phones = frozenset()
    ctx.seats = default_seats(len(state.players), humans=1)
    assert not passive_table(ctx)  # one person: no beat at all (the rules ask at once)


def test_a_window_rides_on_the_animation_before_it():
    state = at_stage("window")
    seats = default_seats(len(state.players), humans=2)
    scene = TableScene(seats, state=state, autoplay=False)
    app = new_app(scene)
    step(app, READY)
    slot = state.current_slot
    scene.director.push([TurnStarted(state.year, slot, state.products[slot].owner),
                         WindowOpened(state.window, slot)])
    labels = [s.label for s in scene.director.queue]
    assert labels[0] == "window rides" and labels[-1] == "beat"
    step(app, 2)
    assert scene.beat is not None and scene.beat.passive  # open while the turn starts
    assert not scene.director.idle
    for _ in range(int(3 * 60 * PASSIVE_SECONDS) + 120):
        step(app, draw=False)
        if scene.beat is None and scene.director.idle:
            break
    assert scene.beat is None and scene.director.idle  # nobody pressed: it passed


def test_a_passive_window_draws_one_strip_over_the_log_legend_only():
    state = at_stage("window")
    ctx = context(state)
    beat = WindowBeat(WindowOpened(state.window, state.current_slot), state, ctx)
    canvas = pygame.Surface((1280, 720))
    beat.draw(canvas)
    log = ctx.view.place("log")
    assert beat.shown.topleft == log.topleft and beat.shown.h <= 40


def _window_beat(state, ctx=None):
    ctx = ctx if ctx is not None else context(state)
    return WindowBeat(WindowOpened(state.window, state.current_slot), state, ctx), ctx


def test_the_card_button_opens_rows_that_only_say_who_plays():
    """A shared keyboard's card button shows the rows; confirm on a row says that seat
    plays (no curtain here: its card decision comes next); nobody else must press: the
    rows left pass a passive window's time later."""
    from scenes.engine.input import Action

    state = at_stage("window")
    beat, ctx = _window_beat(state)
    beat.handle(Action("y", "keyboard", True))
    assert beat.opened and beat.picks and not beat.curtain.open
    beat.handle(Action("down", "keyboard", True))
    beat.handle(Action("confirm", "keyboard", True))
    assert beat.answers == {1: True} and not beat.done
    frames = 0
    while not beat.done:
        beat.update(1 / 60)
        frames += 1
    assert frames == pytest.approx(PASSIVE_SECONDS * 60, abs=2)
    assert ctx.plan[("window", 1)] == "picked"
    assert all(ctx.plan[("window", s)] is False for s in (0, 2, 3))


def test_a_bound_pad_picks_its_own_seat_without_rows():
    from scenes.engine.input import Action
    from scenes.seating import SeatDevices

    state = at_stage("window")
    ctx = context(state)
    ctx.devices = SeatDevices({0: "pad:0", 2: "pad:2"})
    beat, _ = _window_beat(state, ctx)
    beat.handle(Action("y", "pad:2", True))
    assert beat.answers == {2: True} and not beat.opened  # the strip stays: no rows


def test_a_picked_seat_gets_its_card_decision_whatever_its_hand_holds():
    """Picking a row tells nothing: the card decision opens behind the curtain in both
    twin worlds (with a playable card, and with none), once; the rules' next question
    to a seat with nothing playable then passes at once."""
    from game.startupfever.actions import Pass
    from tests.scenes_startupfever.test_beat import without_playable_cards

    state = at_stage("window")
    for s in (state, without_playable_cards(state)):
        beat, ctx = _window_beat(s)
        beat.open_rows()
        beat.pick(0)
        decision = decision_for(s, ctx)
        assert decision.ready is None and decision.secret
    assert decision_for(s, ctx).ready == Pass()  # asked once; nothing playable: passes


def test_the_table_goes_on_beneath_an_event_card_but_a_person_waits_for_it():
    """An Event Card stays up its whole hold, but the steps after it start once half of
    it is over; a person's question waits for the card to go (a window the person passed
    in its beat does not: that pass is public)."""
    from game.startupfever.events import CardEffect, CardPlayed

    state = at_stage("window")
    scene = TableScene(default_seats(len(state.players), humans=2), state=state,
                       autoplay=False)
    app = new_app(scene)
    step(app, READY)
    scene.director.push([CardPlayed(2, "viral_growth", "Viral Growth", "text",
                                    state.current_slot, state.products[
                                        state.current_slot].owner),
                         CardEffect("viral_growth", state.current_slot, None, "adds 3")])
    for _ in range(600):
        step(app, draw=False)
        if scene.director.queue and scene.director.queue[0].label == "card effect":
            break
    assert scene.card is not None and scene.card.shows_front and not scene.card.done
    assert scene.hold_decision(0)  # seat 0 is a person: its question waits for the card
    scene.context().plan[("window", 0)] = False
    assert not scene.hold_decision(0)  # ... unless it passed this window in the beat
    assert not scene.hold_decision(2)  # a computer goes on beneath the card
    for _ in range(600):
        step(app, draw=False)
        if scene.card is None:
            break
    assert scene.card is None and not scene.hold_decision(0)


def _asked_again_in_twin_worlds():
    """Twin worlds at a window, seat 0's card decision opened with a card more than it
    holds now (one played since), so the rules ask it again: in one world its card left
    is playable, in the other not. Yields (state, ctx, its "another card?" beat, the
    beat's frames run through with no press)."""
    from scenes.startupfever.beat import AgainBeat, again_for
    from tests.scenes_startupfever.test_beat import run, without_playable_cards

    state = at_stage("window")
    canvas = pygame.Surface((1280, 720))
    for s in (state, without_playable_cards(state)):
        ctx = context(s)
        assert again_for(s, ctx) is None  # not played here yet: no "again"
        ctx.plan[("window", 0)] = (OPENED, len(s.players[0].hand) + 1)
        beat = again_for(s, ctx)
        assert isinstance(beat, AgainBeat) and beat.seats == [0]
        yield s, ctx, beat, run(beat, canvas)


def test_asked_again_after_a_card_a_person_gets_the_same_quiet_beat_whatever_they_hold():
    """The rules ask a person again in a window where they played a card (they may play
    another): at a passive table a short "another card?" wait for them alone, the same
    frames with another playable card or none; no press passes, silently."""
    from game.startupfever.actions import Pass

    runs = []
    for s, ctx, beat, frames in _asked_again_in_twin_worlds():
        assert beat.passive
        runs.append(frames)
        assert decision_for(s, ctx).ready == Pass()
    assert runs[0] == runs[1]
    assert runs[0][0] == pytest.approx(PASSIVE_SECONDS * 60, abs=2)


def test_another_card_rides_on_the_persons_own_card():
    """A person's card at a passive table: the "another card?" wait opens while the card
    is still up, and the table waits for it only after the card's effect."""
    from game.startupfever.events import CardEffect, CardPlayed
    from scenes.startupfever.beat import AgainBeat

    state = at_stage("window")
    assert state.window_seats[0] == 0 and state.players[0].hand
    scene = TableScene(default_seats(len(state.players), humans=2), state=state,
                       autoplay=False)
    app = new_app(scene)
    step(app, READY)
    slot = state.current_slot
    scene.director.push([CardPlayed(0, "viral_growth", "Viral Growth", "text", slot,
                                    state.products[slot].owner),
                         CardEffect("viral_growth", slot, None, "adds 3")])
    labels = [s.label for s in scene.director.queue]
    assert labels.index("card beat") < labels.index("card effect") < labels.index("beat")
    for _ in range(600):
        step(app, draw=False)
        if isinstance(scene.beat, AgainBeat):
            break
    assert isinstance(scene.beat, AgainBeat) and scene.beat.seats == [0]
    assert scene.card is not None and not scene.card.done  # riding on the card


@pytest.mark.parametrize("chooser_is_a_person", [False, True])
def test_a_computer_picking_its_place_in_the_turn_order_plays_brisk(chooser_is_a_person):
    """Year end: while a computer picks its product's place (in the open, one seat at a
    time) the table plays at the computers' brisk pace; a person's pick at full pace."""
    from scenes.startupfever.seats import Seat
    from scenes.startupfever.tempo import CPU_TEMPO, tempo

    state = at_stage("order_choose")
    chooser = state.current_player
    seats = [Seat(s.name, s.colour, human=(i == chooser) == chooser_is_a_person)
             for i, s in enumerate(default_seats(len(state.players), humans=2))]
    scene = TableScene(seats, state=state, autoplay=False)
    new_app(scene)
    assert state.current_slot is None and scene.decision is None
    assert tempo(scene) == (1.0 if chooser_is_a_person else CPU_TEMPO)


def test_asked_again_at_a_table_with_phones_the_same_beat_whatever_they_hold(monkeypatch):
    """At a table whose windows have rows (phone seats there), a person who played a card
    and holds another is asked again by the rules (hand sizes are public): an "another
    card?" beat for them alone, the same frames whether the card left is playable or not,
    and a pass through it passes (before, the decision opened only when another card was
    playable, which the TV and the other phones saw)."""
    from game.startupfever.actions import Pass
    from scenes.startupfever.beat import answered

    monkeypatch.setattr("scenes.startupfever.beat.passive_table", lambda ctx: False)
    runs = []
    for s, ctx, again, frames in _asked_again_in_twin_worlds():
        assert not again.passive
        runs.append(frames)
        assert answered(s, ctx, s.legal_actions()) == Pass()  # nobody said play: a pass
    assert runs[0][0] == runs[1][0] and runs[0][1] == runs[1][1]


def test_a_passive_defense_beat_bar_says_look_and_let_it_happen():
    """A Defense question at a passive table: the bar's words are Defense's (look at
    your hand, or let the card happen), as its strip says, not a card window's."""
    from scenes.startupfever.beat import DefenseBeat, beat_for
    from tests.scenes_startupfever.test_beat import defense_event

    state = at_stage("defense")
    ctx = context(state)
    assert passive_table(ctx)
    beat = beat_for(defense_event(state), state, ctx)
    assert isinstance(beat, DefenseBeat) and beat.passive and not beat.opened
    words = [label for _key, label in beat.bar.items]
    assert words[:2] == ["Hold: look", "Let it happen"]
    window = _window_beat(at_stage("window"))[0]
    assert [label for _key, label in window.bar.items][:2] == ["Play a card", "Nobody plays"]
