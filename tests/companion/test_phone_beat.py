"""Issue 26: in the "any cards?" beat a phone seat's row is answered by its phone alone.

No device at the TV selects it, answers it, opens its curtain or passes it with "all
pass"; the row says it waits on the phone, and looks the same whatever the hand holds.
"""

from __future__ import annotations

import pygame
import pytest

from game.startupfever.cards import PLAYABLE_IN
from game.startupfever.events import WindowOpened
from scenes.engine.input import CLICK, KEYBOARD, MOUSE, POINT, Action
from scenes.seating import SeatDevices
from scenes.startupfever.beat import WindowBeat
from scenes.table.phones import PhoneLink
from tests.scenes_startupfever.decision_states import at_stage, context

from .test_phone_seats import FakeHub

PHONES = frozenset({1, 3})


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((1280, 720))


def window(playable: bool = True):
    """Four people at a card window; seat 1 (a phone) holds a card for it or none."""
    state = at_stage("window").clone()
    if not playable:
        state.players[1].hand = [c for c in ("defense", "press_coverage", "attrition")
                                 if c not in PLAYABLE_IN[state.window]][:1]
    return state, WindowOpened(state.window, state.current_slot)


def phone_beat(state, event, bound: bool = True) -> WindowBeat:
    """The beat as a table with phone seats 1 and 3 holds it (their devices bound as the
    table binds them, or only `ctx.phones` telling)."""
    ctx = context(state)
    ctx.phones = PHONES
    if bound:
        ctx.devices = SeatDevices()
        PhoneLink(FakeHub(), PHONES).bind(ctx.devices)
    beat = WindowBeat(event, state, ctx)
    assert beat.seats == [0, 1, 2, 3]
    return beat


def press(beat, name: str, device: str = KEYBOARD, **kw) -> None:
    beat.handle(Action(name, device, True, **kw))
    beat.handle(Action(name, device, False, **kw))


@pytest.mark.parametrize("bound", [True, False])
def test_all_pass_at_the_tv_passes_only_the_rows_the_tv_answers(bound):
    state, event = window()
    beat = phone_beat(state, event, bound)
    press(beat, "x")
    assert beat.answers == {0: False, 2: False}
    assert not beat.done  # the phones are still asked
    assert ("window", 1) not in beat.ctx.plan and ("window", 3) not in beat.ctx.plan
    beat.answer(1, False)  # what PhoneLink does with a phone's answer
    beat.answer(3, True)
    assert beat.done and beat.ctx.plan[("window", 3)] is True


@pytest.mark.parametrize("bound", [True, False])
def test_no_device_at_the_tv_selects_answers_or_looks_at_a_phone_row(bound):
    state, event = window()
    beat = phone_beat(state, event, bound)
    canvas = pygame.Surface((1280, 720))
    beat.draw(canvas)
    for device in (KEYBOARD, "pad:0", MOUSE):
        for name in ("down", "down", "up", "down", "down", "down"):
            press(beat, name, device)
            assert beat.seat not in PHONES
    for i in (1, 3):  # pointing at a phone row, clicking its buttons
        row, look, skip = beat.rows[i]
        beat.handle(Action(POINT, MOUSE, False, pos=row.center))
        assert beat.seat not in PHONES
        beat.handle(Action(CLICK, MOUSE, True, pos=skip.center))
        beat.handle(Action(CLICK, MOUSE, True, pos=look.center))
        assert not beat.curtain.open and beat.answers == {}
    press(beat, "confirm")  # the keyboard passes the rows it may, one by one
    press(beat, "confirm")
    press(beat, "confirm")
    press(beat, "y")
    assert beat.answers == {0: False, 2: False} and not beat.curtain.open


def test_a_beat_of_phone_rows_only_takes_nothing_from_the_tv():
    state, event = window()
    ctx = context(state)
    ctx.phones = frozenset({0, 1, 2, 3})
    beat = WindowBeat(event, state, ctx)
    for name in ("x", "confirm", "down", "y"):
        press(beat, name)
    assert beat.answers == {} and not beat.curtain.open
    assert [action for action, _label in beat.bar.items] == ["pause"]


def test_a_phone_row_looks_the_same_whatever_its_hand_holds():
    """The rows, the countdown and the bar: not one pixel tells seat 1's hands apart; the
    phone rows differ from the TV's rows (they offer no buttons)."""
    pictures, bars = [], []
    for playable in (True, False):
        state, event = window(playable)
        beat = phone_beat(state, event)
        assert beat.can_play(1) is playable
        canvas = pygame.Surface((1280, 720))
        frames = []
        for frame in range(40):
            if frame == 10:
                press(beat, "confirm")
            if frame == 20:
                beat.answer(1, False)
            canvas.fill((0, 0, 0))
            beat.draw(canvas)
            frames.append(pygame.image.tobytes(canvas, "RGB"))
            beat.update(1 / 60)
        pictures.append(frames)
        bars.append(beat.bar.items)
    assert pictures[0] == pictures[1]
    assert bars[0] == bars[1]
    state, event = window()
    beat = phone_beat(state, event)
    canvas = pygame.Surface((1280, 720))
    beat.draw(canvas)
    tv, phone = (canvas.subsurface(beat.rows[i][2]).copy() for i in (2, 3))
    assert pygame.image.tobytes(tv, "RGB") != pygame.image.tobytes(phone, "RGB")


def test_the_table_tells_the_beat_which_seats_are_phones():
    from scenes.app import make_app
    from scenes.startupfever.seats import default_seats
    from scenes.startupfever.table_scene import TableScene

    devices = SeatDevices()
    scene = TableScene(default_seats(3, humans=3), seed=1, devices=devices)
    scene.phones = PhoneLink(FakeHub(), {0, 2})
    scene.phones.bind(devices)
    make_app(scene, headless=True, seed=1)
    assert scene.context().phones == {0, 2}
