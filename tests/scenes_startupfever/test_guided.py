"""Learn to play: the guided game on the real table, driven with a pad
only and with the keyboard only until the coach has explained every step (the first year,
then a counter-offer and user loss in the years after), and the coach's tips in other
games."""

from __future__ import annotations

import pytest

from scenes.engine.input import Action
from scenes.startupfever.coach import LATER, TIPS, Coach
from scenes.startupfever.guided import GuidedGame
from scenes.startupfever.seats import default_seats
from scenes.startupfever.table_scene import TableScene
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, new_app, press, step

TAUGHT = ("chips", "turn", "roll", "adoption", "revenue", "manage", "hire", "vesting",
          "poach", "cards", "year_end", "showdown", "vp", "reassign", "marketing", "order",
          "counter", "user_loss", "done")


def answer(app, scene, device: str) -> None:
    """What a newcomer does with one device: read each bubble (one confirm), throw the
    die, pass the card beats and take each prompt's way out (up wraps to the last row;
    behind a curtain while holding Y)."""
    coach = scene.coach
    if coach.bubble is not None and coach.guided:
        if coach.bubble.age > 0.2:
            press(app, "confirm", device)
        return
    decision = scene.decision
    if decision is not None and decision.t > 0.3:
        if decision.secret:
            app.stack.dispatch(Action("y", device, True))
            app.step()
        if decision.stage == "manage" and not scene.state.hires:
            press(app, "confirm", device)  # Hire from the supply
            press(app, "confirm", device)  # the first kind offered
            return
        press(app, "up", device)
        press(app, "confirm", device)
        if decision.secret:
            app.stack.dispatch(Action("y", device, False))
    elif (scene.roll_call is not None and scene.roll_call.t > 0.3) or scene.beat is not None:
        press(app, "confirm", device)


@pytest.mark.parametrize("device", ["pad:0", "keyboard"])
def test_the_guided_game_can_be_played_to_its_end_with_one_device(device):
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    shown: dict[str, int] = {}  # topic -> the year its bubble stood on the table
    for _ in range(60_000):
        if scene.coach.finished:
            break
        app.step()
        assert app.stack.top is scene
        if scene.coach.holding and scene._coach_shows():  # on the table, not behind a banner
            shown.setdefault(scene.coach.bubble.topic, scene.state.year)
        answer(app, scene, device)
    assert scene.coach.finished
    for topic in TAUGHT:
        assert topic in scene.coach.explained and topic in shown, topic
    # what a first year cannot show (nothing has launched) waits for the years after,
    # each explained on the table when it first happens; then the goodbye
    assert all(shown[topic] >= 2 for topic in LATER)
    assert scene.coach.explained[-1] == "done"
    assert not scene.coach.holding  # the rest of the game goes on without waiting


def test_a_bubble_waits_for_one_confirm():
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    for _ in range(2_000):
        if scene.coach.holding:
            break
        app.step()
    first = scene.coach.bubble
    assert first is not None and first.topic == "chips"
    steps = scene.director.played
    step(app, 120)
    assert scene.coach.bubble is first and scene.director.played == steps  # it waits
    press(app, "confirm", "pad:0")
    assert scene.coach.bubble is not first


def test_back_on_a_bubble_leaves_the_guided_game():
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    for _ in range(2_000):
        if scene.coach.holding:
            break
        app.step()
    press(app, "back", "pad:0")
    step(app, 200)
    assert isinstance(app.stack.top, TitleScene)


def test_the_guided_game_never_takes_the_place_of_a_saved_game():
    scene = GuidedGame()
    app = new_app(scene)
    step(app, READY)
    assert scene.save_now() is True and app.saves.load("startupfever") is None


def test_tips_explain_each_step_once_per_machine_and_never_wait():
    seats = default_seats(3, humans=1)
    app = new_app(TableScene(seats, seed=3))
    scene = app.stack.top
    step(app, READY)
    assert scene.coach is not None and not scene.coach.guided
    for _ in range(3_000):
        app.step()
        if scene.coach.bubble is not None:
            break
    assert scene.coach.bubble is not None and not scene.coach.holding
    seen = list(app.settings.coach_seen)
    assert seen and set(seen) <= set(TIPS)
    again = Coach(guided=False, seen=set(seen))
    again.say(seen[0], None)
    assert again.bubble is None  # explained on this machine already
    app.settings.coach = False
    app.stack.replace(TableScene(seats, seed=3))
    step(app, READY)
    assert app.stack.top.coach is None


def test_the_demo_has_no_coach():
    from scenes.demo import DemoScene

    app = new_app(DemoScene(game="startupfever", seed=1))
    step(app, READY)
    assert app.stack.top.coach is None


def test_every_topic_has_a_bubble_and_a_one_line_tip():
    from scenes.startupfever.coach import LINES

    assert set(LINES) == set(TIPS)
    assert all(len(line) <= 64 for line in LINES.values())
