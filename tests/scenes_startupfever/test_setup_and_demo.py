"""The Startup Fever lobby (pad, keyboard or mouse: join, colour, logo, computers and
their level, shared seats, extra years), the title entry that opens it, and the demo
behind `main.py demo startupfever`."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from game.thinker import Thinker
from scenes.demo import DemoScene
from scenes.engine.input import CLICK, MOUSE, POINT, Action
from scenes.engine.paths import ROOT
from scenes.menu import resolve, title_menu
from scenes.startupfever.results import ResultsScene
from scenes.startupfever.seats import MAX_SEATS, Seat, default_seats
from scenes.startupfever.setup import NewGameScene
from scenes.startupfever.table_scene import TableScene
from scenes.startupfever.watch import DEMO_PACE
from scenes.table.look import shape_of
from scenes.title import TitleScene
from tests.scenes_servermania.test_thinking import SlowPlayer
from tests.scenes_startupfever.helpers import READY, new_app, press, run_until, step, table


def open_setup():
    scene = NewGameScene()
    app = new_app(scene)
    step(app, READY)
    return app, scene


def click(app, pos) -> None:
    app.stack.dispatch(Action(POINT, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, True, pos=pos))
    app.stack.dispatch(Action(CLICK, MOUSE, False, pos=pos))


def test_the_title_entry_is_lit_and_opens_the_lobby():
    assert resolve("scenes.startupfever.setup:NewGameScene") is NewGameScene
    app = new_app(TitleScene())
    step(app, READY)
    index = [e.label for e in title_menu()].index("Startup Fever")
    assert app.stack.top.menu.buttons[index].enabled
    for _ in range(index - app.stack.top.menu.selected):
        press(app, "down")
    press(app, "confirm")
    step(app, 40)
    assert isinstance(app.stack.top, NewGameScene)


@pytest.mark.parametrize("device", ["keyboard", "pad:2"])
def test_one_device_joins_picks_colour_logo_and_extra_years_and_starts(device):
    app, scene = open_setup()
    press(app, "confirm", device)  # join: seat 1; a computer fills seat 2
    assert [(s.device, s.human) for s in scene.seats()] == [(device, True), (None, False)]
    press(app, "down", device)  # colour row
    press(app, "right", device)
    press(app, "down", device)  # logo row
    press(app, "right", device)
    me = scene.seats()[0]
    assert me.colour == "yellow" and me.token != shape_of("yellow")  # blue: the computer's
    for name in ("down", "right", "right", "right", "confirm", "confirm"):
        press(app, name, device)  # footer: Computers, Level, Shared, Extra years 0 -> 2
    assert scene.options == {"extra_years": "2"}
    press(app, "pause", device)  # Start
    step(app, 40)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert [(s.name, s.colour, s.human, s.token) for s in table.seats] == \
        [(s.name, s.colour, s.human, s.token) for s in scene.seats()]
    assert table.state.extra_years == 2 and len(table.state.players) == 2
    assert table.devices.device_of(0) == device and table.devices.device_of(1) is None


def test_the_mouse_alone_joins_adds_a_shared_seat_sets_years_and_starts():
    app, scene = open_setup()
    click(app, scene.cards[1].center)  # join (card 0 is the computer's)
    click(app, scene.footer[scene.buttons.index("shared")].center)  # a shared seat
    assert [(s.human, s.device) for s in scene.seats()] == \
        [(True, "keyboard"), (True, None), (False, None)]
    click(app, scene.footer[scene.buttons.index("extra_years")].center)
    click(app, scene.footer[scene.buttons.index("start")].center)
    step(app, 40)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert [s.human for s in table.seats] == [True, True, False]
    assert table.state.extra_years == 1
    assert table.devices.device_of(0) == "keyboard" and table.devices.device_of(1) is None


def test_six_seats_at_most_with_distinct_names_colours_and_logos_by_default():
    app, scene = open_setup()
    for pad in range(MAX_SEATS + 1):  # the seventh finds the table full
        press(app, "confirm", f"pad:{pad}")
    seats = scene.seats()
    assert [s.device for s in seats] == [f"pad:{i}" for i in range(MAX_SEATS)]
    for what in ("name", "colour", "token"):
        assert len({getattr(s, what) for s in seats}) == MAX_SEATS, what


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_level_chosen_plays_the_computer_companies(level):
    app, scene = open_setup()
    press(app, "confirm", "keyboard")
    for name in ("down", "down", "down", "confirm"):  # footer: Computers 1 -> 2
        press(app, name, "keyboard")
    press(app, "right", "keyboard")  # Level: Easy -> Normal, or -> Normal -> Hard
    for _ in range(1 if level == "normal" else 2):
        press(app, "confirm", "keyboard")
    assert [s.level for s in scene.seats()[1:]] == [level, level]
    press(app, "pause", "keyboard")
    step(app, 40)
    table = app.stack.top
    assert [s.level for s in table.seats][1:] == [level, level]
    assert sorted(table.agents) == [1, 2]
    assert {agent.kind for agent in table.agents.values()} == {level}
    assert app.settings.levels["startupfever"] == level  # the next lobby starts there
    app.stack.replace(NewGameScene())
    step(app, READY)
    assert app.stack.top.level == level


def test_a_first_game_starts_with_easy_computers():
    app, scene = open_setup()
    assert "startupfever" not in app.settings.levels
    press(app, "confirm", "keyboard")
    assert scene.level == "easy"
    assert {s.level for s in scene.seats() if not s.human} == {"easy"}


def test_back_returns_to_the_title():
    app = new_app(TitleScene())
    step(app, READY)
    app.stack.push(NewGameScene())
    step(app, 40)
    press(app, "back")
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)


def test_seats_outside_two_to_six_are_refused():
    with pytest.raises(ValueError):
        default_seats(7)


def test_demo_plays_startupfever_to_the_results_within_20000_updates_and_loops():
    """`main.py demo startupfever --frames 20000` must reach the results: the demo's own
    pace, seeded; then the next game starts by itself."""
    scene = DemoScene(game="startupfever", seed=11)
    assert isinstance(scene, TableScene) and scene.demo and scene.pace == DEMO_PACE
    assert all(not s.human for s in scene.seats) and len(scene.seats) == 4
    app = new_app(scene)
    frames = run_until(app, lambda: isinstance(app.stack.top, ResultsScene), 20_000)
    assert frames < 20_000
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 3_000)


def test_demo_returns_to_the_title_on_confirm():
    app = new_app(DemoScene(game="startupfever", players=6, seed=1))
    step(app, 200)
    assert len(app.stack.top.seats) == 6
    press(app, "confirm", "pad:0")
    step(app, 40)
    assert isinstance(app.stack.top, TitleScene)


def test_main_runs_the_startupfever_demo_headless():
    """In its own process: main() ends with pygame.quit(), which would close the font
    caches every later test in this process shares."""
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "demo", "startupfever",
                           "--headless", "--frames", "120"], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


class SlowHard(SlowPlayer):
    """A Hard company whose search takes until the test opens the gate."""

    kind = "hard"


def test_a_hard_company_thinks_off_the_loop_and_shows_its_bubble():
    seats = [Seat("Ada", "pink", human=False, level="hard"),
             Seat("Linus", "blue", human=False, level="normal")]
    app = new_app(TableScene(seats, seed=3, pace=8.0))
    step(app, 2)
    scene = app.stack.top
    slow = SlowHard()
    scene.agents[0] = slow
    scene.thinker = Thinker(threaded=True)  # as in a window (headless answers at once)
    run_until(app, lambda: slow.asked > 0, 20_000)
    clock, before = scene.clock, scene.state.to_json()
    step(app, 120)  # two seconds of frames while Ada's search runs
    assert scene.clock > clock + 1.9 and scene.state.to_json() == before
    assert scene.thinking == 0 and not scene.thinker.idle
    slow.gate.set()
    run_until(app, lambda: scene.state.to_json() != before, 600)


@pytest.mark.parametrize("players, text", [(2, 1.0), (4, 1.0), (6, 1.0), (3, 1.5), (5, 1.5)])
def test_a_thinking_computer_bubbles_in_place_of_its_cpu_tag_never_over_the_table(
        players, text, monkeypatch):
    """The bubble sits in the company's own panel, after its bare name and before its VP
    (over "(CPU)"), at any text size: it once stood beside the panel, over user-track
    squares 30-31 or a product's vesting field 0."""
    from scenes.engine.theme import THEME

    app, scene = table(default_seats(players, humans=0))
    THEME.configure(text)
    step(app, 30)
    canvas = app.display.canvas

    def frame(thinking):
        scene.thinking = thinking
        app.render(1.0)
        return canvas.copy()

    calm, thinking = frame(None), frame(1)
    changed = [(x, y) for y in range(0, 720, 2) for x in range(0, 1280, 2)
               if calm.get_at((x, y)) != thinking.get_at((x, y))]
    assert len(changed) > 300  # a bubble was drawn
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    drawn = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    gap = scene.view.panels.name_gaps[1]
    assert scene.view.panel_rect(1).contains(drawn), (drawn, scene.view.panel_rect(1))
    assert gap.left - 1 <= drawn.left and drawn.right <= gap.right + 2  # name, VP clear


def test_two_people_at_one_screen_are_told_about_phones():
    from scenes.startupfever.setup import phones_hint

    app, scene = open_setup()
    press(app, "confirm", "keyboard")
    assert scene.hint() == ""  # one person: nothing to hide from anyone
    press(app, "confirm", "pad:0")
    assert "phones" in scene.hint()
    assert phones_hint(2, phones=True) == "" and phones_hint(3, phones=False)
