"""Screenshots of the Startup Fever flow screens, saved to shots/ for people to look at
and checked not blank: the lobby, a person's die, the adoption sum, an Event
Card, the "YEAR n ENDS" card and the results (the showdown's is in test_showdown.py)."""

from __future__ import annotations

from scenes.startupfever.setup import NewGameScene
from tests.scenes_startupfever.helpers import (
    READY,
    assert_not_blank,
    at_results,
    computers,
    new_app,
    press,
    run_until,
    shoot,
    step,
    table,
)
from tests.scenes_startupfever.test_table_scene import HUMAN_FIRST, adoption_for_seat_0


def test_lobby_with_six_and_with_four_joined_pads(tmp_path):
    scene = NewGameScene()
    app = new_app(scene)
    step(app, READY)
    for pad in range(4):
        press(app, "confirm", f"pad:{pad}")
    press(app, "down", "pad:1")  # Linus on his colour row
    step(app, 10)
    assert_not_blank(shoot(app, "sf_lobby_4", tmp_path))
    for pad in (4, 5):
        press(app, "confirm", f"pad:{pad}")
    press(app, "confirm", "pad:4")  # Radia edits her name on the on-screen keyboard
    for name in ("down", "down", "down", "right", "right", "right"):
        press(app, name, "pad:0")  # Ada's cursor on Extra years
    step(app, 10)
    assert_not_blank(shoot(app, "sf_lobby_6", tmp_path))
    cards = scene.cards
    assert all(a.right < b.left for a, b in zip(cards, cards[1:], strict=False))
    assert cards[0].left >= 0 and cards[-1].right <= 1280


def test_a_person_is_asked_to_throw_their_die(tmp_path):
    app, scene = table(HUMAN_FIRST, state=adoption_for_seat_0(), pace=1.0)
    step(app, 20)
    assert scene.rolling_for == 0
    assert_not_blank(shoot(app, "sf_roll_call", tmp_path))
    words = scene._draw_roll_call(app.display.canvas, scene.roll_call)
    for box in ("log", "bank", "supply"):  # every line of the log stays readable
        assert not words.colliderect(scene.view.place(box)), (box, words)


def test_the_table_mid_turn_and_the_results(tmp_path):
    app, scene = table(computers(4), seed=5, pace=1.0)
    run_until(app, lambda: scene.movers.tally is not None and scene.movers.tally.t > 0.7,
              20_000)
    assert_not_blank(shoot(app, "sf_adoption_sum", tmp_path))
    run_until(app, lambda: scene.card is not None and scene.card.t > 1.2, 40_000)
    assert_not_blank(shoot(app, "sf_event_card", tmp_path))
    run_until(app, lambda: scene.title_state is not None and "ENDS" in scene.title_state[0]
              and scene.title_state[2] > 0.5, 40_000)
    assert_not_blank(shoot(app, "sf_year_ends", tmp_path))
    scene.pace = 8.0
    run_until(app, lambda: at_results(app), 60_000)
    step(app, 150)  # the numbers have counted up and the chart is drawn
    assert_not_blank(shoot(app, "sf_results", tmp_path))


def test_the_results_of_six_companies_fit(tmp_path):
    app, scene = table(computers(6), seed=2, pace=8.0)
    run_until(app, lambda: at_results(app), 80_000)
    step(app, 150)
    results = app.stack.top
    assert len(results.order) == 6
    assert_not_blank(shoot(app, "sf_results_6", tmp_path))
