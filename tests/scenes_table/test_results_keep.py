"""The results keep the game: awards, records ("Ada: 3rd win in 5 games"), Rematch with
the seats rotated (the last winner starts last) and Watch replay; Settings clears the
records on a second press; the title opens Past games."""

from __future__ import annotations

from game.records import Book
from scenes.engine.input import Action
from scenes.past_games import PastGamesScene
from scenes.seating import SeatDevices
from scenes.servermania.board_scene import BoardScene
from scenes.servermania.results import ResultsScene
from scenes.servermania.seats import Seat
from scenes.settings import ROWS, SettingsScene
from scenes.title import TitleScene
from tests.scenes_servermania.helpers import READY, new_app, press, run_until, step

SEATS = [Seat("Ada", "pink", True), Seat("Bo", "blue", True), Seat("Cy", "yellow", False)]


def results(winners=(1,), devices=None) -> ResultsScene:
    return ResultsScene(SEATS, [10, 30, 20], list(winners), [[0, 0, 0], [10, 30, 20]],
                        [None, None, None], devices=devices)


def test_rematch_rotates_the_seats_so_the_winner_sits_last_with_their_pads():
    scene = results(devices=SeatDevices({0: "pad:0", 1: "pad:1"}))
    seats, devices = scene.rotated()
    assert [s.name for s in seats] == ["Cy", "Ada", "Bo"]
    assert devices.device_of(2) == "pad:1" and devices.device_of(1) == "pad:0"


def test_rematch_from_the_results_starts_the_rotated_game():
    app = new_app(results())
    step(app, READY)
    for _ in range(app.stack.top.choices.index("Rematch")):
        press(app, "right")
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, BoardScene), 200)
    assert [s.name for s in app.stack.top.seats] == ["Cy", "Ada", "Bo"]


def test_a_finished_game_counts_in_the_records_shown_on_its_results():
    book = Book(None)
    for _ in range(2):
        book.add("servermania", ["Ada", "Bo"], [True, True], [5, 1], [0])
    scene = BoardScene(SEATS, seed=3, pace=8)
    app = new_app(scene)
    app.records = book

    def each() -> None:
        if scene.roll_call is not None or scene.prompt is not None:
            app.stack.dispatch(Action("confirm", "keyboard", True))
            app.stack.dispatch(Action("confirm", "keyboard", False))
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 200_000, each=each)
    shown = app.stack.top
    ada = next(line for line in shown.records if line.startswith("Ada"))
    assert ada.endswith("in 3 games") and ("3rd win" in ada or "2 wins" in ada)
    assert not any(line.startswith("Cy") for line in shown.records)  # a computer
    assert 3 <= len(shown.awards) <= 5 and shown.replay_id is not None
    assert "Watch replay" in shown.choices


def test_settings_clear_records_asks_twice():
    app = new_app(SettingsScene())
    app.records = Book(None)
    app.records.add("startupfever", ["Ada", "Bo"], [True, True], [1, 2], [1])
    step(app, READY)
    settings = app.stack.top
    for _ in range(ROWS.index("Clear records")):
        press(app, "down")
    press(app, "confirm")
    assert app.records.of("startupfever")  # once: "Press again to clear"
    assert settings.menu.buttons[ROWS.index("Clear records")].value == "Press again to clear"
    press(app, "confirm")
    assert app.records.of("startupfever") == []


def test_the_title_opens_past_games_beside_settings():
    app = new_app(TitleScene())
    step(app, READY)
    title = app.stack.top
    labels = [e.label for e, _ in title.entries]
    past, settings = (title.menu.buttons[labels.index(n)].rect for n in ("Past games",
                                                                          "Settings"))
    assert past.y == settings.y and past.right < settings.x  # one row, side by side
    for _ in range(labels.index("Settings") - title.menu.selected):
        press(app, "down")
    press(app, "left")  # across the shared row
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, PastGamesScene), 120)
