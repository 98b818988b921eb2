"""Whole games with a person at the table, each played with one device alone: the
keyboard, a pad, or the mouse. Every decision, die and card beat a human seat meets is
answered through the action layer, and the game reaches the results."""

from __future__ import annotations

import pytest

from scenes.engine.input import CLICK, MOUSE, POINT, Action
from scenes.startupfever.seats import Seat
from scenes.startupfever.setup import START_ROW, NewGameScene
from scenes.startupfever.table_scene import TableScene
from scenes.title import TitleScene
from tests.scenes_startupfever.helpers import (
    READY,
    Person,
    at_results,
    new_app,
    press,
    run_until,
    step,
    table,
)

SEATS = [Seat("Ada", "pink", True), Seat("Linus", "blue", False), Seat("Grace", "yellow",
                                                                       False)]


@pytest.mark.parametrize("device", ["keyboard", "pad:0", MOUSE])
def test_a_person_plays_a_whole_game_with_one_device(device):
    app, scene = table(SEATS, seed=7)
    person = Person(app, scene, device)
    run_until(app, lambda: at_results(app), 120_000, each=person)
    assert scene.state.is_terminal()
    assert app.stack.top.scores == scene.state.scores()
    assert person.rolls >= 4  # Ada threw her own adoption dice
    assert person.beats > 10  # card windows held the neutral beat
    stages = set(person.asked)
    assert {"chips", "manage", "marketing"} <= stages, stages


def click(app, pos) -> None:
    app.stack.dispatch(Action(POINT, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=pos))


def test_from_the_title_three_people_and_three_computers_play_six_seats_to_the_results():
    """The issue's 'done when': title -> new game (6 seats: 3 people, 3 computers) ->
    a whole game, each person on their own device (keys, a pad, the mouse) -> results."""
    app = new_app(TitleScene(), speed=2.0)
    step(app, READY)
    title = app.stack.top
    entry = [e.label for e, _ in title.entries].index("Startup Fever")
    for _ in range(entry - title.menu.selected):
        press(app, "down", "pad:1")
    press(app, "confirm", "pad:1")
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene), 120)
    setup = app.stack.top
    step(app, READY)
    for row, clicks in ((2, 1), (3, 2), (4, 1), (5, 2)):  # Human, Computer, Human, Computer
        for _ in range(clicks):
            click(app, setup.cell_rect(row, 0).center)
    assert [s.human for s in setup.seats()] == [True, False, True, False, True, False]
    click(app, setup.cell_rect(START_ROW, 0).center)
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 120)
    scene = app.stack.top
    scene.pace = 8.0
    step(app, READY)
    person = Person(app, scene, "keyboard", by_seat={0: "keyboard", 2: "pad:1", 4: MOUSE})
    run_until(app, lambda: at_results(app), 200_000, each=person)
    assert person.used == {"keyboard", "pad:1", MOUSE}
    assert app.stack.top.scores == scene.state.scores()
    assert len(scene.state.players) == 6


def test_computers_answer_card_windows_and_defense_silently_in_a_game_with_people():
    """F13: a computer is asked at a window only when it holds a playable card, so it must
    not be seen thinking there (no bubble, no pause), or its hand would show."""
    app, scene = table(SEATS, seed=4)
    person = Person(app, scene, "keyboard")
    silent = []

    def each() -> None:
        person()
        state = scene.state
        if state.stage in ("window", "defense") and not scene.is_human(state.current_player):
            silent.append(scene.thinking is None)
    run_until(app, lambda: at_results(app) or len(silent) > 40, 120_000, each=each)
    assert len(silent) > 5 and all(silent)
