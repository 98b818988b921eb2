"""Card windows that cost people almost nothing, and no curtain when nobody is there to
hide from: with one person at the table every hand, chip and budget is simply shown; with
several people at one screen a window waits a short fixed time riding on the animation
already playing, and only the card button (Y / C) opens it."""

from __future__ import annotations

import pygame
import pytest

from game.startupfever.events import TurnStarted, WindowOpened
from scenes.startupfever.beat import PASSIVE_SECONDS, WindowBeat, passive_table
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
