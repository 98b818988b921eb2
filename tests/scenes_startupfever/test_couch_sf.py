"""Startup Fever couch play: autosave after each product turn, save and quit from the pause
menu, Continue on the title resumes the same state; the pause menu's Event Card list."""

from __future__ import annotations

from game.startupfever.cards import CARD_TYPES
from scenes.pause import PauseMenu
from scenes.startupfever.card_list import CardListScene
from scenes.startupfever.table_scene import TableScene
from scenes.title import TitleScene
from tests.scenes_startupfever.helpers import READY, computers, press, run_until, step, table


def choose(app, label: str) -> None:
    menu = app.stack.top.menu
    target = [b.label for b in menu.buttons].index(label)
    while menu.selected != target:
        press(app, "down")
    press(app, "confirm")
    step(app, 2)


def test_six_companies_autosave_save_and_quit_and_continue_the_same_game(monkeypatch):
    entered: list[str] = []  # the state each table starts from (computers then play on)
    enter = TableScene.enter

    def spy(self):
        if self.initial_state is not None:
            entered.append(self.initial_state.to_json())
        enter(self)
    monkeypatch.setattr(TableScene, "enter", spy)
    app, scene = table(computers(6))
    run_until(app, lambda: app.saves.latest() is not None and scene.state.year >= 1, 20_000)
    saved = app.saves.latest()
    assert saved.game == "startupfever" and saved.progress == f"year {saved.state.year}"
    press(app, "pause")
    step(app, 2)
    assert isinstance(app.stack.top, PauseMenu)
    expected = scene.state.to_json()
    choose(app, "Save and quit")
    choose(app, "Save and quit")
    run_until(app, lambda: isinstance(app.stack.top, TitleScene), 200)
    title = app.stack.top
    assert title.menu.buttons[0].label == "Continue" and title.menu.buttons[0].enabled
    assert title.saved.summary().startswith("Startup Fever · Ada, Linus, Grace, Alan")
    step(app, READY)
    title.menu.selected = 0
    press(app, "confirm")
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 200)
    resumed = app.stack.top
    assert resumed is not scene and entered == [expected]
    assert len(resumed.seats) == 6 and [s.name for s in resumed.seats] == \
        [s.name for s in scene.seats]


def test_the_pause_menu_lists_every_event_card():
    app, scene = table(computers(2))
    step(app, READY)
    press(app, "pause")
    step(app, 2)
    choose(app, "Card list")
    step(app, 30)
    cards = app.stack.top
    assert isinstance(cards, CardListScene)
    shown = [card.id for page in cards.pages for card, _ in page]
    assert shown == [c.id for c in CARD_TYPES]
    for _ in range(len(cards.pages) - 1):
        press(app, "right")
    assert cards.page == len(cards.pages) - 1
    press(app, "back")
    step(app, 30)
    assert isinstance(app.stack.top, PauseMenu)
