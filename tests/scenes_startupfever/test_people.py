"""Whole games with a person at the table, each played with one device alone: the
keyboard, a pad, or the mouse. Every decision, die and card beat a human seat meets is
answered through the action layer, and the game reaches the results."""

from __future__ import annotations

import pytest

from scenes.engine.input import MOUSE
from scenes.startupfever.seats import Seat
from scenes.startupfever.setup import NewGameScene
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
    assert person.beats == 0  # one person: no beat, a card decision only when playable
    stages = set(person.asked)
    assert {"chips", "manage", "marketing"} <= stages, stages


def test_from_the_title_three_people_and_three_computers_play_six_seats_to_the_results():
    """The issue's 'done when': title -> lobby (6 seats: the keyboard and a pad join, one
    shared pass-and-play seat, 3 computers) -> a whole game, each person on their own
    device (the shared seat with the mouse) -> results."""
    app = new_app(TitleScene(), speed=2.0)
    step(app, READY)
    title = app.stack.top
    entry = [e.label for e, _ in title.entries].index("Startup Fever")
    for _ in range(entry - title.menu.selected):
        press(app, "down", "pad:1")
    press(app, "confirm", "pad:1")
    run_until(app, lambda: isinstance(app.stack.top, NewGameScene), 120)
    lobby = app.stack.top
    step(app, READY)
    press(app, "confirm", "keyboard")  # joins seat 1
    press(app, "confirm", "pad:1")  # joins seat 2
    for name in ("down", "down", "down", "confirm", "confirm", "right", "right", "confirm"):
        press(app, name, "pad:1")  # footer: Computers 1 -> 3, then Shared seats 0 -> 1
    assert [(s.human, s.device) for s in lobby.seats()] == \
        [(True, "keyboard"), (True, "pad:1"), (True, None)] + [(False, None)] * 3
    press(app, "pause", "pad:1")
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 120)
    scene = app.stack.top
    scene.pace = 8.0
    step(app, READY)
    person = Person(app, scene, "keyboard", by_seat={0: "keyboard", 1: "pad:1", 2: MOUSE})
    run_until(app, lambda: at_results(app), 200_000, each=person)
    assert person.used == {"keyboard", "pad:1", MOUSE}
    assert app.stack.top.scores == scene.state.scores()
    assert len(scene.state.players) == 6


def test_computers_answer_card_windows_and_defense_silently_in_a_game_with_people():
    """F13: a computer must not be seen thinking at a window (no bubble, no pause): it
    would think only when it holds a playable card, and its hand would show."""
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
